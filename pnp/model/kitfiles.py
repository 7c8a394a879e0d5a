"""YAML files a kit folder holds but its game.yaml does not list: a component forgotten is a warning.

Contract: `unlisted_yaml(kit_dir, components, display)` returns one warning per `.yaml` / `.yml`
file that lies beside game.yaml or beside a listed component (the folders that hold the kit's
components), is neither game.yaml nor listed in `components`, and is not hidden. Sub-folders that
hold no component (art, a rules model's code and data) are not searched. The warning names the
file and says how to list it; `pnp check --strict` makes warnings errors.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..core.discover import GAME_FILE
from ..core.errors import Problem, Ref

SUFFIXES = (".yaml", ".yml")


def unlisted_yaml(kit_dir: Path, components: list[str], display: Callable[[Path], str]) -> list[Problem]:
    name, kit_dir = kit_dir.name, kit_dir.resolve()
    listed = {(kit_dir / name).resolve() for name in components}
    folders = {kit_dir} | {path.parent for path in listed if kit_dir in path.parents}
    problems = []
    for folder in sorted(folders):
        for path in sorted(folder.iterdir()):
            if path.suffix.lower() in SUFFIXES and path.is_file() and not path.name.startswith(".") \
                    and path.resolve() not in listed and path != kit_dir / GAME_FILE:
                relative = path.relative_to(kit_dir).as_posix()
                problems.append(Problem(f"this YAML file is not listed in {GAME_FILE}'s `components` (add "
                                        f"`- {relative}` there, or move the file out of the kit folder)",
                                        f"kit {name!r}", Ref(display(path)), severity="warning"))
    return problems
