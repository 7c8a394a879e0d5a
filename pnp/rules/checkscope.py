"""What a declarative check runs in, shared by `pnp.rules.declared` and `pnp.rules.across`.

Contract: `Scope` is one check being run on its deck: the check, its ref and label, the deck's
field types and declared values (converted to the fields' types), and the problems found; it
checks that a field a check names is one checks can compare (`known`), converts a written value to
its field's type among its declared values (`value`), reads a `where` filter (`filter`) and gives
the cards it lets through with at least one copy (`cards`). `domains_of(scope, raw, ref)` reads a
product's domains (a mapping of fields to domains, or a list of fields whose declared values are
their domain; at most `MAX_COMBINATIONS` combinations); `holds(check, total)` says whether a total
keeps the check's bounds and `bound_words(check)` says them; `named_first(problems, kind)` keeps
the first `MAX_NAMED` problems and sums up the rest in one. Problems are `Problem`s in the scope.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import Problem, Ref, collapse, suggest
from ..model.checks import Check
from ..model.domains import Domain, domain
from ..model.kit import Card, Deck
from ..model.values import convert, quoted, shown

MAX_NAMED = 25
MAX_COMBINATIONS = 100_000
Values = dict[str, list]  # field -> its values, converted to the field's type
Wanted = dict[str, list]  # field -> the values a card must have one of


@dataclass
class Scope:
    """One check being run on its deck: the deck's field types and declared values, the problems."""

    check: Check
    ref: Ref
    label: str
    deck: Deck
    problems: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        specs = self.deck.spec.specs()
        self.types = {name: spec.type for name, spec in specs.items()}
        self.declared = {name: None if spec.values is None else [convert(spec.type, v) for v in spec.values]
                         for name, spec in specs.items()}

    def problem(self, what: str, ref: Ref, **extra: Any) -> None:
        self.problems.append(Problem(what, self.label, ref, **extra))

    def known(self, name: str, ref: Ref, at_key: bool = True) -> bool:
        """Whether `name` is a field of the deck that checks can compare (not structured `data`)."""
        if self.types.get(name) in ("data", "list"):
            held = "YAML data" if self.types[name] == "data" else "a list"
            self.problem(f"field {name!r} holds {held}; checks compare text, numbers and true/false", ref)
            return False
        if name in self.types:
            return True
        self.problem(f"deck {self.deck.name!r} has no field {name!r}", ref, suggestion=suggest(name, list(self.types)),
                     at_key=at_key)
        return False

    def value(self, name: str, raw: object, ref: Ref) -> tuple[bool, object]:
        """`raw` converted to field `name`'s type, if it is one of the field's values."""
        value, allowed = convert(self.types[name], raw), self.declared[name]
        if value is None:
            self.problem(f"field {name!r} holds {WORDS[self.types[name]]}", ref, got=raw)
        elif allowed is not None and value not in allowed:
            choices = [shown(v) for v in allowed]
            self.problem(f"{quoted(raw)} is not a value of field {name!r} ({', '.join(choices)})", ref,
                         suggestion=suggest(shown(raw), choices))
        else:
            return True, value
        return False, None

    def names(self, raw: str | list[str] | None, ref: Ref) -> list[str] | None:
        names = [raw] if isinstance(raw, str) else list(raw or [])
        good = [self.known(n, ref if isinstance(raw, str) else ref.child(i), at_key=False) for i, n in enumerate(names)]
        return names if all(good) else None

    def filter(self, raw: dict, ref: Ref) -> Wanted | None:
        """field -> the values a card must have one of (in the order written), from a `where` mapping."""
        wanted, ok = {}, True
        for name, given in raw.items():
            if not self.known(name, ref.child(name)):
                ok = False
                continue
            listed = given if isinstance(given, list) else [given]
            at = [ref.child(name, j) if isinstance(given, list) else ref.child(name) for j in range(len(listed))]
            found = [self.value(name, v, r) for v, r in zip(listed, at)]
            ok = ok and all(good for good, _ in found)
            wanted[name] = list(dict.fromkeys(v for _, v in found))
        return wanted if ok else None

    def cards(self, wanted: Wanted) -> list[Card]:
        return [c for c in self.deck.cards if c.copies > 0
                and all(c.fields.get(name) in values for name, values in wanted.items())]


WORDS = {"text": "text", "int": "whole numbers", "number": "numbers", "bool": "true or false", "data": "data"}


def named_first(problems: list[Problem], kind: str) -> list[Problem]:
    """The first MAX_NAMED problems, then one for the rest (a problem at one place, as a generated
    value many cards share, counted once)."""
    problems = collapse(problems)
    if len(problems) <= MAX_NAMED:
        return problems
    rest = problems[MAX_NAMED]
    more = Problem(f"... and {len(problems) - MAX_NAMED} more {kind}", rest.where, rest.ref)
    return problems[:MAX_NAMED] + [more]


def domains_of(scope: Scope, raw: dict | list, ref: Ref) -> Values | None:
    """Field -> its domain, converted; None after a problem. A list names fields whose declared values are their domain."""
    read: dict[str, Domain | list] = {}
    for i, name in enumerate(raw):
        at = ref.child(name) if isinstance(raw, dict) else ref.child(i)
        if scope.known(name, at, at_key=isinstance(raw, dict)):
            found = _domain(scope, name, raw[name], at) if isinstance(raw, dict) else _declared(scope, name, at)
            if found is not None:
                read[name] = found
    if len(read) < len(raw):
        return None
    size = math.prod(len(d) for d in read.values())
    if size > MAX_COMBINATIONS:
        scope.problem(f"the product has {size} combinations; a check takes at most {MAX_COMBINATIONS}", ref)
        return None
    out = {name: _converted(scope, name, d) if isinstance(d, Domain) else d for name, d in read.items()}
    usable = {name: values for name, values in out.items() if values is not None}
    return usable if len(usable) == len(out) else None


def _domain(scope: Scope, name: str, raw: object, ref: Ref) -> Domain | None:
    dom, found = domain(raw, ref, f"domain of {name!r}", scope.label)
    scope.problems += found
    return None if found else dom


def _converted(scope: Scope, name: str, dom: Domain) -> list | None:
    converted = [scope.value(name, v, dom.ref_of(j)) for j, v in enumerate(dom.values)]
    return [v for _, v in converted] if all(good for good, _ in converted) else None


def _declared(scope: Scope, name: str, ref: Ref) -> list | None:
    values = scope.declared[name]
    if values is None:
        scope.problem(f"field {name!r} declares no values; write its domain: product: {{{name}: [...]}}", ref)
    return values


def holds(check: Check, total: float) -> bool:
    close = math.isclose
    if check.exactly is not None:
        return close(total, check.exactly, abs_tol=1e-9)
    low_ok = check.at_least is None or total >= check.at_least or close(total, check.at_least, abs_tol=1e-9)
    high_ok = check.at_most is None or total <= check.at_most or close(total, check.at_most, abs_tol=1e-9)
    return low_ok and high_ok


def bound_words(check: Check) -> str:
    if check.exactly is not None:
        return f"exactly {shown(check.exactly)}"
    parts = [f"{words} {shown(v)}" for words, v in (("at least", check.at_least), ("at most", check.at_most))
             if v is not None]
    return " and ".join(parts)
