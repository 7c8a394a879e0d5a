"""Gutterfold imposition: fronts and backs on one page, on each side of a fold line.

Contract: `plan_fold(spec)` returns the `SheetPlan` (mode `fold`) or a `Problem` saying why the card does
not fit: of the four layouts (portrait or landscape paper, fold vertical or horizontal) the one
holding most cards wins. Fronts sit on one half pushed against the fold (left of a vertical fold,
above a horizontal one), backs at their mirror image on the other half, rotated 180° when the fold
is horizontal so that both read the same way once folded; the bleed stops short of the fold and
the crop marks `FOLD_CLEAR` before it. The rules of `imposition.py` hold on each half (printer's
margin, gutters, crop marks), except that the grid, pushed against the fold, has its outer bleed
from the margin it is left on its outer side, and its bleed on the fold side from the fold's room
(up to `MARK_GAP` short of the fold line).
"""
from __future__ import annotations

from ..core.errors import Problem
from .imposition import (FOLD_CLEAR, FOLD_GAP, SheetPlan, SheetSpec, Slot, _Grid, boxes, fits, grid, marks,
                         mirror_box, orientations, outer_bleed, slots, too_big)
from ..model.units import MM
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
    fronts = [Slot(s.x, s.y, s.rotate, _to_fold(spec, s, width, height, vertical)) for s in slots(spec, g)]
    backs = [_back(s, spec, width, height, vertical) for s in fronts]
    area = printable_box(width, height, spec.printer_margin)
    half = (area[0], area[1], width / 2 - FOLD_CLEAR, area[3]) if vertical else \
        (area[0], height / 2 + FOLD_CLEAR, area[2], area[3])
    clips = [s.clip for s in fronts]
    front_marks = [m for m in (_off_cards(m, clips) for m in marks(spec, g, half)
                               if not any(_touches(m, clip) for clip in clips)) if m is not None]
    all_marks = front_marks + [mirror_box(m, width, height, vertical) for m in front_marks]
    trim, _ = boxes(spec, g)
    bleed = _hull([s.clip for s in fronts])
    fold = (width / 2, 0.0, width / 2, height) if vertical else (0.0, height / 2, width, height / 2)
    page_trim, page_bleed = _union(trim, width, height, vertical), _union(bleed, width, height, vertical)
    return SheetPlan(width, height, tuple(fronts), tuple(backs), tuple(all_marks), (), page_trim, page_bleed,
                     page_trim, page_bleed, fold, "fold", g.cols, g.rows, area, spec.gaps,
                     (spec.card_w, spec.card_h), spec.bleed)


def _grid(spec: SheetSpec, width: float, height: float, hw: float, hh: float, vertical: bool) -> _Grid:
    """The front half's grid, pushed against the fold (fronts left of, or above, the fold)."""
    g = grid(spec, 0.0, 0.0, hw, hh) if vertical else grid(spec, 0.0, height - hh, hw, hh)
    grid_w = g.cols * g.pitch_x - (g.pitch_x - spec.card_w)
    grid_h = g.rows * g.pitch_y - (g.pitch_y - spec.card_h)
    if vertical:
        x0 = width / 2 - FOLD_GAP / 2 - grid_w  # (the outer margin: paper edge to the first column)
        return _Grid(g.cols, g.rows, x0, g.y0, g.pitch_x, g.pitch_y,
                     outer_bleed(spec, x0), g.outer_y, g.inner_x, g.inner_y)
    y0 = height / 2 + FOLD_GAP / 2
    return _Grid(g.cols, g.rows, g.x0, y0, g.pitch_x, g.pitch_y,
                 g.outer_x, outer_bleed(spec, height - y0 - grid_h), g.inner_x, g.inner_y)


def _to_fold(spec: SheetSpec, slot: Slot, width: float, height: float, vertical: bool) -> Box:
    """A front's bleed on the fold side: its whole bleed when the fold leaves room for it, always
    stopping `MARK_GAP` short of the fold line (the grid's outer bleed elsewhere)."""
    x0, y0, x1, y1 = slot.clip
    if vertical:
        edge = width / 2 - FOLD_GAP / 2
        near = abs(slot.x + spec.card_w - edge) < 0.01
        return (x0, y0, min(slot.x + spec.card_w + spec.bleed if near else x1, width / 2 - MARK_GAP), y1)
    edge = height / 2 + FOLD_GAP / 2
    near = abs(slot.y - edge) < 0.01
    return (x0, max(slot.y - spec.bleed if near else y0, height / 2 + MARK_GAP), x1, y1)


def _touches(mark: Box, clip: Box) -> bool:
    """Whether a crop mark (a segment) runs into a card's bleed."""
    x0, x1 = sorted((mark[0], mark[2]))
    y0, y1 = sorted((mark[1], mark[3]))
    return x0 < clip[2] - 0.01 and x1 > clip[0] + 0.01 and y0 < clip[3] - 0.01 and y1 > clip[1] + 0.01


CLEAR = 0.25 * MM  # a shortened crop mark ends this far from a card's bleed


def _off_cards(mark: Box, clips: list[Box]) -> Box | None:
    """A crop mark that runs along a card's edge (cards side by side, no gap) shortened to end where
    the card's bleed does, `CLEAR` before it: the bleed a fold gives the fold side reaches past the
    marks' usual gap.
    None when less than a millimetre is left."""
    x0, y0, x1, y1 = mark
    along = 1 if abs(x0 - x1) < 0.01 else 0  # the axis the segment runs along (1: a vertical mark)
    lo, hi = start = sorted((mark[along], mark[along + 2]))
    at = mark[1 - along]
    for clip in clips:
        if clip[1 - along] - 0.01 <= at <= clip[3 - along] + 0.01 and lo < clip[along + 2] and hi > clip[along]:
            if lo < clip[along]:
                hi = min(hi, clip[along] - CLEAR)
            else:
                lo = max(lo, clip[along + 2] + CLEAR)
    if [lo, hi] == start:
        return mark
    if hi - lo < MM:
        return None
    return (at, lo, at, hi) if along else (lo, at, hi, at)


def _hull(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _union(box: Box, width: float, height: float, vertical: bool) -> Box:
    """A box and its mirror image across the fold, as one box."""
    m = mirror_box(box, width, height, vertical)
    return (min(box[0], m[0]), min(box[1], m[1]), max(box[2], m[2]), max(box[3], m[3]))


def _back(slot: Slot, spec: SheetSpec, width: float, height: float, vertical: bool) -> Slot:
    clip = mirror_box(slot.clip, width, height, vertical)
    if vertical:
        return Slot(width - slot.x - spec.card_w, slot.y, 0, clip)
    return Slot(slot.x, height - slot.y - spec.card_h, 180, clip)
