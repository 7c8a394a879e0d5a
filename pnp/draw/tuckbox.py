"""Drawing a tuck box: its net on the page, the deck's art on its large panels, its lines and words.

Contract: `TuckPainter(canvas, painter, regular, bold, messages).piece(placed, art, texts, notes)`
draws one piece of a `layout.tuckbox.TuckPlan` on one page and ends the page: the art (a card
face, drawn at its own size, centred and clipped to the front and back panels), the glue flaps
shaded grey with "glue" on them, the names of the other flaps (hidden once the box is made), the
kit's title and the box's contents along the sides and on the lid, the fold lines dashed grey, the
cut outline solid black, then the page's notes. `texts` holds what is printed: `title`, `contents`.
The page's TrimBox and BleedBox are the piece's box.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..layout.items import RGB, Face
from ..layout.notes import NOTE_SIZE, Note
from ..layout.tuckbox import Box, Net, Placed, Point
from ..model.units import MM
from .paint import Painter
from .sheets import draw_notes, end_page

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.pdfgen.pathobject import PDFPathObject

    from ..messages import Messages

CUT_WIDTH = 0.6
FOLD_WIDTH = 0.5
FOLD_GREY = (0.45, 0.45, 0.45)
GLUE_GREY = (0.85, 0.85, 0.85)
FLAP_WORDS = {"tuck": "tuck_flap", "dust": "tuck_dust"}


class TuckPainter:
    def __init__(self, canvas: Canvas, painter: Painter, regular: str, bold: str, messages: Messages):
        self.c = canvas
        self.painter = painter
        self.regular, self.bold = regular, bold
        self.text = messages

    def piece(self, placed: Placed, art: Face | None, texts: dict[str, str], notes: Sequence[Note]) -> None:
        c, net = self.c, placed.net
        c.saveState()
        if placed.turned:  # a quarter turn clockwise: the net's top edge on the right
            c.translate(placed.x + net.height, placed.top)
            c.rotate(-90)
        else:
            c.translate(placed.x, placed.top)
        for name, box in net.panels.items():
            if art is not None and name in ("front", "back"):
                self._art(box, art)
        self._glue(net)
        self._flaps(net)
        self._words(net, texts)
        self._lines(net)
        c.restoreState()
        draw_notes(c, self.regular, notes)
        w, h = (net.height, net.width) if placed.turned else (net.width, net.height)
        end_page(c, (placed.x, placed.top - h, placed.x + w, placed.top))

    def _art(self, box: Box, face: Face) -> None:
        c = self.c
        x0, y0, x1, y1 = box
        c.saveState()
        path = c.beginPath()
        path.rect(x0, -y1, x1 - x0, y1 - y0)
        c.clipPath(path, stroke=0, fill=0)
        c.translate(x0 + (x1 - x0 - face.width) / 2, -y0 - (y1 - y0 - face.height) / 2)
        self.painter.face(face)
        c.restoreState()

    def _glue(self, net: Net) -> None:
        c = self.c
        c.saveState()
        c.setFillColorRGB(*GLUE_GREY)
        for polygon in net.glue:
            c.drawPath(self._path(polygon), stroke=0, fill=1)
            xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
            self._label((min(xs), min(ys), max(xs), max(ys)), self.text.text("tuck_glue"), (0.3, 0.3, 0.3))
        c.restoreState()

    def _flaps(self, net: Net) -> None:
        for kind, box in net.flaps:
            self._label(box, self.text.text(FLAP_WORDS[kind]), (0.55, 0.55, 0.55))

    def _words(self, net: Net, texts: dict[str, str]) -> None:
        """The title and the contents along each side panel; the title on the top lid."""
        for name, box in net.panels.items():
            if name.startswith("side"):
                self._label(box, f"{texts['title']} · {texts['contents']}", (0.1, 0.1, 0.1), size=9.0, bold=True)
        back = net.panels.get("back")
        lids = [b for kind, b in net.flaps if kind == "tuck"]
        if back is not None and lids:
            top = back[1]
            lid = (back[0], lids[0][3], back[2], top)  # between the tuck flap's hinge and the back's top
            self._label(lid, texts["title"], (0.1, 0.1, 0.1), size=9.0, bold=True, turn=False)

    def _label(self, box: Box, words: str, colour: RGB, size: float = NOTE_SIZE, bold: bool = False,
               turn: bool | None = None) -> None:
        """`words` centred in `box`, along its longer side, smaller if need be (not under 6 pt), or
        left out when the box is too small."""
        c = self.c
        x0, y0, x1, y1 = box
        w, h = x1 - x0, y1 - y0
        vertical = h > w if turn is None else turn
        length, thickness = (h, w) if vertical else (w, h)
        font = self.bold if bold else self.regular
        size = min(size, thickness * 0.5, size * (length - 2 * MM) / max(c.stringWidth(words, font, size), 1e-6))
        if size < NOTE_SIZE:
            return
        c.saveState()
        c.setFillColorRGB(*colour)
        c.setFont(font, size)
        c.translate((x0 + x1) / 2, -(y0 + y1) / 2)
        if vertical:
            c.rotate(90)
        c.drawCentredString(0, -size * 0.35, words)
        c.restoreState()

    def _lines(self, net: Net) -> None:
        c = self.c
        c.saveState()
        c.setStrokeColorRGB(*FOLD_GREY)
        c.setLineWidth(FOLD_WIDTH)
        c.setDash([3, 2])
        c.lines([(a[0], -a[1], b[0], -b[1]) for a, b in net.folds])
        c.restoreState()
        c.saveState()
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(CUT_WIDTH)
        c.setLineJoin(1)
        for outline in net.cuts:
            c.drawPath(self._path(outline), stroke=1, fill=0)
        c.restoreState()

    def _path(self, points: list[Point]) -> PDFPathObject:
        """A closed path through top-down points."""
        path = self.c.beginPath()
        path.moveTo(points[0][0], -points[0][1])
        for x, y in points[1:]:
            path.lineTo(x, -y)
        path.close()
        return path
