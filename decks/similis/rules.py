"""Rules model of Similis (l'elfe Sylvain, 2010): a deck that is the product of its attributes.

Contract: `model`, the kit's rules model (`rules: {model: rules.py}` in game.yaml). Its parameters
(in the kit's game.yaml) declare the attribute domains — the rules give examples ("2 - Ankh - Bleu -
fond pierre") but not the full domains, so each kit states its own — the hand and market sizes, the
kinds of series, the banned pair variant and the end score. It reads the kit's deck
(toolkit.products); the kit's game.yaml proves the deck is exactly the product of the domains (a
declarative check on the same domains); `check` proves it holds every kind of series, and keeps
them with any banned pair; `seats` is the most players the deck deals to. `tables`
gives the series table printed on the rules card and the end of the game with `end_score`
(`rules.score.notes`, on the score sheet). `playout` plays games (toolkit.shedplay, `SimilisPlay`),
the market refilled from the hand, the banned pair drawn for each game when the kit has one and
kept out of series and of the market.
Source: ../shared/seeds/000_be21521b8fc0252f.txt, "La règle de Similis".
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import product as product_of

from pnp.rules import Feature, Seats, Field, Params, Playout, Problem, RulesModel, Table, model_validator
from pnp.rules.toolkit.draws import two_of
from pnp.rules.toolkit.products import Product, attribute_named, read_product
from pnp.rules.toolkit.series import Series, series_problems
from pnp.rules.toolkit.shedding import SheddingParams, deal_seats, kinds_of
from pnp.rules.toolkit.shedplay import Shedding, Tables, Tabletop, playout as shedding_playout

# Every reading of an ambiguous rule, in one place (listed in docs/RULES.md; code cites the key).
DECISIONS: dict[str, str] = {
    "domains": "The rules name the attributes and give examples ('2 - Ankh - Bleu - fond pierre', "
               "'5 - Scarabée - Vert - fond sable') but not the full domains: each kit declares them in "
               "`rules.params.attributes` and the deck must be exactly their product, each combination once "
               "(the kit's declarative check, `checks: [product: *domains]` in game.yaml, on the same domains). "
               "Rejected: fixing the domains in the model (the seeds give none; a designer's deck would be "
               "refused for its own choice of shapes).",
    "points_communs": "'4 cartes ayant un point commun' is read as 'at least one attribute in common': "
                      "cards sharing more still form the series (a series is checked with at least k "
                      "shared attributes). Rejected: exactly k attributes (four 1s of one colour could then "
                      "not be laid as 4 cards sharing a value, which no sentence forbids).",
    "market_refill": "'il faudra la remplacer par une autre à la fin du tour', 'Donc, dans tous les cas, on pose "
                     "4 cartes de sa main' and, at the end, 'Il n'est pas nécessaire de remplacer la carte prise "
                     "sur le marché': the market card is replaced by a card of the player's hand, at the end of "
                     "the turn, after the gifts; a player whose hand is empty by then has won and replaces "
                     "nothing. A series with a market card is legal only when the player can replace it. "
                     "Rejected: a refill from the pile (a series using a market card would cost 3 hand cards, "
                     "against 'dans tous les cas, on pose 4 cartes de sa main', and the end's 'Il n'est pas "
                     "nécessaire de remplacer' would be pointless, since a pile refill costs the winner nothing).",
    "empty_pile": "The rules do not say what happens when the draw pile runs out. Decided: a player who "
                  "can neither lay a series nor draw passes; when nobody can lay a series during a whole "
                  "round, the round ends and the player with the fewest cards wins it, players tied for the "
                  "fewest sharing the win (printed on the rules card). Rejected: reshuffling laid series into "
                  "a new pile (laid cards leave the game in every sentence) and ending at the first pass (one "
                  "stuck player would end a round the others could still play).",
    "series_cost": "'Donc, dans tous les cas, on pose 4 cartes de sa main': laid + given cards is the same "
                   "for every kind of series; a kit that changes the series so that this no longer holds "
                   "gets a warning, not an error (it may be a deliberate variant). Rejected: an error (a "
                   "designer may want unequal costs on purpose).",
    "end_score": "'La manche s'arrête lorsqu'un joueur marque plus de 50 points': the game (not the round) "
                 "stops when a running total passes `end_score` (50, strictly); the lowest total wins "
                 "(printed on the score sheet, `rules.score.notes`). Rejected: reading 'manche' literally "
                 "(each deal is already a 'manche' that ends when a hand is empty; 'Est déclaré vainqueur le "
                 "joueur qui totalise le moins de points à ce moment' closes the whole game) and 50 included "
                 "('plus de 50' is strict).",
    "players": "'pour 3 à 6 joueurs': a kit's players.min below 3 is refused (the model's seats give the low "
               "bound 3; the play-outs and `pnp check` never play fewer); the most players is the deal's "
               "(deal_size), 6 with the kit's 90 cards. Rejected: accepting 2 players (a series' gifts go to "
               "'un adversaire' or split between 'deux adversaires', a choice two players never have) or 1 "
               "(nobody to give to: the play-outs failed on it), and holding the kit to 6 at most whatever its "
               "deck (a designer who adds cards may deal to more; the deal is the physical bound).",
    "deal_size": "The deck must deal 10 cards to each of the most players the game allows, plus the "
                 "3-card market, and leave at least one card in the pile. Rejected: an empty pile at the deal "
                 "('il ne reste plus qu'à tirer une carte' supposes a pile to draw from).",
    "banned_draw": "Variante, 'on tire deux cartes au hasard dans le paquet': the two cards are looked at "
                   "and shuffled back before the deal; the first gives the shape (`banned_pair.first`), "
                   "the second the colour (`banned_pair.second`), drawn anew for every game. Rejected: "
                   "setting the two cards aside (the rules never remove them, and a banned pair drawn from "
                   "them would then be one card shorter than the deck it bans from).",
    "banned_market": "Variante, 'On ne peut même pas les poser dans le marché': a player never puts a banned "
                     "card into the market (decision market_refill: the refill is a card of the hand); at set-up "
                     "a banned card turned up for the market goes under the pile and the next is turned up, and "
                     "when only banned cards are left the market stays a card short. Rejected: letting the "
                     "market hold a banned card turned up from the pile (the pile reading, which this rule was "
                     "patched into and which 'poser', what a player does with a card of the hand, does not fit).",
}


class BannedPair(Params):
    first: str
    second: str


# rules: "Une série de cartes est constituée : soit de 4 cartes ayant un point commun, soit de 3
# cartes ayant deux points communs, soit de 2 cartes ayant trois points communs" ; "Lorsqu'on pose
# trois cartes (deux points commun) on donne 1 carte [...] deux cartes (trois points commun) on donne 2"
DEFAULT_SERIES = [Series(cards=4, shared=1, give=0), Series(cards=3, shared=2, give=1),
                  Series(cards=2, shared=3, give=2)]


class SimilisParams(SheddingParams):
    deck: str = "cartes"
    hand: int = Field(default=10, ge=1)  # rules: "Chaque joueur reçoit dix cartes."
    market: int = Field(default=3, ge=0)  # rules: "On dispose 3 cartes au centre de la table, c'est le marché."
    series: list[Series] = DEFAULT_SERIES
    banned_pair: BannedPair | None = None
    end_score: int = Field(default=50, ge=1)  # rules: "La manche s'arrête lorsqu'un joueur marque plus de 50 points."

    @model_validator(mode="after")
    def _pair_known(self) -> "SimilisParams":
        for name in (self.banned_pair.first, self.banned_pair.second) if self.banned_pair else ():
            attribute_named(name, self.attributes, "banned_pair")
        return self


def check(product: Product, params: SimilisParams) -> list[Problem]:
    """Series of each kind, with and without any banned pair, and their cost. That the deck is the
    product of the attributes is the kit's declarative check (`checks: [product: *domains]` in
    game.yaml, decision: domains)."""
    attrs = product.attributes
    series = series_problems(list(product.deck.cards), attrs, params.series, product.deck, "")
    return series + _banned(product, params) + _cost(params)


def _banned(product: Product, params: SimilisParams) -> list[Problem]:
    """rules, Variante: a shape and a colour drawn at the start are banned from series and the market."""
    pair, attrs = params.banned_pair, product.attributes
    if pair is None:
        return []
    out = []
    for first, second in product_of(attrs[pair.first], attrs[pair.second]):
        allowed = [c for c in product.deck.cards
                   if not (c.fields.get(pair.first) == first and c.fields.get(pair.second) == second)]
        context = f" once the pair {pair.first} {first} + {pair.second} {second} is banned"
        out += series_problems(allowed, attrs, params.series, product.deck, context)
    return out


def _cost(params: SimilisParams) -> list[Problem]:
    """rules: "Donc, dans tous les cas, on pose 4 cartes de sa main." (laid + given is the same for all)."""
    costs = {kind.cards + kind.give for kind in params.series}
    if len(costs) <= 1:
        return []
    shown = ", ".join(f"{k.cards}+{k.give}" for k in params.series)
    return [Problem(f"series no longer cost the same number of cards from the hand ({shown}); the rules make "
                    "every series cost 4", "rules.series", severity="warning")]


def tables(product: Product | None, params: SimilisParams) -> dict[str, Table | str]:
    """The series table of the rules card, the end of the game (its notes) for the score sheet, and
    the texts of the rules cards whose wording follows the parameters (printed.py)."""
    rows = tuple((f"{k.cards} cartes", shared_label(k.shared), _give(k.give)) for k in params.series)
    return {"series": Table(("Série", "Points communs", "Cartes à donner"), rows, "Les séries"),
            "score": Table((), (), "Score", (_score_rule(params.end_score),)),
            "shared": _listed([the_attribute(name)[0] for name in params.attributes]),
            "market_rule": _market_rule(params.market), "market_use": _market_use(params.market),
            "series_cost": _series_cost(params.series), "end_note": _end_note(params.market),
            "variant": _variant(params), "end_title": _end_title(params), **_banned_words(params)}


def _score_rule(end_score: int) -> str:
    # rules: Score — "Le gagnant d'une partie marque zéro point, les autres marquent en point le nombre de
    # carte restant en main (y compris celles que le gagnant peut lui donner pour terminer sa main). La
    # manche s'arrête lorsqu'un joueur marque plus de 50 points." (decision: end_score)
    return ("Le gagnant de la manche marque 0 ; les autres marquent le nombre de cartes restant en main "
            "(y compris celles qu'on vient de leur donner). La partie s'arrête dès qu'un total dépasse "
            f"**{end_score} points** : le plus petit total gagne.")


def _give(n: int) -> str:
    return "aucune" if n == 0 else f"{n} carte{'s' if n > 1 else ''}"


def shared_label(n: int) -> str:
    """The printed name of what a series shares: "1 point commun", "2 points communs"."""
    return "1 point commun" if n == 1 else f"{n} points communs"


# The words of the rules cards for the kit's attributes: (with its article, feminine); any other
# attribute is named as the kit names it.
ATTRIBUTE_WORDS = {"valeur": ("la valeur", True), "forme": ("la forme", True), "couleur": ("la couleur", True),
                   "fond": ("le fond", False)}


def the_attribute(name: str) -> tuple[str, bool]:
    return ATTRIBUTE_WORDS.get(name, (f"l'attribut « {name} »", False))


def _determined(name: str) -> tuple[str, str]:
    """An attribute with a possessive and with a demonstrative, agreed: ("sa forme", "cette forme"),
    ("son fond", "ce fond")."""
    word, feminine = the_attribute(name)
    noun = word.split(" ", 1)[1] if word.startswith(("la ", "le ")) else word.removeprefix("l'")
    if feminine:
        return f"sa {noun}", f"cette {noun}"
    return f"son {noun}", f"{'cet' if noun[0] in 'aeiouéh' else 'ce'} {noun}"


def _banned_words(params: SimilisParams) -> dict[str, str]:
    """The rulebook's words for the banned pair (rules, Variante): what each drawn card gives ("sa
    forme", "son fond") and the two together ("cette forme et ce fond"); empty without the variant."""
    pair = params.banned_pair
    if pair is None:
        return {"banned_first": "", "banned_second": "", "banned_both": ""}
    (first, this_first), (second, this_second) = _determined(pair.first), _determined(pair.second)
    return {"banned_first": first, "banned_second": second, "banned_both": f"{this_first} et {this_second}"}


def _listed(words: list[str]) -> str:
    """"a, b, c et d"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} et {words[-1]}"


def _market_rule(market: int) -> str:
    # rules: "On dispose 3 cartes au centre de la table, c'est le marché."
    if market == 0:
        return "pas de marché"
    verb = "forme" if market == 1 else "forment"
    return f"{market} carte{'s' if market > 1 else ''} face visible au centre {verb} le marché"


def _market_use(market: int) -> str:
    """The turn's sentence on the market card (none without a market: feature has_market)."""
    # rules: "On peut élaborer une série en utilisant une des trois cartes du marché, mais dans ce cas, il
    # faudra la remplacer par une autre à la fin du tour" (decision: market_refill)
    if market == 0:
        return ""
    return " ; tu peux y mettre 1 carte du marché, remplacée à la fin de ton tour par une carte de ta main"


def _end_note(market: int) -> str:
    # rules: "Il n'est pas nécessaire de remplacer la carte prise sur le marché, ni d'avoir suffisamment de
    # cartes à donner"
    return ("Inutile de remplir le marché ou d'avoir assez de cartes à donner." if market else
            "Inutile d'avoir assez de cartes à donner.")


def _series_cost(series: list[Series]) -> str:
    # rules: "Donc, dans tous les cas, on pose 4 cartes de sa main." (decision: series_cost)
    costs = {kind.cards + kind.give for kind in series}
    if len(costs) == 1:
        return f"Une série coûte toujours {costs.pop()} cartes de ta main"
    return "Une série coûte les cartes posées et les cartes données"


def _end_title(params: SimilisParams) -> str:
    """The title of the rules card that ends with the variant: it announces one only when it is on."""
    return "Fin, score et variante" if params.banned_pair else "Fin et score"


def _variant(params: SimilisParams) -> str:
    """rules, Variante: the paragraph of the rules card (none without the variant; decision: banned_draw)."""
    pair = params.banned_pair
    if pair is None:
        return ""
    (first, f1), (second, f2) = the_attribute(pair.first), the_attribute(pair.second)
    where = "ni dans une série, ni au marché" if params.market else "dans aucune série"
    return (f"**Variante :** en début de partie, tirez 2 cartes ; {first} de la 1re et {second} de la 2e sont "
            f"interdit{'es' if f1 and f2 else 's'} ensemble (par ex. {_example(params)}) : {where}, mais on peut "
            "les donner.")


def _example(params: SimilisParams) -> str:
    """A banned pair for the example: the first value of the first attribute, the second of the
    second; a shape and a colour as the rules write them ("les ankhs vertes"), others plainly."""
    pair, attrs = params.banned_pair, params.attributes
    assert pair is not None  # (the variant's text only: see _variant)
    one, two = attrs[pair.first][0], attrs[pair.second][min(1, len(attrs[pair.second]) - 1)]
    return f"les {one}s {two}s" if (pair.first, pair.second) == ("forme", "couleur") else f"{one} et {two}"


@dataclass(frozen=True)
class SimilisPlay(Shedding):
    """The play-outs' rules (toolkit.shedplay): the turn, "il ne reste plus qu'à tirer une carte"; the
    market, "On peut élaborer une série en utilisant une des trois cartes du marché, mais dans ce cas,
    il faudra la remplacer par une autre à la fin du tour" (decision: market_refill — from the hand);
    the gifts, "Il n'est pas nécessaire d'avoir suffisamment de cartes à donner"; the end, "le premier
    qui a posé toutes ses cartes a gagné" (decision: empty_pile). With the banned-pair variant
    (`ban_draw`: the attribute positions of the shape and the colour), the pair is drawn for each game
    (decision: banned_draw) and its cards are kept out of series and of the market (decision:
    banned_market)."""

    ban_draw: tuple[int, int] | None = None

    def unusable(self, table: Tabletop, tables: Tables, rng: random.Random) -> int:
        """rules, Variante: "on tire deux cartes au hasard dans le paquet. La première définit une forme, la
        seconde une couleur [...] les ankhs vertes (quelque soit le fond) sont bannis des combinaisons"."""
        if self.ban_draw is None:
            return 0
        first, second = two_of(rng, tables.cards)  # rng.sample(tables.cards, 2), written out
        a, b = self.ban_draw
        return tables.values[a, first[a]] & tables.values[b, second[b]]


def playout(product: Product, params: SimilisParams) -> Playout:
    """Games with the kit's deck (`SimilisPlay`), the banned pair drawn for each game when the variant
    is on. The ending "empty pile" applies a rule the seeds leave open (decision: empty_pile)."""
    pair, names = params.banned_pair, list(product.attributes)
    ban_draw = (names.index(pair.first), names.index(pair.second)) if pair else None
    rules = SimilisPlay(kinds_of(params.series), params.hand, params.market, ban_draw=ban_draw)
    return shedding_playout(product.keys(), rules, {"empty pile": "empty_pile"})


def seats(product: Product, params: SimilisParams) -> list[Seats]:
    """The most players the deck deals to (toolkit.shedding), and the fewest the rules play with
    (decision: players)."""
    # rules: "pour 3 à 6 joueurs" (decision: players)
    return deal_seats(product, params) + [Seats("the rules of Similis are for 3 to 6 players (decision: players)",
                                                low=PLAYERS_MIN)]


PLAYERS_MIN = 3

# What a parameter can turn off, and the printed words that depend on it (pnp check warns of them
# where the rule is off; the kit prints the model's texts for them: rules.market_use, rules.end_note).
FEATURES = (Feature("has_market", lambda product, params: params.market > 0,
                    words=("du marché", "au marché", "le marché"), values=("rules.market",),
                    what="a market: rules.market is 0"),)

model = RulesModel("similis", "Similis: deck = product of attribute domains; series; deal size",
                   SimilisParams, check, tables, playout, read_product, seats, features=FEATURES)
