"""An element's geometry read on each face: templated places and sizes, any angle, turned composites.

Contract: `needs_reading(element)` tells an element whose place, size or turn is a template
(`x: "{index * 12}mm"`, `rotate: "{i * 45}"`); `read_geometry(element, ctx, problems)` returns a
copy of it with those values read for the face (lengths checked as the layout's are when it loads:
a width of 0, a length past 5 m, an angle that is no number are problems), or None. `turned(items,
cx, cy, angle)` turns laid-out items about a point (the elements made of many items: a table, a
grid, counters), each item's own turn added to its centre's move. `place(dim, ref, safe, origin)`
gives a length in points, a percentage of the safe box (`50%safe`) measured from its corner.
`frame(element, ctx)` is an element's box (x, y, w, h) in points on the face (`element_box`: the
same from a layout and a face size, before any context is made; `bleed`, `safe`, `trim` boxes).
Pure geometry: no canvas, no file.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..core.errors import Problem
from ..model.frame import Frame
from ..model.layout import Layout
from ..model.units import Dim, parse_angle, parse_dim, parse_size
from .items import Item

if TYPE_CHECKING:  # pragma: no cover
    from .elementcontext import ElementContext

_PLACES = ("x", "y", "x2", "y2")
_SIZES = ("w", "h")


def needs_reading(element: Any) -> bool:
    """Whether the element's place, size or turn is a template (asked of every element compiled:
    a few attribute reads)."""
    w, h = element.w, element.h
    if type(element.rotate) is str or element.x.template is not None or element.y.template is not None:
        return True
    if (w is not None and w.template is not None) or (h is not None and h.template is not None):
        return True
    return element.type == "line" and (element.x2.template is not None or element.y2.template is not None)


def read_geometry(element: Any, ctx: "ElementContext", problems: list[Problem]) -> Any:
    """`element` with its templated place, size and turn read for the face, or None (a problem)."""
    changes: dict[str, object] = {}
    failed = False
    for name in _PLACES + _SIZES:
        dim = getattr(element, name, None)
        if isinstance(dim, Dim) and dim.template is not None:
            read = _length(name, dim.template, ctx, problems)
            failed = failed or read is None
            changes[name] = read
    rotate = element.rotate
    if type(rotate) is str:
        angle = _angle(rotate, ctx, problems)
        failed = failed or angle is None
        changes["rotate"] = angle
    return None if failed else copied(element, **changes)


def angle(element: Any) -> float:
    """An element's turn, once read (a template not read counts as none)."""
    rotate = element.rotate
    return 0 if type(rotate) is str else rotate


def copied(element: Any, **changes: object) -> Any:
    """A copy of a validated (frozen) element with `changes`, each already checked."""
    return element.model_copy(changes)


def _length(name: str, template: str, ctx: "ElementContext", problems: list[Problem]) -> Dim | None:
    before = len(problems)
    text = ctx.text(template, problems).replace(",", ".")  # (a number a French kit writes 4,5)
    if len(problems) > before:
        return None
    try:
        return parse_size(text) if name in _SIZES else parse_dim(text)
    except ValueError as exc:
        problems.append(Problem(f"{name}: {exc} (got {text!r} from {template!r})"))
        return None


def _angle(template: str, ctx: "ElementContext", problems: list[Problem]) -> float | None:
    before = len(problems)
    text = ctx.text(template, problems).replace(",", ".")
    if len(problems) > before:
        return None
    try:
        angle = parse_angle(text)
    except ValueError as exc:
        problems.append(Problem(f"rotate: {exc} (got {text!r} from {template!r})"))
        return None
    if isinstance(angle, str):  # (a template read into another template: its problem is told)
        return None
    return angle


def place(dim: Dim, ref: float, safe: float, origin: bool) -> float:
    """`dim` in points in a box of side `ref`: a percentage of the safe box (`50%safe`) is of its
    side (`ref - 2 * safe`), and a place (`origin`) counts from the safe box's edge."""
    if not dim.safe:
        return dim.value * ref if dim.relative else dim.value
    return (safe if origin else 0.0) + dim.value * (ref - 2 * safe)


def turned(items: list[Item], cx: float, cy: float, angle: float) -> list[Item]:
    """The items turned by `angle` degrees (clockwise on the page) about (cx, cy)."""
    if not angle:
        return items
    rad = math.radians(angle)
    cos, sin = math.cos(rad), math.sin(rad)
    out: list[Item] = []
    for item in items:
        mx, my = item.x + item.w / 2 - cx, item.y + item.h / 2 - cy
        nx, ny = cx + mx * cos - my * sin, cy + mx * sin + my * cos
        out.append(replace(item, x=nx - item.w / 2, y=ny - item.h / 2, rotate=_sum(item.rotate, angle)))
    return out


def _sum(a: float, b: float) -> float:
    total = (a + b) % 360
    return int(total) if float(total).is_integer() else total


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
