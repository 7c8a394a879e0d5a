"""Checks every kit gets, with or without a rules model of its game.

Contract: `generic_checks(kit)` returns problems about what a designer declares and can get wrong
in any game: a deck's declared `count` against the cards it lists (copies included), card ids
unique within a deck, every layout of a deck sharing one card size, and a game's player range.
Files that layouts name (pictures, SVGs, icons) are checked when faces are laid out.
"""
from __future__ import annotations

from ..errors import Problem
from ..model.kit import Deck, Kit
from ..model.units import MM


def generic_checks(kit: Kit) -> list[Problem]:
    problems: list[Problem] = []
    for deck in kit.decks:
        problems += _count(deck) + _unique_ids(deck) + _one_size(kit, deck)
    return problems


def _count(deck: Deck) -> list[Problem]:
    declared = deck.spec.count
    total = deck.total()
    if declared is None or declared == total:
        return []
    listed = "card" if total == 1 else "cards"
    return [Problem(f"the deck declares {declared} cards but lists {total} {listed} (copies included)",
                    f"deck {deck.name!r}", deck.ref.child("count"))]


def _unique_ids(deck: Deck) -> list[Problem]:
    seen: dict[str, object] = {}
    problems = []
    for card in deck.cards:
        if card.id in seen:
            problems.append(Problem(f"duplicate card id {card.id!r} (the first is card {seen[card.id]})",
                                    f"deck {deck.name!r}", card.field_ref("id")))
        else:
            seen[card.id] = card.index + 1
    return problems


def _one_size(kit: Kit, deck: Deck) -> list[Problem]:
    sizes: dict[tuple, str] = {}
    names = {name for card in deck.cards for name in (card.layout, card.back) if name}
    for name in sorted(names):
        layout = kit.layouts.get(name)
        if layout is not None:
            sizes.setdefault(tuple(round(v, 2) for v in layout.card_size()), name)
    if len(sizes) <= 1:
        return []
    names = ", ".join(f"{n} ({w / MM:.0f} × {h / MM:.0f} mm)" for (w, h), n in sizes.items())
    return [Problem(f"the layouts of one deck must share one card size; found {names}",
                    f"deck {deck.name!r}", deck.ref.child("layout"))]
