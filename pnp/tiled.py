"""The pages of a sheet whose page layout has its own size (`size: [w, h]`): one page, or tiles.

Contract: `TiledSheet(run, sheet, layout, size).run()` lays out each page of the sheet at the
layout's own size (`size`, its `page_size()`: the content box, without the paper's margin), plans
its tiles on the build's paper (`layout.tiling.plan_tiles`, with the layout's `margin` and
`overlap`) and draws them (`draw.tiles.TilePainter`): one centred page when the component fits the
paper, else an assembly map and one page per tile. Problems (a component that cannot be tiled, layout problems) go to
the run like every component's; the progress display and the file report count every page written
(`plan.pages` per copy).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .draw.tiles import TilePainter
from .core.errors import Problem
from .layout.items import Face
from .layout.notes import Note, NotePage
from .layout.tiling import REGISTER_ARM, Box, TilePlan, plan_tiles
from .model.kit import Page, Sheet
from .model.layout import Layout
from .model.units import paper_points

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas

    from .draw.paint import Painter
    from .runner import KitRun


class TiledSheet:
    def __init__(self, run: "KitRun", sheet: Sheet, layout: Layout, size: tuple[float, float]):
        self.run_, self.sheet, self.layout, self.size = run, sheet, layout, size

    def run(self) -> None:
        run, sheet, layout, size = self.run_, self.sheet, self.layout, self.size
        paper = paper_points(run.options.paper)
        plan = plan_tiles(size, paper, layout.margin, layout.overlap, run.options.orientation, layout.orientation,
                          run.printer_margin)
        if isinstance(plan, Problem):
            run.problems.append(Problem(plan.what, f"sheet {sheet.name!r}", sheet.ref.child("layout")))
            return
        builder = run.builder(sheet.spec.layout, size, 0.0)
        canvas, painter = run._canvas(sheet.name, (plan.width, plan.height))
        tiles = self._painter(canvas, painter) if canvas is not None and painter is not None else None
        label = f"{run.kit.game.title} · {sheet.title}"
        notes = self._notes(plan, label)

        def draw(face: Face, page: Page) -> None:
            if tiles is not None:
                tiles.component(face, plan, f"{sheet.name}-{page.index}", label, notes)
        run._sheet_pages(sheet, builder, canvas, plan.pages, draw)

    def _notes(self, plan: TilePlan, label: str) -> list[tuple[Note, ...]]:
        """Each page's notes, the map's first: the print note and the page's label."""
        text, run = self.run_.messages.text, self.run_
        page = NotePage(plan.width, plan.height, plan.printable)
        out: list[tuple[Note, ...]] = []
        if not plan.single:
            m = plan.margin
            out.append(run.notes(page, (m, m, plan.width - m, plan.height - m), (), f"{label} · {text('assembly_map')}"))
        for tile in plan.tiles:
            name = label if plan.single else f"{label} · {text('tile_sheet', label=tile.label)}"
            keep: list[Box] = list(tile.crop) + [_register_box(tile.to_page(*r)) for r in tile.registers]
            out.append(run.notes(page, tile.page_box, keep + ([tile.label_box] if tile.label_box else []), name))
        return out

    def _painter(self, canvas: Canvas, painter: Painter) -> TilePainter:
        fonts = self.run_.session.fonts
        return TilePainter(canvas, painter, fonts.default_face().name, fonts.default_bold().name, self.run_.messages)


def _register_box(point: tuple[float, float]) -> Box:
    x, y = point
    return (x - REGISTER_ARM, y - REGISTER_ARM, x + REGISTER_ARM, y + REGISTER_ARM)
