"""Faces kept between the builds of a resident process, inside a page that is drawn again: a face
whose slot and face objects are last drawing's, met in the same state, is not painted again, the
operators painting it gave are copied (issue 23, item 2: a one-card edit redraws the sheet of that
card, and the other faces of its sheet are those of last time).

Contract: `Spans(old)` (one per drawing of one PDF, `PageRun.spans`; `old` the spans of its last
drawing) answers `face(canvas, slot, face, paint, state, page)`: it calls `paint()` (the face painted in
its slot), unless the span kept for the very same `slot` and `face` objects on that page (its number
in the document) began in the same state
— the document's (`state()`, draw/kept.py's: the fonts' subsets, the objects, the graphics-state
dictionary), the canvas's graphics state (`GRAPHICS`: the font, colours, line, text state and
matrix ReportLab's canvas keeps, the page's last operator when a transform painted next would join
it) and the page's colour and shading resources so far — with every form it showed defined in this document: then its
operators are appended, its forms, colours and shadings noted as in use on the page, and the
canvas's graphics state set to what painting it left. A span is kept only when painting it changed
nothing of the document's state, no annotation, and left the state stack as it found it; the
operators it appended are then all it did to the page. So a page's operators are the ones painting
every face gives: the same bytes as a cold build. `spans` are this drawing's, which the next one
copies from (by page number, then slot and face), with `carry(page, faces)` those of last drawing's
spans whose faces are on pages kept.
"""
from __future__ import annotations

import operator
from typing import Any, Callable

from reportlab.pdfbase.pdfdoc import xObjectName
from reportlab.pdfgen.canvas import Canvas

from ..layout.imposition import Slot
from ..layout.items import Face

GRAPHICS = ("_x", "_y", "_fontname", "_fontsize", "_textMode", "_leading", "_currentMatrix", "_fillMode",
            "_charSpace", "_wordSpace", "_horizScale", "_textRenderMode", "_rise", "_textLineMatrix",
            "_textMatrix", "_lineCap", "_lineJoin", "_lineDash", "_lineWidth", "_mitreLimit", "_fillColorObj",
            "_strokeColorObj", "_currentPageHasImages")  # (the graphics-state dictionary: in the document's state)
_GRAPHICS = operator.attrgetter(*GRAPHICS)

Span = tuple[Slot, Face, tuple, tuple, list[str], list[str], dict, dict, tuple]
# slot, face, the document's state, the graphics state before (and the page's colours and shadings so
# far); its operators, the forms it showed, the colours and shadings it added; the graphics state after


class Spans:
    def __init__(self, old: dict[int, dict[tuple[int, int], Span]]):
        self.old = old  # page number -> (id(slot), id(face)) -> span
        self.spans: dict[int, dict[tuple[int, int], Span]] = {}
        self.copied = 0

    def face(self, c: Canvas, slot: Slot, face: Face, paint: Callable[[], None], state: Callable[[], tuple],
             page: int) -> None:
        key = (id(slot), id(face))  # (a face shown on several pages, a deck's back: one span a page)
        known = self.old.get(page, _NONE).get(key)
        document = state()
        graphics = (_tail(c), _GRAPHICS(c), tuple(c._colorsUsed.items()), tuple(c._shadingUsed.items()))  # noqa: SLF001
        if known is not None and known[0] is slot and known[1] is face and known[2] == document \
                and known[3] == graphics and _defined(c, known[5]):
            self._copy(c, known)
            self.spans.setdefault(page, {})[key] = known
            return
        span = self._paint(c, slot, face, paint, state, document, graphics)
        if span is not None:
            self.spans.setdefault(page, {})[key] = span

    def carry(self, page: int, faces: tuple[Face | None, ...] | None) -> None:
        """Keep last drawing's spans of the faces on page `page` (by id) not met now; `faces` None: the
        page is last drawing's page at that number, copied (its faces are last time's: all its spans)."""
        old = self.old.get(page)
        if not old:
            return
        now = self.spans.get(page)
        if faces is None and now is None:
            self.spans[page] = old
            return
        now = self.spans.setdefault(page, {})
        shown = {id(face) for face in faces} if faces is not None else {key[1] for key in old}
        for key, span in old.items():
            if key[1] in shown and key not in now:
                now[key] = span

    def _copy(self, c: Canvas, span: Span) -> None:
        if span[3][0] is None:
            c._code.extend(span[4])  # noqa: SLF001 (the operators painting it gave)
        else:  # (and the transform it began with, joined to the one the page ended with: canvas.transform)
            c._code[-1:] = span[4]  # noqa: SLF001
        c._formsinuse.extend(span[5])  # noqa: SLF001
        c._colorsUsed.update(span[6])  # noqa: SLF001
        c._shadingUsed.update(span[7])  # noqa: SLF001
        for name, value in zip(GRAPHICS, span[8]):  # (what painting it left)
            setattr(c, name, value)
        self.copied += 1

    @staticmethod
    def _paint(c: Canvas, slot: Slot, face: Face, paint: Callable[[], None], state: Callable[[], tuple],
               document: tuple, graphics: tuple) -> Span | None:
        """Paint the face; its span, when painting it changed nothing but the page's operators and
        accumulators (else None: painted every time)."""
        start = len(c._code) - (graphics[0] is not None)  # noqa: SLF001 (from the operator a transform may join)
        forms, annotations, depth = len(c._formsinuse), len(c._annotationrefs), len(c.state_stack)  # noqa: SLF001
        colours, shadings = dict(c._colorsUsed), dict(c._shadingUsed)  # noqa: SLF001
        paint()
        if len(c._annotationrefs) != annotations or len(c.state_stack) != depth \
                or len(c._code) < start or state() != document:  # noqa: SLF001
            return None
        return (slot, face, document, graphics, c._code[start:], c._formsinuse[forms:],  # noqa: SLF001
                _added(colours, c._colorsUsed), _added(shadings, c._shadingUsed), _GRAPHICS(c))  # noqa: SLF001


_NONE: dict[tuple[int, int], Span] = {}


def _tail(c: Canvas) -> str | None:
    """The page's last operator when it is a transform, which a transform painted next joins (ReportLab's
    `Canvas.transform` rewrites it): what a span's first operator may depend on."""
    code = c._code  # noqa: SLF001
    return code[-1] if code and code[-1][-3:] == " cm" else None


def _added(before: dict[Any, Any], after: dict[Any, Any]) -> dict[Any, Any]:
    return {k: v for k, v in after.items() if k not in before or before[k] != v}


def _defined(c: Canvas, forms: list[str]) -> bool:
    """Every form the span shows is defined in this document (its operators name them)."""
    objects = c._doc.idToObject  # noqa: SLF001
    return all(xObjectName(name) in objects for name in forms)
