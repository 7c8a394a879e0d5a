"""A game of Le 10 000: seats, written scores, falls, rounds and the winner; strategies; play-outs.

Contract: `Game(params, n_players, roll, strategies)` is a mutable state machine; `play_turn()`
plays the current seat's turn (offer accepted or refused, throws, writing) and returns a
`TurnReport`; `run(max_turns)` plays until a winner or the bound and returns a `GameResult`
(winner None when the bound is hit). `write_score(scores, player, points, params)` is the pure
writing rule (dépassement, assassinat). A `Strategy` holds two callables: `stop(turn_state,
situation) -> bool` (asked after each throw where stopping is allowed) and `accept(offer,
situation) -> bool`; `threshold_strategy` is a simple sensible player, `scripted_strategy` replays
fixed decisions for tests (`ValueError` when it runs out). `play_game(n_players, rng, strategy)`
runs one random game; `playout_stats(...)` runs many and summarizes them. Seat 0 plays first
(decision: round).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from statistics import mean
from typing import Callable, Iterable, Literal, Sequence

from .params import DixMilleParams
from .turn import Offer, Roll, TurnRecord, TurnState, play_turn, random_roll


@dataclass(frozen=True)
class Situation:
    """The game as the deciding player sees it."""

    player: int
    scores: tuple[int, ...]
    params: DixMilleParams

    @property
    def score(self) -> int:
        return self.scores[self.player]


@dataclass(frozen=True)
class Strategy:
    """How a player decides: stop or go on, accept or refuse a challenge."""

    stop: Callable[[TurnState, Situation], bool]
    accept: Callable[[Offer, Situation], bool]


def threshold_strategy(stop_at: int = 350, min_offer_dice: int = 3) -> Strategy:
    """Stop at `stop_at` turn points or on the exact target; accept offers of enough dice."""

    def stop(turn: TurnState, seen: Situation) -> bool:
        total = seen.score + turn.points
        if total == seen.params.target:
            return True
        if total > seen.params.target:
            # rules: Dépassement — writing falls; better lose the turn unless the fall is a gain
            return seen.params.fall(total) > seen.score
        return turn.points >= stop_at

    def accept(offer: Offer, seen: Situation) -> bool:
        return offer.dice >= min_offer_dice and seen.score + offer.points <= seen.params.target

    return Strategy(stop, accept)


def scripted_strategy(stops: Iterable[bool] = (), accepts: Iterable[bool] = ()) -> Strategy:
    """Replay decisions in order: `stops` for each stop question, `accepts` for each offer."""
    stop_left, accept_left = list(stops), list(accepts)

    def next_of(left: list[bool], what: str) -> bool:
        if not left:
            raise ValueError(f"scripted strategy has no {what} decision left")
        return left.pop(0)

    return Strategy(lambda turn, seen: next_of(stop_left, "stop"),
                    lambda offer, seen: next_of(accept_left, "accept"))


FallReason = Literal["assassination", "overshoot"]


@dataclass(frozen=True)
class Fall:
    """A chute: who fell, why, caused by whom, from which score to which."""

    player: int
    reason: FallReason
    by: int
    before: int
    after: int


@dataclass(frozen=True)
class TurnReport:
    """One turn of the game, with the scores after it."""

    player: int
    record: TurnRecord
    written: int | None              # the total written on the sheet, before any fall
    falls: tuple[Fall, ...]
    scores: tuple[int, ...]
    round_over: bool


@dataclass(frozen=True)
class GameResult:
    """How a game ended."""

    winner: int | None
    scores: tuple[int, ...]
    turns: int
    falls: tuple[Fall, ...]
    by_five_ones: bool = False


def write_score(scores: Sequence[int], player: int, points: int,
                params: DixMilleParams) -> tuple[tuple[int, ...], tuple[Fall, ...]]:
    """Write `points` on `player`'s score; return the new scores and the falls it caused."""
    scores = list(scores)
    total = scores[player] + points
    if total > params.target:
        # rules: Dépassement — "Si vous dépassez 10 000 Pts à la marque, vous chutez" (decision: overshoot_fall)
        scores[player] = params.fall(total)
        return tuple(scores), (Fall(player, "overshoot", player, total, scores[player]),)
    scores[player] = total
    falls = _assassinations(scores, player, params)
    return tuple(scores), falls


def _assassinations(scores: list[int], player: int, params: DixMilleParams) -> tuple[Fall, ...]:
    """Make fall (in place) every other player whose score `player` just wrote."""
    falls = []
    for other, score in enumerate(scores):
        if other != player and score == scores[player]:
            # rules: Assassinat — "Si un autre joueur totalise à la marque le même score que vous, vous chutez"
            scores[other] = params.fall(score)
            falls.append(Fall(other, "assassination", player, score, scores[other]))
    return tuple(falls)


@dataclass
class Game:
    """The state of a game between `n_players` seats."""

    params: DixMilleParams
    n_players: int
    roll: Roll
    strategies: Sequence[Strategy]
    scores: tuple[int, ...] = ()
    current: int = 0
    offer: Offer | None = None
    turns: int = 0
    winner: int | None = None
    by_five_ones: bool = False
    history: list[TurnReport] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.n_players < 2:
            raise ValueError("Le 10 000 is played by 2 players or more")
        if len(self.strategies) != self.n_players:
            raise ValueError(f"{self.n_players} players need {self.n_players} strategies")
        self.scores = tuple(self.scores) or (0,) * self.n_players

    def play_turn(self) -> TurnReport:
        """Play the current seat's turn and move to the next seat."""
        if self.winner is not None:
            raise ValueError(f"the game is over: seat {self.winner} won")
        player, strategy = self.current, self.strategies[self.current]
        seen = Situation(player, self.scores, self.params)
        # rules: "Le joueur suivant peut relever le défi … S'il refuse le défi, il lance normalement les 5 dés."
        accepted = self.offer if self.offer and strategy.accept(self.offer, seen) else None
        record = play_turn(self.roll, lambda turn: strategy.stop(turn, seen), self.params, accepted)
        written, falls = self._write(player, record)
        return self._end_turn(player, record, written, falls)

    def _write(self, player: int, record: TurnRecord) -> tuple[int | None, tuple[Fall, ...]]:
        if record.wins_at_once:
            # rules: Variante — "1, 1, 1, 1, 1 vous fait gagner immédiatement la partie"
            self.winner, self.by_five_ones = player, True
            return None, ()
        if record.lost:
            # rules: "Vous ne marquez rien sur la feuille." — and no dice are offered
            return None, ()
        written = self.scores[player] + record.points
        self.scores, falls = write_score(self.scores, player, record.points, self.params)
        return written, falls

    def _end_turn(self, player: int, record: TurnRecord, written: int | None,
                  falls: tuple[Fall, ...]) -> TurnReport:
        self.offer = record.offer
        self.turns += 1
        self.current = (player + 1) % self.n_players
        round_over = self.current == 0
        if round_over and self.winner is None:
            # rules: Victoire — "on finit le tour de table et si personne ne vous a fait chuter, vous gagnez"
            self.winner = next((p for p, s in enumerate(self.scores) if s == self.params.target), None)
        report = TurnReport(player, record, written, falls, self.scores, round_over)
        self.history.append(report)
        return report

    def run(self, max_turns: int = 20_000) -> GameResult:
        """Play turns until a seat wins or `max_turns` turns have been played."""
        while self.winner is None and self.turns < max_turns:
            self.play_turn()
        falls = tuple(fall for report in self.history for fall in report.falls)
        return GameResult(self.winner, self.scores, self.turns, falls, self.by_five_ones)


def play_game(n_players: int, rng: random.Random, strategy: Strategy | Sequence[Strategy] | None = None,
              params: DixMilleParams | None = None, max_turns: int = 20_000) -> GameResult:
    """One game with random dice from `rng`; one strategy for every seat, or one per seat."""
    strategy = strategy or threshold_strategy()
    strategies = [strategy] * n_players if isinstance(strategy, Strategy) else list(strategy)
    game = Game(params or DixMilleParams(), n_players, random_roll(rng), strategies)
    return game.run(max_turns)


@dataclass(frozen=True)
class PlayoutStats:
    """A summary of many random games."""

    games: int
    finished: int
    wins_by_seat: tuple[int, ...]
    mean_turns: float
    max_turns: int
    falls_per_game: float
    five_ones_wins: int


def playout_stats(games: int = 50, n_players: int = 3, seed: int = 0, strategy: Strategy | None = None,
                  params: DixMilleParams | None = None, max_turns: int = 20_000) -> PlayoutStats:
    """Play `games` random games from `seed` and summarize them."""
    rng = random.Random(seed)
    results = [play_game(n_players, rng, strategy, params, max_turns) for _ in range(games)]
    wins = [0] * n_players
    for result in results:
        if result.winner is not None:
            wins[result.winner] += 1
    return PlayoutStats(games, sum(wins), tuple(wins), mean(r.turns for r in results),
                        max(r.turns for r in results), mean(len(r.falls) for r in results),
                        sum(r.by_five_ones for r in results))
