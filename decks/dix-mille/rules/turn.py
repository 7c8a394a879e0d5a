"""One player's turn of Le 10 000: a state machine driven by throws, and the dice sources.

Contract: a `TurnState` is immutable. `start_turn(offer)` begins a turn, normally (no offer) or by
accepting a challenge (`Offer(points, dice)`: the offered dice are thrown, the others are out of
play). `throw(state, dice, params)` applies one throw of exactly `state.free` dice and returns a
`ThrowOutcome`: `lost` (no new points: the turn is over with nothing), `must_rethrow` (all five dice
score: the set is banked and five fresh dice must be thrown) or a free choice to stop or go on;
`wins_at_once` for the five-1s variant. `stop(state)` ends a scoring turn: the points to write and
the `Offer` of the remaining dice to the next player. `play_turn(...)` runs a whole turn with a dice
source (`Roll`: a callable `n -> n faces`; see `scripted` and `random_roll`) and a stop decision.
Bad input (a throw of the wrong size, a throw after the turn is lost) raises `ValueError`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Callable, Iterable, Sequence

from .params import DICE, DixMilleParams
from .scoring import Score, ThrowScore, throw_score

Roll = Callable[[int], tuple[int, ...]]


@dataclass(frozen=True)
class Offer:
    """The dice a player who stopped hands to the next one: « 900 pts, un dé ? »."""

    points: int
    dice: int


@dataclass(frozen=True)
class TurnState:
    """Where a turn stands: banked points, the current set of five dice, a pending challenge."""

    banked: int = 0                  # points of closed sets (and of a won challenge)
    kept: tuple[int, ...] = ()       # scoring dice kept in the current set
    blocked: int = 0                 # the offerer's dice, out of play in this set (decision: challenge)
    set_points: int = 0              # best score of `kept`
    offered: int = 0                 # challenge points, won at the first scoring throw
    throws: tuple[tuple[int, ...], ...] = ()
    lost: bool = False

    @property
    def free(self) -> int:
        """How many dice the next throw uses."""
        return DICE - len(self.kept) - self.blocked

    @property
    def points(self) -> int:
        """The turn's points so far (what would be written on stopping)."""
        return self.banked + self.set_points

    @property
    def can_stop(self) -> bool:
        """A player may stop only after a scoring throw, with at least one die left to offer."""
        return bool(self.throws) and not self.lost and self.offered == 0 and 0 < self.free < DICE


@dataclass(frozen=True)
class ThrowOutcome:
    """The result of one throw."""

    state: TurnState
    dice: tuple[int, ...]
    set_score: Score
    gained: int
    lost: bool
    must_rethrow: bool
    wins_at_once: bool = False


def start_turn(offer: Offer | None = None) -> TurnState:
    """A fresh turn, or a turn that accepts `offer` (the challenger throws the offered dice)."""
    if offer is None:
        return TurnState()
    if not 0 < offer.dice < DICE:
        raise ValueError(f"an offer holds 1 to {DICE - 1} dice, not {offer.dice}")
    # rules: "Le joueur suivant peut relever le défi : il lance les dés restants."
    return TurnState(blocked=DICE - offer.dice, offered=offer.points)


def throw(state: TurnState, dice: Sequence[int], params: DixMilleParams | None = None) -> ThrowOutcome:
    """Apply one throw of `state.free` dice to the turn."""
    params = params or DixMilleParams()
    dice = tuple(dice)
    _check_throw(state, dice)
    result = throw_score(state.kept, dice, params)
    if not result.scores:
        # rules: "Si vous n'avez aucun point, vous perdez le bénéfice du tour" (also for a challenge)
        lost = replace(state, throws=state.throws + (dice,), lost=True)
        return ThrowOutcome(lost, dice, result.after, 0, lost=True, must_rethrow=False)
    return _scored(state, dice, result, params)


def _scored(state: TurnState, dice: tuple[int, ...], result: ThrowScore, params: DixMilleParams) -> ThrowOutcome:
    """Keep the new scoring dice; bank a full set of five (must re-throw)."""
    # rules: "S'il réalise des points, alors il cumule ses points aux vôtres" (a won challenge)
    new = replace(state, banked=state.banked + state.offered, kept=result.kept,
                  set_points=result.after.points, offered=0, throws=state.throws + (dice,))
    # rules: Variante — "1, 1, 1, 1, 1 vous fait gagner immédiatement la partie" (decision: five_ones)
    wins = params.five_ones_wins and result.after.has("five", 1)
    full = new.free == 0
    if full:
        # rules: "soit les 5 dés sont impliqués … vous êtes obligé de relancer tous les dés pour cumuler"
        new = replace(new, banked=new.points, kept=(), blocked=0, set_points=0)
    return ThrowOutcome(new, dice, result.after, result.gained, False, full, wins)


def stop(state: TurnState) -> tuple[int, Offer]:
    """End the turn: the points to write and the remaining dice offered to the next player."""
    if not state.can_stop:
        raise ValueError("a turn can stop only after a scoring throw, with dice left to offer")
    # rules: "vous marquez le total de vos points de ce tour … Vous proposez les dés restants"
    return state.points, Offer(state.points, state.free)


def _check_throw(state: TurnState, dice: tuple[int, ...]) -> None:
    if state.lost:
        raise ValueError("the turn is lost: no more throws")
    if len(dice) != state.free:
        raise ValueError(f"this throw uses {state.free} dice, got {len(dice)}: {dice}")
    if any(face not in range(1, 7) for face in dice):
        raise ValueError(f"dice show 1 to 6, got {dice}")


@dataclass(frozen=True)
class TurnRecord:
    """A finished turn: its throws, the points to write (0 if lost) and the offer made."""

    outcomes: tuple[ThrowOutcome, ...]
    points: int
    offer: Offer | None
    lost: bool
    wins_at_once: bool = False
    accepted: Offer | None = None


def play_turn(roll: Roll, wants_stop: Callable[[TurnState], bool], params: DixMilleParams | None = None,
              offer: Offer | None = None) -> TurnRecord:
    """Run a turn: throw until the turn is lost, wins at once, or `wants_stop` (asked when allowed)."""
    state, outcomes = start_turn(offer), []
    while True:
        outcome = throw(state, roll(state.free), params)
        outcomes.append(outcome)
        state = outcome.state
        if outcome.lost or outcome.wins_at_once:
            return TurnRecord(tuple(outcomes), 0 if outcome.lost else state.points, None,
                              outcome.lost, outcome.wins_at_once, offer)
        if state.can_stop and wants_stop(state):
            points, offer_out = stop(state)
            return TurnRecord(tuple(outcomes), points, offer_out, False, False, offer)


def random_roll(rng: random.Random) -> Roll:
    """A dice source drawing faces from `rng`."""
    return lambda n: tuple(rng.randint(1, 6) for _ in range(n))


class ScriptedDice:
    """A dice source that plays the given throws in order, checking each throw's size."""

    def __init__(self, throws: Iterable[Sequence[int]]):
        self._left = [tuple(t) for t in throws]

    def __call__(self, n: int) -> tuple[int, ...]:
        if not self._left:
            raise ValueError(f"scripted dice exhausted (a throw of {n} dice was asked)")
        dice = self._left.pop(0)
        if len(dice) != n:
            raise ValueError(f"scripted throw {dice} has {len(dice)} dice, the turn throws {n}")
        return dice

    @property
    def remaining(self) -> int:
        return len(self._left)


def scripted(throws: Iterable[Sequence[int]]) -> ScriptedDice:
    """A dice source for tests: `scripted([(5, 5, 4, 4, 3), (5, 2, 2)])`."""
    return ScriptedDice(throws)
