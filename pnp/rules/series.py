"""Shared machinery of the Similis family: decks that are products of attribute domains, and series.

Contract: `ProductParams` are the parameters both games share (the deck, its attribute domains,
hand and market sizes, the kinds of `Series`). `read_product(kit, params)` is a model's `read`: the
kit's deck as a `Product` (or the problem that the deck is absent or lacks a declared attribute).
`product_problems(product, params, belongs)` checks the part of the deck that `belongs` to the
product: domains, each combination exactly once (`complete_product` names every missing, duplicated
and stray card), the deal, and a series of each kind; it passes the other cards back for the caller
to judge (Réglisse's liquorice cards). `has_series(cards, attributes, size, shared)` tells whether
`size` distinct cards agree on at least `shared` attributes; `shared_groups` is the grouping it and
the play-outs share. `product_playtest` runs the play-outs of similis_play on a product.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import combinations, product
from typing import Callable, Iterable, Iterator

from ..errors import Problem, Ref, suggest
from ..model.kit import Card, Deck, Kit
from ..model.schema import Field
from .base import Params, component

MAX_NAMED = 25  # past this many missing cards, the rest are summarised


class Series(Params):
    cards: int = Field(ge=2, le=8)
    shared: int = Field(ge=1, le=6)
    give: int = Field(0, ge=0, le=4)


class ProductParams(Params):
    """What Similis and Réglisse share; each game sets its own default `series`."""

    deck: str = "cartes"
    attributes: dict[str, list[str | int]]
    hand: int = Field(10, ge=1)  # rules: "Chaque joueur reçoit dix cartes."
    market: int = Field(3, ge=0)  # rules: "On dispose 3 cartes au centre de la table, c'est le marché."
    series: list[Series]


def attribute_named(name: str, attributes: dict, what: str) -> None:
    """For a params validator: ValueError unless `name` is one of the attributes."""
    if name not in attributes:
        hint = suggest(name, attributes)
        raise ValueError(f"{what} names {name!r}, which is not an attribute" + (f" (did you mean {hint!r}?)" if hint else ""))


@dataclass(frozen=True)
class Product:
    """A kit's deck read as a product of attribute domains, and the most players it must deal to."""

    deck: Deck
    attributes: dict[str, list]
    players: int
    ref: Ref  # the kit's rules.params.attributes

    def keys(self) -> list[tuple]:
        """Every card (copies included) as its tuple of attribute values, for the play-outs."""
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
    return Product(deck, attributes, kit.game.players.max, kit.game_ref.child("rules", "params", "attributes")), []


def product_problems(product: Product, params: ProductParams,
                     belongs: Callable[[Card], bool]) -> tuple[list[Problem], list[Card]]:
    """Problems of the product part of the deck (the cards that `belongs`), and the other cards."""
    deck, attrs = product.deck, product.attributes
    problems = domain_problems(attrs, "rules.attributes", product.ref)
    found, others = complete_product(deck, attrs, belongs)
    problems += found
    dealt = deal_problem(deck.total(), product.players, params.hand, params.market, f"deck {deck.name!r}",
                         deck.ref.child("count"))
    problems += [dealt] if dealt else []
    members = [card for card in deck.cards if belongs(card)]
    return problems + series_problems(members, attrs, params.series, deck, ""), others


def card_key(card: Card, attributes: dict[str, list]) -> tuple:
    return tuple(card.fields.get(name) for name in attributes)


def describe(key: tuple, attributes: dict[str, list]) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(attributes, key))


def shared_label(n: int) -> str:
    """The printed name of what a series shares: "1 point commun", "2 points communs"."""
    return "1 point commun" if n == 1 else f"{n} points communs"


def complete_product(deck: Deck, attributes: dict[str, list], belongs) -> tuple[list[Problem], list[Card]]:
    """Problems of the product part of `deck`; `belongs(card)` says whether a card is meant to be in it."""
    members, others = [], []
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


def product_playtest(product: Product, params: ProductParams, players: int, games: int, seed: int,
                     extra_kinds: tuple = (), **rules) -> str:
    """Play-outs (similis_play) of the product's cards: the params' series plus `extra_kinds`, and the
    other `rules` of `SeriesRules` (the banned pair, liquorice)."""
    from .similis_play import Kind, SeriesRules, playtest

    kinds = tuple(Kind(k.cards, k.shared, k.give) for k in params.series) + extra_kinds
    series_rules = SeriesRules(kinds, params.hand, params.market, **rules)
    return playtest(product.keys(), players, games, seed, series_rules).summary()
