"""Laying out one face (a card side or a sheet page) from its layout and its values.

Contract: a `FaceBuilder` belongs to one layout and one build. `build(values, where, ref)` returns
`(Face, problems)`: it evaluates `when`/`unless`, compiles each element, and groups runs of elements
that are the same on every face (no `{field}`, no condition) into a shared layer, laid out once and
drawn once as a PDF form. Problems name the kit, the card (or page) and the element, and point at
the card's source line; problems of a shared layer point at the layout file.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable
from pathlib import Path

from ..errors import Problem, Ref
from ..model.layout import Layout
from .assets import IconLibrary, colour, has_template
from .elements import ElementContext, compile_element
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


def is_static(element) -> bool:
    """True when the element draws the same on every face: no condition, no `{field}`."""
    if element.when or element.unless:
        return False
    if element.type == "table":
        return not element.data and not _table_has_template(element)
    return not any(has_template(v) for v in element.model_dump().values())


def _table_has_template(element) -> bool:
    texts = [c.header for c in element.columns] + list(element.rows or []) + [element.row_label]
    return any("{" in t.replace("{n}", "") for t in texts)


def template_fields(element) -> tuple[str, ...]:
    """The names an element's `{...}` templates read: what its items depend on."""
    found: set[str] = set()
    _collect_fields(element.model_dump(), found)
    return tuple(sorted(found))


def _collect_fields(value, found: set[str]) -> None:
    if isinstance(value, str):
        found.update(_FIELD.findall(value))
    elif isinstance(value, dict):
        for item in value.values():
            _collect_fields(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _collect_fields(item, found)


_FIELD = re.compile(r"\{([A-Za-z_][\w.-]*)\}")
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
        self._background_problem = problem

    def build(self, values: dict, where: str, ref: Ref) -> tuple[Face, list[Problem]]:
        if not self._fields:  # every element static: the same face for every card (a shared back)
            if self._static_face is None:
                self._static_face, problems = self._build(values, where, ref)
                return self._static_face, problems
            return self._static_face, []
        return self._build(values, where, ref)

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
        key = (name,) + tuple(_hashable(values.get(f)) for f in self._fields[name])
        found = self._compiled.get(key)
        if found is None:
            items, problems = self._compile(element, values)
            found = (tuple(items), problems)
            if len(self._compiled) >= CACHE_SIZE:
                self._compiled.pop(next(iter(self._compiled)))
            self._compiled[key] = found
        return found

    def _compile(self, element, values: dict):
        ctx = ElementContext(values, self.layout, self.width, self.height, self.env.fonts, self.env.icons,
                             self.env.project, self.env.kit_dir, self.env.french, self.env.tables)
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


def _hashable(value):
    if isinstance(value, dict):
        return tuple(sorted((k, _hashable(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_hashable(v) for v in value)
    return value
