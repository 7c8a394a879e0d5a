"""Decks that are the product of attribute domains: every combination of values exactly once.

Contract: `ProductParams` are the parameters such a model declares (`deck`, the deck's name, and
`attributes`, each a field of the deck with its domain, in the kit's order); `attribute_named`
checks, in a params validator, that a name is one of them. `read_product(kit, params)` is a
model's `read`: the kit's deck as a `Product`, or None with the problem that the deck is absent or
lacks a declared attribute (one problem, at the attribute's parameter). `complete_product(deck,
attributes, belongs)` checks the cards that `belongs` to the product — each missing (the first
`MAX_NAMED`, then a count), duplicated (copies included) and stray card named at its line — and
passes the other cards back for the model to judge; `domain_problems` refuses a domain that
repeats a value or has fewer than two. `card_key` is a card as its tuple of attribute values;
`describe` words such a tuple for messages.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from itertools import product
from typing import Callable

from ...core.errors import Problem, Ref, suggest
from ...model.kit import Card, Deck, Kit
from ..base import Params, cards_ref, component

MAX_NAMED = 25  # past this many missing cards, the rest are summarised


class ProductParams(Params):
    """The deck and its attribute domains (a model's params extend this)."""

    deck: str
    attributes: dict[str, list[str | int]]


def attribute_named(name: str, attributes: dict, what: str) -> None:
    """For a params validator: ValueError unless `name` is one of the attributes."""
    if name not in attributes:
        hint = suggest(name, attributes)
        raise ValueError(f"{what} names {name!r}, which is not an attribute" + (f" (did you mean {hint!r}?)" if hint else ""))


@dataclass(frozen=True)
class Product:
    """A kit's deck read as a product of attribute domains."""

    deck: Deck
    attributes: dict[str, list]
    ref: Ref  # the kit's rules.params.attributes

    def keys(self) -> list[tuple]:
        """Every card (copies included) as its tuple of attribute values, for play-outs."""
        return [card_key(card, self.attributes) for card in self.deck.cards for _ in range(card.copies)]


def read_product(kit: Kit, params: ProductParams) -> tuple[Product | None, list[Problem]]:
    """The deck `params.deck` as a Product; None when it is absent or lacks a declared attribute."""
    deck, problems = component(kit, "deck", params.deck, "deck", "the cards")
    if deck is None:
        return None, problems
    missing = [name for name in params.attributes if name not in deck.spec.fields]
    if missing:  # one problem, not a stray-card line for every card
        return None, [Problem(f"attribute {missing[0]!r} is not a field of deck {deck.name!r}",
                              f"rules.attributes.{missing[0]}", suggestion=suggest(missing[0], deck.spec.fields))]
    attributes = {name: list(domain) for name, domain in params.attributes.items()}
    return Product(deck, attributes, kit.game_ref.child("rules", "params", "attributes")), []


def card_key(card: Card, attributes: dict[str, list]) -> tuple:
    return tuple(card.fields.get(name) for name in attributes)


def describe(key: tuple, attributes: dict[str, list]) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(attributes, key))


def complete_product(deck: Deck, attributes: dict[str, list],
                     belongs: Callable[[Card], bool]) -> tuple[list[Problem], list[Card]]:
    """Problems of the product part of `deck`; `belongs(card)` says whether a card is meant to be in it."""
    members: list[Card] = []
    others: list[Card] = []
    for card in deck.cards:
        (members if belongs(card) else others).append(card)
    where = f"deck {deck.name!r}"
    problems = _strays(members, attributes, where) + _duplicates(members, attributes, where)
    return problems + _missing(deck, members, attributes, where), others


def _strays(cards: list[Card], attributes: dict[str, list], where: str) -> list[Problem]:
    out = []
    for card in cards:
        for name, domain in attributes.items():
            value = card.fields.get(name)
            if value not in domain:
                shown = ", ".join(str(v) for v in domain)
                out.append(Problem(f"stray card: {name} {value!r} is not in the declared domain ({shown})",
                                   f"{where}, {card.label()}", card.field_ref(name)))
    return out


def _duplicates(cards: list[Card], attributes: dict[str, list], where: str) -> list[Problem]:
    first: dict[tuple, Card] = {}
    out = []
    for card in cards:
        key = card_key(card, attributes)
        if card.copies > 1:
            out.append(Problem(f"card {describe(key, attributes)} is there {card.copies} times (copies: "
                               f"{card.copies}); each combination must be there once", f"{where}, {card.label()}",
                               card.field_ref("copies")))
        if key in first:
            out.append(Problem(f"duplicate card: {describe(key, attributes)} is already {first[key].label()}",
                               f"{where}, {card.label()}", card.ref))
        else:
            first[key] = card
    return out


def _missing(deck: Deck, cards: list[Card], attributes: dict[str, list], where: str) -> list[Problem]:
    present = {card_key(c, attributes) for c in cards if c.copies > 0}
    missing = [key for key in product(*attributes.values()) if key not in present]
    ref = cards_ref(deck)
    out = [Problem(f"missing card: {describe(key, attributes)}", where, ref) for key in missing[:MAX_NAMED]]
    if len(missing) > MAX_NAMED:
        out.append(Problem(f"... and {len(missing) - MAX_NAMED} more missing cards "
                           f"({len(missing)} of {math.prod(map(len, attributes.values()))} combinations are absent)", where, ref))
    return out


def domain_problems(attributes: dict[str, list], where: str, ref: Ref) -> list[Problem]:
    """A domain that lists a value twice, or has fewer than two values, cannot tell cards apart."""
    out = []
    for name, domain in attributes.items():
        dupes = [v for v, n in Counter(domain).items() if n > 1]
        if dupes:
            out.append(Problem(f"attribute {name!r} lists {dupes[0]!r} twice", where, ref.child(name)))
        if len(domain) < 2:
            out.append(Problem(f"attribute {name!r} needs at least 2 values to tell cards apart", where, ref.child(name)))
    return out
