"""Finding kits in a project: the one place that knows a kit is a folder holding a game.yaml.

Contract: `all_kits(root)` lists the kit folders under `root/decks/`, sorted; `locate_kit(root,
name)` finds a kit given as a folder path, a path from the project root, or a name under decks/
(an absolute path, symbolic links not followed: the loader refuses a kit that leads out of the
project), or returns None; `find_kits(root, names)` answers the folders of `names` (every kit under decks/
when there is none), each once, and the names that are no kit. Standard library only: `pnp build`
uses it before deciding whether anything needs building at all.
"""
from __future__ import annotations

import os
from pathlib import Path

GAME_FILE = "game.yaml"


def all_kits(root: Path) -> list[Path]:
    decks = Path(root) / "decks"
    return sorted(p for p in decks.iterdir() if (p / GAME_FILE).is_file()) if decks.is_dir() else []


def locate_kit(root: Path, name: str) -> Path | None:
    for candidate in (Path(name), Path(root) / name, Path(root) / "decks" / name):
        if (candidate / GAME_FILE).is_file():
            return Path(os.path.normpath(candidate.absolute()))  # (links kept: the loader judges them)
    return None


def find_kits(root: Path, names: list[str]) -> tuple[list[Path], list[str]]:
    if not names:
        return all_kits(Path(root).resolve()), []
    dirs: list[Path] = []
    unknown: list[str] = []
    for name in names:
        found = locate_kit(root, name)
        if found is None:
            unknown.append(name)
        elif found not in dirs:
            dirs.append(found)
    return dirs, unknown
