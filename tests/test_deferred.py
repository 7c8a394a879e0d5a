"""pnp.core.deferred: a deferred module runs its code at its first read, once; imported or missing
modules are left alone."""
from __future__ import annotations

import sys

import pytest

from pnp.core.deferred import defer_import, load


@pytest.fixture
def probe(tmp_path, monkeypatch):
    """A package `deferprobe` whose submodule `mod` notes each run of its code in `deferprobe.runs`."""
    package = tmp_path / "deferprobe"
    package.mkdir()
    (package / "__init__.py").write_text("runs = []\n", encoding="utf-8")
    (package / "mod.py").write_text("import deferprobe\ndeferprobe.runs.append(1)\nVALUE = 42\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield "deferprobe.mod"
    for name in ("deferprobe.mod", "deferprobe"):
        sys.modules.pop(name, None)


def test_a_deferred_module_runs_at_its_first_read_once(probe):
    defer_import(probe)
    from deferprobe import mod  # (an import of it: its code does not run)

    import deferprobe

    assert deferprobe.runs == [] and deferprobe.mod is mod
    assert mod.VALUE == 42 and mod.VALUE == 42
    assert deferprobe.runs == [1]


def test_load_runs_a_deferred_module_now(probe):
    defer_import(probe)
    load(probe)
    import deferprobe

    assert deferprobe.runs == [1]
    load(probe)
    assert deferprobe.runs == [1]


def test_an_imported_or_missing_module_is_left_alone(probe):
    import deferprobe.mod

    defer_import(probe)
    assert sys.modules[probe] is deferprobe.mod and deferprobe.runs == [1]
    defer_import("deferprobe.nothing_here")
    defer_import("no_such_package_here.mod")
    assert "deferprobe.nothing_here" not in sys.modules and "no_such_package_here.mod" not in sys.modules


def test_a_plain_import_statement_does_not_run_it(probe):
    """`import M` reads the module's `__spec__` (before 3.12 LazyLoader ran the code there): not here."""
    defer_import(probe)
    import deferprobe.mod  # noqa: F401

    assert deferprobe.runs == [] and type(sys.modules[probe]).__name__ == "Deferred"
    assert sys.modules[probe].__name__ == probe and sys.modules[probe].__spec__.name == probe
    assert deferprobe.runs == []
    assert "VALUE" in dir(sys.modules[probe]) and deferprobe.runs == [1]
    assert type(sys.modules[probe]) is type(sys)


def test_a_set_runs_it_first_so_its_code_does_not_overwrite_the_value(probe):
    defer_import(probe)
    import deferprobe.mod

    deferprobe.mod.VALUE = 7
    assert deferprobe.runs == [1] and deferprobe.mod.VALUE == 7


def test_threads_reading_it_at_once_run_its_code_once_and_all_see_it_whole(probe, tmp_path):
    (tmp_path / "deferprobe" / "slow.py").write_text(
        "import time\nimport deferprobe\ndeferprobe.runs.append(2)\ntime.sleep(0.05)\nVALUE = 42\n", encoding="utf-8")
    import threading

    try:
        defer_import("deferprobe.slow")
        import deferprobe.slow

        seen: list[int] = []
        threads = [threading.Thread(target=lambda: seen.append(deferprobe.slow.VALUE)) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert seen == [42] * 4 and deferprobe.runs == [2]
    finally:
        sys.modules.pop("deferprobe.slow", None)
