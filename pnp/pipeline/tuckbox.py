"""The pages of a tuck box component: the box for one of the kit's decks, on one sheet or two.

Contract: `draw_tuckbox(ctx, held)` finds the deck the box holds (a problem at `deck:` if the
kit has none of that name, with a suggestion) and the card whose face is its art (a problem at
`art:` for an unknown card id, or `back` for a deck without backs), sizes the box's inside from
the deck's card size, its number of cards and their thickness (or the given depth) and the
clearance (`model.tuckbox`), plans its net on the build's paper within the printable area
(`layout.tuckbox.plan_tuckbox`: one piece, else two; a problem when neither fits) and draws each
piece on a page (`draw.tuckbox.TuckPainter`) with the sheet's notes: the print note, its label
(and which part), and how to make it. The file is reported like a sheet's, kind "tuckbox". Where
each piece lies, showing the art card, goes to `KitContext.material` (the preview's map of its pages).
`held_boxes(kit)` gives the run its tuck boxes as components (`HeldBox`: with the cards they hold,
which its pages depend on: `shown(held)`). The tuck box's geometry and drawing are imported when a
kit has a tuck box to draw, not with the pipeline.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.errors import Problem, suggest
from ..layout.items import Face
from ..layout.marks import printable_box
from ..layout.notes import NOTE_BAND, NOTE_SIZE, Metrics, Note, NotePage, NoteText, place_notes
from ..model.kit import Card, Deck, Kit
from ..model.units import MM, paper_points
from .context import KitContext, MaterialPlace
from .deck import card_contents, card_layouts
from .faces import card_values
from .memo import Shown

if TYPE_CHECKING:  # pragma: no cover
    from ..draw.tuckbox import TuckPainter
    from ..layout.tuckbox import Placed, TuckPlan
    from ..model.tuckbox import TuckBox, TuckBoxFile


@dataclass(frozen=True)
class HeldBox:
    """A tuck box as one of the run's components: its name and spec, and the cards of the deck it
    holds, which its pages depend on (a resident build redraws it when they change)."""

    name: str
    spec: TuckBoxFile
    cards: tuple[Card, ...]
    box: TuckBox


def box_cards(kit: Kit, box: TuckBox) -> int:
    """The cards a box holds: its `cards`, else those of its deck and of the decks it also holds."""
    from ..rules.generic import held_cards

    return box.spec.cards or held_cards(kit, box)


def held_boxes(kit: Kit) -> list[HeldBox]:
    """The kit's tuck boxes, each with the cards it holds (none for a deck the kit lacks)."""
    found: list[HeldBox] = []
    for box in kit.tuckboxes:
        deck = kit.deck(box.spec.deck)
        found.append(HeldBox(box.name, box.spec, deck.cards if deck else (), box))
    return found


def draw_tuckbox(ctx: KitContext, held: HeldBox) -> None:
    TuckBoxSheet(ctx, held.box).run()


def shown(kit: Kit, held: HeldBox) -> Shown:
    return Shown((held.spec, card_contents(held.cards)), card_layouts(held.cards))


class TuckBoxSheet:
    def __init__(self, ctx: KitContext, box: TuckBox):
        self.ctx, self.box = ctx, box

    def run(self) -> None:
        ctx, box = self.ctx, self.box
        deck = self._deck()
        art = self._art(deck) if deck is not None else None
        if deck is None or art is None:
            return
        plan = self._plan(deck)
        if plan is None:
            return
        card, layout = art
        face = self._face(card, deck, layout)
        side = "back" if layout == card.back else "front"
        ctx.material[box.name] = [MaterialPlace(i + 1, _corners(plan, placed), deck.name, card.id, side, box.ref.file, 0)
                                  for i, placed in enumerate(plan.pieces)]
        opened = ctx.open(box.name, plan.page)
        ctx.expect(len(plan.pieces))
        if opened is not None and not ctx.failed:
            from ..draw.tuckbox import TuckPainter

            self._draw(TuckPainter(opened.canvas, opened.painter, *self._fonts(), ctx.messages), plan, face, deck)
        ctx.tick(len(plan.pieces))
        ctx.save(opened, box.name, "tuckbox", len(plan.pieces))

    def _deck(self) -> Deck | None:
        ctx, spec = self.ctx, self.box.spec
        deck = ctx.kit.deck(spec.deck)
        if deck is None:
            names = [d.name for d in ctx.kit.decks]
            ctx.report(Problem(f"no deck {spec.deck!r} in the kit" + (f" (decks: {', '.join(names)})"
                                                                      if names else ""),
                               f"tuckbox {self.box.name!r}", self.box.ref.child("deck"),
                               suggestion=suggest(spec.deck, names)))
        return deck if deck is not None and deck.cards else None

    def _art(self, deck: Deck) -> tuple[Card, str] | None:
        """The card and the layout of the face printed on the box's large panels."""
        art, where = self.box.spec.art, f"tuckbox {self.box.name!r}"
        if art == "back":
            backed = next(((c, c.back) for c in deck.cards if c.back), None)
            if backed is None:
                self.ctx.report(Problem(f"deck {deck.name!r} has no backs: choose `front` or a card id",
                                        where, self.box.ref.child("art")))
            return backed
        card = deck.cards[0] if art == "front" else next((c for c in deck.cards if c.id == art), None)
        if card is None:
            ids = [c.id for c in deck.cards]
            self.ctx.report(Problem(f"no card {art!r} in deck {deck.name!r} (art is `back`, `front` or a "
                                    f"card id)", where, self.box.ref.child("art"),
                                    suggestion=suggest(art, ids + ["back", "front"])))
            return None
        return card, card.layout

    def _face(self, card: Card, deck: Deck, layout: str) -> Face:
        """The art's face; its problems are the deck's (told when its sheets were laid out), unless
        the build prints no backs and the art is one."""
        ctx = self.ctx
        if layout == card.back and ctx.options.backs == "none":
            return ctx.card_face(card, deck, layout)
        return ctx.builder(layout).build(card_values(ctx.kit, deck, card), f"card {card.id!r}", card.ref)[0]

    def inner(self, deck: Deck) -> tuple[float, float, float]:
        """The box's inside: width, height and depth, in points."""
        spec = self.box.spec
        w, h = self.ctx.kit.layouts[deck.cards[0].layout].card_size()
        depth = spec.depth if spec.depth is not None else box_cards(self.ctx.kit, self.box) * spec.thickness
        return w + spec.clearance, h + spec.clearance, depth + spec.clearance

    def _plan(self, deck: Deck) -> TuckPlan | None:
        from ..layout.tuckbox import plan_tuckbox

        ctx = self.ctx
        inner = self.inner(deck)
        plan = plan_tuckbox(inner, paper_points(ctx.options.paper), ctx.printer_margin, 2 * NOTE_BAND + 1 * MM)
        if plan is None:
            w, h, d = (v / MM for v in inner)
            ctx.report(Problem(f"a tuck box of {w:.0f} × {h:.0f} × {d:.0f} mm does not fit on "
                               f"{ctx.options.paper} paper, even in two pieces", f"tuckbox {self.box.name!r}",
                               self.box.ref.child("deck")))
        return plan

    def _draw(self, painter: TuckPainter, plan: TuckPlan, face: Face, deck: Deck) -> None:
        ctx = self.ctx
        count = box_cards(ctx.kit, self.box)
        texts = {"title": ctx.kit.game.title, "contents": ctx.messages.text("tuck_contents", deck=deck.title,
                                                                           cards=count)}
        for i, placed in enumerate(plan.pieces):
            part = f" · {ctx.messages.text('tuck_half', n=i + 1)}" if len(plan.pieces) > 1 else ""
            painter.piece(placed, face, texts, self._notes(plan, placed, f"{ctx.kit.game.title} · {self.box.title}{part}"))

    def _notes(self, plan: TuckPlan, placed: Placed, label: str) -> tuple[Note, ...]:
        """How to make the box just under it, then the print note and the label as on every sheet."""
        ctx, m = self.ctx, self.ctx.printer_margin
        pw, ph = plan.page
        w, h = (placed.net.height, placed.net.width) if placed.turned else (placed.net.width, placed.net.height)
        box = (placed.x, placed.top - h, placed.x + w, placed.top)
        face = ctx.fonts.default_face()
        page = NotePage(pw, ph, printable_box(pw, ph, m))
        legend = ctx.messages.text("tuck_legend")
        first = place_notes(page, box, (), [NoteText(legend, face.width(legend, NOTE_SIZE), ("bottom",))],
                            Metrics(face.ascent, face.descent))
        below = (box[0], box[1] - NOTE_BAND, box[2], box[3]) if first else box
        return first + ctx.notes(page, below, (), label)

    def _fonts(self) -> tuple[str, str]:
        fonts = self.ctx.fonts
        return fonts.default_face().name, fonts.default_bold().name


def _corners(plan: TuckPlan, placed: Placed) -> tuple[tuple[float, float], ...]:
    """A piece's net on its page, as corners from the page's top-left (points, y down)."""
    w, h = (placed.net.height, placed.net.width) if placed.turned else (placed.net.width, placed.net.height)
    x, y = placed.x, plan.page[1] - placed.top
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
