"""The sheet component: a page layout printed once per page of the sheet (score sheets, reference
cards, boards), on the build's paper or at a size of its own.

Contract: `draw_sheet(ctx, sheet)` hands a sheet whose page layout has its own size (`size: [w,
h]`) to the tiled sheet (tiled.py: one page or tiles); any other is laid out on the build's paper,
turned for a landscape layout, within the layout's `margin` — a margin narrower than the printer's
is a problem at the sheet's `layout:` and nothing of the sheet is laid out — and drawn
(`draw.sheets.SheetPainter`) with the print note and its label in the page's margins; its pages
are counted and its file reported by `pages.sheet_pages`. `shown(sheet)`: its pages and layout.
"""
from __future__ import annotations

from ..core.errors import Problem
from ..draw.sheets import SheetPainter
from ..layout.items import Face
from ..layout.notes import NotePage
from ..model.kit import Kit, Page, Sheet
from ..model.units import MM, paper_points
from .context import KitContext
from .memo import Shown


def draw_sheet(ctx: KitContext, sheet: Sheet) -> None:
    from .pages import sheet_pages  # (with the score tables' formulas: ~4 ms of imports a kit without sheets skips)

    layout = ctx.kit.layouts[sheet.spec.layout]
    size = layout.page_size()
    if size is not None:  # a page of its own size: one page or tiles (imported for the kits that have one)
        from .tiled import draw_tiled

        draw_tiled(ctx, sheet, layout, size)
        return
    width, height = paper_points(ctx.options.paper)
    if layout.orientation == "landscape":
        width, height = height, width
    margin, printer = layout.margin, ctx.printer_margin
    if margin < printer - 1e-6:
        ctx.report(Problem(f"the page's margin ({margin / MM:g} mm) is narrower than the printer's "
                           f"({printer / MM:g} mm): the page would print clipped",
                           f"sheet {sheet.name!r}", sheet.ref.child("layout")))
        return
    builder = ctx.builder(sheet.spec.layout, (width - 2 * margin, height - 2 * margin), 0.0)
    opened = ctx.open(sheet.name, (width, height))
    painter = SheetPainter(opened.canvas, opened.painter, ctx.fonts.default_face().name) if opened else None
    page = NotePage(width, height, (printer,) * 2 + (width - printer, height - printer))
    notes = ctx.notes(page, (margin, margin, width - margin, height - margin), (),
                      f"{ctx.kit.game.title} · {sheet.title}", f"sheet {sheet.name!r}")

    def draw(face: Face, page: Page) -> None:
        if painter is not None:
            painter.page(face, width, height, margin, notes)
    sheet_pages(ctx, sheet, builder, opened, 1, draw)


def shown(kit: Kit, sheet: Sheet) -> Shown:
    return Shown((sheet.spec, sheet.pages), (sheet.spec.layout,))
