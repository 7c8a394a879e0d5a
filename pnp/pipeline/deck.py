"""The deck component: its cards imposed on sheets, fronts then their backs (duplex), or both on one
page (fold).

Contract: `draw_deck(ctx, deck)` plans the deck's sheets on the build's paper (`layout.imposition.
plan_sheet`: the cards' size and bleed, the deck's gap and marks, the back mode — none when no card
has a back —, the back offset, the gutters of gutters.py; a deck that does not fit is a problem at
its `layout:`), then lays out every copy of every card (`KitContext.card_face`, through the deck's
`DeckFaces`, which keeps the faces the gutters laid out ahead), `plan.per_page` to a sheet, and,
unless the kit has an error, draws each sheet (`draw.sheets.SheetPainter`) with its print note and
label in the kit's language; the progress display and the file report count every page written
(two a sheet in duplex); with `--backs none` it counts the cards whose back is left out
(`backs_left_out`, said on the file's line). A deck without cards writes nothing. A deck laid out on a sheet template
(`imposition.sheet`: a label sheet, a print service's n-up template) is planned by the template's
slots (`plan_template`). Decks imposed after this one (`imposition.after`: mixed imposition) follow
its cards on its sheets (`layout.imposition.fill_sheets`), so its last sheet is not left mostly
empty; such a deck writes no file of its own. A part-filled sheet is drawn on its own plan
(`layout.occupancy.filled_plan`: bleed into its empty slots, marks and boxes of its cards only).
Each sheet is checked for a full-bleed face whose bleed it cuts where the paper had room
(`layout.bleedcheck`): a warning at the deck, once. The plan of a deck laid out is kept in
`KitContext.plans`. `shown(kit, deck)`: its spec less where its cards come from (`rows:`, `cards:`,
`generate:`, `data:`: the cards' contents stand for them), its cards and layouts, and its guests'.
In a resident session (`memo.Kept`), the deck's plan is last build's object when equal, a sheet of
the very same cards takes its faces whole (`Faces.sheet`), and a sheet side's notes and
bleed check are last build's when what they come from is the same.
"""
from __future__ import annotations

import operator

from ..core.errors import Problem
from ..draw.sheets import SheetPainter
from ..layout.bleedcheck import Cut, bleed_problem, cut_bleeds
from ..layout.imposition import SheetPlan, SheetSpec, fill_sheets, plan_sheet, plan_template
from ..layout.items import Face
from ..layout.occupancy import filled_plan
from ..layout.notes import NOTE_SIZE, Note, NotePage
from ..model.kit import Card, Deck, Kit
from ..model.units import MM, paper_points
from .context import KitContext
from .gutters import deck_gutters
from .memo import Shown


def draw_deck(ctx: KitContext, deck: Deck) -> None:
    if not deck.cards or deck.spec.imposition.after:  # (a deck imposed after another: on its sheets)
        return
    front = ctx.kit.layouts[deck.cards[0].layout]
    mode = ctx.options.backs if any(card.back for card in deck.cards) else "none"
    faces = DeckFaces(ctx, deck)
    w, h = front.card_size()
    options = ctx.options
    spec = SheetSpec(w, h, front.bleed, deck.spec.imposition.gap, paper_points(options.paper),
                     options.orientation, mode, _offset(options.back_offset), deck.spec.imposition.marks,
                     deck_gutters(ctx.kit, deck, mode, front.bleed, faces.ahead), ctx.printer_margin)
    template = deck.spec.imposition.sheet  # a label sheet, an n-up template (layout/imposition.py)
    slots = ctx.kit.layouts[template].slots if template in ctx.kit.layouts else None
    plan = plan_template(spec, slots) if slots is not None else plan_sheet(spec)
    if isinstance(plan, Problem):
        key = ("imposition", "sheet") if slots is not None else ("layout",)
        ctx.report(Problem(plan.what, f"deck {deck.name!r}", deck.ref.child(*key)))
        return
    if slots is not None and isinstance(slots.paper, str) and slots.paper != options.paper:
        ctx.report(Problem(f"the sheet template is for {slots.paper.upper()} paper: its pages are "
                           f"{slots.paper.upper()} on this {options.paper.upper()} build",
                           f"deck {deck.name!r}", deck.ref.child("imposition", "sheet"), severity="warning"))
    ctx.plans[deck.name] = plan  # (where its cards lie: the preview's map of its pages)
    DeckPages(ctx, deck, plan, faces, guests(ctx.kit, deck)).run()


def guests(kit: Kit, deck: Deck) -> tuple[Deck, ...]:
    """The decks imposed after `deck`, on its sheets."""
    return tuple(d for d in kit.decks if d.spec.imposition.after == deck.name)


def shown(kit: Kit, deck: Deck) -> Shown:
    decks = (deck, *guests(kit, deck))
    return Shown(tuple((d.spec.model_copy(_SOURCES), card_contents(d.cards)) for d in decks),
                 tuple(sorted({name for d in decks for name in card_layouts(d.cards)})))


# where a deck's cards come from: what its pages show of them is its cards' contents (a 540-card deck's
# rows, written out again for every one-card edit's fingerprint, were half of it: 0.9 -> 0.5 ms)
_SOURCES = {"cards": None, "columns": None, "rows": None, "generate": None, "data": None}


def card_contents(cards: tuple[Card, ...]) -> list[str]:
    """What a card's faces show of its own model, card by card, written out (`Card.shown`: made once
    a card, and a resident session's unchanged row is the same card)."""
    return [card.shown for card in cards]


def card_layouts(cards: tuple[Card, ...]) -> tuple[str, ...]:
    return tuple(sorted({c.layout for c in cards} | {c.back for c in cards if c.back}))


class DeckFaces:
    """The faces of one deck's cards; those laid out ahead of their sheet (for the gutters) are kept
    until the sheet takes them, so each is laid out, and its problems told, once."""

    def __init__(self, ctx: KitContext, deck: Deck):
        self.ctx, self.deck = ctx, deck
        self._ahead: dict[tuple[str, int], Face] = {}

    def ahead(self, card: Card, layout: str) -> Face:
        face = self._ahead[(layout, card.index)] = self.face(card, layout)
        return face

    def waiting(self, cards: list[Card]) -> bool:
        """Whether a face of one of `cards` was laid out ahead and waits for its sheet."""
        return bool(self._ahead) and any((card.layout, card.index) in self._ahead
                                         or (card.back, card.index) in self._ahead for card in cards)

    def face(self, card: Card, layout: str) -> Face:
        kept = self._ahead.pop((layout, card.index), None) if self._ahead else None
        return kept if kept is not None else self.ctx.card_face(card, self.deck, layout)


class DeckPages:
    """The pages of one deck: fronts, then their backs (duplex), or both on one page (fold)."""

    def __init__(self, ctx: KitContext, deck: Deck, plan: SheetPlan, faces: DeckFaces, guests: tuple[Deck, ...] = ()):
        self.ctx, self.deck, self.faces, self.guests = ctx, deck, faces, guests
        duplex = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge"}.get(plan.mode, "Simplex")
        self.opened = ctx.open(deck.name, (plan.width, plan.height), duplex)
        kept = ctx.session.kept
        self.path = ctx.path(deck.name).as_posix()
        self.plan = self._kept_plan(0, plan)
        self.kept = kept.pages.run(self.path) if kept is not None and self.opened else None
        self.painter = SheetPainter(self.opened.canvas, self.opened.painter, ctx.fonts.default_face().name,
                                    self.kept) if self.opened is not None else None
        self.per_sheet = 2 if plan.duplex else 1
        self._cut_told = False  # a bleed the sheets cut was told (once a deck)
        self._placed: dict[tuple[object, ...], tuple] = {}  # (back, label width, box, marks): (label, notes, box, marks)

    def run(self) -> None:
        decks = (self.deck, *self.guests)
        filled = fill_sheets([[(d, card) for card in d.cards for _ in range(card.copies)] for d in decks],
                             self.plan.per_page)
        sheets, cards, per = len(filled), [card for chunk in filled for card in chunk], self.plan.per_page
        self.ctx.expect(sheets * self.per_sheet)
        for number, chunk in enumerate(filled):
            self._sheet(chunk, number + 1, sheets)
        if self.kept is not None and not self.ctx.failed:
            self.kept.end()
        w, h = self.ctx.kit.layouts[self.deck.cards[0].layout].card_size()
        left_out = sum(1 for _, card in cards if card.back) if self.ctx.options.backs == "none" else 0
        self.ctx.save(self.opened, self.deck.name, "deck", sheets * self.per_sheet, cards=len(cards),
                      card_size_mm=(round(w / MM, 2), round(h / MM, 2)), per_page=per, backs=self.plan.mode,
                      backs_left_out=left_out, short_bleed=self.plan.short_bleed)

    def _sheet(self, chunk: list[tuple[Deck, Card]], number: int, total: int) -> None:
        """One sheet's faces laid out, drawn unless the kit has an error, and its pages counted."""
        fronts, backs = self._faces_of(chunk, number)
        plan = filled_plan(self.plan, [True] * len(chunk))  # (a part-filled sheet: its own bleed, marks, boxes)
        plan = self._kept_plan(number, plan) if plan is not self.plan else plan
        cuts = self._cuts(number, plan, fronts, backs) if not self._cut_told else []
        if cuts:
            self._cut_told = True
            self.ctx.report(bleed_problem(cuts, chunk[cuts[0].index][1].id, f"deck {self.deck.name!r}"))
        if self.opened is not None and not self.ctx.failed:
            sheet = self.ctx.messages.text("sheet", n=number, total=total)
            self._draw(plan, fronts, backs, f"{self.ctx.kit.game.title} · {self.deck.title} · {sheet}")
        self.ctx.tick(self.per_sheet)

    def _kept_plan(self, number: int, plan: SheetPlan) -> SheetPlan:
        """In a resident session, last build's plan of the deck (`number` 0) or of a part-filled sheet
        when equal: the very object, which the kept pages and bleed checks then find equal at once."""
        kept = self.ctx.session.kept
        if kept is None:
            return plan
        old = kept.plans.get((self.path, number))
        if old is not None and old == plan:
            return old
        kept.plans[(self.path, number)] = plan
        return plan

    def _faces_of(self, chunk: list[tuple[Deck, Card]], number: int) -> tuple[list[Face | None], list[Face | None]]:
        """The sheet's fronts and backs (a None for a card without one); a resident session's sheet of
        the deck's own cards (no guest, none of them laid out ahead for the gutters) takes them whole when its
        cards are the very same as last build's (`Faces.sheet`)."""
        duplex = self.plan.mode != "none"
        if self.ctx.session.kept is None or self.guests or self.faces.waiting([card for _, card in chunk]):
            fronts: list[Face | None] = [self._face(deck, card, card.layout) for deck, card in chunk]
            return fronts, [self._face(deck, card, card.back) if card.back else None for deck, card in chunk] \
                if duplex else []
        faces, problems = self.ctx.faces.sheet(self.deck, [card for _, card in chunk], duplex, (self.path, number))
        self.ctx.report(*problems)
        laid: list[Face | None] = list(faces)
        backs = iter(laid[len(chunk):])
        return laid[:len(chunk)], [next(backs) if card.back else None for _, card in chunk] if duplex else []

    def _cuts(self, number: int, plan: SheetPlan, fronts: list[Face | None], backs: list[Face | None]) -> list[Cut]:
        """The sheet's bleed check; in a resident session, last build's when its plan is equal and its
        faces are the very same objects (the check is a function of them alone)."""
        kept = self.ctx.session.kept
        if kept is None:
            return cut_bleeds(plan, fronts, backs)
        key = (self.path, number)
        old = kept.cuts.get(key)
        if old is not None and old[0] == plan and _same(old[1], fronts) and _same(old[2], backs):
            cuts: list[Cut] = old[3]
            return cuts
        cuts = cut_bleeds(plan, fronts, backs)
        kept.cuts[key] = (plan, tuple(fronts), tuple(backs), cuts)
        return cuts

    def _face(self, deck: Deck, card: Card, layout: str) -> Face:
        """A card's face: the deck's own through its DeckFaces (the gutters' faces laid out ahead), a
        guest deck's laid out as it comes."""
        return self.faces.face(card, layout) if deck is self.deck else self.ctx.card_face(card, deck, layout)

    def _draw(self, plan: SheetPlan, fronts: list[Face | None], backs: list[Face | None], label: str) -> None:
        if self.painter is None:
            return
        text = self.ctx.messages.text
        if plan.mode == "fold":
            self.painter.fold(plan, fronts, backs, self._notes(plan, False, f"{label} · {text('fold')}"))
            return
        self.painter.cards(plan, fronts, False, self._notes(plan, False, f"{label} · {text('front')}"))
        if plan.duplex:
            self.painter.cards(plan, backs, True, self._notes(plan, True, f"{label} · {text('back')}"))

    def _notes(self, plan: SheetPlan, back: bool, label: str) -> tuple[Note, ...]:
        """The page's notes, placed once per side, width of label (sheet numbers print as wide) and
        filling of the sheet: a part-filled sheet's where a full one has them when they find room
        there clear of its own marks (the same place on every sheet of the deck), else beside its cards.
        In a resident session, last build's notes of the same label on the same plan (the very object:
        `_kept_plan`) with the same print note, when they all found room (no warning to tell)."""
        kept = self.ctx.session.kept
        if kept is None:
            return self._placed_notes(plan, back, label)
        print_note = self.ctx.messages.text("print_note")
        old = kept.notes.get((self.path, back, label))
        if old is not None and old[0] is plan and old[1] == print_note:
            kept_notes: tuple[Note, ...] = old[2]
            return kept_notes
        notes = self._placed_notes(plan, back, label)
        if all(any(note.text == text for note in notes) for text in (print_note, label) if text):  # (no warning)
            kept.notes[(self.path, back, label)] = (plan, print_note, notes)
        return notes

    def _placed_notes(self, plan: SheetPlan, back: bool, label: str) -> tuple[Note, ...]:
        marks = plan.back_marks if back else plan.marks
        box = plan.back_bleed_box if back else plan.bleed_box
        key = (back, round(self.ctx.fonts.default_face().width(label, NOTE_SIZE), 2), id(box), id(marks))
        placed = self._placed.get(key)  # (by the very box and marks: a full sheet's are its deck's plan's)
        if placed is None or placed[2] is not box or placed[3] is not marks:
            fold = plan.fold  # notes off a vertical fold
            centre = (fold[0] / 2, plan.height / 2) if fold is not None and fold[0] == fold[2] else None
            page = NotePage(plan.width, plan.height, plan.printable, centre)
            full = self.plan
            notes = self.ctx.notes(page, full.back_bleed_box if back else full.bleed_box,
                                   (full.back_marks if back else full.marks) + marks, label) if plan is not full else ()
            if len(notes) < 2:
                notes = self.ctx.notes(page, plan.back_bleed_box if back else plan.bleed_box, marks, label,
                                       f"deck {self.deck.name!r}")
            placed = self._placed[key] = (label, notes, box, marks)
        template, notes = placed[0], placed[1]
        return tuple(note.relabelled(label) if note.text == template else note for note in notes)


def _same(old: tuple[Face | None, ...], new: list[Face | None]) -> bool:
    return len(old) == len(new) and all(map(operator.is_, old, new))


def _offset(mm: tuple[float, float]) -> tuple[float, float]:
    return mm[0] * MM, mm[1] * MM
