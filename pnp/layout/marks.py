"""Crop marks and the printable area: what imposed sheets, tiled boards and tuck boxes share.

Contract: a home printer leaves a band along every paper edge unprinted (5 mm by default, the
build's `printer_margin`); nothing pnp draws goes into it. `printable_box(width, height, margin)` is
the rest of the page. `crop_ticks(at, low, high, edge_low, edge_high, vertical)` gives the crop
marks of one cut line: one in each margin beyond [low, high] (the ink of the pieces being cut),
at least `MARK_GAP` beyond it (`MARK_OFFSET` when the mark can still be `MARK_GOOD` long), up to
`MARK_LEN` long, ending at the
printable area's edge at the latest (`edge_low`, `edge_high`), and left out when the margin has no
room for `MARK_MIN`. `clip_segment` cuts a mark back to a box (backs shifted by a back offset).
`count_fitting(space, size, gap)` is how many pieces fit a row (cards, counters, dice nets).
All lengths in PDF points.
"""
from __future__ import annotations

import math

from ..model.units import MM

Box = tuple[float, float, float, float]  # x0, y0, x1, y1

PRINTER_MARGIN = 5.0 * MM  # the default unprintable band along each paper edge
MARK_GAP = 0.5 * MM  # the least room between the pieces' ink and a crop mark
MARK_OFFSET = 1.0 * MM  # the room wanted when the margin has it
MARK_LEN = 5.0 * MM
MARK_MIN = 2.0 * MM  # shorter, a mark is left out
MARK_GOOD = 3.0 * MM  # long enough to lay a ruler on: outer bleed is given up for it
MARK_ROOM = MARK_GAP + MARK_MIN  # the least margin a crop mark needs beyond the pieces' ink


def printable_box(width: float, height: float, margin: float) -> Box:
    return (margin, margin, width - margin, height - margin)


def count_fitting(space: float, size: float, gap: float) -> int:
    """How many pieces of `size`, `gap` apart, fit in `space` (a row of cards, counters, dice nets)."""
    return max(0, math.floor((space + gap + 1e-6) / (size + gap)))


def crop_ticks(at: float, low: float, high: float, edge_low: float, edge_high: float, vertical: bool) -> list[Box]:
    """The two crop marks of the cut line `at` (see the module docstring)."""
    out = []
    for start, direction, edge in ((low, -1, edge_low), (high, 1, edge_high)):
        room = (edge - start) * direction
        offset = min(MARK_OFFSET, max(MARK_GAP, room - MARK_GOOD))
        length = min(MARK_LEN, room - offset)
        if length >= MARK_MIN - 1e-6:
            begin = start + direction * offset
            end = begin + direction * length
            out.append((at, begin, at, end) if vertical else (begin, at, end, at))
    return out


def clip_segment(mark: Box, box: Box) -> Box | None:
    """An axis-parallel mark cut back to `box`; None when less than MARK_MIN of it is left."""
    x0, y0, x1, y1 = mark
    if x0 == x1:
        if not box[0] <= x0 <= box[2]:
            return None
        low, high = max(min(y0, y1), box[1]), min(max(y0, y1), box[3])
        clipped = (x0, low, x0, high)
    else:
        if not box[1] <= y0 <= box[3]:
            return None
        low, high = max(min(x0, x1), box[0]), min(max(x0, x1), box[2])
        clipped = (low, y0, high, y0)
    return clipped if high - low >= MARK_MIN - 1e-6 else None


def leave_strips(area: Box, content: Box, strip: float, room: float) -> Box:
    """`area` less a strip `strip` deep along each side where the margin between `area` and
    `content` is at least `room` deep (crop marks stop short of the strip, which holds notes)."""
    x0, y0, x1, y1 = area
    cx0, cy0, cx1, cy1 = content
    return (x0 + strip if cx0 - x0 >= room else x0, y0 + strip if cy0 - y0 >= room else y0,
            x1 - strip if x1 - cx1 >= room else x1, y1 - strip if y1 - cy1 >= room else y1)


def inside(box: Box, area: Box) -> Box | None:
    """`box` cut back to `area` (None when nothing is left)."""
    x0, y0 = max(box[0], area[0]), max(box[1], area[1])
    x1, y1 = min(box[2], area[2]), min(box[3], area[3])
    return (x0, y0, x1, y1) if x1 > x0 and y1 > y0 else None
