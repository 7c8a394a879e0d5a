"""Dataclass methods from shipped bytecode (pnp/core/dataclass_exec.py, its table and its generator).

A text of the table gives the function compiling it gives (the same code objects, placed in the
table's file: its lines shifted, a traceback showing the method's line), without calling the builtin exec; any other text goes to the builtin; the running Python's table
holds every dataclass text of pnp's modules (CI runs 3.12: its table must be fresh).
"""
from __future__ import annotations

import dataclasses
import os
import subprocess
from collections import UserDict
import sys
import traceback
import types
from typing import Any, Iterator

import pytest

import pnp  # noqa: F401  (installs the hook)
from conftest import ROOT
from pnp.core import blocks, dataclass_exec, dataclass_texts

supported = pytest.mark.skipif(sys.version_info[:2] not in dataclass_exec.SUPPORTED,
                               reason="dataclasses of this Python are not hooked")


def codes(code: types.CodeType) -> Iterator[types.CodeType]:
    yield code
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from codes(const)


def compiled(text: str) -> types.CodeType:
    """The `__create_fn__` code object that exec(text) would define."""
    module = compile(text, "<string>", "exec", dont_inherit=True)  # (as dataclasses, without this file's __future__)
    return next(c for c in module.co_consts if isinstance(c, types.CodeType))


def assert_same_code(got: types.CodeType, want: types.CodeType, filename: str) -> None:
    """`got` is `want` (compiled from the text as `<string>`) but for its place: `filename`, lines shifted."""
    shift = got.co_firstlineno - want.co_firstlineno
    for a, b in zip(codes(got), codes(want), strict=True):
        assert (a.co_filename, b.co_filename) == (filename, "<string>")
        assert (a.co_name, a.co_qualname, a.co_firstlineno - shift) == (b.co_name, b.co_qualname, b.co_firstlineno)
        assert (a.co_code, a.co_linetable, a.co_exceptiontable) == (b.co_code, b.co_linetable, b.co_exceptiontable)
        assert (a.co_names, a.co_varnames, a.co_freevars, a.co_cellvars) == (b.co_names, b.co_varnames, b.co_freevars, b.co_cellvars)
        assert [c for c in a.co_consts if type(c) is not types.CodeType] == [c for c in b.co_consts if type(c) is not types.CodeType]
        moved = [tuple(n + shift if n is not None and i < 2 else n for i, n in enumerate(p)) for p in b.co_positions()]
        assert list(a.co_positions()) == moved


class Calls:
    """A stand-in for the builtin exec that counts its calls (and still runs them)."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def __call__(self, source: Any, globals: Any = None, locals: Any = None, /, **kwargs: Any) -> None:
        self.texts.append(source)
        exec(source, globals, locals, **kwargs)


def table_of(*classes: type) -> dict[str, types.FunctionType]:
    """A table made by the generator's own `render` from the texts that defining `classes` executes."""
    texts: dict[str, str] = {}
    real = dataclasses.exec  # type: ignore[attr-defined]

    def recorder(source: str, globals: dict, locals: dict) -> None:
        texts.setdefault(source, "tests")
        exec(source, globals, locals)

    dataclasses.exec = recorder  # type: ignore[attr-defined]
    try:
        for cls in classes:
            dataclasses.dataclass(frozen=True)(type(cls.__name__, (), {"__annotations__": cls.__annotations__}))
    finally:
        dataclasses.exec = real  # type: ignore[attr-defined]
    namespace: dict[str, Any] = {}
    exec(compile(dataclass_texts.render(texts), "table.py", "exec", dont_inherit=True), namespace)
    return namespace["TABLE"]


class Point:
    __annotations__ = {"x": int, "y": "str"}


@supported
def test_the_hook_is_installed_by_importing_pnp():
    assert dataclasses.exec is dataclass_exec.exec_text  # type: ignore[attr-defined]


@supported
def test_every_text_of_the_table_gives_the_code_compiling_it_gives():
    table = dataclass_exec.shipped()
    assert table, f"no {dataclass_exec.TABLE_MODULE}"
    for text, function in table.items():
        assert_same_code(function.__code__, compiled(text), function.__globals__["__file__"])


@supported
def test_a_text_of_the_table_defines_its_methods_without_compiling(monkeypatch):
    calls = Calls()
    monkeypatch.setattr(dataclass_exec, "_real_exec", calls)
    monkeypatch.setattr(dataclass_exec, "_table", table_of(Point))
    made = dataclasses.dataclass(frozen=True)(type("Point", (), {"__annotations__": Point.__annotations__}))
    assert calls.texts == []
    point = made(1, "a")
    assert (point.x, point.y, point == made(1, "a"), repr(point)) == (1, "a", True, "Point(x=1, y='a')")
    assert made.__init__.__qualname__ == "Point.__init__" and made.__init__.__code__.co_filename == "table.py"
    with pytest.raises(dataclasses.FrozenInstanceError) as frozen:
        point.x = 2
    assert traceback.extract_tb(frozen.tb)[-1].filename == "table.py"


@supported
def test_a_hit_gives_the_globals_builtins_as_exec_does(monkeypatch):
    table = table_of(Point)
    text = next(iter(table))
    monkeypatch.setattr(dataclass_exec, "_table", table)
    ours: dict[str, Any] = {"__name__": "elsewhere"}
    theirs: dict[str, Any] = {"__name__": "elsewhere"}
    ns: dict[str, Any] = {}
    dataclass_exec.exec_text(text, ours, ns)
    exec(compile(text, "<string>", "exec", dont_inherit=True), theirs, {})
    assert ours.keys() == theirs.keys() and ours["__builtins__"] is theirs["__builtins__"]
    assert_same_code(ns["__create_fn__"].__code__, compiled(text), "table.py")
    assert ns["__create_fn__"].__module__ == "elsewhere" and ns["__create_fn__"].__globals__ is ours


@supported
def test_a_text_not_in_the_table_is_compiled_by_the_builtin(monkeypatch):
    calls = Calls()
    monkeypatch.setattr(dataclass_exec, "_real_exec", calls)
    made = dataclasses.make_dataclass("NotInPnp", [("never_a_pnp_field_name", int)])
    assert len(calls.texts) >= 1 and "never_a_pnp_field_name" in calls.texts[0]
    assert made(3).never_a_pnp_field_name == 3


@supported
def test_other_calls_go_to_the_builtin_unchanged(monkeypatch):
    calls = Calls()
    monkeypatch.setattr(dataclass_exec, "_real_exec", calls)
    text = next(iter(dataclass_exec.shipped()))
    monkeypatch.setattr(dataclass_exec, "_table", dataclass_exec.shipped())
    dataclass_exec.exec_text(text, {}, UserDict())  # (a namespace that is not a dict)
    dataclass_exec.exec_text("x = 1", {})
    assert calls.texts == [text, "x = 1"]


def test_a_pnp_frozen_dataclass_raises_from_string_without_the_table():
    heading = blocks.Heading(1, "Title", "title", 3)
    with pytest.raises(dataclasses.FrozenInstanceError) as frozen:
        heading.level = 2  # type: ignore[misc]
    assert traceback.extract_tb(frozen.tb)[-1].filename == type(heading).__setattr__.__code__.co_filename


@supported
def test_a_traceback_through_a_pnp_dataclass_shows_the_tables_line(tmp_path):
    code = ("import dataclasses, traceback, pnp.core.blocks as b\n"
            "try:\n    b.Heading(1, 'Title', 'title', 3).level = 2\n"
            "except dataclasses.FrozenInstanceError as e:\n"
            "    frame = traceback.extract_tb(e.__traceback__)[-1]\n    print(frame.filename, frame.name, frame.line)")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # (the table needs its .pyc)
    env["PYTHONPYCACHEPREFIX"] = str(tmp_path)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, env=env)
    filename, name, line = done.stdout.strip().split(" ", 2)
    assert os.path.basename(filename) == f"{dataclass_exec.MORE_MODULE.rsplit('.', 1)[-1]}.py" and name == "__setattr__"
    assert line.startswith("raise FrozenInstanceError(")


def test_a_missing_text_is_reported_with_its_module():
    lacking = {"def __create_fn__():\n def __init__(self):\n  pass\n return __init__": "pnp.nowhere"}
    assert dataclass_texts.missing(lacking) == lacking


@supported
def test_the_table_of_this_python_holds_every_dataclass_of_pnp():
    done = subprocess.run([sys.executable, "-m", "pnp.core.dataclass_texts", "--check"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, (done.stderr + "\nregenerate: python -m pnp.core.dataclass_texts --write "
                                  "(bench/findings/startup.md)")


@supported
def test_without_cached_bytecode_nor_the_right_to_write_it_the_table_is_not_compiled(monkeypatch, tmp_path):
    monkeypatch.setattr(dataclass_exec, "_table", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    monkeypatch.setattr(dataclass_exec.importlib.util, "cache_from_source", lambda source: str(tmp_path / "no.pyc"))
    assert dataclass_exec.table() == {}
    monkeypatch.setattr(dataclass_exec, "_table", None)
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    assert len(dataclass_exec.table()) > 50


@supported
def test_a_pnp_text_the_builds_table_lacks_comes_from_the_other_table(monkeypatch):
    calls = Calls()
    monkeypatch.setattr(dataclass_exec, "_real_exec", calls)
    monkeypatch.setattr(dataclass_exec, "_table", {})
    monkeypatch.setattr(dataclass_exec, "_more", table_of(Point))
    text = next(iter(dataclass_exec.more()))
    ns: dict[str, Any] = {}
    dataclass_exec.exec_text(text, {"__name__": "pnp.somewhere"}, ns)
    assert calls.texts == [] and ns["__create_fn__"].__module__ == "pnp.somewhere"
    dataclass_exec.exec_text(text, {"__name__": "elsewhere"}, {})  # (another library's: not looked up there)
    assert calls.texts == [text]


def test_a_builds_text_in_the_other_table_is_reported():
    text = next(iter(dataclass_exec.shipped_of(dataclass_exec.MORE_MODULE)), None)
    if text is None:
        pytest.skip(f"no {dataclass_exec.MORE_MODULE}")
    assert dataclass_texts.missing({text: "pnp.a_build_module"}) == {}
    assert dataclass_texts.missing({text: "pnp.a_build_module"}, {"pnp.a_build_module"}) == {text: "pnp.a_build_module"}


@supported
def test_the_imports_of_pnp_build_load_only_the_builds_table(tmp_path):
    code = ("import sys, pnp.cli, pnp.cli.build, pnp.incremental, pnp.build\n"
            "print(sorted(m for m in sys.modules if 'dataclass_code' in m))")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # (CI sets it: no table then)
    env["PYTHONPYCACHEPREFIX"] = str(tmp_path)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True, env=env)
    assert done.stdout.split() == [f"['{dataclass_exec.TABLE_MODULE}']"]
