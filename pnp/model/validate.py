"""Validation of plain data against the kit models, reported as located problems.

Contract: `validate(model, data, ref, where)` returns `(instance or None, problems)`. Every error
of `pnp.model.schema` becomes a `Problem` whose `ref` points at the offending value (or, for an
unknown key, at the key itself, with a "did you mean" drawn from the names allowed there; for a
value outside a fixed list, with the closest allowed value), and carries the element `where`
names and the keys to the value as data (`Problem.element`, `Problem.keys`). `StrictModel` is the base of all kit
models: unknown keys refused, frozen, no silent coercion of text to numbers.
"""
from __future__ import annotations

from typing import Any, TypeVar

from ..core.errors import Problem, Ref, suggest
from .schema import Model, ValidationError

M = TypeVar("M", bound=Model)


class StrictModel(Model):
    """A kit model: lax only where nothing is lost (3.0 taken as the whole number 3)."""


def validate(model: type[M], data: Any, ref: Ref, where: str = "") -> tuple[M | None, list[Problem]]:
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, [_problem(err, ref, where) for err in _dedupe(exc.errors())]


def _dedupe(errors: list[dict]) -> list[dict]:
    """One error per location, an unknown key first."""
    seen: dict[tuple, dict] = {}
    for err in errors:
        loc = tuple(err["loc"])
        if loc not in seen or err["type"] == "extra_forbidden":
            seen[loc] = err
    return list(seen.values())


def _problem(err: dict, ref: Ref, where: str) -> Problem:
    """The problem of one error, about the value at its keys of the element `where` names."""
    loc = tuple(err["loc"])
    if err["type"] == "extra_forbidden":
        key = loc[-1]
        return Problem.at(f"unknown key {key!r}", where, *loc, ref=ref.child(*loc),
                          suggestion=suggest(key, err["fields"]), at_key=True)
    if err["type"] == "missing":
        return Problem.at(err["msg"], where, *loc[:-1], ref=ref.child(*loc[:-1]))
    got = err["input"]
    return Problem.at(err["msg"], where, *loc, ref=ref.child(*loc), got=None if isinstance(got, (dict, list)) else got,
                      suggestion=suggest(got, err.get("choices", ())))
