"""The context an element is compiled in, shared by the element compilers (pnp.layout.elements)
and the modules they use (geometry, richtext, arrange) without importing the compilers back.

Contract: `ElementContext` is one face's context: the card's values, the layout (palette, icon
aliases, maps, size), the fonts, icons, project and kit folders, whether French typography
applies, the rules tables and values, the minimum text size and the language numbers are written
in. `text(template, problems)` fills a template (unknown names are problems, with the fields or the
rules values to choose from); `names(template)` is what a template may read (the face's values,
the rules values, the layout's maps looked up on demand); `value(template, problems)` the value of a
one-name or expression template, or `MISSING` (a problem says why); `rgb` a colour template's
colour (a literal one read once a layout); `small_text` a warning below the minimum size.
`with_values(ctx, **values)` is the context with more values (an arranged item's `item` and `i`).
`unknown_printed(name, rules)` says a `rules.` or `players.` value the kit does not print.
"""
from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from ..core.errors import Problem, suggest
from ..model.layout import Layout
from .assets import (PRINTED, IconLibrary, colour, fill, has_expression, key_text, lookup, names_printed,
                     template_value, told, warning)
from .fonts import FontBook
from .items import RGB

MISSING = object()  # what `field_value` gives for a field it could not read (a problem says why)


class Sized(Protocol):
    """What prints at a size: a text block (or a table's smallest cell)."""

    @property
    def size(self) -> float: ...


@dataclass
class ElementContext:
    """What laying out one face's elements reads: its values, layout and size, the fonts, icons and folders,
    the kit's tables and rules values."""

    values: dict
    layout: Layout
    width: float
    height: float
    fonts: FontBook
    icons: IconLibrary
    project: Path
    kit_dir: Path
    french: bool
    tables: dict
    rules: dict  # the values of `{rules.…}` templates (pnp.rules.printed), made once per build
    min_text: float = 6.0  # text printed smaller is a warning
    colours: dict[str, tuple[RGB | None, Problem | None]] | None = None  # the layout's literal colours, read once
    language: str = "en"  # how numbers are written (pnp/layout/numbers.py)

    def text(self, template: str, problems: list[Problem]) -> str:
        values: Mapping[str, object] = ChainMap(self.values, self.rules) if names_printed(template) else self.values
        if "[" in template or ("{" in template and has_expression(template)):  # lookups, expressions
            values = _Lookups(values, self.layout.maps)
        value, missing, unprintable = fill(template, values, self.french, language=self.language)
        problems += [_unknown(name, self.values, self.rules) for name in missing] + unprintable
        return value

    def names(self, template: str) -> Mapping[str, object]:
        """What `template` may read: the face's values, the rules values when it names one, and the
        layout's maps for a `{map[name]}` or an expression (`{index * 12}`, `{pips[rank][0]}`)."""
        values: Mapping[str, object] = ChainMap(self.values, self.rules) if names_printed(template) else self.values
        if "[" in template or has_expression(template):  # a lookup of a name the element fills itself
            values = _Lookups(values, self.layout.maps)
        return values

    def value(self, template: str, problems: list[Problem]) -> Any:
        """The value (a list, a mapping, a number) of a template that is one `{name}` or
        `{expression}`, or MISSING (a problem says why)."""
        found, problem, missing = template_value(template, self.names(template))
        if missing is not None:
            problems.append(_unknown(missing, self.values, self.rules))
        if problem is not None:
            problems.append(problem)
        return MISSING if problem is not None or missing is not None else found

    def rgb(self, template: str | None, problems: list[Problem]) -> RGB | None:
        if template is None:
            return None
        literal = self.colours is not None and "{" not in template and "}" not in template
        known = self.colours.get(template) if literal and self.colours is not None else None
        if known is None:
            known = colour(self.text(template, problems), self.layout.palette)
            if literal and self.colours is not None:  # the same on every face: read once a layout
                self.colours[template] = known
        found, problem = known
        if problem:  # a literal colour is checked where it is written (lint.py): not again per face
            problems.append(problem if "{" in template else told(problem.what))
        return found

    def small_text(self, block: Sized, problems: list[Problem], what: str = "text") -> None:
        """A warning when `block` prints below the kit's minimum text size."""
        if block.size < self.min_text - 0.01:
            problems.append(warning(f"{what} prints at {block.size:g} pt, below the minimum of {self.min_text:g} pt "
                                 "(enlarge its box or its size, or set min_text_size in game.yaml)"))


class _Lookups(Mapping[str, object]):
    """`fields`, and beyond them `{map[name]}` looked up on demand in the layout's maps."""

    def __init__(self, fields: Mapping[str, object], maps: dict[str, dict[str, object]]):
        self.fields, self.maps = fields, maps

    def __getitem__(self, name: str) -> object:
        if name in self.fields:
            return self.fields[name]
        if name in self.maps:  # a map read by an expression: `{pips[rank][0]}`
            return self.maps[name]
        parts = lookup(name)
        if parts is None:
            raise KeyError(name)
        table, key = parts
        if table in self.maps and key in self.fields:
            return self.maps[table][key_text(self.fields[key])]
        items = self.fields.get(table)
        if isinstance(items, list):  # an item of a list field: `{symbols[3]}`, `{sizes[i]}`
            return _item(items, self.fields[key] if key in self.fields else key)
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        try:
            self[name]  # type: ignore[index]
        except (KeyError, IndexError, TypeError, ValueError):
            return False
        return True

    def __iter__(self) -> Iterator[str]:  # the fields only: the lookups are endless
        return iter(self.fields)

    def __len__(self) -> int:
        return len(self.fields)


def _item(items: list, key: object) -> object:
    """`items[key]` for a key written as a whole number (from 0; negatives from the end)."""
    if isinstance(key, bool) or not isinstance(key, (int, str)) or not str(key).lstrip("-").isdigit():
        raise KeyError(key)
    return items[int(key)]


def with_values(ctx: ElementContext, **values: object) -> ElementContext:
    return replace(ctx, values={**ctx.values, **values})


def _unknown(name: str, values: dict, rules: dict) -> Problem:
    """The problem of a template naming an unknown field (a `rules.` name: unknown rules value)."""
    if not name.startswith(PRINTED):
        return Problem(f"unknown field {{{name}}}" + _choices(values))
    return Problem(unknown_printed(name, rules))


def unknown_printed(name: str, rules: dict) -> str:
    """The problem of a template naming a `rules.` (or `players.`) value the kit does not print."""
    return f"unknown {'rules ' if name.startswith('rules.') else ''}value {{{name}}}" + _hint(name, rules)


def _hint(name: str, rules: dict) -> str:
    """" (did you mean {rules.x}?)" for an unknown rules value, or what the kit lacks."""
    hint = suggest(name, rules)
    none = name.startswith("rules.") and not any(key.startswith("rules.") for key in rules)
    return f" (did you mean {{{hint}}}?)" if hint else " (the kit's rules model prints none)" if none else ""


def _choices(values: dict) -> str:
    names = [k for k in values if not k.startswith("_")]
    return f" (fields: {', '.join(names)})" if names else ""
