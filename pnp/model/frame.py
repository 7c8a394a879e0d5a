"""Where an element sits, and how it is stroked: the parts every layout element shares.

Contract: `Frame` gives an element its box (x, y, w, h as `Dim`, or a named box of the card; a
template such as `"{index * 12}mm"` is read on each face), its conditions (`when`/`unless` on card
fields: a value or a list of values per field; `when` holds when every field has one of its values,
`unless` hides the element when any does), its rotation (any
angle, about the box's centre, or a template) and its `arrange` (`Arrange`: the element drawn once
per item of a list, along a row, a column, a grid, a circle or an arc, at points, or scattered);
`Stroke` its outline. The small literal types of layouts (alignment, fit) live here too.
"""
from __future__ import annotations

from typing import Literal, Union

from .schema import Field

from .units import Angle, Dash, Dim, DimField, GeomField, GeomSize, Length
from .validate import StrictModel

Scalar = Union[str, int, float, bool]
Align = Literal["left", "center", "right", "justify"]
VAlign = Literal["top", "middle", "bottom"]
Fit = Literal["contain", "cover", "stretch"]


Along = Literal["row", "column", "grid", "circle", "arc", "points", "scatter"]


class Arrange(StrictModel):
    """One element drawn once per item of `over` (a list: a `{field}`, an expression, a list
    written here; or a count), each item's box placed `along` the element's own box, which is the
    region; `{item}` and `{i}` (its position, from 0) may be read by any of the element's values."""

    over: str | int | list[Scalar]
    along: Along = "row"
    size: GeomSize | list[GeomSize] | None = None  # an item's side, or [w, h]; a template per item
    gap: DimField = Dim(0.0)  # row, column, grid: between items
    columns: int | None = Field(default=None, ge=1, le=100)  # grid
    radius: DimField | None = None  # circle, arc: from the region's centre to the items' (default: to fit)
    start: float = Field(default=0.0, ge=-3600.0, le=3600.0)  # circle, arc: the first item's angle (0: top, clockwise)
    end: float | None = Field(default=None, ge=-3600.0, le=3600.0)  # arc: the last item's angle
    centre: bool = False  # circle: the first item at the centre, the others around it
    turn: bool = False  # circle, arc: each item turned to face away from the centre
    points: str | list[list[float | str]] | None = None  # points: the items' centres (x, y)
    seed: str | int | None = None  # scatter: the same seed, the same places (default: the card's id)


class Frame(StrictModel):
    """Where an element sits: a box, or one of the card's named boxes."""

    x: GeomField = Dim(0.0)
    y: GeomField = Dim(0.0)
    w: GeomSize | None = None
    h: GeomSize | None = None
    box: Literal["trim", "bleed", "safe"] | None = None
    when: dict[str, Scalar | list[Scalar]] | None = None
    unless: dict[str, Scalar | list[Scalar]] | None = None
    rotate: Angle = 0
    arrange: Arrange | None = None


class Stroke(StrictModel):
    stroke: str | None = None
    stroke_width: Length = 0.5
    dash: Dash | None = None
    opacity: float = Field(default=1.0, ge=0.0, le=1.0)
