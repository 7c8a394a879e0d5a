"""What an element reads from a face, whether it shows on it, and the values a layout's maps give it.

Contract: `template_fields(element)` names the values of the face an element's `{...}` templates
read (at any depth, less the names its compiler fills itself), and `is_static(element)` tells an
element that draws the same on every face (no condition, no field). `shown(element, values)`
tells whether an element's `when` and `unless` let it show on a face with these values: `when`
holds when every field it names has one of the values given for it (a value or a list; compared
as text, so `7` and `"7"` are one value), `unless` hides the element when any field it names has
one of its values. A field the face does not have fails `when`, passes
`unless` (the layout check reports it where it is written, pnp/layout/lint.py). `lookups(layout)`
lists the `{map[field]}` names each element reads, and `with_lookups(values, names, maps)` adds
their values to a face's values, with one problem per value a map lacks (`told`: reported at the map).
"""
from __future__ import annotations

from collections.abc import Mapping

from ..model.frame import Frame
from ..model.units import Dim
from ..model.layout import Element, Layout
from ..core.errors import Problem
from .assets import field_names, key_text, lookup, told
from .elements import local_fields

ARRANGED = ("item", "i")  # the names an arranged element fills for each item (arrange.py)


def is_static(element: Element) -> bool:
    """True when the element draws the same on every face: no condition, no field of the face."""
    return not (element.when or element.unless) and not template_fields(element)


def template_fields(element: Element) -> tuple[str, ...]:
    """The fields of the face that an element reads: the names of its `{...}` templates, at any
    depth, less those its compiler fills itself. A table's `data: rules.NAME` counts as reading
    `rules.NAME`: like a `{rules.…}` text, it is laid out with the face (once, through the cache).
    Found once an element object (a frozen model; a resident's layouts are the same objects every
    build: `model.layouts.LayoutLibrary.get`)."""
    known = _FIELDS.get(id(element))
    if known is not None and known[0] is element:
        return known[1]
    if len(_FIELDS) >= FIELDS_KEPT:
        _FIELDS.clear()
    found = _FIELDS[id(element)] = (element, _template_fields(element))
    return found[1]


FIELDS_KEPT = 4096  # elements whose fields are remembered, then forgotten at once
_FIELDS: dict[int, tuple[Element, tuple[str, ...]]] = {}


def _template_fields(element: Element) -> tuple[str, ...]:
    found: set[str] = set()
    _collect_fields(element.model_dump(), found)
    found -= local_fields(element)
    if element.arrange is not None:  # an arranged element's `{item}` and `{i}`
        found -= set(ARRANGED)
        if element.arrange.along == "scatter" and element.arrange.seed is None:  # seeded by the card
            found |= {"deck", "id"}
    if element.type == "table" and element.data:
        found.add(element.data)
    return tuple(sorted(found))


def face_reads(names: tuple[str, ...], maps: Mapping[str, object]) -> tuple[str, ...]:
    """The face's values that `names` depend on: a `{list[key]}` that is no map's lookup (an item of
    a list field, `{symbols[3]}`, `{sizes[i]}`) reads the list field, and the key when it is one."""
    out = list(names)
    for name in names:
        parts = lookup(name)
        if parts is not None and parts[0] not in maps:
            out += [p for p in parts if p not in out and not p.lstrip("-").isdigit()]
    return tuple(out)


def _collect_fields(value: object, found: set[str]) -> None:
    if isinstance(value, str):
        found.update(field_names(value))
    elif isinstance(value, Dim):  # a place or size read on each face: `"{index * 12}mm"`
        if value.template is not None:
            found.update(field_names(value.template))
    elif isinstance(value, dict):
        for item in value.values():
            _collect_fields(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _collect_fields(item, found)


def condition_values(expected: object) -> list[str]:
    """The values a condition accepts for one field, as text."""
    return [key_text(v) for v in expected] if isinstance(expected, list) else [key_text(expected)]


def shown(element: Frame, values: Mapping[str, object]) -> bool:
    for field, expected in (element.when or {}).items():
        if field not in values or key_text(values[field]) not in condition_values(expected):
            return False
    for field, expected in (element.unless or {}).items():
        if field in values and key_text(values[field]) in condition_values(expected):
            return False
    return True


def lookups(layout: Layout) -> dict[str, tuple[str, ...]]:
    """Element name -> the `{map[field]}` names its templates read (elements reading none left out)."""
    found = {}
    for name, element in layout.elements.items():
        names = tuple(f for f in template_fields(element) if lookup(f))
        if names:
            found[name] = names
    return found


def with_lookups(values: dict, names: set[str], maps: dict[str, dict]) -> tuple[dict, dict[str, Problem]]:
    """`values` with the value of each `{map[field]}` of `names` added, and a problem for each
    name it could not fill (a value missing from the map; an unknown map or field is the layout
    check's to report)."""
    added: dict[str, object] = {}
    missing: dict[str, Problem] = {}
    for name in names:
        parts = lookup(name)
        if parts is None or parts[0] not in maps or parts[1] not in values:
            continue
        table, field = parts
        key = key_text(values[field])
        if key in maps[table]:
            added[name] = maps[table][key]
        else:
            missing[name] = told(f"map {table!r} has no entry for {field} {key!r} "
                                 f"(it has: {', '.join(maps[table]) or 'none'})")  # reported at the map (lint.py)
    return ({**values, **added} if added else values), missing
