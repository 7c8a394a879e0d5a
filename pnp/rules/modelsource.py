"""A kit's rules-model files as read: confined to the kit folder, each read noted as an input.

Contract: `read_source(root, path, ref)` returns `(ModelSource or None, problems)` for a model
PATH relative to the kit folder `root`: a `.py` file or a folder holding `__init__.py`, which, and
every file and folder under it, must resolve (symlinks followed) inside the kit folder, else a
problem at the `model` line (`ref`) with the closest candidate. Every `.py` file is read once
through `pnp.sources.files.read_input` (noted as an input of the run). `ModelSource.name()` is the
module name of that version of the files (`_pnp_kit_model_<digest>`). `model_files(kit)` gives the
kit folder, the entry and the files as read, for `pnp trust` and for `shipped.json`. Nothing here
imports or runs the model: `pnp.rules.loader` does, once `pnp.rules.trust` trusts these files.
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from ..core.errors import Problem, Ref, suggest
from ..sources.files import read_input

if TYPE_CHECKING:  # pragma: no cover
    from ..model.kit import Kit

PREFIX = "_pnp_kit_model_"
WHERE = "rules.model"

@dataclass(frozen=True)
class ModelSource:
    """A model's files as read: the kit folder, the entry (file or package folder), the text of
    every `.py` file by path, and the kit folder as reports show it."""

    root: Path
    entry: Path
    texts: dict[Path, bytes]
    shown: PurePosixPath

    @property
    def package(self) -> bool:
        return self.entry.is_dir()

    def show(self, path: Path) -> str:
        return (self.shown / path.relative_to(self.root).as_posix()).as_posix()

    def name(self) -> str:
        digest = hashlib.sha256(f"{self.root}|{self.shown}|{self.entry}".encode())
        for path, text in sorted(self.texts.items()):
            digest.update(f"\0{path}\0".encode() + text)
        return PREFIX + digest.hexdigest()[:20]

def model_files(kit: "Kit") -> tuple[Path, Path, dict[Path, bytes]] | None:
    """The kit folder, the model's entry and its files as read (None: no model, or not a model
    inside the kit, which `load_model` reports)."""
    if kit.game.rules is None:
        return None
    source, _ = read_source(Path(kit.root).resolve(), kit.game.rules.model, kit.game_ref.child("rules", "model"))
    return (source.root, source.entry, source.texts) if source is not None else None


def read_source(root: Path, path: str, ref: Ref) -> tuple[ModelSource | None, list[Problem]]:
    """The model's files as read, or the problem that PATH is no model inside the kit."""
    shown = PurePosixPath(ref.file).parent
    entry = (root / path).resolve()
    wrong = _entry_problem(root, entry, path)
    files, outside = _files(entry, root) if wrong is None else ([], None)
    if outside is not None:
        wrong = (f"{outside.relative_to(entry.parent).as_posix()} leads outside the kit folder (every file of a "
                 f"rules model lives inside the kit)")
    if wrong is not None:
        hint = _candidate(root, path) if not entry.exists() else None
        return None, [Problem(wrong, WHERE, ref, got=path, suggestion=hint)]
    texts = {}
    for file in files:
        texts[file] = read_input(file)  # (noted as read, with the digest of these bytes)
    return ModelSource(root, entry, texts, shown), []


def _entry_problem(root: Path, entry: Path, path: str) -> str | None:
    if entry == root:
        return "the rules model names the kit folder itself: name a Python file (rules.py) or a package folder"
    if not entry.is_relative_to(root):
        return f"the rules model {path!r} leaves the kit folder (a kit's model lives inside the kit)"
    if not entry.exists():
        return (f"no file or folder {path!r} in the kit (a rules model is a Python file such as rules.py, "
                f"or a folder with an __init__.py)")
    if entry.is_dir():
        return None if (entry / "__init__.py").is_file() else f"the folder {path!r} has no __init__.py"
    return None if entry.suffix == ".py" else f"a rules model is a .py file or a package folder, not {path!r}"


def _candidate(root: Path, path: str) -> str | None:
    """The kit's closest Python file or package folder to `path`."""
    names = [p.name for p in root.iterdir() if p.suffix == ".py" or (p / "__init__.py").is_file()] \
        if root.is_dir() else []
    return suggest(path.rstrip("/"), names)


def _files(entry: Path, root: Path) -> tuple[list[Path], Path | None]:
    """The `.py` files of a model (the entry file, or every one under a package folder, sorted), and
    the first file or folder under it that a symlink leads out of `root`, else None."""
    if not entry.is_dir():
        return [entry], None
    files: list[Path] = []
    seen: set[Path] = set()
    for folder, dirs, names in os.walk(entry, followlinks=True):
        seen.add(Path(folder).resolve())
        linked = next((Path(folder, n) for n in dirs + names if not Path(folder, n).resolve().is_relative_to(root)),
                      None)
        if linked is not None:
            return files, linked
        dirs[:] = sorted(d for d in dirs if Path(folder, d).resolve() not in seen and d != "__pycache__")
        files += [Path(folder, n) for n in sorted(names) if n.endswith(".py")]
    return files, None
