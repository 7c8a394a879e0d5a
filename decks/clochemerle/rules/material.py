"""The time track, the token supply, the score sheet, and the whole material of a Clochemerle kit.

Contract: like the cards in places.py, `Track`, `Tokens` and `ScoreSheet` are frozen dataclasses
built by `from_data(data, ref=None)` from plain YAML data, carrying `ref`; a wrong shape raises
`DataError`. `read_material(...)` builds a `Material` from the plain data of every component and
returns it with the shape problems (a card of the wrong shape is left out and reported, so the
inventory checks then see it missing; a sheet of the wrong shape is None, reported once, and
`Material.complete` is false). `default_material()` is the shipped, designed material.

The track (quarters in order; "Départ" is before week 1, "Fin" is the last week, 52):

    start: "Départ"
    end: "Fin"
    quarters:
      - {label: "1er trimestre", weeks: 13}
      - ... (4 quarters)

The token supply:

    plus: 8
    minus: 4
    new_row: 1
    dice: 12
    pawns_per_colour: 11
    colours: [rouge, bleu, vert, jaune, noir, blanc]

The score sheet (rows are scorings, columns the places and the malus; `blocks` is the number of
score grids on a sheet, "une feuille permet de faire 6 décomptes"):

    title: "Feuille de score"
    blocks: 6
    columns: [{key: eglise, label: "Église"}, ..., {key: malus, label: "Malus"}, {key: sum, label: "Total"}]
    rows:
      - {key: q1, label: "1er trimestre", factor: 1}
      - ... q2, q3
      - {key: q4, label: "4e trimestre (× 2)", factor: 2}
      - {key: time, label: "Pénalité de temps"}
      - {key: total, label: "Total"}
"""
from __future__ import annotations

from dataclasses import dataclass, field as dc_field
from typing import Any, Callable, Mapping

from pnp.rules import Problem, Ref
from . import data as defaults
from . import shape
from .data import default_score_sheet_data, default_tokens_data, default_track_data  # noqa: F401
from .places import EventCard, PlaceCard
from .shape import DataError, at


@dataclass(frozen=True)
class Quarter:
    label: str
    weeks: int
    ref: Ref | None = dc_field(default=None, compare=False)


@dataclass(frozen=True)
class Track:
    """The time track: a start cell, quarters of weeks, the "fin" cell (the last week)."""

    start: str
    end: str
    quarters: tuple[Quarter, ...]
    ref: Ref | None = dc_field(default=None, compare=False)

    @classmethod
    def from_data(cls, data: object, ref: Ref | None = None, where: str = "time track") -> "Track":
        data = shape.mapping(data, where, ref, ("start", "end", "quarters"))
        items = shape.field(data, "quarters", list, where, ref)
        return cls(shape.field(data, "start", str, where, ref), shape.field(data, "end", str, where, ref),
                   tuple(_quarter(item, where, at(ref, "quarters", i)) for i, item in enumerate(items)), ref)

    @property
    def weeks(self) -> int:
        return sum(quarter.weeks for quarter in self.quarters)

    def quarter_ends(self) -> list[int]:
        """The last week of each quarter (13, 26, 39, 52 for the rules' track)."""
        ends, total = [], 0
        for quarter in self.quarters:
            total += quarter.weeks
            ends.append(total)
        return ends


def _quarter(item: object, where: str, ref: Ref | None) -> Quarter:
    item = shape.mapping(item, where, ref, ("label", "weeks"))
    return Quarter(shape.field(item, "label", str, where, ref, default=""),
                   shape.field(item, "weeks", int, where, ref), ref)


@dataclass(frozen=True)
class Tokens:
    """The supply of sign tokens, the "N" token, dice and pawns."""

    plus: int
    minus: int
    new_row: int
    dice: int
    pawns_per_colour: int
    colours: tuple[str, ...]
    ref: Ref | None = dc_field(default=None, compare=False)

    @classmethod
    def from_data(cls, data: object, ref: Ref | None = None, where: str = "tokens") -> "Tokens":
        keys = ("plus", "minus", "new_row", "dice", "pawns_per_colour")
        data = shape.mapping(data, where, ref, keys + ("colours",))
        numbers = {key: shape.field(data, key, int, where, ref) for key in keys}
        colours = shape.field(data, "colours", list, where, ref)
        if not all(isinstance(colour, str) for colour in colours):
            raise DataError(Problem("'colours' must hold names", where, at(ref, "colours"), got=colours))
        return cls(**numbers, colours=tuple(colours), ref=ref)


@dataclass(frozen=True)
class SheetLine:
    """A row or a column of the score sheet: a key the rules know, a label, a factor (rows)."""

    key: str
    label: str
    factor: int = 1
    ref: Ref | None = dc_field(default=None, compare=False)


@dataclass(frozen=True)
class ScoreSheet:
    title: str
    blocks: int
    columns: tuple[SheetLine, ...]
    rows: tuple[SheetLine, ...]
    ref: Ref | None = dc_field(default=None, compare=False)

    @classmethod
    def from_data(cls, data: object, ref: Ref | None = None, where: str = "score sheet") -> "ScoreSheet":
        data = shape.mapping(data, where, ref, ("title", "blocks", "columns", "rows"))
        lines = {key: tuple(_line(item, where, at(ref, key, i))
                            for i, item in enumerate(shape.field(data, key, list, where, ref)))
                 for key in ("columns", "rows")}
        return cls(shape.field(data, "title", str, where, ref, default=""),
                   shape.field(data, "blocks", int, where, ref, default=1), lines["columns"], lines["rows"], ref)


def _line(item: object, where: str, ref: Ref | None) -> SheetLine:
    item = shape.mapping(item, where, ref, ("key", "label", "factor"))
    return SheetLine(shape.field(item, "key", str, where, ref), shape.field(item, "label", str, where, ref),
                     shape.field(item, "factor", int, where, ref, default=1), ref)


@dataclass(frozen=True)
class Material:
    """Everything printed for a game; a component that could not be read is None / left out."""

    places: tuple[PlaceCard, ...] = ()
    events: tuple[EventCard, ...] = ()
    track: Track | None = None
    tokens: Tokens | None = None
    score_sheet: ScoreSheet | None = None

    @property
    def complete(self) -> bool:
        """Every sheet was read (the reader reports one that is absent or unreadable)."""
        return None not in (self.track, self.tokens, self.score_sheet)


def read_material(places: list, events: list, track: object, tokens: object, score_sheet: object,
                  refs: Mapping[str, Ref | None] | None = None) -> tuple[Material, list[Problem]]:
    """Build the material from plain data. `refs` maps a component name ("places", "events",
    "track", "tokens", "score_sheet") to the ref of its data; list items get `ref.child(i)`."""
    refs = dict(refs or {})
    problems: list[Problem] = []
    card_lists: dict[str, Any] = {}
    for key, cls, items in (("places", PlaceCard, places), ("events", EventCard, events)):
        label = "place card" if key == "places" else "event card"
        card_lists[key] = tuple(_read_items(items, cls, label, refs.get(key), problems))
    singles = {key: _read_one(cls.from_data, value, refs.get(key), problems)
               for key, cls, value in (("track", Track, track), ("tokens", Tokens, tokens),
                                       ("score_sheet", ScoreSheet, score_sheet))}
    return Material(card_lists["places"], card_lists["events"], **singles), problems


def _read_items(items: object, cls: Any, label: str, ref: Ref | None, problems: list[Problem]) -> list:
    if not isinstance(items, list):
        problems.append(Problem(f"expected a list of {label}s", label + "s", ref, got=items))
        return []
    read = (_read_one(lambda d, r: cls.from_data(d, r), item, at(ref, i), problems)
            for i, item in enumerate(items))
    return [card for card in read if card is not None]


def _read_one(build: Callable, value: object, ref: Ref | None, problems: list[Problem]) -> Any:
    try:
        return build(value, ref)
    except DataError as error:
        problems.append(error.problem)
        return None


def default_material() -> Material:
    """The shipped material, read from the designed plain data of data.py."""
    material, problems = read_material(defaults.default_places_data(), defaults.default_events_data(),
                                       default_track_data(), default_tokens_data(), default_score_sheet_data())
    assert not problems, problems
    return material
