"""Legibility: text against the ground it is printed on (WCAG 2's contrast ratio).

Contract: `contrast_problems(parts, background)` looks at a laid-out face, given as its elements in
drawing order (`(element name, items)`), and returns `(element name, what)` for each element with a
text whose contrast ratio against a colour that may show under it is below `MIN_CONTRAST` (4.5:1,
WCAG's AA level for body text), once per element, naming the worst ratio and both colours. The
ground is what the face paints under the text's ink (`ground.grounds`: background, rects and
ellipses under it, translucent ones blended). Text with an outline is judged by the better of its
fill and its outline. Where a picture (image or SVG art) lies under the text, its colours are not
known: that part of the ground is not judged (put a fill under such text to have it checked).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

from .ground import Box, contrast_ratio, grounds
from .items import RGB, Item, TextItem

MIN_CONTRAST = 4.5


def contrast_problems(parts: Sequence[tuple[str, Sequence[Item]]], background: RGB | None,
                      below: Sequence[Item] = ()) -> list[tuple[str, str]]:
    """`below`: what the face paints before the first of `parts`."""
    below = list(below)
    out = []
    for name, items in parts:
        worst: tuple[float, RGB, RGB] | None = None
        for item in items:
            if isinstance(item, TextItem):
                found = _worst(item, below, background)
                if found is not None and (worst is None or found[0] < worst[0]):
                    worst = found
            below.append(item)
        if worst is not None and worst[0] < MIN_CONTRAST - 1e-9:
            ratio, ink, ground = worst
            out.append((name, f"text contrast {_floor(ratio):.1f}:1 ({hex_colour(ink)} on {hex_colour(ground)}) is "
                              f"under {MIN_CONTRAST:g}:1: hard to read in print; darken the text or lighten its "
                              f"ground (or the other way round)"))
    return out


def _worst(item: TextItem, below: Sequence[Item], background: RGB | None) -> tuple[float, RGB, RGB] | None:
    box = ink_box(item)
    if box is None:
        return None
    worst = None
    for ground in grounds(box, below, background):
        if ground is None:
            continue
        found = ratio(item.color, ground)
        if item.outline is not None:
            found = max(found, ratio(item.outline, ground))
        if worst is None or found < worst[0]:
            worst = (found, item.color, ground)
    return worst


@lru_cache(maxsize=4096)
def ratio(a: RGB, b: RGB) -> float:
    """`contrast_ratio`, kept: faces repeat their colours."""
    return contrast_ratio(a, b)


def ink_box(item: TextItem) -> Box | None:
    """The box the text's lines cover (top-down, turned with the item), or None for no text."""
    lines = [line for line in item.block.lines if line.frags and any(f.text for f in line.frags)]
    if not lines:
        return None
    size = item.block.size
    x0 = item.x + min(line.frags[0].x for line in lines)
    x1 = item.x + max(line.frags[0].x + line.width for line in lines)
    y0 = item.y + lines[0].baseline - 0.75 * size  # cap height, about
    y1 = item.y + lines[-1].baseline + 0.2 * size
    cx, cy = item.x + item.w / 2, item.y + item.h / 2
    if item.rotate in (90, 270, 180):
        x0, y0, x1, y1 = _turned((x0, y0, x1, y1), cx, cy, int(item.rotate))
    elif item.rotate:  # any other angle: the box that holds the turned corners
        rad = math.radians(item.rotate)
        c, s = math.cos(rad), math.sin(rad)
        xs, ys = zip(*[(cx + (px - cx) * c - (py - cy) * s, cy + (px - cx) * s + (py - cy) * c)
                       for px in (x0, x1) for py in (y0, y1)])
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
    return x0, y0, x1, y1


def _turned(box: Box, cx: float, cy: float, angle: int) -> Box:
    x0, y0, x1, y1 = box
    if angle == 180:
        return 2 * cx - x1, 2 * cy - y1, 2 * cx - x0, 2 * cy - y0
    hw, hh = (x1 - x0) / 2, (y1 - y0) / 2
    mx, my = (x0 + x1) / 2 - cx, (y0 + y1) / 2 - cy
    mx, my = (-my, mx) if angle == 90 else (my, -mx)
    return cx + mx - hh, cy + my - hw, cx + mx + hh, cy + my + hw


def _floor(ratio: float) -> float:
    return int(ratio * 10) / 10  # 4.49 shows as 4.4, never as a passing 4.5


def hex_colour(rgb: RGB) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb)
