"""A shedding game: hands dealt from a product deck, a face-up market, a draw pile; players lay
series and give cards away, and the first to empty a hand wins. Its parameters and checks.

Contract: `SheddingParams` extend `ProductParams` with `hand` (cards dealt to each player),
`market` (cards face up) and `series` (the kinds of series that may be laid); a model gives them
their defaults. `deal_seats` (a model's `seats`) is the most players the deck deals to, and
`product_problems(product, params, belongs)` checks the product part of a deck for such a game:
its domains, each combination once, a series of each kind. `kinds_of(series)` gives the
play-outs' kinds; the play-outs themselves (the loop, its hooks, agents' decisions) are
`shedplay.py`.
"""
from __future__ import annotations

from typing import Callable

from ...core.errors import Problem
from ...model.kit import Card
from ...model.schema import Field
from ..base import Seats
from .products import Product, ProductParams, complete_product, domain_problems
from .series import Series, series_problems
from .shedplay import Kind


class SheddingParams(ProductParams):
    """The deck, its attributes, the deal and the kinds of series (a model sets their defaults)."""

    hand: int = Field(ge=1)
    market: int = Field(ge=0)
    series: list[Series]


def deal_seats(product: Product, params: SheddingParams) -> list[Seats]:
    """A model's `seats`: the most players the deck deals `hand` cards to, with the market and a
    draw pile of one card or more (the kit's `players.max` is held to it)."""
    total, deck = product.deck.total(), product.deck.name
    most = max((total - params.market - 1) // params.hand, 0)
    return [Seats(f"the deck {deck!r} of {total} cards deals {params.hand} cards to at most {most} players, "
                  f"with a {params.market}-card market and a draw pile", high=most)]


def product_problems(product: Product, params: SheddingParams,
                     belongs: Callable[[Card], bool]) -> tuple[list[Problem], list[Card]]:
    """Problems of the product part of the deck (the cards that `belongs`), and the other cards."""
    deck, attrs = product.deck, product.attributes
    problems = domain_problems(attrs, "rules.attributes", product.ref)
    found, others = complete_product(deck, attrs, belongs)
    problems += found
    members = [card for card in deck.cards if belongs(card)]
    return problems + series_problems(members, attrs, params.series, deck, ""), others


def kinds_of(series: list[Series]) -> tuple[Kind, ...]:
    """The kinds of series of the params, for the play-outs (shedplay.py)."""
    return tuple(Kind(k.cards, k.shared, k.give) for k in series)
