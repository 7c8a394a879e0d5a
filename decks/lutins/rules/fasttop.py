"""The greedy agent's turn on a `Position` (fastpos.py), its best elf moves found in one loop, for speed.

Contract: `greedy_turn(position, agent, rng)` plays playout._greedy_turn and playout._relocate on
the position (the same draws, the same moves: tests compare the games) and returns the tree move
(or None), the elf move (or None) and whether the elf arrived; `progress(position, moves)` is
playout.progress on int moves. `top_moves(position)` returns `(top, best)`: the highest gain (fastplay.progress:
how much nearer an open arrival square a move brings its elf, arriving counts the board's size)
among the legal elf moves of the player to move, and those of its moves (`Position.elf_moves`
tuples) whose gain is `top`, in `elf_moves`' order; `(None, [])` when there is no legal elf
move. The greedy agent only ever takes one of the top moves (pnp.rules.playout.pick_top: ties
broken by one draw among them, in order), so this is what `elf_moves` and `progress` give it,
without building the other moves: the slides of `Position._moves_of` and fastpos._slide are
written out over local names (a greedy turn at 2 players is some 60 slides; a call costs as
much as a slide). `elf_moves` and `_slide` stay the readable statement of the rules (moves.py's
reference order); tests hold this loop to them, position for position.
"""
from __future__ import annotations

import random
from typing import Callable

from pnp.rules import Agent
from .fastpos import EMPTY, NONE, ElfTuple, Position

TREE_TRIES = 8  # tree moves the greedy agent tries when no elf move progresses
Turn = tuple[tuple[int, int] | None, ElfTuple | None, bool]
LOWEST = -(1 << 30)  # below every gain (a gain is a difference of two distances on the board)


def top_moves(position: Position) -> tuple[int | None, list[ElfTuple]]:
    """The top gain of the legal elf moves and the moves that have it (see the module docstring)."""
    movable = position.movable()
    if not movable:
        return None, []
    grid, pieces, squares, colours = position.grid, position.pieces, position.squares, position.colour
    colour = colours[movable[0]]
    near = position.nears[colour]
    if near is None:  # made again only when one of the colour's elves arrives (Position._set_status)
        near = position.nears[colour] = grid.nearness(colour, open_mask(position, colour))
    lanes, turns, flags = grid.lanes[colour], grid.turns(position.young)[colour], grid.arrivals[colour]
    homes, chase = grid.homes, position.chase[colour]
    top, best = LOWEST, []  # type: int, list[ElfTuple]
    empty, none = EMPTY, NONE  # local names: a global's look-up costs more, some 60 slides a turn
    for e in movable:
        start = squares[e]
        base = near[start]
        pieces[start] = empty
        for d, ray, end in lanes[start]:
            # fastpos._slide along ray `start * 8 + d`: no jumping, no stopping early (moves._Slider.slide)
            corner = chased = none
            for square in ray:
                if pieces[square] != empty:
                    break
                corner = square
            else:
                if end != none:  # the arrival square ending the ray (decision: ARRIVAL_ENDS_MOVE)
                    piece = pieces[end]
                    if piece == empty:
                        corner = end
                    elif piece >= 0 and homes[end] == colours[piece] and chase[colours[piece]]:
                        corner, chased = end, piece  # decisions: CHASE, NO_OWN_CHASE
            if corner == none:
                continue  # decision: SLIDE_LENGTH
            gain = base - near[corner]
            if gain > top:
                top, best = gain, [(e, corner, none, chased)]
            elif gain == top:
                best.append((e, corner, none, chased))
            if flags[corner]:
                continue  # no second slide after arriving (decision: ARRIVAL_ENDS_MOVE)
            for ray, end in turns[corner][d]:  # decisions: TURN_90, YOUNG_VARIANT
                to = chased = none
                for square in ray:
                    if pieces[square] != empty:
                        break
                    to = square
                else:
                    if end != none:
                        piece = pieces[end]
                        if piece == empty:
                            to = end
                        elif piece >= 0 and homes[end] == colours[piece] and chase[colours[piece]]:
                            to, chased = end, piece
                if to == none:
                    continue
                gain = base - near[to]
                if gain > top:
                    top, best = gain, [(e, to, corner, chased)]
                elif gain == top:
                    best.append((e, to, corner, chased))
        pieces[start] = e
    return (top if best else None), best


def open_mask(position: Position, colour: int) -> int:
    """The bits (arrival_list order) of `colour`'s arrival squares not taken by its own elves."""
    pieces, colours, mask = position.pieces, position.colour, 0
    for bit, square in enumerate(position.grid.arrival_list[colour]):
        piece = pieces[square]
        if piece < 0 or colours[piece] != colour:
            mask |= 1 << bit
    return mask


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
