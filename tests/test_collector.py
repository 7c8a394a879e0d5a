"""The cyclic garbage collector held off while pnp works through a kit (pnp.core.collector): off
inside, as it was afterwards, whichever way the block ends; a build collects nothing while it
draws, and leaves the collector as it found it."""
from __future__ import annotations

import gc

import pytest
from conftest import Options, build_ok

from pnp.core.collector import held_off


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
    assert len(collections) <= 2, collections  # (the catch-up once the kit's run is freed; before: dozens)
