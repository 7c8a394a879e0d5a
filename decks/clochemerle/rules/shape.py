"""Reading plain data (what a YAML card entry holds) strictly, one field at a time.

Contract: the helpers take a value, the key to read, the `where` of the entry (for messages) and
its `Ref` (or None), and either return the value or raise `DataError` carrying one `Problem`
whose `ref` points at the offending key. Integers exclude booleans. Unknown keys are refused
with a suggestion. Nothing here knows the rules of the game: only the shape of the data.
"""
from __future__ import annotations

from typing import Any, Iterable

from pnp.rules import Problem, Ref, suggest

_MISSING = object()
_KINDS = {int: "an integer", str: "a string", list: "a list", dict: "a mapping"}


class DataError(ValueError):
    """Plain data of the wrong shape; `problem` says where and why."""

    def __init__(self, problem: Problem):
        super().__init__(problem.render())
        self.problem = problem


def at(ref: Ref | None, *parts: str | int) -> Ref | None:
    """The ref of a value inside the entry at `ref` (None stays None)."""
    return ref.child(*parts) if ref is not None else None


def is_kind(value: object, kind: type) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def mapping(data: object, where: str, ref: Ref | None, allowed: Iterable[str]) -> dict:
    """`data` as a mapping whose keys are all in `allowed`."""
    if not isinstance(data, dict):
        raise DataError(Problem("expected a mapping", where, ref, got=data))
    allowed = list(allowed)
    for key in data:
        if key not in allowed:
            raise DataError(Problem(f"unknown key {key!r}", where, at(ref, str(key)), got=key,
                                    suggestion=suggest(key, allowed)))
    return data


def field(data: dict, key: str, kind: type, where: str, ref: Ref | None, default: Any = _MISSING) -> Any:
    """`data[key]`, checked to be of `kind`; `default` when absent (else a problem)."""
    if key not in data or (data[key] is None and default is not _MISSING):
        if default is _MISSING:
            raise DataError(Problem(f"missing key {key!r}", where, ref))
        return default
    value = data[key]
    if not is_kind(value, kind):
        raise DataError(Problem(f"{key!r} must be {_KINDS[kind]}", where, at(ref, key), got=value))
    return value


def int_list(data: dict, key: str, where: str, ref: Ref | None) -> tuple[int, ...]:
    """An optional list of integers (empty when absent)."""
    values = field(data, key, list, where, ref, default=[])
    for index, value in enumerate(values):
        if not is_kind(value, int):
            raise DataError(Problem(f"{key!r} must hold integers", where, at(ref, key, index), got=value))
    return tuple(values)


def str_list(data: dict, key: str, where: str, ref: Ref | None, choices: Iterable[str]) -> tuple[str, ...]:
    """An optional list of words, each one of `choices`."""
    choices = list(choices)
    values = field(data, key, list, where, ref, default=[])
    for index, value in enumerate(values):
        if value not in choices:
            raise DataError(Problem(f"{key!r} holds an unknown word (known: {', '.join(choices)})", where,
                                    at(ref, key, index), got=value, suggestion=suggest(value, choices)))
    return tuple(values)
