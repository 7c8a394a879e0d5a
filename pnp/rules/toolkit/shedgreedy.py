"""The greedy agent's whole game of a shedding game (shedplay.py) in one loop, for speed.

Contract: `greedy_play(game, bound)` plays an untraced `shedplay.Game` whose agent is greedy to its
end (or `bound` turns) and returns its `GameRecord`: the same game as `Game.play_stepped` (the loop
over `Game.turn`, `lay`, `pick_card`, `give` and `opponent`), the same draws of the game's rng in the
same order, so the same record; tests hold the two to each other, game for game. Those methods stay
the readable statement of each step (`pnp playtest --trace` and the model hooks call them); here
the turn, the series laid, the market refill, the gifts and each gift's opponent are written out
over local names, with the greedy rules of `pick_card` and `opponent` (pick_top's: the top gain,
ties broken by one draw), since a game is about twenty turns of a few gifts each and a call costs
as much as a step. It needs the hand lists `BareTabletop` keeps (a `Tabletop` with group counts
is played by `play_stepped`). Standard library only, no game named.
"""
from __future__ import annotations

import random
from bisect import insort
from typing import Any, Protocol

from ..playout import Agent, GameRecord
from .shedbest import Blocks, Decision, Rules, Shared
from .shedtable import BareTabletop, Kind, Tables, Tabletop, _unlisted, bits_of


class _Rules(Rules, Protocol):
    def after_lay(self, game: Any, seat: int, kind: Kind) -> None: ...


class Game(Protocol):
    """What the loop reads of a `shedplay.Game` (not imported: shedplay imports this module)."""

    @property
    def table(self) -> Tabletop: ...
    @property
    def tables(self) -> Tables: ...
    @property
    def rules(self) -> _Rules: ...
    @property
    def players(self) -> int: ...
    @property
    def agent(self) -> Agent: ...
    @property
    def rng(self) -> random.Random: ...
    @property
    def log(self) -> list[str] | None: ...
    @property
    def shared(self) -> Shared: ...

    @property
    def has_specials(self) -> bool: ...

    def best(self, seat: int) -> list[Decision]: ...

    def series(self, seat: int, levels: list[tuple[int, Blocks]]) -> list[Decision]: ...

    def levels(self, size: int) -> list[tuple[int, Blocks]]: ...

    def record(self, winners: tuple[int, ...], turns: int, ending: str, ended: bool = True) -> GameRecord: ...

    def play_stepped(self) -> GameRecord: ...


def greedy_play(game: Game, bound: int) -> GameRecord:
    """The game played to its end (see the module docstring)."""
    table = game.table
    if type(table) is not BareTabletop or game.log is not None or not game.agent.greedy:
        return game.play_stepped()
    players, kinds, after_lay = game.players, game.rules.kinds, game.rules.after_lay
    hands, listed, market, counts, unusable = table.hands, table.cards, table.market, table.counts, table.unusable
    near, rng, best, series = game.tables.near, game.rng, game.best, game.series
    plain: dict[int, list[tuple[int, Blocks]]] | None = None if game.has_specials else {}  # levels by hand size
    idle = 0
    for turn in range(1, bound + 1):
        seat = (turn - 1) % players
        if plain is None:
            found = best(seat)
        else:  # Game.best without a game's own series: the levels of the hand's size, then its series
            size = hands[seat].bit_count()
            levels = plain.get(size)
            if levels is None:
                levels = plain[size] = game.levels(size)
            found = series(seat, levels)
        if not found:  # Game.turn: draw, or pass with the pile empty
            card = table.draw()
            table.put(seat, card)
            counts["passed"] += not card
        else:  # Game.lay
            # the greedy agent's choice among series of one gain (GreedyAgent.choose, no gain): one draw
            index, laid, card = found[0] if len(found) == 1 else found[int(rng.random() * len(found))]
            kind, own = kinds[index], listed[seat]
            hands[seat] &= ~laid
            _unlisted(own, laid)
            refill = 0
            if card:
                market.remove(card)
                counts["market card used"] += 1
                if hands[seat].bit_count() > kind.give:
                    refill = greedy_pick(hands[seat], own, hands[seat] & ~unusable, near, unusable, rng)
                    hands[seat] &= ~refill
                    own.remove(refill)
            after_lay(game, seat, kind)
            if kind.give:
                counts["cards given"] += gifts(hands, listed, seat, kind.give, unusable, near, rng)
            if refill:
                market.append(refill)
        if not hands[seat]:
            return game.record((seat,), turn, "hand emptied")
        idle = 0 if found or table.pile else idle + 1
        if idle >= players:  # a whole round without a series, the pile empty
            fewest = min(hand.bit_count() for hand in hands)
            return game.record(tuple(s for s in range(players) if hands[s].bit_count() == fewest),
                               turn, "empty pile")
    return game.record((), bound, "bound", ended=False)


NOBODY = 1 << 62  # the giver's own size in `gifts`: never the fewest


def gifts(hands: list[int], listed: list[list[int]], seat: int, give: int, unusable: int, near: dict[int, int],
          rng: random.Random) -> int:
    """Game.give `give` times for the greedy agent, `Game.pick_card`'s and `Game.opponent`'s rules
    written out; the cards given (fewer when the hand runs out). The opponents' sizes are counted
    once and kept as cards go: the giver's is `NOBODY`, so the fewest, its count and its first
    seat are read off the list in playing order, as over the seat's opponents."""
    own, sizes = listed[seat], [hand.bit_count() for hand in hands]
    sizes[seat] = NOBODY
    for given in range(give):
        hand = hands[seat]
        if not hand:
            return given
        bad = hand & unusable
        if len(own) == 1:
            gift = own[0]
        elif bad:  # a card that may be in no series first: the bits of `bad`, in the hand's order
            gift = bad if not bad & (bad - 1) else _drawn(bits_of(bad), rng)
        else:
            shared = [(hand & near[c]).bit_count() for c in own]
            fewest = min(shared)
            gift = own[shared.index(fewest)] if shared.count(fewest) == 1 else \
                _drawn([c for c, n in zip(own, shared) if n == fewest], rng)
        hands[seat] = hand & ~gift
        own.remove(gift)
        fewest = min(sizes)
        other = sizes.index(fewest) if sizes.count(fewest) == 1 else \
            _drawn([s for s, n in enumerate(sizes) if n == fewest], rng)
        sizes[other] += 1
        hands[other] |= gift
        insort(listed[other], gift)
    return give


def _drawn(tied: list[int], rng: random.Random) -> int:
    """pick_top's tie-break: one of several tied options, by one draw."""
    return tied[int(rng.random() * len(tied))]


def greedy_pick(hand: int, listed: list[int], among: int, near: dict[int, int], unusable: int, rng: random.Random) -> int:
    """Game.pick_card for the greedy agent: a card that may be in no series first, else the one
    sharing fewest attributes with the hand; ties broken by one draw of the rng."""
    options = listed if among == hand else [card for card in listed if card & among]
    if len(options) == 1:
        return options[0]
    bad = among & unusable
    if bad:  # the bits of `bad`, in the hand's order
        tied = bits_of(bad)
    else:
        counts = [(hand & near[card]).bit_count() for card in options]
        fewest = min(counts)
        if counts.count(fewest) == 1:
            return options[counts.index(fewest)]
        tied = [card for card, n in zip(options, counts) if n == fewest]
    return tied[0] if len(tied) == 1 else tied[int(rng.random() * len(tied))]

