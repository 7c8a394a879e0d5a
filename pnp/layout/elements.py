"""Compiling one layout element, for one card, into positioned items.

Contract: `compile_element(element, ctx)` returns `(items, problems)`: `Problem` values with their
text and severity (the caller adds where and which file, pnp/layout/assets.py `placed`; a `told`
one is already reported where its cause is written). Text that prints below `ctx.min_text` is a
warning; text is prepared by richtext.py (markup, glyphs, inline icons). An element with `arrange`
is compiled once per item (arrange.py); an element whose place, size or turn is a template is read
for the face first, and one made of many items is turned as a whole (geometry.py). Templates may
compute (`{index * 12}`, pnp/core/expressions.py), reading the face's values, the rules values and
the layout's maps (`ElementContext.names`, `value`). `ctx` is an `ElementContext` (elementcontext.py,
with `MISSING` and `with_values`; the element's box `frame` is geometry.py's): the card's values,
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

from typing import Any, Callable

from ..core.errors import Problem
from ..model.layout import Element, Ellipse, Line, Rect, Text
from .assets import has_expression, single_field
from .elementcontext import MISSING, ElementContext
from .elementcontext import unknown_printed as unknown_printed, with_values as with_values  # (named here too)
from .geometry import angle, element_box as element_box, frame, needs_reading, place, read_geometry, turned
from .items import Item, Shape, TextItem
from .richtext import SYMBOL_ICONS, prepare_text, resolve_icons  # noqa: F401  (SYMBOL_ICONS: named here too)
from .textfit import TextStyle, fit_text

BLACK = (0.0, 0.0, 0.0)
# Compiles an element of the type it is registered for (an element, its context, its problems).
Compiler = Callable[[Any, "ElementContext", list[Problem]], list[Item]]


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


def compose(ctx: ElementContext, problems: list[Problem], *elements: Element) -> list[Item]:
    """Compile plain elements built in points (see figures.box); each problem reported once."""
    items: list[Item] = []
    for element in elements:
        found, found_problems = compile_element(element, ctx)
        items += found
        problems += [p for p in found_problems if p not in problems]
    return items


def compile_element(element: Element, ctx: ElementContext) -> tuple[list[Item], list[Problem]]:
    problems: list[Problem] = []
    if element.arrange is not None:  # the element once per item (arrange.py, imported by the first arranged)
        from .arrange import compile_arranged

        return compile_arranged(element, ctx, problems, compile_one), problems
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
    block = fit_text(runs, w, h, _style(faces, element))
    if isinstance(block, Problem):
        return _fail(problems, block)
    ctx.small_text(block, problems)
    color = ctx.rgb(element.color, problems) or BLACK
    if icon_paths:
        block = resolve_icons(block, icon_paths)
    return [TextItem(x, y, w, h, block, color, ctx.rgb(element.outline, problems), angle(element))]


_STYLES: dict[tuple, TextStyle] = {}  # by the faces' id (the style kept holds them: the id stays theirs) and sizes


def _style(faces: dict, element: Text) -> TextStyle:
    """The text style of `element` in `faces`, made once (every card of a layout asks for it)."""
    key = (id(faces), element.size, element.min_size, element.leading, element.align, element.valign,
           element.icon_scale)
    style = _STYLES.get(key)
    if style is None:
        if len(_STYLES) >= 4096:
            _STYLES.clear()
        style = _STYLES[key] = TextStyle(faces, element.size, element.min_size or element.size, element.leading,
                                         element.align, element.valign, element.icon_scale)
    return style


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
