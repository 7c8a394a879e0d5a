"""Painting laid-out items on a ReportLab canvas.

Contract: `Painter(canvas, forms).face(face)` paints a face whose trim box's top-left corner is at
the canvas origin (the caller translates there): its background over the whole bleed box, then its
items; layout's top-down coordinates become PDF's bottom-up ones here and nowhere else. Shared
layers are drawn once into a form and reused. Every text is set in a bundled, embedded TrueType
font; its inline icons take its colour. A run of text already set in a font, size and subset on
this canvas is not encoded again: its operator and width are remembered (`Said`, one per
canvas); a new run whose characters all have their codes in one subset already is encoded from
the font's assignments, without ReportLab's glyph-by-glyph `splitString`, and a line's start is
formatted once per place: the stream is the one ReportLab writes, byte for byte.
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Iterable

from reportlab.pdfgen.textobject import PDFTextObject

from ..layout.items import RGB, Face, Item, Picture, Shape, TextItem
from .forms import FormCache
from .ops import Drawn, Moves, Said, Spoken

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas
    from ..layout.textfit import Line

Icon = tuple[float, float, float, str]  # an inline icon met in a line: x, y, side, path

ICON_DROP = 0.18  # an inline icon sits this fraction of its side below the baseline


def _line(text: PDFTextObject, line: Line, x0: float, y: float, icons: list[Icon], state: dict[str, Any],
          said: Said) -> None:
    """One line of text: words are joined by real space characters (so the PDF's text reads and
    copies right); the position is set again only where the layout put a word elsewhere (justified
    lines, icons). `state` remembers the text object's font across lines and items."""
    cursor = None
    for frag in line.frags:
        if frag.icon is not None:
            icons.append((x0 + frag.x, y - ICON_DROP * frag.size, frag.size, frag.icon))
            continue
        face = frag.face
        if face is None:  # (a fragment that is no icon has its face)
            continue
        font = (face.name, frag.size)
        if font != state.get("font"):
            state["font"] = font
            text.setFont(*font)
        if cursor is not None and frag.x > cursor + 0.01:  # a word gap
            said.out(text, " ")
        if cursor is None or abs(text.getX() - (x0 + frag.x)) > 0.01:
            said.origin(text, x0 + frag.x, y)
        said.out(text, frag.text)
        cursor = frag.x + face.width(frag.text, frag.size)


def _set_texts(text: PDFTextObject, items: list[TextItem], said: Said,
               spoken: Spoken) -> list[tuple[float, float, float, str, RGB]]:
    """Every line of `items` into the text object; returns the inline icons met, to paint after it.
    An item without icons set before in the same state is set from `spoken` (a text object of
    ReportLab's own: another, such as a test's recorder, is only called)."""
    icons: list[tuple[float, float, float, str, RGB]] = []
    state: dict[str, Any] = {}
    known = isinstance(text, PDFTextObject)
    for t in items:
        if known:
            key = spoken.key(text, t, state)
            if spoken.replay(text, key, t, state):
                continue
            start = len(text._code)  # noqa: SLF001
        if state.get("color") != t.color:
            state["color"] = t.color
            said.fill(text, t.color)
        found: list[Icon] = []
        for line in t.block.lines:
            _line(text, line, t.x, -(t.y + line.baseline), found, state, said)
        if found:
            icons += [(x, y, side, path, t.color) for x, y, side, path in found]
        elif known:
            spoken.keep(key, t, text, start, state)
    return icons


class Painter:
    def __init__(self, canvas: Canvas, forms: FormCache):
        self.c = canvas
        self.forms = forms
        self.said = Said()
        self.moves = Moves(canvas)
        self.spoken = Spoken()
        self.drawn = Drawn(canvas)
        self._layers: dict[str, str] = {}  # a shared layer's key: its form's name (FormCache.layer's)

    def placed(self, face: Face, x: float, y: float) -> None:
        """`face` painted with its trim box's top-left corner at (x, y): the canvas moved there and
        back (`Moves`: the same moves on every sheet are formatted once)."""
        self.moves.translate(x, y)
        self.face(face)
        self.moves.translate(-x, -y)

    def face(self, face: Face) -> None:
        if face.background is not None:  # the whole bleed box, under everything
            b = face.bleed
            self.c.setFillColorRGB(*face.background)
            self.c.rect(-b, -face.height - b, face.width + b * 2, face.height + b * 2, stroke=0, fill=1)
        pending: list[Item] = []  # the face's own items between shared layers, painted together
        for key, items in face.layers:
            if key is None:
                pending.extend(items)
            elif items:
                self.items(pending)
                pending = []
                name = self._layers.get(key)
                if name is None:
                    b = face.bleed
                    box = (-b, -face.height - b, face.width + b, b)
                    name = self._layers[key] = self.forms.layer(key, box, partial(self.items, items))
                self.drawn.form(name)
        self.items(pending)

    def items(self, items: Iterable[Item]) -> None:
        texts: list[TextItem] = []  # consecutive plain texts share one PDF text object
        for item in items:
            if isinstance(item, TextItem) and not item.rotate and item.outline is None:
                texts.append(item)
                continue
            self._texts(texts)
            texts = []
            if item.rotate:
                self._rotated(item)
            else:
                self._item(item)
        self._texts(texts)

    def _texts(self, items: list[TextItem], outline: RGB | None = None) -> None:
        """Texts in one PDF text object, their icons after it; `outline`: stroked in that colour too."""
        if not items:
            return
        c = self.c
        if outline is not None:
            c.saveState()
            c.setStrokeColorRGB(*outline)
            c.setLineWidth(items[0].block.size * 0.12)
        text = c.beginText()
        if outline is not None:
            text.setTextRenderMode(2)
        icons = _set_texts(text, items, self.said, self.spoken)
        c.drawText(text)
        if outline is not None:
            c.restoreState()
        for x, y, side, path, colour in icons:
            self._form(self.forms.icon(path, colour), x, y, side, side)

    def _rotated(self, item: Item) -> None:
        c = self.c
        cx, cy = item.x + item.w / 2, -(item.y + item.h / 2)
        c.saveState()
        c.translate(cx, cy)
        c.rotate(-item.rotate)
        c.translate(-cx, -cy)
        self._item(item)
        c.restoreState()

    def _item(self, item: Item) -> None:
        if isinstance(item, Shape):
            self._shape(item)
        elif isinstance(item, TextItem):
            self._texts([item], item.outline)
        else:
            self._picture(item)

    def _shape(self, s: Shape) -> None:
        c = self.c
        fill, stroke = s.fill is not None, s.stroke is not None and s.width > 0
        if not (fill or stroke):
            return
        isolated = bool(s.dash) or s.opacity < 1.0  # state that must not leak to later items
        if not isolated:  # painted again as it was (`Drawn`)
            if self.drawn.replay(s):
                return
            start = self.drawn.start()
            self._coloured(s, fill, stroke)
            self.drawn.keep(s, start)
            return
        c.saveState()
        self._coloured(s, fill, stroke)
        c.restoreState()

    def _coloured(self, s: Shape, fill: bool, stroke: bool) -> None:
        """A shape's colours, width, dash and opacity set, and its outline painted."""
        c = self.c
        if s.fill is not None:
            c.setFillColorRGB(*s.fill)
        if stroke and s.stroke is not None:
            c.setStrokeColorRGB(*s.stroke)
            c.setLineWidth(s.width)
            if s.dash:
                c.setDash(list(s.dash))
        if s.opacity < 1.0:
            c.setFillAlpha(s.opacity)
            c.setStrokeAlpha(s.opacity)
        self._outline(s, int(fill), int(stroke))  # (colours and widths need no restoring: every item sets its own)

    def _outline(self, s: Shape, fill: int, stroke: int) -> None:
        c = self.c
        if s.kind == "line":
            c.line(s.x, -s.y, s.x + s.w, -(s.y + s.h))
        elif s.kind == "ellipse":
            c.ellipse(s.x, -(s.y + s.h), s.x + s.w, -s.y, stroke=stroke, fill=fill)
        elif s.radius > 0:
            c.roundRect(s.x, -(s.y + s.h), s.w, s.h, min(s.radius, s.w / 2, s.h / 2), stroke=stroke, fill=fill)
        else:
            c.rect(s.x, -(s.y + s.h), s.w, s.h, stroke=stroke, fill=fill)

    def _picture(self, p: Picture) -> None:
        if p.kind == "icon" or (p.kind == "svg" and p.color is not None):  # recoloured single-colour art
            name = self.forms.icon(p.path, p.color or (0.0, 0.0, 0.0))
        elif p.kind == "svg":
            name = self.forms.svg(p.path)
        else:
            name = self.forms.image(p.path, p.w, p.h)  # the box sets the pixels worth embedding
        if p.opacity < 1.0:  # (an ink-saving print's art: layout.saver)
            self.c.saveState()
            self.c.setFillAlpha(p.opacity)
            self.c.setStrokeAlpha(p.opacity)
            self._form(name, p.x, -(p.y + p.h), p.w, p.h)
            self.c.restoreState()
            return
        self._form(name, p.x, -(p.y + p.h), p.w, p.h)

    def _form(self, name: str, x: float, y: float, w: float, h: float) -> None:
        c = self.c
        c.saveState()
        c.transform(w, 0, 0, h, x, y)
        c.doForm(name)
        c.restoreState()
