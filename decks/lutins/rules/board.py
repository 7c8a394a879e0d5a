"""The board of "Les aventures dans la forêt des lutins" as data.

Contract: `Board.from_data(data)` builds a frozen `Board` from plain data as it appears in a kit
(YAML), raising `pnp.core.errors.KitError` only when the *shape* is wrong (wrong types, unknown keys);
`read_board(data, where)` returns `(Board | None, shape problems)` instead of raising;
whether the board obeys the rules (34 dots, 6 start squares a side, reachability) is `check.py`'s
job, so a `Board` may hold a broken layout. `Board.to_data()` gives the plain data back.

Coordinates (decision: COORDINATES): a square is `(col, row)`; the forest is `0..size-1` on both
axes, row 0 is north. Start squares lie outside the forest: row -1 (north), row `size` (south),
col -1 (west), col `size` (east). A colour's arrival squares are the start squares of the colour on
the opposite side. The plain-data shape, with the default board (decision: BOARD_SIZE):

    size: 10            # the forest is size x size squares
    square_mm: 21       # printed square side (12 x 21 mm = 252 mm with the start rows)
    dots: [[3, 0], [8, 0], [2, 1], ...]        # 34 [col, row] squares: initial trees
    start:                                     # colour -> its 6 start squares, one side each
      bleu:   [[2, 10], [3, 10], [4, 10], [5, 10], [6, 10], [7, 10]]   # south
      rouge:  [[-1, 2], [-1, 3], [-1, 4], [-1, 5], [-1, 6], [-1, 7]]   # west
      violet: [[2, -1], [3, -1], [4, -1], [5, -1], [6, -1], [7, -1]]   # north
      jaune:  [[10, 2], [10, 3], [10, 4], [10, 5], [10, 6], [10, 7]]   # east
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping

from pnp.rules import KitError, Problem

Square = tuple[int, int]
SIDES = ("north", "east", "south", "west")
OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}
# rules: "dans le sens des aiguilles d'une montre" (decision: SEATING)
CLOCKWISE_FROM_SOUTH = ("south", "west", "north", "east")
# rules: "horizontalement, verticalement ou en diagonale"
DIRECTIONS: tuple[Square, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))
FOREST, ARRIVAL = "forest", "arrival"
DATA_KEYS = ("size", "square_mm", "dots", "start")
DEFAULT_SQUARE_MM = 21.0
DEFAULT_SIZE = 10


@dataclass(frozen=True)
class Board:
    """A forest of `size` x `size` squares, its dotted squares and the start squares by colour."""

    size: int
    dots: tuple[Square, ...]
    start: tuple[tuple[str, tuple[Square, ...]], ...]
    square_mm: float = DEFAULT_SQUARE_MM

    @classmethod
    def from_data(cls, data: Any) -> "Board":
        """A board from plain data (see the module docstring); KitError if the shape is wrong."""
        board, problems = read_board(data)
        if problems or board is None:
            raise KitError(problems)
        return board

    def to_data(self) -> dict:
        """The plain data this board was built from (lists, not tuples)."""
        return {"size": self.size, "square_mm": self.square_mm,
                "dots": [list(sq) for sq in self.dots],
                "start": {colour: [list(sq) for sq in squares] for colour, squares in self.start}}

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(colour for colour, _ in self.start)

    def starts(self, colour: str) -> tuple[Square, ...]:
        return dict(self.start).get(colour, ())

    def in_forest(self, square: Square) -> bool:
        return 0 <= square[0] < self.size and 0 <= square[1] < self.size

    def side_of_square(self, square: Square) -> str | None:
        """The side a square outside the forest is next to (None for corners and beyond)."""
        col, row = square
        inside_col, inside_row = 0 <= col < self.size, 0 <= row < self.size
        if inside_col and row in (-1, self.size):
            return "north" if row == -1 else "south"
        if inside_row and col in (-1, self.size):
            return "west" if col == -1 else "east"
        return None

    @cached_property
    def _sides(self) -> dict[str, str | None]:
        sides = {}
        for colour, squares in self.start:
            found = [self.side_of_square(sq) for sq in squares]
            sides[colour] = max(set(found), key=found.count) if found else None
        return sides

    def side(self, colour: str) -> str | None:
        """The side of a colour's start squares (the most common one when they disagree)."""
        return self._sides.get(colour)

    def colour_on(self, side: str) -> str | None:
        return next((c for c, s in self._sides.items() if s == side), None)

    def opposite(self, colour: str) -> str | None:
        """The colour across the forest: its start squares are `colour`'s arrival squares."""
        side = self.side(colour)
        return self.colour_on(OPPOSITE[side]) if side else None

    def arrival(self, colour: str) -> tuple[Square, ...]:
        return self._arrivals.get(colour, ())

    @cached_property
    def _arrivals(self) -> dict[str, tuple[Square, ...]]:
        # rules: "une case d'arrivée de l'autre côté du jeu": the opposite colour's start squares
        found = {colour: self.opposite(colour) for colour in self.colours}
        return {colour: self.starts(other) if other else () for colour, other in found.items()}

    @cached_property
    def _home(self) -> dict[Square, str]:
        return {sq: colour for colour, squares in self.start for sq in squares}

    def home_of(self, square: Square) -> str | None:
        """The colour whose start square this is, if any."""
        return self._home.get(square)

    @cached_property
    def forest(self) -> tuple[Square, ...]:
        return tuple((c, r) for r in range(self.size) for c in range(self.size))

    def zone(self, colour: str) -> dict[Square, str]:
        """The squares an elf of `colour` may stand on: forest squares and its arrival squares."""
        return self._zones[colour]

    @cached_property
    def _zones(self) -> dict[str, dict[Square, str]]:
        # decision: EDGE -- everything else is the edge of the board for that elf.
        zones = {}
        for colour in self.colours:
            zone = dict.fromkeys(self.forest, FOREST)
            zone.update(dict.fromkeys(self.arrival(colour), ARRIVAL))
            zones[colour] = zone
        return zones


def read_board(data: Any, where: str = "board") -> tuple[Board | None, list[Problem]]:
    """A board from plain data and no problem, or None and the problems of its shape."""
    problems = shape_problems(data, where)
    if problems:
        return None, problems
    start = tuple((colour, tuple(_square(sq) for sq in squares)) for colour, squares in data["start"].items())
    return Board(int(data["size"]), tuple(_square(sq) for sq in data["dots"]), start,
                 float(data.get("square_mm", DEFAULT_SQUARE_MM))), []


def shape_problems(data: Any, where: str = "board") -> list[Problem]:
    """Problems with the plain-data shape of a board (types and keys), not with its rules."""
    if not isinstance(data, Mapping):
        return [Problem("a board must be a mapping with size, dots and start", where, got=data)]
    problems = [Problem(f"unknown key {key!r}", f"{where}.{key}") for key in data if key not in DATA_KEYS]
    problems += [Problem(f"missing key {key!r}", where) for key in ("size", "dots", "start") if key not in data]
    if "size" in data and not _is_int(data["size"]):
        problems.append(Problem("size must be a whole number of squares", f"{where}.size", got=data["size"]))
    if "square_mm" in data and not (_is_number(data["square_mm"]) and data["square_mm"] > 0):
        problems.append(Problem("square_mm must be a positive number", f"{where}.square_mm",
                                got=data["square_mm"]))
    if "dots" in data:
        problems += _squares_shape(data["dots"], f"{where}.dots")
    if "start" in data:
        problems += _start_shape(data["start"], f"{where}.start")
    return problems


def _start_shape(start: Any, where: str) -> list[Problem]:
    if not isinstance(start, Mapping):
        return [Problem("start must map each colour to its start squares", where, got=start)]
    problems = []
    for colour, squares in start.items():
        if not isinstance(colour, str):
            problems.append(Problem("a colour name must be text", where, got=colour))
        problems += _squares_shape(squares, f"{where}.{colour}")
    return problems


def _squares_shape(squares: Any, where: str) -> list[Problem]:
    if not isinstance(squares, (list, tuple)):
        return [Problem("expected a list of [col, row] squares", where, got=squares)]
    return [Problem("a square is a [col, row] pair of whole numbers", f"{where}[{i}]", got=sq)
            for i, sq in enumerate(squares) if not _is_pair(sq)]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_pair(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and len(value) == 2 and all(_is_int(v) for v in value)


def _square(value: Any) -> Square:
    return (int(value[0]), int(value[1]))


def side_squares(size: int, side: str, count: int = 6) -> list[list[int]]:
    """`count` start squares centred on one side of a `size` forest, as plain data."""
    first = (size - count) // 2
    line = range(first, first + count)
    fixed = {"north": -1, "south": size, "west": -1, "east": size}[side]
    return [[i, fixed] if side in ("north", "south") else [fixed, i] for i in line]


# The default dots: 17 pairs symmetric through the centre (fair to opposite colours), every row
# and column of the lanes 2..7 holding trees (no elf crosses in one slide), no start square walled
# in, every start square at least 2 moves from its arrival side. Found by a seeded search, then
# checked by `check.check_board` and the play-outs.
DEFAULT_DOTS: tuple[Square, ...] = (
    (3, 0), (8, 0), (2, 1), (4, 1), (5, 1), (9, 1), (1, 2), (5, 2), (0, 3), (3, 3), (6, 3), (7, 3),
    (8, 3), (1, 4), (2, 4), (4, 4), (6, 4), (3, 5), (5, 5), (7, 5), (8, 5), (1, 6), (2, 6), (3, 6),
    (6, 6), (9, 6), (4, 7), (8, 7), (0, 8), (4, 8), (5, 8), (7, 8), (1, 9), (6, 9),
)
DEFAULT_COLOURS = {"south": "bleu", "west": "rouge", "north": "violet", "east": "jaune"}


def default_board_data() -> dict:
    """The default board as plain data (fresh lists: callers may mutate them)."""
    size = DEFAULT_SIZE
    start = {colour: side_squares(size, side) for side, colour in DEFAULT_COLOURS.items()}
    return {"size": size, "square_mm": DEFAULT_SQUARE_MM,
            "dots": [list(sq) for sq in DEFAULT_DOTS], "start": start}


def default_board() -> Board:
    return Board.from_data(default_board_data())


def empty_board(size: int, count: int = 6, dots: tuple[Square, ...] = ()) -> Board:
    """A board of any size with `count` centred start squares a side (for tests and examples)."""
    start = {colour: side_squares(size, side, count) for side, colour in DEFAULT_COLOURS.items()}
    return Board.from_data({"size": size, "dots": [list(sq) for sq in dots], "start": start})
