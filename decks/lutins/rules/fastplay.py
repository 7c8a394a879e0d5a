"""The lutins' play-outs on a `Position` (fastpos.py): the game loop and both agents' turns.

Contract: `play(grid, players, agent, rng, bound, young, seats)` plays one game from the set-up
(state.initial_state) and returns the same `GameRecord` as the reference loop `playout.play`
would with the same agent: the greedy agent's games are the reference's, move for move, for one
rng (same lists in the same order, same gains, same draws: tests compare them); the random
agent's decisions have the same law as the reference's (uniform among no move and the legal
moves, at each of the turn's decisions) but are drawn without listing the moves (fastpos.py), so
its games differ from the reference's for one seed. `random_turn(position, rng)` and
`greedy_turn(position, agent, rng)` play one turn on the position and return the tree move (or
None), the elf move (or None) and whether the elf arrived.
"""
from __future__ import annotations

import random
from typing import Callable, Iterable

from pnp.rules import Agent, GameRecord
from .fastpos import NONE, ElfTuple, Position
from .fastrandom import random_game
from .fasttop import LOWEST, open_mask, top_moves
from .grid import Grid
from .state import initial_state

TREE_TRIES = 8  # tree moves the greedy agent tries when no elf move progresses
SITUATIONS = ("chases", "trees moved", "elves arrived", "turns without an elf move")
Turn = tuple[tuple[int, int] | None, ElfTuple | None, bool]


def play(grid: Grid, players: int, agent: Agent, rng: random.Random, bound: int, young: bool = False,
         seats: Iterable[Iterable[str]] | None = None, log: list[str] | None = None) -> GameRecord:
    """One game (see the module docstring); with `log`, its moves are told there in words."""
    position = start(grid, players, seats, young)
    greedy = agent.greedy
    if not greedy and log is None:  # the same game as the loop below, in one function (fastrandom.py)
        turns, won, found = random_game(position, rng, bound)
        return GameRecord((won,) if won != NONE else (), turns, found, {"rounds": -(-turns // players)},
                          "all elves across" if won != NONE else "bound", ended=won != NONE)
    counts = dict.fromkeys(SITUATIONS, 0)
    for turn in range(1, bound + 1):
        before = (list(position.squares), list(position.trees), position.active()) if log is not None else None
        tree, elf, arrived = greedy_turn(position, agent, rng) if greedy else random_turn(position, rng)
        if before is not None and log is not None:
            log.append(_said(position, turn, players, before, tree, elf, arrived))
        counts["chases"] += elf is not None and elf[3] != NONE
        counts["trees moved"] += tree is not None
        counts["turns without an elf move"] += elf is None
        counts["elves arrived"] += arrived
        if position.winner != NONE:
            return GameRecord((position.winner,), turn, counts, {"rounds": -(-turn // players)}, "all elves across")
    return GameRecord((), bound, counts, {"rounds": -(-bound // players)}, "bound", ended=False)


def start(grid: Grid, players: int, seats: Iterable[Iterable[str]] | None, young: bool) -> Position:
    """The set-up (state.initial_state) as a new position: made once per grid and seating, then copied."""
    key = (players, None if seats is None else tuple(map(tuple, seats)), young)
    if key not in grid.setups:
        grid.setups[key] = Position.of(grid, initial_state(grid.board, players, key[1], young))
    return grid.setups[key].copy()


def _square(grid: Grid, index: int) -> str:
    """A square as the trace names it: column letter and row number of the forest ("c7"), a start
    square by its side."""
    col, row = grid.square(index)
    size = grid.size
    if 0 <= col < size and 0 <= row < size:
        return f"{chr(ord('a') + col)}{row + 1}"
    side = "nord" if row < 0 else "sud" if row >= size else "ouest" if col < 0 else "est"
    return f"bord {side} {(col if side in ('nord', 'sud') else row) + 1}"


def _said(position: Position, turn: int, players: int, before: tuple, tree: tuple[int, int] | None,
          elf: ElfTuple | None, arrived: bool) -> str:
    """One turn of a traced game, in the kit's words (its colours)."""
    squares, trees, colour = before
    grid = position.grid
    name = grid.colours[colour] if colour >= 0 else "aucune couleur"
    parts = [f"tour {turn}, joueur {(turn - 1) % players + 1} ({name})"]
    if tree is not None:
        parts.append(f"déplace l'arbre {_square(grid, trees[tree[0]])} en {_square(grid, tree[1])}")
    if elf is None:
        parts.append("ne déplace aucun lutin")
    else:
        e, to, _, chased = elf
        parts.append(f"lutin {grid.colours[position.colour[e]]} {_square(grid, squares[e])} → {_square(grid, to)}"
                     + (" (arrivé)" if arrived else ""))
        if chased != NONE:
            parts.append(f"chasse le lutin {grid.colours[position.colour[chased]]} vers "
                         f"{_square(grid, position.squares[chased])}")
    if position.winner != NONE:
        parts.append("tous ses lutins sont arrivés : il gagne")
    return " ; ".join(parts)


def random_turn(position: Position, rng: random.Random) -> Turn:
    """A tree move or none, then an elf move or none, then the chased elf's square: each drawn
    uniformly among the legal ones (playout._random_turn's law)."""
    draw = rng.random
    tree = position.sample_tree(draw)
    position.move_tree(tree)
    elf = position.sample_elf(draw)
    arrived = False
    if elf is not None:
        e, to, _, chased = elf
        arrived = position.move_elf(e, to)
        if chased != NONE:
            position.relocate(chased, position.sample_relocation(chased, draw))
    position.end_turn(tree)
    return tree, elf, arrived


def _move(position: Position, elf: ElfTuple, where: Callable[[int], int]) -> bool:
    """The elf move made, a chased elf put on the square `where(chased)` gives; True if it arrived."""
    e, to, _, chased = elf
    arrived = position.move_elf(e, to)
    if chased != NONE:
        position.relocate(chased, where(chased))
    return arrived


def greedy_turn(position: Position, agent: Agent, rng: random.Random) -> Turn:
    """playout._greedy_turn and playout._relocate, on the position: the agent takes one of the top
    elf moves (fasttop.top_moves; pick_top's tie-break, a draw only among several)."""
    top, best = top_moves(position)
    tree: tuple[int, int] | None
    elf: ElfTuple | None
    if top is not None and top > 0:
        tree, elf = None, agent.choose(best, rng, None)
    else:
        tree, elf = _with_tree(position, top, best, agent, rng)
    position.move_tree(tree)
    arrived = elf is not None and _move(position, elf, lambda chased: _farthest(position, chased, agent, rng))
    position.end_turn(tree)
    return tree, elf, arrived


def progress(position: Position, moves: list[ElfTuple]) -> list[int]:
    """playout.progress for moves of one colour: how much nearer an open arrival square each brings its
    elf (the readable statement of what fasttop.top_moves finds the top of)."""
    if not moves:
        return []
    colour = position.colour[moves[0][0]]
    near, squares = position.grid.nearness(colour, open_mask(position, colour)), position.squares
    return [near[squares[e]] - near[to] for e, to, _, _ in moves]


def _with_tree(position: Position, top: int | None, moves: list[ElfTuple], agent: Agent,
               rng: random.Random) -> tuple[tuple[int, int] | None, ElfTuple | None]:
    """No elf move progresses: try tree moves next to the movable elves, keep the pairs that progress
    most (`moves`: the top elf moves without a tree move, of gain `top`)."""
    around = frozenset().union(*(position.grid.around[position.squares[e]] for e in position.movable()))
    trees = position._tree_moves(t for t, square in enumerate(position.trees) if t != position.locked
                                 and square in around)
    best: list[tuple[tuple[int, int] | None, ElfTuple | None]] = [(None, move) for move in moves] or [(None, None)]
    high = LOWEST if top is None else top
    for tree in rng.sample(trees, min(TREE_TRIES, len(trees))):
        back = (tree[0], position.trees[tree[0]])
        position.move_tree(tree)
        value, after = top_moves(position)
        position.move_tree(back)
        if value is not None and value > high:
            high, best = value, [(tree, move) for move in after]
        elif value == high:
            best.extend((tree, move) for move in after)
    return agent.choose(best, rng, None)


def _farthest(position: Position, chased: int, agent: Agent, rng: random.Random) -> int:
    """Where the greedy agent puts a chased elf: the free square farthest from its open arrival squares."""
    colour = position.colour[chased]
    distance = position.grid.distance(colour, open_mask(position, colour))
    return agent.choose(position.relocations(chased), rng, distance.__getitem__)
