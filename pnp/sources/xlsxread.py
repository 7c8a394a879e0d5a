"""Reading one sheet of an XLSX workbook into rows of cell values (with openpyxl, an optional extra).

Contract: `read_xlsx(data, display, sheet, sheet_ref)` (the file's bytes, read by the caller)
returns `(rows or None, sheet title or None, problems)`. `sheet` names the sheet to read (a problem
at `sheet_ref` with the closest name when the workbook has none of that name); without it, the
first sheet. Cell values: text as `CellText` (numbers typed as text convert like CSV cells),
numbers and booleans as they are, dates and times as ISO text, a formula as its computed value, the
value the spreadsheet program stored when it last saved the file: a formula cell without one (a
file written by a script, never opened) is a problem, as is a cell holding an error (`#DIV/0!`). A
file openpyxl cannot read, or openpyxl missing, is one problem, and so is a workbook that unpacks
to more than `MAX_UNPACKED` bytes (refused before openpyxl opens it). The workbook is read twice in
read-only mode, once for the values and once to tell formula cells apart, row by row, so memory
stays flat.
"""
from __future__ import annotations

import datetime
import io
import zipfile
from typing import TYPE_CHECKING, Iterator

from ..core.extras import install_hint

from ..core.errors import Problem, Ref, suggest
from .tables import CellText

if TYPE_CHECKING:  # pragma: no cover
    from openpyxl import Workbook

_WHERE = "data file"
MAX_UNPACKED = 256 * 1024 * 1024  # a workbook larger once unpacked is refused before openpyxl opens it


def read_xlsx(data: bytes, display: str, sheet: str | None,
              sheet_ref: Ref) -> tuple[list | None, str | None, list[Problem]]:
    try:
        import openpyxl
    except ImportError:
        return None, None, [Problem("reading .xlsx files needs openpyxl: " + install_hint("xlsx"), _WHERE,
                                    Ref(display))]
    unpacked = _unpacked_size(data)
    if unpacked > MAX_UNPACKED:
        return None, None, [Problem(f"the workbook unpacks to {unpacked // 1_000_000} MB; pnp reads workbooks of "
                                    f"at most {MAX_UNPACKED // 1_000_000} MB", _WHERE, Ref(display))]
    books = []
    try:
        books = [openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=only) for only in (True, False)]
        return _sheet(books[0], books[1], display, sheet, sheet_ref)
    except Exception as exc:  # zip, XML and openpyxl's own errors: the file is not a workbook it reads
        return None, None, [Problem(f"not a workbook openpyxl can read ({type(exc).__name__}: {exc})", _WHERE,
                                    Ref(display))]
    finally:
        for book in books:
            book.close()


def _unpacked_size(data: bytes) -> int:
    """What the workbook's zip holds once unpacked, as it says (a zip bomb says so too); 0 when it is no
    zip (openpyxl then reports it)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError):
        return 0


def _sheet(values: Workbook, formulas: Workbook, display: str, sheet: str | None,
           sheet_ref: Ref) -> tuple[list | None, str | None, list]:
    names = [ws.title for ws in values.worksheets]  # sheets of cells, not charts
    if not names:
        return None, None, [Problem("the workbook has no sheet of cells", _WHERE, Ref(display))]
    if sheet is not None and sheet not in names:
        return None, None, [Problem(f"the workbook has no sheet {sheet!r} (its sheets: {', '.join(names)})",
                                    "deck.data.sheet", sheet_ref, suggestion=suggest(sheet, names))]
    title = sheet if sheet is not None else names[0]
    problems: list[Problem] = []
    rows = [list(_row(data, code, Ref(display, (i,)), problems))
            for i, (data, code) in enumerate(zip(values[title].iter_rows(), formulas[title].iter_rows()))]
    return rows, title, problems


def _row(data: tuple, code: tuple, ref: Ref, problems: list[Problem]) -> Iterator[object]:
    for j, cell in enumerate(data):
        value = cell.value
        if getattr(cell, "data_type", None) == "e":
            problems.append(Problem(f"the cell holds the error {value}", _WHERE, ref.child(j)))
            value = None
        elif value is None and j < len(code) and getattr(code[j], "data_type", None) == "f":
            problems.append(Problem(f"the formula {code[j].value} has no computed value in the file: open it "
                                    "in a spreadsheet program and save it", _WHERE, ref.child(j)))
        yield _value(value)


def _value(value: object) -> object:
    if isinstance(value, str):
        value = value.strip()
        return CellText(value) if value else None
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return CellText(value.date().isoformat())
    if isinstance(value, (datetime.date, datetime.time, datetime.timedelta)):
        return CellText(value.isoformat() if hasattr(value, "isoformat") else str(value))
    return value
