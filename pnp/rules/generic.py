"""Checks every kit gets, with or without a rules model of its game.

Contract: `generic_checks(kit)` returns problems about what a designer declares and can get wrong
in any game: a deck's declared `count` against the cards it lists (copies included), every layout
of a deck sharing one card size, a tuck box made for fewer cards than it holds (`held_cards`: its
deck's and those of the decks it `also` holds), and a game's player range. (Two cards with one id are refused when
the deck is read, pnp.model.cards, before any rules run.) Files that layouts name (pictures, SVGs,
icons) are checked when faces are laid out.

The player range: `column_seats(kit)` gives a `Seats` for each component whose layout prints a
table with player columns (a column marked `per_player: true`, repeated once per player): the
component seats at most that many players (the fewest of its tables). `player_problems(kit,
seats)` holds the game's `players: {min, max}` to every `Seats` (those and the model's own,
`RulesModel.seats`): a maximum above one's `high` is a problem at `players.max`, a minimum below
one's `low` at `players.min`, each naming what limits it and proposing the bound.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import Problem, suggest
from ..model.kit import Deck, Kit
from ..model.units import MM
from .base import Seats

if TYPE_CHECKING:  # pragma: no cover
    from ..model.tuckbox import TuckBox


def generic_checks(kit: Kit) -> list[Problem]:
    problems: list[Problem] = []
    for deck in kit.decks:
        problems += _count(deck) + _one_size(kit, deck)
    for box in kit.tuckboxes:
        problems += _box_holds(kit, box)
    return problems


def held_cards(kit: Kit, box: TuckBox) -> int:
    """The cards of a tuck box's deck and of the decks it also holds (`also`), copies included."""
    decks = [kit.deck(name) for name in (box.spec.deck, *box.spec.also)]
    return sum(deck.total() for deck in decks if deck is not None)


def _box_holds(kit: Kit, box: TuckBox) -> list[Problem]:
    """A box's `cards` below what it holds (a deck grown since it was written), or a deck in `also`
    that the kit lacks."""
    out = [Problem(f"the box also holds a deck {name!r} that the kit does not have", f"tuckbox {box.name!r}",
                   box.ref.child("also", i), suggestion=suggest(name, [d.name for d in kit.decks]))
           for i, name in enumerate(box.spec.also) if kit.deck(name) is None]
    held, written = held_cards(kit, box), box.spec.cards
    if written is not None and written < held:
        names = " and ".join(repr(n) for n in (box.spec.deck, *box.spec.also) if kit.deck(n) is not None)
        out.append(Problem(f"the box is made for {written} cards, but it holds the deck{'s' if ' and ' in names else ''} "
                           f"{names}: {held} cards (leave `cards` out and it counts them; `also` names the other "
                           "decks it holds)", f"tuckbox {box.name!r}", box.ref.child("cards"), got=written,
                           suggestion=str(held)))
    return out


def _count(deck: Deck) -> list[Problem]:
    declared = deck.spec.count
    total = deck.total()
    if declared is None or declared == total:
        return []
    listed = "card" if total == 1 else "cards"
    return [Problem(f"the deck declares {declared} cards but lists {total} {listed} (copies included)",
                    f"deck {deck.name!r}", deck.ref.child("count"))]


def _one_size(kit: Kit, deck: Deck) -> list[Problem]:
    sizes: dict[tuple, str] = {}
    for name in _layout_names(deck):
        layout = kit.layouts.get(name)
        if layout is not None:
            sizes.setdefault(tuple(round(v, 2) for v in layout.card_size()), name)
    if len(sizes) <= 1:
        return []
    found = ", ".join(f"{n} ({w / MM:.0f} × {h / MM:.0f} mm)" for (w, h), n in sizes.items())
    return [Problem(f"the layouts of one deck must share one card size; found {found}",
                    f"deck {deck.name!r}", deck.ref.child("layout"))]


def column_seats(kit: Kit) -> list[Seats]:
    out = []
    for kind, name, layout_names in _components(kit):
        found = [(sum(c.repeat for c in element.columns if c.per_player), layout, key)
                 for layout in (kit.layouts.get(n) for n in layout_names) if layout is not None
                 for key, element in layout.elements.items()
                 if element.type == "table" and any(c.per_player for c in element.columns)]
        if found:
            columns, layout, key = min(found, key=lambda f: f[0])
            out.append(Seats(f"the {kind} {name!r} prints {columns} player column{'s' if columns != 1 else ''} "
                             f"(layout {layout.name!r}, element {key!r})", high=columns))
    return out


def _components(kit: Kit) -> list[tuple[str, str, list[str]]]:
    """(kind, name, the layouts it is drawn with) of every sheet and deck of the kit."""
    out = [("sheet", sheet.name, [sheet.spec.layout]) for sheet in kit.sheets]
    return out + [("deck", deck.name, _layout_names(deck)) for deck in kit.decks]


def _layout_names(deck: Deck) -> list[str]:
    """The layouts a deck's cards are drawn with, faces and backs, sorted."""
    return sorted({name for card in deck.cards for name in (card.layout, card.back) if name})


def player_problems(kit: Kit, seats: list[Seats]) -> list[Problem]:
    players, ref = kit.game.players, kit.game_ref.child("players")
    out = []
    for seat in seats:
        if seat.high is not None and players.max > seat.high:
            out.append(Problem(f"the game allows up to {players.max} players, but {seat.what}", "players.max",
                               ref.child("max"), got=players.max, suggestion=str(seat.high)))
        if seat.low is not None and players.min < seat.low:
            out.append(Problem(f"the game allows {players.min} player{'s' if players.min > 1 else ''}, but {seat.what}",
                               "players.min",
                               ref.child("min"), got=players.min, suggestion=str(seat.low)))
    return out
