"""Drawing a tiled page component: the assembly map, then one page per tile.

Contract: `TilePainter(canvas, painter, regular, bold).component(face, plan, key, label)` draws one
copy of a page component laid out at its own size (`face`) following a `layout.tiling.TilePlan`,
with the fonts named `regular` and `bold`: the face is recorded once as a PDF form (named after
`key`: one per page of the sheet) and shown, clipped, on every tile at the tile's offset, so the
content of an overlap is the same on both tiles to the last point. A plan with one tile gives one
page with the component centred. Otherwise the first page is the assembly map (the whole
component scaled down, the tile grid, the labels and the steps), then each tile: its glue strips
(shaded, dashed where the neighbour's edge goes, "zone de collage"), the alignment marks of its
joints, crop marks, its label and its neighbours in the margins. Every page gets its TrimBox and
BleedBox (the tile's region) and the "print at 100 %" note (`sheets.draw_notes`, kept within the
plan's margin of the paper's edge). French like the rest of the print.
"""
from __future__ import annotations

from ..layout.items import Face
from ..layout.tiling import MARK_RADIUS, Tile, TilePlan
from .paint import Painter
from .sheets import NOTE_SIZE, draw_marks, draw_notes, end_page

GLUE_TINT = (0.55, 0.55, 0.55)
GLUE_ALPHA = 0.35
MARK_COLOUR = (0.0, 0.0, 0.0)
MARK_LINE = 0.5
MAP_LINE = (0.80, 0.10, 0.10)
SIDE_WORDS = {"left": "à gauche", "right": "à droite", "top": "au-dessus", "bottom": "en dessous"}
STEPS = (
    "1. Imprimez toutes les feuilles à 100\u00a0% (taille réelle), sans ajustement à la page.",
    "2. Découpez chaque feuille le long des traits de coupe, aux coins de l’image.",
    "3. Posez chaque feuille sur la zone de collage grisée de sa voisine de gauche, puis de celle du dessus,",
    "    en faisant coïncider les croix de repérage et le bord avec le trait pointillé.",
    "4. Collez (colle en bâton ou ruban adhésif au dos), puis collez le tout sur un carton fin si vous voulez.",
)


class TilePainter:
    def __init__(self, canvas, painter: Painter, regular: str, bold: str):
        self.c = canvas
        self.painter = painter
        self.regular, self.bold = regular, bold

    def component(self, face: Face, plan: TilePlan, key: str, label: str) -> None:
        """Every page of one copy of the component (see the module docstring)."""
        form = self.painter.forms.layer(f"tiled:{key}", (0.0, -face.height, face.width, 0.0),
                                        lambda: self.painter.face(face))
        if plan.single:
            self._tile(form, plan, plan.tiles[0], label)
            return
        self._map(form, plan, label)
        for tile in plan.tiles:
            self._tile(form, plan, tile, label)

    # --- one tile ------------------------------------------------------------------------------

    def _tile(self, form: str, plan: TilePlan, tile: Tile, label: str) -> None:
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
        for mark in tile.marks:
            self._mark(*tile.to_page(*mark))
        draw_marks(c, tile.crop)
        if not plan.single:
            self._tile_notes(plan, tile, label)
        self._notes(plan, label if plan.single else f"{label} · feuille {tile.label}")
        end_page(c, tile.page_box)

    def _strip(self, tile: Tile, strip) -> None:
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
        self._strip_words(tile, strip, (x0, y0, x1, y1))

    def _strip_words(self, tile: Tile, strip, box) -> None:
        """"zone de collage" along the strip, between the alignment marks."""
        c = self.c
        x0, y0, x1, y1 = box
        words = f"zone de collage · {strip.neighbour} se pose ici"
        size = min(7.0, (x1 - x0 if strip.side == "right" else y1 - y0) * 0.45)
        vertical = strip.side == "right"
        marks = sorted(tile.to_page(*m)[1 if vertical else 0] for m in tile.marks
                       if _inside(tile.to_page(*m), box))
        low, high = (y0, y1) if vertical else (x0, x1)
        stops = [low] + marks + [high]
        c.saveState()
        c.setFillColorRGB(0.1, 0.1, 0.1)
        c.setFont(self.regular, size)
        width = c.stringWidth(words, self.regular, size)
        for a, b in zip(stops, stops[1:]):
            if b - a < width + 4 * MARK_RADIUS:
                continue
            middle = (a + b) / 2
            if vertical:
                c.saveState()
                c.translate((x0 + x1) / 2 + size * 0.35, middle)
                c.rotate(90)
                c.drawCentredString(0, 0, words)
                c.restoreState()
            else:
                c.drawCentredString(middle, (y0 + y1) / 2 - size * 0.35, words)
        c.restoreState()

    def _mark(self, x: float, y: float) -> None:
        """An alignment mark: a circle and a cross, white under black so it shows on dark ground."""
        c = self.c
        r, arm = MARK_RADIUS, MARK_RADIUS * 1.5
        c.saveState()
        for colour, width in (((1.0, 1.0, 1.0), MARK_LINE * 3), (MARK_COLOUR, MARK_LINE)):
            c.setStrokeColorRGB(*colour)
            c.setLineWidth(width)
            c.circle(x, y, r, stroke=1, fill=0)
            c.lines([(x - arm, y, x + arm, y), (x, y - arm, x, y + arm)])
        c.restoreState()

    def _tile_notes(self, plan: TilePlan, tile: Tile, label: str) -> None:
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
        lines = [f"feuille {plan.tiles.index(tile) + 1} sur {len(plan.tiles)}"]
        lines += [f"{SIDE_WORDS[side]}\u00a0: {name}" for side, name in tile.neighbours]
        for i, line in enumerate(lines):
            c.drawCentredString(cx, cy - size * 0.5 - (i + 1) * (NOTE_SIZE + 3), line)
        c.restoreState()

    # --- the assembly map ----------------------------------------------------------------------

    def _map(self, form: str, plan: TilePlan, label: str) -> None:
        c = self.c
        view = plan.map
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
        self._map_text(plan, label)
        self._notes(plan, f"{label} · plan d’assemblage")
        end_page(c, (0.0, 0.0, plan.width, plan.height))

    def _map_tiles(self, view) -> None:
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

    def _map_text(self, plan: TilePlan, label: str) -> None:
        c = self.c
        view = plan.map
        left = plan.margin
        c.saveState()
        c.setFillColorRGB(0.1, 0.1, 0.1)
        c.setFont(self.bold, 16)
        c.drawString(left, view.title_y - 5, f"{label} — plan d’assemblage")
        c.setFont(self.regular, 9)
        size = f"{plan.size[0] * 25.4 / 72:.0f} × {plan.size[1] * 25.4 / 72:.0f}\u00a0mm"
        c.drawString(left, view.notes_top, f"{len(plan.tiles)} feuilles ({plan.rows} × {plan.cols}), "
                     f"recouvrement {plan.overlap * 25.4 / 72:.0f}\u00a0mm\u00a0; assemblé\u00a0: {size}.")
        for i, step in enumerate(STEPS):
            c.drawString(left, view.notes_top - (i + 1.6) * 12, step)
        c.restoreState()

    # --- every page ----------------------------------------------------------------------------

    def _notes(self, plan: TilePlan, label: str) -> None:
        box = plan.tiles[0].page_box
        draw_notes(self.c, self.regular, plan.width / 2, plan.height, box[1], plan.height - box[3], label,
                   band=plan.margin)


def _inside(point, box) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]
