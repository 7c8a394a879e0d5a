"""Finding kits in a project: the one place that knows a kit is a folder holding a game.yaml.

Contract: `find_project(start)` is the project a command run in `start` works on: the nearest of
`start` and its parents holding `decks/` or `layouts/` (`is_project`), else `start` itself. `all_kits(root)` lists
the kit folders under `root/decks/`, sorted; `kit_candidates(root, name)` are the folders a kit
named `name` is looked for in, in order: as a path from the current folder, from the project root,
then as a name under the project's decks/ (absolute paths, symbolic links not followed: the loader
refuses a kit that leads out of the project); `locate_kit(root, name)` is the first of them that
holds a game.yaml and lies inside the project, else the first outside it, else None;
`find_kits(root, names)` answers the folders of `names` (every kit under decks/ when there is none),
each once, and the names that are no kit. `project_for(root, names)` is the project a command without
--project works on: the nearest project of the kits named by a path from the current folder when
they all share one (`pnp build ~/proto/decks/jeu`, run from anywhere, even from inside another
project), else `root` (found from the current folder). `relative_posix(path, root)` is
`path.relative_to(root).as_posix()`, or None where that raises: the same lexical comparison, made on
the paths' texts (pathlib's builds each parent of `path` and compares them: ~10 µs a call, many a
build). `NO_KITS` is what a command says of a project without kits. Standard library only: `pnp
build` uses it before deciding whether anything needs building at all.
"""
from __future__ import annotations

import os
from pathlib import Path, PurePath, PurePosixPath

GAME_FILE = "game.yaml"
PROJECT_MARKERS = ("decks", "layouts")  # the folders that make a folder a project
NO_KITS = "no kit found under decks/ (a kit is a folder with a game.yaml; `pnp new my-game` makes a starter)"


def find_project(start: Path) -> Path:
    """The nearest of `start` and its parents holding decks/ or layouts/, else `start`."""
    start = _absolute(start)
    for folder in (start, *start.parents):
        if is_project(folder):
            return folder
    return start


def is_project(folder: Path) -> bool:
    """Whether `folder` holds decks/ or layouts/ (what `find_project` looks for)."""
    return any((folder / marker).is_dir() for marker in PROJECT_MARKERS)


def all_kits(root: Path) -> list[Path]:
    decks = Path(root) / "decks"
    return sorted(p for p in decks.iterdir() if (p / GAME_FILE).is_file()) if decks.is_dir() else []


def kit_candidates(root: Path, name: str) -> list[Path]:
    """Where kit `name` is looked for, in order, each folder once."""
    found: list[Path] = []
    for candidate in (name, os.path.join(root, name), os.path.join(root, "decks", name)):
        absolute = _absolute(candidate)
        if absolute not in found:
            found.append(absolute)
    return found


def locate_kit(root: Path, name: str) -> Path | None:
    """The first candidate holding a game.yaml inside the project, else the first outside it (which
    the loader refuses, naming it)."""
    found = [c for c in kit_candidates(root, name) if os.path.isfile(os.path.join(c, GAME_FILE))]
    inside = [c for c in found if _inside(c, Path(root))]
    return (inside or found)[0] if found else None


def _inside(path: Path, root: Path) -> bool:
    return relative_posix(path, _absolute(root)) is not None \
        or relative_posix(path.resolve(), root.resolve()) is not None


def relative_posix(path: PurePath, root: PurePath) -> str | None:
    """`path.relative_to(root).as_posix()` (`.` for `root` itself), None where that raises ValueError
    (see the contract). On POSIX a path's text is its parts joined by `/` (pathlib writes no `.`, no
    empty part, no trailing `/`), so `path` lies below `root` when its text is `root`'s and a `/`
    more; what that does not cover (another system, `.`, a path starting `//`) is left to pathlib."""
    text, base = str(path), str(root)
    if not (isinstance(path, PurePosixPath) and isinstance(root, PurePosixPath)) or base == "." \
            or text.startswith("//") or base.startswith("//"):
        try:
            return path.relative_to(root).as_posix()
        except ValueError:
            return None
    if text == base:
        return "."
    prefix = base if base.endswith("/") else base + "/"
    return text[len(prefix):] if text.startswith(prefix) else None


def _absolute(path: str | os.PathLike[str]) -> Path:
    """`path` from the current folder, `..` and `.` resolved by name (links kept: the loader judges them)."""
    return Path(os.path.abspath(path))  # (Path.absolute() and normpath, made on the text)


def project_for(root: Path, names: list[str]) -> Path:
    """The project of the kits `names` named by their paths (see the module docstring)."""
    found = {find_project(_absolute(Path(name)).parent) for name in names if (Path(name) / GAME_FILE).is_file()}
    return found.pop() if len(found) == 1 else root


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
