"""Generated cards: the product of field domains, with overrides per combination and ids from templates.

Contract: a deck's `generate:` lists `Generator`s. `plan(generator, ref, types, where, limit)`
checks one (its `each` names fields of the deck, `types` maps each field to its type; domains as
`pnp.model.domains` reads them; overrides match values of those domains; templates name only keys
of `each`) and returns `(Plan or None, problems)`, every problem at the line that is wrong; a
generator of more than `limit` combinations is refused before any is made, and so is one whose
overrides, matched against each combination, would make more than `MAX_MATCHES` matches. `Plan.size` counts the
combinations without making them; `Plan.combinations()` yields each as `(values, refs)`: the card
entry (fields and reserved keys, raw as written, for the deck's checks) and the `Ref` of each value,
so a value that is wrong on a card points at the domain value, the `set` or the override that gave
it. Combinations come in the order of `each` (the last key varies fastest); overrides apply in
their order, a later one winning; then the templates (the `id`, and text in `set`) are filled with
the combination's values (`{rang}-{couleur}`; `{{` and `}}` are literal braces).
"""
from __future__ import annotations

import math
import re
from collections.abc import Mapping
from itertools import product
from typing import TYPE_CHECKING, Iterator, Union

from ..core.errors import Problem, Ref, suggest
from ..core.lazyre import lazy
from .frame import Scalar
from .schema import Field
from .validate import StrictModel
from .values import convert, quoted, shown

if TYPE_CHECKING:  # pragma: no cover
    from .domains import Domain

FieldValue = Union[Scalar, list, dict]
_TOKEN = lazy(r"\{\{|\}\}|\{([^{}]*)\}")
MAX_MATCHES = 1_000_000  # overrides × combinations: the matches a generator makes


class Override(StrictModel):
    match: dict[str, Union[Scalar, list[Scalar]]] = Field(min_length=1)
    set: dict[str, FieldValue] = Field(min_length=1)


class Generator(StrictModel):
    each: dict[str, Union[list, str]] = Field(min_length=1)
    id: str | None = None
    copies: int = Field(default=1, ge=0)
    set: dict[str, FieldValue] = {}
    overrides: list[Override] = []


class Plan:
    """A checked generator, ready to make its combinations."""

    def __init__(self, gen: Generator, ref: Ref, domains: dict[str, Domain], matches: list[dict[str, set] | None],
                 types: Mapping[str, str], templates: bool):
        self.gen, self.ref, self.domains, self.matches, self.types = gen, ref, domains, matches, types
        self.templates = templates
        self.size = math.prod(len(d) for d in domains.values())

    def keys(self) -> set[str]:
        """The keys this generator may give a card."""
        keys = set(self.domains) | set(self.gen.set) | {"copies", "id"}
        return keys.union(*(o.set for o, match in zip(self.gen.overrides, self.matches) if match is not None))

    def combinations(self) -> Iterator[tuple[dict, dict[str, Ref]]]:
        keys = list(self.domains)
        base, base_refs = self._base()
        indexes = [range(len(d)) for d in self.domains.values()]
        for combo in product(*indexes):
            values, refs = dict(base), dict(base_refs)
            for key, i in zip(keys, combo):
                values[key], refs[key] = self.domains[key].values[i], self.domains[key].ref_of(i)
            self._override(values, refs)
            if self.templates:
                combination = {key: values[key] for key in keys}
                values.update({k: v.fill(combination) for k, v in values.items() if isinstance(v, _Template)})
            yield values, refs

    def _base(self) -> tuple[dict, dict[str, Ref]]:
        gen, ref = self.gen, self.ref
        values: dict = _templates(gen.set)
        refs = {key: ref.child("set", key) for key in gen.set}
        if gen.copies != 1:
            values["copies"], refs["copies"] = gen.copies, ref.child("copies")
        if gen.id is not None and self.templates:
            values["id"], refs["id"] = _Template(gen.id), ref.child("id")
        return values, refs

    def _override(self, values: dict, refs: dict[str, Ref]) -> None:
        for i, (override, match) in enumerate(zip(self.gen.overrides, self.matches)):
            if match is not None and all(convert(self.types[k], values[k]) in wanted for k, wanted in match.items()):
                values.update(_templates(override.set) if self.templates else override.set)
                refs.update({k: self.ref.child("overrides", i, "set", k) for k in override.set})


def _templates(values: dict) -> dict:
    """`set` values, their text as templates of the combination."""
    return {k: _Template(v) if isinstance(v, str) else v for k, v in values.items()}


class _Template(str):
    """Text of a generator (`id`, a value of `set`), filled from each combination's values."""

    def names(self) -> list[str]:
        return [m[1] for m in _TOKEN.finditer(self) if m[1] is not None]

    def fill(self, values: dict) -> str:
        def part(m: re.Match) -> str:
            return m[0][0] if m[1] is None else shown(values.get(m[1].strip(), ""))
        return _TOKEN.sub(part, self)


def plan(gen: Generator, ref: Ref, types: Mapping[str, str], where: str,
         limit: int) -> tuple[Plan | None, list[Problem]]:
    """The generator's plan, or None when its domains cannot be read. An override that matches no
    card is left out, and after a template naming an unknown key the generator's text is kept as
    written and its id dropped (ids are then positions), so that their problems do not come back
    as a problem on every card."""
    domains, problems = _domains(gen, ref, types, where)
    if domains is None:
        return None, problems
    size = math.prod(len(d) for d in domains.values())
    if size > limit:
        sizes = " × ".join(str(len(d)) for d in domains.values())
        return None, problems + [Problem(f"this generator makes {size} cards ({sizes}); a deck holds at most "
                                         f"{limit} card entries", where, ref.child("each"))]
    if size * len(gen.overrides) > MAX_MATCHES:
        return None, problems + [Problem(f"this generator's {len(gen.overrides):,} overrides are matched against each "
                                         f"of its {size:,} combinations ({size * len(gen.overrides):,} matches); a "
                                         f"generator makes at most {MAX_MATCHES:,}: split it", where,
                                         ref.child("overrides"))]
    present: dict[str, set] = {}
    matches = [_match(o, ref.child("overrides", i), domains, types, where, problems, present)
               for i, o in enumerate(gen.overrides)]
    bad = _template_names(gen, ref, where)
    return Plan(gen, ref, domains, matches, types, templates=not bad), problems + bad


def _domains(gen: Generator, ref: Ref, types: Mapping[str, str],
             where: str) -> tuple[dict[str, Domain] | None, list[Problem]]:
    """The domains of `each` (None when a key is no field or a domain cannot be read), and the problems."""
    from .domains import domain  # (only a kit with a generator reads domains)

    problems = _unknown_fields(gen, ref, types, where)
    domains: dict[str, Domain] = {}
    for key, raw in gen.each.items():
        found, bad = domain(raw, ref.child("each", key), f"domain of {key!r}", where)
        problems += bad
        if found is not None:
            domains[key] = found
    usable = len(domains) == len(gen.each) and not gen.each.keys() - types.keys()
    return (domains if usable else None), problems


def _unknown_fields(gen: Generator, ref: Ref, types: Mapping[str, str], where: str) -> list[Problem]:
    return [Problem(f"{key!r} is not a field of the deck; a generator enumerates fields", where,
                    ref.child("each", key), suggestion=suggest(key, sorted(types)), at_key=True)
            for key in gen.each if key not in types]


def _match(override: Override, ref: Ref, domains: dict[str, Domain], types: Mapping[str, str], where: str,
           problems: list[Problem], present: dict[str, set]) -> dict[str, set] | None:
    """The converted values an override wants, per key (None when it names a key or value that no
    combination has: a problem)."""
    wanted: dict[str, set] = {}
    before = len(problems)
    for key, raw in override.match.items():
        at = ref.child("match", key)
        if key not in domains:
            problems.append(Problem(f"an override matches values of the generator's domains; {key!r} is none of "
                                    "them", where, at, suggestion=suggest(key, list(domains)), at_key=True))
            continue
        if types[key] in ("data", "list"):
            problems.append(Problem(f"an override cannot match {key!r}, a data field", where, at, at_key=True))
            continue
        listed = raw if isinstance(raw, list) else [raw]
        refs = [at.child(j) for j in range(len(listed))] if isinstance(raw, list) else [at]
        if key not in present:  # the domain's values, converted once for every override
            present[key] = {convert(types[key], v) for v in domains[key].values}
        problems += _outside(key, listed, refs, domains[key], types[key], where, present[key])
        wanted[key] = {convert(types[key], v) for v in listed}
    return wanted if len(problems) == before else None


def _outside(key: str, values: list, refs: list[Ref], dom: Domain, kind: str, where: str,
             present: set) -> list[Problem]:
    """A problem for each of `values` that no value of `dom` (converted to `kind`: `present`) equals."""
    choices = [shown(v) for v in dom.values[:1000]]
    return [Problem(f"this override matches no card: {key} {quoted(value)} is not in the generator's domain "
                    f"({dom.text()})", where, at, suggestion=suggest(shown(value), choices))
            for value, at in zip(values, refs) if convert(kind, value) not in present]


def _template_names(gen: Generator, ref: Ref, where: str) -> list[Problem]:
    """Every name a template of the generator uses (its `id`, text in `set`) is a key of `each`."""
    texts = [(gen.id, ref.child("id"))] if gen.id is not None else []
    texts += [(v, ref.child("set", k)) for k, v in gen.set.items() if isinstance(v, str)]
    texts += [(v, ref.child("overrides", i, "set", k)) for i, o in enumerate(gen.overrides)
              for k, v in o.set.items() if isinstance(v, str)]
    problems = []
    for text, at in texts:
        stray = _stray(text)
        if stray:
            problems.append(Problem(f"the template {text!r} {stray}", where, at))
        for name in _Template(text).names():
            if name.strip() not in gen.each:
                problems.append(Problem(f"the template {text!r} names {name!r}, which is not a key of `each`",
                                        where, at, suggestion=suggest(name, list(gen.each))))
    return problems


def _stray(text: str) -> str | None:
    """What is wrong with a brace of `text` that opens or closes no `{name}` (else None)."""
    rest = _TOKEN.sub("", text)
    if "{" in rest:
        return "opens a '{' it never closes (write {{ for a brace that prints)"
    if "}" in rest:
        return "closes a '}' it never opened (write }} for a brace that prints)"
    return None
