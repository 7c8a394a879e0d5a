"""Drawing a tiled page component: the assembly map, then one page per tile.

Contract: `TilePainter(canvas, painter, regular, bold, messages).component(face, plan, key, label,
notes)` draws one copy of a page component laid out at its own size (`face`) following a
`layout.tiling.TilePlan`, with the fonts named `regular` and `bold` and the sheet texts of
`messages` (the kit's language): the face is recorded once as a PDF form (named after `key`: one
per page of the sheet) and shown, clipped, on every tile at the tile's offset, so the content of an
overlap is the same on both tiles to the last point. A plan with one tile gives one page with the
component centred. Otherwise the first page is the assembly map (the whole component scaled down,
the tile grid, the labels and the steps), then each tile: its glue strips (shaded, dashed where the
neighbour's edge goes, "glue zone" along them), the register marks of its joints in the margins,
crop marks, its label and its neighbours in the widest margin. `notes` holds each page's notes
(the print note and the page's label, placed by `layout.notes`), map first. Every page gets its
TrimBox and BleedBox (the tile's region).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..layout.items import Face
from ..layout.notes import NOTE_SIZE, Note
from ..layout.tiling import REGISTER_ARM, REGISTER_RADIUS, Box, MapView, Strip, Tile, TilePlan
from .paint import Painter
from .sheets import draw_marks, draw_notes, end_page

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas

    from ..messages import Messages

GLUE_TINT = (0.55, 0.55, 0.55)
GLUE_ALPHA = 0.35
MARK_LINE = 0.4
MAP_LINE = (0.80, 0.10, 0.10)


class TilePainter:
    def __init__(self, canvas: Canvas, painter: Painter, regular: str, bold: str, messages: Messages):
        self.c = canvas
        self.painter = painter
        self.regular, self.bold = regular, bold
        self.text = messages

    def component(self, face: Face, plan: TilePlan, key: str, label: str, notes: Sequence[Sequence[Note]]) -> None:
        """Every page of one copy of the component (see the module docstring)."""
        form = self.painter.forms.layer(f"tiled:{key}", (0.0, -face.height, face.width, 0.0),
                                        lambda: self.painter.face(face))
        pages = iter(notes)
        if plan.map is not None:  # several tiles: the assembly map first
            self._map(form, plan, plan.map, label, next(pages))
        for tile in plan.tiles:
            self._tile(form, plan, tile, next(pages))

    # --- one tile ------------------------------------------------------------------------------

    def _tile(self, form: str, plan: TilePlan, tile: Tile, notes: Sequence[Note]) -> None:
        c = self.c
        x0, y0, x1, y1 = tile.page_box
        u, v = tile.region[0], tile.region[1]
        c.saveState()
        path = c.beginPath()
        path.rect(x0, y0, x1 - x0, y1 - y0)
        c.clipPath(path, stroke=0, fill=0)
        c.translate(x0 - u, y1 + v)
        c.doForm(form)
        c.restoreState()
        for strip in tile.strips:
            self._strip(tile, strip)
        for mark in tile.registers:
            self._register(*tile.to_page(*mark))
        draw_marks(c, tile.crop)
        if not plan.single:
            self._tile_notes(plan, tile)
        draw_notes(c, self.regular, notes)
        end_page(c, tile.page_box)

    def _strip(self, tile: Tile, strip: Strip) -> None:
        c = self.c
        x0, y0, x1, y1 = tile.page_rect(strip.region)
        c.saveState()
        c.setFillColorRGB(*GLUE_TINT)
        c.setFillAlpha(GLUE_ALPHA)
        c.rect(x0, y0, x1 - x0, y1 - y0, stroke=0, fill=1)
        c.setStrokeColorRGB(0.1, 0.1, 0.1)  # the fill's alpha leaves the stroke opaque
        c.setLineWidth(0.6)
        c.setDash([3, 2])
        if strip.side == "right":
            c.line(x0, y0, x0, y1)
        else:
            c.line(x0, y1, x1, y1)
        c.restoreState()
        self._strip_words(strip, (x0, y0, x1, y1))

    def _strip_words(self, strip: Strip, box: Box) -> None:
        """"glue zone" along the strip, repeated every so often."""
        c = self.c
        x0, y0, x1, y1 = box
        words = self.text.text("glue_zone", neighbour=strip.neighbour)
        vertical = strip.side == "right"
        size = min(7.0, (x1 - x0 if vertical else y1 - y0) * 0.45)
        width = c.stringWidth(words, self.regular, size)
        low, high = (y0, y1) if vertical else (x0, x1)
        count = max(1, min(3, int((high - low) // (width * 1.6))))
        c.saveState()
        c.setFillColorRGB(0.1, 0.1, 0.1)
        c.setFont(self.regular, size)
        for i in range(count if high - low >= width + 8 else 0):
            middle = low + (high - low) * (i + 0.5) / count
            if vertical:
                c.saveState()
                c.translate((x0 + x1) / 2 + size * 0.35, middle)
                c.rotate(90)
                c.drawCentredString(0, 0, words)
                c.restoreState()
            else:
                c.drawCentredString(middle, (y0 + y1) / 2 - size * 0.35, words)
        c.restoreState()

    def _register(self, x: float, y: float) -> None:
        """A register mark in the margin: a circle and a cross, centred on the joint's cut line."""
        c = self.c
        c.saveState()
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(MARK_LINE)
        c.circle(x, y, REGISTER_RADIUS, stroke=1, fill=0)
        c.lines([(x - REGISTER_ARM, y, x + REGISTER_ARM, y), (x, y - REGISTER_ARM, x, y + REGISTER_ARM)])
        c.restoreState()

    def _tile_notes(self, plan: TilePlan, tile: Tile) -> None:
        """The tile's big label in the widest margin, with its neighbours under it."""
        box = tile.label_box
        if box is None:
            return
        c = self.c
        x0, y0, x1, y1 = box
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        size = min(40.0, (x1 - x0) * 0.6)
        c.saveState()
        c.setFillColorRGB(0.15, 0.15, 0.15)
        c.setFont(self.bold, size)
        c.drawCentredString(cx, cy, tile.label)
        c.setFont(self.regular, NOTE_SIZE + 1)
        lines = [self.text.text("tile_count", n=plan.tiles.index(tile) + 1, total=len(plan.tiles))]
        lines += [self.text.text(f"side_{side}", name=name) for side, name in tile.neighbours]
        for i, line in enumerate(lines):
            c.drawCentredString(cx, cy - size * 0.5 - (i + 1) * (NOTE_SIZE + 3), line)
        c.restoreState()

    # --- the assembly map ----------------------------------------------------------------------

    def _map(self, form: str, plan: TilePlan, view: MapView, label: str, notes: Sequence[Note]) -> None:
        c = self.c
        x0, y0, x1, y1 = view.box
        c.saveState()
        c.translate(x0, y1)
        c.scale(view.scale, view.scale)
        c.doForm(form)
        c.restoreState()
        c.saveState()
        c.setFillColorRGB(1, 1, 1)
        c.setFillAlpha(0.35)
        for bx0, by0, bx1, by1 in view.overlaps:
            c.rect(bx0, by0, bx1 - bx0, by1 - by0, stroke=0, fill=1)
        c.restoreState()
        self._map_tiles(view)
        self._map_text(plan, view, label)
        draw_notes(c, self.regular, notes)
        end_page(c, (0.0, 0.0, plan.width, plan.height))

    def _map_tiles(self, view: MapView) -> None:
        c = self.c
        c.saveState()
        c.setStrokeColorRGB(*MAP_LINE)
        c.setLineWidth(1.2)
        for name, (bx0, by0, bx1, by1) in view.tiles:
            c.rect(bx0, by0, bx1 - bx0, by1 - by0, stroke=1, fill=0)
        size = view.label_size
        for name, (bx0, by0, bx1, by1) in view.tiles:
            cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
            width = c.stringWidth(name, self.bold, size)
            c.setFillColorRGB(1, 1, 1)
            c.setFillAlpha(0.8)
            c.roundRect(cx - width / 2 - size * 0.2, cy - size * 0.55, width + size * 0.4, size * 1.1,
                        size * 0.15, stroke=0, fill=1)
            c.setFillAlpha(1.0)
            c.setFillColorRGB(*MAP_LINE)
            c.setFont(self.bold, size)
            c.drawCentredString(cx, cy - size * 0.35, name)
        c.restoreState()

    def _map_text(self, plan: TilePlan, view: MapView, label: str) -> None:
        c = self.c
        left = plan.margin
        c.saveState()
        c.setFillColorRGB(0.1, 0.1, 0.1)
        c.setFont(self.bold, 16)
        c.drawString(left, view.title_y - 5, f"{label} — {self.text.text('assembly_map')}")
        c.setFont(self.regular, 9)
        size = f"{plan.size[0] * 25.4 / 72:.0f} × {plan.size[1] * 25.4 / 72:.0f}\u00a0mm"
        c.drawString(left, view.notes_top, self.text.text(
            "assembly_summary", tiles=len(plan.tiles), rows=plan.rows, cols=plan.cols,
            overlap=f"{plan.overlap * 25.4 / 72:.0f}", size=size))
        for i, step in enumerate(self.text.lines("assembly_steps")):
            c.drawString(left, view.notes_top - (i + 1.6) * 12, step)
        c.restoreState()
