"""Laying out one face (a card side or a sheet page) from its layout and its values.

Contract: a `FaceBuilder` belongs to one layout and one build. `build(values, where, ref)` returns
`(Face, problems)`: it evaluates `when`/`unless`, compiles each element, and groups runs of elements
that are the same on every face (no condition, no field of the face in their `{...}` templates,
nested ones included; names an element fills itself, such as a table's `{n}`, are not fields) into
a shared layer, laid out once and drawn once as a PDF form. Any other element is compiled once per
distinct set of the values it reads (values of different types or orders are different). Problems
name the kit, the card (or page) and the element, and point at the card's source line; problems of
a shared layer and of the layout itself (an unknown `background` colour) point at the layout file
and are reported once, with the first face.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable
from pathlib import Path

from ..errors import Problem, Ref
from ..model.layout import Layout
from .assets import IconLibrary, colour, field_names
from .elements import ElementContext, compile_element, local_fields, rules_fields
from .fonts import FontBook
from .items import Face, Item


@dataclass
class BuildEnv:
    """What every face of a kit's build shares."""

    project: Path
    kit_dir: Path
    fonts: FontBook
    icons: IconLibrary
    french: bool
    tables: dict
    layout_refs: Callable[[str], dict]  # layout name -> {element name -> Ref}, asked only for problems

    @cached_property
    def rules(self) -> dict[str, str]:
        """The values of `{rules.NAME.title}` and `{rules.NAME.notes}`, made once per build."""
        return rules_fields(self.tables)


def is_static(element) -> bool:
    """True when the element draws the same on every face: no condition, no field of the face."""
    return not (element.when or element.unless) and not template_fields(element)


def template_fields(element) -> tuple[str, ...]:
    """The fields of the face that an element reads: the names of its `{...}` templates, at any
    depth, less those its compiler fills itself. A table's `data: rules.NAME` counts as reading
    `rules.NAME`: like a `{rules.…}` text, it is laid out with the face (once, through the cache)."""
    found: set[str] = set()
    _collect_fields(element.model_dump(), found)
    found -= local_fields(element)
    if element.type == "table" and element.data:
        found.add(element.data)
    return tuple(sorted(found))


def _collect_fields(value, found: set[str]) -> None:
    if isinstance(value, str):
        found.update(field_names(value))
    elif isinstance(value, dict):
        for item in value.values():
            _collect_fields(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _collect_fields(item, found)


CACHE_SIZE = 2048  # compiled elements kept per layout (repeated values: copies, shared texts)


class FaceBuilder:
    def __init__(self, env: BuildEnv, layout: Layout, size: tuple[float, float], bleed: float):
        self.env, self.layout = env, layout
        self.width, self.height = size
        self.bleed = bleed
        self.static = {name: is_static(e) for name, e in layout.elements.items()}
        self._fields = {name: template_fields(e) for name, e in layout.elements.items() if not self.static[name]}
        self._shared: dict[str, tuple[tuple[Item, ...], list[Problem]]] = {}
        self._compiled: dict[tuple, tuple[tuple[Item, ...], list[str]]] = {}
        self._static_face: Face | None = None
        self._plan = self._make_plan()
        self.background, problem = colour(layout.background, layout.palette)
        self._pending = [Problem(problem, f"layout {layout.name!r}, background", self._layout_ref("background"))
                         ] if problem else []

    def build(self, values: dict, where: str, ref: Ref) -> tuple[Face, list[Problem]]:
        """The face for `values` and its problems; the layout's own problems come with the first."""
        if self._fields or self._static_face is None:
            face, problems = self._build(values, where, ref)
            if not self._fields:  # every element static: the same face for every card (a shared back)
                self._static_face = face
        else:
            face, problems = self._static_face, []
        problems, self._pending = self._pending + problems, []
        return face, problems

    def _layout_ref(self, key: str) -> Ref:
        """Where the layout's `key` is written, as near as its elements' refs tell: the layout's
        own file (or a parent's, when it has no element of its own)."""
        refs = [r for r in self.env.layout_refs(self.layout.name).values() if r.path]
        own = [r for r in refs if r.path[0] == self.layout.name] or refs
        return Ref(own[0].file, (own[0].path[0], key)) if own else Ref("layouts")

    def _build(self, values: dict, where, ref: Ref) -> tuple[Face, list[Problem]]:
        layers: list[tuple[str | None, tuple[Item, ...]]] = []
        problems: list[Problem] = []
        for key, names in self._plan:
            if key is not None:  # a run of static elements: one shared layer
                layers.append((key, self._shared_items(key, names, problems)))
                continue
            name = names[0]
            element = self.layout.elements[name]
            if (element.when or element.unless) and not self._shown(element, values, problems, where, ref, name):
                continue
            items, found = self._dynamic(name, element, values)
            if found:
                problems += [Problem(p, f"{where}, element {name!r}", ref) for p in found]
            layers.append((None, items))
        return Face(self.width, self.height, self.bleed, tuple(layers), self.background), problems

    def _make_plan(self) -> list[tuple[str | None, tuple[str, ...]]]:
        """Runs of static elements (keyed shared layers) and single dynamic elements, in order."""
        plan: list[tuple[str | None, tuple[str, ...]]] = []
        group: list[str] = []
        for name in self.layout.elements:
            if self.static[name]:
                group.append(name)
                continue
            if group:
                plan.append((f"{self.layout.name}:{group[0]}..{group[-1]}", tuple(group)))
                group = []
            plan.append((None, (name,)))
        if group:
            plan.append((f"{self.layout.name}:{group[0]}..{group[-1]}", tuple(group)))
        return plan

    def _shared_items(self, key: str, names: tuple[str, ...], problems: list[Problem]) -> tuple[Item, ...]:
        if key not in self._shared:
            self._shared[key] = self._shared_layer(list(names))
            problems += self._shared[key][1]
        return self._shared[key][0]

    def _shared_layer(self, names: list[str]):
        items: list[Item] = []
        problems: list[Problem] = []
        for name in names:
            found_items, found = self._compile(self.layout.elements[name], {})
            items += found_items
            if found:
                ref = self.env.layout_refs(self.layout.name).get(name, Ref("layouts"))
                problems += [Problem(p, f"layout {self.layout.name!r}, element {name!r}", ref) for p in found]
        return tuple(items), problems

    def _dynamic(self, name: str, element, values: dict) -> tuple[tuple[Item, ...], list[str]]:
        """An element that depends on the card, compiled once per distinct set of the values it reads."""
        key = (name,) + tuple(_key(values[f]) if f in values else _ABSENT for f in self._fields[name])
        found = self._compiled.get(key)
        if found is None:
            items, problems = self._compile(element, values)
            found = (tuple(items), problems)
            if len(self._compiled) >= CACHE_SIZE:
                self._compiled.pop(next(iter(self._compiled)))
            self._compiled[key] = found
        return found

    def _compile(self, element, values: dict):
        env = self.env
        ctx = ElementContext(values, self.layout, self.width, self.height, env.fonts, env.icons, env.project,
                             env.kit_dir, env.french, env.tables, env.rules)
        return compile_element(element, ctx)

    def _shown(self, element, values, problems, where, ref, name) -> bool:
        for rule, wanted in ((element.when, True), (element.unless, False)):
            for key, expected in (rule or {}).items():
                if key not in values:
                    problems.append(Problem(f"condition on unknown field {key!r}", f"{where}, element {name!r}", ref))
                    return False
                if (str(values[key]) == str(expected)) != wanted:
                    return False
        return True


_ABSENT = object()  # in a cache key: the face has no such field (not the same as a None value)


def _key(value):
    """`value` as a cache key that tells apart values printed differently: True from 1 (and 1.0),
    a mapping from the same mapping in another order."""
    if isinstance(value, dict):
        return dict, tuple((_key(k), _key(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return type(value), tuple(_key(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset, frozenset(_key(v) for v in value)
    return type(value), value
