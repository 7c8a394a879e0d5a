"""Score tables as spreadsheets: XLSX with the table's formulas, CSV with its text only.

Contract: `xlsx_workbook(pages, title)` returns the bytes of a workbook with one worksheet per
score table (named by its element, with the page number when the sheet has several pages): the
header row (a player's header cell merged over their sub columns, empty for their name), the sub
column names under it, then one row per body row, the printed text in its cells as plain words
(`plain.plain_text`: `**Total**` is `Total`, `:pique:` is `pique`; row numbers as numbers; printed
text stays text, even "=…"), computed cells holding their formulas (formulas.py;
spreadsheets compute them on opening), the cells to fill empty, with borders, bold headers and the
printed column widths.
`csv_tables(pages)` returns (name, bytes) per table: the same grid in UTF-8 CSV, computed cells
empty, a text a spreadsheet would read as a formula ("=…", "+…", "-…", "@…") behind an apostrophe
(`csv_cell`). `pages` are (page number, tables) pairs. The same tables give the same bytes (fixed dates
in the workbook's properties and zip entries). openpyxl comes with the `export` extra.
"""
from __future__ import annotations

import csv
import datetime
import io
import re
import zipfile
from typing import TYPE_CHECKING

from ..core.extras import install_hint
from ..layout.formtable import At, FormTable
from ..model.units import MM
from .formulas import excel
from .plain import plain_text

if TYPE_CHECKING:  # pragma: no cover
    from openpyxl.worksheet.worksheet import Worksheet

MISSING_XLSX = "spreadsheets need openpyxl: " + install_hint("export")
FIXED = datetime.datetime(2000, 1, 1)
ZIP_TIME = (2000, 1, 1, 0, 0, 0)


class _Grid:
    """Where each cell of a table goes in a spreadsheet (1-based rows and columns)."""

    def __init__(self, table: FormTable):
        self.table = table
        heads = {c.group: c for c in table.cells if c.row == 0}
        self.subbed = {c.group for c in table.cells if c.row > 0 and c.name != heads[c.group].text}
        self.has_sub = bool(self.subbed)
        self.head_rows = 2 if self.has_sub else 1

    def address(self, at: At) -> str:
        from openpyxl.utils import get_column_letter

        return f"{get_column_letter(at.col + 1)}{self.row(at.row)}"

    def row(self, row: int) -> int:
        return 1 if row == 0 else self.head_rows + row

    def rows(self, formulas: bool) -> list[list[int | str]]:
        """The grid's values: header, sub names, body; computed cells as formulas or empty."""
        body_rows = max(c.row for c in self.table.cells)
        out: list[list[int | str]] = [[""] * self.table.leaves for _ in range(self.head_rows + body_rows)]
        for cell in self.table.cells:
            field = self.table.fields.get(At(cell.row, cell.col))
            value = _value(plain_text(cell.text))
            if field is not None and field.formula is not None:
                value = excel(field.formula, self.address) if formulas else ""
            out[self.row(cell.row) - 1][cell.col] = value
            if cell.row > 0 and cell.group in self.subbed:
                out[1][cell.col] = plain_text(cell.name)
        return out


def _value(text: str) -> int | str:
    return int(text) if text.isdigit() else text


def _title(table: FormTable, page: int, several: bool) -> str:
    name = table.element if not several else f"{table.element} p{page}"
    return "".join("-" if ch in "[]:*?/\\" else ch for ch in name)[:31]


def xlsx_workbook(pages: list[tuple[int, list[FormTable]]], title: str) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    if book.active is not None:  # (a new workbook has one sheet)
        book.remove(book.active)
    several = len(pages) > 1
    for number, tables in pages:
        for table in tables:
            _worksheet(book.create_sheet(_title(table, number, several)), _Grid(table))
    book.properties.title = title
    book.properties.creator = "pnp"
    book.properties.created = book.properties.modified = FIXED
    book.calculation.fullCalcOnLoad = True
    buffer = io.BytesIO()
    book.save(buffer)
    return _fixed_zip(buffer.getvalue())


def _worksheet(sheet: Worksheet, grid: _Grid) -> None:
    from openpyxl.styles import Alignment, Border, Font, Side

    thin = Side(style="thin", color="808080")
    for values in grid.rows(formulas=True):
        sheet.append([v if v != "" else None for v in values])
    for printed in grid.table.cells:  # printed text is text, even "=…": only the table's formulas compute
        field = grid.table.fields.get(At(printed.row, printed.col))
        written = sheet.cell(grid.row(printed.row), printed.col + 1)
        if isinstance(written.value, str) and (field is None or field.formula is None):
            written.data_type = "s"
    for number, row in enumerate(sheet.iter_rows(min_row=1, max_row=sheet.max_row, max_col=grid.table.leaves), 1):
        for cell in row:
            cell.border = Border(left=thin, right=thin, top=thin, bottom=thin)
            cell.alignment = Alignment(horizontal="center", vertical="center")
            if number <= grid.head_rows:
                cell.font = Font(bold=True)
    _merge_heads(sheet, grid)
    _widths(sheet, grid)
    sheet.freeze_panes = sheet.cell(row=grid.head_rows + 1, column=2).coordinate


def _merge_heads(sheet: Worksheet, grid: _Grid) -> None:
    leaves: dict[int, list[int]] = {}
    for cell in grid.table.cells:
        if cell.row > 0:
            leaves.setdefault(cell.group, []).append(cell.col)
    for cols in leaves.values():
        first, last = min(cols) + 1, max(cols) + 1
        if last > first:
            sheet.merge_cells(start_row=1, start_column=first, end_row=1, end_column=last)


def _widths(sheet: Worksheet, grid: _Grid) -> None:
    from openpyxl.utils import get_column_letter

    widths = {c.col: c.w for c in grid.table.cells if c.row > 0}
    for col, width in widths.items():
        sheet.column_dimensions[get_column_letter(col + 1)].width = max(6.0, round(width / MM * 0.75, 1))


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_SIGNED_NUMBER = re.compile(r"[+-][0-9]+(?:[.,][0-9]+)?")


def csv_cell(value: int | str) -> int | str:
    """A CSV cell no spreadsheet runs as a formula (OWASP, "CSV injection"): text beginning with
    = + - @, a tab or a CR gets a leading apostrophe; a plain signed number ("-3", "+2,5") stays the
    number it reads as, since no formula can be made of it."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not _SIGNED_NUMBER.fullmatch(value):
        return "'" + value
    return value


def _fixed_zip(data: bytes) -> bytes:
    """The workbook's zip again, every entry and the workbook's modification dated 2000-01-01: the
    same tables, the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            data = source.read(info.filename)
            if info.filename == "docProps/core.xml":  # openpyxl dates `modified` as it saves
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2000-01-01T00:00:00Z", data)
            target.writestr(entry, data)
    return out.getvalue()


def csv_tables(pages: list[tuple[int, list[FormTable]]]) -> list[tuple[str, bytes]]:
    several = len(pages) > 1
    out = []
    for number, tables in pages:
        for table in tables:
            buffer = io.StringIO()
            rows = [[csv_cell(value) for value in row] for row in _Grid(table).rows(formulas=False)]
            csv.writer(buffer, lineterminator="\n").writerows(rows)
            out.append((table.element + (f"-p{number}" if several else ""), buffer.getvalue().encode("utf-8")))
    return out
