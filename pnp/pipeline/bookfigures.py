"""The figures of a rulebook: the kit's own material, laid out by its own face builders.

Contract: `Figures(ctx, book).drawn(figure)` gives what a ```figure block of the book draws
(`pnp.layout.bookresolve.Drawn`): one card's face (`card: DECK/ID`, its front or back), cards of a
deck (`deck:`, `cards:`, at most `MOST_CARDS`, arranged as a fan, a row or a grid), or a page of a
sheet (`sheet:`, `page:`) or a region of it (`region:`, from the top-left corner of its content box);
the faces as the build lays them out (templates bound, `{rules.…}` filled). A figure naming what the
kit does not have is a problem at its key's line in the book's text, with the closest name; None.
`shows` says, by figure line, what each face drawn is (deck or sheet, card id or page number, side),
and `material(pages, blocks, file)` where each lies on the book's laid out pages
(`context.MaterialPlace`: the preview maps a click on a figure to its card).
"""
from __future__ import annotations

import math
from typing import Any, Iterator, Sequence

from ..core.errors import Loc, Problem, suggest
from ..layout.bookflow import FacePlace
from ..layout.bookresolve import Drawn
from ..layout.items import Face
from ..model.kit import Card, Deck
from ..model.layout import Layout
from ..model.rulebook import Figure, Rulebook
from ..model.units import MM, paper_points
from .context import KitContext, MaterialPlace
from .faces import card_values, page_values

MOST_CARDS = 24  # a deck figure of more is a listing, not a picture


class Figures:
    """The faces a rulebook's figures draw, laid out by the kit's own face builders."""

    def __init__(self, ctx: KitContext, book: Rulebook):
        self.ctx, self.book = ctx, book
        self.shows: dict[int, list[tuple[str, str, str]]] = {}  # figure line -> (component, item, side) a face

    def drawn(self, figure: Figure) -> Drawn | None:
        spec = figure.spec
        if spec.sheet is not None:
            return self._sheet(figure)
        faces = self._cards(figure)
        if faces is None:
            return None
        how = "single" if spec.card is not None else spec.arrange
        return Drawn(tuple(faces), how, None, spec.width, spec.caption, figure.line)

    def material(self, pages: Sequence[Any], blocks: Sequence[Any], file: str) -> list[MaterialPlace]:
        """Where each face the figures drew lies on `pages` (laid out `BookPage`s of the resolved
        `blocks`): a page's faces are the figures' in the text's order, each the face drawn (a
        region of a sheet page is a copy of it, matched as the next region)."""
        entries = [(face, show, d) for d in _drawn(blocks) for face, show in zip(d.faces, self.shows.get(d.line, ()))]
        used = [False] * len(entries)
        out = []
        for page in pages:
            for place in page.figures:
                found = next((i for i, (face, _, _) in enumerate(entries) if not used[i] and face is place.face), None)
                if found is None:
                    found = next((i for i, (_, _, d) in enumerate(entries) if not used[i] and d.clip), None)
                if found is None:
                    continue
                used[found] = True
                _, (component, item, side), drawn = entries[found]
                out.append(MaterialPlace(page.number, _corners(place), component, item, side, file, drawn.line))
        return out

    def _problem(self, figure: Figure, key: str, what: str, suggestion: str | None = None) -> None:
        line = next((figure.line + k for k, text in enumerate(self.book.lines[figure.line:], 1)
                     if text.lstrip().startswith(f"{key}:")), figure.line)
        col = self.book.lines[line - 1].find(key) + 1 if line != figure.line else 1
        self.ctx.report(Problem(what, f"{self.book.where}, figure", suggestion=suggestion,
                                  loc=Loc(self.book.display, line, max(col, 1))))

    def _cards(self, figure: Figure) -> list[Face] | None:
        spec, kit = figure.spec, self.ctx.kit
        name, _, one = (spec.card or "").partition("/")
        deck = kit.deck(spec.deck or name)
        if deck is None:
            decks = [d.name for d in kit.decks]
            self._problem(figure, "card" if spec.card else "deck", f"no deck {spec.deck or name!r} in the kit "
                          f"(decks: {', '.join(decks) or 'none'})", suggest(spec.deck or name, decks))
            return None
        ids = [c.id for c in deck.cards]
        wanted = [one] if spec.card else spec.cards if spec.cards is not None else ids
        missing = [w for w in wanted if w not in ids]
        if missing:
            self._problem(figure, "card" if spec.card else "cards", f"no card {missing[0]!r} in deck {deck.name!r}",
                          suggest(missing[0], ids))
            return None
        if len(wanted) > MOST_CARDS:
            self._problem(figure, "deck", f"a figure draws at most {MOST_CARDS} cards; the deck has {len(wanted)} "
                          "(list the ones to show: `cards: [ID, …]`)")
            return None
        return [f for f in (self._face(deck, next(c for c in deck.cards if c.id == i), figure) for i in wanted) if f]

    def _face(self, deck: Deck, card: Card, figure: Figure) -> Face | None:
        layout = card.back if figure.spec.side == "back" else card.layout
        if layout is None:
            self._problem(figure, "side", f"deck {deck.name!r} has no backs")
            return None
        bound, _ = self.ctx.env.bound(card.fields)  # (the deck reports its own problems)
        values = card_values(self.ctx.kit, deck, card, bound)
        self.shows.setdefault(figure.line, []).append((deck.name, card.id, figure.spec.side or "front"))
        return self.ctx.builder(layout).build(values, f"card {card.id!r}", card.ref)[0]

    def _sheet(self, figure: Figure) -> Drawn | None:
        spec, kit = figure.spec, self.ctx.kit
        sheet = kit.sheet(spec.sheet or "")
        if sheet is None:
            names = [s.name for s in kit.sheets]
            self._problem(figure, "sheet", f"no sheet {spec.sheet!r} in the kit (sheets: {', '.join(names) or 'none'})",
                          suggest(spec.sheet, names))
            return None
        if spec.page > len(sheet.pages):
            self._problem(figure, "page", f"sheet {sheet.name!r} has {len(sheet.pages)} page(s), not {spec.page}")
            return None
        layout = kit.layouts[sheet.spec.layout]
        size = layout.page_size() or _content_box(self.ctx.options.paper, layout)
        page = sheet.pages[spec.page - 1]
        bound, _ = self.ctx.env.bound(page.fields)
        face = self.ctx.builder(sheet.spec.layout, size, 0.0).build(page_values(kit, page, bound), sheet.name,
                                                                     sheet.ref)[0]
        self.shows[figure.line] = [(sheet.name, str(spec.page), "page")]
        clip = (spec.region[0], spec.region[1], spec.region[2], spec.region[3]) if spec.region is not None else None
        if clip is not None and (clip[0] < 0 or clip[1] < 0 or clip[0] + clip[2] > size[0] + 0.01
                                 or clip[1] + clip[3] > size[1] + 0.01 or clip[2] <= 0 or clip[3] <= 0):
            self._problem(figure, "region", f"the region runs outside the page ({size[0] / MM:.0f} × "
                          f"{size[1] / MM:.0f} mm, from its content box's top-left corner)")
            return None
        return Drawn((face,), "page", clip, spec.width, spec.caption, figure.line)




def _content_box(paper: str, layout: Layout) -> tuple[float, float]:
    """A sheet page's content box on the build's paper (what its elements are placed in)."""
    w, h = paper_points(paper)
    if layout.orientation == "landscape":
        w, h = h, w
    return w - 2 * layout.margin, h - 2 * layout.margin


def _drawn(blocks: Sequence[Any]) -> Iterator[Drawn]:
    """The figures of resolved blocks, in the text's order (inside boxes and list items too)."""
    for block in blocks:
        if isinstance(block, Drawn):
            yield block
        elif isinstance(getattr(block, "children", None), tuple):  # a box (note, example)
            yield from _drawn(block.children)
        elif isinstance(getattr(block, "items", None), tuple) and hasattr(block, "ordered"):  # a list
            for item in block.items:
                yield from _drawn(item)


def _corners(place: FacePlace) -> tuple[tuple[float, float], ...]:
    """The corners of what a figure shows of a face, on the page (top-down points): its trim box (or
    region) scaled, then turned clockwise by its angle about the place's corner, as draw/book.py draws it."""
    x, y, w, h = place.clip or (0.0, 0.0, place.face.width, place.face.height)
    a = math.radians(place.angle)
    cos, sin, s = math.cos(a), math.sin(a), place.scale
    return tuple((round(place.x + u * s * cos - v * s * sin, 3), round(place.y + u * s * sin + v * s * cos, 3))
                 for u, v in ((x, y), (x + w, y), (x + w, y + h), (x, y + h)))
