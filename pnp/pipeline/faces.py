"""The faces of a kit's run: cards and sheet pages laid out from their values, their problems told once.

Contract: `Faces(env, kit)` lays out the faces of one kit's run. `builder(layout, size, bleed)` is
the layout's `FaceBuilder` (one per layout and size: a card at its layout's size, a page at the
size given). `card(card, deck, layout)` and `page(builder, sheet, page)` return `(Face, problems)`:
the face of those values (`model.kit.card_values`, `page_values`: the fields with their `{rules.…}` texts
filled, `BuildEnv.bound`, once for both faces of a card), and the problems not told before — a
field's `{rules.…}` problem once, the same layout problem on many cards once (`Repeats`: once per
deck and layout, once per kit for a problem located in a layout file). `annotate(problems)` adds to
each first problem the number of other cards it was met on, once the run is over. Given `kept` (a
resident session's, `memo.Kept.faces`), a card face laid out from the same layout, values and place
as in an earlier build is that build's face, with its problems; the very same `Card` (an unchanged
row, `model.cards`) in the same deck and kit finds it without its values made again. `sheet(deck,
cards, duplex, key)` gives a sheet's faces as `card` gives them one by one; in a resident session a
sheet of the very same cards as last build takes them whole, its problems counted again. `CardWhere` says
where a card is, in words, only when a problem is reported.
"""
from __future__ import annotations

import hashlib
import operator
from functools import partial
from typing import Any, Callable, Mapping

from ..core.errors import Problem, Ref, counted
from ..layout.face import BuildEnv, FaceBuilder
from ..layout.items import Face
from ..model.kit import Card, Deck, Kit, Page, Sheet, card_values

LAYOUTS = "layouts/"


FACES_KEPT = 50_000  # faces a resident session remembers, then forgets at once


class Faces:
    def __init__(self, env: BuildEnv, kit: Kit, kept: dict[tuple, Any] | None = None):
        self.env, self.kit = env, kit
        self._kept = kept  # a resident session's faces by what they were laid out from (memo.Kept)
        self._env_key = repr((env.project, env.kit_dir, env.french, env.tables, sorted(env.skip), env.min_text,
                              env.rules, env.paper, env.language)) if kept is not None else ""
        self._layout_keys: dict[str, str] = {}
        self._contexts: dict[tuple, tuple] = {}  # (deck, duplex, layouts) -> `_sheet_context`, this run's
        self._builders: dict[tuple, FaceBuilder] = {}
        self._repeats = Repeats()
        self._reported: set[int] = set()  # fields whose `{rules.…}` problems are reported
        self._bound_kept: dict[int, tuple] = {}  # recent fields (kept), bound, their problems

    def builder(self, layout_name: str, size: tuple[float, float] | None = None,
                bleed: float | None = None) -> FaceBuilder:
        key = (layout_name, size)
        made = self._builders.get(key)
        if made is None:
            layout = self.kit.layouts[layout_name]
            made = self._builders[key] = FaceBuilder(self.env, layout, size or layout.card_size(),
                                                     layout.bleed if bleed is None else bleed)
        return made

    def card(self, card: Card, deck: Deck, layout_name: str) -> tuple[Face, list[Problem]]:
        """A card's face and the problems not told before; in a resident session, the face laid out for
        this very card (`model.cards` gives an unchanged row's `Card` again) in the same deck, layout
        and kit, else the face of the same values."""
        builder = self.builder(layout_name)
        known = self._laid_out(card, deck, builder, layout_name) if self._kept is None else \
            self._kept_card(self._kept, card, deck, builder, layout_name)
        _, face, found, unbound = known
        return face, self._problems(card, deck, layout_name, found, unbound)

    def sheet(self, deck: Deck, cards: list[Card], duplex: bool, key: tuple) -> tuple[list[Face], list[Problem]]:
        """The faces of a sheet's cards — their fronts, then (`duplex`) the backs of those that have one —
        and the problems not told before, as `card` gives them one by one. In a resident session, a
        sheet (`key`) of the very same cards in the same deck, layouts and kit as last build takes last
        build's faces whole, their problems told and counted again (`_KeptSheet`)."""
        if self._kept is None:
            found = [self.card(card, deck, layout) for card, layout in _sides(cards, duplex)]
            return [face for face, _ in found], [p for _, problems in found for p in problems]
        old: _KeptSheet | None = self._kept.get(("sheet", key))  # (the very same cards have the same layouts)
        if old is None or not old.holds(cards) or old.context != self._sheet_context(deck, duplex, old.layouts):
            wanted = _sides(cards, duplex)
            layouts = [layout for _, layout in wanted]
            knowns = [self._kept_card(self._kept, card, deck, self.builder(layout), layout) for card, layout in wanted]
            seen = [self._repeats.keys(known[2], (deck.name, layout)) for known, layout in zip(knowns, layouts)]
            old = self._kept[("sheet", key)] = _KeptSheet(self._sheet_context(deck, duplex, layouts), tuple(cards),
                                                          knowns, layouts, seen)
        if old.tally is not None:
            return old.faces, self._repeats.tallied(old.tally)
        problems: list[Problem] = []
        for (card, face, found, unbound), keys in zip(old.knowns, old.keys):
            if unbound:
                problems += self._told(card.fields, unbound, card.field_ref,
                                       partial(self._where, deck, card))
            if found:
                problems += self._repeats.counted(found, keys)
        return old.faces, problems

    def _where(self, deck: Deck, card: Card) -> str:
        return f"kit {self.kit.name!r}, deck {deck.name!r}, {card.label()}"

    def _sheet_context(self, deck: Deck, duplex: bool, layouts: list[str]) -> tuple:
        """What a sheet's faces are looked up in besides its cards: the deck, the kit, the layouts
        (made once a run for the same deck and layouts: every sheet of a deck asks it)."""
        key = (deck.name, deck.title, len(deck.cards), duplex, tuple(layouts))
        context = self._contexts.get(key)
        if context is None:
            context = self._contexts[key] = (deck.name, deck.title, len(deck.cards), self.kit.game.title, duplex,
                                             tuple(self._layout_key(self.builder(name), name)
                                                   for name in sorted(set(layouts))))
        return context

    def _problems(self, card: Card, deck: Deck, layout_name: str, found: list[Problem],
                  unbound: list[tuple[str, str]]) -> list[Problem]:
        """A card face's problems not told before: its fields' `{rules.…}` problems once a run, its
        layout's once a deck and layout (`Repeats`)."""
        problems = self._told(card.fields, unbound, card.field_ref,
                              lambda: f"kit {self.kit.name!r}, deck {deck.name!r}, {card.label()}") if unbound else []
        if found:
            problems += self._repeats.first_of(found, (deck.name, layout_name))
        return problems

    def _kept_card(self, kept: dict[tuple, Any], card: Card, deck: Deck, builder: FaceBuilder,
                   layout_name: str) -> tuple:
        key = ("card", self._layout_key(builder, layout_name), id(card), deck.title, len(deck.cards),
               self.kit.game.title)
        known = kept.get(key)
        if known is None or known[0] is not card:
            known = kept[key] = self._laid_out(card, deck, builder, layout_name)
        return known

    def _laid_out(self, card: Card, deck: Deck, builder: FaceBuilder, layout_name: str) -> tuple:
        """(card, its face, the face's problems, its fields' `{rules.…}` problems as (field, what))."""
        bound, unbound = self._bound(card.fields)
        face = builder.fixed()  # a layout that reads no field (a shared back), laid out already
        if face is not None and self._kept is not None:  # the same object from build to build
            face = self._kept.setdefault((self._layout_key(builder, layout_name), None), (face, []))[0]
        found: list[Problem] = []
        if face is None:
            face, found = self._build(builder, layout_name, card_values(self.kit, deck, card, bound),
                                      CardWhere(self.kit.name, deck.name, card.id), card.ref)
        return card, face, found, unbound

    def _build(self, builder: FaceBuilder, layout_name: str, values: dict, where: CardWhere,
               ref: Ref) -> tuple[Face, list[Problem]]:
        """A card's face laid out, or, in a resident session, the one laid out from the same values
        (the same object: `draw.kept` knows an unchanged page by its faces)."""
        if self._kept is None:
            return builder.build(values, where, ref)
        key = (self._layout_key(builder, layout_name), repr(values), ref, str(where))
        known = self._kept.get(key)
        if known is None:
            if len(self._kept) >= FACES_KEPT:
                self._kept.clear()
            known = self._kept[key] = builder.build(values, where, ref)
        return known[0], list(known[1])

    def _layout_key(self, builder: FaceBuilder, layout_name: str) -> str:
        """What a card face is laid out from besides its values: the kit's shared inputs and the layout
        (their digest: a short key, compared at every lookup; its text is made anew each run)."""
        layout_key = self._layout_keys.get(layout_name)
        if layout_key is None:
            text = repr((self._env_key, layout_name, builder.layout, builder.width, builder.height, builder.bleed))
            layout_key = self._layout_keys[layout_name] = hashlib.blake2b(text.encode("utf-8", "surrogatepass"),
                                                                          digest_size=16).hexdigest()
        return layout_key

    def page(self, builder: FaceBuilder, sheet: Sheet, page: Page) -> tuple[Face, list[Problem]]:
        """One page of a sheet laid out, and the problems not told before."""
        where = f"kit {self.kit.name!r}, sheet {sheet.name!r}, page {page.index + 1}"
        bound, unbound = self._bound(page.fields)
        problems = self._told(page.fields, unbound, partial(_page_field_ref, sheet, page.index), lambda: where)
        face, found = builder.build(page_values(self.kit, page, bound), where, sheet.ref)
        return face, problems + self._repeats.first_of(found, (sheet.name,))

    def annotate(self, problems: list[Problem]) -> list[Problem]:
        return self._repeats.annotate(problems)

    def _bound(self, fields: Mapping[str, object]) -> tuple[Mapping[str, object], list[tuple[str, str]]]:
        """Fields with their `{rules.…}` texts filled, and their problems (field, what); a card's
        other face (a sheet's backs follow its fronts) finds them made."""
        key = id(fields)
        kept = self._bound_kept.get(key)
        if kept is not None and kept[0] is fields:
            return kept[1], kept[2]
        bound, found = self.env.bound(fields)
        if len(self._bound_kept) >= 64:
            self._bound_kept.clear()
        self._bound_kept[key] = (fields, bound, found)
        return bound, found

    def _told(self, fields: Mapping[str, object], found: list[tuple[str, str]], ref_of: Callable[[str], Ref],
              where: Callable[[], str]) -> list[Problem]:
        """The `{rules.…}` problems of `fields`, told once a run (a card has two faces), at `where()`
        (made only then)."""
        key = id(fields)
        if not found or key in self._reported:
            return []
        self._reported.add(key)
        return [Problem(what, where(), ref_of(name)) for name, what in found]


def _sides(cards: list[Card], duplex: bool) -> list[tuple[Card, str]]:
    """Each card with its front's layout, then (`duplex`) each that has a back with its back's."""
    return [(card, card.layout) for card in cards] + ([(card, card.back) for card in cards if card.back]
                                                      if duplex else [])


class _KeptSheet:
    """A resident session's faces of one sheet: what they were looked up in (`context`), its cards,
    each face as `Faces._kept_card` gave it (card, face, problems, `{rules.…}` problems), its layout
    and its problems' repeat keys; `tally`, when no face has a `{rules.…}` problem, each repeat key
    once with its first problem and how many faces have it, in the order they first come."""

    __slots__ = ("context", "cards", "knowns", "layouts", "keys", "faces", "tally")

    def __init__(self, context: tuple, cards: tuple[Card, ...], knowns: list[tuple], layouts: list[str],
                 keys: list[list[tuple]]):
        self.context, self.cards, self.knowns, self.layouts, self.keys = context, cards, knowns, layouts, keys
        self.faces: list[Face] = [known[1] for known in knowns]
        self.tally: list[list] | None = None
        if not any(known[3] for known in knowns):
            first: dict[tuple, list] = {}
            for known, found_keys in zip(knowns, keys):
                for problem, key in zip(known[2], found_keys):
                    first.setdefault(key, [key, problem, 0])[2] += 1
            self.tally = list(first.values())

    def holds(self, cards: list[Card]) -> bool:
        """Whether `cards` are the very cards of this sheet."""
        return len(cards) == len(self.cards) and all(map(operator.is_, cards, self.cards))


def page_values(kit: Kit, page: Page, fields: Mapping | None = None) -> dict:
    """The values a sheet page's templates read: its fields (or `fields`, bound), `kit` and `page`."""
    return {**(page.fields if fields is None else fields), "kit": kit.game.title, "page": page.index + 1}


class CardWhere:
    """Where a card is, in words, made only when a problem is reported."""

    __slots__ = ("kit", "deck", "card")

    def __init__(self, kit: str, deck: str, card: str):
        self.kit, self.deck, self.card = kit, deck, card

    def __str__(self) -> str:
        return f"kit {self.kit!r}, deck {self.deck!r}, card {self.card!r}"


class Repeats:
    """The same layout problem on many cards is reported once, with the number of other cards."""

    def __init__(self) -> None:
        self._seen: dict[tuple, list] = {}

    def first_of(self, problems: list[Problem], scope: tuple) -> list[Problem]:
        """The problems not seen before in `scope`; one located in a layout file (a shared layer,
        an element's definition) is seen once for the whole kit, whichever layout inherits it."""
        return self.counted(problems, self.keys(problems, scope))

    def keys(self, problems: list[Problem], scope: tuple) -> list[tuple]:
        """What makes each problem the same as another (`first_of`'s keys, made once for a face kept)."""
        return [(problem.ref.file, problem.ref.path, problem.what)  # (the Ref's own parts: hashed without a call)
                if problem.ref is not None and problem.ref.file.startswith(LAYOUTS)
                else scope + (problem.what, problem.where.rsplit(", element ", 1)[-1]) for problem in problems]

    def tallied(self, tally: list[list]) -> list[Problem]:
        """As `counted` for each face of a kept sheet in turn, from its tally: (key, first problem, how
        many faces have it), in the order the keys first come."""
        fresh = []
        seen = self._seen
        for key, problem, many in tally:
            if key in seen:
                seen[key][1] += many
            else:
                seen[key] = [problem, many - 1]
                fresh.append(problem)
        return fresh

    def counted(self, problems: list[Problem], keys: list[tuple]) -> list[Problem]:
        """The problems whose key was not seen before; the others counted once more."""
        fresh = []
        seen = self._seen
        for problem, key in zip(problems, keys):
            if key in seen:
                seen[key][1] += 1
            else:
                seen[key] = [problem, 0]
                fresh.append(problem)
        return fresh

    def annotate(self, problems: list[Problem]) -> list[Problem]:
        counts = {id(first): more for first, more in self._seen.values() if more}
        return [p.with_what(f"{p.what} (and on {counted(counts[id(p)], 'more card')})")
                if id(p) in counts else p for p in problems]


def _page_field_ref(sheet: Sheet, index: int, name: str) -> Ref:
    """Where a page's field is written: the page's own `fields`, else the sheet's."""
    own = sheet.spec.pages[index].fields if sheet.spec.pages else {}
    return sheet.ref.child(*(("pages", index) if name in own else ()), "fields", name)
