"""The lutins' play-outs on a `Position` (fastpos.py): the game loop and both agents' turns.

Contract: `play(grid, players, agent, rng, bound, young, seats)` plays one game from the set-up
(state.initial_state) and returns the same `GameRecord` as the reference loop `playout.play`
would with the same agent: the greedy agent's games are the reference's, move for move, for one
rng (same lists in the same order, same gains, same draws: tests compare them); the random
agent's decisions have the same law as the reference's (uniform among no move and the legal
moves, at each of the turn's decisions) but are drawn without listing the moves (fastpos.py), so
its games differ from the reference's for one seed. `random_turn(position, rng)` and
`greedy_turn(position, agent, rng)` (fasttop.py) play one turn on the position and return the
tree move (or None), the elf move (or None) and whether the elf arrived.
"""
from __future__ import annotations

import random
from typing import Iterable

from pnp.rules import Agent, GameRecord
from .fastpos import NONE, ElfTuple, Position
from .fastrandom import random_game
from .fasttop import Turn, greedy_turn
from .grid import Grid
from .state import initial_state

SITUATIONS = ("chases", "trees moved", "elves arrived", "turns without an elf move")


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
