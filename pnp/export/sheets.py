"""`pnp export --sheets`: score sheets to fill in on a screen, and as spreadsheets.

Contract: `export_sheets(target)` takes every sheet component whose page layout holds a score table
(a `table` element with cells that print nothing: pnp.layout.formtable) and writes
`sheets/<sheet>-<paper>-form.pdf`, the sheet as the build prints it with a form field in each cell
to fill (the players' names in empty header cells too), computed cells carrying their formula as a
calculate script, in the order of `/CO`; and the spreadsheets of spreadsheet.py
(`sheets/<sheet>.xlsx`, `sheets/<sheet>-<table>.csv`). Every page and copy of the sheet gets its
own fields (`p<N>-<element>-r<row>-c<col>`, N counting printed pages). A sheet laid out at a size
of its own (a board, a track) is not a form: one holding a score table gets a warning. Problems of
the formulas point at the table's element in its layout file.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ..draw.fields import FieldBox, FormFields
from ..draw.forms import FormCache
from ..draw.paint import Painter
from ..draw.sheets import SheetPainter
from ..core.errors import Problem, errors_only
from ..layout.formtable import At, FormTable, form_tables
from ..layout.notes import NotePage
from ..layout.tables import GridCell
from ..model.kit import Page, Sheet
from ..model.units import paper_points
from ..core.report import FileReport
from ..pipeline.faces import page_values
from ..pipeline.formulas import located
from .formulas import JS_HELPERS, calculate_script
from .spreadsheet import MISSING_XLSX, csv_tables, xlsx_workbook

if TYPE_CHECKING:  # pragma: no cover
    from ..layout.items import Face
    from .run import Target


@dataclass
class SheetPage:
    page: Page
    face: "Face"
    tables: list[FormTable]


def export_sheets(target: "Target") -> None:
    try:
        import openpyxl  # noqa: F401
    except ImportError:
        target.problems.append(Problem(MISSING_XLSX, "export --sheets"))
        return
    for sheet in target.kit.sheets:
        _Sheet(target, sheet).write()


class _Sheet:
    def __init__(self, target: "Target", sheet: Sheet):
        self.target, self.sheet = target, sheet
        self.layout = target.kit.layouts[sheet.spec.layout]
        width, height = paper_points(target.options.paper)
        self.size = (height, width) if self.layout.orientation == "landscape" else (width, height)
        self.margin = self.layout.margin
        box = (self.size[0] - 2 * self.margin, self.size[1] - 2 * self.margin)
        own = self.layout.page_size()
        self.builder = target.builder(sheet.spec.layout, own or box, 0.0)
        self.pages = [self._page(page) for page in sheet.pages]
        if own is not None and self.forms:
            target.warn("a sheet of its own size is not exported as a form (score tables go on paper pages)",
                        f"sheet {sheet.name!r}", sheet.ref.child("layout"))
            self.pages = []

    @property
    def forms(self) -> bool:
        return any(p.tables for p in self.pages)

    def _page(self, page: Page) -> SheetPage:
        values = page_values(self.target.kit, page, self.target.checked.env.bound(page.fields)[0])
        where = f"kit {self.target.kit.name!r}, sheet {self.sheet.name!r}, page {page.index + 1}"
        face, found = self.builder.build(values, where, self.sheet.ref)
        tables, problems = form_tables(self.builder, values)
        self.target.problems += found + located(self.target.session.project.library, self.layout.name, problems)
        return SheetPage(page, face, tables)

    def write(self) -> None:
        if not self.forms or errors_only(self.target.problems):
            return
        self._fillable()
        name = self.sheet.name
        pages = [(p.page.index + 1, p.tables) for p in self.pages]
        self.target.write(f"sheets/{name}.xlsx", xlsx_workbook(pages, self.target.kit.game.title), name, "xlsx")
        for table_name, data in csv_tables(pages):
            self.target.write(f"sheets/{name}-{table_name}.csv", data, name, "csv")

    def _fillable(self) -> None:
        target, name = self.target, self.sheet.name
        path = target.path(f"sheets/{name}-{target.options.paper}-form.pdf")
        if not target.writable(path):
            return
        game = target.kit.game
        canvas = target.batch.canvas(path, self.size, target.font,
                                     {"title": f"{game.title} — {name}", "author": ", ".join(game.authors),
                                      "subject": game.subtitle})
        painter = SheetPainter(canvas, Painter(canvas, FormCache(canvas)), target.font)
        (w, h), m, p = self.size, self.margin, target.checked.printer_margin
        notes = target.checked.notes(NotePage(w, h, (p, p, w - p, h - p)), (m, m, w - m, h - m), (),
                                     f"{game.title} · {self.sheet.title}")
        fields, order, printed = FormFields(canvas), [], 0
        for sheet_page in self.pages:
            for _ in range(sheet_page.page.copies):
                printed += 1
                order += self._fields(fields, sheet_page.tables, f"p{printed}-")
                painter.page(sheet_page.face, *self.size, self.margin, notes)
        fields.finish(order, JS_HELPERS)
        target.batch.save(canvas)
        target.files.append(FileReport(path.as_posix(), name, "form", printed))

    def _fields(self, fields: FormFields, tables: list[FormTable], prefix: str) -> list[str]:
        """The page's fields; the names of its computed ones, in calculation order."""
        height = self.size[1]
        order: list[str] = []
        for table in tables:
            named = _namer(prefix, table)
            for at, field in table.fields.items():
                c = field.cell
                script = calculate_script(field.formula, named) if field.formula is not None else None
                fields.add(FieldBox(prefix + field.name, self.margin + c.x, height - self.margin - c.y - c.h,
                                    c.w, c.h, _tip(c), script))
            order += [named(at) for at in table.order]
        return order


def _namer(prefix: str, table: FormTable) -> Callable[[At], str]:
    """The name of each field of `table`, as the page (`prefix`) holds it."""
    return lambda at: prefix + table.fields[at].name


def _tip(cell: GridCell) -> str:
    return f"{cell.name} · {cell.row}" if cell.row else cell.name or "nom"
