"""Arrangements: one element drawn once per item of a list, each item's box placed along a shape.

Contract: `compile_arranged(element, ctx, problems, compile_one)` compiles an element that has an `arrange`
(model.frame.Arrange) once per item of `arrange.over` — a list (a `{field}`, an expression, a map's
entry, a list written in the layout) or a count (`over: 8`, `over: "{value}"`: the items 1..N) —
with the face's values plus `item` (the item) and `i` (its position, from 0), so that any of the
element's values may vary per item (`name: "{item}"`, `color: "{ink[item]}"`, `rotate: "{i * 45}"`,
`w: "{sizes[i]}mm"`). The element's own box is the region the items are placed in; `slots(...)`
gives each item's centre and turn (pure geometry, points, y down):
- `row`, `column`: the region cut into equal cells along its width (height), `gap` apart;
- `grid`: `columns` (default: the fewest that make the grid as square as the count allows) by
  the rows needed, each row filled left to right;
- `circle`: evenly around the region's centre from the angle `start` (degrees, 0 at the top,
  clockwise), at `radius` (default: the largest that keeps the items in the region); `centre`
  puts the first item at the centre; `arc`: from `start` to `end`, both ends included;
- `points`: one item at each point (`[x, y]`, lengths or `%` of the region; a list or a template);
- `scatter`: seeded random places (`seed`, default the card's id: the same input, the same
  places) where no two items' circles overlap and every item lies in the region; a count that
  cannot be placed is a problem, never an overlap.
An item's size is `size` (a side or `[w, h]`, templated per item), else for `row`, `column` and
`grid` the cell less the gap, for the others a quarter of the region's shorter side. `turn`
(circle, arc) turns each item by its angle about the centre, so its top faces outwards. At most
`MAX_ITEMS` items. Each item is compiled by `compile_one`, handed in by pnp.layout.elements (an
arranged element is any element: this module does not import the compilers back).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable

from ..core.errors import Problem
from ..model.frame import Arrange
from ..model.units import MM, Dim, parse_dim, parse_size
from .elementcontext import MISSING, ElementContext, with_values
from .geometry import angle, copied, frame
from .items import Item

# How an element is compiled once arranged (pnp.layout.elements.compile_one, handed in: the
# children of an arrangement are any elements, which elements.py compiles).
ChildCompiler = Callable[[Any, ElementContext, list[Problem]], list[Item]]

MAX_ITEMS = 200
SCATTER_TRIES = 400  # places tried for one item before the scatter starts again
SCATTER_ROUNDS = 8  # fresh starts (the same seed: the same rounds) before it gives up
LOCALS = ("item", "i")  # the names an arranged element's templates may read beyond the face's


@dataclass(frozen=True)
class Slot:
    """Where one item goes: its centre, its size and the turn the arrangement adds."""

    x: float
    y: float
    w: float
    h: float
    turn: float = 0.0


Region = tuple[float, float, float, float]


def compile_arranged(element: Any, ctx: ElementContext, problems: list[Problem],
                     compile_one: ChildCompiler) -> list[Item]:
    arrange: Arrange = element.arrange
    items = _items(arrange, ctx, problems)
    if items is None:
        return []
    region = frame(copied(element, arrange=None, rotate=0), ctx) if _plain_box(element) else None
    if region is None:
        return _fail(problems, "an arranged element's box (its region) is written without templates")
    sizes = [_size(arrange, with_values(ctx, item=item, i=i), problems, region, len(items), i)
             for i, item in enumerate(items)]
    if any(size is None for size in sizes):
        return []
    slots = place_items(arrange, region, [s for s in sizes if s is not None], _seed(arrange, ctx), ctx, problems)
    if slots is None:
        return []
    out: list[Item] = []
    for i, (item, slot) in enumerate(zip(items, slots)):
        local = with_values(ctx, item=item, i=i)
        one = copied(element, arrange=None, box=None, x=Dim(slot.x - slot.w / 2), y=Dim(slot.y - slot.h / 2),
                     w=Dim(slot.w), h=Dim(slot.h))
        if slot.turn:
            one = _turned(one, slot.turn, local, problems)
            if one is None:
                return []
        out += compile_one(one, local, problems)
    return out


def _plain_box(element: Any) -> bool:
    return all(d is None or d.template is None for d in (element.x, element.y, element.w, element.h))


def _turned(element: Any, turn: float, ctx: ElementContext, problems: list[Problem]) -> Any:
    """The item turned by the arrangement's angle besides its own (which may be a template)."""
    from .geometry import read_geometry

    if isinstance(element.rotate, str):
        element = read_geometry(element, ctx, problems)
        if element is None:
            return None
    total = (angle(element) + turn) % 360
    return copied(element, rotate=int(total) if float(total).is_integer() else total)


def _fail(problems: list[Problem], what: str) -> list[Item]:
    problems.append(Problem(what))
    return []


def _items(arrange: Arrange, ctx: ElementContext, problems: list[Problem]) -> list | None:
    """The items of `over`: a list as it is, a count as the items 1..N."""
    over: object = arrange.over
    if isinstance(over, str):
        over = ctx.value(over, problems) if "{" in over else over
        if over is MISSING:
            return None
    if isinstance(over, (int, float)) and not isinstance(over, bool):
        if not float(over).is_integer() or not 0 <= over <= MAX_ITEMS:
            problems.append(Problem(f"arrange.over: a count is a whole number from 0 to {MAX_ITEMS} (got {over!r})"))
            return None
        return list(range(1, int(over) + 1))
    if not isinstance(over, list):
        problems.append(Problem(f"arrange.over must give a list or a count (got {over!r})"))
        return None
    if len(over) > MAX_ITEMS:
        problems.append(Problem(f"arrange.over: at most {MAX_ITEMS} items (got {len(over)})"))
        return None
    return over


def _size(arrange: Arrange, ctx: ElementContext, problems: list[Problem], region: Region, count: int,
          i: int) -> tuple[float, float] | None:
    """One item's width and height: `size` (read for the item), else the arrangement's default."""
    if arrange.size is None:
        return default_size(arrange, region, count)
    dims = arrange.size if isinstance(arrange.size, list) else [arrange.size, arrange.size]
    if len(dims) != 2:
        problems.append(Problem(f"arrange.size is a side or [width, height] (got {len(dims)} values)"))
        return None
    out = []
    for dim, ref in zip(dims, (region[2], region[3])):
        read = _read_size(dim, ctx, problems)
        if read is None:
            return None
        out.append(read.pt(ref))
    return out[0], out[1]


def _read_size(dim: Dim, ctx: ElementContext, problems: list[Problem]) -> Dim | None:
    if dim.template is None:
        return dim
    before = len(problems)
    text = ctx.text(dim.template, problems).replace(",", ".")  # (a number a French kit writes 4,5)
    if len(problems) > before:
        return None
    try:
        return parse_size(text)
    except ValueError as exc:
        problems.append(Problem(f"arrange.size: {exc} (got {text!r} from {dim.template!r})"))
        return None


def default_size(arrange: Arrange, region: Region, count: int) -> tuple[float, float]:
    _, _, w, h = region
    gap = arrange.gap.pt(w)
    if arrange.along == "row":
        return max((w - gap * (count - 1)) / max(count, 1), 0.01), h
    if arrange.along == "column":
        return w, max((h - gap * (count - 1)) / max(count, 1), 0.01)
    if arrange.along == "grid":
        cols = arrange.columns or _columns(count, w, h)
        rows = max(-(-count // cols), 1)
        return max((w - gap * (cols - 1)) / cols, 0.01), max((h - gap * (rows - 1)) / rows, 0.01)
    side = min(w, h) / 4
    return side, side


def _columns(count: int, w: float, h: float) -> int:
    """The columns that make the grid's cells nearest to square."""
    best = 1
    for cols in range(1, max(count, 1) + 1):
        rows = -(-count // cols)
        if abs(math.log((w / cols) / (h / rows))) < abs(math.log((w / best) / (h / -(-count // best)))):
            best = cols
    return best


def _seed(arrange: Arrange, ctx: ElementContext) -> str:
    if arrange.seed is not None:
        return ctx.text(str(arrange.seed), []) if isinstance(arrange.seed, str) else str(arrange.seed)
    return f"{ctx.values.get('deck', '')}/{ctx.values.get('id', '')}"


def place_items(arrange: Arrange, region: Region, sizes: list[tuple[float, float]], seed: str,
                ctx: ElementContext, problems: list[Problem]) -> list[Slot] | None:
    """Each item's slot along the arrangement, or None (a problem says why)."""
    along = arrange.along
    if along in ("row", "column", "grid"):
        return _cells(arrange, region, sizes)
    if along in ("circle", "arc"):
        return _round(arrange, region, sizes)
    if along == "points":
        return _points(arrange, region, sizes, ctx, problems)
    return _scatter(region, sizes, seed, problems)


def _cells(arrange: Arrange, region: Region, sizes: list[tuple[float, float]]) -> list[Slot]:
    x, y, w, h = region
    count, gap = len(sizes), arrange.gap.pt(w)
    cols = {"row": count, "column": 1}.get(arrange.along) or arrange.columns or _columns(count, w, h)
    rows = max(-(-count // max(cols, 1)), 1)
    cw, ch = (w - gap * (cols - 1)) / max(cols, 1), (h - gap * (rows - 1)) / rows
    return [Slot(x + (k % cols) * (cw + gap) + cw / 2, y + (k // cols) * (ch + gap) + ch / 2, sw, sh)
            for k, (sw, sh) in enumerate(sizes)]


def _round(arrange: Arrange, region: Region, sizes: list[tuple[float, float]]) -> list[Slot]:
    x, y, w, h = region
    cx, cy = x + w / 2, y + h / 2
    ring = sizes[1:] if arrange.centre and arrange.along == "circle" else sizes
    largest = max((max(s) for s in ring), default=0.0)
    radius = arrange.radius.pt(min(w, h)) if arrange.radius is not None else max(min(w, h) / 2 - largest / 2, 0.0)
    out = [Slot(cx, cy, *sizes[0])] if ring is not sizes else []
    n = len(ring)
    for k, (sw, sh) in enumerate(ring):
        if arrange.along == "arc":
            end = arrange.end if arrange.end is not None else arrange.start + 180.0
            at = arrange.start + (end - arrange.start) * (k / (n - 1) if n > 1 else 0.5)
        else:
            at = arrange.start + 360.0 * k / max(n, 1)
        rad = math.radians(at)
        turn = at % 360 if arrange.turn else 0.0
        out.append(Slot(cx + radius * math.sin(rad), cy - radius * math.cos(rad), sw, sh, turn))
    return out


def _points(arrange: Arrange, region: Region, sizes: list[tuple[float, float]], ctx: ElementContext,
            problems: list[Problem]) -> list[Slot] | None:
    raw: object = arrange.points
    if isinstance(raw, str):
        raw = ctx.value(raw, problems)
        if raw is MISSING:
            return None
    if not isinstance(raw, list) or len(raw) < len(sizes):
        count = len(raw) if isinstance(raw, list) else 0
        problems.append(Problem(f"arrange.points gives {count} points for {len(sizes)} items"))
        return None
    x, y, w, h = region
    out = []
    for point, (sw, sh) in zip(raw, sizes):
        try:
            if not isinstance(point, list) or len(point) != 2:
                raise ValueError
            px, py = parse_dim(point[0]).pt(w), parse_dim(point[1]).pt(h)
        except ValueError:
            problems.append(Problem(f"arrange.points takes points [x, y] (got {point!r})"))
            return None
        out.append(Slot(x + px, y + py, sw, sh))
    return out


def _scatter(region: Region, sizes: list[tuple[float, float]], seed: str, problems: list[Problem]) -> list[Slot] | None:
    """Seeded places where no two items' circles meet, each inside the region; largest first."""
    too_big = next((s for s in sizes if math.hypot(*s) > min(region[2], region[3])), None)
    if too_big is not None:
        problems.append(Problem(f"an item of {too_big[0] / MM:.1f} × {too_big[1] / MM:.1f} mm cannot lie in "
                                "the region"))
        return None
    rng = random.Random(seed)
    most = 0
    for _ in range(SCATTER_ROUNDS):
        placed = _scatter_round(region, sizes, rng)
        if len(placed) == len(sizes):
            return [Slot(placed[k][0], placed[k][1], *sizes[k]) for k in range(len(sizes))]
        most = max(most, len(placed))
    problems.append(Problem(f"arrange: {len(sizes)} items cannot be scattered in the region without "
                            f"overlapping ({most} placed); make them smaller or fewer"))
    return None


def _scatter_round(region: Region, sizes: list[tuple[float, float]],
                   rng: random.Random) -> dict[int, tuple[float, float, float]]:
    """One try at placing every item (largest first): the items placed before one found no room."""
    x, y, w, h = region
    placed: dict[int, tuple[float, float, float]] = {}
    for k in sorted(range(len(sizes)), key=lambda k: -max(sizes[k])):
        r = math.hypot(*sizes[k]) / 2
        for _ in range(SCATTER_TRIES):
            px, py = x + r + rng.random() * (w - 2 * r), y + r + rng.random() * (h - 2 * r)
            if all(math.hypot(px - qx, py - qy) >= r + qr for qx, qy, qr in placed.values()):
                placed[k] = (px, py, r)
                break
        else:
            return placed
    return placed
