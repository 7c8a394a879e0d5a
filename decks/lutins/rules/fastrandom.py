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
from bisect import insort
from math import floor as _floor, lcm

from .fastpos import ARRIVED, EMPTY, FOREST, HOME, NONE, TREE, Position


def random_game(position: Position, rng: random.Random, bound: int) -> tuple[int, int, dict[str, int]]:
    """The game played to its end (see the module docstring)."""
    draw, grid, p, floor = rng.random, position.grid, position, _floor
    pieces, trees, squares, colours, status = p.pieces, p.trees, p.squares, p.colour, p.status
    homes, relocations = grid.homes, grid.relocations
    seats, owner, arrived, waiting, in_forest, nears = p.seats, p.owner, p.arrived, p.waiting, p.in_forest, p.nears
    sizes = [len(elves) for elves in p.elves]
    done = [0 < size == count for size, count in zip(sizes, arrived)]  # Position.all_arrived, by colour
    orders = _orders(seats)
    cycle, few = len(orders), len(seats) < 3
    tables = [(grid.gates[c], grid.end_rows[c], grid.ray_rows[c], grid.arrivals[c], p.chase[c])
              for c in range(len(sizes))]  # by square, then direction: no index arithmetic (grid.py)
    plan = _plan(orders, done, waiting, tables)
    seconds, stride = p.seconds, p.stride
    span, tree_count = 8 * stride, float(1 + 8 * len(trees))  # floats: float * float is Python's quick multiply
    decode = _decoder(span, stride, max(sizes))
    tree_of, way_of = _tree_draws(len(trees))
    around = grid.neighbour_rows
    chases = moved = idle = arrivals = 0
    locked, won = p.locked, p.winner
    slot, last = p.turn % cycle, cycle - 1  # the turn's place in `plan`, counted without its number
    empty, none = EMPTY, NONE  # local names: a global's look-up costs more, twice a draw
    for played in range(1, bound + 1):
        # Position.sample_tree, then move_tree
        while True:
            r = floor(draw() * tree_count)  # (floor: int() of a float >= 0, in fewer steps)
            if not r:
                tree = none
                break
            tree = tree_of[r]
            if tree != locked:
                to = around[trees[tree]][way_of[r]]
                if to != none and pieces[to] == empty:
                    pieces[trees[tree]] = empty
                    pieces[to] = TREE
                    trees[tree] = to
                    moved += 1
                    break
        # Position.active and movable: this turn's colour, its elves not arrived and its tables (plan)
        colour, movable, lanes = plan[slot]
        if not few and movable:  # decision: ONE_ELF, from 3 players: an elf in the forest first
            movable = in_forest[colour] or movable
        to = none
        if movable:
            gates, ends, rays, flags, chase = lanes
            count = float(1 + len(movable) * span)
            while True:
                r = floor(draw() * count)
                if not r:
                    break
                i, d, second = decode[r]
                e = movable[i]
                start = squares[e]
                if pieces[gates[start][d]] != empty:
                    continue  # a first step onto a piece or out of the zone: no move (decision: SLIDE_LENGTH)
                pieces[start] = empty
                corner = chased = none  # fastpos._slide along the ray from start in direction d, written out
                for square in rays[start][d]:
                    if pieces[square] != empty:
                        break
                    corner = square
                else:
                    end = ends[start][d]
                    if end != none:
                        piece = pieces[end]
                        if piece == empty:
                            corner = end
                        elif piece >= 0 and homes[end] == colours[piece] and chase[colours[piece]]:
                            corner, chased = end, piece  # decisions: CHASE, NO_OWN_CHASE
                if corner != none and not second:
                    to = corner
                elif corner != none and not flags[corner]:  # decision: ARRIVAL_ENDS_MOVE
                    turned, chased = seconds[d][second - 1], none  # decisions: TURN_90, YOUNG_VARIANT
                    for square in rays[corner][turned]:
                        if pieces[square] != empty:
                            break
                        to = square
                    else:
                        end = ends[corner][turned]
                        if end != none:
                            piece = pieces[end]
                            if piece == empty:
                                to = end
                            elif piece >= 0 and homes[end] == colours[piece] and chase[colours[piece]]:
                                to, chased = end, piece
                if to != none:
                    break  # (its start square left empty: the move is made below)
                pieces[start] = e
        if to == none:
            idle += 1
        else:  # Position.move_elf (with _set_status: `to` is a forest or arrival square), then relocate
            pieces[to] = e
            squares[e] = to
            if flags[to]:
                if status[e] == FOREST:
                    in_forest[colour].remove(e)
                status[e] = ARRIVED
                waiting[colour].remove(e)
                arrived[colour] += 1
                nears[colour] = None
                arrivals += 1
                if arrived[colour] == sizes[colour]:  # the colour is done: the plan skips it
                    done[colour] = True
                    plan = _plan(orders, done, waiting, tables)
                    if all(done[c] for c in seats[owner[colour]]):
                        won = owner[colour]  # decision: WIN
            elif status[e] == HOME:
                status[e] = FOREST
                insort(in_forest[colour], e)
            if chased != none:
                chases += 1
                places = relocations[colours[chased]]
                while True:
                    square = places[floor(draw() * len(places))]
                    if pieces[square] == empty:
                        break
                pieces[square] = chased
                squares[chased] = square
                p._set_status(chased, p._status(colours[chased], square))  # never arrived: `done` stands
        locked = tree
        slot = slot + 1 if slot < last else 0
        if won != none:
            break
    else:
        played = bound
    p.turn, p.locked, p.winner = p.turn + played, locked, won
    return played, won, _counts(chases, moved, arrivals, idle)


def _orders(seats: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
    """For each turn (modulo the list's length), the colours of the seat to move in the order it
    plays them (Position.active; decision: TWO_PLAYERS): its own turns alternate its colours."""
    rounds = len(seats) * lcm(*map(len, seats))
    return [tuple(seats[t % len(seats)][(t // len(seats) + k) % len(seats[t % len(seats)])]
                  for k in range(len(seats[t % len(seats)]))) for t in range(rounds)]


def _plan(orders: list[tuple[int, ...]], done: list[bool], waiting: list[list[int]],
          tables: list[tuple]) -> list[tuple[int, list[int], tuple]]:
    """For each turn of `orders`, the colour that plays (the first not done; -1: none), its elves not
    arrived (the position's own list, kept up to date) and its tables."""
    out: list[tuple[int, list[int], tuple]] = []
    for order in orders:
        colour = next((c for c in order if not done[c]), NONE)
        out.append((colour, waiting[colour], tables[colour]) if colour != NONE else (NONE, [], ()))
    return out


_DECODERS: dict[tuple[int, int, int], list[tuple[int, int, int]]] = {}


def _decoder(span: int, stride: int, elves: int) -> list[tuple[int, int, int]]:
    """For each draw r >= 1 of `sample_elf`, (movable elf's place, first direction, second): the
    reference's `movable[(r - 1) // span]`, `(r - 1) % span // stride` and `(r - 1) % span % stride`."""
    key = (span, stride, elves)
    if key not in _DECODERS:
        _DECODERS[key] = [(0, 0, 0)] + [((r - 1) // span, (r - 1) % span // stride, (r - 1) % span % stride)
                                        for r in range(1, 1 + elves * span)]
    return _DECODERS[key]


_TREE_DRAWS: dict[int, tuple[list[int], list[int]]] = {}


def _tree_draws(trees: int) -> tuple[list[int], list[int]]:
    """For each draw r >= 1 of `sample_tree`, the tree it moves and the direction: the reference's
    `(r - 1) // 8` and `(r - 1) % 8` (r = 0: no tree move, NONE)."""
    if trees not in _TREE_DRAWS:
        _TREE_DRAWS[trees] = ([NONE] + [(r - 1) >> 3 for r in range(1, 1 + 8 * trees)],
                              [NONE] + [(r - 1) & 7 for r in range(1, 1 + 8 * trees)])
    return _TREE_DRAWS[trees]


def _counts(chases: int, moved: int, arrivals: int, idle: int) -> dict[str, int]:
    """The situations, in fastplay.SITUATIONS' order."""
    return {"chases": chases, "trees moved": moved, "elves arrived": arrivals, "turns without an elf move": idle}
