"""Imposition: where cards sit on a printed sheet, their backs, the crop marks and the boxes.

Contract: `plan_sheet(spec)` returns a `SheetPlan` (or a str saying why the card does not fit) for
cards of one size on one paper. All coordinates are PDF points, origin bottom-left of the page.
- Cards form a centred grid; the orientation holding most cards wins unless one is forced.
- Butted cards (gap 0) get bleed only on the grid's outer sides; with a gap, each card gets up to
  half the gap. Bleed is cut back where the margin must hold crop marks.
- Crop marks lie in the margins only, on every cut line, from 1 mm outside the bleed, up to 5 mm
  long, never closer than 2 mm to the paper's edge.
- Backs: `long-edge` and `short-edge` duplex put backs on the next page at the mirrored position
  (the sheet turns over about its long or short side; for a landscape page the long side is
  horizontal); `fold` puts fronts and backs on the same page on each side of a fold line (backs
  rotated 180° when the fold is horizontal); the back offset nudges back positions.
- `crop_ticks` (the marks of one cut line) and `count_fitting` (how many pieces fit a row) serve
  tiling.py and counters.py too.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..model.units import MM

MARK_OFFSET = 1.0 * MM
MARK_LEN = 5.0 * MM
MARK_MIN = 2.0 * MM
EDGE = 2.0 * MM
MIN_MARGIN = 6.0 * MM
FOLD_GAP = 8.0 * MM

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class Slot:
    x: float
    y: float
    rotate: int
    clip: Box


@dataclass(frozen=True)
class SheetSpec:
    card_w: float
    card_h: float
    bleed: float
    gap: float
    paper: tuple[float, float]
    orientation: str = "auto"
    backs: str = "none"
    back_offset: tuple[float, float] = (0.0, 0.0)
    marks: bool = True


@dataclass(frozen=True)
class SheetPlan:
    width: float
    height: float
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]
    marks: tuple[Box, ...]
    back_marks: tuple[Box, ...]
    trim_box: Box
    bleed_box: Box
    back_trim_box: Box | tuple
    back_bleed_box: Box | tuple
    fold: Box | None
    mode: str
    cols: int
    rows: int

    @property
    def per_page(self) -> int:
        return len(self.fronts)

    @property
    def duplex(self) -> bool:
        return self.mode in ("long-edge", "short-edge")


@dataclass(frozen=True)
class _Grid:
    cols: int
    rows: int
    x0: float
    y0: float
    pitch_x: float
    pitch_y: float
    outer: float
    inner: float


def plan_sheet(spec: SheetSpec) -> SheetPlan | str:
    if spec.backs == "fold":
        return _plan_fold(spec)
    pages = _orientations(spec)
    best = max(pages, key=lambda wh: _count(spec, wh[0], wh[1]))
    if _count(spec, *best) == 0:
        return _too_big(spec)
    return _plan_duplex(spec, *best)


def _orientations(spec: SheetSpec) -> list[tuple[float, float]]:
    short, long = sorted(spec.paper)
    if spec.orientation == "portrait":
        return [(short, long)]
    if spec.orientation == "landscape":
        return [(long, short)]
    return [(short, long), (long, short)]


def count_fitting(space: float, size: float, gap: float) -> int:
    """How many pieces of `size`, `gap` apart, fit in `space` (a row of cards, counters, dice nets)."""
    return max(0, math.floor((space + gap + 1e-6) / (size + gap)))


def _fits(space: float, size: float, gap: float) -> int:
    return count_fitting(space - 2 * MIN_MARGIN, size, gap)


def _count(spec: SheetSpec, width: float, height: float) -> int:
    return _fits(width, spec.card_w, spec.gap) * _fits(height, spec.card_h, spec.gap)


def _too_big(spec: SheetSpec) -> str:
    return (f"a {spec.card_w / MM:.0f} × {spec.card_h / MM:.0f} mm card does not fit on a "
            f"{spec.paper[0] / MM:.0f} × {spec.paper[1] / MM:.0f} mm sheet with room for crop marks")


def _grid(spec: SheetSpec, left: float, bottom: float, width: float, height: float) -> _Grid:
    cols, rows = _fits(width, spec.card_w, spec.gap), _fits(height, spec.card_h, spec.gap)
    grid_w = cols * spec.card_w + (cols - 1) * spec.gap
    grid_h = rows * spec.card_h + (rows - 1) * spec.gap
    mx, my = (width - grid_w) / 2, (height - grid_h) / 2
    room = min(mx, my) - (MARK_OFFSET + MARK_MIN + EDGE if spec.marks else EDGE)
    outer = max(0.0, min(spec.bleed, room))
    return _Grid(cols, rows, left + mx, bottom + my, spec.card_w + spec.gap, spec.card_h + spec.gap,
                 outer, min(spec.bleed, spec.gap / 2))


def _slots(spec: SheetSpec, g: _Grid) -> list[Slot]:
    out = []
    for r in range(g.rows):  # top row first
        for c in range(g.cols):
            x = g.x0 + c * g.pitch_x
            y = g.y0 + (g.rows - 1 - r) * g.pitch_y
            left = g.outer if c == 0 else g.inner
            right = g.outer if c == g.cols - 1 else g.inner
            bottom = g.outer if r == g.rows - 1 else g.inner
            top = g.outer if r == 0 else g.inner
            out.append(Slot(x, y, 0, (x - left, y - bottom, x + spec.card_w + right, y + spec.card_h + top)))
    return out


def _boxes(spec: SheetSpec, g: _Grid) -> tuple[Box, Box]:
    x1 = g.x0 + g.cols * g.pitch_x - spec.gap
    y1 = g.y0 + g.rows * g.pitch_y - spec.gap
    trim = (g.x0, g.y0, x1, y1)
    return trim, (g.x0 - g.outer, g.y0 - g.outer, x1 + g.outer, y1 + g.outer)


def _cut_lines(spec: SheetSpec, g: _Grid) -> tuple[list[float], list[float]]:
    xs = sorted({round(g.x0 + c * g.pitch_x + d, 4) for c in range(g.cols) for d in (0.0, spec.card_w)})
    ys = sorted({round(g.y0 + r * g.pitch_y + d, 4) for r in range(g.rows) for d in (0.0, spec.card_h)})
    return xs, ys


def _marks(spec: SheetSpec, g: _Grid, area: Box) -> list[Box]:
    if not spec.marks:
        return []
    trim, bleed = _boxes(spec, g)
    xs, ys = _cut_lines(spec, g)
    ax0, ay0, ax1, ay1 = area
    out: list[Box] = []
    for x in xs:
        out += crop_ticks(x, bleed[1], bleed[3], ay0, ay1, vertical=True)
    for y in ys:
        out += crop_ticks(y, bleed[0], bleed[2], ax0, ax1, vertical=False)
    return out


def crop_ticks(at: float, low: float, high: float, edge_low: float, edge_high: float, vertical: bool) -> list[Box]:
    """Two crop marks on the cut line `at`, one in each margin beyond [low, high] (a mark stops
    EDGE short of `edge_low` or `edge_high`, the paper's edges, and is left out when too short)."""
    out = []
    for start, direction, edge in ((low, -1, edge_low), (high, 1, edge_high)):
        begin = start + direction * MARK_OFFSET
        room = abs(edge - begin) - EDGE
        length = min(MARK_LEN, room)
        if length >= MARK_MIN:
            end = begin + direction * length
            out.append((at, begin, at, end) if vertical else (begin, at, end, at))
    return out


def _plan_duplex(spec: SheetSpec, width: float, height: float) -> SheetPlan:
    g = _grid(spec, 0.0, 0.0, width, height)
    fronts = _slots(spec, g)
    marks = _marks(spec, g, (0.0, 0.0, width, height))
    trim, bleed = _boxes(spec, g)
    mirror_x = (spec.backs == "long-edge") == (height >= width)
    dx, dy = spec.back_offset
    backs = [_mirror(s, spec, width, height, mirror_x, dx, dy) for s in fronts] if spec.backs != "none" else []
    back_marks = [_mirror_box(m, width, height, mirror_x, dx, dy) for m in marks]
    return SheetPlan(width, height, tuple(fronts), tuple(backs), tuple(marks), tuple(back_marks), trim, bleed,
                     _mirror_box(trim, width, height, mirror_x, dx, dy), _mirror_box(bleed, width, height, mirror_x, dx, dy),
                     None, spec.backs, g.cols, g.rows)


def _mirror(slot: Slot, spec: SheetSpec, width, height, mirror_x: bool, dx: float, dy: float) -> Slot:
    clip = _mirror_box(slot.clip, width, height, mirror_x, dx, dy)
    if mirror_x:
        return Slot(width - slot.x - spec.card_w + dx, slot.y - dy, slot.rotate, clip)
    return Slot(slot.x + dx, height - slot.y - spec.card_h - dy, slot.rotate, clip)


def _mirror_box(box: Box, width, height, mirror_x: bool, dx: float, dy: float) -> Box:
    x0, y0, x1, y1 = box
    if mirror_x:
        return (width - x1 + dx, y0 - dy, width - x0 + dx, y1 - dy)
    return (x0 + dx, height - y1 - dy, x1 + dx, height - y0 - dy)


def _plan_fold(spec: SheetSpec) -> SheetPlan | str:
    options = [(w, h, vertical) for w, h in _orientations(spec) for vertical in (True, False)]
    best = max(options, key=lambda o: _fold_count(spec, *o))
    if _fold_count(spec, *best) == 0:
        return _too_big(spec)
    return _fold_plan(spec, *best)


def _fold_half(width: float, height: float, vertical: bool) -> tuple[float, float]:
    return ((width - FOLD_GAP) / 2 + MIN_MARGIN, height) if vertical else (width, (height - FOLD_GAP) / 2 + MIN_MARGIN)


def _fold_count(spec: SheetSpec, width: float, height: float, vertical: bool) -> int:
    hw, hh = _fold_half(width, height, vertical)
    return _fits(hw, spec.card_w, spec.gap) * _fits(hh, spec.card_h, spec.gap)


def _fold_plan(spec: SheetSpec, width: float, height: float, vertical: bool) -> SheetPlan:
    hw, hh = _fold_half(width, height, vertical)
    g = _fold_grid(spec, width, height, hw, hh, vertical)
    fronts = _slots(spec, g)
    backs = [_fold_back(s, spec, width, height, vertical) for s in fronts]
    half = (0.0, 0.0, width / 2, height) if vertical else (0.0, height / 2, width, height)
    front_marks = _marks(spec, g, half)
    marks = front_marks + [_mirror_box(m, width, height, vertical, 0.0, 0.0) for m in front_marks]
    trim, bleed = _boxes(spec, g)
    fold = (width / 2, 0.0, width / 2, height) if vertical else (0.0, height / 2, width, height / 2)
    return SheetPlan(width, height, tuple(fronts), tuple(backs), tuple(marks), (), _union(trim, width, height, vertical),
                     _union(bleed, width, height, vertical), (), (), fold, "fold", g.cols, g.rows)


def _union(box: Box, width, height, vertical: bool) -> Box:
    """A box and its mirror image across the fold, as one box."""
    m = _mirror_box(box, width, height, vertical, 0.0, 0.0)
    return (min(box[0], m[0]), min(box[1], m[1]), max(box[2], m[2]), max(box[3], m[3]))


def _fold_grid(spec: SheetSpec, width, height, hw, hh, vertical: bool) -> _Grid:
    """The front half's grid, pushed against the fold (fronts left of, or above, the fold)."""
    g = _grid(spec, 0.0, 0.0, hw, hh) if vertical else _grid(spec, 0.0, height - hh, hw, hh)
    outer = min(g.outer, FOLD_GAP / 2 - 0.5 * MM)  # the bleed stops short of the fold
    grid_w = g.cols * g.pitch_x - spec.gap
    if vertical:
        return _Grid(g.cols, g.rows, width / 2 - FOLD_GAP / 2 - grid_w, g.y0, g.pitch_x, g.pitch_y, outer, g.inner)
    return _Grid(g.cols, g.rows, g.x0, height / 2 + FOLD_GAP / 2, g.pitch_x, g.pitch_y, outer, g.inner)


def _fold_back(slot: Slot, spec: SheetSpec, width, height, vertical: bool) -> Slot:
    clip = _mirror_box(slot.clip, width, height, vertical, 0.0, 0.0)
    if vertical:
        return Slot(width - slot.x - spec.card_w, slot.y, 0, clip)
    return Slot(slot.x, height - slot.y - spec.card_h, 180, clip)
