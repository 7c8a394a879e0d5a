"""Place cards and clochemerle event cards, as frozen dataclasses built from plain data.

Contract: `PlaceCard.from_data(data, ref=None)` and `EventCard.from_data(data, ref=None)` take the
plain data of one card entry of the kit (dicts, lists, ints, strings, as YAML gives them) and
return a frozen card carrying `ref` (a `pnp.core.errors.Ref`, for file:line in messages), or raise
`DataError` when the *shape* is wrong (missing key, wrong type, unknown place). They never judge
the numbers: `check.py` does. The designed numbers of the shipped cards are in `data.py`.

A place card (the grid lists rows from the top of the card; `~` is a spot with no cell; a cell
has a time cost `weeks` and/or bonus `points`, as the rules of the place need):

    - place: marche                 # eglise | mairie | bar | marche | boulodrome | medecin
      name: "Le marché en plein air"
      order: 4                      # set-up order printed on the verso, 1-6
      icons: [one_pawn, cell_bonus, time_cost]   # add `malus` to the icons when a malus is set
      # malus: -1                   # optional: reputation of each absent player (always < 0)
      rule: "Un seul pion par joueur, sur la première case libre. Dé + points de la case."
      grid:
        - [{weeks: 3, points: 4}, {weeks: 3, points: 3}, {weeks: 2, points: 3}]
        - [{weeks: 2, points: 2}, {weeks: 1, points: 1}, {weeks: 1, points: 0}]
      crowd: []                     # bar only: value by number of occupied cells (1, 2, 3 ...)

What the grid means per place (see placement.py): église, columns are the "rangs", points are
those of the row, and only the last (bottom) cell of a rang carries the weeks; mairie and bar,
cells carry weeks only; marché and médecin, the cells in reading order (rows top to bottom, left
to right) are the line / the queue, front first; médecin cells carry points only (the cost is
1 week + 1 per patient jumped); boulodrome, cells carry weeks and points.

An event card (signs may be "+", "-" or "−"; quote them in YAML):

    - title: "La fête du cassoulet"
      text: "Au concours du cassoulet, le maire a couronné sa belle-sœur. ..."
      signs: {eglise: "+", mairie: "-", bar: "+", marche: "-", boulodrome: "+", medecin: "+"}
"""
from __future__ import annotations

from dataclasses import dataclass, field as dc_field
from functools import cached_property
from types import MappingProxyType
from typing import Mapping

from pnp.rules import Problem, Ref, suggest
from . import shape
from .shape import DataError, at

Pos = tuple[int, int]

# rules: Matériel — "Deux cartes pour chacun des 6 lieux (l'église, la mairie, le bar PMU, le
# marché, le boulodrome, le médecin)"; the order of that list is the set-up order.
PLACES: Mapping[str, str] = MappingProxyType({
    "eglise": "L'église",
    "mairie": "La mairie",
    "bar": "Le bar PMU",
    "marche": "Le marché en plein air",
    "boulodrome": "Le boulodrome",
    "medecin": "Le médecin",
})
PLACE_KEYS: tuple[str, ...] = tuple(PLACES)
# rules: Le marché — "Chaque joueur ne peut poser qu'un seul pion sur cette case";
# Le médecin — "la case où il a posé son pion" (decision: medecin_pawns).
ONE_PAWN_PLACES = frozenset({"marche", "medecin"})
# rules: Signification des icônes — the five icons a place card may show.
ICONS = ("one_pawn", "several_pawns", "malus", "cell_bonus", "time_cost")
SIGNS = {"+": "+", "-": "-", "\u2212": "-"}
MINUS = "\u2212"
# rules: Matériel — "6 petits dés à six faces": a die's lowest and highest faces
DIE = (1, 6)


@dataclass(frozen=True)
class Cell:
    """One cell of an action grid: its position (row, col) from the top left, cost and bonus."""

    pos: Pos
    weeks: int | None = None
    points: int | None = None


@dataclass(frozen=True)
class PlaceCard:
    """The recto of a place card: grid of cells, icons, malus and rule text."""

    place: str
    name: str
    order: int
    grid: tuple[tuple[Cell | None, ...], ...]
    icons: tuple[str, ...] = ()
    rule: str = ""
    malus: int | None = None
    crowd: tuple[int, ...] = ()
    ref: Ref | None = dc_field(default=None, compare=False)

    @classmethod
    def from_data(cls, data: object, ref: Ref | None = None, where: str = "place card") -> "PlaceCard":
        data = shape.mapping(data, where, ref, ("place", "name", "order", "icons", "malus", "rule",
                                                "grid", "crowd"))
        place = _place_key(data, where, ref)
        where = f"place card {place!r}" if where == "place card" else where
        return cls(place=place, name=shape.field(data, "name", str, where, ref),
                   order=shape.field(data, "order", int, where, ref),
                   grid=_grid(shape.field(data, "grid", list, where, ref), where, at(ref, "grid")),
                   icons=shape.str_list(data, "icons", where, ref, ICONS),
                   rule=shape.field(data, "rule", str, where, ref, default=""),
                   malus=shape.field(data, "malus", int, where, ref, default=None),
                   crowd=shape.int_list(data, "crowd", where, ref), ref=ref)

    @property
    def one_pawn(self) -> bool:
        return self.place in ONE_PAWN_PLACES

    def cells(self) -> tuple[Cell, ...]:
        """The cells in reading order: rows top to bottom, each left to right."""
        return self._cells

    def columns(self) -> tuple[tuple[Cell, ...], ...]:
        """The non-empty columns ("rangs" of the église), each listed top to bottom."""
        return self._columns

    @cached_property
    def _cells(self) -> tuple[Cell, ...]:  # made once: play-outs ask for them at every turn
        return tuple(cell for row in self.grid for cell in row if cell is not None)

    @cached_property
    def _columns(self) -> tuple[tuple[Cell, ...], ...]:
        width = max((len(row) for row in self.grid), default=0)
        found = [tuple(cell for row in self.grid if c < len(row) for cell in (row[c],) if cell is not None)
                 for c in range(width)]
        return tuple(column for column in found if column)

    def cell(self, pos: Pos) -> Cell:
        found = self.grid[pos[0]][pos[1]]
        assert found is not None, f"no cell at {pos}"
        return found


@dataclass(frozen=True)
class EventCard:
    """A clochemerle card: an event of the village and a sign ("+" or "-") for each place."""

    title: str
    text: str
    signs: Mapping[str, str]
    ref: Ref | None = dc_field(default=None, compare=False)

    @classmethod
    def from_data(cls, data: object, ref: Ref | None = None, where: str = "event card") -> "EventCard":
        data = shape.mapping(data, where, ref, ("title", "text", "signs"))
        title = shape.field(data, "title", str, where, ref)
        where = f"event card {title!r}" if where == "event card" else where
        signs = shape.field(data, "signs", dict, where, ref)
        return cls(title=title, text=shape.field(data, "text", str, where, ref),
                   signs=MappingProxyType(_signs(signs, where, at(ref, "signs"))), ref=ref)

    def sign(self, place: str) -> int:
        """+1 or -1: the factor this event gives the reputation scored at `place`."""
        return -1 if self.signs.get(place) == "-" else 1

    def count(self, sign: str) -> int:
        return sum(1 for value in self.signs.values() if value == sign)


def _place_key(data: dict, where: str, ref: Ref | None) -> str:
    place: str = shape.field(data, "place", str, where, ref)
    if place not in PLACES:
        raise DataError(Problem(f"unknown place (known: {', '.join(PLACE_KEYS)})", where,
                                at(ref, "place"), got=place, suggestion=suggest(place, PLACE_KEYS)))
    return place


def _grid(rows: list, where: str, ref: Ref | None) -> tuple[tuple[Cell | None, ...], ...]:
    out = []
    for r, row in enumerate(rows):
        if not isinstance(row, list):
            raise DataError(Problem("a grid row must be a list of cells", where, at(ref, r), got=row))
        out.append(tuple(_cell(value, (r, c), where, at(ref, r, c)) for c, value in enumerate(row)))
    return tuple(out)


def _cell(value: object, pos: Pos, where: str, ref: Ref | None) -> Cell | None:
    if value is None:
        return None
    data = shape.mapping(value, where, ref, ("weeks", "points"))
    return Cell(pos, shape.field(data, "weeks", int, where, ref, default=None),
                shape.field(data, "points", int, where, ref, default=None))


def _signs(signs: dict, where: str, ref: Ref | None) -> dict[str, str]:
    out = {}
    for place, value in signs.items():
        if place not in PLACES:
            raise DataError(Problem("sign for an unknown place", where, at(ref, str(place)), got=place,
                                    suggestion=suggest(place, PLACE_KEYS)))
        if value not in SIGNS:
            raise DataError(Problem("a sign must be '+' or '-'", where, at(ref, place), got=value))
        out[place] = SIGNS[value]
    return out
