"""The duplex calibration sheet, laid out: two pages of scales and pointers that measure a printer's
front/back offset.

Contract: `calibration_pages(face, width, height, backs, offset, lines)` returns the front and the
back page (`items.Face`, the paper's size) for `backs` ("long-edge" or "short-edge") and the current
back `offset` (mm). The front carries `lines` (a title at 13 pt, then the steps at 9 pt, in `face`,
from 20 mm inside the left edge and 25 mm below the top: everything 20 mm or more inside the
paper's edges, clear of any printer's margin), two millimetre scales crossing at the centre of the
page (a tick a millimetre from -10 to +10, longer and numbered every 5 mm) and a cross at the
centre; the back carries one red pointer line on each axis at the mirrored position of the scales'
zero, shifted by the offset. Printed duplex and held against the light, the pointers show on the
front's scales how far the back lands from where it should: that reading, with its sign, is the
`--back-offset` to use (graduations run the other way for short-edge duplex, so a reading always
adds to the offset). Positions are computed in PDF's bottom-up points and turned top-down here.
"""
from __future__ import annotations

from ..model.units import MM
from .fonts import Face as FontFace
from .items import RGB, Face, Item, Shape, TextItem
from .textfit import Frag, Line, TextBlock

SCALE_MM = 10  # the scales read from -10 to +10 mm
BLACK: RGB = (0.0, 0.0, 0.0)
POINTER: RGB = (0.85, 0.1, 0.1)


class _Page:
    """Items placed with PDF's bottom-up coordinates on a page of `height`."""

    def __init__(self, font: FontFace, height: float):
        self.font, self.height = font, height
        self.items: list[Item] = []

    def text(self, x: float, y: float, text: str, size: float, centred: bool = False) -> None:
        width = self.font.width(text, size)
        left = x - width / 2 if centred else x
        line = Line(size, width, (Frag(0.0, text, self.font, size),))
        block = TextBlock((line,), size, size * 1.2)
        self.items.append(TextItem(left, self.height - y - size, width, size * 1.2, block, BLACK))

    def line(self, x0: float, y0: float, x1: float, y1: float, width: float, colour: RGB = BLACK) -> None:
        top = self.height - y0
        self.items.append(Shape("line", x0, top, x1 - x0, (self.height - y1) - top, stroke=colour, width=width))

    def face(self, width: float) -> Face:
        return Face(width, self.height, 0.0, ((None, tuple(self.items)),))


def calibration_pages(font: FontFace, width: float, height: float, backs: str, offset: tuple[float, float],
                      lines: list[str]) -> tuple[Face, Face]:
    return _front(font, width, height, backs, lines), _back(font, width, height, backs, offset)


def _front(font: FontFace, width: float, height: float, backs: str, lines: list[str]) -> Face:
    page = _Page(font, height)
    cx, cy = width / 2, height / 2
    for i, line in enumerate(lines):
        page.text(20 * MM, height - (25 + 7 * i) * MM, line, 13 if i == 0 else 9)
    sign = 1 if backs == "long-edge" else -1  # so that a reading always adds to the offset
    _scale(page, cx, cy + 40 * MM, True, sign)
    _scale(page, cx - 40 * MM, cy, False, sign)
    page.text(cx, cy + 55 * MM, "DX", 9, centred=True)
    page.text(cx - 52 * MM, cy + 14 * MM, "DY", 9)
    page.line(cx - 4 * MM, cy, cx + 4 * MM, cy, 0.3)
    page.line(cx, cy - 4 * MM, cx, cy + 4 * MM, 0.3)
    return page.face(width)


def _scale(page: _Page, x: float, y: float, horizontal: bool, sign: int) -> None:
    """A millimetre ruler centred on (x, y): a tick every mm, longer and numbered every 5 mm.

    Graduations grow rightwards (horizontal) or upwards (vertical) for long-edge duplex and the
    other way for short-edge, which is what makes "offset += reading" right in both modes."""
    for mm in range(-SCALE_MM, SCALE_MM + 1):
        length = (6 if mm == 0 else 4.5 if mm % 5 == 0 else 2.5) * MM
        at, label = mm * MM, f"{sign * mm:+d}" if mm else "0"
        if horizontal:
            page.line(x + at, y, x + at, y + length, 0.35)
            if mm % 5 == 0:
                page.text(x + at, y + length + 1.2 * MM, label, 7, centred=True)
        else:
            page.line(x, y + at, x + length, y + at, 0.35)
            if mm % 5 == 0:
                page.text(x + length + 1.2 * MM, y + at - 2, label, 7)


def _back(font: FontFace, width: float, height: float, backs: str, offset: tuple[float, float]) -> Face:
    """Pointers at the mirror image of the front's zeros, where a perfect duplex puts them."""
    page = _Page(font, height)
    cx, cy = width / 2, height / 2
    dx, dy = offset[0] * MM, offset[1] * MM
    mirror_x = backs == "long-edge"
    ruler_x = (width - (cx - 40 * MM)) if mirror_x else cx - 40 * MM
    ruler_y = cy + 40 * MM if mirror_x else height - (cy + 40 * MM)
    x = (width - cx if mirror_x else cx) + dx
    page.line(x, ruler_y - 2 * MM, x, ruler_y + 8 * MM, 0.6, POINTER)
    y = (cy if mirror_x else height - cy) - dy
    page.line(ruler_x - 8 * MM, y, ruler_x + 2 * MM, y, 0.6, POINTER)
    return page.face(width)
