"""Operators remembered per canvas, so that what repeats from card to card is formatted once.

Contract: each class here belongs to one canvas (a `Painter`'s) and appends to it exactly the
operators ReportLab's own call would, byte for byte, leaving the same state behind; it only skips
the work of making them again. `Said` is `textOut` and `setTextOrigin` of a text object: a run of
text already set in a font, size and subset on this canvas is not encoded again (its operator and
width are remembered), and a new run whose characters all have their codes in one subset already
is encoded from the font's assignments, without ReportLab's glyph-by-glyph `splitString`.
`Moves` is `Canvas.translate`: the operator a move gives is a function of the move and of the
canvas's last operator (ReportLab merges a move into a `cm` just before it), remembered as such:
the 2 × 9 moves of a sheet's cards are the same on every page.
"""
from __future__ import annotations

from typing import cast

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.textobject import PDFTextObject

from reportlab.pdfgen.canvas import Canvas

SAID_MAX = 50_000  # runs of text (moves, places) remembered per canvas (a few MB at most), then forgotten at once


class Moves:
    """`canvas.translate(dx, dy)`, its operator remembered by (the canvas's last operator when it is
    a `cm` that ReportLab merges the move into, else None; dx; dy). (Numbers equal as keys — 1 and
    1.0, 0.0 and -0.0 — give the same text: `fp_str` writes both zeros as 0.)"""

    def __init__(self, canvas: Canvas):
        self.c = canvas
        self.real = isinstance(canvas, Canvas)  # (another, such as a test's recorder, is only called)
        self.known: dict[tuple[str | None, float, float], str] = {}

    def translate(self, dx: float, dy: float) -> None:
        c = self.c
        if not self.real:
            c.translate(dx, dy)
            return
        code = c._code  # noqa: SLF001 (the canvas's operators, as transform reads them)
        last = code[-1] if code else None
        merged = last is not None and last[-3:] == " cm"
        key = (last if merged else None, dx, dy)
        op = self.known.get(key)
        if op is None or not rl_canvas.ENABLE_TRACKING:
            c.translate(dx, dy)
            if len(self.known) >= SAID_MAX:
                self.known.clear()
            self.known[key] = code[-1]
            return
        a0, b0, c0, d0, e0, f0 = c._currentMatrix  # noqa: SLF001 (as transform(1, 0, 0, 1, dx, dy) tracks it)
        c._currentMatrix = (a0 * 1 + c0 * 0, b0 * 1 + d0 * 0, a0 * 0 + c0 * 1, b0 * 0 + d0 * 1,  # noqa: SLF001
                            a0 * dx + c0 * dy + e0, b0 * dx + d0 * dy + f0)
        if merged:
            code[-1] = op
        else:
            code.append(op)


class Said:
    """The text-showing operators of the runs of text set so far on one canvas, by (font, size,
    leading, current subset, text): ReportLab's `textOut` encodes each run glyph by glyph into its
    font subsets (`TTFont.splitString`), the costliest step of drawing a card; a run met again
    (the body text of many cards, a number, a word) reuses the operator it made. Once a run is
    encoded its glyphs are in the subsets, so the same key always gives the same operator."""

    def __init__(self) -> None:
        self.runs: dict[tuple[str, float, float, int, str], tuple[str, float, int]] = {}
        self.origins: dict[tuple[float, float], str] = {}  # a line's start (the same on every card of a layout): its operator
        self.colours: dict[tuple[float, float, float], str] = {}  # a text's fill colour: its operator
        self.notes: dict[tuple, str] = {}  # (font, size, leading, x, y, run): a centred line's text object
        self.fonts: dict[str, tuple] = {}  # a font's name: the font and its subsets' assignments in this document
        self.switches: dict[tuple, str] = {}  # (font, subset, size, leading): the operator that selects the subset

    def origin(self, text: PDFTextObject, x: float, y: float) -> None:
        """`text.setTextOrigin(x, y)`, its operator formatted once per place (ReportLab's text
        objects on a bottom-up canvas; another is only called)."""
        if not isinstance(text, PDFTextObject) or not text._canvas.bottomup:  # noqa: SLF001
            text.setTextOrigin(x, y)
            return
        op = self.origins.get((x, y))
        if op is None:
            if len(self.origins) >= SAID_MAX:
                self.origins.clear()
            op = self.origins[x, y] = f"1 0 0 1 {fp_str(x, y)} Tm"
        text._code.append(op)  # noqa: SLF001 (as setTextOrigin does)
        text._x0 = text._x = x  # noqa: SLF001
        text._y0 = text._y = y  # noqa: SLF001

    def fill(self, text: PDFTextObject, rgb: tuple[float, float, float]) -> None:
        """`text.setFillColorRGB(*rgb)`, its operator formatted once per colour (a text object of
        ReportLab's own with no colour conversion: another is only called)."""
        if not isinstance(text, PDFTextObject) or text._enforceColorSpace is not None:  # noqa: SLF001
            text.setFillColorRGB(*rgb)
            return
        op = self.colours.get(rgb)
        if op is None:
            text.setFillColorRGB(*rgb)
            if len(self.colours) >= SAID_MAX:
                self.colours.clear()
            self.colours[rgb] = text._code[-1]  # noqa: SLF001
            return
        text._fillColorObj = tuple(rgb)  # noqa: SLF001 (as setFillColorRGB leaves it)
        text._code.append(op)  # noqa: SLF001

    def centred(self, c: Canvas, x: float, y: float, run: str) -> None:
        """`c.drawCentredString(x, y, run)` (a print note: the same on every page), its text object
        remembered by the canvas's font, size and leading, the place and the run (a canvas of
        ReportLab's own: another is only called)."""
        if not isinstance(c, Canvas):
            c.drawCentredString(x, y, run)
            return
        key = (c._fontname, c._fontsize, c._leading, x, y, run)  # noqa: SLF001 (what the text object is made from)
        op = self.notes.get(key)
        if op is None:
            c.drawCentredString(x, y, run)
            if len(self.notes) >= SAID_MAX:
                self.notes.clear()
            op = self.notes[key] = c._code[-1]  # noqa: SLF001 (drawText appends the text object whole)
            return
        c._code.append(op)  # noqa: SLF001

    def out(self, text: PDFTextObject, run: str) -> None:
        """`text.textOut(run)`, from memory when the same run was set in the same state (a text
        object of ReportLab's own: another, such as a test's recorder, is only called)."""
        if not isinstance(text, PDFTextObject):
            text.textOut(run)
            return
        key = (text._fontname, text._fontsize, text._leading, text._curSubset, run)  # noqa: SLF001 (ReportLab's text state)
        said = self.runs.get(key)
        if said is None:
            width = text._canvas.stringWidth(run, text._fontname, text._fontsize)  # noqa: SLF001
            op = _encoded(text, run, self)
            if op is None:
                text.textOut(run)
            else:  # (as textOut does, its encoding read from the subsets)
                text._x = text._x + width  # noqa: SLF001
                text._code.append(op)  # noqa: SLF001
            said = (text._code[-1], width, text._curSubset)  # noqa: SLF001
            if len(self.runs) >= SAID_MAX:
                self.runs.clear()
            self.runs[key] = said
            return
        text._x = text._x + said[1]  # noqa: SLF001 (as textOut moves the cursor)
        text._code.append(said[0])  # noqa: SLF001
        text._curSubset = said[2]  # noqa: SLF001


def _encoded(text: PDFTextObject, run: str, said: Said) -> str | None:
    """The operator `text.textOut(run)` appends (ReportLab's `_formatText` of a TrueType font),
    when every character of `run` has its code in one subset of the document already (a new title
    of known letters), with the text's subset set as it sets it; else None (ReportLab encodes it,
    assigning codes). The codes are the font's own assignments (U+00A0 set as a space, as it does).
    `said` keeps, per font, its subsets' state in this document once there is one (the same object
    from then on), and the operator that selects a subset, by font, subset, size and leading (the
    subset's name is the document's once it is named)."""
    name = text._fontname  # noqa: SLF001
    known = said.fonts.get(name)
    if known is None:
        font = getFont(name)
        state = font.state.get(text._canvas._doc) if getattr(font, "_dynamicFont", False) else None  # noqa: SLF001
        if state is None:
            return None
        known = said.fonts[name] = (font, state.assignments.get)
    if not run:
        return None
    found = list(map(known[1], map(ord, run.replace("\xa0", " ") if "\xa0" in run else run)))
    if None in found:
        return None
    codes = cast("list[int]", found)
    top = max(codes)
    if top < 256:  # (the first subset: the codes are bytes)
        subset, glyphs = 0, bytes(codes)
    else:
        subset = codes[0] >> 8
        if top >> 8 != subset or min(codes) >> 8 != subset:
            return None
        glyphs = bytes(c & 0xFF for c in codes)
    shown = f"({text._canvas._escape(glyphs)}) Tj"  # noqa: SLF001
    if subset == text._curSubset:  # noqa: SLF001
        return shown
    text._curSubset = subset  # noqa: SLF001
    key = (name, subset, text._fontsize, text._leading)  # noqa: SLF001
    switch = said.switches.get(key)
    if switch is None:
        switch = said.switches[key] = (f"{known[0].getSubsetInternalName(subset, text._canvas._doc)} "  # noqa: SLF001
                                       f"{fp_str(text._fontsize)} Tf {fp_str(text._leading)} TL ")  # noqa: SLF001
    return switch + shown


class Spoken:
    """The operators one text item gave in a text object, by the item (the very object: a layout
    hands out the same item for the same values) and the state they depend on — the text object's
    font, size, leading and subset, and the font and colour the painter last set in it — with the
    state it left (its cursor, line start and subset; the painter's font and colour). Its lines
    always start with their own origin, so where the cursor stood before does not change them; its
    runs' codes, once assigned, stay in the document's subsets. So setting the item again in the
    same state is appending those operators and taking that state."""

    def __init__(self) -> None:
        self.items: dict[tuple, tuple[object, list[str], tuple]] = {}
        self.seen: set[int] = set()  # items set once (a title that never repeats is not kept: `keep`)

    @staticmethod
    def key(text: PDFTextObject, item: object, state: dict) -> tuple:
        return (id(item), state.get("font"), state.get("color"), text._curSubset, text._fontname,  # noqa: SLF001
                text._fontsize, text._leading)  # noqa: SLF001

    def replay(self, text: PDFTextObject, key: tuple, item: object, state: dict) -> bool:
        """Whether `item` was set in this state before: its operators appended, its state taken."""
        known = self.items.get(key)
        if known is None or known[0] is not item:
            return False
        text._code += known[1]  # noqa: SLF001
        (text._x, text._y, text._x0, text._y0, text._curSubset, text._fontname, text._fontsize,  # noqa: SLF001
         text._leading, colour, state["font"], state["color"]) = known[2]  # noqa: SLF001
        if colour is not None:
            text._fillColorObj = colour  # noqa: SLF001 (as setFillColor leaves it)
        return True

    def keep(self, key: tuple, item: object, text: PDFTextObject, start: int, state: dict) -> None:
        """`item`'s operators (the text object's from `start`) and the state it left, for `replay`,
        from the second time it is set (an id seen before may be another item's: kept the sooner)."""
        if key[0] not in self.seen:
            if len(self.seen) >= SAID_MAX:
                self.seen.clear()
            self.seen.add(key[0])
            return
        if len(self.items) >= SAID_MAX:
            self.items.clear()
        self.items[key] = (item, text._code[start:], (  # noqa: SLF001
            text._x, text._y, text._x0, text._y0, text._curSubset, text._fontname, text._fontsize,  # noqa: SLF001
            text._leading, getattr(text, "_fillColorObj", None), state.get("font"), state.get("color")))  # noqa: SLF001


class Drawn:
    """The operators a shape gave on the canvas (the very item: a layout hands out the same item for
    the same values), with the colours and line width it left set. A shape painted without saving
    the state and with no colour conversion (`_enforceColorSpace`, which may register separations)
    depends on nothing else of the canvas: painting it again is appending those operators. The
    operator a form is drawn with (`doForm`) is remembered by its name."""

    def __init__(self, canvas: Canvas) -> None:
        self.c = canvas
        self.real = isinstance(canvas, Canvas)  # (another, such as a test's recorder, is only called)
        self.items: dict[int, tuple[object, list[str], tuple]] = {}
        self.forms: dict[str, str] = {}

    def start(self) -> int | None:
        """Where the operators of an item painted now begin (None: not a canvas of ReportLab's own)."""
        return len(self.c._code) if self.real else None  # noqa: SLF001

    def replay(self, item: object) -> bool:
        known = self.items.get(id(item))
        if known is None or known[0] is not item:
            return False
        c = self.c
        c._code += known[1]  # noqa: SLF001
        c._fillColorObj, c._strokeColorObj, c._lineWidth = known[2]  # noqa: SLF001
        return True

    def keep(self, item: object, start: int | None) -> None:
        """`item`'s operators (the canvas's from `start`) and the state it left, for `replay`."""
        c = self.c
        if start is None or getattr(c, "_enforceColorSpace", None) is not None:
            return
        if len(self.items) >= SAID_MAX:
            self.items.clear()
        self.items[id(item)] = (item, c._code[start:], (c._fillColorObj, c._strokeColorObj, c._lineWidth))  # noqa: SLF001

    def form(self, name: str) -> None:
        """`canvas.doForm(name)`."""
        c = self.c
        if not self.real:
            c.doForm(name)
            return
        op = self.forms.get(name)
        if op is None:
            op = self.forms[name] = f"/{c._doc.getXObjectName(name)} Do"  # noqa: SLF001 (as doForm writes it)
        c._code.append(op)  # noqa: SLF001
        c._formsinuse.append(name)  # noqa: SLF001
