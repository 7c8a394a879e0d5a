"""Broken kits kept as case files, each with the exact messages it must give (black's habit).

A case `tests/data/invalid/NAME.yaml` starts with a comment saying what it shows, then holds the
files it changes in a small base project (`_base/`: a kit `case` of four cards, a front and a back
layout sharing a parent), each after a line `=== path`; `NAME.expected.txt` holds the messages of
`pnp check`, one a line, in order. A message change is a visible diff of a text file.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.build import check
from pnp.core.options import Options

from conftest import ROOT

CASES = Path(__file__).parent / "data" / "invalid"


def case_names() -> list[str]:
    return sorted(p.stem for p in CASES.glob("*.yaml"))


def make_case(tmp: Path, name: str) -> Path:
    """The base project with the case's files written over it, verbatim (so lines match)."""
    root = tmp / name
    shutil.copytree(CASES / "_base", root)
    for part in ("fonts", "icons"):
        shutil.copytree(ROOT / part, root / part)  # (a link out of the project would be refused)
    for path, text in parts((CASES / f"{name}.yaml").read_text(encoding="utf-8")):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    return root


def parts(text: str) -> list[tuple[str, str]]:
    """(path, text) of each `=== path` section of a case file."""
    found: list[tuple[str, list[str]]] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("=== "):
            found.append((line[4:].strip(), []))
        elif found:
            found[-1][1].append(line)
    return [(path, "".join(lines)) for path, lines in found]


def messages(root: Path, strict: bool = False) -> list[str]:
    return [p.render() for r in check(root, [], Options(strict=strict)) for p in r.problems]


def test_the_base_project_is_clean(tmp_path):
    root = tmp_path / "base"
    shutil.copytree(CASES / "_base", root)
    for part in ("fonts", "icons"):
        shutil.copytree(ROOT / part, root / part)  # (a link out of the project would be refused)
    assert messages(root) == []


@pytest.mark.parametrize("name", case_names())
def test_case_gives_its_expected_messages(tmp_path, name):
    root = make_case(tmp_path, name)
    expected = (CASES / f"{name}.expected.txt").read_text(encoding="utf-8").splitlines()
    assert messages(root) == expected


@pytest.mark.parametrize("name", case_names())
def test_strict_turns_every_warning_into_an_error(tmp_path, name):
    found = messages(make_case(tmp_path, name), strict=True)
    assert found and not any(m.startswith("warning: ") for m in found)
