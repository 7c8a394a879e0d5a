"""The board of the lutins as tables of ints, made once per board, for fast play-outs (fastplay.py).

Contract: `Grid(board)` numbers the squares of a padded grid (the forest and one ring of start
squares around it: `index(square)`, `square(index)`) and precomputes what a move needs to know,
so that a play-out reads tables instead of walking the board's dicts:
- `rays[c][i * 8 + d]`: the forest squares an elf of colour number `c` crosses from square `i`
  in direction `d` (DIRECTIONS order) before leaving its zone (decision: EDGE), and `ends[c][i * 8
  + d]` the arrival square that ray enters last (-1: none; decision: ARRIVAL_ENDS_MOVE);
  `firsts[c][i]` the directions whose ray is not empty (the only first slides worth trying),
  `lanes[c][i]` the (d, ray, end) of those directions, `turns(young)[c][i][d]` the (ray,
  end) of the second slides from `i` after a first one along `d` that can move at all (`seconds`
  order), `heads[c][i * 8 + d]` the ray's first forest square (-1: none), and `gates[c][i][d]` the
  square a slide must find empty to start: the head, else `OPEN` (the ray is its arrival square
  alone: the slide decides) or `SHUT` (no slide), two cells a position keeps past the squares
  (fastpos.py: always empty, always a tree);
- `neighbours[i * 8 + d]`: the forest square next to `i` (-1: none), for tree moves;
- `neighbour_rows[i][d]`, `ray_rows[c][i][d]` and `end_rows[c][i][d]`: `neighbours`, `rays` and
  `ends` by square then direction, for the random play-out's loop (fastrandom.py), where `i * 8 + d`
  would cost an addition and a multiplication (and two new ints past 256) per draw (`gates`, which
  only that loop reads, is made by square then direction alone);
- `homes[i]` the colour number whose start square `i` is (-1: none), `arrivals[c]` a colour's arrival
  flags by square and `arrival_list[c]` its arrival squares in the board's order, `relocations[c]`
  where a chased elf of colour `c` may go (its start squares, then the forest: decision RELOCATION);
- `seconds(young)[d]`: the directions of a second slide after a first one along `d` (moves.py);
- `distance(c, mask)`: king-move distances by square to the arrival squares of `c` picked by the
  bits of `mask` (0 everywhere for no square), and `nearness(c, mask)` the greedy agent's measure
  (playout.progress: the distance, less the board's size on a target), both made on first use;
- `around[i]`: the forest squares within two king moves of `i`; `column_major[i]` a sort key
  giving the reference order of trees ((col, row) order).
Nothing here changes during a game: positions live in fastpos.py (`setups` keeps fastplay.start's
set-up positions, copied for each game). Pure data, no randomness.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .board import ARRIVAL, DIRECTIONS, FOREST, Board, Square
from .moves import second_directions

if TYPE_CHECKING:
    from .fastpos import Position

NONE = -1
Lane = tuple[tuple[int, ...], int]  # a slide's ray and the arrival square ending it (-1: none)


class Grid:
    """Tables of one board (see the module docstring)."""

    def __init__(self, board: Board):
        self.board, self.size = board, board.size
        self.width = board.size + 2
        self.count = self.width * self.width
        self.colours = board.colours
        self.forest = [self.index(square) for square in board.forest]
        self.homes = self._homes()
        self.neighbours = self._neighbours()
        self.rays: list[list] = []
        self.ends: list[list] = []
        self.firsts: list[list] = []
        self.heads: list[list] = []
        self.gates: list[list[tuple[int, ...]]] = []
        for colour in self.colours:
            self._colour_rays(colour)
        self.arrival_list = [[self.index(sq) for sq in board.arrival(colour)] for colour in self.colours]
        self.arrivals = [self._flags(squares) for squares in self.arrival_list]
        self.relocations = [[self.index(sq) for sq in board.starts(colour)] + self.forest for colour in self.colours]
        self.around = [self._around(i) for i in range(self.count)]
        self.column_major = [(i % self.width) * self.width + i // self.width for i in range(self.count)]
        self._seconds = {young: [second_directions(step, young) for step in DIRECTIONS] for young in (False, True)}
        self._kings = [[self._king_distances(square) for square in squares] for squares in self.arrival_list]
        self._tables: dict[tuple[int, int, bool], list[int]] = {}
        self.lanes = [[tuple((d, rays[i * 8 + d], ends[i * 8 + d]) for d in firsts[i]) for i in range(self.count)]
                      for rays, ends, firsts in zip(self.rays, self.ends, self.firsts)]
        self._turns: dict[bool, list[list[tuple[tuple[Lane, ...], ...]]]] = {}
        self.setups: dict[tuple[object, ...], Position] = {}  # fastplay.start's set-up positions
        self.neighbour_rows = self._by_square(self.neighbours)
        self.ray_rows = [self._by_square(rays) for rays in self.rays]
        self.end_rows = [self._by_square(ends) for ends in self.ends]

    def _by_square(self, table: list) -> list[tuple]:
        """A `[i * 8 + d]` table as rows `[i][d]` (a play-out's look-up without arithmetic)."""
        return [tuple(table[i * 8:i * 8 + 8]) for i in range(self.count)]

    def index(self, square: Square) -> int:
        return (square[1] + 1) * self.width + square[0] + 1

    def square(self, index: int) -> Square:
        return index % self.width - 1, index // self.width - 1

    def within(self, square: Square) -> bool:
        return -1 <= square[0] <= self.size and -1 <= square[1] <= self.size

    def seconds(self, young: bool) -> list[tuple[int, ...]]:
        """Direction numbers of a second slide after a first one along each direction."""
        return [tuple(DIRECTIONS.index(step) for step in steps) for steps in self._seconds[young]]

    def turns(self, young: bool) -> list[list[tuple[tuple[Lane, ...], ...]]]:
        """By colour, for each square then first direction, the (ray, end) of each second slide from
        that square that can move at all, in `seconds` order; made on first use."""
        if young not in self._turns:
            seconds = self.seconds(young)
            self._turns[young] = [[tuple(tuple((rays[i * 8 + t], ends[i * 8 + t]) for t in seconds[d]
                                               if rays[i * 8 + t] or ends[i * 8 + t] != NONE) for d in range(8))
                                   for i in range(self.count)] for rays, ends in zip(self.rays, self.ends)]
        return self._turns[young]

    def distance(self, colour: int, mask: int) -> list[int]:
        return self._table(colour, mask, False)

    def nearness(self, colour: int, mask: int) -> list[int]:
        return self._table(colour, mask, True)

    def _table(self, colour: int, mask: int, near: bool) -> list[int]:
        key = (colour, mask, near)
        if key not in self._tables:
            self._tables[key] = self._measure(colour, [bit for bit in range(len(self.arrival_list[colour]))
                                                       if mask >> bit & 1], near)
        return self._tables[key]

    def _measure(self, colour: int, bits: list[int], near: bool) -> list[int]:
        """By square, the king-move distance to the nearest picked arrival square (0 for none), less
        the board's size on those squares when `near`: the minimum of the picked squares' tables."""
        kings = [self._kings[colour][bit] for bit in bits]
        table = [0] * self.count if not kings else list(kings[0]) if len(kings) == 1 else list(map(min, *kings))
        for bit in bits if near else ():
            table[self.arrival_list[colour][bit]] -= self.size
        return table

    def _king_distances(self, square: int) -> list[int]:
        col, row = self.square(square)
        return [max(abs(col - c), abs(row - r)) for c, r in map(self.square, range(self.count))]

    def _homes(self) -> list[int]:
        homes = [NONE] * self.count
        for number, colour in enumerate(self.colours):
            for square in self.board.starts(colour):
                if self.within(square):
                    homes[self.index(square)] = number
        return homes

    def _flags(self, squares: list[int]) -> bytes:
        flags = bytearray(self.count)
        for square in squares:
            flags[square] = 1
        return bytes(flags)

    def _neighbours(self) -> list[int]:
        out = [NONE] * (self.count * 8)
        for i in range(self.count):
            col, row = self.square(i)
            for d, (dx, dy) in enumerate(DIRECTIONS):
                if self.board.in_forest((col + dx, row + dy)):
                    out[i * 8 + d] = self.index((col + dx, row + dy))
        return out

    def _colour_rays(self, colour: str) -> None:
        zone = self.board.zone(colour)
        rays: list[tuple[int, ...]] = []
        ends: list[int] = []
        for i in range(self.count):
            for step in DIRECTIONS:
                ray, end = self._ray(zone, self.square(i), step)
                rays.append(ray)
                ends.append(end)
        self.rays.append(rays)
        self.ends.append(ends)
        self.firsts.append([tuple(d for d in range(8) if rays[i * 8 + d] or ends[i * 8 + d] != NONE)
                            for i in range(self.count)])
        self.heads.append([ray[0] if ray else NONE for ray in rays])
        self.gates.append(self._by_square([ray[0] if ray else self.count if end != NONE else self.count + 1
                                           for ray, end in zip(rays, ends)]))

    def _ray(self, zone: dict, square: Square, step: Square) -> tuple[tuple[int, ...], int]:
        """The forest squares of a slide's path from `square` and the arrival square ending it."""
        path: list[int] = []
        col, row = square
        while True:
            col, row = col + step[0], row + step[1]
            kind = zone.get((col, row))
            if kind == ARRIVAL:
                return tuple(path), self.index((col, row))
            if kind != FOREST:
                return tuple(path), NONE
            path.append(self.index((col, row)))

    def _around(self, i: int) -> frozenset[int]:
        col, row = self.square(i)
        return frozenset(self.index((col + dx, row + dy)) for dx in range(-2, 3) for dy in range(-2, 3)
                         if self.board.in_forest((col + dx, row + dy)))
