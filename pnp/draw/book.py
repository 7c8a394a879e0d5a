"""Drawing a rulebook's pages: flat pages on the build's paper, or imposed booklet sheets.

Contract: `BookPainter(canvas, painter)` draws `pnp.layout.bookpages.BookPage`s. `page(page)` draws
one page on a page of its own size (A4, Letter). `side(side, pages)` draws one side of a booklet
sheet (`pnp.layout.booklet.SheetSide`): its two pages side by side (a blank half for a page beyond
the text), turned half a turn when the side is a back (the sheet turns over about its long edge,
as pnp's long-edge duplex does everywhere), then the fold and staple marks the side carries. A
figure's faces are painted by the kit's own `Painter` (the same drawing as the printed material,
vectors and shared forms) inside a clipped, scaled and turned graphics state, with a hairline on
their cut edge. On a CMYK canvas each page's TrimBox and BleedBox are the page (`sheets.end_uncut_page`:
nothing is cut). The only canvas code of rulebooks.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..layout.bookflow import FacePlace
from ..layout.booklet import Mark, SheetSide
from ..layout.bookpages import BookPage
from .paint import Painter
from .sheets import end_uncut_page

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas

EDGE = (0.55, 0.55, 0.55)  # the hairline of a figure's cut edge
MARK = (0.35, 0.35, 0.35)


class BookPainter:
    def __init__(self, canvas: Canvas, painter: Painter):
        self.c, self.painter = canvas, painter

    def page(self, page: BookPage) -> None:
        self.c.saveState()
        self.c.translate(0, page.height)
        self._content(page)
        self.c.restoreState()
        end_uncut_page(self.c, page.width, page.height)

    def side(self, side: SheetSide, pages: dict[int, BookPage]) -> None:
        c = self.c
        c.saveState()
        if side.turned:  # half a turn about the sheet's centre
            c.translate(side.width, side.height)
            c.rotate(180)
        for x, number in ((0.0, side.left), (side.width / 2, side.right)):
            page = pages.get(number)
            if page is not None:
                c.saveState()
                c.translate(x, side.height)
                self._content(page)
                c.restoreState()
        self._marks(side.marks, side.height)
        c.restoreState()
        end_uncut_page(c, side.width, side.height)

    def _content(self, page: BookPage) -> None:
        self.painter.items(page.items)
        for place in page.figures:
            self._face(place)

    def _face(self, place: FacePlace) -> None:
        """A face of the kit's material, its trim box's corner at the place, clipped to its trim (or
        region), scaled and turned."""
        c = self.c
        face = place.face
        x, y, w, h = place.clip or (0.0, 0.0, face.width, face.height)
        c.saveState()
        c.translate(place.x, -place.y)
        if place.angle:
            c.rotate(-place.angle)
        c.scale(place.scale, place.scale)
        path = c.beginPath()
        path.rect(x, -(y + h), w, h)
        c.clipPath(path, stroke=0, fill=0)
        self.painter.face(face)
        c.restoreState()
        if place.outline:
            self._edge(place, x, y, w, h)

    def _edge(self, place: FacePlace, x: float, y: float, w: float, h: float) -> None:
        c = self.c
        c.saveState()
        c.translate(place.x, -place.y)
        if place.angle:
            c.rotate(-place.angle)
        c.setStrokeColorRGB(*EDGE)
        c.setLineWidth(0.4)
        s = place.scale
        c.rect(x * s, -(y + h) * s, w * s, h * s, stroke=1, fill=0)
        c.restoreState()

    def _marks(self, marks: tuple[Mark, ...], height: float) -> None:
        c = self.c
        c.setStrokeColorRGB(*MARK)
        for mark in marks:
            c.setLineWidth(mark.width)
            c.setDash(list(mark.dash) if mark.dash else [])
            c.line(mark.x0, height - mark.y0, mark.x1, height - mark.y1)
        c.setDash([])


def figure_pdf(places: tuple[FacePlace, ...], width: float, height: float, font: str) -> bytes:
    """A figure alone on a page of its size, as a PDF (the HTML export rasterises it)."""
    import io

    from ..output import make_canvas
    from .forms import FormCache

    buffer = io.BytesIO()
    canvas = make_canvas(buffer, (width, height), font, {})
    book = BookPainter(canvas, Painter(canvas, FormCache(canvas, 300, None)))
    book.page(BookPage(1, width, height, (), places))
    canvas.save()
    return buffer.getvalue()
