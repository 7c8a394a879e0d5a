"""The play-out interface: what a rules model gives the harness to play one game, and the agents.

Contract: a model's `playout(material, params)` (a `RulesModel` field) returns a `Playout`, made
once per process: it precomputes what its games share (tables, the deck as numbers), then
`Playout.play(players, agent, rng)` plays ONE complete game with `players` seats, every choice
of every seat made by `agent` among that seat's legal decisions, all chance drawn from `rng`, and
returns a `GameRecord`: the winning seats (several for a shared win; none when the game hit the
model's bound and did not end), its length in turns (and in the model's other units, such as
weeks), the rule situations it met, counted, and the rule that ended it. `Playout` also names the
situations it may count (report order), its other length units, the endings that apply a rule the
seeds leave open (ending -> the decision applied) and the situations that mean a pile or a supply
ran dry, and the agent `pnp check` plays its short play-outs with (`check_agent`: random unless
the model's random games are too long to check quickly); the harness (harness.py) plays the games
and balance.py reads the records. `trace(players, agent, rng)`, when the model gives it, plays the
same game as `play` with the same arguments and returns its record with its moves in the kit's
words (`pnp playtest --trace N`); `agents` says, per agent, how it chooses in this model's games
and what that does to the figures (the lab report prints it); `seat_colours(players)`, where the
rules tell colours apart (a board's sides), names each seat's colour so the lab reports both.

Agents choose with `agent.choose(options, rng, gain)`: `random` takes one option uniformly and
never calls `gain`; `greedy` takes the option whose `gain(option)` (what it scores now, by the
model's own measure) is highest, ties broken by `rng`. A model lists one decision per option (a
pawn expelled *and* where it goes is one decision: the destination is chosen afterwards, by the
same agent, as a decision of its own), so that `random` is uniform over what a player can do.
`agent.greedy` tells a model whether gains will be asked (to skip work the random agent never
needs).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence, TypeVar

T = TypeVar("T")


class Agent:
    """Chooses one of a seat's legal decisions."""

    name = ""
    greedy = False

    def choose(self, options: Sequence[T], rng: random.Random, gain: Callable[[T], float] | None = None) -> T:
        raise NotImplementedError


class RandomAgent(Agent):
    """Uniformly among the legal decisions."""

    name = "random"

    def choose(self, options: Sequence[T], rng: random.Random, gain: Callable[[T], float] | None = None) -> T:
        return options[int(rng.random() * len(options))] if len(options) > 1 else options[0]


class GreedyAgent(Agent):
    """The decision that scores most now (`gain`), ties broken by the rng."""

    name = "greedy"
    greedy = True

    def choose(self, options: Sequence[T], rng: random.Random, gain: Callable[[T], float] | None = None) -> T:
        if len(options) == 1 or gain is None:
            return options[0] if len(options) == 1 else options[int(rng.random() * len(options))]
        return pick_top(options, list(map(gain, options)), rng)


def pick_top(options: Sequence[T], gains: Sequence[float], rng: random.Random) -> T:
    """The greedy agent's rule: the option of the top gain (`gains[i]` is option i's), ties broken by
    one draw of `rng` (none when the top is alone). A play-out that scores its options itself calls it."""
    top = max(gains)
    if gains.count(top) == 1:
        return options[gains.index(top)]
    best = [option for option, value in zip(options, gains) if value == top]
    return best[int(rng.random() * len(best))]


AGENTS: dict[str, Agent] = {"random": RandomAgent(), "greedy": GreedyAgent()}


@dataclass(slots=True)
class GameRecord:
    """One game as the harness counts it. `winners`: seats (from 0, in playing order) that won or
    shared the win, empty when the game did not end; `turns`: turns played (one seat's turn each);
    `situations`: rule situations met, by name; `lengths`: other length measures (`{"weeks": 52}`);
    `ending`: the rule that ended the game (a name of the model's); `ended`: False when the game hit
    the model's bound."""

    winners: tuple[int, ...]
    turns: int
    situations: Mapping[str, int] = field(default_factory=dict)
    lengths: Mapping[str, int] = field(default_factory=dict)
    ending: str = ""
    ended: bool = True


@dataclass(frozen=True)
class Playout:
    """What a model gives the harness (see the module docstring)."""

    play: Callable[[int, Agent, random.Random], GameRecord]
    situations: tuple[str, ...] = ()
    lengths: tuple[str, ...] = ()
    open_endings: Mapping[str, str] = field(default_factory=dict)
    dry: tuple[str, ...] = ()
    check_agent: str = "random"  # the agent of `pnp check`'s short play-outs
    # the same game as `play` for the same arguments, and its moves in the kit's words (`pnp playtest --trace`)
    trace: Callable[[int, Agent, random.Random], tuple[GameRecord, list[str]]] | None = None
    # how each agent chooses in this model's games (the lab report says it beside the figures)
    agents: Mapping[str, str] = field(default_factory=dict)
    # where colours differ in the rules: the colour(s) of each seat, in playing order, for a player count
    seat_colours: Callable[[int], tuple[str, ...]] | None = None
