"""Positioned drawing items: what layout produces and draw paints.

Contract: items are frozen, hold only numbers, strings and colours (RGB tuples in 0..1), and are
positioned in points relative to the top-left corner of the card's (or page's) trim box, y growing
downwards. `rotate` turns an item about the centre of its box. Draw never computes geometry beyond
converting these coordinates to PDF space. `shifted(items, dx, dy)` moves items (a piece laid out
once at the origin, repeated).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Union

from .textfit import TextBlock

RGB = tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class Shape:
    """A rectangle, an ellipse or a line of a face, in points, with its fill, stroke and turn."""

    kind: str  # "rect", "ellipse" or "line" (a line runs from (x, y) to (x + w, y + h))
    x: float
    y: float
    w: float
    h: float
    fill: RGB | None = None
    stroke: RGB | None = None
    width: float = 0.5
    radius: float = 0.0
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0
    rotate: float = 0  # degrees, clockwise, about the box's centre (a whole number stays an int)


@dataclass(frozen=True, slots=True)
class TextItem:
    """A fitted text block of a face in its box, in points, with its colour, outline and turn."""

    x: float
    y: float
    w: float
    h: float
    block: TextBlock
    color: RGB  # its inline icons' too
    outline: RGB | None = None
    rotate: float = 0


@dataclass(frozen=True, slots=True)
class Picture:
    """An image, SVG or icon of a face in its box, in points, with its tint, turn and opacity."""

    kind: str  # "image", "svg" or "icon"
    x: float
    y: float
    w: float
    h: float
    path: str
    color: RGB | None = None
    rotate: float = 0
    opacity: float = 1.0  # below 1: drawn translucent over what lies under it (an ink-saving print's art)


Item = Union[Shape, TextItem, Picture]


def shifted(items: list[Item], dx: float, dy: float) -> list[Item]:
    """The items moved by (dx, dy)."""
    return [replace(item, x=item.x + dx, y=item.y + dy) for item in items]


@dataclass(frozen=True)
class Face:
    """One side of a card (or one page of a sheet), ready to draw: a size and its items.

    `layers` alternates cached groups of items shared by many faces (drawn once as a PDF form) and
    items of this face only: each layer is `(key or None, items)`.
    """

    width: float
    height: float
    bleed: float
    layers: tuple[tuple[str | None, tuple[Item, ...]], ...]
    background: RGB | None = None

    def items(self) -> list[Item]:
        return [item for _, items in self.layers for item in items]

    @cached_property
    def extent(self) -> tuple[float, float, float, float]:
        """The box (x0, y0, x1, y1), top-down, that the face's items can mark; a shared layer counts
        as its full bleed box."""
        if any(key is not None and items for key, items in self.layers) or self.background is not None:
            b = self.bleed
            return (-b, -b, self.width + b, self.height + b)
        boxes = [item_bounds(item) for _, items in self.layers for item in items]
        if not boxes:
            return (0.0, 0.0, 0.0, 0.0)
        return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
                max(b[3] for b in boxes))


def item_bounds(item: Item) -> tuple[float, float, float, float]:
    x0, x1 = sorted((item.x, item.x + item.w))
    y0, y1 = sorted((item.y, item.y + item.h))
    if item.rotate in (90, 270):  # turned about its centre
        cx, cy, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, (y1 - y0) / 2, (x1 - x0) / 2
        x0, x1, y0, y1 = cx - hw, cx + hw, cy - hh, cy + hh
    elif item.rotate and item.rotate != 180:  # any other angle: the box that holds the turned one
        x0, y0, x1, y1 = _turned_box(x0, y0, x1, y1, item.rotate)
    pad = item.width / 2 if isinstance(item, Shape) and item.stroke is not None else 0.0
    return (x0 - pad, y0 - pad, x1 + pad, y1 + pad)


def _turned_box(x0: float, y0: float, x1: float, y1: float, angle: float) -> tuple[float, float, float, float]:
    cx, cy, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    rad = math.radians(angle)
    c, s = abs(math.cos(rad)), abs(math.sin(rad))
    w, h = hw * c + hh * s, hw * s + hh * c
    return cx - w, cy - h, cx + w, cy + h
