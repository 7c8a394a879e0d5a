"""Random play-outs of Similis and Similis Réglisse: is the kit's deck playable, and how do games end?

Contract: `play_game(cards, players, rng, rules)` plays one game (one round, "manche") with simple
greedy players and returns a `GameResult`; `playtest(cards, players, games, seed, rules)` plays many
and returns `PlaytestStats`: the share of games won by emptying a hand, the share that ran the draw
pile dry and the share ended by the empty-pile decision (similis.DECISIONS["empty_pile"]), and the
turns games take. `cards` are attribute tuples; `rules` says what a series is and costs.

The players: on their turn each lays the series that gives most cards away (then uses fewest market
cards), gives their highest-numbered cards, and draws when they cannot lay. It is a check that the
rules and the deck let games end, not a strategy study.
"""
from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import combinations

MAX_TURNS = 3000


@dataclass(frozen=True)
class Kind:
    cards: int
    shared: int
    give: int = 0
    special: str = ""  # "liquorice": a series of liquorice cards (Réglisse)


@dataclass(frozen=True)
class SeriesRules:
    kinds: tuple[Kind, ...]
    hand: int = 10
    market: int = 3
    banned: tuple[int, object, int, object] | None = None  # (attribute, value, attribute, value)
    liquorice: object = None  # a marker in a card tuple that makes it a liquorice card (Réglisse)
    liquorice_gift: bool = False  # Réglisse: 2 sharing 2 gives a liquorice, or everybody draws


@dataclass
class GameResult:
    winner: int
    turns: int
    pile_ran_out: bool
    ended_by_empty_pile: bool


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


class _Table:
    def __init__(self, cards: list[tuple], players: int, rng: random.Random, rules: SeriesRules):
        deck = list(cards)
        rng.shuffle(deck)
        self.rules, self.rng = rules, rng
        self.hands = [sorted(deck[i * rules.hand:(i + 1) * rules.hand]) for i in range(players)]
        rest = deck[players * rules.hand:]
        self.market, self.pile = rest[:rules.market], rest[rules.market:]
        self.ran_out = not self.pile

    def draw(self) -> tuple | None:
        if not self.pile:
            self.ran_out = True
            return None
        card = self.pile.pop()
        self.ran_out = self.ran_out or not self.pile
        return card


def _usable(card: tuple, rules: SeriesRules) -> bool:
    if rules.banned is not None:  # rules, Variante: the banned pair is in no series and not in the market
        a, va, b, vb = rules.banned
        if card[a] == va and card[b] == vb:
            return False
    return rules.liquorice is None or rules.liquorice not in card


def find_series(hand: list[tuple], market: list[tuple], kind: Kind, rules: SeriesRules):
    """(cards from the hand, market card or None) making a series of `kind`, or None."""
    if kind.special == "liquorice":
        black = [c for c in hand if rules.liquorice in c]
        return (black[:kind.cards], None) if len(black) >= kind.cards else None
    usable = [c for c in hand if _usable(c, rules)]
    offer = [c for c in market if _usable(c, rules)]
    width = len(hand[0]) if hand else 0
    for chosen in combinations(range(width), kind.shared):
        groups: dict[tuple, list] = defaultdict(list)
        for card in usable:
            groups[tuple(card[i] for i in chosen)].append(card)
        for key, group in groups.items():
            if len(group) >= kind.cards:
                return group[:kind.cards], None
            extra = next((m for m in offer if tuple(m[i] for i in chosen) == key), None)
            if extra is not None and len(group) == kind.cards - 1:
                return group, extra
    return None


def _turn(table: _Table, seat: int) -> bool:
    """One turn; True when the player laid a series."""
    rules, hand = table.rules, table.hands[seat]
    for kind in sorted(rules.kinds, key=lambda k: -k.give):
        found = find_series(hand, table.market, kind, rules)
        if found:
            _lay(table, seat, kind, *found)
            return True
    card = table.draw()  # rules: "il ne reste plus qu'à tirer une carte"
    if card is not None:
        hand.append(card)
    return False


def _lay(table: _Table, seat: int, kind: Kind, cards: list, market_card) -> None:
    hand = table.hands[seat]
    for card in cards:
        hand.remove(card)
    if market_card is not None:  # rules: "il faudra la remplacer par une autre à la fin du tour"
        table.market.remove(market_card)
        refill = table.draw()
        if refill is not None:
            table.market.append(refill)
    others = [s for s in range(len(table.hands)) if s != seat]
    if table.rules.liquorice_gift and kind.shared == 2 and kind.cards == 2:
        _liquorice_gift(table, seat, others)
    for _ in range(kind.give):
        if hand:  # rules: "Il n'est pas nécessaire d'avoir suffisamment de cartes à donner"
            table.hands[table.rng.choice(others)].append(hand.pop())


def _liquorice_gift(table: _Table, seat: int, others: list[int]) -> None:
    """Réglisse: give one of your liquorice cards; without one, every other player draws a penalty card."""
    hand = table.hands[seat]
    black = [c for c in hand if table.rules.liquorice in c]
    if black:
        hand.remove(black[0])
        table.hands[table.rng.choice(others)].append(black[0])
        return
    for other in others:  # decision (reglisse): "penalty" — every other player draws
        card = table.draw()
        if card is not None:
            table.hands[other].append(card)


def play_game(cards: list[tuple], players: int, rng: random.Random, rules: SeriesRules) -> GameResult:
    table = _Table(cards, players, rng, rules)
    idle = 0  # turns in a row without a series while the pile is empty
    for turn in range(1, MAX_TURNS + 1):
        seat = (turn - 1) % players
        laid = _turn(table, seat)
        if not table.hands[seat]:  # rules: "le premier qui a posé toutes ses cartes a gagné"
            return GameResult(seat, turn, table.ran_out, False)
        idle = 0 if laid or table.pile else idle + 1
        if idle >= players:  # decision: empty_pile — fewest cards wins the round
            fewest = min(range(players), key=lambda s: len(table.hands[s]))
            return GameResult(fewest, turn, True, True)
    fewest = min(range(players), key=lambda s: len(table.hands[s]))
    return GameResult(fewest, MAX_TURNS, table.ran_out, True)


def playtest(cards: list[tuple], players: int, games: int, seed: int, rules: SeriesRules) -> PlaytestStats:
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
