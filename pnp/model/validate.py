"""Validation of plain data against pydantic models, reported as located problems.

Contract: `validate(model, data, ref, where)` returns `(instance or None, problems)`. Every
pydantic error becomes a `Problem` whose `ref` points at the offending value (or, for an unknown
key, at the key itself, with a "did you mean" drawn from the model's field names). `StrictModel`
is the base of all kit models: unknown keys refused, frozen, no silent coercion of text to numbers.
"""
from __future__ import annotations

import types
import typing
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from ..errors import Problem, Ref, suggest

M = TypeVar("M", bound=BaseModel)


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=False, populate_by_name=True, defer_build=True)


def validate(model: type[M], data: Any, ref: Ref, where: str = "") -> tuple[M | None, list[Problem]]:
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        errors = _dedupe(exc.errors(include_url=False), data)
        return None, [_problem(model, err, ref, where, data) for err in errors]


def _dedupe(errors: list[dict], data: Any) -> list[dict]:
    """Drop union noise: keep one error per location, preferring the most specific message."""
    seen: dict[tuple, dict] = {}
    for err in errors:
        loc = _data_path(tuple(part for part in err["loc"] if not _is_union_tag(part)), data)
        if loc not in seen or err["type"] == "extra_forbidden":
            seen[loc] = {**err, "loc": loc}
    return list(seen.values())


def _data_path(loc: tuple, data: Any) -> tuple:
    """`loc` without discriminator tags (the `type` value pydantic inserts for tagged unions)."""
    out, node, skipped = [], data, None
    for part in loc:
        if isinstance(node, dict) and node.get("type") == part and skipped is not node:
            skipped = node  # the tag comes once, right after the mapping it tags
            continue
        out.append(part)
        node = _get(node, part)
    return tuple(out)


def _is_union_tag(part: object) -> bool:
    return isinstance(part, str) and ("[" in part or part in _UNION_TAGS)


_UNION_TAGS = {"str", "int", "float", "list", "dict", "bool", "function-after", "function-before",
               "function-plain", "tagged-union", "literal", "none", "is-instance"}


def _problem(model: type[BaseModel], err: dict, ref: Ref, where: str, data: Any) -> Problem:
    loc = err["loc"]
    place = _join(where, loc)
    if err["type"] == "extra_forbidden":
        key = loc[-1] if loc else None
        fields = _fields_at(model, loc[:-1], data)
        return Problem(f"unknown key {key!r}", place, ref.child(*loc), suggestion=suggest(key, fields), at_key=True)
    if err["type"] == "missing":
        return Problem(f"missing required key {loc[-1]!r}", _join(where, loc[:-1]), ref.child(*loc[:-1]))
    message = _message(err)
    return Problem(message, place, ref.child(*loc), got=_got(err))


def _message(err: dict) -> str:
    msg = err["msg"]
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    return msg[0].lower() + msg[1:] if msg else msg


def _got(err: dict) -> object:
    value = err.get("input")
    if isinstance(value, (dict, list)):
        return None
    return value


def _join(where: str, loc: tuple) -> str:
    text = where
    for part in loc:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _fields_at(model: type[BaseModel], path: tuple, data: Any) -> list[str]:
    """Field names of the (sub)model at `path`, for "did you mean" suggestions."""
    annotation: Any = model
    node = data
    for part in path:
        annotation = _child(_pick(annotation, node), part)
        node = _get(node, part)
    found = _pick(annotation, node)
    if not (isinstance(found, type) and issubclass(found, BaseModel)):
        return []
    return list(found.model_fields) + [f.alias for f in found.model_fields.values() if f.alias]


def _get(node: Any, part: object) -> Any:
    if isinstance(node, dict):
        return node.get(part)
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    return None


def _child(annotation: Any, part: object) -> Any:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        field = annotation.model_fields.get(part) if isinstance(part, str) else None
        return field.annotation if field else None
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is dict and len(args) == 2:
        return args[1]
    if origin in (list, tuple) and args:
        return args[0]
    return None


def _pick(annotation: Any, node: Any) -> Any:
    """Strip Annotated/Optional/unions down to the member that fits `node`."""
    if typing.get_origin(annotation) is typing.Annotated:
        return _pick(typing.get_args(annotation)[0], node)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        members = [_pick(arg, node) for arg in typing.get_args(annotation)]
        for member in members:
            if _fits(member, node):
                return member
        return None
    return annotation


def _fits(member: Any, node: Any) -> bool:
    if isinstance(member, type) and issubclass(member, BaseModel):
        if not isinstance(node, dict):
            return False
        field = member.model_fields.get("type")
        kind = node.get("type")
        return field is None or kind is None or kind in typing.get_args(field.annotation)
    origin = typing.get_origin(member) or member
    return isinstance(origin, type) and isinstance(node, origin)
