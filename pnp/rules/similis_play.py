"""Random play-outs of Similis and Similis Réglisse: is the kit's deck playable, and how do games end?

Contract: `play_game(cards, players, rng, rules)` plays one game (one round, "manche") with simple
greedy players and returns a `GameResult`; `playtest(cards, players, games, seed, rules)` plays many
and returns `PlaytestStats`: the share of games won by emptying a hand, the share that ran the draw
pile dry and the share ended by the empty-pile decision (similis.DECISIONS["empty_pile"]), and the
turns games take. `cards` are attribute tuples; `rules` says what a series is and costs, and with
the banned-pair variant (`ban_draw`) which attributes of the two cards drawn at the start of each
game make the banned pair, kept out of series and of the market (similis.DECISIONS "banned_draw",
"banned_market").

The players: on their turn each lays the series that gives most cards away (then uses fewest market
cards: hand cards only when it can), gives the cards it cannot lay first and then its highest cards
(attribute tuples compared in the kit's order: Similis's value first, so the highest-numbered), and
draws when it cannot lay. It is a check that the rules and the deck let games end, not a strategy
study.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from .series import shared_groups

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
    ban_draw: tuple[int, int] | None = None  # Variante: the attributes of the 1st and 2nd card drawn for a game
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
        self.rules, self.rng, self.ran_out = rules, rng, False
        self.hands = [sorted(deck[i * rules.hand:(i + 1) * rules.hand]) for i in range(players)]
        self.pile = deck[players * rules.hand:]
        market = (self.market_card() for _ in range(rules.market))
        self.market = [card for card in market if card is not None]
        self.ran_out = self.ran_out or not self.pile

    def draw(self) -> tuple | None:
        if not self.pile:
            self.ran_out = True
            return None
        card = self.pile.pop()
        self.ran_out = self.ran_out or not self.pile
        return card

    def market_card(self) -> tuple | None:
        """The next card of the pile that may lie in the market (decision: banned_market — a banned
        card goes under the pile; none when only banned cards are left)."""
        turns = len(self.pile)
        while turns and _banned(self.pile[-1], self.rules):  # rules: "On ne peut même pas les poser dans le marché"
            self.pile.insert(0, self.pile.pop())
            turns -= 1
        return self.draw() if turns or not self.pile else None


def _banned(card: tuple, rules: SeriesRules) -> bool:
    """rules, Variante: "les ankhs vertes (quelque soit le fond) sont bannis des combinaisons"."""
    if rules.banned is None:
        return False
    a, va, b, vb = rules.banned
    return card[a] == va and card[b] == vb


def _usable(card: tuple, rules: SeriesRules) -> bool:
    """A card that may be in a series of shared attributes: neither banned nor a liquorice card."""
    return not _banned(card, rules) and (rules.liquorice is None or rules.liquorice not in card)


def find_series(hand: list[tuple], market: list[tuple], kind: Kind, rules: SeriesRules):
    """(cards from the hand, market card or None) making a series of `kind`, or None; a series of
    hand cards only when there is one (no market card used)."""
    if kind.special == "liquorice":
        black = [c for c in hand if rules.liquorice in c]
        return (black[:kind.cards], None) if len(black) >= kind.cards else None
    groups = list(shared_groups([c for c in hand if _usable(c, rules)], kind.shared))
    whole = next((group[:kind.cards] for _, _, group in groups if len(group) >= kind.cards), None)
    return (whole, None) if whole else _with_market(groups, market, kind, rules)


def _with_market(groups: list, market: list[tuple], kind: Kind, rules: SeriesRules):
    """rules: "On peut élaborer une série en utilisant une des trois cartes du marché"."""
    offer = [c for c in market if _usable(c, rules)]
    for chosen, values, group in groups:
        extra = next((m for m in offer if tuple(m[i] for i in chosen) == values), None)
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
        refill = table.market_card()
        if refill is not None:
            table.market.append(refill)
    others = [s for s in range(len(table.hands)) if s != seat]
    if table.rules.liquorice_gift and kind.shared == 2 and kind.cards == 2:
        _liquorice_gift(table, seat, others)
    for _ in range(kind.give):
        if hand:  # rules: "Il n'est pas nécessaire d'avoir suffisamment de cartes à donner"
            table.hands[table.rng.choice(others)].append(_gift(hand, table.rules))


def _gift(hand: list[tuple], rules: SeriesRules) -> tuple:
    """The card given away: one that cannot be laid (rules, Variante: "on peut les donner aux autres
    joueurs"), else the highest (attribute tuples compared in the kit's order: Similis's value first)."""
    card = max(hand, key=lambda c: (not _usable(c, rules), c))
    hand.remove(card)
    return card


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
    table = _Table(cards, players, rng, _draw_ban(cards, rng, rules))
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


def _draw_ban(cards: list[tuple], rng: random.Random, rules: SeriesRules) -> SeriesRules:
    """rules, Variante: "on tire deux cartes au hasard dans le paquet. La première définit une forme, la
    seconde une couleur" (decision: banned_draw — looked at, then shuffled back with the deck)."""
    if rules.ban_draw is None:
        return rules
    first, second = rng.sample(cards, 2)
    a, b = rules.ban_draw
    return replace(rules, banned=(a, first[a], b, second[b]))


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
