"""The random agent's whole game on a `Position` (fastpos.py) in one loop, for speed.

Contract: `random_game(position, rng, bound)` plays the game from `position` to its end (or
`bound` turns) with the random agent and returns `(turns, winner, counts)`: the number of turns
played, the winning seat (-1: none) and the situations counted (fastplay.SITUATIONS). It is the
loop of fastplay.play over fastplay.random_turn, the same draws of `rng` in the same order, so the
same game: `Position.sample_tree`, `move_tree`, `sample_elf` (with `_candidate`), `move_elf`,
`sample_relocation`, `relocate` and `end_turn` written out in one function over local names, since
a random game is about 1 000 turns of a few draws each and a call costs as much as a draw. Those
methods stay the readable statement of each step (and `pnp playtest --trace` plays them); tests
hold this loop to them, record for record.
"""
from __future__ import annotations

import random
from math import floor

from .fastpos import ARRIVED, EMPTY, FOREST, HOME, NONE, TREE, Position, _slide


def random_game(position: Position, rng: random.Random, bound: int) -> tuple[int, int, dict[str, int]]:
    """The game played to its end (see the module docstring)."""
    draw, grid, p = rng.random, position.grid, position
    pieces, trees, squares, colours = p.pieces, p.trees, p.squares, p.colour
    neighbours, homes, all_arrivals, all_heads, all_ends = grid.neighbours, grid.homes, grid.arrivals, grid.heads, grid.ends
    seats, owner, elves, arrived, waiting, in_forest = p.seats, p.owner, p.elves, p.arrived, p.waiting, p.in_forest
    stride, seconds, rays, chases_by = p.stride, p.seconds, grid.rays, p.chase
    span, seats_count, tree_count = 8 * p.stride, len(p.seats), 1 + 8 * len(p.trees)
    decode = _decoder(span, stride, max(map(len, elves)))
    chases = moved = idle = arrivals = 0
    for turn in range(1, bound + 1):
        # Position.sample_tree, then move_tree
        locked = p.locked
        while True:
            r = floor(draw() * tree_count)  # (floor: int() of a float >= 0, in fewer steps)
            if not r:
                tree = NONE
                break
            tree = (r - 1) >> 3
            if tree != locked:
                to = neighbours[trees[tree] * 8 + ((r - 1) & 7)]
                if to != NONE and pieces[to] == EMPTY:
                    pieces[trees[tree]] = EMPTY
                    pieces[to] = TREE
                    trees[tree] = to
                    moved += 1
                    break
        # Position.movable (active), then sample_elf and _candidate
        seat = seats[p.turn % seats_count]
        own = p.turn // seats_count
        colour = NONE
        for k in range(len(seat)):
            c = seat[(own + k) % len(seat)]
            if not 0 < len(elves[c]) == arrived[c]:
                colour = c
                break
        movable = [] if colour == NONE else \
            (in_forest[colour] or waiting[colour]) if seats_count >= 3 else waiting[colour]
        elf = None
        if movable:
            heads, ends = all_heads[colour], all_ends[colour]
            count = 1 + len(movable) * span
            rays_c, flags, chase = rays[colour], all_arrivals[colour], chases_by[colour]
            while True:
                r = floor(draw() * count)
                if not r:
                    break
                i, d, second = decode[r]
                e = movable[i]
                start = squares[e]
                k = start * 8 + d
                head = heads[k]
                if (pieces[head] == EMPTY) if head != NONE else ends[k] != NONE:
                    pieces[start] = EMPTY
                    corner, chased = _slide(pieces, rays_c, ends, homes, colours, chase, k)
                    if corner != NONE and not second:
                        elf = (e, corner, chased)
                    elif corner != NONE and not flags[corner]:
                        to, chased = _slide(pieces, rays_c, ends, homes, colours, chase,
                                            corner * 8 + seconds[k & 7][second - 1])
                        if to != NONE:
                            elf = (e, to, chased)
                    pieces[start] = e
                    if elf is not None:
                        break
        if elf is None:
            idle += 1
        else:  # Position.move_elf, then sample_relocation and relocate
            e, to, chased = elf
            pieces[squares[e]] = EMPTY
            pieces[to] = e
            squares[e] = to
            status = HOME if homes[to] == colour else ARRIVED if all_arrivals[colour][to] else FOREST
            p._set_status(e, status)
            if status == ARRIVED:
                arrivals += 1
                seat_of = owner[colour]
                if all(0 < len(elves[c]) == arrived[c] for c in seats[seat_of]):
                    p.winner = seat_of
            if chased != NONE:
                chases += 1
                places = grid.relocations[colours[chased]]
                while True:
                    square = places[floor(draw() * len(places))]
                    if pieces[square] == EMPTY:
                        break
                pieces[square] = chased
                squares[chased] = square
                p._set_status(chased, p._status(colours[chased], square))
        p.locked = tree  # Position.end_turn (decision: TREE_LOCK)
        p.turn += 1
        if p.winner != NONE:
            return turn, p.winner, _counts(chases, moved, arrivals, idle)
    return bound, NONE, _counts(chases, moved, arrivals, idle)


_DECODERS: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}


def _decoder(span: int, stride: int, elves: int) -> list[tuple[int, int, int]]:
    """For each draw r >= 1 of `sample_elf`, (movable elf's place, first direction, second): the
    reference's `movable[(r - 1) // span]`, `(r - 1) % span // stride` and `(r - 1) % span % stride`."""
    key = (span, stride, elves)
    if key not in _DECODERS:
        _DECODERS[key] = [(0, 0, 0)] + [((r - 1) // span, (r - 1) % span // stride, (r - 1) % span % stride)
                                        for r in range(1, 1 + elves * span)]
    return _DECODERS[key]


def _counts(chases: int, moved: int, arrivals: int, idle: int) -> dict[str, int]:
    """The situations, in fastplay.SITUATIONS' order."""
    return {"chases": chases, "trees moved": moved, "elves arrived": arrivals, "turns without an elf move": idle}
