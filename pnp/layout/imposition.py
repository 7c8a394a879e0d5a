"""Imposition: where cards sit on a printed sheet, their backs, the crop marks and the boxes.

Contract: `plan_sheet(spec)` returns a `SheetPlan` (or a `Problem` saying why the card does not fit) for
cards of one size on one paper. All coordinates are PDF points, origin bottom-left of the page.
- Nothing is placed in the printer's margin (`spec.printer_margin` from every paper edge): cards,
  their bleed and the crop marks keep inside the printable area (`layout.marks`).
- Cards form a centred grid; the orientation holding most cards wins unless one is forced. A row
  (column) of cards fits when the printable area also holds a crop mark's least room beyond it.
- Cards are butted (gap 0), or `gap` apart; a gutter (`spec.gutter`, per direction: between
  columns, between rows) makes that gap at least twice the bleed, so every card gets its full bleed
  on every side and no neighbour's colour reaches its cut. Inside the grid each card gets up to
  half the gap as bleed; on the grid's outer sides, the bleed the margin leaves room for once a
  crop mark can be `MARK_GOOD` long (the bleed is given up first: a mark to cut along matters more;
  `SheetPlan.short_bleed` names those sides, which the build's file report says).
- Crop marks lie in the margins only, on every cut line (`layout.marks.crop_ticks`).
- A sheet template (`plan_template(spec, template)`: a label or sticker sheet, a print service's
  n-up template) gives the slots itself, on its own paper: `columns` × `rows` of its `slot` size
  (the cards' size), `gap` apart, from `offset` (default: centred); per-slot marks (`corners`: crop
  ticks beyond each corner, `outline`: a cut line round each slot, `none`), and a card's bleed cut
  to the template's `bleed` and half the gaps. Backs are mirrored as on any sheet.
- Mixed imposition: `fill_sheets(groups, per_page)` deals the cards of decks of one size onto the
  same sheets, each deck after the one before it, so the last sheet of a deck is filled by the
  next deck's cards and only the very last sheet may be part empty.
- Backs: `long-edge` and `short-edge` duplex put backs on the next page at the mirrored position
  (the sheet turns over about its long or short side; for a landscape page the long side is
  horizontal); `fold` puts fronts and backs on the same page on each side of a fold line (backs
  rotated 180° when the fold is horizontal); the back offset nudges back positions, and what it
  pushes into the printer's margin (bleed, marks) is cut back.
`page_slots(plan, count, page)` says which of a deck's card copies lie in which slot of a page of
the PDF the deck makes (the preview's map of a page: pnp.live.studio).
"""
from __future__ import annotations

from dataclasses import dataclass

from typing import TYPE_CHECKING, Sequence, TypeVar

from ..core.errors import Problem
from ..model.units import MM
from .marks import (MARK_GAP, MARK_GOOD, MARK_ROOM, PRINTER_MARGIN, Box, clip_segment, count_fitting, crop_ticks,
                    inside, leave_strips, printable_box)
from .notes import NOTE_BAND

if TYPE_CHECKING:  # pragma: no cover
    from ..model.layout import SheetTemplate

T = TypeVar("T")
FOLD_GAP = 8.0 * MM
FOLD_CLEAR = 1.5 * MM  # crop marks stop this far from the fold line


@dataclass(frozen=True)
class Slot:
    """Where one card side lies on a sheet: its lower-left corner, its turn and its clip box (the bleed it
    may print)."""

    x: float
    y: float
    rotate: int
    clip: Box


@dataclass(frozen=True)
class SheetSpec:
    """What a sheet is imposed for: the card size, bleed and gap, the paper, orientation, backs, marks and
    margins."""

    card_w: float
    card_h: float
    bleed: float
    gap: float
    paper: tuple[float, float]
    orientation: str = "auto"
    backs: str = "none"
    back_offset: tuple[float, float] = (0.0, 0.0)
    marks: bool = True
    gutter: tuple[bool, bool] = (False, False)  # between columns, between rows
    printer_margin: float = PRINTER_MARGIN

    @property
    def gaps(self) -> tuple[float, float]:
        """The gap between columns and between rows: `gap`, widened to a gutter where asked."""
        wide = max(self.gap, 2 * self.bleed)
        across, down = self.gutter
        return (wide if across else self.gap, wide if down else self.gap)

    @property
    def reserve(self) -> float:
        """How far from the paper's edge the cards' trim must stay at the least."""
        return self.printer_margin + (MARK_ROOM if self.marks else 0.0)


@dataclass(frozen=True)
class SheetPlan:
    """An imposed sheet: its size, the fronts' and backs' slots, the crop marks, the trim and bleed boxes,
    the fold."""

    width: float
    height: float
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]
    marks: tuple[Box, ...]
    back_marks: tuple[Box, ...]
    trim_box: Box
    bleed_box: Box
    back_trim_box: Box  # (a folded sheet's backs lie on its one page: the page's boxes)
    back_bleed_box: Box
    fold: Box | None
    mode: str
    cols: int
    rows: int
    printable: Box = (0.0, 0.0, 0.0, 0.0)
    gaps: tuple[float, float] = (0.0, 0.0)
    card: tuple[float, float] = (0.0, 0.0)  # the cards' trim size
    bleed: float = 0.0  # the most bleed a card may have (where an empty slot leaves it room)
    template: bool = False  # a sheet template's slots (their marks each slot's own, not cut lines across the sheet)

    @property
    def per_page(self) -> int:
        return len(self.fronts)

    @property
    def duplex(self) -> bool:
        return self.mode in ("long-edge", "short-edge")

    @property
    def short_bleed(self) -> tuple[str, ...]:
        """The grid's outer sides ("top", "bottom", "left", "right") whose cards get no bleed at all:
        the margin there holds the printer's band and the crop marks only (butted poker cards on
        Letter: top and bottom; a bleed cut short, as A4's 2 mm of 3 left and right, is not named). A
        sheet template's or a folded sheet's bleed is its own: ()."""
        if self.template or self.fold is not None or self.bleed <= 0:
            return ()
        (tx0, ty0, tx1, ty1), (bx0, by0, bx1, by1) = self.trim_box, self.bleed_box
        room = {"top": by1 - ty1, "bottom": ty0 - by0, "left": tx0 - bx0, "right": bx1 - tx1}
        return tuple(side for side, got in room.items() if got < 1e-6)


@dataclass(frozen=True)
class _Grid:
    """The columns and rows of cards on a sheet, where the first lies and the pitch and outer and inner gaps
    between them."""

    cols: int
    rows: int
    x0: float
    y0: float
    pitch_x: float
    pitch_y: float
    outer_x: float
    outer_y: float
    inner_x: float
    inner_y: float


def plan_sheet(spec: SheetSpec) -> SheetPlan | Problem:
    if spec.backs == "fold":
        from .fold import plan_fold

        return plan_fold(spec)
    pages = orientations(spec)
    best = max(pages, key=lambda wh: count(spec, wh[0], wh[1]))
    if count(spec, *best) == 0:
        return too_big(spec)
    return _plan_duplex(spec, *best)


def orientations(spec: SheetSpec) -> list[tuple[float, float]]:
    short, long = sorted(spec.paper)
    if spec.orientation == "portrait":
        return [(short, long)]
    if spec.orientation == "landscape":
        return [(long, short)]
    return [(short, long), (long, short)]


def fits(spec: SheetSpec, space: float, size: float, gap: float) -> int:
    return count_fitting(space - 2 * spec.reserve, size, gap)


def count(spec: SheetSpec, width: float, height: float) -> int:
    gx, gy = spec.gaps
    return fits(spec, width, spec.card_w, gx) * fits(spec, height, spec.card_h, gy)


def too_big(spec: SheetSpec) -> Problem:
    return Problem(f"a {spec.card_w / MM:.0f} × {spec.card_h / MM:.0f} mm card does not fit on a "
                   f"{spec.paper[0] / MM:.0f} × {spec.paper[1] / MM:.0f} mm sheet with room for crop marks "
                   f"inside the printer's margin of {spec.printer_margin / MM:g} mm")


def grid(spec: SheetSpec, left: float, bottom: float, width: float, height: float) -> _Grid:
    """The centred grid of cards in the box (left, bottom, width, height) of the page."""
    gx, gy = spec.gaps
    cols, rows = fits(spec, width, spec.card_w, gx), fits(spec, height, spec.card_h, gy)
    grid_w = cols * spec.card_w + (cols - 1) * gx
    grid_h = rows * spec.card_h + (rows - 1) * gy
    mx, my = (width - grid_w) / 2, (height - grid_h) / 2
    return _Grid(cols, rows, left + mx, bottom + my, spec.card_w + gx, spec.card_h + gy,
                 outer_bleed(spec, mx), outer_bleed(spec, my), min(spec.bleed, gx / 2), min(spec.bleed, gy / 2))


def outer_bleed(spec: SheetSpec, margin: float) -> float:
    """The bleed on the grid's outer sides that a margin of `margin` (paper edge to trim) leaves
    once the crop marks have room to be `MARK_GOOD` long."""
    marks = MARK_GAP + MARK_GOOD if spec.marks else 0.0
    return max(0.0, min(spec.bleed, margin - spec.printer_margin - marks))


def slots(spec: SheetSpec, g: _Grid) -> list[Slot]:
    out: list[Slot] = []
    for r in range(g.rows):  # top row first
        for c in range(g.cols):
            x = g.x0 + c * g.pitch_x
            y = g.y0 + (g.rows - 1 - r) * g.pitch_y
            left = g.outer_x if c == 0 else g.inner_x
            right = g.outer_x if c == g.cols - 1 else g.inner_x
            bottom = g.outer_y if r == g.rows - 1 else g.inner_y
            top = g.outer_y if r == 0 else g.inner_y
            out.append(Slot(x, y, 0, (x - left, y - bottom, x + spec.card_w + right, y + spec.card_h + top)))
    return out


def boxes(spec: SheetSpec, g: _Grid) -> tuple[Box, Box]:
    """The grid's trim box and bleed box."""
    x1 = g.x0 + g.cols * g.pitch_x - (g.pitch_x - spec.card_w)
    y1 = g.y0 + g.rows * g.pitch_y - (g.pitch_y - spec.card_h)
    trim = (g.x0, g.y0, x1, y1)
    return trim, (g.x0 - g.outer_x, g.y0 - g.outer_y, x1 + g.outer_x, y1 + g.outer_y)


def _cut_lines(spec: SheetSpec, g: _Grid) -> tuple[list[float], list[float]]:
    xs = sorted({round(g.x0 + c * g.pitch_x + d, 4) for c in range(g.cols) for d in (0.0, spec.card_w)})
    ys = sorted({round(g.y0 + r * g.pitch_y + d, 4) for r in range(g.rows) for d in (0.0, spec.card_h)})
    return xs, ys


def marks(spec: SheetSpec, g: _Grid, area: Box) -> list[Box]:
    """Crop marks on every cut line, in the margins, inside `area` (the printable area), short of
    a strip for the sheet's notes along the margins deep enough to hold it and marks of a good length."""
    if not spec.marks:
        return []
    _, bleed = boxes(spec, g)
    xs, ys = _cut_lines(spec, g)
    ax0, ay0, ax1, ay1 = leave_strips(area, bleed, NOTE_BAND, MARK_GAP + MARK_GOOD + NOTE_BAND)
    out: list[Box] = []
    for x in xs:
        out += crop_ticks(x, bleed[1], bleed[3], ay0, ay1, vertical=True)
    for y in ys:
        out += crop_ticks(y, bleed[0], bleed[2], ax0, ax1, vertical=False)
    return out


def _plan_duplex(spec: SheetSpec, width: float, height: float) -> SheetPlan:
    g = grid(spec, 0.0, 0.0, width, height)
    area = printable_box(width, height, spec.printer_margin)
    fronts = slots(spec, g)
    front_marks = marks(spec, g, area)
    trim, bleed = boxes(spec, g)
    flip = _Flip(width, height, (spec.backs == "long-edge") == (height >= width), *spec.back_offset, area)
    backs = [flip.slot(s, spec) for s in fronts] if spec.backs != "none" else []
    back_marks = [m for m in (clip_segment(flip.box(m), area) for m in front_marks) if m]
    return SheetPlan(width, height, tuple(fronts), tuple(backs), tuple(front_marks), tuple(back_marks), trim, bleed,
                     flip.box(trim), flip.clip(bleed), None, spec.backs, g.cols, g.rows, area, spec.gaps,
                     (spec.card_w, spec.card_h), spec.bleed)


@dataclass(frozen=True)
class _Flip:
    """Where a front position lands on the back page: mirrored across the axis the sheet turns
    over, then nudged by the back offset (dx right, dy down); bleed cut back to `area`."""

    width: float
    height: float
    mirror_x: bool
    dx: float
    dy: float
    area: Box

    def box(self, box: Box) -> Box:
        return mirror_box(box, self.width, self.height, self.mirror_x, self.dx, self.dy)

    def clip(self, box: Box) -> Box:
        return inside(self.box(box), self.area) or self.box(box)

    def slot(self, slot: Slot, spec: SheetSpec) -> Slot:
        clip = self.clip(slot.clip)
        if self.mirror_x:
            return Slot(self.width - slot.x - spec.card_w + self.dx, slot.y - self.dy, slot.rotate, clip)
        return Slot(slot.x + self.dx, self.height - slot.y - spec.card_h - self.dy, slot.rotate, clip)


def plan_template(spec: SheetSpec, template: SheetTemplate) -> SheetPlan | Problem:
    """The plan of a sheet template: its slots on its paper, `spec`'s backs mirrored as on any sheet."""
    sw, sh = template.slot[0].value, template.slot[1].value
    if abs(sw - spec.card_w) > 0.3 or abs(sh - spec.card_h) > 0.3:
        return Problem(f"the sheet template's slots are {sw / MM:g} × {sh / MM:g} mm, the cards "
                       f"{spec.card_w / MM:g} × {spec.card_h / MM:g} mm")
    width, height = template.paper_size()
    gx, gy = template.gap[0].value, template.gap[1].value
    grid_w, grid_h = template.columns * sw + (template.columns - 1) * gx, template.rows * sh + (template.rows - 1) * gy
    ox, oy = (o.value for o in template.offset) if template.offset else ((width - grid_w) / 2, (height - grid_h) / 2)
    if ox < -0.01 or oy < -0.01 or ox + grid_w > width + 0.01 or oy + grid_h > height + 0.01:
        return Problem(f"the sheet template's {template.columns} × {template.rows} slots run past its "
                       f"{width / MM:g} × {height / MM:g} mm paper")
    bleed = min(spec.bleed, template.bleed, gx / 2 if template.columns > 1 else spec.bleed,
                gy / 2 if template.rows > 1 else spec.bleed)
    fronts = [_template_slot(ox + c * (sw + gx), height - oy - sh - r * (sh + gy), sw, sh, bleed)
              for r in range(template.rows) for c in range(template.columns)]
    area = printable_box(width, height, spec.printer_margin)
    marks = [m for m in (clip_segment(t, area) for s in fronts for t in _slot_marks(s, sw, sh, template.marks))
             if m and (template.marks == "outline" or (abs(m[2] - m[0]) + abs(m[3] - m[1]) >= MM
                                                       and not any(_crosses(m, o, sw, sh) for o in fronts)))]
    trim = (ox, height - oy - grid_h, ox + grid_w, height - oy)
    bleed_box = (trim[0] - bleed, trim[1] - bleed, trim[2] + bleed, trim[3] + bleed)
    flip = _Flip(width, height, (spec.backs == "long-edge") == (height >= width), *spec.back_offset, area)
    backs = [flip.slot(s, spec) for s in fronts] if spec.backs not in ("none", "fold") else []
    back_marks = [m for m in (clip_segment(flip.box(m), area) for m in marks) if m]
    mode = spec.backs if spec.backs != "fold" else "none"
    return SheetPlan(width, height, tuple(fronts), tuple(backs), tuple(marks), tuple(back_marks), trim, bleed_box,
                     flip.box(trim), flip.clip(bleed_box), None, mode, template.columns, template.rows, area, (gx, gy),
                     (sw, sh), min(spec.bleed, template.bleed), True)


def _template_slot(x: float, y: float, w: float, h: float, bleed: float) -> Slot:
    return Slot(x, y, 0, (x - bleed, y - bleed, x + w + bleed, y + h + bleed))


def _slot_marks(slot: Slot, w: float, h: float, kind: str) -> list[Box]:
    """A slot's own marks: crop ticks beyond its corners (`corners`), or its outline (`outline`)."""
    x0, y0, x1, y1 = slot.x, slot.y, slot.x + w, slot.y + h
    if kind == "outline":
        return [(x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)]
    if kind != "corners":
        return []
    near, far = MARK_GAP, MARK_GAP + 3 * MM
    out: list[Box] = []
    for x, sx in ((x0, -1), (x1, 1)):
        for y, sy in ((y0, -1), (y1, 1)):
            out += [(x + sx * near, y, x + sx * far, y), (x, y + sy * near, x, y + sy * far)]
    return out


def _crosses(mark: Box, slot: Slot, w: float, h: float) -> bool:
    """Whether a crop tick runs into a slot or along its edge (butted slots: a tick would print on a card)."""
    x0, x1 = sorted((mark[0], mark[2]))
    y0, y1 = sorted((mark[1], mark[3]))
    return x0 <= slot.x + w + 0.01 and x1 >= slot.x - 0.01 and y0 <= slot.y + h + 0.01 and y1 >= slot.y - 0.01


def fill_sheets(groups: Sequence[Sequence[T]], per_page: int) -> list[list[T]]:
    """The sheets of decks of one size imposed one after another: each sheet's cards, in order."""
    cards = [card for group in groups for card in group]
    return [cards[i:i + per_page] for i in range(0, len(cards), per_page)]


def mirror_box(box: Box, width: float, height: float, mirror_x: bool, dx: float = 0.0, dy: float = 0.0) -> Box:
    x0, y0, x1, y1 = box
    if mirror_x:
        return (width - x1 + dx, y0 - dy, width - x0 + dx, y1 - dy)
    return (x0 + dx, height - y1 - dy, x1 + dx, height - y0 - dy)


def page_slots(plan: SheetPlan, count: int, page: int) -> list[tuple[int, bool, Slot]]:
    """The card copies (0-based, in deck order, `count` in all) on page `page` (from 0) of a deck
    imposed with `plan`, as (copy, back, slot): `per_page` copies a sheet, a duplex sheet's fronts
    page then its backs page, a folded sheet's fronts and backs on its one page."""
    sheet, side = divmod(page, 2) if plan.duplex else (page, 0)
    first = sheet * plan.per_page
    copies = range(first, min(count, first + plan.per_page))
    fronts = [(copy, False, slot) for copy, slot in zip(copies, plan.fronts)]
    backs = [(copy, True, slot) for copy, slot in zip(copies, plan.backs)]
    if plan.mode == "fold":
        return fronts + backs
    return backs if side else fronts
