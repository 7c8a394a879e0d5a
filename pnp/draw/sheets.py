"""Drawing imposed sheets and full pages: cards in their slots, crop marks, margin notes, boxes.

Contract: `SheetPainter(canvas, painter, fonts)` draws one PDF page per call and ends it:
`cards(plan, faces, back)` puts faces (a card side each, or None for an empty slot) in the plan's
front or back slots, clipped to each slot's bleed; `page(face, width, height, margin, note)` draws a
full-page component. Every page gets its TrimBox and BleedBox, and a "print at 100 %" note in the
margin, in French like the rest of the printed material.
"""
from __future__ import annotations

from ..layout.imposition import SheetPlan, Slot
from ..layout.items import Face
from .paint import Painter

NOTE_SIZE = 6.0
MARK_WIDTH = 0.25
PRINT_NOTE = "Imprimer à 100\u00a0% (taille réelle, sans ajustement à la page)"


def draw_marks(c, marks) -> None:
    """Crop marks: thin black segments (x0, y0, x1, y1)."""
    if not marks:
        return
    c.saveState()
    c.setLineWidth(MARK_WIDTH)
    c.setStrokeColorRGB(0, 0, 0)
    c.lines(list(marks))
    c.restoreState()


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
    def __init__(self, canvas, painter: Painter, note_font: str):
        self.c = canvas
        self.painter = painter
        self.note_font = note_font

    def cards(self, plan: SheetPlan, faces: list[Face | None], back: bool, label: str) -> None:
        slots = plan.backs if back else plan.fronts
        for slot, face in zip(slots, faces):
            if face is not None:
                self._card(slot, face)
        if plan.mode == "fold" and not back:
            return  # fold pages are finished by fold_backs()
        self._finish(plan, back, label)

    def fold_backs(self, plan: SheetPlan, faces: list[Face | None], label: str) -> None:
        for slot, face in zip(plan.backs, faces):
            if face is not None:
                self._card(slot, face)
        self._fold_line(plan)
        self._finish(plan, False, label)

    def _card(self, slot: Slot, face: Face) -> None:
        c = self.c
        clip = _needs_clip(slot, face)
        plain = not clip and slot.rotate == 0 and face.background is None
        if plain:  # the common case: move there and back, no graphics state to save
            c.translate(slot.x, slot.y + face.height)
            self.painter.face(face)
            c.translate(-slot.x, -(slot.y + face.height))
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
        if face.background is not None:
            b = face.bleed
            c.setFillColorRGB(*face.background)
            c.rect(-b, -face.height - b, face.width + b * 2, face.height + b * 2, stroke=0, fill=1)
        self.painter.face(face)
        c.restoreState()

    def _finish(self, plan: SheetPlan, back: bool, label: str) -> None:
        marks = plan.back_marks if back else plan.marks
        self._marks(marks)
        trim = plan.back_trim_box if back else plan.trim_box
        bleed = plan.back_bleed_box if back else plan.bleed_box
        vertical_fold = plan.fold is not None and plan.fold[0] == plan.fold[2]
        centre = plan.fold[0] / 2 if vertical_fold else plan.width / 2  # keep notes off a vertical fold line
        self._notes(centre * 2, bleed[1], plan.height - bleed[3], label)
        self._end(trim, bleed)

    def _marks(self, marks) -> None:
        draw_marks(self.c, marks)

    def _fold_line(self, plan: SheetPlan) -> None:
        c = self.c
        c.saveState()
        c.setLineWidth(0.5)
        c.setStrokeColorRGB(0.45, 0.45, 0.45)
        c.setDash([4, 3])
        c.line(*plan.fold)
        c.restoreState()

    def _notes(self, width: float, bottom: float, top: float, label: str) -> None:
        """The print note in the bottom margin, the label in the top margin, when there is room."""
        c = self.c
        c.saveState()
        c.setFillColorRGB(0.3, 0.3, 0.3)
        c.setFont(self.note_font, NOTE_SIZE)
        if bottom >= NOTE_SIZE * 1.6:
            c.drawCentredString(width / 2, bottom / 2 - NOTE_SIZE * 0.35, PRINT_NOTE)
        if top >= NOTE_SIZE * 1.6 and label:
            c.drawCentredString(width / 2, c._pagesize[1] - top / 2 - NOTE_SIZE * 0.35, label)
        c.restoreState()

    def page(self, face: Face, width: float, height: float, margin: float, label: str) -> None:
        c = self.c
        c.saveState()
        c.translate(margin, height - margin)
        if face.background is not None:
            c.setFillColorRGB(*face.background)
            c.rect(0, -face.height, face.width, face.height, stroke=0, fill=1)
        self.painter.face(face)
        c.restoreState()
        self._notes(width, margin, margin, label)
        self._end((0, 0, width, height), (0, 0, width, height))

    def _end(self, trim, bleed) -> None:
        self.c.setTrimBox(tuple(round(v, 3) for v in trim))
        self.c.setBleedBox(tuple(round(v, 3) for v in bleed))
        self.c.showPage()
