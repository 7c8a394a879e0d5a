"""Lengths, sizes and colours as written in kits.

Contract: a length is a number (millimetres) or a string with a unit — `mm`, `cm`, `in`, `pt` —
or a percentage of the enclosing box (`50%`). `Dim` keeps the unit until the box is known;
`Dim.pt(ref)` gives points. Card-size presets are named here, with their sizes in millimetres.
Colours are `#rrggbb`, `none`, or a palette name resolved later.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated

from .schema import Before

MM = 72.0 / 25.4
UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt|%)?\s*$")

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

    def pt(self, ref: float) -> float:
        return self.value * ref if self.relative else self.value

    def __str__(self) -> str:
        return f"{self.value * 100:g}%" if self.relative else f"{self.value / MM:g}mm"


def paper_points(name: str) -> tuple[float, float]:
    """A paper's portrait (width, height) in points."""
    w, h = PAPERS[name]
    return w * MM, h * MM


def parse_dim(value: object) -> Dim:
    if isinstance(value, Dim):
        return value
    if isinstance(value, bool):
        raise ValueError("a length is a number of mm or a string like '3mm', '0.5in', '12pt', '50%'")
    if isinstance(value, (int, float)):
        return Dim(float(value) * MM)
    if isinstance(value, str):
        match = _LENGTH.match(value)
        if match:
            number, unit = float(match.group(1)), match.group(2) or "mm"
            if unit == "%":
                return Dim(number / 100.0, relative=True)
            return Dim(number * UNITS[unit])
    raise ValueError("a length is a number of mm or a string like '3mm', '0.5in', '12pt', '50%'")


def parse_length(value: object) -> float:
    """An absolute length in points (percentages refused)."""
    dim = parse_dim(value)
    if dim.relative:
        raise ValueError("a percentage is not allowed here; give mm, cm, in or pt")
    return dim.value


def parse_font_size(value: object) -> float:
    """Font sizes are points: a bare number means pt here, not mm."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return parse_length(value)


DimField = Annotated[Dim, Before(parse_dim)]
Length = Annotated[float, Before(parse_length)]
FontSize = Annotated[float, Before(parse_font_size)]

_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


def is_hex_colour(text: str) -> bool:
    return bool(_HEX.match(text))


def hex_to_rgb(text: str) -> tuple[float, float, float]:
    digits = text[1:]
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    return tuple(int(digits[i:i + 2], 16) / 255.0 for i in (0, 2, 4))  # type: ignore[return-value]
