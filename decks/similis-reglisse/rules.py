"""Rules model of Similis Réglisse (l'elfe Sylvain, 2016): candies plus black liquorice cards.

Contract: `model`, the kit's rules model (`rules: {model: rules.py}` in game.yaml). The candy cards
are the product of shape × colour × value (domains declared in the kit); liquorice cards
("réglisses") are black, of their own shapes (in the attribute `liquorice.shape_field`), in a number
the kit declares (the rules say "en nombre indéterminé"), and match nothing. It reads the kit's deck
like Similis (toolkit.products); `check` proves the product is complete, the liquorice cards are
well formed, the deck deals, and series of each candy kind exist: 3 cards sharing 1, 2 cards sharing
2 (three liquorice cards are a series too). Set-up, market and end are Similis's. `tables` gives the
series table printed on the rules card; `playtest` plays games with liquorice gifts and penalties
(toolkit.shedding, `ReglissePlay`).
Source: ../shared/seeds/000_be21521b8fc0252f.txt, "Similis Réglisse".
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.rules import Card, Field, Params, Problem, RulesModel, Table, model_validator, suggest
from pnp.rules.toolkit.products import Product, attribute_named, read_product
from pnp.rules.toolkit.series import Series
from pnp.rules.toolkit.shedding import (Kind, Shedding, SheddingParams, Tabletop, kinds_of, playtest as play,
                                        product_problems)

DECISIONS: dict[str, str] = {
    "liquorice_count": "'en nombre indéterminé': the kit declares how many liquorice cards it has "
                       "(`liquorice.count`, at least 3 so that three can ever be laid) and the deck must match.",
    "liquorice_cards": "A liquorice card is black (`liquorice.field` = `liquorice.value`), has one of the "
                       "kit's liquorice shapes in the shape attribute (`liquorice.shape_field`, `forme` by "
                       "default), and no other attribute: 'on ne peut pas les associer aux autres formes, "
                       "couleurs et nombre'.",
    "same_as_similis": "'Similis Réglisse est le même jeu que Similis': set-up (10 cards, a 3-card market), "
                       "the turn, the end and the empty-pile decision are Similis's.",
    "penalty": "'Si on n'a pas de réglisse, chaque joueur tire une carte du paquet en pénalité' is read as "
               "every *other* player drawing one card.",
}

# rules: "soit 3 cartes avec 1 point commun [...] soit 2 cartes avec 2 points communs"
DEFAULT_SERIES = [Series(cards=3, shared=1, give=0), Series(cards=2, shared=2, give=0)]


class Liquorice(Params):
    field: str = "couleur"  # the field that marks a liquorice card
    value: str = "noir"  # rules: "Les réglisses sont noirs"
    shape_field: str = "forme"  # the attribute that holds a card's shape
    shapes: list[str] = Field(min_length=1)  # rules: "de formes différentes"
    count: int = Field(ge=3)  # three in hand form a series, so fewer than 3 could never be laid
    series: int = Field(3, ge=2)  # rules: "quand on en a trois en main, on retrouve alors la combinaison"


class ReglisseParams(SheddingParams):
    deck: str = "cartes"
    hand: int = Field(10, ge=1)  # decision: same_as_similis — "Chaque joueur reçoit dix cartes."
    market: int = Field(3, ge=0)  # decision: same_as_similis — "3 cartes au centre de la table"
    liquorice: Liquorice
    series: list[Series] = DEFAULT_SERIES

    @model_validator(mode="after")
    def _shape_known(self):
        attribute_named(self.liquorice.shape_field, self.attributes, "liquorice.shape_field")
        return self


def check(product: Product, params: ReglisseParams) -> list[Problem]:
    liq = params.liquorice
    problems, black = product_problems(product, params, lambda card: not _is_liquorice(card, liq))
    return problems + _liquorice(product, black, liq)


def _is_liquorice(card: Card, liq: Liquorice) -> bool:
    return card.fields.get(liq.field) == liq.value


def _liquorice(product: Product, cards: list[Card], liq: Liquorice) -> list[Problem]:
    deck, where = product.deck, f"deck {product.deck.name!r}"
    total = sum(c.copies for c in cards)
    out = []
    if total != liq.count:
        out.append(Problem(f"the kit declares {liq.count} liquorice cards but the deck has {total}", where,
                           deck.ref))
    if liq.value in product.attributes.get(liq.field, []):
        out.append(Problem(f"liquorice colour {liq.value!r} is also a candy colour: réglisses must match nothing",
                           "rules.liquorice.value"))
    for card in cards:
        out += _one_liquorice(card, product.attributes, liq, where)
    return out


def _one_liquorice(card: Card, attrs, liq: Liquorice, where: str) -> list[Problem]:
    """rules: "on ne peut pas les associer aux autres formes, couleurs et nombre"."""
    out = []
    label = f"{where}, {card.label()}"
    for name in attrs:
        value = card.fields.get(name)
        if name == liq.shape_field:
            if value not in liq.shapes:
                out.append(Problem(f"a réglisse has shape {value!r}, not one of the réglisse shapes "
                                   f"({', '.join(liq.shapes)})", label, card.field_ref(name),
                                   suggestion=suggest(str(value), liq.shapes)))
        elif name != liq.field and value is not None:
            out.append(Problem(f"a réglisse matches nothing, so it has no {name} (got {value!r})", label,
                               card.field_ref(name)))
    return out


def tables(product: Product | None, params: ReglisseParams) -> dict[str, Table]:
    rows = [(f"{k.cards} cartes", shared_label(k.shared)) for k in params.series]
    rows.append((f"{params.liquorice.series} réglisses", "—"))
    return {"series": Table(("Combinaison", "Points communs"), tuple(rows), "Les combinaisons")}


def shared_label(n: int) -> str:
    """The printed name of what a series shares: "1 point commun", "2 points communs"."""
    return "1 point commun" if n == 1 else f"{n} points communs"


@dataclass(frozen=True)
class ReglissePlay(Shedding):
    """The play-outs' rules: Similis's (decision: same_as_similis), with liquorice cards (`liquorice`,
    a value that marks one in a card's tuple) that match nothing, a series of their own (`Kind`
    special "liquorice") and the gift after 2 cards sharing 2."""

    liquorice: object = None

    def usable(self, card: tuple) -> bool:
        return self.liquorice not in card

    def find_special(self, hand: list[tuple], kind: Kind) -> tuple[list[tuple], None] | None:
        """rules: "quand on en a trois en main, on retrouve alors la combinaison"."""
        black = [c for c in hand if self.liquorice in c]
        return (black[:kind.cards], None) if len(black) >= kind.cards else None

    def after_lay(self, table: Tabletop, seat: int, kind: Kind, others: list[int]) -> None:
        """rules: after 2 cards sharing 2, give one of your liquorice cards; "Si on n'a pas de réglisse,
        chaque joueur tire une carte du paquet en pénalité" (decision: penalty — every other player)."""
        if kind.shared != 2 or kind.cards != 2:
            return
        hand = table.hands[seat]
        black = [c for c in hand if self.liquorice in c]
        if black:
            hand.remove(black[0])
            table.hands[table.rng.choice(others)].append(black[0])
            return
        for other in others:
            card = table.draw()
            if card is not None:
                table.hands[other].append(card)


def playtest(product: Product, params: ReglisseParams, players: int, games: int, seed: int) -> str:
    """Random games with the kit's deck: candies, liquorice gifts and penalties (`ReglissePlay`)."""
    liq = params.liquorice
    kinds = kinds_of(params.series) + (Kind(liq.series, 0, 0, "liquorice"),)
    rules = ReglissePlay(kinds, params.hand, params.market, liq.value)
    return play(product.keys(), players, games, seed, rules).summary()


model = RulesModel("reglisse", "Similis Réglisse: candy product plus liquorice cards",
                   ReglisseParams, check, tables, playtest, read_product)
