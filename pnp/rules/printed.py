"""What a kit's rules model gives its printed material: tables, texts, and the parameters' values.

Contract: `printed(params, tables, ref)` returns a `Printed` and the problems of name clashes.
`Printed.tables` are the model's tables by name (`data: rules.NAME` in a layout's table element);
`Printed.values` maps every template name that starts with `rules.` to its value:
- each parameter of the model, defaults filled, at its path: `rules.end_score`, a nested one
  `rules.banned_pair.first`, a list `rules.straights` (and its items `rules.straights.0`), a
  mapping `rules.three_of_a_kind` (and its keys `rules.three_of_a_kind.1`);
- each table's title and notes: `rules.NAME.title`, `rules.NAME.notes` (the notes one a line);
- each text a model prints (a `str` among its tables, for wording that depends on a value, such as
  "aucune carte"), and each whole number (an `int`: a rule constant of its code): `rules.NAME`.
A path that is both a parameter's and a table's or a text's is a clash, reported at the game.yaml's
`rules.model` (the model's author renames one); the model's value is kept. The values are plain
data: the layout stage formats them (pnp.layout.formats).
`Printed.without_code(params, low, high)` is what a kit prints from when its model does not run (`pnp
check --no-code`): the parameters as game.yaml writes them; `unrun_problem(p)` tells the layout
problems such a run leaves out (a value or table only the model gives).
`with_players(printed, low, high)` adds the kit's `players` range, `players.min` and `players.max`,
and the range itself, `players.range` (a `range`, written "2 à 4" or "2" by pnp.layout.formats),
which every kit prints from, with a rules model or without (`Printed.of_players`).
`with_decks(printed, counts)` adds each deck's number of cards, copies included, as
`deck.NAME.count` (`{deck.cartes.count} cartes`), so a count the material holds is printed, and
drift-checked, like the model's values.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator, Mapping

from ..core.errors import Problem, Ref
from .base import Params, Table
from .drift import Bound, Feature


@dataclass(frozen=True)
class Printed:
    """The tables a model prints and the values `{rules.…}` templates read."""

    tables: dict[str, Table] = field(default_factory=dict)
    values: dict[str, object] = field(default_factory=dict)

    unrun: bool = False  # the model did not run (`pnp check --no-code`): its own values are unknown
    drift: Bound = field(default_factory=Bound)  # what printed prose must follow (drift.py: `drift.scan(pairs)`)

    @classmethod
    def of_players(cls, low: int, high: int) -> Printed:
        """What a kit without a rules model prints from: its players range only."""
        return with_players(cls(), low, high)

    @classmethod
    def without_code(cls, params: dict, low: int, high: int) -> Printed:
        """What a kit prints from when its model does not run: the parameters as game.yaml writes
        them (defaults, texts and tables are the model's, unknown) and the players range."""
        values = {path: value for path, value in _paths("rules", params) if path != "rules"}
        return replace(with_players(cls(values=values), low, high), unrun=True)


def with_players(made: Printed, low: int, high: int) -> Printed:
    """`made` with the kit's players range as `{players.min}`, `{players.max}` and `{players.range}`."""
    values = {**made.values, "players.min": low, "players.max": high, "players.range": range(low, high + 1)}
    return Printed(made.tables, values, made.unrun, replace(made.drift, numbers=Bound.of(values, {}).numbers))


def with_decks(made: Printed, counts: Mapping[str, int]) -> Printed:
    """`made` with each deck's number of cards (copies included) as `{deck.NAME.count}`."""
    values = {**made.values, **{f"deck.{name}.count": count for name, count in counts.items()}}
    return Printed(made.tables, values, made.unrun, replace(made.drift, numbers=Bound.of(values, {}).numbers))


UNRUN_MARKS = ("unknown rules value {rules.", "no rules table ")


def unrun_problem(problem: Problem) -> bool:
    """A layout problem that only says a value or table the model prints is missing: expected when
    the model did not run (`pnp check --no-code`), so such a run leaves it out."""
    return any(mark in problem.what for mark in UNRUN_MARKS)


def printed(params: Params | None, tables: Mapping[str, Table | str | int], ref: Ref,
            features: Mapping[str, tuple[Feature, bool]] | None = None,
            literal: Iterable[str] = ()) -> tuple[Printed, list[Problem]]:
    """The tables and template values of a model's output (its features' states among them, as
    `rules.NAME`: True or False); the problems of clashing names."""
    values = {path: value for path, value in _paths("rules", params.model_dump()) if path != "rules"} \
        if params is not None else {}
    made: dict[str, object] = {}
    for name, value in tables.items():
        made.update(_table_values(name, value))
    for name, (_, on) in (features or {}).items():
        made[f"rules.{name}"] = on
    clashes = sorted(set(values) & set(made))
    problems = [Problem(f"the model prints {{{path}}} and has a parameter of that name: templates could not tell "
                        "them apart (rename the parameter or the printed value)", "rules.model", ref)
                for path in clashes]
    kept = {name: value for name, value in tables.items() if isinstance(value, Table)}
    return Printed(kept, {**values, **made}, drift=Bound.of({**values, **made}, features or {}, literal)), problems


def _table_values(name: str, value: Table | str | int) -> dict[str, object]:
    if isinstance(value, Table):
        return {f"rules.{name}.title": value.title, f"rules.{name}.notes": "\n".join(value.notes)}
    return {f"rules.{name}": value}


def _paths(prefix: str, value: object) -> Iterator[tuple[str, object]]:
    """`(path, value)` for `value` and, inside lists and mappings, for each item at `path.key`."""
    yield prefix, value
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from _paths(f"{prefix}.{key}", item)
