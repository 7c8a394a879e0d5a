"""Data files of card rows (CSV, XLSX) read into a table whose every cell keeps where it came from.

Contract: `read_table(path, display, sheet, delimiter, sheet_ref, limit)` returns `(Table or None,
locator or None, problems)`. The first row that holds a value is the header; the rows after it that
hold any value are the table's rows (blank rows are skipped), at most `limit` of them. A cell's
value is None when it is empty (surrounding spaces are dropped), a `CellText` for text (CSV cells are
all text: the deck converts them per field type), or what the spreadsheet holds: a number, a boolean,
a date as ISO text, a formula's computed value; a cell that could not be read (an error, a formula
without its value) is None, its problem reported, and named in `Table.unread`. A `Ref` to a cell is `(display, (row, column))`, in
the file's own 0-based rows and columns; the locator (registered by the caller) renders it
`cartes.csv:12:3` or `cartes.xlsx!Feuil1!C4`. CSV text is UTF-8, with or without a byte-order mark;
its delimiter is `delimiter` or sniffed (`,` or `;`). XLSX needs openpyxl (`pip install openpyxl`):
see `xlsxread`. Every file is read through `pnp.sources.files` (an input of the run; a file that
cannot be read is one problem).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ..core.errors import Problem, Ref
from .files import InputError, read_input
from .csvread import parse_csv, sniff
from .locator import CsvLocator, SheetLocator

Locator = CsvLocator | SheetLocator


class CellText(str):
    """Text of a spreadsheet cell, where numbers and booleans are written as text too."""

    __slots__ = ()


@dataclass(frozen=True)
class Table:
    display: str
    header: list[str | None]
    header_row: int
    rows: list[tuple[int, list[object]]]  # (row number in the file, cell values)
    unread: frozenset[tuple[int, int]] = frozenset()  # cells whose reading was a problem (reported)

    def ref(self, row: int, col: int | None = None) -> Ref:
        return Ref(self.display, (row,) if col is None else (row, col))


def read_table(path: Path, display: str, sheet: str | None, delimiter: str | None, sheet_ref: Ref,
               limit: int) -> tuple[Table | None, Locator | None, list[Problem]]:
    try:
        data = read_input(path)
    except InputError as exc:
        return None, None, [Problem(str(exc), "data file", Ref(display))]
    if path.suffix.lower() == ".xlsx":
        from .xlsxread import read_xlsx

        rows, title, problems = read_xlsx(data, display, sheet, sheet_ref)
        locator: Locator | None = SheetLocator(display, title) if title is not None else None
    else:
        rows, locator, problems = _read_csv(data, display, delimiter)
    if rows is None:
        return None, locator, problems
    table, found = _table(rows, display, limit)
    if table is not None:
        table = replace(table, unread=frozenset((int(p.ref.path[0]), int(p.ref.path[1])) for p in problems
                                                if p.ref and len(p.ref.path) == 2))
    return table, locator, problems + found


def _read_csv(data: bytes, display: str, delimiter: str | None) -> tuple[list | None, Locator | None, list[Problem]]:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return None, None, [Problem(f"not UTF-8 text ({exc.reason} at byte {exc.start}); save the file as "
                                    "'CSV UTF-8'", "data file", Ref(display))]
    records = parse_csv(text, delimiter or sniff(text))
    locator = CsvLocator(display, records.starts, records.ends)
    problems = []
    if records.unclosed:  # the quoted cell that runs to the end is the last one read
        last = (len(records.cells) - 1, len(records.cells[-1]) - 1)
        problems.append(Problem("this quoted cell is never closed (a \" is missing)", "data file",
                                Ref(display, last)))
    rows = [[_cell(text) for text in cells] for cells in records.cells]
    return rows, locator, problems


def _cell(text: str) -> CellText | None:
    text = text.strip()
    return CellText(text) if text else None


def _table(rows: list[list[object]], display: str, limit: int) -> tuple[Table | None, list[Problem]]:
    filled = [(i, row) for i, row in enumerate(rows) if any(v is not None for v in row)]
    if not filled:
        return None, [Problem("the data file holds no rows: its first row names the fields", "data file",
                              Ref(display))]
    (header_row, header), body = filled[0], filled[1:]
    names = [None if v is None else str(v).strip() or None for v in header]
    problems = []
    if len(body) > limit:
        problems.append(Problem(f"the data file has {len(body)} rows; a deck holds at most {limit} card entries",
                                "data file", Ref(display, (body[limit][0],))))
        body = body[:limit]
    return Table(display, names, header_row, body), problems
