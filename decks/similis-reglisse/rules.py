"""Rules model of Similis Réglisse (l'elfe Sylvain, 2016): candies plus black liquorice cards.

Contract: `model`, the kit's rules model (`rules: {model: rules.py}` in game.yaml). The candy cards
are the product of shape × colour × value (domains declared in the kit); liquorice cards
("réglisses") are black, of their own shapes (in the attribute `liquorice.shape_field`), in a number
the kit declares (the rules say "en nombre indéterminé"), and match nothing. It reads the kit's deck
like Similis (toolkit.products); `check` proves the product is complete, the liquorice cards are
well formed, the deck deals, and series of each candy kind exist: 3 cards sharing 1, 2 cards sharing
2 (three liquorice cards are a series too). Set-up, market and end are Similis's. `tables` gives the
series table printed on the rules card; `playout` plays games with liquorice gifts and penalties
(toolkit.shedplay, `ReglissePlay`).
Source: ../shared/seeds/000_be21521b8fc0252f.txt, "Similis Réglisse".
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import combinations

from pnp.rules import Feature, Seats, Card, Field, Params, Playout, Problem, RulesModel, Table, model_validator, suggest
from pnp.rules.toolkit.products import Product, attribute_named, read_product
from pnp.rules.toolkit.series import Series
from pnp.rules.toolkit.shedding import SheddingParams, deal_seats, kinds_of, product_problems
from pnp.rules.toolkit.shedplay import Game, Kind, Shedding, Tables, Tabletop, bits_of, playout as shedding_playout

DECISIONS: dict[str, str] = {
    "liquorice_count": "'en nombre indéterminé': the kit declares how many liquorice cards it has "
                       "(`liquorice.count`, at least 3 so that three can ever be laid) and the deck must match. "
                       "Rejected: any number (a deck of fewer than 3 could never lay them, and a miscount would "
                       "pass unseen).",
    "liquorice_cards": "A liquorice card is black (`liquorice.field` = `liquorice.value`), has one of the "
                       "kit's liquorice shapes in the shape attribute (`liquorice.shape_field`, `forme` by "
                       "default), and no other attribute: 'on ne peut pas les associer aux autres formes, "
                       "couleurs et nombre'. Rejected: a liquorice card with a value (it could then share a value "
                       "with a candy, which the sentence forbids).",
    "same_as_similis": "'Similis Réglisse est le même jeu que Similis': set-up (10 cards, a 3-card market), "
                       "the turn, the market refilled from the hand (Similis's market_refill), the end and the "
                       "empty-pile decision are Similis's. Rejected: rules of their own for what the 2016 text "
                       "leaves out (it says it is the same game).",
    "liquorice_market": "'Ils agissent comme le mistigris' and 'Dans la première version, il s'agissait d'une "
                        "règle optionnelle où l'on interdisait de poser certaines cartes' (Similis's banned "
                        "cards, which 'On ne peut même pas les poser dans le marché'): a liquorice card never "
                        "goes into the market. A player refilling the market puts a candy of its hand there; a "
                        "liquorice turned up for the market at set-up goes under the pile and the next card is "
                        "turned up. Rejected: a liquorice turned up into the market staying there for good (a "
                        "dead slot in about half the turns under the pile reading), and a player putting one "
                        "there (a free discard of the card the game is about getting rid of the hard way).",
    "players_as_similis": "Same game as Similis ('pour 3 à 6 joueurs'): players.min below 3 is refused (the seats' low "
               "bound); the most players is the deal's. Rejected: 2 players (the penalty 'chaque joueur tire "
               "une carte' and the gift 'à un adversaire au choix' suppose a choice of opponents) and a range "
               "of its own (the 2016 text gives none: it is Similis).",
    "penalty": "'Si on n'a pas de réglisse, chaque joueur tire une carte du paquet en pénalité' is read as "
               "every *other* player drawing one card. Rejected: every player, the one who laid included "
               "(the penalty rewards laying 2 cards sharing 2: 'Quel intérêt a-t-on d'en défausser deux'; "
               "drawing oneself would take the reward back).",
}

# rules: "soit 3 cartes avec 1 point commun [...] soit 2 cartes avec 2 points communs"
DEFAULT_SERIES = [Series(cards=3, shared=1, give=0), Series(cards=2, shared=2, give=0)]


class Liquorice(Params):
    field: str = "couleur"  # the field that marks a liquorice card
    value: str = "noir"  # rules: "Les réglisses sont noirs"
    shape_field: str = "forme"  # the attribute that holds a card's shape
    shapes: list[str] = Field(min_length=1)  # rules: "de formes différentes"
    count: int = Field(ge=3)  # three in hand form a series, so fewer than 3 could never be laid
    series: int = Field(default=3, ge=2)  # rules: "quand on en a trois en main, on retrouve alors la combinaison"


class ReglisseParams(SheddingParams):
    deck: str = "cartes"
    hand: int = Field(default=10, ge=1)  # decision: same_as_similis — "Chaque joueur reçoit dix cartes."
    market: int = Field(default=3, ge=0)  # decision: same_as_similis — "3 cartes au centre de la table"
    liquorice: Liquorice
    series: list[Series] = DEFAULT_SERIES

    @model_validator(mode="after")
    def _shape_known(self) -> "ReglisseParams":
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


def _one_liquorice(card: Card, attrs: dict[str, list], liq: Liquorice, where: str) -> list[Problem]:
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


def tables(product: Product | None, params: ReglisseParams) -> dict[str, Table | str]:
    """The series table of the rules card, and the attributes a combination may share, in words."""
    rows = [(f"{k.cards} cartes", shared_label(k.shared)) for k in params.series]
    rows.append((f"{params.liquorice.series} réglisses", "—"))
    words = [ATTRIBUTE_WORDS.get(name, f"l'attribut « {name} »") for name in params.attributes]
    shared = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} ou {words[-1]}"
    return {"series": Table(("Combinaison", "Points communs"), tuple(rows), "Les combinaisons"), "shared": shared,
            "market_setup": _market_setup(params.market), "market_use": _market_use(params.market),
            "end_note": " Inutile de remplir le marché." if params.market else "",
            "gift_rule": _gift_rule(params), "end_title": "Réglisses et fin" if _has_gift(params) else "Fin"}


def _market_setup(market: int) -> str:
    # decision: same_as_similis — "On dispose 3 cartes au centre de la table, c'est le marché."
    if market == 0:
        return ""
    return f"{market} carte{'s' if market > 1 else ''} au centre (le marché), "


def _market_use(market: int) -> str:
    # decision: same_as_similis, liquorice_market — the market card, replaced from the hand, never by a réglisse
    if market == 0:
        return ""
    return " (tu peux prendre 1 carte du marché, remplacée à la fin de ton tour par une carte de ta main, jamais un réglisse)"


def _has_gift(params: ReglisseParams) -> bool:
    """rules: the gift follows "deux cartes avec deux points communs": a kit without that series has none."""
    return any((kind.cards, kind.shared) == GIFT for kind in params.series)


def _gift_rule(params: ReglisseParams) -> str:
    """rules: "Si on se défausse de deux cartes avec deux points communs, alors on peut donner un de ses
    réglisses à un adversaire au choix. Si on n'a pas de réglisse, chaque joueur tire une carte du paquet
    en pénalité" (decision: penalty); none without that series (feature has_gift)."""
    if not _has_gift(params):
        return ""
    return ("**2 cartes avec 2 points communs :** tu donnes un de tes réglisses à l'adversaire de ton choix. Si tu "
            "n'as pas de réglisse, chaque autre joueur pioche une carte de pénalité.\n")  # a paragraph of its own


GIFT = (2, 2)  # rules: "deux cartes avec deux points communs"


# The words of the rules cards for the kit's attributes; any other is named as the kit names it.
ATTRIBUTE_WORDS = {"forme": "la forme", "couleur": "la couleur", "valeur": "la valeur"}


def shared_label(n: int) -> str:
    """The printed name of what a series shares: "1 point commun", "2 points communs"."""
    return "1 point commun" if n == 1 else f"{n} points communs"


@dataclass(frozen=True)
class ReglissePlay(Shedding):
    """The play-outs' rules: Similis's (decision: same_as_similis: the market refilled from the hand),
    with liquorice cards (`liquorice`: their mask among the deck's cards) that match nothing and never go into the market (decision: liquorice_market), a series of their own (`Kind`
    special "liquorice") and the gift after 2 cards sharing 2 (decision: penalty)."""

    liquorice: int = 0

    def unusable(self, table: Tabletop, tables: Tables, rng: random.Random) -> int:
        """rules: "on ne peut pas les associer aux autres formes, couleurs et nombre"."""
        return self.liquorice

    def specials(self, table: Tabletop, seat: int, index: int, kind: Kind) -> list[tuple[int, int, int]]:
        """rules: "quand on en a trois en main, on retrouve alors la combinaison"."""
        black = table.hands[seat] & table.unusable
        if black.bit_count() < kind.cards:
            return []
        return [(index, sum(cards), 0) for cards in combinations(bits_of(black), kind.cards)]

    def after_lay(self, game: Game, seat: int, kind: Kind) -> None:
        """rules: "Si on se défausse de deux cartes avec deux points communs, alors on peut donner un de ses
        réglisses à un adversaire au choix. Si on n'a pas de réglisse, chaque joueur tire une carte du
        paquet en pénalité" (decision: penalty — every other player)."""
        if kind.special or (kind.cards, kind.shared) != GIFT:
            return
        table = game.table
        black = table.hands[seat] & table.unusable
        if black:
            card = game.pick_card(seat, black)
            table.take(seat, card)
            other = game.opponent(seat)
            table.put(other, card)
            table.note("liquorice given")
            if game.log is not None:  # a traced game (`pnp playtest --trace`)
                game.say(seat, f"donne la réglisse {game.words(card)} au joueur {other + 1}")
            return
        table.note("liquorice penalty")
        game.say(seat, "n'a pas de réglisse : chaque autre joueur pioche une carte")
        for other in range(game.players):
            if other != seat:
                table.put(other, table.draw())

    def extra_gain(self, kind: Kind, players: int) -> int:
        return 1 if not kind.special and (kind.cards, kind.shared) == (2, 2) else 0


def playout(product: Product, params: ReglisseParams) -> Playout:
    """Games with the kit's deck: candies, liquorice series, gifts and penalties (`ReglissePlay`). The
    ending "empty pile" applies a rule the seeds leave open (decision: same_as_similis, Similis's
    empty_pile)."""
    liq = params.liquorice
    kinds = kinds_of(params.series) + (Kind(liq.series, 0, 0, "liquorice"),)
    cards = [card for card in product.deck.cards for _ in range(card.copies)]  # in the order of keys()
    black = sum(1 << i for i, card in enumerate(cards) if _is_liquorice(card, liq))
    rules = ReglissePlay(kinds, params.hand, params.market, SITUATIONS, black)
    return shedding_playout(product.keys(), rules, {"empty pile": "same_as_similis"})


SITUATIONS = ("liquorice given", "liquorice penalty")

def seats(product: Product, params: ReglisseParams) -> list[Seats]:
    """The most players the deck deals to (toolkit.shedding), and the fewest the rules play with
    (decision: players_as_similis)."""
    # rules: "Similis Réglisse est le même jeu que Similis" — "pour 3 à 6 joueurs" (decision: players_as_similis)
    return deal_seats(product, params) + [Seats("the rules of Similis Réglisse are for 3 to 6 players "
                                                "(decision: players_as_similis)", low=PLAYERS_MIN)]


PLAYERS_MIN = 3

# What the parameters can turn off, and the printed words that depend on it (pnp check warns of them
# where the rule is off; the kit prints the model's texts for them).
FEATURES = (
    Feature("has_market", lambda product, params: params.market > 0, words=("du marché", "au marché", "le marché"),
            values=("rules.market",), what="a market: rules.market is 0"),
    Feature("has_gift", lambda product, params: _has_gift(params),
            words=("2 cartes avec 2 points communs", "deux cartes avec deux points communs", "de tes réglisses",
                   "carte de pénalité"),
            what="the liquorice gift: no series of 2 cards sharing 2 in rules.series"),
)

model = RulesModel("reglisse", "Similis Réglisse: candy product plus liquorice cards",
                   ReglisseParams, check, tables, playout, read_product, seats, features=FEATURES)
