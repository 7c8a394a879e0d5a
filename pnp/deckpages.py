"""The pages of one deck: its cards imposed on sheets, fronts then their backs (duplex), or both on one
page (fold).

Contract: `DeckPages(run, deck, plan, guests).run()` lays out every copy of every card of the deck,
then of the decks imposed after it (`guests`, mixed imposition: `layout.imposition.fill_sheets`),
(the faces through `run._face`, so problems go to the run like every component's), `plan.per_page`
to a sheet, and, unless the kit has an error, draws each sheet (`draw.sheets.SheetPainter`) with its
print note and label in the kit's language; the progress display and the file report count every
page written (two a sheet in duplex).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Sequence

from .draw.sheets import SheetPainter
from .layout.imposition import SheetPlan, fill_sheets
from .layout.notes import NOTE_SIZE, Note, NotePage
from .model.kit import Card, Deck
from .model.units import MM

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas

    from .layout.items import Face
    from .runner import KitRun


class DeckPages:
    """The pages of one deck: fronts, then their backs (duplex), or both on one page (fold)."""

    def __init__(self, run: "KitRun", deck: Deck, plan: SheetPlan, guests: Sequence[Deck] = ()):
        self.run_, self.deck, self.plan, self.guests = run, deck, plan, tuple(guests)
        self.canvas: Canvas | None
        self.painter: SheetPainter | None
        duplex = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge"}.get(plan.mode, "Simplex")
        self.canvas, self.painter = run._sheets(deck.name, (plan.width, plan.height), duplex)
        self.per_sheet = 2 if plan.duplex else 1
        self._placed: dict[tuple[bool, float], tuple[str, tuple[Note, ...]]] = {}  # (back, label width): (label, notes)

    def run(self) -> None:
        decks = (self.deck, *self.guests)
        filled = fill_sheets([[(d, card) for card in d.cards for _ in range(card.copies)] for d in decks],
                             self.plan.per_page)
        sheets, cards = len(filled), [card for chunk in filled for card in chunk]
        self.run_._expect(sheets * self.per_sheet)
        for number, chunk in enumerate(filled):
            self._sheet(chunk, number + 1, sheets)
        per = self.plan.per_page
        w, h = self.run_.kit.layouts[self.deck.cards[0].layout].card_size()
        self.run_._save(self.canvas, self.deck.name, "deck", sheets * self.per_sheet, cards=len(cards),
                        card_size_mm=(round(w / MM, 2), round(h / MM, 2)), per_page=per, backs=self.plan.mode)

    def _sheet(self, chunk: list[tuple[Deck, Card]], number: int, total: int) -> None:
        """One sheet's faces laid out, drawn unless the kit has an error, and its pages counted."""
        fronts: list[Face | None] = [self.run_._face(card, deck, card.layout) for deck, card in chunk]
        backs = [self.run_._face(card, deck, card.back) if card.back else None for deck, card in chunk] \
            if self.plan.mode != "none" else []
        if self.canvas is not None and not self.run_.failed:
            sheet = self.run_.messages.text("sheet", n=number, total=total)
            self._draw(fronts, backs, f"{self.run_.kit.game.title} · {self.deck.title} · {sheet}")
        self.run_._tick(self.per_sheet)

    def _draw(self, fronts: list[Face | None], backs: list[Face | None], label: str) -> None:
        if self.painter is None:
            return
        text, plan = self.run_.messages.text, self.plan
        if plan.mode == "fold":
            self.painter.fold(plan, fronts, backs, self._notes(False, f"{label} · {text('fold')}"))
            return
        self.painter.cards(plan, fronts, False, self._notes(False, f"{label} · {text('front')}"))
        if plan.duplex:
            self.painter.cards(plan, backs, True, self._notes(True, f"{label} · {text('back')}"))

    def _notes(self, back: bool, label: str) -> tuple[Note, ...]:
        """The page's notes, placed once per side and width of label (sheet numbers print as wide)."""
        key = (back, round(self.run_.session.fonts.default_face().width(label, NOTE_SIZE), 2))
        if key not in self._placed:
            plan: SheetPlan = self.plan
            fold = plan.fold  # notes off a vertical fold
            centre = (fold[0] / 2, plan.height / 2) if fold is not None and fold[0] == fold[2] else None
            page = NotePage(plan.width, plan.height, plan.printable, centre)
            self._placed[key] = (label, self.run_.notes(page, plan.back_bleed_box if back else plan.bleed_box,
                                                        plan.back_marks if back else plan.marks, label))
        template, notes = self._placed[key]
        return tuple(replace(note, text=label) if note.text == template else note for note in notes)
