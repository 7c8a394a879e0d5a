"""Plain data for a parsed font's attributes: a JSON description and packed arrays of numbers.

Contract: `encode(attrs)` turns a mapping of attribute names to values (None, booleans, numbers,
text, bytes, ReportLab's `TTFNameBytes`, tuples, lists and dicts of those) into `(spec, blob)`:
`spec` is JSON-ready data, `blob` the bytes of the arrays it refers to; or None when a value is of
another kind. Long runs of numbers — a list of numbers, a list of pairs of numbers, a dict from
numbers to numbers or to lists of numbers (`charToGlyph`, `hmetrics`, `glyphToChar`...) — go to
arrays (`array` typecodes B H h I i q d, little-endian), so that reading them back is a few C
loops instead of the parser's Python ones; whole numbers and fractions keep their types, even
mixed in one column. `decode(spec, blob)` makes the mapping again, order of keys included, and
raises ValueError, TypeError, KeyError or IndexError for anything not of that shape (an unknown
node, an array out of range, columns of different lengths, nesting deeper than `MAX_DEPTH`);
`unsigned_map(spec, name)` says whether an attribute is a map of unsigned whole numbers (checked
on the description, not value by value). `decode(spec, blob, later)` leaves the long runs of the
attributes named in `later` undecoded, as `Later` values: their arrays are taken and their shape
checked at once (an array used twice, columns of different lengths are still errors of `decode`),
their Python values made by `Later.value()` (which raises ValueError for a key given twice, the one
check left for then); `len()` and `type` say what the value will be. It holds data only: nothing
decoded is ever called or imported.
"""
from __future__ import annotations

import sys
from array import array
from itertools import accumulate
from typing import Any

from reportlab.pdfbase.ttfonts import TTFNameBytes

MAX_DEPTH = 6
LONG = 16  # a run of numbers this long goes to an array
SIZES = {"B": 1, "H": 2, "h": 2, "I": 4, "i": 4, "q": 8, "d": 8}
_RANGES = (("B", 0, 0xFF), ("H", 0, 0xFFFF), ("h", -0x8000, 0x7FFF), ("I", 0, 0xFFFFFFFF),
           ("i", -0x80000000, 0x7FFFFFFF), ("q", -(1 << 63), (1 << 63) - 1))
_EXACT = 1 << 53  # a whole number a double holds exactly
_NUMBER = (int, float)


class _Unfit(Exception):
    """A value `encode` has no plain form for."""


class _Arrays:
    """The arrays an encoding refers to, by index."""

    def __init__(self) -> None:
        self.parts: list[array] = []

    def add(self, values: list) -> int:
        kind = _typecode(values)
        if kind is None or array(kind).itemsize != SIZES[kind]:
            raise _Unfit
        self.parts.append(array(kind, values))
        return len(self.parts) - 1

    def column(self, values: list) -> Any:
        """An array index, or [doubles, flags] for whole numbers mixed with fractions."""
        if all(type(v) is int for v in values) or all(type(v) is float for v in values):
            return self.add(values)
        if any(type(v) is int and abs(v) >= _EXACT for v in values):
            raise _Unfit
        return [self.add([float(v) for v in values]), self.add([int(type(v) is int) for v in values])]

    def blob(self) -> bytes:
        out = []
        for part in self.parts:
            if sys.byteorder == "big":
                part = array(part.typecode, part)
                part.byteswap()
            out.append(part.tobytes())
        return b"".join(out)


def _typecode(values: list) -> str | None:
    if values and all(type(v) is float for v in values):
        return "d"
    if not all(type(v) is int for v in values):
        return None
    low, high = (min(values), max(values)) if values else (0, 0)
    return next((code for code, lo, hi in _RANGES if lo <= low and high <= hi), None)


def encode(attrs: dict[str, object]) -> tuple[dict, bytes] | None:
    arrays = _Arrays()
    try:
        nodes = [[str(name), _node(value, arrays, 0)] for name, value in attrs.items()]
    except _Unfit:
        return None
    spec = {"arrays": [[part.typecode, len(part)] for part in arrays.parts], "attrs": nodes}
    return spec, arrays.blob()


def _numbers(values: object) -> bool:
    return isinstance(values, (list, tuple)) and all(type(v) in _NUMBER for v in values)


def _node(value: object, arrays: _Arrays, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise _Unfit
    if value is None or type(value) in (bool, int, float, str):
        if type(value) is float and value != value:
            raise _Unfit
        return value
    if type(value) is TTFNameBytes:
        text = getattr(value, "ustr", None)
        if type(text) is not str or text.encode("utf8") != value:
            raise _Unfit
        return {"t": "name", "v": text}
    if type(value) is bytes:
        return {"t": "bytes", "v": value.decode("latin-1")}
    if type(value) is list:
        return _list(value, arrays, depth)
    if type(value) is tuple:
        return {"t": "tuple", "v": [_node(v, arrays, depth + 1) for v in value]}
    if type(value) is dict:
        return _dict(value, arrays, depth)
    raise _Unfit


def _list(value: list, arrays: _Arrays, depth: int) -> Any:
    if len(value) >= LONG and _numbers(value):
        return {"t": "numbers", "c": arrays.column(value)}
    if len(value) >= LONG and all(type(v) is tuple and len(v) == 2 and _numbers(v) for v in value):
        return {"t": "pairs", "c": [arrays.column([a for a, _ in value]), arrays.column([b for _, b in value])]}
    return {"t": "list", "v": [_node(v, arrays, depth + 1) for v in value]}


def _dict(value: dict, arrays: _Arrays, depth: int) -> Any:
    keys, values = list(value), list(value.values())
    if len(value) >= LONG and _numbers(keys) and _numbers(values):
        return {"t": "map", "c": [arrays.column(keys), arrays.column(values)]}
    if len(value) >= LONG and _numbers(keys) and all(type(v) is list and _numbers(v) for v in values):
        flat = [n for v in values for n in v]
        return {"t": "lists", "c": [arrays.column(keys), arrays.add([len(v) for v in values]), arrays.column(flat)]}
    return {"t": "dict", "v": [[_node(k, arrays, depth + 1), _node(v, arrays, depth + 1)] for k, v in value.items()]}


def unsigned_map(spec: Any, name: str) -> bool:
    """Whether attribute `name` of an encoding is a map from whole numbers to whole numbers, from 0
    (arrays of unsigned typecodes), which `decode` then gives as a dict of ints."""
    try:
        node = next(node for attr, node in spec["attrs"] if attr == name)
        columns = node["c"] if node["t"] == "map" else None
        return type(columns) is list and all(type(c) is int and spec["arrays"][c][0] in ("B", "H", "I") for c in columns)
    except (KeyError, TypeError, ValueError, IndexError, StopIteration):
        return False


class Later:
    """A long run's value made on first use: its columns (arrays, or lists of mixed numbers) taken
    and their shape checked when decoded."""

    def __init__(self, kind: str, columns: list) -> None:
        self.kind, self.columns = kind, _SHAPES[kind](columns)
        self.type: type = dict if kind in ("map", "lists") else list

    def __len__(self) -> int:
        return len(self.columns[0])

    def value(self) -> object:
        return _COLUMNS[self.kind](self.columns)


def decode(spec: object, blob: bytes, later: tuple[str, ...] = ()) -> dict[str, object]:
    if not isinstance(spec, dict) or set(spec) != {"arrays", "attrs"} or not isinstance(spec["attrs"], list):
        raise ValueError("not a font's attributes")
    arrays = _unpacked(spec["arrays"], blob)
    attrs: dict[str, object] = {}
    for name, node in spec["attrs"]:
        if type(name) is not str or name in attrs:
            raise ValueError("an attribute's name is text, once")
        attrs[name] = _later(node, arrays) if name in later else _value(node, arrays, 0)
    return attrs


def _later(node: object, arrays: list[array | None]) -> object:
    """A long run's node as a `Later`; any other node decoded at once."""
    if not isinstance(node, dict) or node.get("t") not in _COLUMNS:
        return _value(node, arrays, 0)
    kind = node["t"]
    return Later(kind, [_column(c, arrays) for c in _columns(node, kind)])


def _unpacked(described: object, blob: bytes) -> list[array | None]:
    """The arrays of the blob, checked against their description."""
    if not isinstance(described, list):
        raise ValueError("no arrays")
    found: list[array | None] = []
    at = 0
    for code, count in described:
        if code not in SIZES or type(count) is not int or count < 0 or array(code).itemsize != SIZES[code]:
            raise ValueError("not an array")
        part = array(code, blob[at:at + count * SIZES[code]])
        if len(part) != count:
            raise ValueError("a truncated array")
        if sys.byteorder == "big":
            part.byteswap()
        found.append(part)
        at += count * SIZES[code]
    if at != len(blob):
        raise ValueError("bytes beyond the arrays")
    return found


def _value(node: object, arrays: list[array | None], depth: int) -> object:
    if depth > MAX_DEPTH:
        raise ValueError("nested too deep")
    if node is None or type(node) in (bool, int, float, str):
        return node
    if not isinstance(node, dict):
        raise TypeError("not a value")
    kind = node["t"]
    if kind in _COLUMNS:
        return _COLUMNS[kind]([_column(c, arrays) for c in _columns(node, kind)])
    if kind == "name":
        return TTFNameBytes(_text(node["v"]).encode("utf8"), "utf8")
    if kind == "bytes":
        return _text(node["v"]).encode("latin-1")
    if kind in ("list", "tuple"):
        items = [_value(v, arrays, depth + 1) for v in _sequence(node["v"])]
        return items if kind == "list" else tuple(items)
    if kind == "dict":
        return {_value(k, arrays, depth + 1): _value(v, arrays, depth + 1) for k, v in _sequence(node["v"])}
    raise ValueError(f"unknown node {kind!r}")


def _text(value: object) -> str:
    if type(value) is not str:
        raise TypeError("not text")
    return value


def _sequence(value: object) -> list:
    if type(value) is not list:
        raise TypeError("not a list")
    return value


def _columns(node: dict, kind: str) -> list:
    columns = node["c"] if kind != "numbers" else [node["c"]]
    if type(columns) is not list or len(columns) != _WIDTH[kind]:
        raise ValueError("columns")
    return columns


def _column(column: object, arrays: list[array | None]) -> array | list:
    """A column's values: an array, or a list of whole numbers and fractions."""
    if type(column) is int and column >= 0:
        return _taken(arrays, column)
    if type(column) is list and len(column) == 2 and all(type(c) is int and c >= 0 for c in column):
        values, whole = _taken(arrays, column[0]), _taken(arrays, column[1])
        if len(values) != len(whole):
            raise ValueError("a mixed column's parts differ in length")
        return [int(v) if w else v for v, w in zip(values, whole)]
    raise TypeError("not a column")


def _taken(arrays: list[array | None], index: int) -> array:
    """An array, which no other value may use (a parsed face shares none)."""
    part = arrays[index]
    if part is None:
        raise ValueError("an array used twice")
    arrays[index] = None
    return part


def _same_length(columns: list) -> list:
    if len({len(c) for c in columns}) > 1:
        raise ValueError("columns of different lengths")
    return columns


def _listed(columns: list) -> list:
    return list(columns[0])


def _pairs(columns: list) -> list:
    return list(zip(*_same_length(columns)))


def _map(columns: list) -> dict:
    keys, values = _same_length(columns)
    found = dict(zip(keys, values))
    if len(found) != len(keys):
        raise ValueError("a key twice")
    return found


def _lists_shape(columns: list) -> list:
    keys, lengths, flat = columns
    _same_length([keys, lengths])
    if (min(lengths) if lengths else 0) < 0 or sum(lengths) != len(flat):
        raise ValueError("lists of another length")
    return columns


def _lists(columns: list) -> dict:
    keys, lengths, flat = _lists_shape(columns)
    if lengths.count(1) == len(lengths):  # (the usual case: a glyph per character)
        found = dict(zip(keys, [[n] for n in flat]))
    else:
        found = {k: list(flat[end - n:end]) for k, n, end in zip(keys, lengths, accumulate(lengths))}
    if len(found) != len(keys):
        raise ValueError("a key twice")
    return found


_COLUMNS = {"numbers": _listed, "pairs": _pairs, "map": _map, "lists": _lists}
_WIDTH = {"numbers": 1, "pairs": 2, "map": 2, "lists": 3}
_SHAPES = {"numbers": lambda columns: columns, "pairs": _same_length, "map": _same_length, "lists": _lists_shape}
