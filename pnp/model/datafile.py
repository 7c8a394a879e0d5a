"""A deck's data file: the spreadsheet (CSV or XLSX) that holds its cards as rows, inside the kit folder.

Contract: `DataFile` is the deck's `data:` key written out (`file`, `sheet` for XLSX, `delimiter`
for CSV); `data: cartes.csv` is short for `{file: cartes.csv}`. `read_deck_data(spec, ref, kit_dir,
display, locators, limit)` resolves the file from the kit folder, refuses a path that leaves the
kit folder (symlinks resolved) or names no file, or a kind pnp does not read (`.csv`, `.xlsx`), and
reads it with pnp.sources.tables into a `Table` (registering the file's locator, so problems at its
cells render `cartes.csv:12:3` or `cartes.xlsx!Feuil1!C4`); or returns the problems. The rows become
card entries in pnp.model.entries.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Literal

from ..core.errors import Problem, Ref, suggest
from ..sources import LocatorRegistry
from .validate import StrictModel

if TYPE_CHECKING:  # pragma: no cover
    from ..sources.tables import Table

KINDS = (".csv", ".xlsx")


class DataFile(StrictModel):
    file: str
    sheet: str | None = None
    delimiter: Literal[",", ";", "\t", "|"] | None = None


def read_deck_data(data: str | DataFile, ref: Ref, kit_dir: Path, display: Callable[[Path], str],
                   locators: LocatorRegistry, limit: int) -> tuple[Table | None, list[Problem]]:
    """`ref` is the deck's `data` key."""
    from ..sources.tables import read_table  # (only a deck with a data file needs the readers)

    spec = DataFile(file=data) if isinstance(data, str) else data
    file_ref = ref if isinstance(data, str) else ref.child("file")
    path, problem = _inside(kit_dir, spec.file, file_ref)
    if path is None:
        return None, [problem] if problem else []
    shown = display(path)
    table, locator, problems = read_table(path, shown, spec.sheet, spec.delimiter, ref.child("sheet"), limit)
    if locator is not None:
        locators.add(locator)
    return table, problems


def _inside(kit_dir: Path, name: str, ref: Ref) -> tuple[Path | None, Problem | None]:
    path = (kit_dir / name).resolve()
    if kit_dir.resolve() not in path.parents:
        return None, Problem(f"the data file {name!r} lies outside the kit folder", "deck.data", ref)
    if path.suffix.lower() not in KINDS:
        return None, Problem("a data file is a .csv or .xlsx file (save a spreadsheet in one of those formats)",
                             "deck.data", ref, got=name)
    if not path.is_file():
        files = sorted(p.name for p in kit_dir.iterdir() if p.suffix.lower() in KINDS)
        return None, Problem(f"no file {name!r} in the kit folder", "deck.data", ref, suggestion=suggest(name, files))
    return path, None
