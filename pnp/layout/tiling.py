"""Tiling: a page component larger than the paper, cut into overlapping tiles, one tile a page.

Contract: `plan_tiles(size, paper, margin, overlap, orientation)` returns a `TilePlan` (or a str
saying why the component cannot be tiled, or would take more than `MAX_TILES` pages) for a
component of `size` (its own page size, from a page layout's `size: [w, h]`) on `paper`. Pure
geometry, in points; no canvas here.
- Board coordinates `(u, v)` are the component's own: origin at its top-left corner, v downwards
  (as every face). Page coordinates are PDF's: origin at the bottom-left of the paper.
- When the component fits the paper's printable area (paper minus `margin` on every side) in
  either orientation, the plan has a single tile, centred, and no assembly map.
- Otherwise it is cut into `rows` x `cols` tiles of equal size that overlap their right and bottom
  neighbours by `overlap`: tile (r, c) shows the region `u in [c * step_u, c * step_u + tile_w]`
  (likewise v). The orientation with the fewest pages wins (ties: `prefer`), unless one is forced.
- Each tile carries: its label (rows are letters, columns numbers: "A1", "A2", "B1"), its
  neighbours, the glue strips it carries (its right and bottom overlaps, which the neighbour covers),
  the alignment marks inside its overlaps (board coordinates: the same mark is on both tiles of a
  joint, so they coincide once the tiles are assembled), crop marks in the margins at the corners
  of its region, and the widest free margin band (for a large label).
- `MapView` places a small view of the whole component on the assembly map page (the first page
  of a tiled component), with each tile's outline and label.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..model.units import MM
from .imposition import EDGE, MARK_LEN, MARK_OFFSET, crop_ticks

Box = tuple[float, float, float, float]  # page: x0, y0, x1, y1 (PDF, y up)
Region = tuple[float, float, float, float]  # board: u, v, w, h (top-left origin, v down)
MAX_TILES = 200  # pages a tiled component may take
MARKS_PER_JOINT = 3
MARK_RADIUS = 2.5 * MM  # an alignment mark: a circle of this radius and a cross 1.5 times as wide
MAP_TITLE = 16 * MM  # room above the map for its title
MAP_NOTES = 42 * MM  # room below the map for the assembly steps


@dataclass(frozen=True)
class Strip:
    """A glue strip of a tile: its overlap with the neighbour laid over it (`side`: right or bottom)."""

    side: str
    region: Region
    neighbour: str


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    label: str
    region: Region
    page_box: Box
    neighbours: tuple[tuple[str, str], ...]  # (side, label)
    strips: tuple[Strip, ...]
    marks: tuple[tuple[float, float], ...]
    crop: tuple[Box, ...]
    label_box: Box | None

    def to_page(self, u: float, v: float) -> tuple[float, float]:
        """The page point where board point (u, v) is printed on this tile."""
        return self.page_box[0] + u - self.region[0], self.page_box[3] - (v - self.region[1])

    def page_rect(self, region: Region) -> Box:
        """A board region (inside this tile) as a page box."""
        x0, y1 = self.to_page(region[0], region[1])
        return x0, y1 - region[3], x0 + region[2], y1


@dataclass(frozen=True)
class MapView:
    """The assembly map: the component scaled into `box`, each tile's outline (page boxes) and label."""

    scale: float
    box: Box
    tiles: tuple[tuple[str, Box], ...]
    overlaps: tuple[Box, ...]
    label_size: float
    title_y: float
    notes_top: float


@dataclass(frozen=True)
class TilePlan:
    width: float
    height: float
    size: tuple[float, float]
    margin: float
    overlap: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]
    map: MapView | None

    @property
    def single(self) -> bool:
        return len(self.tiles) == 1

    @property
    def pages(self) -> int:
        """Pages of one copy: the tiles, and the assembly map when there are several."""
        return len(self.tiles) + (0 if self.single else 1)

    @property
    def step(self) -> tuple[float, float]:
        """How far apart (in board units) neighbouring tiles' regions start."""
        first = self.tiles[0].region
        return first[2] - self.overlap, first[3] - self.overlap


def plan_tiles(size: tuple[float, float], paper: tuple[float, float], margin: float, overlap: float,
               orientation: str = "auto", prefer: str = "portrait") -> TilePlan | str:
    """The tiles of a component of `size` on `paper` (see the module docstring)."""
    width, height = size
    options = _papers(paper, orientation, prefer)
    grids = [(_grid(width, height, pw - 2 * margin, ph - 2 * margin, overlap), pw, ph) for pw, ph in options]
    counts = [(grid, pw, ph) for grid, pw, ph in grids if grid is not None]
    if not counts:
        return (f"a {width / MM:.0f} × {height / MM:.0f} mm page cannot be tiled on {paper[0] / MM:.0f} × "
                f"{paper[1] / MM:.0f} mm paper with {margin / MM:g} mm margins and {overlap / MM:g} mm overlaps")
    (cols, rows), pw, ph = min(counts, key=lambda item: item[0][0] * item[0][1])  # stable: `prefer` first
    if cols * rows > MAX_TILES:
        return (f"a {width / MM:.0f} × {height / MM:.0f} mm page would need {cols * rows} pages of "
                f"{paper[0] / MM:.0f} × {paper[1] / MM:.0f} mm paper; at most {MAX_TILES}")
    return _plan(size, (pw, ph), margin, overlap, cols, rows)


def _papers(paper: tuple[float, float], orientation: str, prefer: str) -> list[tuple[float, float]]:
    short, long = sorted(paper)
    portrait, landscape = (short, long), (long, short)
    if orientation in ("portrait", "landscape"):
        return [portrait if orientation == "portrait" else landscape]
    return [landscape, portrait] if prefer == "landscape" else [portrait, landscape]


def _grid(width, height, avail_w, avail_h, overlap) -> tuple[int, int] | None:
    """(cols, rows) of tiles, or None when a tile could not hold more than its overlaps."""
    counts = []
    for length, avail in ((width, avail_w), (height, avail_h)):
        if length <= avail + 1e-6:
            counts.append(1)
        elif avail <= 2 * overlap:
            return None
        else:
            counts.append(math.ceil((length - overlap) / (avail - overlap) - 1e-9))
    return counts[0], counts[1]


def _plan(size, paper, margin, overlap, cols, rows) -> TilePlan:
    width, height = size
    tile_w = (width + (cols - 1) * overlap) / cols
    tile_h = (height + (rows - 1) * overlap) / rows
    pw, ph = paper
    x0, y0 = (pw - tile_w) / 2, (ph - tile_h) / 2
    page_box = (x0, y0, x0 + tile_w, y0 + tile_h)
    tiles = []
    for r in range(rows):
        for c in range(cols):
            region = (c * (tile_w - overlap), r * (tile_h - overlap), tile_w, tile_h)
            tiles.append(Tile(r, c, label(r, c), region, page_box, _neighbours(r, c, rows, cols),
                              _strips(r, c, rows, cols, region, overlap), (), _crop(page_box, paper),
                              _label_box(page_box, paper, margin)))
    marks = _marks(tiles, rows, cols, overlap)
    tiles = [_with_marks(t, marks) for t in tiles]
    plan = TilePlan(pw, ph, size, margin, overlap, rows, cols, tuple(tiles), None)
    return plan if plan.single else _with_map(plan)


def label(row: int, col: int) -> str:
    """"A1" for the top-left tile; rows are letters, columns numbers."""
    letters = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        letters = chr(65 + rest) + letters
    return f"{letters}{col + 1}"


def _neighbours(r, c, rows, cols) -> tuple[tuple[str, str], ...]:
    found = {"left": (r, c - 1), "right": (r, c + 1), "top": (r - 1, c), "bottom": (r + 1, c)}
    return tuple((side, label(rr, cc)) for side, (rr, cc) in found.items() if 0 <= rr < rows and 0 <= cc < cols)


def _strips(r, c, rows, cols, region: Region, overlap: float) -> tuple[Strip, ...]:
    u, v, w, h = region
    out = []
    if c < cols - 1:
        out.append(Strip("right", (u + w - overlap, v, overlap, h), label(r, c + 1)))
    if r < rows - 1:
        out.append(Strip("bottom", (u, v + h - overlap, w, overlap), label(r + 1, c)))
    return tuple(out)


def _marks(tiles: list[Tile], rows: int, cols: int, overlap: float) -> list[tuple[float, float]]:
    """Alignment marks along every joint, in board coordinates, clear of the crossing strips."""
    marks = []
    for tile in tiles:
        for strip in tile.strips:
            u, v, w, h = strip.region
            if strip.side == "right":
                low = v + (overlap if tile.row > 0 else 0.0)
                high = v + h - (overlap if tile.row < rows - 1 else 0.0)
                marks += [(u + w / 2, p) for p in _spread(low, high)]
            else:
                low = u + (overlap if tile.col > 0 else 0.0)
                high = u + w - (overlap if tile.col < cols - 1 else 0.0)
                marks += [(p, v + h / 2) for p in _spread(low, high)]
    return marks


def _spread(low: float, high: float) -> list[float]:
    """MARKS_PER_JOINT points across [low, high], the outer ones a mark's width from the ends."""
    inset = min(2 * MARK_RADIUS + 2 * MM, (high - low) / 2)
    a, b = low + inset, high - inset
    if MARKS_PER_JOINT == 1 or b <= a:
        return [(low + high) / 2]
    return [a + (b - a) * i / (MARKS_PER_JOINT - 1) for i in range(MARKS_PER_JOINT)]


def _with_marks(tile: Tile, marks: list[tuple[float, float]]) -> Tile:
    u, v, w, h = tile.region
    return replace(tile, marks=tuple(m for m in marks if u < m[0] < u + w and v < m[1] < v + h))


def _crop(box: Box, paper: tuple[float, float]) -> tuple[Box, ...]:
    """Crop marks in the margins on the four edges of the tile's region (as imposition draws them)."""
    x0, y0, x1, y1 = box
    pw, ph = paper
    out: list[Box] = []
    for x in (x0, x1):
        out += crop_ticks(x, y0, y1, 0.0, ph, vertical=True)
    for y in (y0, y1):
        out += crop_ticks(y, x0, x1, 0.0, pw, vertical=False)
    return tuple(out)


def _label_box(box: Box, paper: tuple[float, float], margin: float) -> Box | None:
    """The widest margin band beside the region, short of the paper's edge and the crop marks."""
    x0, y0, x1, y1 = box
    pw, ph = paper
    gap = MARK_OFFSET + MARK_LEN
    bands = [((EDGE + margin / 2, y0, x0 - gap, y1), x0 - gap - EDGE - margin / 2),
             ((x1 + gap, y0, pw - EDGE - margin / 2, y1), pw - EDGE - margin / 2 - x1 - gap)]
    band, room = max(bands, key=lambda b: b[1])
    return band if room >= 12 * MM else None


def _with_map(plan: TilePlan) -> TilePlan:
    """The plan with its assembly map: the component scaled into the page under a title."""
    m = plan.margin
    avail_w = plan.width - 2 * m
    avail_h = plan.height - 2 * m - MAP_TITLE - MAP_NOTES
    w, h = plan.size
    scale = min(avail_w / w, avail_h / h, 1.0)
    left = (plan.width - w * scale) / 2
    top = plan.height - m - MAP_TITLE
    box = (left, top - h * scale, left + w * scale, top)
    tiles = tuple((t.label, _scaled(t.region, scale, left, top)) for t in plan.tiles)
    overlaps = tuple(_scaled(s.region, scale, left, top) for t in plan.tiles for s in t.strips)
    smallest = min(min(b[2] - b[0], b[3] - b[1]) for _, b in tiles)
    label_size = max(8.0, min(36.0, smallest * 0.3))
    return replace(plan, map=MapView(scale, box, tiles, overlaps, label_size, plan.height - m - MAP_TITLE / 2,
                                     box[1] - 6 * MM))


def _scaled(region: Region, scale: float, left: float, top: float) -> Box:
    u, v, w, h = region
    return (left + u * scale, top - (v + h) * scale, left + (u + w) * scale, top - v * scale)


__all__ = ["TilePlan", "Tile", "Strip", "MapView", "plan_tiles", "label", "MARK_RADIUS"]
