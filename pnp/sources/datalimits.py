"""The limits of a data file's reading, counted as its rows and cells come (docs/SECURITY.md).

Contract: `Limits(display, rows, problems)` is handed to a reader (CSV in `tables`, XLSX in
`xlsxread`) which reports each row of the file (`record`), each row holding a value (`valued_row`),
each column a value is in (`column`) and each text (`text`); past a limit that stops the reading
(a data file past `MAX_RECORDS` rows at all, past `rows` rows of values after the header, past
`MAX_CELLS` cells in rows of values), its problem is recorded in `problems` and `TooMuch` is
raised; a value past column `MAX_COLUMNS` or a cell longer than `MAX_CELL_CHARS` is a problem at
it, the reading going on. `CellText` is a spreadsheet cell's text. Standard library only (and
`pnp.core.errors`), so the readers and the table share it without importing each other.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import Loc, Problem, Ref

MAX_DATA_BYTES = 16 * 1024 * 1024  # as a YAML file (pnp.sources.yamlsrc)
MAX_RECORDS = 1_048_576  # rows of a sheet, blank ones included: a spreadsheet's own limit
MAX_CELLS = 1_000_000  # cells of the rows that hold a value, empty ones included
MAX_COLUMNS = 256
MAX_CELL_CHARS = 32_767  # a spreadsheet's own limit for one cell
_WHERE = "data file"
Rows = list[tuple[int, list[object]]]  # (row number in the file, cell values), rows holding a value


class CellText(str):
    """Text of a spreadsheet cell, where numbers and booleans are written as text too."""

    __slots__ = ()


class TooMuch(Exception):
    """Reading stops: a limit of `Limits` was passed (its problem is recorded)."""


@dataclass
class Limits:
    """The counts a data file's reader keeps as it reads, and the problems of passing them."""

    display: str
    rows: int  # rows of values after the header
    problems: list[Problem]
    valued: int = 0
    records: int = 0
    cells: int = 0

    def record(self, number: int, at: Loc | None = None) -> None:
        """One more row of the file, blank or not (`at`: where it starts, when the locator will not
        know); TooMuch past the limit."""
        self.records += 1
        if self.records > MAX_RECORDS:
            self._stop(f"the data file has more than {MAX_RECORDS:,} rows", Ref(self.display, (number,)), at)

    def valued_row(self, number: int, cells: int) -> None:
        """One more row holding a value (the first is the header), of `cells` cells; TooMuch past
        `rows` rows after the header, or past `MAX_CELLS` cells in such rows."""
        self.valued, self.cells = self.valued + 1, self.cells + cells
        if self.valued > self.rows + 1:
            self._stop(f"the data file has more than {self.rows} rows; a deck holds at most {self.rows} card "
                       "entries", Ref(self.display, (number,)))
        if self.cells > MAX_CELLS:
            self._stop(f"the data file has more than {MAX_CELLS:,} cells", Ref(self.display, (number,)))

    def column(self, at: Ref | Loc, column: int) -> bool:
        """Whether a value in `column` (0-based) may be kept; a problem at it when it may not."""
        if column < MAX_COLUMNS:
            return True
        ref, loc = (at, None) if isinstance(at, Ref) else (Ref(self.display), at)
        self.problems.append(Problem(f"a value past column {MAX_COLUMNS}: a data file has at most {MAX_COLUMNS} "
                                     "columns", _WHERE, ref, loc=loc))
        return False

    def text(self, text: str, ref: Ref) -> str | None:
        """`text`, or None (a problem at `ref`) when it is longer than a cell holds."""
        if len(text) <= MAX_CELL_CHARS:
            return text
        self.problems.append(Problem(f"the cell holds {len(text):,} characters; a cell holds at most "
                                     f"{MAX_CELL_CHARS:,}", _WHERE, ref))
        return None

    def _stop(self, what: str, ref: Ref, at: Loc | None = None) -> None:
        self.problems.append(Problem(what, _WHERE, ref, loc=at))
        raise TooMuch
