"""Play-outs of "Les aventures dans la forêt des lutins" for the harness: every decision an agent's.

Contract: `choose_turn(state, rng, agent)` is one turn's decisions (greedy by default) and
`play(board, players, agent, rng, bound, young, seats)` plays one game from the set-up and returns
its `GameRecord` (the winning seat; none when the game reached `bound` turns, one turn being one
player's tree move and elf move): the reference loop, on `State`s, every legal move listed by
moves.py. `playout(material, params)` is the model's `Playout`: it plays the same games on int
tables (grid.py, fastpos.py, fastplay.py, fasttop.py, fastrandom.py): the greedy agent's are `play`'s move for move, the
random agent's have the same law but are drawn without listing the moves (other games for one seed).
A turn is two decisions and, after a chase, a third (decision: OPTIONAL_PHASES, RELOCATION):
1. a tree move, or none: `random` takes one uniformly among no move and every legal tree move;
2. an elf move, or none, after that tree move: `random` takes one uniformly;
3. where the chased elf goes: `random` takes one of the free squares uniformly.
`greedy` takes the elf move that brings an elf nearest an open arrival square (arriving counts most:
its gain is the progress now), with no tree move; when no elf move progresses, it tries the tree
moves next to its movable elves (`TREE_TRIES` of them, drawn by the rng) and takes the pair that
progresses most; a chased elf goes on the free square farthest from its arrival squares.
Situations: chases, trees moved, elves arrived, turns without an elf move.
"""
from __future__ import annotations

import random
from dataclasses import replace
from functools import lru_cache
from typing import Iterable

from pnp.rules import AGENTS, Agent, GameRecord, Playout
from .board import Board, Square
from .fastplay import SITUATIONS, play as fast_play
from .fasttop import TREE_TRIES
from .grid import Grid
from .moves import ElfMove, TreeMove, after_tree, legal_elf_moves, legal_tree_moves, play_turn, relocation_options
from .state import State, default_seats, initial_state, movable_elves, winner


def open_arrivals(state: State, colour: str) -> tuple[Square, ...]:
    """`colour`'s arrival squares not yet taken by one of its own elves."""
    taken = {sq for elf, sq in state.elves.items() if elf[0] == colour}
    return tuple(sq for sq in state.board.arrival(colour) if sq not in taken)


@lru_cache(maxsize=65536)
def distance(targets: tuple[Square, ...], square: Square) -> int:
    """King-move distance from a square to the nearest target (0 when there is none)."""
    col, row = square
    return min((max(abs(col - c), abs(row - r)) for c, r in targets), default=0)


def progress(state: State, moves: list[ElfMove]) -> dict[ElfMove, int]:
    """How much nearer an open arrival square each move brings its elf (arriving counts the board's
    size): the greedy agent's gain."""
    arrive, targets, memo = state.board.size, {}, {}

    def near(colour: str, square: Square) -> int:
        if (colour, square) not in memo:
            if colour not in targets:
                targets[colour] = open_arrivals(state, colour)
            found = targets[colour]
            memo[colour, square] = distance(found, square) - (arrive if square in found else 0)
        return memo[colour, square]

    return {move: near(move.elf[0], state.elves[move.elf]) - near(move.elf[0], move.to) for move in moves}


def _greedy_turn(state: State, agent: Agent, rng: random.Random) -> tuple[TreeMove | None, ElfMove | None]:
    moves = legal_elf_moves(state)
    gains = progress(state, moves)
    if moves and max(gains.values()) > 0:
        return None, agent.choose(moves, rng, gains.__getitem__)
    near = {(c + dx, r + dy) for c, r in (state.elves[elf] for elf in movable_elves(state))
            for dx in range(-2, 3) for dy in range(-2, 3)}
    trees = [tree for tree in legal_tree_moves(state) if tree.src in near]
    top = max(gains.values(), default=-10**6)
    best: list[tuple[TreeMove | None, ElfMove | None]] = [(None, m) for m in moves if gains[m] == top] or [(None, None)]
    for tree in rng.sample(trees, min(TREE_TRIES, len(trees))):
        moved = after_tree(state, tree)
        for move, value in progress(moved, legal_elf_moves(moved)).items():
            if value > top:
                top, best = value, [(tree, move)]
            elif value == top:
                best.append((tree, move))
    return agent.choose(best, rng, None)


def _random_turn(state: State, agent: Agent, rng: random.Random) -> tuple[TreeMove | None, ElfMove | None]:
    tree = agent.choose([None, *legal_tree_moves(state)], rng)
    return tree, agent.choose([None, *legal_elf_moves(state, tree)], rng)


def _relocate(state: State, tree: TreeMove | None, move: ElfMove, agent: Agent, rng: random.Random) -> ElfMove:
    """Where the chased elf goes: a decision of its own (decision: RELOCATION)."""
    moved = after_tree(state, tree)
    assert move.chased is not None  # (a chase)
    targets = open_arrivals(moved, move.chased[0])
    square = agent.choose(relocation_options(moved, move), rng, lambda sq: distance(targets, sq))
    return replace(move, relocation=square)


def choose_turn(state: State, rng: random.Random, agent: Agent = AGENTS["greedy"]) -> tuple[TreeMove | None,
                                                                                          ElfMove | None]:
    """The agent's turn: its tree move (or None) and elf move (or None), a chased elf's square chosen."""
    tree, elf = (_greedy_turn if agent.greedy else _random_turn)(state, agent, rng)
    if elf is not None and elf.chased is not None:
        elf = _relocate(state, tree, elf, agent, rng)
    return tree, elf


def play(board: Board, players: int, agent: Agent, rng: random.Random, bound: int, young: bool = False,
         seats: Iterable[Iterable[str]] | None = None) -> GameRecord:
    state = initial_state(board, players, seats, young)
    counts = dict.fromkeys(SITUATIONS, 0)
    for turn in range(1, bound + 1):
        tree, elf = choose_turn(state, rng, agent)
        counts["chases"] += elf is not None and elf.chased is not None
        counts["trees moved"] += tree is not None
        counts["turns without an elf move"] += elf is None
        state = play_turn(state, tree, elf, check=False)
        counts["elves arrived"] += elf is not None and elf.to in board.arrival(elf.elf[0])
        seat = winner(state)
        if seat is not None:
            return GameRecord((seat,), turn, counts, {"rounds": -(-turn // players)}, "all elves across")
    return GameRecord((), bound, counts, {"rounds": -(-bound // players)}, "bound", ended=False)


def playout(board: Board, bound: int, young: bool = False, seats: Iterable[Iterable[str]] | None = None,
            players_seated: int = 0) -> Playout:
    """The Playout of a board; `seats` apply to the count `players_seated` (the kit's own seating)."""
    grid = Grid(board)

    def play_one(players: int, agent: Agent, rng: random.Random) -> GameRecord:
        return fast_play(grid, players, agent, rng, bound, young, seats if players == players_seated else None)

    def trace(players: int, agent: Agent, rng: random.Random) -> tuple[GameRecord, list[str]]:
        log: list[str] = []
        record = fast_play(grid, players, agent, rng, bound, young, seats if players == players_seated else None, log)
        return record, log

    # random games last 500 to 1 000 turns: `pnp check` plays the greedy agent's (about 70), cheaper
    def colours(players: int) -> tuple[str, ...]:
        """Each seat's colour(s), in playing order (decisions: SEATING, THREE_PLAYERS)."""
        seated = seats if seats and players == players_seated else default_seats(board, players)
        return tuple("+".join(seat) for seat in seated)

    return Playout(play_one, SITUATIONS, ("rounds",), check_agent="greedy", trace=trace, agents=AGENTS_CHOOSE,
                   seat_colours=colours)


AGENTS_CHOOSE = {
    "random": "draws its tree move (or none) and its elf move (or none) uniformly among the legal ones: its "
              "elves wander, so games last 500 to 1 000 turns and the seat figures measure luck more than "
              "the board",
    "greedy": "moves the elf that gets nearest an open arrival square now (arriving counts most), trying a few "
              "tree moves next to its elves only when no elf move progresses: a race, with no blocking of "
              "the others",
}
