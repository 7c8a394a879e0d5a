"""Compiling a field's type into a checker: a closure `(value, loc, errors) -> value or BAD`.

Contract: `compile_field(info, strict)` returns the checker of a `FieldInfo` (its annotation and
constraints), as `pnp.model.schema` describes the types. A checker appends a dict to `errors` for
each problem, at the `loc` of the value, and returns `BAD` if any; else the value, converted (an
int to a float for a float field, a list of checked items, in lax mode a whole-number key of a
`dict[str, ...]` to its text...). Checkers are memoized by type, and a tagged union compiles a
member only when a value of that tag is met, so a run pays for what its kit uses.
"""
from __future__ import annotations

import sys
import types
import typing
from typing import Any, Callable, Literal, Union

from .schema import _BAD, Before, Checker, FieldInfo, Model, _error

BAD = _BAD
_MEMO: dict[tuple, Checker] = {}


def compile_field(info: FieldInfo, strict: bool) -> Checker:
    return _constrained(_compile(info.annotation, strict), info)


def _compile(tp: Any, strict: bool) -> Checker:
    try:
        return _MEMO[(tp, strict)]
    except KeyError:
        checker = _MEMO[(tp, strict)] = _build(tp, strict)
        return checker
    except TypeError:  # an unhashable annotation
        return _build(tp, strict)


def _build(tp: Any, strict: bool) -> Checker:
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _annotated(tp, strict)
    if origin in (Union, types.UnionType):
        return _union(typing.get_args(tp), strict)
    if origin is Literal:
        return _literal(typing.get_args(tp))
    if origin is list:
        return _list(_compile(typing.get_args(tp)[0], strict))
    if origin is dict:
        key, value = typing.get_args(tp)
        return _dict(_text_key if key is str and not strict else _compile(key, strict), _compile(value, strict))
    if tp is Any or tp is object:
        return lambda value, loc, errors: value
    if tp is None or tp is type(None):
        return _simple(lambda v: v is None, "empty (~)")
    if isinstance(tp, type) and issubclass(tp, Model):
        return lambda value, loc, errors: tp.model_schema().check(value, loc, errors)
    if tp in _SCALARS:
        return _SCALARS[tp](strict)
    if tp in (list, dict):
        return _simple(lambda v: isinstance(v, tp), _WORDS[tp])
    if isinstance(tp, type):
        return _simple(lambda v: isinstance(v, tp), f"a {tp.__name__}")
    raise TypeError(f"pnp.model.schema cannot check values of type {tp!r}")


def _simple(accepts: Callable[[Any], bool], words: str) -> Checker:
    def check(value: Any, loc: tuple, errors: list) -> Any:
        if accepts(value):
            return value
        errors.append(_error("type_error", loc, f"must be {words}", value))
        return _BAD
    return check


def _exact(kind: type, convert: Callable[[Any], Any], words: str) -> Checker:
    """Values of exactly `kind` (a bool is no int), or what `convert` makes of others (None: refused)."""
    def check(value: Any, loc: tuple, errors: list) -> Any:
        if type(value) is kind:
            return value
        out = convert(value)
        if out is not None:
            return out
        errors.append(_error("type_error", loc, f"must be {words}", value))
        return _BAD
    return check


def _int(strict: bool) -> Checker:
    lax = (lambda v: int(v) if type(v) is float and v.is_integer() else None)
    return _exact(int, (lambda v: None) if strict else lax, "a whole number")


def _float(strict: bool) -> Checker:
    return _exact(float, lambda v: float(v) if type(v) is int else None, "a number")


# A text key of a mapping: YAML reads `1: dice-one` with a whole-number key, taken as its text "1".
_text_key = _exact(str, lambda v: str(v) if type(v) is int else None, "text")


_WORDS = {list: "a list", dict: "a mapping of keys to values"}
_SCALARS: dict[Any, Callable[[bool], Checker]] = {
    int: _int,
    float: _float,
    str: lambda strict: _simple(lambda v: isinstance(v, str), "text"),
    bool: lambda strict: _simple(lambda v: type(v) is bool, "true or false"),
}


def _literal(choices: tuple) -> Checker:
    allowed = {(type(c), c) for c in choices}
    shown = ", ".join(str(c) for c in choices)

    def check(value: Any, loc: tuple, errors: list) -> Any:
        if _hashable(value) and (type(value), value) in allowed:
            return value
        errors.append({**_error("literal_error", loc, f"must be one of: {shown}", value),
                       "choices": [str(c) for c in choices]})
        return _BAD
    return check


def _hashable(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool, type(None)))


def _list(item: Checker) -> Checker:
    def check(value: Any, loc: tuple, errors: list) -> Any:
        if not isinstance(value, (list, tuple)):
            errors.append(_error("type_error", loc, "must be a list", value))
            return _BAD
        out = [item(v, loc + (i,), errors) for i, v in enumerate(value)]
        return _BAD if any(v is _BAD for v in out) else out
    return check


def _dict(key: Checker, item: Checker) -> Checker:
    def check(value: Any, loc: tuple, errors: list) -> Any:
        if not isinstance(value, dict):
            errors.append(_error("type_error", loc, "must be a mapping of keys to values", value))
            return _BAD
        out = {key(k, loc + (k,), errors): item(v, loc + (k,), errors) for k, v in value.items()}
        return _BAD if _BAD in out or any(v is _BAD for v in out.values()) else out
    return check


def _union(members: tuple, strict: bool) -> Checker:
    """The first member that takes the value as it is, else the first that converts it; failing
    both, the errors of the one member of the value's shape, or, for a scalar, the first error a
    member gave about the value itself (out of range: `-2pt` for a font size), or one error naming
    them all, with the choices of its literal members (for a "did you mean")."""
    exact = [_compile(m, True) for m in members]
    lax = exact if strict else [_compile(m, False) for m in members]
    tries = exact if strict else exact + [c for c in lax if c not in exact]

    def check(value: Any, loc: tuple, errors: list) -> Any:
        found: list[dict] = []
        for checker in tries:
            out = checker(value, loc, found)
            if out is not _BAD:
                return out
        shape = _value_shape(value)
        specific = [e for e in found if e["type"] in ("value_error", "constraint")] if shape == "scalar" else []
        if specific:
            errors.append(specific[0])
            return _BAD
        fitting = [c for c, m in zip(lax, members) if _shape(m) == shape] if shape != "scalar" else []
        if len(fitting) == 1:
            return fitting[0](value, loc, errors)
        words = " or ".join(dict.fromkeys(_words(m) for m in members))
        choices = [c for e in found for c in e.get("choices", ())]
        errors.append(_error("type_error", loc, f"must be {words}", value) | ({"choices": choices} if choices else {}))
        return _BAD
    return check


def _shape(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _shape(typing.get_args(tp)[0])
    if origin is dict or tp is dict or (isinstance(tp, type) and issubclass(tp, Model)):
        return "map"
    if origin is list or tp is list:
        return "list"
    return "any" if origin in (Union, types.UnionType) else "scalar"


def _value_shape(value: Any) -> str:
    return "map" if isinstance(value, dict) else "list" if isinstance(value, (list, tuple)) else "scalar"


def _words(tp: Any) -> str:
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _words(typing.get_args(tp)[0])
    if origin is Literal:
        return "one of: " + ", ".join(str(c) for c in typing.get_args(tp))
    if origin in (Union, types.UnionType):
        return " or ".join(_words(m) for m in typing.get_args(tp))
    shape = _shape(tp)
    if shape != "scalar":
        return "a list" if shape == "list" else "a mapping of keys to values"
    if tp is None or tp is type(None):
        return "empty (~)"
    named = {int: "a whole number", float: "a number", str: "text", bool: "true or false"}
    return named.get(tp) or str(getattr(tp, "__schema_words__", f"a {getattr(tp, '__name__', tp)}"))


def _annotated(tp: Any, strict: bool) -> Checker:
    inner, *meta = typing.get_args(tp)
    befores = [m.fn for m in meta if isinstance(m, Before)]
    infos = [m for m in meta if isinstance(m, FieldInfo)]
    tag = next((i.discriminator for i in infos if i.discriminator), None)
    checker = _tagged(typing.get_args(inner), tag) if tag else _compile(inner, strict)
    for info in infos:
        checker = _constrained(checker, info)
    if not befores:
        return checker

    def check(value: Any, loc: tuple, errors: list) -> Any:
        raw = value
        try:
            for fn in befores:
                value = fn(value)
        except ValueError as exc:
            errors.append(_error("value_error", loc, str(exc), raw))
            return _BAD
        return checker(value, loc, errors)
    return check


def _tagged(members: tuple, tag: str) -> Checker:
    """A union of models told apart by the value of their `tag` key (each declares it a Literal)."""
    by_tag: dict = {}

    def check(value: Any, loc: tuple, errors: list) -> Any:
        if isinstance(value, members):
            return value
        if not isinstance(value, dict):
            errors.append(_error("type_error", loc, "must be a mapping of keys to values", value))
            return _BAD
        if tag not in value:
            errors.append(_error("missing", loc + (tag,), f"missing required key {tag!r}", None))
            return _BAD
        if not by_tag:
            by_tag.update(_tags(members, tag))
        kind = value[tag]
        member = by_tag.get(kind) if _hashable(kind) else None
        if member is None:
            shown = ", ".join(str(t) for t in by_tag)
            errors.append({**_error("literal_error", loc + (tag,), f"must be one of: {shown}", kind),
                           "choices": [str(t) for t in by_tag]})
            return _BAD
        return member.model_schema().validate(value, loc, errors)
    return check


def _tags(members: tuple, tag: str) -> dict:
    """Tag value -> member, from each member's `Literal` annotation of the tag (read alone: the
    member's other fields are resolved only if a value of that tag is met)."""
    found = {}
    for member in members:
        for value in typing.get_args(_annotation(member, tag)):
            found[value] = member
    return found


def _annotation(cls: type, name: str) -> Any:
    for klass in cls.__mro__:
        raw = vars(klass).get("__annotations__", {}).get(name)
        if raw is not None:
            if not isinstance(raw, str):
                return raw
            return eval(raw, vars(sys.modules[klass.__module__]))  # noqa: S307 (the class's own source)
    raise TypeError(f"{cls.__name__} has no field {name!r}")


def _constrained(checker: Checker, info: FieldInfo) -> Checker:
    bounds = [(b, op, text) for b, op, text in (
        (info.ge, lambda v, b: v >= b, "at least"), (info.gt, lambda v, b: v > b, "more than"),
        (info.le, lambda v, b: v <= b, "at most"), (info.lt, lambda v, b: v < b, "less than")) if b is not None]
    least = info.min_length
    if not bounds and least is None:
        return checker

    def check(raw: Any, loc: tuple, errors: list) -> Any:
        value = checker(raw, loc, errors)
        if value is _BAD or value is None:
            return value
        for bound, accepts, text in bounds:
            if isinstance(value, (int, float)) and not accepts(value, bound):
                errors.append(_error("constraint", loc, f"must be {text} {bound:g}", raw))
                return _BAD
        if least is not None and hasattr(value, "__len__") and len(value) < least:
            what = "characters" if isinstance(value, str) else "entries"
            errors.append(_error("constraint", loc, "must not be empty" if least == 1 else
                                 f"must have at least {least} {what}", raw))
            return _BAD
        return value
    return check
