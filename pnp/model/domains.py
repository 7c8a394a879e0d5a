"""Domains of field values: a list written out, or a range of whole numbers (`1..10`, `0..50 step 10`).

Contract: `domain(raw, ref, what, where)` returns `(Domain or None, problems)`. A domain is a YAML list of
values (each with its own `Ref`, so a problem about one value points at it) or a range written as
text, `A..B` or `A..B step S` (bounds included, A ≤ B, S ≥ 1), whose values share the range's
`Ref`. A range is never expanded to be measured: `len(domain)` is computed, so a deck can refuse a
range of a billion values before making any; a range whose numbers have more than `MAX_DIGITS`
digits (as YAML numbers) is refused at once. A list that names a value twice is a problem at the
second one. A list may hold ranges among its values (`[1..10, V, D, R]`: ten numbers and three
letters), each value of a range sharing the range's `Ref`; a list expands to at most
`MAX_LISTED` values. `Domain.values` is a sequence (a `range` for a range); `Domain.ref_of(i)` the
`Ref` of value i; `Domain.text()` the domain as a message shows it. Generators and declarative checks share
this reading.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.errors import Problem, Ref
from .values import quoted, shown

_RANGE = re.compile(r"^\s*([+-]?\d+)\s*\.\.\s*([+-]?\d+)(?:\s+step\s+(\d+))?\s*$")
MAX_LISTED = 20_000  # values of a list once its ranges are expanded (a deck's most cards)
FORMS = "a list of values, or a range such as 1..10 or 0..50 step 10"
MAX_DIGITS = 15  # as YAML numbers (pnp.sources.yamlparse): a range's length then fits a machine word


@dataclass(frozen=True)
class Domain:
    values: Sequence
    ref: Ref
    listed: bool  # a list: each value has its own ref
    written: str = ""  # a range as written
    refs: tuple[Ref, ...] | None = None  # a list holding ranges: the ref of each value

    def __len__(self) -> int:
        return len(self.values)

    def ref_of(self, i: int) -> Ref:
        if self.refs is not None:
            return self.refs[i]
        return self.ref.child(i) if self.listed else self.ref

    def text(self, most: int = 12) -> str:
        if not self.listed:
            return self.written
        head = ", ".join(shown(v) for v in list(self.values[:most]))
        return head + (", …" if len(self.values) > most else "")


def domain(raw: object, ref: Ref, what: str, where: str) -> tuple[Domain | None, list[Problem]]:
    """The domain written as `raw` at `ref`; `what` names it in messages ("domain of 'rank'"),
    `where` says whose it is ("deck 'cartes', generate[0]")."""
    if isinstance(raw, list):
        return _listed(raw, ref, what, where)
    if not isinstance(raw, str) or (match := _RANGE.match(raw)) is None:
        return None, [Problem(f"a {what} is {FORMS}", where, ref, got=raw)]
    if any(len(part.lstrip("+-")) > MAX_DIGITS for part in match.groups() if part):
        return None, [Problem(f"a range's bounds and step are whole numbers of at most {MAX_DIGITS} digits", where,
                              ref, got=raw)]
    low, high, step = int(match[1]), int(match[2]), int(match[3] or 1)
    if step == 0 or low > high:
        why = "a step of 0 never ends" if step == 0 else "write the smaller bound first"
        return None, [Problem(f"the range {raw.strip()!r} is empty ({why})", where, ref)]
    return Domain(range(low, high + 1, step), ref, False, " ".join(raw.split()).replace(" .. ", "..")), []


def _listed(raw: list, ref: Ref, what: str, where: str) -> tuple[Domain | None, list[Problem]]:
    if not raw:
        return None, [Problem(f"a {what} lists at least one value", where, ref)]
    values, refs, problems = _expanded(raw, ref, what, where)
    if values is None:
        return None, problems
    seen: set = set()
    for value, at in zip(values, refs):
        key = (type(value), value) if isinstance(value, (str, int, float, bool)) else None
        if key is not None and key in seen:
            problems.append(Problem(f"{quoted(value)} is listed twice in the {what}", where, at))
        seen.add(key)
    ranged = len(refs) != len(raw) or any(isinstance(v, str) and _RANGE.match(v) for v in raw)
    return Domain(tuple(values), ref, True, refs=tuple(refs) if ranged else None), problems


def _expanded(raw: list, ref: Ref, what: str, where: str) -> tuple[list | None, list[Ref], list[Problem]]:
    """The list's values with its ranges (`1..10`) expanded, and the ref of each."""
    values: list = []
    refs: list[Ref] = []
    for i, value in enumerate(raw):
        match = _RANGE.match(value) if isinstance(value, str) else None
        if match is None:
            values.append(value)
            refs.append(ref.child(i))
            continue
        found, problems = domain(value, ref.child(i), what, where)
        if found is None:
            return None, refs, problems
        if len(values) + len(found) > MAX_LISTED:
            return None, refs, [Problem(f"the {what} holds more than {MAX_LISTED:,} values", where, ref.child(i))]
        values += list(found.values)
        refs += [ref.child(i)] * len(found)
    return values, refs, []
