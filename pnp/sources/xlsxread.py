"""Reading one sheet of an XLSX workbook into rows of cell values, streamed and bounded.

Contract: `read_xlsx(data, display, sheet, sheet_ref, limits)` (the file's bytes, read by the
caller; `limits`, `pnp.sources.datalimits.Limits`, counts what is read and collects the problems)
returns `(rows or None, sheet title or None)`: the rows that hold a value, as `(row number from 0,
cell values)` (`xlsxsheet` says what a value is). `sheet` names the sheet to read (a problem at
`sheet_ref` with the closest name when the workbook has none of that name); without it, the first
sheet of cells. A file that is no workbook, or openpyxl missing, is one problem.

The workbook is read by pnp's own guarded reader, not by openpyxl, which loads every shared string
and style up front and pads rows to the sheet's declared dimension (a 1.6 kB file declaring
`A1:XFD1048576` never finished): the zip's parts are streamed through expat (`xlsxzip`), the sheet
once, row by row, under the limits of `datalimits.Limits`; the shared strings only as far as the last
one the sheet uses (`xlsxsheet.MAX_STRINGS` at most), keeping only those; styles for their number
formats (`xlsxparts`). openpyxl (the `xlsx` extra) still says which number formats are dates and
converts serial dates (`openpyxl.styles.numbers`, `openpyxl.utils.datetime`).
"""
from __future__ import annotations

from types import ModuleType
from typing import Callable

from ..core.errors import Problem, Ref, suggest
from ..core.extras import install_hint
from .datalimits import Limits, Rows, TooMuch
from .xlsxparts import MAX_STYLES, Enough, StringsPart, StylesPart, WorkbookPart
from .xlsxsheet import Dates, SheetPart
from .xlsxzip import Package, WorkbookError

_WHERE = "data file"


def read_xlsx(data: bytes, display: str, sheet: str | None, sheet_ref: Ref,
              limits: Limits) -> tuple[Rows | None, str | None]:
    try:
        import openpyxl  # noqa: F401  (the extra: its absence said here, not at a date cell)
        from openpyxl.styles import numbers
        from openpyxl.utils import datetime as dates
    except ImportError:
        limits.problems.append(Problem("reading .xlsx files needs openpyxl: " + install_hint("xlsx"), _WHERE,
                                       Ref(display)))
        return None, None
    try:
        book = _Book(Package(data, limits), limits, numbers, dates)
        found = book.sheet(sheet, sheet_ref)
        return (book.rows(found[1]), found[0]) if found is not None else (None, None)
    except WorkbookError as exc:
        limits.problems.append(Problem(str(exc), _WHERE, Ref(display)))
    except TooMuch:
        pass
    return None, None


class _Book:
    """A workbook's sheets, number formats and shared strings, each read when it is needed."""

    def __init__(self, package: Package, limits: Limits, numbers: ModuleType, dates: ModuleType):
        self.package, self.limits, self.numbers, self.dates = package, limits, numbers, dates
        main = next((t for kind, t in package.relations("").values() if kind.endswith("/officeDocument")),
                    "xl/workbook.xml")
        if not package.has(main):
            raise WorkbookError("not an XLSX workbook: it has no workbook part (xl/workbook.xml)")
        self.parts = package.relations(main)
        self.workbook = WorkbookPart()
        package.stream(main, self.workbook)

    def sheet(self, name: str | None, ref: Ref) -> tuple[str, str] | None:
        """The title and part of the sheet to read, or None (a problem)."""
        sheets = [(title, self.parts[rid][1]) for title, rid in self.workbook.sheets
                  if rid in self.parts and self.parts[rid][0].endswith("/worksheet")
                  and self.package.has(self.parts[rid][1])]
        names = [title for title, _ in sheets]
        if not sheets:
            self.limits.problems.append(Problem("the workbook has no sheet of cells", _WHERE, Ref(self.limits.display)))
            return None
        if name is not None and name not in names:
            self.limits.problems.append(Problem(f"the workbook has no sheet {name!r} (its sheets: {', '.join(names)})",
                                                "deck.data.sheet", ref, suggestion=suggest(name, names)))
            return None
        return sheets[names.index(name) if name is not None else 0]

    def rows(self, part: str) -> Rows:
        reader = SheetPart(self.limits, Dates(self._kinds(), self._serial, self.dates.from_ISO8601))
        try:
            self.package.stream(part, reader)
        except TooMuch:
            pass
        reader.shared.fill(self._strings(reader.shared.wanted), self.limits)
        return [(number, _trimmed(row)) for number, row in reader.rows if any(v is not None for v in row)]

    def _kinds(self) -> Callable[[int], str | None]:
        """Style index -> "date", "duration" or None, as its number format says."""
        styles = StylesPart()
        part = self._part("/styles")
        if part is not None:
            self.package.stream(part, styles)
        if len(styles.formats) > MAX_STYLES:
            raise WorkbookError(f"the workbook has more than {MAX_STYLES:,} cell formats")
        kinds: dict[int, str | None] = {}

        def kind(index: int) -> str | None:
            if index not in kinds:
                fmt_id = styles.formats[index] if 0 <= index < len(styles.formats) else 0
                code = styles.codes.get(fmt_id) or self.numbers.BUILTIN_FORMATS.get(fmt_id)
                kinds[index] = "duration" if self.numbers.is_timedelta_format(code) else \
                    "date" if self.numbers.is_date_format(code) else None
            return kinds[index]
        return kind

    def _serial(self, number: float, duration: bool) -> object:
        epoch = self.dates.MAC_EPOCH if self.workbook.date1904 else self.dates.WINDOWS_EPOCH
        return self.dates.from_excel(number, epoch, timedelta=duration)

    def _strings(self, wanted: set[int]) -> dict[int, str]:
        part = self._part("/sharedStrings")
        strings = StringsPart(wanted)
        if part is not None and wanted:
            try:
                self.package.stream(part, strings)
            except Enough:
                pass
        return strings.found

    def _part(self, kind: str) -> str | None:
        return next((t for k, t in self.parts.values() if k.endswith(kind) and self.package.has(t)), None)


def _trimmed(row: list[object]) -> list[object]:
    """A row without the empty cells after its last value (a shared string that was empty, or none)."""
    while row and row[-1] is None:
        row.pop()
    return row
