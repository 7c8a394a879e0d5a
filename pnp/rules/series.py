"""Shared machinery of the Similis family: decks that are products of attribute domains, and series.

Contract: `complete_product(deck, attributes, where)` names every missing, duplicated and stray card
of a deck that must hold each combination of the attribute domains exactly once (cards outside the
product are passed back for the caller to judge, e.g. Réglisse's liquorice cards). `has_series(cards,
attributes, size, shared)` tells whether `size` distinct cards agree on at least `shared` attributes.
`DealSize` checks a deck deals a hand to every player plus a market and leaves a draw pile.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from itertools import combinations, product

from ..errors import Problem
from ..model.kit import Card, Deck

MAX_NAMED = 25  # past this many missing cards, the rest are summarised


def card_key(card: Card, attributes: dict[str, list]) -> tuple:
    return tuple(card.fields.get(name) for name in attributes)


def describe(key: tuple, attributes: dict[str, list]) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(attributes, key))


def complete_product(deck: Deck, attributes: dict[str, list], belongs) -> tuple[list[Problem], list[Card]]:
    """Problems of the product part of `deck`; `belongs(card)` says whether a card is meant to be in it."""
    problems: list[Problem] = []
    members, others = [], []
    for card in deck.cards:
        (members if belongs(card) else others).append(card)
    where = f"deck {deck.name!r}"
    problems += _strays(members, attributes, where)
    problems += _duplicates(members, attributes, where)
    problems += _missing(deck, members, attributes, where)
    return problems, others


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
    ref = deck.ref.child("rows" if deck.spec.rows is not None else "cards")
    out = [Problem(f"missing card: {describe(key, attributes)}", where, ref) for key in missing[:MAX_NAMED]]
    if len(missing) > MAX_NAMED:
        out.append(Problem(f"... and {len(missing) - MAX_NAMED} more missing cards "
                           f"({len(missing)} of {_product_size(attributes)} combinations are absent)", where, ref))
    return out


def _product_size(attributes: dict[str, list]) -> int:
    size = 1
    for domain in attributes.values():
        size *= len(domain)
    return size


def has_series(cards: list[Card], attributes: dict[str, list], size: int, shared: int) -> bool:
    """`size` distinct cards that agree on at least `shared` attributes exist among `cards`."""
    keys = {card_key(c, attributes) for c in cards}
    names = list(attributes)
    for chosen in combinations(range(len(names)), shared):
        groups: dict[tuple, int] = defaultdict(int)
        for key in keys:
            groups[tuple(key[i] for i in chosen)] += 1
        if any(count >= size for count in groups.values()):
            return True
    return False


def deal_problem(total: int, players: int, hand: int, market: int, where: str, ref) -> Problem | None:
    needed = players * hand + market + 1
    if total >= needed:
        return None
    return Problem(f"{total} cards cannot deal {hand} cards to each of {players} players, a {market}-card market "
                   f"and leave a draw pile: at least {needed} are needed", where, ref)


def domain_problems(attributes: dict[str, list], where: str, ref) -> list[Problem]:
    out = []
    for name, domain in attributes.items():
        dupes = [v for v, n in Counter(domain).items() if n > 1]
        if dupes:
            out.append(Problem(f"attribute {name!r} lists {dupes[0]!r} twice", where, ref.child(name)))
        if len(domain) < 2:
            out.append(Problem(f"attribute {name!r} needs at least 2 values to tell cards apart", where, ref.child(name)))
    return out
