"""Shared fixtures: a throw-away copy of the project, builds read back, kit-breaking helpers."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from pnp.build import build, check
from pnp.runner import Options

ROOT = Path(__file__).resolve().parents[1]
PROJECT_PARTS = ("layouts", "fonts", "icons")


def make_project(tmp: Path, kits: tuple[str, ...]) -> Path:
    """A copy of the project with only `kits` under decks/ (fonts and icons are symlinked)."""
    tmp.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "layouts", tmp / "layouts")
    for part in ("fonts", "icons"):
        (tmp / part).symlink_to(ROOT / part, target_is_directory=True)
    for kit in kits:
        shutil.copytree(ROOT / "decks" / kit, tmp / "decks" / kit)
    return tmp


@pytest.fixture
def project(tmp_path: Path):
    """Factory: `project("similis")` gives a fresh project root holding that kit."""
    def factory(*kits: str) -> Path:
        return make_project(tmp_path / "project", kits)
    return factory


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


@pytest.fixture(scope="session")
def similis_build(tmp_path_factory) -> dict:
    """Similis and Réglisse built once for the session: {'root', 'out', 'reports'}."""
    base = tmp_path_factory.mktemp("similis-build")
    root = make_project(base / "project", ("similis", "similis-reglisse"))
    out = base / "out"
    reports = build(root, [], Options(out=out))
    assert not [p for r in reports for p in r.errors], [p.render() for r in reports for p in r.errors]
    return {"root": root, "out": out, "reports": reports}


__all__ = ["make_project", "edit", "build", "check", "Options", "ROOT"]
