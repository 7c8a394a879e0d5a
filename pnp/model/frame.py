"""Where an element sits, and how it is stroked: the parts every layout element shares.

Contract: `Frame` gives an element its box (x, y, w, h as `Dim`, or a named box of the card),
its conditions (`when`/`unless` on card fields: a value or a list of values per field; `when`
holds when every field has one of its values, `unless` hides the element when any does) and its
rotation; `Stroke` its outline. The small
literal types of layouts (alignment, fit) live here too.
"""
from __future__ import annotations

from typing import Literal, Union

from .schema import Field

from .units import Dash, Dim, DimField, Length, SizeField
from .validate import StrictModel

Scalar = Union[str, int, float, bool]
Align = Literal["left", "center", "right", "justify"]
VAlign = Literal["top", "middle", "bottom"]
Fit = Literal["contain", "cover", "stretch"]


class Frame(StrictModel):
    """Where an element sits: a box, or one of the card's named boxes."""

    x: DimField = Dim(0.0)
    y: DimField = Dim(0.0)
    w: SizeField | None = None
    h: SizeField | None = None
    box: Literal["trim", "bleed", "safe"] | None = None
    when: dict[str, Scalar | list[Scalar]] | None = None
    unless: dict[str, Scalar | list[Scalar]] | None = None
    rotate: Literal[0, 90, 180, 270] = 0


class Stroke(StrictModel):
    stroke: str | None = None
    stroke_width: Length = 0.5
    dash: Dash | None = None
    opacity: float = Field(default=1.0, ge=0.0, le=1.0)
