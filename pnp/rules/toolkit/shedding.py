"""A shedding game: hands dealt from a product deck, a face-up market, a draw pile; players lay
series and give cards away, and the first to empty a hand wins. Its checks and random play-outs.

Contract: `SheddingParams` extend `ProductParams` with `hand` (cards dealt to each player),
`market` (cards face up) and `series` (the kinds of series that may be laid); a model gives them
their defaults. `deal_problem` says when a deck cannot deal to the most players, and
`product_problems(product, params, belongs)` checks the product part of a deck for such a game:
its domains, each combination once, the deal, a series of each kind.

Play-outs: `Shedding(kinds, hand, market)` is one game's rules; a model subclasses it (a frozen
dataclass) and overrides its hooks: `for_game(cards, rng)` (a set-up drawn for each game),
`usable(card)` (may be part of a series of shared attributes), `market_card(table)` (the next card
turned up for the market; by default the top of the pile), `refill(table, seat)` (after a market
card was taken; by default the next market card), `find_special(hand, kind)` (a series of a kind
the game defines itself, `Kind.special`) and `after_lay(table, seat, kind, others)`.
`play_game(cards, players, rng, rules)` plays one game, `playtest(cards, players, games, seed,
rules)` many, returning `PlaytestStats` whose `summary()` is the line `pnp playtest` prints. Cards
are tuples of attribute values (`Product.keys()`).

The loop: each player in turn lays the series that gives most cards away (hand cards only when it
can, else with one market card), gives first the cards that cannot be laid, then its highest
(tuples compared in the kit's attribute order), and draws when it cannot lay. A player who can
neither lay nor draw passes; when nobody lays during a whole round with the pile empty, the game
ends and the fewest cards win (`GameResult.ended_by_empty_pile`). It checks that a game ends, and
how; it is not a strategy study.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from ...errors import Problem
from ...model.kit import Card
from ...model.schema import Field
from .products import Product, ProductParams, complete_product, domain_problems
from .series import Series, series_problems, shared_groups

MAX_TURNS = 3000


class SheddingParams(ProductParams):
    """The deck, its attributes, the deal and the kinds of series (a model sets their defaults)."""

    hand: int = Field(ge=1)
    market: int = Field(ge=0)
    series: list[Series]


def deal_problem(total: int, players: int, hand: int, market: int, where: str, ref) -> Problem | None:
    needed = players * hand + market + 1
    if total >= needed:
        return None
    return Problem(f"{total} cards cannot deal {hand} cards to each of {players} players, a {market}-card market "
                   f"and leave a draw pile: at least {needed} are needed", where, ref)


def product_problems(product: Product, params: SheddingParams,
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


@dataclass(frozen=True)
class Kind:
    """A kind of series in play: `cards` sharing `shared` attributes, then `give` cards given away;
    a `special` kind is found by the game's own hook (`Shedding.find_special`)."""

    cards: int
    shared: int
    give: int = 0
    special: str = ""


def kinds_of(series: list[Series]) -> tuple[Kind, ...]:
    return tuple(Kind(k.cards, k.shared, k.give) for k in series)


@dataclass(frozen=True)
class Shedding:
    """One game's rules for the loop, with the hooks a model overrides."""

    kinds: tuple[Kind, ...]
    hand: int = 10
    market: int = 3

    def for_game(self, cards: list[tuple], rng: random.Random) -> "Shedding":
        """The rules of one game (a variant drawn at random for it); by default these."""
        return self

    def usable(self, card: tuple) -> bool:
        """Whether `card` may be part of a series of shared attributes."""
        return True

    def market_card(self, table: "Tabletop") -> tuple | None:
        """The next card for the market (None: none may go there)."""
        return table.draw()

    def refill(self, table: "Tabletop", seat: int) -> None:
        """After `seat` took a market card: the market gets the next market card, if any."""
        card = self.market_card(table)
        if card is not None:
            table.market.append(card)

    def find_special(self, hand: list[tuple], kind: Kind) -> tuple[list[tuple], tuple | None] | None:
        return None

    def after_lay(self, table: "Tabletop", seat: int, kind: Kind, others: list[int]) -> None:
        """What laying a series of `kind` does beyond the cards given away."""

    def find(self, hand: list[tuple], market: list[tuple], kind: Kind) -> tuple[list[tuple], tuple | None] | None:
        """(cards from the hand, market card or None) making a series of `kind`, or None; a series of
        hand cards only when there is one (no market card used)."""
        if kind.special:
            return self.find_special(hand, kind)
        groups = list(shared_groups([c for c in hand if self.usable(c)], kind.shared))
        whole = next((group[:kind.cards] for _, _, group in groups if len(group) >= kind.cards), None)
        return (whole, None) if whole else self._with_market(groups, market, kind)

    def _with_market(self, groups: list, market: list[tuple], kind: Kind) -> tuple[list[tuple], tuple] | None:
        offer = [c for c in market if self.usable(c)]
        for chosen, values, group in groups:
            extra = next((m for m in offer if tuple(m[i] for i in chosen) == values), None)
            if extra is not None and len(group) == kind.cards - 1:
                return group, extra
        return None

    def gift(self, hand: list[tuple]) -> tuple:
        """The card given away (and taken from `hand`): one that cannot be laid, else the highest."""
        card = max(hand, key=lambda c: (not self.usable(c), c))
        hand.remove(card)
        return card


class Tabletop:
    """The hands, the market and the pile of one game, dealt from a shuffled deck."""

    def __init__(self, cards: list[tuple], players: int, rng: random.Random, rules: Shedding):
        deck = list(cards)
        rng.shuffle(deck)
        self.rules, self.rng, self.ran_out = rules, rng, False
        self.hands = [sorted(deck[i * rules.hand:(i + 1) * rules.hand]) for i in range(players)]
        self.pile = deck[players * rules.hand:]
        market = (rules.market_card(self) for _ in range(rules.market))
        self.market = [card for card in market if card is not None]
        self.ran_out = self.ran_out or not self.pile

    def draw(self) -> tuple | None:
        if not self.pile:
            self.ran_out = True
            return None
        card = self.pile.pop()
        self.ran_out = self.ran_out or not self.pile
        return card


def _turn(table: Tabletop, seat: int) -> bool:
    """One turn; True when the player laid a series."""
    rules, hand = table.rules, table.hands[seat]
    for kind in sorted(rules.kinds, key=lambda k: -k.give):
        found = rules.find(hand, table.market, kind)
        if found:
            _lay(table, seat, kind, *found)
            return True
    card = table.draw()
    if card is not None:
        hand.append(card)
    return False


def _lay(table: Tabletop, seat: int, kind: Kind, cards: list[tuple], market_card: tuple | None) -> None:
    hand = table.hands[seat]
    for card in cards:
        hand.remove(card)
    if market_card is not None:
        table.market.remove(market_card)
        table.rules.refill(table, seat)
    others = [s for s in range(len(table.hands)) if s != seat]
    table.rules.after_lay(table, seat, kind, others)
    for _ in range(kind.give):
        if hand:  # a player short of cards gives what it has
            table.hands[table.rng.choice(others)].append(table.rules.gift(hand))


@dataclass
class GameResult:
    winner: int
    turns: int
    pile_ran_out: bool
    ended_by_empty_pile: bool


def play_game(cards: list[tuple], players: int, rng: random.Random, rules: Shedding) -> GameResult:
    table = Tabletop(cards, players, rng, rules.for_game(cards, rng))
    idle = 0  # turns in a row without a series while the pile is empty
    for turn in range(1, MAX_TURNS + 1):
        seat = (turn - 1) % players
        laid = _turn(table, seat)
        if not table.hands[seat]:
            return GameResult(seat, turn, table.ran_out, False)
        idle = 0 if laid or table.pile else idle + 1
        if idle >= players:
            return GameResult(_fewest(table), turn, True, True)
    return GameResult(_fewest(table), MAX_TURNS, table.ran_out, True)


def _fewest(table: Tabletop) -> int:
    return min(range(len(table.hands)), key=lambda s: len(table.hands[s]))


@dataclass
class PlaytestStats:
    players: int
    games: int
    wins_by_seat: list[int] = field(default_factory=list)
    emptied_hand: int = 0
    pile_ran_out: int = 0
    empty_pile_ends: int = 0
    turns: list[int] = field(default_factory=list)

    def summary(self) -> str:
        mean = sum(self.turns) / len(self.turns) if self.turns else 0
        return (f"{self.players} players, {self.games} games: a hand emptied in {self.emptied_hand / self.games:.0%}, "
                f"the pile ran out in {self.pile_ran_out / self.games:.0%}, ended by the empty-pile rule in "
                f"{self.empty_pile_ends / self.games:.0%}; {mean:.0f} turns on average, {max(self.turns)} at most; "
                f"wins by seat {self.wins_by_seat}")


def playtest(cards: list[tuple], players: int, games: int, seed: int, rules: Shedding) -> PlaytestStats:
    rng = random.Random(seed)
    stats = PlaytestStats(players, games, [0] * players)
    for _ in range(games):
        result = play_game(cards, players, rng, rules)
        stats.wins_by_seat[result.winner] += 1
        stats.emptied_hand += not result.ended_by_empty_pile
        stats.pile_ran_out += result.pile_ran_out
        stats.empty_pile_ends += result.ended_by_empty_pile
        stats.turns.append(result.turns)
    return stats
