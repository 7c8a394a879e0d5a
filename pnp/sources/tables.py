"""Data files of card rows (CSV, XLSX) read into a table whose every cell keeps where it came from,
bounded while they are read.

Contract: `read_table(path, display, sheet, delimiter, sheet_ref, limit)` returns `(Table or None,
locator or None, problems)`. The first row that holds a value is the header; the rows after it that
hold any value are the table's rows (blank rows are skipped), at most `limit` of them. A cell's
value is None when it is empty (surrounding spaces are dropped), a `CellText` for text (CSV cells are
all text: the deck converts them per field type), or what the spreadsheet holds: a number, a boolean,
a date as ISO text, a formula's computed value; a cell that could not be read (an error, a formula
without its value, a cell too long) is None, its problem reported, and named in `Table.unread`. A
`Ref` to a cell is `(display, (row, column))`, in the file's own 0-based rows and columns; the
locator (registered by the caller) renders it `cartes.csv:12:3` or `cartes.xlsx!Feuil1!C4`. CSV
text is UTF-8, with or without a byte-order mark (other bytes are a problem at their line and
column); its delimiter is `delimiter` or sniffed (`,` or `;`). XLSX needs openpyxl (`pip install
openpyxl`): see `xlsxread`. Every file is read through `pnp.sources.files` (an input of the run;
a file that cannot be read is one problem).

Limits (docs/SECURITY.md), applied as the file is read, so that no file makes pnp run away: a data
file of at most `MAX_DATA_BYTES` (as a YAML file); reading stops at the first row past `limit`
rows of values (that row is the problem), at `MAX_RECORDS` rows at all (blank ones included) and
at `MAX_CELLS` cells in rows of values; a value past column `MAX_COLUMNS` is a problem at its
cell, and so is a cell of more than `MAX_CELL_CHARS` characters (a spreadsheet's own limit).
`datalimits.Limits` counts them as the readers (`_read_csv` here, `xlsxread`) report rows and cells
(the limits and `CellText` are re-exported here).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ..core.errors import Loc, Problem, Ref
from .csvread import Record, records, sniff
from .datalimits import (MAX_CELL_CHARS, MAX_CELLS, MAX_COLUMNS, MAX_DATA_BYTES, MAX_RECORDS, CellText,  # noqa: F401
                         Limits, Rows, TooMuch)
from .files import InputError, read_input
from .locator import CsvLocator, SheetLocator
from .text import not_utf8, position

Locator = CsvLocator | SheetLocator
_WHERE = "data file"


@dataclass(frozen=True)
class Table:
    display: str
    header: list[str | None]
    header_row: int
    rows: Rows
    unread: frozenset[tuple[int, int]] = frozenset()  # cells whose reading was a problem (reported)
    ragged: bool = True  # rows as written (CSV: a row shorter than the header misses a cell); False for a
    # workbook, whose rows end at their last value (the empty cells after it are not stored)

    def ref(self, row: int, col: int | None = None) -> Ref:
        return Ref(self.display, (row,) if col is None else (row, col))


def read_table(path: Path, display: str, sheet: str | None, delimiter: str | None, sheet_ref: Ref,
               limit: int) -> tuple[Table | None, Locator | None, list[Problem]]:
    try:
        data = read_input(path, MAX_DATA_BYTES)
    except InputError as exc:
        return None, None, [Problem(str(exc), _WHERE, Ref(display))]
    limits = Limits(display, limit, [])
    if path.suffix.lower() == ".xlsx":
        from .xlsxread import read_xlsx

        rows, title = read_xlsx(data, display, sheet, sheet_ref, limits)
        locator: Locator | None = SheetLocator(display, title) if title is not None else None
    else:
        rows, locator = _read_csv(data, display, delimiter, limits)
    problems = limits.problems
    if rows is None:
        return None, locator, problems
    table, found = _table(rows, display)
    if table is not None:
        table = replace(table, unread=frozenset((int(p.ref.path[0]), int(p.ref.path[1])) for p in problems
                                                if p.ref and len(p.ref.path) == 2),
                        ragged=path.suffix.lower() != ".xlsx")
    return table, locator, problems + found


def _read_csv(data: bytes, display: str, delimiter: str | None,
              limits: Limits) -> tuple[Rows | None, Locator | None]:
    body = data.removeprefix(b"\xef\xbb\xbf")  # a byte-order mark
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        limits.problems.append(Problem(not_utf8(body, exc).replace("save it as UTF-8", "save it as 'CSV UTF-8'"),
                                       _WHERE, Ref(display), loc=Loc(display, *position(body, exc.start))))
        return None, None
    rows: Rows = []
    locator = CsvLocator(display, {}, {})
    try:
        for record in records(text, delimiter or sniff(text), MAX_COLUMNS):
            _csv_record(record, rows, locator, limits)
    except TooMuch:
        pass
    return rows, locator


def _csv_record(record: Record, rows: Rows, locator: CsvLocator, limits: Limits) -> None:
    """Keep `record` (and where its cells lie) when it holds a value; its problems (past a limit, a
    quoted cell never closed) recorded."""
    limits.record(record.number, Loc(limits.display, *record.starts[0]))
    if record.beyond is not None:
        limits.column(Loc(limits.display, *record.beyond), MAX_COLUMNS)
    cells: list[object] = [_cell(text, Ref(limits.display, (record.number, j)), limits)
                           for j, text in enumerate(record.cells)]
    if record.unclosed is not None or any(v is not None for v in cells):
        locator.starts[record.number], locator.ends[record.number] = record.starts, record.end
    if record.unclosed is not None:  # the quoted cell that runs to the end is the last one read
        limits.problems.append(Problem("this quoted cell is never closed (a \" is missing)", _WHERE,
                                       Ref(limits.display, (record.number, len(cells) - 1))))
    if any(v is not None for v in cells):
        limits.valued_row(record.number, len(cells))
        rows.append((record.number, cells))


def _cell(text: str, ref: Ref, limits: Limits) -> CellText | None:
    text = text.strip()
    kept = limits.text(text, ref) if text else None
    return CellText(kept) if kept else None


def _table(rows: Rows, display: str) -> tuple[Table | None, list[Problem]]:
    if not rows:
        return None, [Problem("the data file holds no rows: its first row names the fields", _WHERE,
                              Ref(display))]
    (header_row, header), body = rows[0], rows[1:]
    names = [None if v is None else str(v).strip() or None for v in header]
    return Table(display, names, header_row, body), []
