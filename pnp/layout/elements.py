"""Compiling one layout element, for one card, into positioned items.

Contract: `compile_element(element, ctx)` returns `(items, problems)`: `Problem` values with their
text and severity (the caller adds where and which file, pnp/layout/assets.py `placed`; a `told`
one is already reported where its cause is written). Text that prints below `ctx.min_text` is a
warning; text is prepared by richtext.py (markup, glyphs, inline icons). An element with `arrange`
is compiled once per item (arrange.py); an element whose place, size or turn is a template is read
for the face first, and one made of many items is turned as a whole (geometry.py). Templates may
compute (`{index * 12}`, pnp/core/expressions.py), reading the face's values, the rules values and
the layout's maps (`ElementContext.names`, `value`). `ctx` is an `ElementContext`: the card's values,
the layout (palette, icon aliases, size), the fonts, icons, project and kit folders, whether French
typography applies, and the rules tables. Geometry follows `model.layout`: top-left origin, y down.
Text templates may name what the kit's rules model prints (pnp.rules.printed): its parameters
`{rules.NAME}`, a table's title and notes `{rules.NAME.title}`, `{rules.NAME.notes}`, its texts,
so that printed rules follow the parameters as the tables do, and the kit's `{players.min}` and
`{players.max}`; values are written through the
template's filters (`{rules.target|thousands}`, formats.py). `register_compiler(kind, function, local)`
adds an element type (pictures.py: icons, images and SVG art; tables.py, figures.py, counters.py,
boards.py), naming the `{names}` that
its compiler fills itself (`local_fields`: not fields of the card). The helpers of the elements
that compose plain elements (figures.py, counters.py, boards.py) live here too: `field_value` (the
structured value a `{field}` names, or `MISSING`), `count_value`, `with_values` and `compose`.
"""
from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Protocol

from ..core.errors import Problem, suggest
from ..model.frame import Frame
from ..model.layout import Element, Ellipse, Layout, Line, Rect, Text
from .assets import (PRINTED, IconLibrary, colour, fill, has_expression, key_text, lookup, names_printed, single_field,
                     template_value, told, warning)
from .fonts import FontBook
from .geometry import angle, needs_reading, place, read_geometry, turned
from .items import RGB, Item, Shape, TextItem
from .richtext import SYMBOL_ICONS, prepare_text, resolve_icons  # noqa: F401  (SYMBOL_ICONS: named here too)
from .textfit import TextStyle, fit_text

BLACK = (0.0, 0.0, 0.0)
MISSING = object()  # what `field_value` gives for a field it could not read (a problem says why)
# Compiles an element of the type it is registered for (an element, its context, its problems).
Compiler = Callable[[Any, "ElementContext", list[Problem]], list[Item]]


class Sized(Protocol):
    """What prints at a size: a text block (or a table's smallest cell)."""

    @property
    def size(self) -> float: ...


@dataclass
class ElementContext:
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


def field_value(template: str, ctx: ElementContext, problems: list[Problem], kind: type | None = None,
                what: str = "") -> Any:
    """The raw value of the field that `template` (`"{name}"`) names, or MISSING (a problem);
    with `kind`, a value of another type is a problem too (`what` names it in the message). An
    expression (`{pips[rank]}`, `{symbols if big else []}`) gives its value the same way."""
    name = single_field(template)
    if name is None and has_expression(template):
        value = ctx.value(template, problems)
        if value is MISSING:
            return MISSING
    elif name is None:
        problems.append(Problem(f"{template!r} must name one field, like \"{{grid}}\""))
        return MISSING
    elif name not in ctx.values:
        problems.append(Problem(f"unknown field {{{name}}}"))
        return MISSING
    else:
        value = ctx.values[name]
    if kind is not None and not isinstance(value, kind):
        problems.append(Problem(f"{what} must be a {_KIND_WORDS.get(kind, kind.__name__)} (got {value!r})"))
        return MISSING
    return value


_KIND_WORDS: dict[type, str] = {dict: "mapping", list: "list"}


def with_values(ctx: ElementContext, **values: object) -> ElementContext:
    return replace(ctx, values={**ctx.values, **values})


def compose(ctx: ElementContext, problems: list[Problem], *elements: Element) -> list[Item]:
    """Compile plain elements built in points (see figures.box); each problem reported once."""
    items: list[Item] = []
    for element in elements:
        found, found_problems = compile_element(element, ctx)
        items += found
        problems += [p for p in found_problems if p not in problems]
    return items


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


def frame(element: Frame, ctx: ElementContext) -> tuple[float, float, float, float]:
    """The element's box (x, y, w, h) in points."""
    return element_box(element, ctx.layout, ctx.width, ctx.height)


def element_box(element: Frame, layout: Layout, width: float, height: float) -> tuple[float, float, float, float]:
    """`frame` on a face of `layout` sized `width` x `height`, before any context is made."""
    if element.box == "bleed":
        b = layout.bleed
        return -b, -b, width + 2 * b, height + 2 * b
    if element.box == "safe":
        s = layout.safe
        return s, s, width - 2 * s, height - 2 * s
    if element.box == "trim":
        return 0.0, 0.0, width, height
    if element.x.safe or element.y.safe or (element.w and element.w.safe) or (element.h and element.h.safe):
        return _safe_box(element, layout.safe, width, height)
    x, y = element.x.pt(width), element.y.pt(height)
    w = element.w.pt(width) if element.w is not None else width - x
    h = element.h.pt(height) if element.h is not None else height - y
    return x, y, w, h


def _safe_box(element: Frame, safe: float, width: float, height: float) -> tuple[float, float, float, float]:
    """An element's box where some of its lengths are percentages of the safe box (`50%safe`)."""
    x, y = place(element.x, width, safe, True), place(element.y, height, safe, True)
    w = place(element.w, width, safe, False) if element.w is not None else width - x
    h = place(element.h, height, safe, False) if element.h is not None else height - y
    return x, y, w, h


def compile_element(element: Element, ctx: ElementContext) -> tuple[list[Item], list[Problem]]:
    problems: list[Problem] = []
    if element.arrange is not None:  # the element once per item (arrange.py)
        from .arrange import compile_arranged

        return compile_arranged(element, ctx, problems), problems
    return compile_one(element, ctx, problems), problems


def compile_one(element: Element, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    """One element's items: its templated place, size and turn read first; an element made of
    many items (a table, counters) turned as a whole about its box's centre."""
    if needs_reading(element):
        read = read_geometry(element, ctx, problems)
        if read is None:
            return []
        element = read
    compiler = _COMPILERS.get(type(element)) or _load_compiler(element)
    items = compiler(element, ctx, problems)
    if element.rotate and type(element) not in _TURNS_ITSELF and items:
        x, y, w, h = frame(element, ctx)
        items = turned(items, x + w / 2, y + h / 2, angle(element))
    return items


# Modules that register the compilers of the other element types; imported on first use.
_PROVIDERS = {"icon": "pictures", "image": "pictures", "svg": "pictures", "table": "tables", "grid": "figures",
              "symbols": "figures", "track": "figures", "counters": "counters", "dienets": "counters",
              "board": "boards"}


def _load_compiler(element: Element) -> Compiler:
    import importlib

    importlib.import_module(f"{__package__}.{_PROVIDERS[element.type]}")
    return _COMPILERS[type(element)]


def _shape(element: Rect | Ellipse, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    x, y, w, h = frame(element, ctx)
    dash = tuple(element.dash) if element.dash else None
    return [Shape(element.type, x, y, w, h, ctx.rgb(element.fill, problems), ctx.rgb(element.stroke, problems),
                  element.stroke_width, getattr(element, "radius", 0.0), dash, element.opacity, angle(element))]


def _line(element: Line, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    safe = ctx.layout.safe
    x1, y1 = place(element.x, ctx.width, safe, True), place(element.y, ctx.height, safe, True)
    x2, y2 = place(element.x2, ctx.width, safe, True), place(element.y2, ctx.height, safe, True)
    dash = tuple(element.dash) if element.dash else None
    return [Shape("line", x1, y1, x2 - x1, y2 - y1, None, ctx.rgb(element.stroke, problems),
                  element.stroke_width, 0.0, dash, element.opacity, angle(element))]


def _text(element: Text, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    x, y, w, h = frame(element, ctx)
    if element.rotate in (90, 270):  # lay the text out in the turned box, same centre
        x, y, w, h = x + (w - h) / 2, y + (h - w) / 2, h, w
    content = ctx.text(element.text, problems)
    if element.case == "upper":
        content = content.upper()
    elif element.case == "capitalize":
        content = content[:1].upper() + content[1:]
    use_french = ctx.french if element.french is None else element.french
    prepared = prepare_text(content, element.font, element.style, use_french, ctx, problems)
    if prepared is None:
        return []
    runs, faces, icon_paths = prepared
    style = TextStyle(faces, element.size, element.min_size or element.size, element.leading,
                      element.align, element.valign, element.icon_scale)
    block = fit_text(runs, w, h, style)
    if isinstance(block, Problem):
        return _fail(problems, block)
    ctx.small_text(block, problems)
    color = ctx.rgb(element.color, problems) or BLACK
    if icon_paths:
        block = resolve_icons(block, icon_paths)
    return [TextItem(x, y, w, h, block, color, ctx.rgb(element.outline, problems), angle(element))]


def _fail(problems: list[Problem], *found: Problem) -> list[Item]:
    problems.extend(found)
    return []


def count_value(value: object, ctx: ElementContext, problems: list[Problem], what: str = "repeat",
                most: int = 50) -> int | None:
    """A count written as a number or a `{field}`: a whole number from 0 to `most`, or a problem."""
    text = ctx.text(str(value), problems)
    try:
        count = int(text)
    except ValueError:
        problems.append(Problem(f"{what} must be a whole number (got {text!r})"))
        return None
    if not 0 <= count <= most:
        problems.append(Problem(f"{what} must be between 0 and {most} (got {count})"))
        return None
    return count


_COMPILERS: dict[type, Compiler] = {Rect: _shape, Ellipse: _shape, Line: _line, Text: _text}
_TURNS_ITSELF: set[type] = {Rect, Ellipse, Line, Text}  # elements of one item, which carries the turn
_LOCAL_FIELDS: dict[type, frozenset[str]] = {}


def register_compiler(kind: type, function: Compiler, local: tuple[str, ...] = (), turns: bool = False) -> None:
    """`function` compiles elements of model class `kind`; `local` names the `{names}` it fills
    itself (a table's `{n}`), which are not fields of the card; `turns`: its items carry the
    element's turn themselves (pictures), else they are turned as a whole."""
    _COMPILERS[kind] = function
    _LOCAL_FIELDS[kind] = frozenset(local)
    if turns:
        _TURNS_ITSELF.add(kind)


def local_fields(element: Element) -> frozenset[str]:
    """The `{names}` that the element's compiler fills itself."""
    if type(element) not in _COMPILERS:
        _load_compiler(element)
    return _LOCAL_FIELDS.get(type(element), frozenset())
