"""Drawing imposed sheets and full pages: cards in their slots, crop marks, margin notes, boxes.

Contract: `SheetPainter(canvas, painter, note_font)` draws one PDF page per call and ends it:
`cards(plan, faces, back, notes)` puts faces (a card side each, or None for an empty slot) in the
plan's front or back slots, clipped to each slot's bleed; `fold(plan, fronts, backs, notes)` puts
fronts and backs on one page with the dashed fold line between; `page(face, width, height, margin,
notes)` draws a full-page component, clipped to its content box when something runs past it (a
warning of the layout stage, `layout.overrun`). Every page gets its TrimBox and BleedBox and its
notes (the print note and the label, placed by `layout.notes`, in the kit's language).
`draw_marks`, `draw_notes` and `end_page` serve the tiled pages and tuck boxes too. The marks of
a sheet are the same on each of its pages: their operators are made once (`_MARKS`) and copied
onto the next pages, the bytes ReportLab would write. Given a `kept` page run (a resident
process's, draw/kept.py), `cards` copies a page whose faces did not change instead of drawing it.
"""
from __future__ import annotations

import math
from functools import partial
from typing import TYPE_CHECKING, Iterable, Sequence

from reportlab.pdfgen.canvas import Canvas

from ..layout.imposition import SheetPlan, Slot
from ..layout.items import Face
from ..layout.marks import Box
from ..layout.notes import Note
from ..layout.overrun import page_clip
from .ops import Said
from .paint import Painter

if TYPE_CHECKING:  # pragma: no cover
    from .kept import PageRun  # (a resident's: a cold build does not load it)

MARK_WIDTH = 0.25
_MARKS: dict[tuple[object, ...], list[str]] = {}  # a set of marks and its colour mode: its operators (q … Q)
NOTE_GREY = (0.3, 0.3, 0.3)


def draw_marks(c: Canvas, marks: Iterable[Box]) -> None:
    """Crop marks: thin black segments (x0, y0, x1, y1)."""
    if not marks:
        return
    if not isinstance(c, Canvas):  # (a test's recorder)
        _stroke_marks(c, tuple(marks))
        return
    ink = c._enforceColorSpace  # noqa: SLF001 (a CMYK canvas's colour hook: its black is another operator)
    key = (tuple(marks), None if ink is None else ("cmyk", getattr(ink, "limit", None)))
    code = c._code  # noqa: SLF001 (ReportLab's page operators: the state is restored, so they are all it changes)
    known = _MARKS.get(key)
    if known is not None:
        code.extend(known)
        return
    start = len(code)
    _stroke_marks(c, key[0])
    if len(_MARKS) >= 64:
        _MARKS.clear()
    _MARKS[key] = code[start:]


def _stroke_marks(c: Canvas, marks: tuple[Box, ...]) -> None:
    c.saveState()
    c.setLineWidth(MARK_WIDTH)
    c.setStrokeColorRGB(0, 0, 0)
    c.lines(list(marks))
    c.restoreState()


def draw_notes(c: Canvas, font: str, notes: Sequence[Note], said: Said | None = None) -> None:
    """One-line notes, each centred on its point, turned as placed (`said`: the canvas's, which
    remembers a note's operators)."""
    if not notes:
        return
    c.saveState()
    c.setFillColorRGB(*NOTE_GREY)
    for note in notes:
        c.setFont(font, note.size)
        if note.rotate:
            c.saveState()
            c.translate(note.x, note.y)
            c.rotate(note.rotate)
            c.drawCentredString(0, 0, note.text)
            c.restoreState()
        elif said is not None:
            said.centred(c, note.x, note.y, note.text)
        else:
            c.drawCentredString(note.x, note.y, note.text)
    c.restoreState()


def end_page(c: Canvas, trim: Box, bleed: Box | None = None) -> None:
    """Set the page's TrimBox and BleedBox (the trim box when `bleed` is None), then end the page."""
    boxes = page_boxes(c, trim, bleed)
    c.setTrimBox(boxes[0])
    c.setBleedBox(boxes[1])
    c.showPage()


def page_boxes(c: Canvas, trim: Box, bleed: Box | None = None) -> tuple[Box, Box]:
    """A page's TrimBox and BleedBox (the trim box when `bleed` is None), to 0.001 pt. On a CMYK
    canvas (a print service's file, checked by preflight) the boxes are kept within the page, which
    rounding to 0.001 pt can pass by 0.0004 pt (left so in RGB builds: their bytes stay)."""
    trim = (round(trim[0], 3), round(trim[1], 3), round(trim[2], 3), round(trim[3], 3))
    bleed = trim if bleed is None else (round(bleed[0], 3), round(bleed[1], 3), round(bleed[2], 3), round(bleed[3], 3))
    if getattr(c, "_enforceColorSpace", None) is None:
        return trim, bleed
    width, height = c._pagesize  # noqa: SLF001 (ReportLab's canvas has no public page size getter)
    return tuple((max(x0, 0.0), max(y0, 0.0), min(x1, width), min(y1, height))  # type: ignore[return-value]
                 for x0, y0, x1, y1 in (trim, bleed))


def end_uncut_page(c: Canvas, width: float, height: float) -> None:
    """End a page printed to its paper's edge and not cut (a rulebook's page, a booklet's sheet): on
    a CMYK canvas its TrimBox and BleedBox are the page, which PDF/X asks of every page; an RGB
    page is left without them (its bytes stay)."""
    if getattr(c, "_enforceColorSpace", None) is not None:
        page = (0.0, 0.0, math.floor(width * 1000) / 1000, math.floor(height * 1000) / 1000)  # (within the page)
        c.setTrimBox(page)
        c.setBleedBox(page)
    c.showPage()


def _needs_clip(slot: Slot, face: Face) -> bool:
    """Whether the face marks beyond what its slot lets it (its bleed, cut back by neighbours)."""
    ex0, ey0, ex1, ey1 = face.extent  # top-down, relative to the card's top-left corner
    if slot.rotate == 180:
        ex0, ey0, ex1, ey1 = face.width - ex1, face.height - ey1, face.width - ex0, face.height - ey0
    x0, y0, x1, y1 = slot.clip
    top = slot.y + face.height
    return (slot.x + ex0 < x0 - 0.01 or slot.x + ex1 > x1 + 0.01 or top - ey1 < y0 - 0.01
            or top - ey0 > y1 + 0.01)


class SheetPainter:
    def __init__(self, canvas: Canvas, painter: Painter, note_font: str, kept: PageRun | None = None):
        self.c = canvas
        self.painter = painter
        self.note_font = note_font
        self.kept = kept  # a resident process's pages of the last drawing of this PDF (draw/kept.py)
        self._boxed: dict[bool, tuple[SheetPlan, tuple[float, float], tuple[Box, Box]]] = {}  # by side: the last plan's

    def cards(self, plan: SheetPlan, faces: list[Face | None], back: bool, notes: Sequence[Note]) -> None:
        kept, key = self.kept, (plan, back, tuple(notes))
        if kept is None:
            self._slots(plan.backs if back else plan.fronts, faces)
            self._finish(plan, back, notes)
            return
        if kept.copy(self.c, key, faces, *self._page_boxes(plan, back)):
            return  # (the page ended whole, as last time)
        if not kept.reuse(self.c, key, faces):
            begun = kept.begin(self.c)
            self._slots(plan.backs if back else plan.fronts, faces)
            draw_marks(self.c, plan.back_marks if back else plan.marks)
            draw_notes(self.c, self.note_font, notes)
            kept.record(self.c, key, faces, begun)
        self._end(plan, back)
        kept.ended(self.c)

    def fold(self, plan: SheetPlan, fronts: list[Face | None], backs: list[Face | None],
             notes: Sequence[Note]) -> None:
        self._slots(plan.fronts, fronts)
        self._slots(plan.backs, backs)
        if plan.fold is not None:  # (a folded sheet's plan has its fold line)
            self._fold_line(plan.fold, plan.printable)
        self._finish(plan, False, notes)

    def _slots(self, slots: tuple[Slot, ...], faces: list[Face | None]) -> None:
        kept = self.kept
        for slot, face in zip(slots, faces):
            if face is None:
                continue
            if kept is None:
                self.card(slot, face)
            else:  # (a resident's: a face painted last time in this slot, in the same state, is copied)
                kept.face(self.c, slot, face, partial(self.card, slot, face))

    def card(self, slot: Slot, face: Face) -> None:
        """One face in its slot, clipped to the slot's box when it would mark beyond it."""
        c = self.c
        clip = _needs_clip(slot, face)
        if not clip and slot.rotate == 0:  # the common case: move there and back, no state to save
            self.painter.placed(face, slot.x, slot.y + face.height)
            return
        c.saveState()
        if clip:
            x0, y0, x1, y1 = slot.clip
            path = c.beginPath()
            path.rect(x0, y0, x1 - x0, y1 - y0)
            c.clipPath(path, stroke=0, fill=0)
        c.translate(slot.x, slot.y + face.height)
        if slot.rotate == 180:
            c.translate(face.width, -face.height)
            c.rotate(180)
        self.painter.face(face)
        c.restoreState()

    def _finish(self, plan: SheetPlan, back: bool, notes: Sequence[Note]) -> None:
        draw_marks(self.c, plan.back_marks if back else plan.marks)
        draw_notes(self.c, self.note_font, notes, self.painter.said)
        self._end(plan, back)

    def _end(self, plan: SheetPlan, back: bool) -> None:
        end_page(self.c, *self._boxes(plan, back))

    def _page_boxes(self, plan: SheetPlan, back: bool) -> tuple[Box, Box]:
        """`page_boxes` of a plan's side, made again when the plan (the very object) or the page size changed."""
        known, size = self._boxed.get(back), self.c._pagesize  # noqa: SLF001
        if known is None or known[0] is not plan or known[1] != size:
            known = self._boxed[back] = (plan, size, page_boxes(self.c, *self._boxes(plan, back)))
        return known[2]

    @staticmethod
    def _boxes(plan: SheetPlan, back: bool) -> tuple[Box, Box]:
        return (plan.back_trim_box, plan.back_bleed_box) if back else (plan.trim_box, plan.bleed_box)

    def _fold_line(self, fold: Box, p: Box) -> None:
        """The dashed fold line, within the printable area `p` only."""
        c = self.c
        c.saveState()
        c.setLineWidth(0.5)
        c.setStrokeColorRGB(0.45, 0.45, 0.45)
        c.setDash([4, 3])
        x0, y0, x1, y1 = fold
        if x0 == x1:
            c.line(x0, p[1], x1, p[3])
        else:
            c.line(p[0], y0, p[2], y1)
        c.restoreState()

    def page(self, face: Face, width: float, height: float, margin: float, notes: Sequence[Note]) -> None:
        c = self.c
        c.saveState()
        c.translate(margin, height - margin)
        clip = page_clip(face)  # what runs past the content box (a warning) is cut there, never in the margin
        if clip is not None:
            x0, y0, x1, y1 = clip
            path = c.beginPath()
            path.rect(x0, -y1, x1 - x0, y1 - y0)
            c.clipPath(path, stroke=0, fill=0)
        self.painter.face(face)
        c.restoreState()
        draw_notes(c, self.note_font, notes)
        end_page(c, (0, 0, width, height))
