"""Gutterfold imposition: fronts and backs on one page, on each side of a fold line.

Contract: `plan_fold(spec)` returns the `SheetPlan` (mode `fold`) or a `Problem` saying why the card does
not fit: of the four layouts (portrait or landscape paper, fold vertical or horizontal) the one
holding most cards wins. Fronts sit on one half pushed against the fold (left of a vertical fold,
above a horizontal one), backs at their mirror image on the other half, rotated 180° when the fold
is horizontal so that both read the same way once folded; the bleed stops short of the fold and
the crop marks `FOLD_CLEAR` before it. The rules of `imposition.py` hold on each half (printer's
margin, gutters, crop marks).
"""
from __future__ import annotations

from ..core.errors import Problem
from .imposition import (FOLD_CLEAR, FOLD_GAP, SheetPlan, SheetSpec, Slot, _Grid, boxes, fits, grid, marks,
                         mirror_box, orientations, slots, too_big)
from .marks import MARK_GAP, Box, printable_box


def plan_fold(spec: SheetSpec) -> SheetPlan | Problem:
    options = [(w, h, vertical) for w, h in orientations(spec) for vertical in (True, False)]
    best = max(options, key=lambda o: _count(spec, *o))
    if _count(spec, *best) == 0:
        return too_big(spec)
    return _plan(spec, *best)


def _half(spec: SheetSpec, width: float, height: float, vertical: bool) -> tuple[float, float]:
    """The size of the front half as `grid` sees it: the fold side counts as a margin of a reserve."""
    if vertical:
        return (width - FOLD_GAP) / 2 + spec.reserve, height
    return width, (height - FOLD_GAP) / 2 + spec.reserve


def _count(spec: SheetSpec, width: float, height: float, vertical: bool) -> int:
    hw, hh = _half(spec, width, height, vertical)
    gx, gy = spec.gaps
    return fits(spec, hw, spec.card_w, gx) * fits(spec, hh, spec.card_h, gy)


def _plan(spec: SheetSpec, width: float, height: float, vertical: bool) -> SheetPlan:
    hw, hh = _half(spec, width, height, vertical)
    g = _grid(spec, width, height, hw, hh, vertical)
    fronts = [Slot(s.x, s.y, s.rotate, _short_of_fold(s.clip, width, height, vertical)) for s in slots(spec, g)]
    backs = [_back(s, spec, width, height, vertical) for s in fronts]
    area = printable_box(width, height, spec.printer_margin)
    half = (area[0], area[1], width / 2 - FOLD_CLEAR, area[3]) if vertical else \
        (area[0], height / 2 + FOLD_CLEAR, area[2], area[3])
    front_marks = marks(spec, g, half)
    all_marks = front_marks + [mirror_box(m, width, height, vertical) for m in front_marks]
    trim, bleed = boxes(spec, g)
    fold = (width / 2, 0.0, width / 2, height) if vertical else (0.0, height / 2, width, height / 2)
    page_trim, page_bleed = _union(trim, width, height, vertical), _union(bleed, width, height, vertical)
    return SheetPlan(width, height, tuple(fronts), tuple(backs), tuple(all_marks), (), page_trim, page_bleed,
                     page_trim, page_bleed, fold, "fold", g.cols, g.rows, area, spec.gaps)


def _grid(spec: SheetSpec, width: float, height: float, hw: float, hh: float, vertical: bool) -> _Grid:
    """The front half's grid, pushed against the fold (fronts left of, or above, the fold)."""
    g = grid(spec, 0.0, 0.0, hw, hh) if vertical else grid(spec, 0.0, height - hh, hw, hh)
    grid_w = g.cols * g.pitch_x - (g.pitch_x - spec.card_w)
    if vertical:
        return _Grid(g.cols, g.rows, width / 2 - FOLD_GAP / 2 - grid_w, g.y0, g.pitch_x, g.pitch_y,
                     g.outer_x, g.outer_y, g.inner_x, g.inner_y)
    return _Grid(g.cols, g.rows, g.x0, height / 2 + FOLD_GAP / 2, g.pitch_x, g.pitch_y,
                 g.outer_x, g.outer_y, g.inner_x, g.inner_y)


def _short_of_fold(clip: Box, width: float, height: float, vertical: bool) -> Box:
    """A front's bleed cut back so that it stops short of the fold."""
    x0, y0, x1, y1 = clip
    if vertical:
        return (x0, y0, min(x1, width / 2 - MARK_GAP), y1)
    return (x0, max(y0, height / 2 + MARK_GAP), x1, y1)


def _union(box: Box, width: float, height: float, vertical: bool) -> Box:
    """A box and its mirror image across the fold, as one box."""
    m = mirror_box(box, width, height, vertical)
    return (min(box[0], m[0]), min(box[1], m[1]), max(box[2], m[2]), max(box[3], m[3]))


def _back(slot: Slot, spec: SheetSpec, width: float, height: float, vertical: bool) -> Slot:
    clip = mirror_box(slot.clip, width, height, vertical)
    if vertical:
        return Slot(width - slot.x - spec.card_w, slot.y, 0, clip)
    return Slot(slot.x, height - slot.y - spec.card_h, 180, clip)
