"""Formulas of score tables: a small spreadsheet-like language, parsed into a tree.

Contract: `parse(text)` returns the tree of a formula or raises `FormulaError` saying what is wrong
and where (a 1-based column of the formula). The language, the same in every export (a fillable
PDF's calculate scripts, a spreadsheet's formulas):
- numbers (`2`, `0.5`), `+ - * /`, parentheses, comparisons `= <> < <= > >=` (inside `IF`);
- a column's name stands for that column's cell in the same row (`points`); a name with spaces or
  signs is written in brackets (`[Bar PMU]`);
- `IF(test, then, else)`, `ISBLANK(name)` (nothing written in that cell), `PREV(name)` (the last
  value written above in that column, 0 if none), `SUM(…)` of names, numbers and the ranges `LEFT`
  (the cells to fill left of this one in its row) and `UP` (the cells to fill above it in its column).
`FUNCTIONS` names the functions and how many arguments each takes; `children(node)` gives what a
call, an operation or a negation works on, for the walks over a tree (parsed, or resolved). Which
cell a name means is decided where the table is laid out (pnp.layout.formtable). Standard library
only.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Generic, TypeVar

FUNCTIONS = {"IF": (3, 3), "ISBLANK": (1, 1), "PREV": (1, 1), "SUM": (1, 99)}
RANGES = ("LEFT", "UP")
COMPARISONS = ("=", "<>", "<=", ">=", "<", ">")
_TOKEN = re.compile(r"\s*(?:(?P<num>\d+(?:\.\d+)?)|(?P<name>[^\W\d]\w*(?:-\w+)*)|\[(?P<quoted>[^\]]+)\]"
                    r"|(?P<op><>|<=|>=|[-+*/(),=<>]))")


class FormulaError(ValueError):
    """A formula that does not parse: what is wrong, at which column."""


@dataclass(frozen=True)
class Num:
    value: float


@dataclass(frozen=True)
class Ref:
    name: str


@dataclass(frozen=True)
class Range:
    kind: str  # "LEFT" or "UP"


# Calls and operations hold nodes of a tree: parsed here (`Node`), or resolved to the cells of a
# table (pnp.layout.formtable's `Resolved`).
N = TypeVar("N")


@dataclass(frozen=True)
class Call(Generic[N]):
    fn: str
    args: tuple[N, ...]


@dataclass(frozen=True)
class Bin(Generic[N]):
    op: str
    left: N
    right: N


@dataclass(frozen=True)
class Neg(Generic[N]):
    arg: N


Node = Num | Ref | Range | Call["Node"] | Bin["Node"] | Neg["Node"]


def parse(text: str) -> Node:
    parser = _Parser(_tokens(text))
    node = parser.compare()
    if (extra := parser.peek()) is not None:
        raise FormulaError(f"unexpected {extra[1]!r} at column {extra[2]}")
    if _stray_range(node):
        raise FormulaError("LEFT and UP are ranges: only SUM takes them")
    return node


def _stray_range(node: Node, in_sum: bool = False) -> bool:
    """Whether a range stands anywhere but as an argument of SUM."""
    if isinstance(node, Range):
        return not in_sum
    if isinstance(node, (Num, Ref)):
        return False
    return any(_stray_range(child, isinstance(node, Call) and node.fn == "SUM") for child in children(node))


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """(kind, text, column) of every token; FormulaError at the first character that is none."""
    out, pos = [], 0
    while pos < len(text.rstrip()):
        match = _TOKEN.match(text, pos)
        if match is None:
            skipped = len(text[pos:]) - len(text[pos:].lstrip())
            raise FormulaError(f"unexpected {text[pos + skipped]!r} at column {pos + skipped + 1}")
        kind = match.lastgroup or "op"
        out.append((kind if kind != "quoted" else "name", match.group(kind), match.start(kind) + 1))
        pos = match.end()
    return out


class _Parser:
    def __init__(self, tokens: list[tuple[str, str, int]]):
        self.tokens, self.at = tokens, 0

    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self, *ops: str) -> str | None:
        token = self.peek()
        if token is not None and token[0] == "op" and token[1] in ops:
            self.at += 1
            return token[1]
        return None

    def expect(self, op: str) -> None:
        if self.take(op) is None:
            token = self.peek()
            raise FormulaError(f"expected {op!r} at column {token[2]}" if token else f"expected {op!r} at the end")

    def compare(self) -> Node:
        left = self.additive()
        op = self.take(*COMPARISONS)
        return Bin(op, left, self.additive()) if op else left

    def additive(self) -> Node:
        node = self.term()
        while op := self.take("+", "-"):
            node = Bin(op, node, self.term())
        return node

    def term(self) -> Node:
        node = self.unary()
        while op := self.take("*", "/"):
            node = Bin(op, node, self.unary())
        return node

    def unary(self) -> Node:
        return Neg(self.unary()) if self.take("-") else self.primary()

    def primary(self) -> Node:
        token = self.peek()
        if token is None:
            raise FormulaError("the formula ends too early")
        if self.take("("):
            node = self.compare()
            self.expect(")")
            return node
        self.at += 1
        if token[0] == "num":
            return Num(float(token[1]))
        if token[0] == "name":
            return self.call(token) if self.take("(") else _name(token)
        raise FormulaError(f"unexpected {token[1]!r} at column {token[2]}")

    def call(self, token: tuple[str, str, int]) -> Node:
        fn = token[1]
        if fn not in FUNCTIONS:
            raise FormulaError(f"unknown function {fn!r} at column {token[2]} (functions: {', '.join(FUNCTIONS)})")
        args = [self.compare()]
        while self.take(","):
            args.append(self.compare())
        self.expect(")")
        low, high = FUNCTIONS[fn]
        if not low <= len(args) <= high:
            raise FormulaError(f"{fn} takes {low if low == high else f'{low} or more'} argument(s), "
                               f"not {len(args)} (column {token[2]})")
        if fn in ("ISBLANK", "PREV") and not isinstance(args[0], Ref):
            raise FormulaError(f"{fn} takes the name of a column (column {token[2]})")
        return Call(fn, tuple(args))


def _name(token: tuple[str, str, int]) -> Node:
    if token[1] in RANGES:
        return Range(token[1])
    if token[1] in FUNCTIONS:
        raise FormulaError(f"{token[1]} is a function: write {token[1]}(…) (column {token[2]})")
    return Ref(token[1])


def children(node: Call[N] | Bin[N] | Neg[N]) -> tuple[N, ...]:
    """The nodes a function call, an operation or a negation works on."""
    if isinstance(node, Call):
        return node.args
    if isinstance(node, Bin):
        return (node.left, node.right)
    return (node.arg,)
