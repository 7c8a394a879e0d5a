"""The cyclic garbage collector held off while pnp works through a kit (pnp.core.collector): off
inside, as it was afterwards, whichever way the block ends; a build collects nothing while it
draws, and leaves the collector as it found it."""
from __future__ import annotations

import gc
import weakref

import pytest
from conftest import Options, build_ok

from pnp.core import collector
from pnp.core.collector import held_off
from pnp.pipeline.kitrun import KitRun


def test_held_off_restores_the_collector_as_it_was():
    assert gc.isenabled()
    with held_off():
        assert not gc.isenabled()
        with held_off():  # (a resident build holds it off already: left off)
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(KeyError), held_off():
        raise KeyError("x")
    assert gc.isenabled()
    gc.disable()
    try:
        with held_off():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_build_runs_no_collection_and_leaves_the_collector_on(project, tmp_path):
    root = project("belote")
    collections: list[int] = []

    def counted(phase: str, info: dict) -> None:
        if phase == "start":
            collections.append(info["generation"])
    build_ok(root, ["belote"], Options(out=tmp_path / "warm"))  # (modules imported, caches filled)
    gc.collect()
    gc.callbacks.append(counted)
    try:
        reports = build_ok(root, ["belote"], Options(out=tmp_path / "out"))
    finally:
        gc.callbacks.remove(counted)
    assert reports and any(f.path.endswith(".pdf") for r in reports for f in r.files)
    assert gc.isenabled()
    assert len(collections) <= 1, collections  # (the catch-up once the kit's run is freed; before: dozens,
    # then one during the project's opening and the font book's too)


def test_a_one_shot_build_freezes_what_it_left_instead_of_collecting(project, tmp_path, monkeypatch):
    """`pnp build` as the process's own command (core.collector.one_shot): no collection at all,
    the run's leftovers frozen; the collector on again afterwards."""
    root = project("belote")
    build_ok(root, ["belote"], Options(out=tmp_path / "warm"))
    gc.collect()
    monkeypatch.setattr(collector, "_ONE_SHOT", [False])
    collector.one_shot()
    collections: list[int] = []

    def counted(phase: str, info: dict) -> None:
        if phase == "start":
            collections.append(info["generation"])
    frozen = gc.get_freeze_count()
    gc.callbacks.append(counted)
    try:
        build_ok(root, ["belote"], Options(out=tmp_path / "out"))
    finally:
        gc.callbacks.remove(counted)
    assert collections == []
    assert gc.isenabled() and gc.get_freeze_count() > frozen
    gc.unfreeze()


def test_settled_freezes_nothing_outside_a_one_shot_process(monkeypatch):
    monkeypatch.setattr(collector, "_ONE_SHOT", [False])
    frozen = gc.get_freeze_count()
    collector.settled()
    assert gc.get_freeze_count() == frozen


def test_what_a_kit_left_in_cycles_is_freed_before_the_next_kit_runs(project, tmp_path, monkeypatch):
    """A build holds the collector off from its opening to its end: between two kits, one collection
    frees the cycles the first one's run left."""
    root = project("belote", "dix-mille")
    left: list[weakref.ref] = []
    seen: list[bool] = []
    run = KitRun.run

    def run_leaving_a_cycle(self: KitRun):
        seen.append(bool(left) and left[-1]() is None)  # the last kit's cycle, freed by now?
        cycle: dict = {}
        cycle["self"] = cycle
        holder = _Held(cycle)
        left.append(weakref.ref(holder))
        del cycle, holder
        return run(self)
    monkeypatch.setattr(KitRun, "run", run_leaving_a_cycle)
    build_ok(root, [], Options(out=tmp_path / "out"))
    assert seen == [False, True]


class _Held:
    def __init__(self, cycle: dict):
        self.cycle = cycle
        cycle["holder"] = self


def test_only_a_build_run_as_the_process_command_is_one_shot(project, monkeypatch):
    from click.testing import CliRunner

    import pnp.cli

    root = project("belote")
    for own, command, expected in ((True, "check", False), (False, "build", False), (True, "build", True)):
        monkeypatch.setattr(collector, "_ONE_SHOT", [False])
        monkeypatch.setattr(pnp.cli, "_OWN", [own])
        args = ["--project", str(root), command, "belote"] + (["--out", str(root / "out")] if command == "build" else [])
        result = CliRunner().invoke(pnp.cli.main, args)
        assert result.exit_code == 0, result.output
        assert collector._ONE_SHOT[0] is expected, (own, command)
    gc.unfreeze()


def test_a_caller_holding_the_collector_off_gets_no_collection_between_kits(project, tmp_path):
    """A resident holds the collector off for its whole build (pnp.resident): its kits are not
    collected between either."""
    root = project("belote", "dix-mille")
    build_ok(root, [], Options(out=tmp_path / "warm"))
    collections: list[int] = []

    def counted(phase: str, info: dict) -> None:
        if phase == "start":
            collections.append(info["generation"])
    gc.disable()
    gc.callbacks.append(counted)
    try:
        build_ok(root, [], Options(out=tmp_path / "out"))
    finally:
        gc.callbacks.remove(counted)
        gc.enable()
    assert collections == []
