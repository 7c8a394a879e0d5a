"""Series: sets of cards that agree on attributes, found among cards and required of a deck.

Contract: a `Series` (a params model) is a kind of set: `cards` distinct cards sharing at least
`shared` attributes, after which the player gives `give` cards away. `shared_groups(cards,
shared)` groups attribute tuples by their values on each choice of `shared` positions, in the
order the cards come; `has_series(cards, attributes, size, shared)` tells whether `size` distinct
cards agree on at least `shared` attributes; `series_problems(cards, attributes, series, deck,
context)` is one problem for each kind of series the cards cannot make (`context` ends the
message, e.g. the variant under which they cannot).
"""
from __future__ import annotations

from collections import defaultdict
from itertools import combinations
from typing import Iterable, Iterator

from ...core.errors import Problem
from ...model.kit import Card, Deck
from ...model.schema import Field
from ..base import Params
from .products import card_key


class Series(Params):
    cards: int = Field(ge=2, le=8)
    shared: int = Field(ge=1, le=6)
    give: int = Field(default=0, ge=0, le=4)


def shared_groups(cards: Iterable[tuple], shared: int) -> Iterator[tuple[tuple[int, ...], tuple, list[tuple]]]:
    """For each choice of `shared` attribute positions, the cards (attribute tuples) grouped by their
    values there: `(positions, values, cards)` for every group, in the order the cards come."""
    cards = list(cards)
    for chosen in combinations(range(len(cards[0]) if cards else 0), shared):
        groups: dict[tuple, list[tuple]] = defaultdict(list)
        for card in cards:
            groups[tuple(card[i] for i in chosen)].append(card)
        yield from ((chosen, values, group) for values, group in groups.items())


def has_series(cards: list[Card], attributes: dict[str, list], size: int, shared: int) -> bool:
    """`size` distinct cards that agree on at least `shared` attributes exist among `cards`."""
    keys = {card_key(c, attributes) for c in cards}
    return any(len(group) >= size for _, _, group in shared_groups(keys, shared))


def series_problems(cards: list[Card], attrs: dict[str, list], series: list[Series], deck: Deck,
                    context: str) -> list[Problem]:
    """One problem for each kind of series that `cards` cannot make (`context` ends the message)."""
    out = []
    for kind in series:
        if kind.shared > len(attrs):
            out.append(Problem(f"a series sharing {kind.shared} attributes is impossible with {len(attrs)} attributes",
                               "rules.series"))
        elif not has_series(cards, attrs, kind.cards, kind.shared):
            out.append(Problem(f"no series of {kind.cards} cards sharing {kind.shared} attribute"
                               f"{'s' if kind.shared > 1 else ''} can be made{context}", f"deck {deck.name!r}",
                               deck.ref))
    return out
