"""Rules model of Similis (l'elfe Sylvain, 2010): a deck that is the product of its attributes.

Contract: registers the model `similis`. Its parameters (in the kit's game.yaml) declare the
attribute domains — the rules give examples ("2 - Ankh - Bleu - fond pierre") but not the full
domains, so each kit states its own — the hand and market sizes, the kinds of series, the banned
pair variant and the end score. `check` proves the deck is exactly the product of the domains,
deals to the most players the game allows, holds every kind of series, and keeps them with any
banned pair. `tables` gives the series table printed on the rules card.
Source: ../shared/seeds/000_be21521b8fc0252f.txt, "La règle de Similis".
"""
from __future__ import annotations

from itertools import product

from ..model.schema import Field, model_validator

from ..errors import Problem, suggest
from ..model.kit import Kit
from .base import Params, RulesModel, Table, register
from .series import complete_product, deal_problem, domain_problems, has_series

# Every reading of an ambiguous rule, in one place (listed in docs/RULES.md; code cites the key).
DECISIONS: dict[str, str] = {
    "domains": "The rules name the attributes and give examples ('2 - Ankh - Bleu - fond pierre', "
               "'5 - Scarabée - Vert - fond sable') but not the full domains: each kit declares them in "
               "`rules.params.attributes` and the deck must be exactly their product, each combination once.",
    "points_communs": "'4 cartes ayant un point commun' is read as 'at least one attribute in common': "
                      "cards sharing more still form the series (a series is checked with at least k "
                      "shared attributes).",
    "empty_pile": "The rules do not say what happens when the draw pile runs out. Decided: a player who "
                  "can neither lay a series nor draw passes; when nobody can lay a series during a whole "
                  "round, the round ends and the player with the fewest cards wins it (printed on the "
                  "rules card).",
    "series_cost": "'Donc, dans tous les cas, on pose 4 cartes de sa main': laid + given cards is the same "
                   "for every kind of series; a kit that changes the series so that this no longer holds "
                   "gets a warning, not an error (it may be a deliberate variant).",
    "end_score": "'La manche s'arrête lorsqu'un joueur marque plus de 50 points': the game (not the round) "
                 "stops when a running total passes 50 (strictly); the lowest total wins.",
    "deal_size": "The deck must deal 10 cards to each of the most players the game allows, plus the "
                 "3-card market, and leave at least one card in the pile.",
}


class Series(Params):
    cards: int = Field(ge=2, le=8)
    shared: int = Field(ge=1, le=6)
    give: int = Field(0, ge=0, le=4)


class BannedPair(Params):
    first: str
    second: str


# rules: "Une série de cartes est constituée : soit de 4 cartes ayant un point commun, soit de 3
# cartes ayant deux points communs, soit de 2 cartes ayant trois points communs" ; "Lorsqu'on pose
# trois cartes (deux points commun) on donne 1 carte [...] deux cartes (trois points commun) on donne 2"
DEFAULT_SERIES = [Series(cards=4, shared=1, give=0), Series(cards=3, shared=2, give=1),
                  Series(cards=2, shared=3, give=2)]


class SimilisParams(Params):
    deck: str = "cartes"
    attributes: dict[str, list[str | int]]
    hand: int = Field(10, ge=1)  # rules: "Chaque joueur reçoit dix cartes."
    market: int = Field(3, ge=0)  # rules: "On dispose 3 cartes au centre de la table, c'est le marché."
    series: list[Series] = DEFAULT_SERIES
    banned_pair: BannedPair | None = None
    end_score: int = Field(50, ge=1)  # rules: "La manche s'arrête lorsqu'un joueur marque plus de 50 points."

    @model_validator(mode="after")
    def _pair_known(self):
        for name in (self.banned_pair.first, self.banned_pair.second) if self.banned_pair else ():
            if name not in self.attributes:
                hint = suggest(name, self.attributes)
                raise ValueError(f"banned_pair names {name!r}, which is not an attribute"
                                 + (f" (did you mean {hint!r}?)" if hint else ""))
        return self


def check(kit: Kit, params: SimilisParams) -> list[Problem]:
    deck = kit.deck(params.deck)
    if deck is None:
        names = [d.name for d in kit.decks]
        return [Problem(f"no deck named {params.deck!r} in the kit", "rules.deck", None,
                        suggestion=suggest(params.deck, names))]
    missing = [a for a in params.attributes if a not in deck.spec.fields]
    if missing:
        return [Problem(f"attribute {missing[0]!r} is not a field of deck {deck.name!r}", f"rules.attributes.{missing[0]}")]
    attrs = {k: list(v) for k, v in params.attributes.items()}
    problems = domain_problems(attrs, "rules.attributes", kit.game_ref.child("rules", "params", "attributes"))
    found, _ = complete_product(deck, attrs, lambda card: True)
    problems += found
    problems += _size(kit, deck, params)
    problems += series_problems(list(deck.cards), attrs, params.series, deck, "")
    problems += _banned(deck, attrs, params)
    problems += _cost(params)
    return problems


def _size(kit: Kit, deck, params: SimilisParams) -> list[Problem]:
    found = deal_problem(deck.total(), kit.game.players.max, params.hand, params.market,
                         f"deck {deck.name!r}", deck.ref.child("count"))
    return [found] if found else []


def series_problems(cards, attrs, series: list[Series], deck, context: str) -> list[Problem]:
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


def _banned(deck, attrs, params: SimilisParams) -> list[Problem]:
    """rules, Variante: a shape and a colour drawn at the start are banned from series and the market."""
    pair = params.banned_pair
    if pair is None:
        return []
    out = []
    for first, second in product(attrs[pair.first], attrs[pair.second]):
        allowed = [c for c in deck.cards if not (c.fields.get(pair.first) == first and c.fields.get(pair.second) == second)]
        context = f" once the pair {pair.first} {first} + {pair.second} {second} is banned"
        out += series_problems(allowed, attrs, params.series, deck, context)
    return out


def _cost(params: SimilisParams) -> list[Problem]:
    """rules: "Donc, dans tous les cas, on pose 4 cartes de sa main." (laid + given is the same for all)."""
    costs = {kind.cards + kind.give for kind in params.series}
    if len(costs) <= 1:
        return []
    shown = ", ".join(f"{k.cards}+{k.give}" for k in params.series)
    return [Problem(f"series no longer cost the same number of cards from the hand ({shown}); the rules make "
                    "every series cost 4", "rules.series", severity="warning")]


def tables(kit: Kit, params: SimilisParams) -> dict[str, Table]:
    rows = tuple((f"{k.cards} cartes", _shared(k.shared), _give(k.give)) for k in params.series)
    return {"series": Table(("Série", "Points communs", "Cartes à donner"), rows, "Les séries")}


def _shared(n: int) -> str:
    return {1: "1 point commun"}.get(n, f"{n} points communs")


def _give(n: int) -> str:
    return "aucune" if n == 0 else f"{n} carte{'s' if n > 1 else ''}"


def playtest(kit: Kit, params: SimilisParams, players: int, games: int, seed: int) -> str:
    """Random games with the kit's deck (see similis_play): do they end, and how?"""
    from .similis_play import Kind, SeriesRules
    from .similis_play import playtest as play

    deck = kit.deck(params.deck)
    names = list(params.attributes)
    cards = [tuple(c.fields.get(a) for a in names) for c in deck.cards for _ in range(c.copies)]
    rules = SeriesRules(tuple(Kind(k.cards, k.shared, k.give) for k in params.series), params.hand, params.market)
    return play(cards, players, games, seed, rules).summary()


MODEL = register(RulesModel("similis", "Similis: deck = product of attribute domains; series; deal size",
                            SimilisParams, check, tables, playtest))
