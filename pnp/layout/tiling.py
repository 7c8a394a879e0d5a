"""Tiling: a page component larger than the paper, cut into overlapping tiles, one tile a page.

Contract: `plan_tiles(size, paper, margin, overlap, orientation, prefer, printer_margin)` returns a
`TilePlan` (or a `Problem` saying why the component cannot be tiled, or would take more than `MAX_TILES`
pages) for a component of `size` (its own page size, from a page layout's `size: [w, h]`) on
`paper`. Pure geometry, in points; no canvas here.
- Board coordinates `(u, v)` are the component's own: origin at its top-left corner, v downwards
  (as every face). Page coordinates are PDF's: origin at the bottom-left of the paper.
- When the component fits the paper's printable area (paper minus `margin` on every side) in
  either orientation, the plan has a single tile, centred, and no assembly map.
- Otherwise it is cut into `rows` x `cols` tiles of equal size that overlap their right and bottom
  neighbours by `overlap`: tile (r, c) shows the region `u in [c * step_u, c * step_u + tile_w]`
  (likewise v). The orientation with the fewest pages wins (ties: `prefer`), unless one is forced.
- Each tile carries: its label (rows are letters, columns numbers: "A1", "A2", "B1"), its
  neighbours, the glue strips it carries (its right and bottom overlaps, which the neighbour covers),
  crop marks in the margins at the corners of its region, and the widest free margin band (for a
  large label). Nothing of this is drawn on the playing surface: the strips are covered once the
  board is assembled, and the alignment marks (`registers`) lie in the margins beyond the board's
  edges, centred on the line where a joint's upper tile is cut (its left or top edge): the tiles
  on both sides of the joint print them, the upper tile keeps half of each once cut, and the halves
  meet the lower tile's whole marks when the tiles are laid right; the margins go at the end.
  A joint whose ends lie inside the board (a middle row of a 3 x 3 board) has none: its tiles are
  placed by their strips' dashed lines and their neighbours.
- Nothing lies in the printer's margin (`printer_margin` from the paper's edges).
- `MapView` places a small view of the whole component on the assembly map page (the first page
  of a tiled component), with each tile's outline and label.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ..core.errors import Problem
from ..model.units import MM
from .marks import MARK_LEN, MARK_OFFSET, PRINTER_MARGIN, crop_ticks

Box = tuple[float, float, float, float]  # page: x0, y0, x1, y1 (PDF, y up)
Region = tuple[float, float, float, float]  # board: u, v, w, h (top-left origin, v down)
MAX_TILES = 200  # pages a tiled component may take
REGISTER_RADIUS = 1.2 * MM  # a register mark: a circle of this radius and a cross 1.6 times as wide
REGISTER_ARM = 1.6 * REGISTER_RADIUS
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
    registers: tuple[tuple[float, float], ...]  # board points, in the margins beyond the board's edges
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
    printer_margin: float = PRINTER_MARGIN

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

    @property
    def printable(self) -> Box:
        m = self.printer_margin
        return (m, m, self.width - m, self.height - m)


def plan_tiles(size: tuple[float, float], paper: tuple[float, float], margin: float, overlap: float,
               orientation: str = "auto", prefer: str = "portrait",
               printer_margin: float = PRINTER_MARGIN) -> TilePlan | Problem:
    """The tiles of a component of `size` on `paper` (see the module docstring)."""
    width, height = size
    if margin < printer_margin - 1e-6:
        return Problem(f"the page's margin ({margin / MM:g} mm) is narrower than the printer's "
                       f"({printer_margin / MM:g} mm): the page would print clipped")
    options = _papers(paper, orientation, prefer)
    grids = [(_grid(width, height, pw - 2 * margin, ph - 2 * margin, overlap), pw, ph) for pw, ph in options]
    counts = [(grid, pw, ph) for grid, pw, ph in grids if grid is not None]
    if not counts:
        return Problem(f"a {width / MM:.0f} × {height / MM:.0f} mm page cannot be tiled on {paper[0] / MM:.0f} × "
                       f"{paper[1] / MM:.0f} mm paper with {margin / MM:g} mm margins and {overlap / MM:g} mm overlaps")
    (cols, rows), pw, ph = min(counts, key=lambda item: item[0][0] * item[0][1])  # stable: `prefer` first
    if cols * rows > MAX_TILES:
        return Problem(f"a {width / MM:.0f} × {height / MM:.0f} mm page would need {cols * rows} pages of "
                       f"{paper[0] / MM:.0f} × {paper[1] / MM:.0f} mm paper; at most {MAX_TILES}")
    return _plan(size, (pw, ph), margin, overlap, cols, rows, printer_margin)


def _papers(paper: tuple[float, float], orientation: str, prefer: str) -> list[tuple[float, float]]:
    short, long = sorted(paper)
    portrait, landscape = (short, long), (long, short)
    if orientation in ("portrait", "landscape"):
        return [portrait if orientation == "portrait" else landscape]
    return [landscape, portrait] if prefer == "landscape" else [portrait, landscape]


def _grid(width: float, height: float, avail_w: float, avail_h: float, overlap: float) -> tuple[int, int] | None:
    """(cols, rows) of tiles, or None when a tile could not hold more than its overlaps."""
    counts: list[int] = []
    for length, avail in ((width, avail_w), (height, avail_h)):
        if length <= avail + 1e-6:
            counts.append(1)
        elif avail <= 2 * overlap:
            return None
        else:
            counts.append(math.ceil((length - overlap) / (avail - overlap) - 1e-9))
    return counts[0], counts[1]


def _plan(size: tuple[float, float], paper: tuple[float, float], margin: float, overlap: float, cols: int, rows: int,
          printer_margin: float) -> TilePlan:
    width, height = size
    tile_w = (width + (cols - 1) * overlap) / cols
    tile_h = (height + (rows - 1) * overlap) / rows
    pw, ph = paper
    x0, y0 = (pw - tile_w) / 2, (ph - tile_h) / 2
    page_box = (x0, y0, x0 + tile_w, y0 + tile_h)
    area = (printer_margin, printer_margin, pw - printer_margin, ph - printer_margin)
    depth = min(x0, y0) - printer_margin  # the margin beyond the region, within the printable area
    tiles: list[Tile] = []
    for r in range(rows):
        for c in range(cols):
            region = (c * (tile_w - overlap), r * (tile_h - overlap), tile_w, tile_h)
            registers = _registers(r, c, rows, cols, (tile_w - overlap, tile_h - overlap), size, depth)
            tiles.append(Tile(r, c, label(r, c), region, page_box, _neighbours(r, c, rows, cols),
                              _strips(r, c, rows, cols, region, overlap), registers, _crop(page_box, area),
                              _label_box(page_box, area)))
    plan = TilePlan(pw, ph, size, margin, overlap, rows, cols, tuple(tiles), None, printer_margin)
    return plan if plan.single else _with_map(plan)


def label(row: int, col: int) -> str:
    """"A1" for the top-left tile; rows are letters, columns numbers."""
    letters = ""
    row += 1
    while row:
        row, rest = divmod(row - 1, 26)
        letters = chr(65 + rest) + letters
    return f"{letters}{col + 1}"


def _neighbours(r: int, c: int, rows: int, cols: int) -> tuple[tuple[str, str], ...]:
    found = {"left": (r, c - 1), "right": (r, c + 1), "top": (r - 1, c), "bottom": (r + 1, c)}
    return tuple((side, label(rr, cc)) for side, (rr, cc) in found.items() if 0 <= rr < rows and 0 <= cc < cols)


def _strips(r: int, c: int, rows: int, cols: int, region: Region, overlap: float) -> tuple[Strip, ...]:
    u, v, w, h = region
    out: list[Strip] = []
    if c < cols - 1:
        out.append(Strip("right", (u + w - overlap, v, overlap, h), label(r, c + 1)))
    if r < rows - 1:
        out.append(Strip("bottom", (u, v + h - overlap, w, overlap), label(r + 1, c)))
    return tuple(out)


def _registers(r: int, c: int, rows: int, cols: int, step: tuple[float, float], size: tuple[float, float],
               depth: float) -> tuple[tuple[float, float], ...]:
    """The register marks a tile prints (board points): at the outer ends of the joints beside it,
    the joint's line being where its upper tile is cut (`step` apart), `depth` the margin's room."""
    d = min(depth, MARK_OFFSET + MARK_LEN) / 2  # the mark's centre, beyond the board's edge (with the crop marks)
    if d < REGISTER_ARM + 0.3 * MM:
        return ()
    out: list[tuple[float, float]] = []
    for j in (c, c + 1):  # vertical joints: the tile's own left edge, the next tile's left edge
        if 0 < j < cols:
            out += [(j * step[0], -d)] * (r == 0) + [(j * step[0], size[1] + d)] * (r == rows - 1)
    for j in (r, r + 1):
        if 0 < j < rows:
            out += [(-d, j * step[1])] * (c == 0) + [(size[0] + d, j * step[1])] * (c == cols - 1)
    return tuple(out)


def _crop(box: Box, area: Box) -> tuple[Box, ...]:
    """Crop marks in the margins on the four edges of the tile's region (as imposition draws them)."""
    x0, y0, x1, y1 = box
    out: list[Box] = []
    for x in (x0, x1):
        out += crop_ticks(x, y0, y1, area[1], area[3], vertical=True)
    for y in (y0, y1):
        out += crop_ticks(y, x0, x1, area[0], area[2], vertical=False)
    return tuple(out)


def _label_box(box: Box, area: Box) -> Box | None:
    """The widest margin band beside the region, short of the printable edge and the crop marks."""
    x0, y0, x1, y1 = box
    gap = MARK_OFFSET + MARK_LEN
    bands = [((area[0], y0, x0 - gap, y1), x0 - gap - area[0]), ((x1 + gap, y0, area[2], y1), area[2] - x1 - gap)]
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


__all__ = ["TilePlan", "Tile", "Strip", "MapView", "plan_tiles", "label", "REGISTER_RADIUS", "REGISTER_ARM"]
