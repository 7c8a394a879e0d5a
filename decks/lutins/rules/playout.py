"""Random play-outs of "Les aventures dans la forêt des lutins" with a greedy-ish policy.

Contract: `playouts(board, players, games, seed, bound, young)` plays `games` games from the
set-up with one `random.Random(seed)` (same arguments, same statistics) and returns
`PlayoutStats`. The policy brings elves towards their arrival side: it takes the elf move with
the best progress (a random one now and then, to break loops), tries nearby tree moves when no
elf move makes progress, and the chaser puts a chased elf on the free square farthest from its
arrival squares, i.e. back on a start square of its colour when one is free (decision: RELOCATION).
A game stops at its first winner or after `bound` turns (one turn = one player's tree and elf
move). `playout_problems` turns the statistics into warnings for a kit.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from pnp.rules import Problem
from .board import Board, Square
from .check import LutinsParams
from .moves import ElfMove, TreeMove, after_tree, legal_elf_moves, legal_tree_moves, play_turn, relocation_options
from .state import State, initial_state, movable_elves, winner

EXPLORE = 0.1  # share of random elf moves
TREE_TRIES = 8  # tree moves tried when no elf move makes progress


@dataclass(frozen=True)
class PlayoutStats:
    """What a batch of play-outs gave: wins by winning seat's colours, turn counts."""

    players: int
    games: int
    bound: int
    wins: dict[str, int] = field(default_factory=dict)
    turns: tuple[int, ...] = ()
    hit_bound: int = 0

    @property
    def mean_turns(self) -> float:
        return sum(self.turns) / len(self.turns) if self.turns else 0.0

    @property
    def max_turns(self) -> int:
        return max(self.turns, default=0)

    def summary(self) -> str:
        wins = ", ".join(f"{seat} {n}" for seat, n in sorted(self.wins.items()))
        return (f"{self.players} players, {self.games} games: wins {wins}; turns mean "
                f"{self.mean_turns:.1f}, max {self.max_turns}; {self.hit_bound} hit the bound {self.bound}")


def open_arrivals(state: State, colour: str) -> list[Square]:
    """`colour`'s arrival squares not yet taken by one of its own elves."""
    taken = {sq for elf, sq in state.elves.items() if elf[0] == colour}
    return [sq for sq in state.board.arrival(colour) if sq not in taken]


def distance(targets: list[Square], square: Square) -> int:
    """King-move distance from a square to the nearest target (0 when there is none)."""
    col, row = square
    return min((max(abs(col - c), abs(row - r)) for c, r in targets), default=0)


def _best_elf(state: State, moves: list[ElfMove], rng: random.Random) -> tuple[int, ElfMove | None]:
    """The move bringing an elf nearest an open arrival square (a random one now and then)."""
    if not moves:
        return -10**6, None
    if rng.random() < EXPLORE:
        return 0, rng.choice(moves)
    targets = open_arrivals(state, moves[0].elf[0])
    bonus, memo = state.board.size, {}

    def near(square: Square) -> int:
        if square not in memo:
            memo[square] = distance(targets, square) - (bonus if square in targets else 0)
        return memo[square]

    scored = [(near(state.elves[move.elf]) - near(move.to), rng.random(), move) for move in moves]
    best = max(scored, key=lambda item: item[:2])
    return best[0], best[2]


def _near_movable(state: State) -> set[Square]:
    """The squares within two steps of an elf the player to move may move."""
    return {(c + dx, r + dy) for c, r in (state.elves[elf] for elf in movable_elves(state))
            for dx in range(-2, 3) for dy in range(-2, 3)}


def _choose_tree(state: State, score: int, rng: random.Random) -> tuple[TreeMove | None, int, ElfMove | None]:
    """Try a few tree moves near the movable elves; keep one that lets an elf progress more."""
    near = _near_movable(state)
    candidates = [t for t in legal_tree_moves(state) if t.src in near]
    best: tuple[TreeMove | None, int, ElfMove | None] = (None, score, None)
    for tree in rng.sample(candidates, min(TREE_TRIES, len(candidates))):
        moved = after_tree(state, tree)
        found, move = _best_elf(moved, legal_elf_moves(moved), rng)
        if found > best[1]:
            best = (tree, found, move)
    return best


def _relocate(state: State, move: ElfMove, rng: random.Random) -> ElfMove:
    """The chaser puts the chased elf on the free square farthest from its arrival side."""
    if move.chased is None:
        return move
    targets = open_arrivals(state, move.chased[0])
    options = relocation_options(state, move)
    best = max(options, key=lambda sq: (distance(targets, sq), rng.random()))
    return replace(move, relocation=best)


def choose_turn(state: State, rng: random.Random) -> tuple[TreeMove | None, ElfMove | None]:
    """The policy's tree move (or None) and elf move (or None) for the player to move."""
    score, move = _best_elf(state, legal_elf_moves(state), rng)
    tree = None
    if score <= 0:
        tree, found, better = _choose_tree(state, score, rng)
        move = better if tree is not None else move
    if move is None:
        return tree, None
    return tree, _relocate(after_tree(state, tree), move, rng)


def play_game(board: Board, players: int, rng: random.Random, bound: int, young: bool = False,
              seats=None) -> tuple[int | None, int, State]:
    """One game: the winning seat (None at the bound), the number of turns, the final state."""
    state = initial_state(board, players, seats, young)
    for turn in range(1, bound + 1):
        tree, elf = choose_turn(state, rng)
        state = play_turn(state, tree, elf, check=False)
        if winner(state) is not None:
            return winner(state), turn, state
    return None, bound, state


def playouts(board: Board, players: int, games: int = 50, seed: int = 0, bound: int = 600,
             young: bool = False, seats=None) -> PlayoutStats:
    """Play `games` seeded games for `players` players (default seats) and gather statistics."""
    rng = random.Random(seed)
    wins: dict[str, int] = {}
    turns, hit = [], 0
    for _ in range(games):
        seat, count, state = play_game(board, players, rng, bound, young, seats)
        turns.append(count)
        if seat is None:
            hit += 1
            continue
        name = "+".join(state.seats[seat])
        wins[name] = wins.get(name, 0) + 1
    return PlayoutStats(players, games, bound, wins, tuple(turns), hit)


def playout_problems(board: Board, params: LutinsParams, where: str = "rules") -> list[Problem]:
    """A warning for each player count (2, 3, 4) whose play-outs do not all end with a winner."""
    problems = []
    for players in (2, 3, 4):
        seats = params.seats if players == params.players else None
        stats = playouts(board, players, params.playouts, params.seed, params.turn_bound,
                         params.young_variant, seats)
        if stats.hit_bound:
            problems.append(Problem(f"{stats.hit_bound} of {stats.games} random play-outs for {players} "
                                    f"players found no winner within {stats.bound} turns", where,
                                    got=stats.summary(), severity="warning"))
    return problems
