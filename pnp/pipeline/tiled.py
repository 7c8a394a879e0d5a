"""The tiled sheet component: a sheet whose page layout has its own size (`size: [w, h]`), printed as
one page or as tiles.

Contract: `draw_tiled(ctx, sheet, layout, size)` lays out each page of the sheet at the layout's own
size (`size`, its `page_size()`: the content box, without the paper's margin), plans its tiles on
the build's paper (`layout.tiling.plan_tiles`, with the layout's `margin` and `overlap`) and draws
them (`draw.tiles.TilePainter`): one centred page when the component fits the paper, else an
assembly map and one page per tile, each with the print note and its label. Problems (a component
that cannot be tiled, layout problems) are reported to the context like every component's; the
progress display and the file report count every page written (`plan.pages` per copy).
"""
from __future__ import annotations

from ..core.errors import Problem
from ..draw.tiles import TilePainter
from ..layout.items import Face
from ..layout.notes import Note, NotePage
from ..layout.tiling import REGISTER_ARM, Box, TilePlan, plan_tiles
from ..model.kit import Page, Sheet
from ..model.layout import Layout
from ..model.units import paper_points
from .context import KitContext, Opened
from .pages import sheet_pages


def draw_tiled(ctx: KitContext, sheet: Sheet, layout: Layout, size: tuple[float, float]) -> None:
    paper = paper_points(ctx.options.paper)
    plan = plan_tiles(size, paper, layout.margin, layout.overlap, ctx.options.orientation, layout.orientation,
                      ctx.printer_margin)
    if isinstance(plan, Problem):
        ctx.report(Problem(plan.what, f"sheet {sheet.name!r}", sheet.ref.child("layout")))
        return
    builder = ctx.builder(sheet.spec.layout, size, 0.0)
    opened = ctx.open(sheet.name, (plan.width, plan.height))
    tiles = _painter(ctx, opened) if opened is not None else None
    label = f"{ctx.kit.game.title} · {sheet.title}"
    notes = _notes(ctx, plan, label)

    def draw(face: Face, page: Page) -> None:
        if tiles is not None:
            tiles.component(face, plan, f"{sheet.name}-{page.index}", label, notes)
    sheet_pages(ctx, sheet, builder, opened, plan.pages, draw)


def _notes(ctx: KitContext, plan: TilePlan, label: str) -> list[tuple[Note, ...]]:
    """Each page's notes, the map's first: the print note and the page's label."""
    text = ctx.messages.text
    page = NotePage(plan.width, plan.height, plan.printable)
    out: list[tuple[Note, ...]] = []
    if not plan.single:
        m = plan.margin
        out.append(ctx.notes(page, (m, m, plan.width - m, plan.height - m), (), f"{label} · {text('assembly_map')}"))
    for tile in plan.tiles:
        name = label if plan.single else f"{label} · {text('tile_sheet', label=tile.label)}"
        keep: list[Box] = list(tile.crop) + [_register_box(tile.to_page(*r)) for r in tile.registers]
        out.append(ctx.notes(page, tile.page_box, keep + ([tile.label_box] if tile.label_box else []), name))
    return out


def _painter(ctx: KitContext, opened: Opened) -> TilePainter:
    fonts = ctx.fonts
    return TilePainter(opened.canvas, opened.painter, fonts.default_face().name, fonts.default_bold().name,
                       ctx.messages)


def _register_box(point: tuple[float, float]) -> Box:
    x, y = point
    return (x - REGISTER_ARM, y - REGISTER_ARM, x + REGISTER_ARM, y + REGISTER_ARM)
