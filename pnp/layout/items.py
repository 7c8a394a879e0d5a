"""Positioned drawing items: what layout produces and draw paints.

Contract: items are frozen, hold only numbers, strings and colours (RGB tuples in 0..1), and are
positioned in points relative to the top-left corner of the card's (or page's) trim box, y growing
downwards. `rotate` turns an item about the centre of its box. Draw never computes geometry beyond
converting these coordinates to PDF space.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .textfit import TextBlock

RGB = tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class Shape:
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
    rotate: int = 0


@dataclass(frozen=True, slots=True)
class TextItem:
    x: float
    y: float
    w: float
    h: float
    block: TextBlock
    color: RGB
    icon_color: RGB
    outline: RGB | None = None
    rotate: int = 0


@dataclass(frozen=True, slots=True)
class Picture:
    kind: str  # "image", "svg" or "icon"
    x: float
    y: float
    w: float
    h: float
    path: str
    color: RGB | None = None
    rotate: int = 0


Item = Union[Shape, TextItem, Picture]


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
