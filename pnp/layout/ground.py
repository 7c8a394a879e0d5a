"""What a face paints under a point or a box: the ground that text and edges are judged against.

Contract: items are a face's, in drawing order, in its top-down coordinates (`layout.items`).
`paint_at(items, background, x, y)` is what shows at a point: the colour of the topmost shape whose
fill (or stroke) covers it, `("picture", path)` for an image or SVG art there, else the face's
background, else white paper. `grounds(box, items, background)` is every colour that may show
under a box (x0, y0, x1, y1): the topmost opaque fill that covers the whole box and every fill above
it that covers part of it, translucent fills blended over what they cover; a picture under part of
the box adds `None` (its colours are not known here). Icons and lines are marks, not grounds: they
are looked through. `close(a, b)` says whether two colours are too near to tell apart at a cut;
`relative_luminance` and `contrast_ratio` are WCAG 2's.
"""
from __future__ import annotations

import math
from typing import Reversible, Sequence, TypeGuard, Union

from .items import RGB, Item, Picture, Shape

PAPER: RGB = (1.0, 1.0, 1.0)
Box = tuple[float, float, float, float]
Paint = Union[RGB, tuple[str, str]]  # what shows at a point: a colour, or ("picture", path)
CLOSE = 0.1  # colours whose channels all differ by at most this much look alike at a cut


def close(a: Paint, b: Paint) -> bool:
    """Two things `paint_at` found: colours near enough, or the same picture."""
    if _is_rgb(a) and _is_rgb(b):
        return max(abs(x - y) for x, y in zip(a, b)) <= CLOSE
    return a == b


def _is_rgb(value: Paint) -> TypeGuard[RGB]:
    return isinstance(value, tuple) and len(value) == 3 and not isinstance(value[0], str)


def relative_luminance(rgb: RGB) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def blend(top: RGB, under: RGB, alpha: float) -> RGB:
    r, g, b = (alpha * t + (1 - alpha) * u for t, u in zip(top, under))
    return r, g, b


def shape_box(s: Shape) -> Box:
    """The shape's box as drawn (a quarter turn swaps its sides about its centre)."""
    x0, x1 = (s.x, s.x + s.w) if s.w >= 0 else (s.x + s.w, s.x)
    y0, y1 = (s.y, s.y + s.h) if s.h >= 0 else (s.y + s.h, s.y)
    if s.rotate in (90, 270):
        cx, cy, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, (y1 - y0) / 2, (x1 - x0) / 2
        x0, x1, y0, y1 = cx - hw, cx + hw, cy - hh, cy + hh
    return x0, y0, x1, y1


def _inside_shape(s: Shape, box: Box, x: float, y: float, inset: float = 0.0) -> bool:
    x0, y0, x1, y1 = box
    if s.kind == "ellipse":
        rx, ry = (x1 - x0) / 2 - inset, (y1 - y0) / 2 - inset
        if rx <= 0 or ry <= 0:
            return False
        return ((x - (x0 + x1) / 2) / rx) ** 2 + ((y - (y0 + y1) / 2) / ry) ** 2 <= 1.0
    if not (x0 + inset <= x <= x1 - inset and y0 + inset <= y <= y1 - inset):
        return False
    r = min(s.radius, (x1 - x0) / 2, (y1 - y0) / 2) - inset
    if r <= 0:
        return True
    cx = min(max(x, x0 + inset + r), x1 - inset - r)
    cy = min(max(y, y0 + inset + r), y1 - inset - r)
    return math.hypot(x - cx, y - cy) <= r


def _stroke_at(s: Shape, box: Box, x: float, y: float) -> bool:
    half = s.width / 2
    if s.kind == "line":
        ax, ay, bx, by = s.x, s.y, s.x + s.w, s.y + s.h
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            return False
        t = min(1.0, max(0.0, ((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length ** 2))
        return math.hypot(x - ax - t * (bx - ax), y - ay - t * (by - ay)) <= half
    grown = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
    return _inside_shape(s, grown, x, y) and not _inside_shape(s, grown, x, y, s.width)


def paint_at(items: Reversible[Item], background: RGB | None, x: float, y: float) -> Paint:
    """What shows at (x, y): a colour, or ("picture", path)."""
    for item in reversed(items):
        if isinstance(item, Shape):
            box = shape_box(item)
            if item.stroke is not None and item.width > 0 and _stroke_at(item, box, x, y):
                return item.stroke
            if item.fill is not None and item.opacity >= 0.5 and item.kind != "line" and _inside_shape(item, box, x, y):
                return item.fill
        elif isinstance(item, Picture) and item.kind != "icon":
            if item.x <= x <= item.x + item.w and item.y <= y <= item.y + item.h:
                return ("picture", item.path)
    return background or PAPER


def _covers(s: Shape, shape: Box, box: Box) -> bool:
    return all(_inside_shape(s, shape, px, py) for px in (box[0], box[2]) for py in (box[1], box[3]))


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def grounds(box: Box, items: Sequence[Item], background: RGB | None) -> set[RGB | None]:
    """Every colour that may show under `box` (None for a picture's)."""
    found: set[RGB | None] = set()
    for i in range(len(items) - 1, -1, -1):
        item = items[i]
        if isinstance(item, Picture) and item.kind != "icon" and _meets(box, (item.x, item.y, item.x + item.w,
                                                                                item.y + item.h)):
            found.add(None)
            return found
        if not isinstance(item, Shape) or item.fill is None or item.kind == "line":
            continue
        shape = shape_box(item)
        if not _meets(box, shape):
            continue
        covers = _covers(item, shape, box)
        if item.opacity < 1.0:
            under = grounds(box, items[:i], background)
            blended = {None if u is None else blend(item.fill, u, item.opacity) for u in under}
            return found | blended | (set() if covers else under)
        found.add(item.fill)
        if covers:
            return found
    found.add(background or PAPER)
    return found
