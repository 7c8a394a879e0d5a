"""Card edges: what a face paints near its cut, for gutters and for the bleed-risk check.

Contract: a cut lands up to a millimetre off, and a duplex back up to a millimetre (or more) off
its front; what lies within `BLEED_RISK` (2 mm) of the cut, on either side, can show on the card or
go. So:
- `edge_profile(face)` samples what the face paints in the band `BLEED_RISK` deep inside its cut,
  along each side (`paint_at` every 1.5 mm, at three depths). Two butted cards are safe when the
  facing sides of their profiles look alike (`ground.close`); `edges_differ(profiles)` says, for
  neighbours side by side and for neighbours one above the other, whether some card's side differs
  from another's facing one: a gutter is then wanted between columns, or between rows.
- `edge_problems(parts, background, bleed, width, height)` names the elements of a face (given as
  `(element name, items)` in drawing order) with an edge too near the cut (`shape_risks`, geometry
  alone, then `judge`, against what the face paints beside each edge): the side of a filled rect whose
  colour stands out from the ground beside it, within `BLEED_RISK` of the cut on either side
  (unless it reaches the bleed's edge), a disc or ring coming that near, or a frame (a stroked rect or a line running along a side
  for a quarter of it or more, standing out from its ground) whose outer edge lies less than
  `FRAME_RISK` (4 mm) inside the cut (an outline drawn on the cut itself is a cut line, left alone): an offset of 1 mm shows the first as a sliver, and makes the
  second visibly lopsided (3.2 mm against 1.2 mm on the opposite side...).
- `edge_elements(layout, width, height)` names the elements that may paint within the risky band
  (their box padded by `BLEED_RISK`), so that cards whose values for those elements agree need
  one profile between them.
Top-down points, origin at the trim's top-left corner (`layout.items`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Reversible, Sequence

from ..model.units import MM
from .ground import Box, Paint, close, paint_at, shape_box
from .items import RGB, Face, Item, Shape

if TYPE_CHECKING:  # pragma: no cover
    from ..model.layout import Layout

BLEED_RISK = 2.0 * MM
FRAME_RISK = 4.0 * MM
STEP = 1.5 * MM
DEPTHS = (0.3 * MM, 1.0 * MM, 1.8 * MM)
SIDES = ("left", "right", "top", "bottom")

Profile = dict[str, tuple[Paint, ...]]  # a side: what shows at each of its samples


def edge_profile(face: Face) -> Profile:
    items = face.items()
    out: Profile = {}
    for side in SIDES:
        length = face.height if side in ("left", "right") else face.width
        count = max(2, int(length // STEP))
        samples: list[Paint] = []
        for depth in DEPTHS:
            for i in range(count):
                along = length * (i + 0.5) / count
                samples.append(paint_at(items, face.background, *_point(side, depth, along, face.width, face.height)))
        out[side] = tuple(samples)
    return out


def _point(side: str, depth: float, along: float, width: float, height: float) -> tuple[float, float]:
    return {"left": (depth, along), "right": (width - depth, along),
            "top": (along, depth), "bottom": (along, height - depth)}[side]


def edges_differ(profiles: Sequence[Profile]) -> tuple[bool, bool]:
    """(between columns, between rows): whether some side meets a facing side unlike it."""
    return (_differ(profiles, "right", "left"), _differ(profiles, "bottom", "top"))


def _differ(profiles: Sequence[Profile], one: str, other: str) -> bool:
    sides = _distinct([p[one] for p in profiles] + [p[other] for p in profiles])
    return any(not all(close(a, b) for a, b in zip(x, y)) for i, x in enumerate(sides) for y in sides[i + 1:])


def _distinct(sides: list[tuple[Paint, ...]]) -> list[tuple[Paint, ...]]:
    out: list[tuple[Paint, ...]] = []
    for side in sides:
        if side not in out:
            out.append(side)
    return out


# --- the bleed-risk check --------------------------------------------------------------------

def edge_problems(parts: Sequence[tuple[str, Sequence[Item]]], background: RGB | None, bleed: float,
                  width: float, height: float, below: Sequence[Item] = ()) -> list[tuple[str, str]]:
    """`below`: what the face paints before the first of `parts`."""
    below = list(below)
    out: list[tuple[str, str]] = []
    for name, items in parts:
        found = judge(shape_risks(items, bleed, width, height), below, background)
        below += items
        if found:
            out.append((name, found))
    return out


Risk = tuple[str, RGB, tuple[float, float]]  # what, the colour that stands out, where its ground is


def shape_risks(items: Sequence[Item], bleed: float, width: float, height: float) -> list[list[Risk]]:
    """For each shape of an element, its edges near the cut (geometry only: whether each stands out
    from its ground is `judge`'s)."""
    return [found for found in (_risks(i, bleed, width, height) for i in items if isinstance(i, Shape)) if found]


_SAFE: set[tuple] = set()  # shapes with no risky edge, by all they are but their colours' values


def _risks(s: Shape, bleed: float, width: float, height: float) -> list[Risk]:
    """`_risk`, known empty for a shape that differs from a safe one only in the values of its
    colours (a card's own background over its whole face): whether it has a fill or a stroke is
    all `_risk` reads of them until it names the colour of an edge it found."""
    key = (s.kind, s.x, s.y, s.w, s.h, s.fill is None, s.stroke is None, s.width, s.radius, s.dash, s.opacity,
           s.rotate, bleed, width, height)
    if key in _SAFE:
        return []
    found = _risk(s, bleed, width, height)
    if not found:
        if len(_SAFE) >= 4096:
            _SAFE.clear()
        _SAFE.add(key)
    return found


def judge(risks: list[list[Risk]], below: Reversible[Item], background: RGB | None) -> str | None:
    """The first risky edge whose colour stands out from what the face paints beside it."""
    for shape in risks:
        for what, colour, point in shape:
            if not close(colour, paint_at(below, background, *point)):
                return what
    return None


def _risk(s: Shape, bleed: float, width: float, height: float) -> list[Risk]:
    """The edges of one shape too near the cut."""
    if s.kind == "ellipse":
        return _ellipse(s, bleed, width, height)
    box = shape_box(s)
    x0, y0, x1, y1 = box
    straight = (y1 - y0 - 2 * min(s.radius, (x1 - x0) / 2, (y1 - y0) / 2),
                x1 - x0 - 2 * min(s.radius, (x1 - x0) / 2, (y1 - y0) / 2))
    edges = (("left", x0, -1, straight[0], height), ("right", x1, 1, straight[0], height),
             ("top", y0, -1, straight[1], width), ("bottom", y1, 1, straight[1], width))
    out: list[Risk] = []
    for side, at, outwards, run, length in edges:
        vertical = side in ("left", "right")
        size = width if vertical else height
        cut, inset = min(((0.0, at), (size, size - at)), key=lambda c: abs(c[1]))  # the nearer parallel cut
        if _is_frame(s):
            found = _frame(s, box, vertical, at, -1 if cut == 0.0 else 1, inset, run, length)
        else:
            pad = s.width / 2 if s.stroke is not None else 0.0
            found = _fill_edge(s, box, vertical, at, outwards, inset - pad, run, bleed)
        if found:
            out.append((found[0] + f" ({_CUTS[vertical, cut == 0.0]} cut)",) + found[1:])
    return out


_CUTS = {(True, True): "left", (True, False): "right", (False, True): "top", (False, False): "bottom"}


def _ellipse(s: Shape, bleed: float, width: float, height: float) -> list[Risk]:
    """A disc or a ring whose outer edge (its stroke included) comes within `BLEED_RISK` of a cut."""
    x0, y0, x1, y1 = shape_box(s)
    pad = s.width / 2 if s.stroke is not None else 0.0
    insets = {"left": x0 - pad, "right": width - x1 - pad, "top": y0 - pad, "bottom": height - y1 - pad}
    side, inset = min(insets.items(), key=lambda kv: kv[1])
    colour = s.stroke if s.stroke is not None else s.fill
    if colour is None or inset <= -bleed + 0.01 or inset >= BLEED_RISK - 1e-6 or _cut_line(s, inset + pad):
        return []
    outside = {"left": (x0 - pad - 0.3 * MM, (y0 + y1) / 2), "right": (x1 + pad + 0.3 * MM, (y0 + y1) / 2),
               "top": ((x0 + x1) / 2, y0 - pad - 0.3 * MM), "bottom": ((x0 + x1) / 2, y1 + pad + 0.3 * MM)}[side]
    return [(f"it comes {max(inset, 0.0) / MM:.1f} mm from the cut, within the {BLEED_RISK / MM:g} mm a cut or "
             f"a duplex back may be off: keep it {BLEED_RISK / MM:g} mm inside ({side} cut)", colour, outside)]


def _cut_line(s: Shape, inset: float) -> bool:
    """An outline drawn on the cut itself: the cut line, shown on purpose (round counters)."""
    return s.fill is None and abs(inset) < 0.1 * MM


def _is_frame(s: Shape) -> bool:
    return s.stroke is not None and s.width > 0 and (s.fill is None or s.kind == "line")


def _frame(s: Shape, box: Box, vertical: bool, at: float, toward: int, inset: float, run: float,
           length: float) -> Risk | None:
    if s.stroke is None or s.kind == "ellipse" or run < length / 4 or _runs_across(s, vertical):
        return None
    outer = inset - s.width / 2  # the frame's outer edge, from the cut
    if not -(BLEED_RISK + s.width) < outer < FRAME_RISK - 1e-6 or _cut_line(s, inset):
        return None
    return (f"a frame {max(outer, 0.0) / MM:.1f} mm inside the cut: a cut or a duplex back 1 mm off makes it "
            f"visibly lopsided; keep thin frames {FRAME_RISK / MM:g} mm or more inside the cut", s.stroke,
            _beside(box, vertical, at + toward * (s.width / 2 + 0.3 * MM)))


def _runs_across(s: Shape, vertical: bool) -> bool:
    """A line that does not run along a side parallel to `vertical` (a rule across the card)."""
    if s.kind != "line":
        return False
    return (abs(s.h) > abs(s.w)) != vertical


def _fill_edge(s: Shape, box: Box, vertical: bool, at: float, outwards: int, inset: float, run: float,
               bleed: float) -> Risk | None:
    if s.fill is None or s.kind != "rect" or s.opacity < 0.5 or run < 1 * MM:
        return None
    if inset <= -bleed + 0.01 or not -BLEED_RISK < inset < BLEED_RISK - 1e-6:
        return None  # bled to the edge of the bleed, or far enough from the cut
    where = "inside" if inset >= 0 else "outside"
    return (f"an edge {abs(inset) / MM:.1f} mm {where} the cut, within the {BLEED_RISK / MM:g} mm a cut or a "
            f"duplex back may be off: bleed it to the edge of the bleed, or keep it {BLEED_RISK / MM:g} mm inside",
            s.fill, _beside(box, vertical, at + outwards * 0.3 * MM))


def _beside(box: Box, vertical: bool, at: float) -> tuple[float, float]:
    """The point at `at` (across the axis), beside the middle of `box`: where an edge's ground is."""
    x0, y0, x1, y1 = box
    return (at, (y0 + y1) / 2) if vertical else ((x0 + x1) / 2, at)


def edge_elements(layout: Layout, width: float, height: float) -> tuple[str, ...]:
    """The elements of `layout` whose box comes within `BLEED_RISK` (and a stroke) of the cut."""
    from .geometry import element_box

    reach = BLEED_RISK + 1 * MM
    out: list[str] = []
    for name, element in layout.elements.items():
        x, y, w, h = element_box(element, layout, width, height)
        if element.rotate in (90, 270):
            x, y, w, h = x + (w - h) / 2, y + (h - w) / 2, h, w
        if x < reach or y < reach or x + w > width - reach or y + h > height - reach:
            out.append(name)
    return tuple(out)
