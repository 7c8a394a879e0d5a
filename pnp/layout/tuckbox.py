"""Tuck boxes: the flat net of a box that holds a deck, cut on solid lines and folded on dashed ones.

Contract: `tuck_net(inner, two_pieces)` returns the `Net` of a tuck box whose inside is `inner`
(width, height, depth: the cards with their clearance), in points, top-down from the net's top-left
corner (like a face). One piece is, left to right, the back, a side, the front, a side and a glue
flap glued inside the back's free edge; in two pieces, each holds a large panel (back, or front),
a side and a glue flap glued inside the other piece's large panel. The back carries the lid at
each end (hinged on the back's top and bottom edges) and its tuck flap; the sides carry dust
flaps; the front's top edge has a thumb notch. `Net` gives the panels by name (boxes), the cut
outline (closed polylines: arcs are made of short segments), the fold lines, the glue flaps and
the other flaps (to label them), and its size. `place_nets(nets, paper, margin, reserve)` puts one
net a page (two for two pieces) in the paper's printable area, turned a quarter if that is what
fits, or returns None; `plan_tuckbox(inner, paper, margin, reserve)` tries one piece, then two.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..model.units import MM
from .marks import printable_box

Box = tuple[float, float, float, float]  # x0, y0, x1, y1, top-down
Point = tuple[float, float]
Inner = tuple[float, float, float]  # the box's inside: width, height, depth
GLUE = 10 * MM
NOTCH = 9 * MM  # the thumb notch's radius, at most
ARC_STEPS = 24


@dataclass
class Net:
    width: float
    height: float
    panels: dict[str, Box] = field(default_factory=dict)
    cuts: list[list[Point]] = field(default_factory=list)
    folds: list[tuple[Point, Point]] = field(default_factory=list)
    glue: list[list[Point]] = field(default_factory=list)
    flaps: list[tuple[str, Box]] = field(default_factory=list)  # (kind, box): tuck, dust


@dataclass(frozen=True)
class Placed:
    """A net on a page: its top-left corner (PDF points, y up) and whether it is turned a quarter."""

    net: Net
    x: float
    top: float
    turned: bool


@dataclass(frozen=True)
class TuckPlan:
    page: tuple[float, float]
    pieces: tuple[Placed, ...]


def sizes(inner: Inner) -> tuple[float, float, float, float]:
    """The lengths of the flaps: glue, tuck, dust flap height, notch radius."""
    w, h, d = inner
    tuck = min(max(0.6 * d + 6 * MM, 8 * MM), 15 * MM)
    dust = min(max(d, 5 * MM), 15 * MM, w / 2 - 2 * MM)
    return min(GLUE, w / 3), tuck, dust, min(NOTCH, w / 5)


def tuck_net(inner: Inner, two_pieces: bool = False) -> list[Net]:
    if two_pieces:
        return [_piece(inner, ["back", "side"], lid=True), _piece(inner, ["front", "side"], lid=False)]
    return [_piece(inner, ["back", "side", "front", "side"], lid=True)]


def _piece(inner: Inner, names: list[str], lid: bool) -> Net:
    w, h, d = inner
    glue, tuck, dust, notch = sizes(inner)
    top = tuck + d if lid else dust
    bottom = top
    xs = [0.0]
    for name in names:
        xs.append(xs[-1] + (w if name != "side" else d))
    net = Net(xs[-1] + glue, top + h + bottom)
    y0, y1 = top, top + h
    outline = _Outline()
    for i, name in enumerate(names):
        key = name if name != "side" else f"side-{i}"
        net.panels[key] = (xs[i], y0, xs[i + 1], y1)
        _top_edge(net, outline, name, xs[i], xs[i + 1], y0, inner, lid)
    outline.line((xs[-1], y0))
    outline.extend(_glue_flap(xs[-1], y0, y1, glue))
    net.glue.append(_glue_flap(xs[-1], y0, y1, glue))
    for i in range(len(names) - 1, -1, -1):
        _bottom_edge(net, outline, names[i], xs[i + 1], xs[i], y1, inner, lid)
    outline.line((0.0, y0))
    net.cuts.append(outline.points)
    net.folds += [((x, y0), (x, y1)) for x in xs[1:]]
    return net


class _Outline:
    def __init__(self) -> None:
        self.points: list[Point] = []

    def line(self, p: Point) -> None:
        if not self.points or self.points[-1] != p:
            self.points.append(p)

    def extend(self, points: list[Point]) -> None:
        for p in points:
            self.line(p)


def _top_edge(net: Net, out: _Outline, name: str, x0: float, x1: float, y: float, inner: Inner, lid: bool) -> None:
    """The outline along the top of one panel, left to right, and its flaps and folds."""
    w, h, d = inner
    _, tuck, dust, notch = sizes(inner)
    if name == "back" and lid:
        out.extend(_lid(x0, x1, y, -1, d, tuck))
        net.folds += [((x0, y), (x1, y)), ((x0, y - d), (x1, y - d))]
        net.flaps.append(("tuck", (x0, y - d - tuck, x1, y - d)))
    elif name == "side":
        out.extend(_dust(x0, x1, y, -1, dust))
        net.folds.append(((x0, y), (x1, y)))
        net.flaps.append(("dust", (x0, y - dust, x1, y)))
    elif name == "front":
        out.extend(_notch(x0, x1, y, notch))
    else:
        out.extend([(x0, y), (x1, y)])


def _bottom_edge(net: Net, out: _Outline, name: str, x1: float, x0: float, y: float, inner: Inner, lid: bool) -> None:
    """The outline along the bottom of one panel, right to left, and its flaps and folds."""
    w, h, d = inner
    _, tuck, dust, _ = sizes(inner)
    if name == "back" and lid:
        out.extend(list(reversed(_lid(x0, x1, y, 1, d, tuck))))
        net.folds += [((x0, y), (x1, y)), ((x0, y + d), (x1, y + d))]
        net.flaps.append(("tuck", (x0, y + d, x1, y + d + tuck)))
    elif name == "side":
        out.extend(list(reversed(_dust(x0, x1, y, 1, dust))))
        net.folds.append(((x0, y), (x1, y)))
        net.flaps.append(("dust", (x0, y, x1, y + dust)))
    else:
        out.extend([(x1, y), (x0, y)])


def _lid(x0: float, x1: float, y: float, sign: int, d: float, tuck: float) -> list[Point]:
    """A lid (depth `d`) and its tuck flap with rounded corners, beyond the edge at `y` (`sign`:
    -1 up, 1 down), left to right."""
    r = min(tuck * 0.8, (x1 - x0) / 4)
    far = y + sign * (d + tuck)
    pts = [(x0, y), (x0 + 0.5 * MM, y + sign * d)]
    pts += _arc((x0 + 0.5 * MM + r, far - sign * r), r, 180, 270 if sign < 0 else 90)
    pts += _arc((x1 - 0.5 * MM - r, far - sign * r), r, 270 if sign < 0 else 90, 360 if sign < 0 else 0)
    return pts + [(x1 - 0.5 * MM, y + sign * d), (x1, y)]


def _dust(x0: float, x1: float, y: float, sign: int, dust: float) -> list[Point]:
    """A dust flap, its far corners cut at a slant, beyond the edge at `y`, left to right."""
    slant = min(dust * 0.4, (x1 - x0) * 0.3)
    return [(x0, y), (x0, y + sign * (dust - slant)), (x0 + slant, y + sign * dust),
            (x1 - slant * 0.3, y + sign * dust), (x1, y + sign * (dust * 0.6)), (x1, y)]


def _notch(x0: float, x1: float, y: float, r: float) -> list[Point]:
    """The front's top edge with the thumb notch, a half disc cut into it."""
    cx = (x0 + x1) / 2
    return [(x0, y)] + _arc((cx, y), r, 180, 0, clockwise=True) + [(x1, y)]


def _glue_flap(x: float, y0: float, y1: float, glue: float) -> list[Point]:
    """A glue flap on the right of the edge at `x`, its ends slanted (top to bottom)."""
    slant = min(glue, (y1 - y0) / 8)
    return [(x, y0), (x + glue, y0 + slant), (x + glue, y1 - slant), (x, y1)]


def _arc(centre: Point, r: float, start: float, end: float, clockwise: bool = False) -> list[Point]:
    """Points of an arc, angles in degrees on the page seen top-down (0 is right, 90 is down)."""
    cx, cy = centre
    sweep = end - start
    if clockwise and sweep > 0:
        sweep -= 360
    steps = max(2, int(ARC_STEPS * abs(sweep) / 180))
    return [(cx + r * math.cos(math.radians(start + sweep * i / steps)),
             cy + r * math.sin(math.radians(start + sweep * i / steps))) for i in range(steps + 1)]


# --- on the page ----------------------------------------------------------------------------

def place_nets(nets: list[Net], paper: tuple[float, float], margin: float, reserve: float) -> TuckPlan | None:
    """Each net on a page of its own, centred in the printable area (the page less the printer's
    `margin`) less `reserve` at its top and bottom (for notes), in the orientation that fits
    (portrait first, then a quarter turn of the net, then landscape paper)."""
    short, long = sorted(paper)
    for page in ((short, long), (long, short)):
        area = printable_box(*page, margin)
        placed = [_fit(net, page, area, reserve) for net in nets]
        fitted = tuple(p for p in placed if p is not None)
        if len(fitted) == len(nets):
            return TuckPlan(page, fitted)
    return None


def _fit(net: Net, page: tuple[float, float], area: Box, reserve: float) -> Placed | None:
    aw, ah = area[2] - area[0], area[3] - area[1] - 2 * reserve
    for turned in (False, True):
        w, h = (net.height, net.width) if turned else (net.width, net.height)
        if w <= aw + 1e-6 and h <= ah + 1e-6:
            x = area[0] + (aw - w) / 2
            top = area[3] - reserve - (ah - h) / 2
            return Placed(net, x, top, turned)
    return None


def plan_tuckbox(inner: Inner, paper: tuple[float, float], margin: float, reserve: float) -> TuckPlan | None:
    """The box in one piece if it fits a sheet, else in two; None if neither fits."""
    for two in (False, True):
        plan = place_nets(tuck_net(inner, two), paper, margin, reserve)
        if plan is not None:
            return plan
    return None
