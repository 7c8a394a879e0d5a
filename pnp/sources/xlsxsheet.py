"""A worksheet's XML read row by row, for `xlsxzip.Package.stream`: the rows that hold a value.

Contract: `SheetPart(limits, dates)` keeps, as it streams, the rows that hold a value as `(row
number from 0, cell values)` in `rows` (blank rows and empty cells cost nothing: a declared
dimension is never read), counting every row and cell against `limits` (`datalimits.Limits`: reading
stops past its limits; a value past its last column, a cell too long, is a problem at the cell).
A cell's value is text (`CellText`, spaces around it dropped; empty text is no value), a number (a
whole number as `int`), a truth value, a date, time or duration as ISO text (`dates` says which
style is one, and converts serial numbers and ISO text), or its formula's computed value; a formula
without one, an error value (`#DIV/0!`), and a number, truth value or date that is none are
problems at the cell, and the cell has no value. A cell holding a shared string waits in `shared`
for the strings the sheet uses (`Shared.fill`). A row or cell reference out of a spreadsheet's range,
or a cell reference that is none, makes the file no workbook (`WorkbookError`).
"""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Callable

from ..core.errors import Problem, Ref
from .datalimits import CellText, Limits, Rows
from .xlsxparts import CELL_TEXT, Texts, unescape
from .xlsxzip import WorkbookError

MAX_STRINGS = 1_000_000  # shared strings: a cell using a later one is a problem
MAX_ROW = 1_048_576  # a spreadsheet's last row
MAX_COLUMN = 16_384  # and last column (XFD)
_WHERE = "data file"
_CELL = re.compile(r"^([A-Za-z]{1,3})([0-9]{1,7})$")
_NUMBER = re.compile(r"^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d{1,3})?$")


@dataclass(frozen=True)
class Dates:
    kind: Callable[[int], str | None]  # a style index -> "date", "duration" or None
    serial: Callable[[float, bool], object]  # a serial number (a duration?) -> datetime, time or timedelta
    iso: Callable[[str], object]  # ISO 8601 text -> datetime


class Shared:
    """The cells that hold a shared string, filled once the strings they use are read."""

    def __init__(self) -> None:
        self.cells: list[tuple[list[object], int, int, Ref]] = []
        self.wanted: set[int] = set()

    def add(self, row: list[object], col: int, index: int, ref: Ref) -> None:
        self.cells.append((row, col, index, ref))
        self.wanted.add(index)

    def fill(self, strings: dict[int, str], limits: Limits) -> None:
        for row, col, index, ref in self.cells:
            if index not in strings:
                limits.problems.append(Problem("the cell refers to a text the workbook does not hold", _WHERE, ref))
                continue
            text = limits.text(strings[index], ref)
            row[col] = _text(text or "")


class _Cell:
    def __init__(self, row: int, col: int, kind: str, style: int):
        self.row, self.col, self.kind, self.style = row, col, kind, style
        self.value: str | None = None
        self.formula: str | None = None
        self.texts = Texts()


class SheetPart:
    def __init__(self, limits: Limits, dates: Dates):
        self.limits, self.dates = limits, dates
        self.rows: Rows = []
        self.shared = Shared()
        self.row, self.col, self.cells = -1, -1, 0
        self.values: dict[int, object] = {}
        self.pending: list[tuple[int, int, Ref]] = []  # (column, shared string, ref) of the row's cells
        self.cell: _Cell | None = None
        self.into: str | None = None  # "v" or "f": the element whose text is gathered

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if name == "row":
            self.row = _index(attrs.get("r"), self.row + 1)
            self.col, self.cells, self.values, self.pending = -1, 0, {}, []
        elif name == "c":
            self._cell(attrs)
        elif self.cell is not None:
            if name in ("v", "f"):
                self.into = name
                if name == "f" and self.cell.formula is None:
                    self.cell.formula = ""
            else:
                self.cell.texts.start(name)

    def _cell(self, attrs: dict[str, str]) -> None:
        self.cells += 1
        where = attrs.get("r")
        found = _CELL.match(where) if where else None
        if where and found is None:
            raise WorkbookError(f"a cell of the sheet has no valid reference (got {where[:20]!r})")
        self.col = _column(found[1]) if found else self.col + 1
        style = attrs.get("s", "0")
        self.cell = _Cell(self.row, self.col, attrs.get("t", "n"), int(style) if style.isdigit() and len(style) < 7 else 0)

    def end(self, name: str) -> None:
        cell = self.cell
        if name in ("v", "f"):
            self.into = None
        elif name == "c" and cell is not None:
            self._value(cell)
            self.cell = None
        elif cell is not None:
            cell.texts.end(name)
        elif name == "row":
            self._row()

    def text(self, data: str) -> None:
        cell = self.cell
        if cell is None:
            return
        if self.into == "v":
            cell.value = _longer(cell.value, data, CELL_TEXT)
        elif self.into == "f":
            cell.formula = _longer(cell.formula, data, 1024)
        else:
            cell.texts.add(data)

    def _row(self) -> None:
        self.limits.record(self.row)
        if not self.values:
            return
        row: list[object] = [None] * (max(self.values) + 1)
        for col, value in self.values.items():
            row[col] = value
        for col, index, ref in self.pending:
            self.shared.add(row, col, index, ref)
        self.limits.valued_row(self.row, self.cells)
        self.rows.append((self.row, row))

    def _value(self, cell: _Cell) -> None:
        ref = Ref(self.limits.display, (cell.row, cell.col))
        value = self._read(cell, ref)
        if value is None or not self.limits.column(ref, cell.col):
            return
        if isinstance(value, int) and cell.kind == "s":
            self.values[cell.col] = None
            self.pending.append((cell.col, value, ref))
        else:
            self.values[cell.col] = value

    def _read(self, cell: _Cell, ref: Ref) -> object:
        """The cell's value (None when empty, or unreadable: a problem then); for a shared string, its index."""
        raw, kind = cell.value, cell.kind
        if kind == "inlineStr":
            text = self.limits.text(cell.texts.take(), ref)
            return _text(text) if text is not None else None
        if cell.formula is not None and not (raw or "").strip():
            shown = f"the formula ={cell.formula[:60]}" if cell.formula else "the cell's formula"
            return self._problem(f"{shown} has no computed value in the file: open it in a spreadsheet program and "
                                 "save it", ref)
        if not raw:
            return None
        if kind == "e":
            return self._problem(f"the cell holds the error {raw[:20]}", ref)
        if kind == "s":
            if not raw.strip().isdigit() or int(raw) >= MAX_STRINGS:
                return self._problem(f"the cell refers to text number {raw[:20]}; pnp reads the first "
                                     f"{MAX_STRINGS:,} texts of a workbook", ref)
            return int(raw)
        if kind == "str":
            text = self.limits.text(unescape(raw), ref)
            return _text(text) if text is not None else None
        return self._typed(raw.strip(), kind, cell.style, ref)

    def _typed(self, raw: str, kind: str, style: int, ref: Ref) -> object:
        if kind == "b":
            return raw == "1" if raw in ("0", "1") else \
                self._problem(f"the cell holds a truth value pnp cannot read (got {raw[:20]!r})", ref)
        if kind == "d":
            return self._dated(lambda: self.dates.iso(raw), raw, ref)
        if not _NUMBER.match(raw):
            return self._problem(f"the cell holds a number pnp cannot read (got {raw[:30]!r})", ref)
        number: int | float = float(raw) if any(c in raw for c in ".eE") or len(raw) > 18 else int(raw)
        dated = self.dates.kind(style)
        return number if dated is None else self._dated(lambda: self.dates.serial(number, dated == "duration"),
                                                        raw, ref)

    def _dated(self, convert: Callable[[], object], raw: str, ref: Ref) -> object:
        try:
            return _date(convert())
        except (OverflowError, ValueError, TypeError):
            return self._problem(f"the cell holds a date pnp cannot read (got {raw[:30]!r})", ref)

    def _problem(self, what: str, ref: Ref) -> object:
        """A problem at the cell; the cell then has no value (None)."""
        self.limits.problems.append(Problem(what, _WHERE, ref))
        return None


def _longer(text: str | None, data: str, most: int) -> str:
    text = text or ""
    return text + data if len(text) <= most else text


def _date(value: object) -> CellText:
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return CellText(value.date().isoformat())
    if isinstance(value, (datetime.date, datetime.time)):
        return CellText(value.isoformat())
    if isinstance(value, datetime.timedelta):
        return CellText(str(value))
    raise ValueError("not a date")


def _text(text: str) -> CellText | None:
    text = text.strip()
    return CellText(text) if text else None


def _index(written: str | None, default: int) -> int:
    if written is None:
        return default
    if not written.isdigit() or not 1 <= int(written) <= MAX_ROW:
        raise WorkbookError(f"a row of the sheet has no valid number (got {written[:20]!r})")
    return int(written) - 1


def _column(letters: str) -> int:
    index = 0
    for char in letters.upper():
        index = index * 26 + ord(char) - 64
    if index > MAX_COLUMN:
        raise WorkbookError(f"a cell of the sheet lies past the last column (got {letters!r})")
    return index - 1
