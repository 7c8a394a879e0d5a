"""Rules model of Similis Réglisse (l'elfe Sylvain, 2016): candies plus black liquorice cards.

Contract: registers the model `reglisse`. The candy cards are the product of shape × colour × value
(domains declared in the kit); liquorice cards ("réglisses") are black, of their own shapes, in a
number the kit declares (the rules say "en nombre indéterminé"), and match nothing. `check` proves
the product is complete, the liquorice cards are well formed, the deck deals, and series of each
kind exist: 3 cards sharing 1, 2 cards sharing 2, and 3 liquorice cards. Set-up, market and end
are Similis's. `tables` gives the series table printed on the rules card.
Source: ../shared/seeds/000_be21521b8fc0252f.txt, "Similis Réglisse".
"""
from __future__ import annotations

from ..model.schema import Field

from ..errors import Problem, suggest
from ..model.kit import Card, Kit
from .base import Params, RulesModel, Table, register
from .series import complete_product, deal_problem, domain_problems
from .similis import Series, series_problems

DECISIONS: dict[str, str] = {
    "liquorice_count": "'en nombre indéterminé': the kit declares how many liquorice cards it has "
                       "(`liquorice.count`, at least 3 so that three can ever be laid) and the deck must match.",
    "liquorice_cards": "A liquorice card is black (`liquorice.field` = `liquorice.value`), has one of the "
                       "kit's liquorice shapes, and no value: 'on ne peut pas les associer aux autres formes, "
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
    shapes: list[str] = Field(min_length=1)  # rules: "de formes différentes"
    count: int = Field(ge=3)  # three in hand form a series, so fewer than 3 could never be laid
    series: int = Field(3, ge=2)  # rules: "quand on en a trois en main, on retrouve alors la combinaison"


class ReglisseParams(Params):
    deck: str = "cartes"
    attributes: dict[str, list[str | int]]
    liquorice: Liquorice
    hand: int = Field(10, ge=1)
    market: int = Field(3, ge=0)
    series: list[Series] = DEFAULT_SERIES


def check(kit: Kit, params: ReglisseParams) -> list[Problem]:
    deck = kit.deck(params.deck)
    if deck is None:
        return [Problem(f"no deck named {params.deck!r} in the kit", "rules.deck",
                        suggestion=suggest(params.deck, [d.name for d in kit.decks]))]
    attrs = {k: list(v) for k, v in params.attributes.items()}
    liq = params.liquorice
    problems = domain_problems(attrs, "rules.attributes", kit.game_ref.child("rules", "params", "attributes"))
    product_problems, black = complete_product(deck, attrs, lambda c: not _is_liquorice(c, liq))
    problems += product_problems
    problems += _liquorice(deck, black, attrs, liq)
    found = deal_problem(deck.total(), kit.game.players.max, params.hand, params.market,
                         f"deck {deck.name!r}", deck.ref.child("count"))
    problems += [found] if found else []
    candies = [c for c in deck.cards if not _is_liquorice(c, liq)]
    problems += series_problems(candies, attrs, params.series, deck, "")
    return problems


def _is_liquorice(card: Card, liq: Liquorice) -> bool:
    return card.fields.get(liq.field) == liq.value


def _liquorice(deck, cards: list[Card], attrs: dict[str, list], liq: Liquorice) -> list[Problem]:
    where = f"deck {deck.name!r}"
    total = sum(c.copies for c in cards)
    out = []
    if total != liq.count:
        out.append(Problem(f"the kit declares {liq.count} liquorice cards but the deck has {total}", where,
                           deck.ref))
    if liq.value in attrs.get(liq.field, []):
        out.append(Problem(f"liquorice colour {liq.value!r} is also a candy colour: réglisses must match nothing",
                           "rules.liquorice.value"))
    shape_field = next((a for a in attrs if a != liq.field and any(isinstance(v, str) for v in attrs[a])), None)
    for card in cards:
        out += _one_liquorice(card, attrs, liq, shape_field, where)
    return out


def _one_liquorice(card: Card, attrs, liq: Liquorice, shape_field, where: str) -> list[Problem]:
    """rules: "on ne peut pas les associer aux autres formes, couleurs et nombre"."""
    out = []
    label = f"{where}, {card.label()}"
    for name, domain in attrs.items():
        value = card.fields.get(name)
        if name == shape_field:
            if value not in liq.shapes:
                out.append(Problem(f"a réglisse has shape {value!r}, not one of the réglisse shapes "
                                   f"({', '.join(liq.shapes)})", label, card.field_ref(name),
                                   suggestion=suggest(str(value), liq.shapes)))
        elif name != liq.field and value is not None:
            out.append(Problem(f"a réglisse matches nothing, so it has no {name} (got {value!r})", label,
                               card.field_ref(name)))
    return out


def tables(kit: Kit, params: ReglisseParams) -> dict[str, Table]:
    rows = [(f"{k.cards} cartes", "1 point commun" if k.shared == 1 else f"{k.shared} points communs")
            for k in params.series]
    rows.append((f"{params.liquorice.series} réglisses", "—"))
    return {"series": Table(("Combinaison", "Points communs"), tuple(rows), "Les combinaisons")}


def playtest(kit: Kit, params: ReglisseParams, players: int, games: int, seed: int) -> str:
    """Random games with the kit's deck: candies, liquorice gifts and penalties (see similis_play)."""
    from .similis_play import Kind, SeriesRules
    from .similis_play import playtest as play

    deck = kit.deck(params.deck)
    names = list(params.attributes)
    liq = params.liquorice
    cards = [tuple(c.fields.get(a) for a in names) for c in deck.cards for _ in range(c.copies)]
    kinds = tuple(Kind(k.cards, k.shared, k.give) for k in params.series) + (Kind(liq.series, 0, 0, "liquorice"),)
    rules = SeriesRules(kinds, params.hand, params.market, liquorice=liq.value, liquorice_gift=True)
    return play(cards, players, games, seed, rules).summary()


MODEL = register(RulesModel("reglisse", "Similis Réglisse: candy product plus liquorice cards",
                            ReglisseParams, check, tables, playtest))
