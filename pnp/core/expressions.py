"""Safe expressions: the small language of `{…}` templates and conditions, for untrusted kits.

Contract: `compile_expression(text)` parses an expression once (kept: a template is read on every
face) into an `Expression`, or raises `ExpressionError`; `Expression.names` are the names it reads
(a dotted name such as `rules.hand` as one name), `Expression.evaluate(lookup)` its value, where
`lookup(name)` gives a name's value or raises `KeyError` (an unknown name is an `ExpressionError`
naming it). `truthy(value)` is how a condition reads a value (true, a non-zero number, a non-empty
text or list). Nothing in this module knows a card, a layout or a rulebook: any stage may evaluate
an expression against its own names. A layout's templates do (pnp/layout/assets.py: `{index * 12}`
over the card's values, the rules values and the layout's maps); a rulebook's conditional block
`::: when rules.NAME` can too, and so take any condition (`::: when rules.hand > 5 and
players.max >= 4`): `truthy(compile_expression(text).evaluate(printed.__getitem__))`, an
`ExpressionError` reported at the block's line (its `column` counts from the expression's start).

The language is Python's expression syntax, evaluated by simpleeval over a tree checked first:
numbers, texts in quotes, `True`/`False`/`None`; `+ - * / // % **`, comparisons (chained), `and`,
`or`, `not`, `in`, `x if test else y`; `a[i]` (an item of a list from 0, negatives from the end; an
entry of a mapping, its key written as text: `pips[rank]` finds `7:` for the value 7); `a.b` (a
key of a mapping, or a dotted name); calls of the functions of `FUNCTIONS` only. No attribute of a
Python object is reachable, so no dunder, no method, no import, no assignment, no lambda, no
comprehension, no f-string. Sizes are bounded so that a kit cannot hang or exhaust a run: every
number a result holds is finite and of at most 15 digits (`9**9**9` is refused before it is
computed, as `1e308 * 10` is after), texts and lists of at most `MAX_ITEMS` characters or items,
expressions of at most `MAX_SOURCE` characters and `MAX_NODES` nodes. An error carries the column
(from 0) of the part of the expression that failed.
"""
from __future__ import annotations

import ast
import math
import operator
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

MAX_SOURCE = 500  # characters of one expression
MAX_NODES = 200  # parts of its tree
MAX_ITEMS = 10_000  # characters of a text, items of a list, made by an expression
MAX_NUMBER = 10.0 ** 15  # numbers of at most 15 digits, as YAML numbers are
Lookup = Callable[[str], Any]


class ExpressionError(ValueError):
    """Why an expression cannot be read or evaluated; `column` is where, from 0 (None: as a whole)."""

    def __init__(self, message: str, column: int | None = None):
        super().__init__(message)
        self.message, self.column = message, column


def _number(value: object) -> object:
    """`value` when it is no number, or a finite one of at most 15 digits; else an error."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return value
    if isinstance(value, float) and not math.isfinite(value) or abs(value) >= MAX_NUMBER:
        raise ExpressionError("the result is too large (numbers have at most 15 digits)")
    return value


def _sized(value: object) -> object:
    if isinstance(value, (str, list, tuple)) and len(value) > MAX_ITEMS:
        raise ExpressionError(f"the result is too long (at most {MAX_ITEMS:,} characters or items)")
    return value


def _arith(op: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def apply(a: Any, b: Any) -> Any:
        if isinstance(a, (str, list, tuple)) and isinstance(b, int) and not isinstance(b, bool):
            if len(a) * max(b, 0) > MAX_ITEMS:  # checked before the text is made
                raise ExpressionError(f"the result is too long (at most {MAX_ITEMS:,} characters or items)")
        return _sized(_number(op(a, b)))
    return apply


def _power(a: Any, b: Any) -> Any:
    """`a ** b`, refused before it is computed when the result would pass 15 digits."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and abs(a) > 1 and b > 0:
        if b * math.log10(abs(a)) >= 15:
            raise ExpressionError("the result is too large (numbers have at most 15 digits)")
    return _number(operator.pow(a, b))


def _index(container: Any, key: Any) -> Any:
    """An item of a list (from 0) or an entry of a mapping (its key as text, as YAML keys are)."""
    if isinstance(container, Mapping):
        if key in container:
            return container[key]
        return container[key_text(key)]
    if isinstance(container, (list, tuple, str)):
        if isinstance(key, bool) or not isinstance(key, int):
            raise ExpressionError(f"an index is a whole number (got {key!r})")
        return container[key]
    raise ExpressionError(f"{_kind(container)} has no items")


def key_text(value: object) -> str:
    """A value as a mapping key: YAML keys are read as text (`7:` is "7", `true:` "true")."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).lower() if isinstance(value, bool) else str(value)


def _kind(value: object) -> str:
    return {bool: "a truth value", int: "a number", float: "a number", str: "a text", type(None): "nothing"}.get(
        type(value), "a value")


def truthy(value: object) -> bool:
    """A value read as a condition: true, a number other than 0, a non-empty text, list or mapping."""
    return bool(value)


def _round(value: float, digits: int = 0) -> float:
    return round(value, digits)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "len": len, "min": min, "max": max, "abs": abs, "round": _round, "int": int, "float": float, "str": str,
    "sum": sum, "sqrt": math.sqrt, "sin": math.sin, "cos": math.cos, "tan": math.tan, "radians": math.radians,
    "degrees": math.degrees, "floor": math.floor, "ceil": math.ceil,
}
CONSTANTS: dict[str, object] = {"pi": math.pi, "True": True, "False": False, "None": None}
_OPERATORS: dict[type, Callable[..., Any]] = {
    ast.Add: _arith(operator.add), ast.Sub: _arith(operator.sub), ast.Mult: _arith(operator.mul),
    ast.Div: _arith(operator.truediv), ast.FloorDiv: _arith(operator.floordiv), ast.Mod: _arith(operator.mod),
    ast.Pow: _power, ast.USub: lambda a: _number(operator.neg(a)), ast.UAdd: operator.pos, ast.Not: operator.not_,
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
    ast.GtE: operator.ge, ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}
_ALLOWED = (ast.Expression, ast.Constant, ast.Name, ast.Load, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare,
            ast.IfExp, ast.Call, ast.Subscript, ast.Attribute, ast.And, ast.Or, ast.List, ast.Tuple,
            *_OPERATORS)
_WORDS = {ast.JoinedStr: "f-strings", ast.Lambda: "lambdas", ast.ListComp: "comprehensions",
          ast.GeneratorExp: "comprehensions", ast.DictComp: "comprehensions", ast.SetComp: "comprehensions",
          ast.NamedExpr: "assignments", ast.Starred: "unpacking", ast.Slice: "slices", ast.Dict: "mappings",
          ast.Set: "sets", ast.Await: "await", ast.Yield: "yield"}


def dotted(node: ast.AST) -> str | None:
    """`rules.hand` for the attribute chain `rules.hand` over a name, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return ".".join([node.id, *reversed(parts)])


class Expression:
    """A parsed, checked expression: `names` it reads, `evaluate(lookup)` its value."""

    def __init__(self, text: str, tree: ast.Expression, names: tuple[str, ...]):
        self.text, self.tree, self.names = text, tree, names

    def evaluate(self, lookup: Lookup) -> Any:
        return _evaluator().run(self.tree.body, lookup)


@lru_cache(maxsize=4096)
def compile_expression(text: str) -> Expression:
    """`text` parsed and checked (see the module docstring), or an `ExpressionError`."""
    if len(text) > MAX_SOURCE:
        raise ExpressionError(f"an expression has at most {MAX_SOURCE} characters")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise ExpressionError(f"cannot read the expression: {exc.msg}",
                              (exc.offset - 1) if exc.offset else None) from None
    count = 0
    for node in ast.walk(tree):
        count += 1
        _check_node(node)
    if count > MAX_NODES:
        raise ExpressionError(f"an expression has at most {MAX_NODES} parts")
    return Expression(text, tree, tuple(dict.fromkeys(_names(tree.body))))


def _check_node(node: ast.AST) -> None:
    column = getattr(node, "col_offset", None)
    if not isinstance(node, _ALLOWED):
        word = _WORDS.get(type(node), type(node).__name__)
        raise ExpressionError(f"{word} are not allowed in an expression", column)
    if isinstance(node, ast.Call):
        if not (isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS):
            raise ExpressionError(f"only these functions may be called: {', '.join(FUNCTIONS)}", column)
        if node.keywords:
            raise ExpressionError("functions take no keyword arguments here", column)
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""
    if name.startswith("_"):
        raise ExpressionError(f"no name starts with '_' (got {name!r})", column)
    if isinstance(node, ast.Constant):
        if isinstance(node.value, (str, bytes)) and len(node.value) > MAX_ITEMS:
            raise ExpressionError("a text in an expression is too long", column)
        if isinstance(node.value, complex):
            raise ExpressionError("complex numbers are not allowed", column)
        _number(node.value)


def _names(node: ast.AST) -> list[str]:
    """The names `node` reads, a dotted name (`rules.hand`) as one; functions and constants are none."""
    if isinstance(node, ast.Attribute) and (name := dotted(node)) is not None:
        return [name]
    if isinstance(node, ast.Name):
        return [] if node.id in FUNCTIONS or node.id in CONSTANTS else [node.id]
    if isinstance(node, ast.Call):
        return [n for arg in node.args for n in _names(arg)]
    return [n for child in ast.iter_child_nodes(node) for n in _names(child)]


@lru_cache(maxsize=1)
def _evaluator() -> Any:
    """simpleeval's evaluator over pnp's operators, functions and names (imported on first use)."""
    from simpleeval import SimpleEval

    class Evaluator(SimpleEval):
        """Names from the `lookup` of each run; attributes only as mapping keys or dotted names."""

        def __init__(self) -> None:
            super().__init__(operators=_OPERATORS, functions=FUNCTIONS, names={})
            self.nodes[ast.List] = self._eval_list
            self.nodes[ast.Tuple] = self._eval_list
            self.lookup: Lookup = _nothing

        def _name(self, node: ast.Name) -> Any:
            if node.id in CONSTANTS:
                return CONSTANTS[node.id]
            return self._value(node.id, node)

        def _value(self, name: str, node: ast.Name) -> Any:
            try:
                return self.lookup(name)
            except KeyError:
                raise ExpressionError(f"unknown name {name!r}", node.col_offset) from None

        def _eval_name(self, node: ast.Name) -> Any:
            return self._name(node)

        def _eval(self, node: ast.AST) -> Any:
            column = getattr(node, "col_offset", None)
            try:
                result = super()._eval(node)
                return _sized(_number(result))
            except ExpressionError as exc:
                exc.column = column if exc.column is None else exc.column
                raise
            except Exception as exc:  # an operation on values it cannot take; simpleeval's refusals
                raise ExpressionError(_said(exc), column) from None

        def _eval_attribute(self, node: ast.Attribute) -> Any:
            name = dotted(node)
            if name is not None:
                try:
                    return self.lookup(name)
                except KeyError:
                    if isinstance(node.value, ast.Name) and node.value.id not in CONSTANTS:
                        try:
                            self.lookup(node.value.id)
                        except KeyError:
                            raise ExpressionError(f"unknown name {name!r}", node.col_offset) from None
            container = self._eval(node.value)
            if isinstance(container, Mapping) and node.attr in container:
                return container[node.attr]
            if name is not None:
                raise ExpressionError(f"unknown name {name!r}", node.col_offset)
            raise ExpressionError(f"{_kind(container)} has no key {node.attr!r}", node.col_offset)

        def _eval_subscript(self, node: ast.Subscript) -> Any:
            container, key = self._eval(node.value), self._eval(node.slice)
            try:
                return _index(container, key)
            except (KeyError, IndexError):
                raise ExpressionError(f"{_kind(container) if not isinstance(container, (list, Mapping)) else 'it'}"
                                      f" has no item {key!r}", node.col_offset) from None

        def _eval_list(self, node: ast.List | ast.Tuple) -> list:
            return _sized([self._eval(item) for item in node.elts])  # type: ignore[return-value]

        def run(self, node: ast.AST, lookup: Lookup) -> Any:
            self.lookup = lookup
            return self._eval(node)

    return Evaluator()


def _nothing(name: str) -> Any:
    raise KeyError(name)


def _said(exc: Exception) -> str:
    """An evaluation error in words."""
    if isinstance(exc, ZeroDivisionError):
        return "division by zero"
    text = str(exc)
    if "not supported between" in text or "unsupported operand" in text or "can only concatenate" in text:
        return f"values of different kinds cannot be combined ({text})"
    return text


def names_read(texts: Sequence[str]) -> list[str]:
    """The names a list of expressions read, each once (an unreadable one reads none)."""
    out: list[str] = []
    for text in texts:
        try:
            out += [n for n in compile_expression(text).names if n not in out]
        except ExpressionError:
            continue
    return out


__all__ = ["Expression", "ExpressionError", "compile_expression", "truthy", "key_text", "names_read",
           "FUNCTIONS", "MAX_ITEMS", "MAX_SOURCE"]
