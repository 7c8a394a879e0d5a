"""Lengths, sizes and colours as written in kits.

Contract: a length is a number (millimetres) or a string with a unit — `mm`, `cm`, `in`, `pt` —
or a percentage of the enclosing box (`50%`), or of the card's safe box (`50%safe`: a position from
the safe box's corner, a size of its side). `Dim` keeps the unit until the box is known;
`Dim.pt(ref)` gives points. An element's place and size (`GeomField`, `GeomSize`) may also be a
template, `"{index * 12}mm"`, kept as written (`Dim.template`) and read on each face; and its turn
(`Angle`) any number of degrees, or a template. Every length is finite and within `MAX_LENGTH_MM` either way (a
percentage within `MAX_PERCENT`), so whatever a kit writes, the numbers that reach a PDF are in
range. The field types say more: `DimField` (a position, either sign), `SizeField` (a width or
height: more than 0), `Length` (absolute, 0 or more: gaps, bleeds, stroke widths), `Extent`
(absolute, more than 0: a token's side), `FontSize` (points, more than 0, at most
`MAX_FONT_SIZE`). Card-size presets are named here, with their sizes in millimetres. Colours are
`#rrggbb`, `none`, or a palette name resolved later.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Annotated, Union

from .schema import Before

MM = 72.0 / 25.4
UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
MAX_LENGTH_MM = 5000.0  # 5 m: the largest length a kit may write (a PDF page is at most 5.08 m)
MAX_PERCENT = 1000.0
MAX_FONT_SIZE = 1000.0  # points
MINUS = "\u2212"  # the typographic minus a number prints with (a filled template's "−1mm" reads as -1 mm)
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt|%\s*safe|%)?\s*$")
MAX_ANGLE = 100_000.0  # degrees, either way (turned to 0..360)

# Card sizes in mm (research/conventions.md §1.1): the vendors' metric poker card is 63 x 88.
CARD_PRESETS: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "tarot": (70.0, 120.0),
    "mini": (44.0, 63.0),
    "square": (70.0, 70.0),
}
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
}


@dataclass(frozen=True)
class Dim:
    """A length: points, or a fraction of the enclosing box."""

    __schema_words__ = "a length such as 3mm"

    value: float
    relative: bool = False
    template: str | None = None  # `"{index * 12}mm"`: read on each face (an element's place and size only)
    safe: bool = False  # a percentage of the safe box (`50%safe`), not of the whole box

    def pt(self, ref: float) -> float:
        return self.value * ref if self.relative else self.value

    def __str__(self) -> str:
        if self.template is not None:
            return self.template
        return (f"{self.value * 100:g}%" + ("safe" if self.safe else "")) if self.relative else f"{self.value / MM:g}mm"


def paper_points(name: str) -> tuple[float, float]:
    """A paper's portrait (width, height) in points."""
    w, h = PAPERS[name]
    return w * MM, h * MM


def parse_dim(value: object) -> Dim:
    if isinstance(value, Dim):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _bounded(Dim(float(value) * MM))
    if isinstance(value, str):
        match = _LENGTH.match(value.replace(MINUS, "-"))
        if match:
            number, unit = float(match.group(1)), (match.group(2) or "mm").replace(" ", "")
            if unit in ("%", "%safe"):
                return _bounded(Dim(number / 100.0, relative=True, safe=unit == "%safe"))
            return _bounded(Dim(number * UNITS[unit]))
    raise ValueError("a length is a number of mm or a string like '3mm', '0.5in', '12pt', '50%', '50%safe'")


def parse_geometry(value: object) -> Dim:
    """An element's place: a length, or a template read on each face (`"{index * 12}mm"`)."""
    if isinstance(value, str) and "{" in value:
        return Dim(0.0, template=value)
    return parse_dim(value)


def parse_geometry_size(value: object) -> Dim:
    """An element's width or height: a length of more than 0, or a template read on each face."""
    if isinstance(value, str) and "{" in value:
        return Dim(0.0, template=value)
    return parse_size(value)


def parse_angle(value: object) -> float | str:
    """A turn in degrees, any number (kept from 0 up to 360; a whole number stays one), or a
    template read on each face (`"{index * 15}"`)."""
    if isinstance(value, str) and "{" in value:
        return value
    if isinstance(value, str):
        try:
            value = float(value.replace(MINUS, "-"))
        except ValueError:
            raise ValueError("an angle is a number of degrees, like 45 or -30") from None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError("an angle is a number of degrees, like 45 or -30")
    if not (math.isfinite(value) and abs(value) <= MAX_ANGLE):
        raise ValueError(f"an angle is at most {MAX_ANGLE:g} degrees either way")
    return turn(value)


def turn(value: float) -> float:
    """An angle from 0 up to 360 degrees; a whole number stays an int (90, as a quarter turn was)."""
    angle = value % 360
    return int(angle) if float(angle).is_integer() else angle


def _bounded(dim: Dim) -> Dim:
    """`dim` if it is finite and within MAX_LENGTH_MM (MAX_PERCENT) either way."""
    most = MAX_PERCENT / 100.0 if dim.relative else MAX_LENGTH_MM * MM
    if not (math.isfinite(dim.value) and abs(dim.value) <= most):
        raise ValueError(f"a length is at most {MAX_PERCENT:g}%" if dim.relative else
                         f"a length is at most {MAX_LENGTH_MM:g}mm (5 m) either way")
    return dim


def parse_size(value: object) -> Dim:
    """A width or height: a length of more than 0."""
    dim = parse_dim(value)
    if dim.value <= 0:
        raise ValueError("a size must be more than 0")
    return dim


def parse_length(value: object) -> float:
    """An absolute length in points, 0 or more (percentages refused)."""
    dim = parse_dim(value)
    if dim.relative:
        raise ValueError("a percentage is not allowed here; give mm, cm, in or pt")
    if dim.value < 0:
        raise ValueError("a length here is 0 or more")
    return dim.value


def parse_extent(value: object) -> float:
    """An absolute length in points, more than 0."""
    length = parse_length(value)
    if length <= 0:
        raise ValueError("a length here must be more than 0")
    return length


def parse_font_size(value: object) -> float:
    """Font sizes are points: a bare number means pt here, not mm; more than 0, at most MAX_FONT_SIZE."""
    size = float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else parse_length(value)
    if not (math.isfinite(size) and 0 < size <= MAX_FONT_SIZE):
        raise ValueError(f"a font size is more than 0 and at most {MAX_FONT_SIZE:g} pt")
    return size


def parse_dash(value: object) -> object:
    """A dash pattern: lengths in points, 0 or more, at most MAX_FONT_SIZE, not all 0 (a list of
    anything else is left for the list's own check to report)."""
    if not isinstance(value, list) or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        return value
    if not all(0 <= v <= MAX_FONT_SIZE for v in value) or (value and not any(value)):
        raise ValueError(f"a dash is lengths in points from 0 to {MAX_FONT_SIZE:g}, not all 0, like [3, 2]")
    return value


DimField = Annotated[Dim, Before(parse_dim)]
SizeField = Annotated[Dim, Before(parse_size)]
GeomField = Annotated[Dim, Before(parse_geometry)]
GeomSize = Annotated[Dim, Before(parse_geometry_size)]
Angle = Annotated[Union[int, float, str], Before(parse_angle)]
Length = Annotated[float, Before(parse_length)]
Extent = Annotated[float, Before(parse_extent)]
FontSize = Annotated[float, Before(parse_font_size)]
Dash = Annotated[list[float], Before(parse_dash)]

_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def is_hex_colour(text: str) -> bool:
    return bool(_HEX.match(text))


def hex_to_rgb(text: str) -> tuple[float, float, float]:
    digits = text[1:]
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    red, green, blue = (int(digits[i:i + 2], 16) / 255.0 for i in (0, 2, 4))
    return red, green, blue
