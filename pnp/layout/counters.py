"""Things to cut out of a sheet: token counters and fold-up dice nets.

Contract: registers the compilers of the `counters` and `dienets` elements (models in
`model.layout`). Both lay their pieces out in rows that fill the element's box, left to right,
top to bottom, and report a problem when the pieces do not fit (never clipped). Counters draw
their cut outline with `stroke`; with `each` (a list field) they come in groups, one a list item,
which `{item}` names in the counters' texts, colours and icon and in the group's label. Dice nets
draw cut lines solid and fold lines dashed (`dash`), faces with pips so that opposite faces add up
to 7, and seven glue tabs. One piece is laid out once and repeated at each place.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.errors import Problem
from ..model.layout import Counters, DieNets, Element
from ..model.units import MM
from .elements import MISSING, ElementContext, compose, count_value, field_value, frame, register_compiler, with_values
from .figures import ellipse, icon, rect, text
from .marks import count_fitting
from .items import RGB, Item, Shape, shifted


# --- counters ---------------------------------------------------------------------------------

def _compile_counters(el: Counters, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    x, y, w, h = frame(el, ctx)
    groups: list = [None]
    if el.each is not None:
        groups = field_value(el.each, ctx, problems, list, "the field of `each`")
        if groups is MISSING:
            return []
    label_w = el.label_w.pt(w) if el.label else 0.0
    per_row = count_fitting(w - label_w, el.side, el.gap)
    if per_row == 0:
        problems.append(Problem(f"a {el.side / MM:.0f} mm counter does not fit the box"))
        return []
    items: list[Item] = []
    top = y
    for group in groups:
        gctx = with_values(ctx, item=group) if el.each is not None else ctx
        count = count_value(el.count, gctx, problems, "count", most=500)
        if count is None:
            return []
        rows = math.ceil(count / per_row)
        if top + rows * (el.side + el.gap) - el.gap > y + h + 0.5:
            problems.append(Problem(f"{count} counters of {el.side / MM:.0f} mm do not fit the box"))
            return []
        items += _group(el, gctx, problems, count, per_row, (x, top), label_w)
        top += rows * (el.side + el.gap)
    return items


def _group(el: Counters, ctx: ElementContext, problems: list[Problem], count: int, per_row: int,
           corner: tuple[float, float], label_w: float) -> list[Item]:
    """A group's label and its `count` counters in rows of `per_row` from `corner`: one counter laid
    out once and moved to each place."""
    x, top = corner
    items = compose(ctx, problems, text(x, top, label_w - el.gap, el.side, el.label, size=el.label_size, font=el.font,
                                        valign="middle", color="#000000", case="capitalize")) if el.label else []
    piece = _counter(el, ctx, problems) if count else []
    for i in range(count):
        cx = x + label_w + (i % per_row) * (el.side + el.gap)
        items += shifted(piece, cx, top + (i // per_row) * (el.side + el.gap))
    return items


def _counter(el: Counters, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    """One counter, its top-left corner at the origin."""
    s = el.side
    shape = ellipse if el.shape == "circle" else rect
    parts: list[Element] = [shape(0.0, 0.0, s, s, fill=el.fill, stroke=el.stroke, stroke_width=el.stroke_width)]
    if el.ring:
        inset = s * 0.08
        parts.append(shape(inset, inset, s - 2 * inset, s - 2 * inset, stroke=el.ring, stroke_width=0.7))
    if el.icon:
        side = s * el.icon_scale
        dy = -s * 0.12 if el.text else 0.0
        parts.append(icon((s - side) / 2, (s - side) / 2 + dy, side, side, el.icon, el.color))
    if el.text:
        ty, th = (s * 0.55, s * 0.3) if el.icon else (s * 0.1, s * 0.78)
        parts.append(text(0.0, ty, s, th, el.text, font=el.font, style=el.style, size=el.size, align="center",
                          valign="middle", color=el.color, french=False))
    return compose(ctx, problems, *parts)


# --- dice nets --------------------------------------------------------------------------------

# The cross: (column, row) of each face in a 4 x 3 grid -> its value; opposite faces add to 7.
FACES = {(1, 0): 2, (0, 1): 3, (1, 1): 1, (2, 1): 4, (3, 1): 6, (1, 2): 5}
# Outer edges, in units of the edge: (start, end, outward normal, has a glue tab). The seven tabs
# each meet the edge they are glued under: L.top-T.left, R.top-T.right, K.top-T.top,
# L.bottom-B.left, R.bottom-B.right, K.bottom-B.bottom, L.left-K.right.
EDGES = (
    ((1, 0), (2, 0), (0, -1), False), ((1, 0), (1, 1), (-1, 0), False), ((2, 0), (2, 1), (1, 0), False),
    ((0, 1), (1, 1), (0, -1), True), ((0, 1), (0, 2), (-1, 0), True), ((0, 2), (1, 2), (0, 1), True),
    ((2, 1), (3, 1), (0, -1), True), ((2, 2), (3, 2), (0, 1), True),
    ((3, 1), (4, 1), (0, -1), True), ((4, 1), (4, 2), (1, 0), False), ((3, 2), (4, 2), (0, 1), True),
    ((1, 2), (1, 3), (-1, 0), False), ((2, 2), (2, 3), (1, 0), False), ((1, 3), (2, 3), (0, 1), False),
)
FOLDS = (((1, 1), (2, 1)), ((1, 2), (2, 2)), ((1, 1), (1, 2)), ((2, 1), (2, 2)), ((3, 1), (3, 2)))
Point = tuple[float, float]
_LO, _MID, _HI = 0.26, 0.5, 0.74
PIPS = {1: [(_MID, _MID)], 2: [(_LO, _LO), (_HI, _HI)], 3: [(_LO, _LO), (_MID, _MID), (_HI, _HI)],
        4: [(_LO, _LO), (_HI, _LO), (_LO, _HI), (_HI, _HI)],
        5: [(_LO, _LO), (_HI, _LO), (_MID, _MID), (_LO, _HI), (_HI, _HI)],
        6: [(_LO, _LO), (_HI, _LO), (_LO, _MID), (_HI, _MID), (_LO, _HI), (_HI, _HI)]}


def _compile_dienets(el: DieNets, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    x, y, w, h = frame(el, ctx)
    count = count_value(el.count, ctx, problems, "count", most=500)
    if count is None or count == 0:
        return []
    if el.tab >= el.edge / 2:
        problems.append(Problem("a glue tab must be less than half the die's edge"))
        return []
    net_w, net_h = 4 * el.edge + el.tab, 3 * el.edge
    per_row = count_fitting(w, net_w, el.gap)
    rows = math.ceil(count / per_row) if per_row else 0
    if per_row == 0 or rows * (net_h + el.gap) - el.gap > h + 0.5:
        problems.append(Problem(f"{count} dice nets of {net_w / MM:.0f} × {net_h / MM:.0f} mm do not fit the box"))
        return []
    x0 = x + (w - min(count, per_row) * (net_w + el.gap) + el.gap) / 2
    net = _net(el, ctx, problems)  # one net, moved to each place
    items: list[Item] = []
    for i in range(count):
        nx = x0 + (i % per_row) * (net_w + el.gap) + el.tab
        items += shifted(net, nx, y + (i // per_row) * (net_h + el.gap))
    return items


def _net(el: DieNets, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    """One die net, its top-left face corner at the origin."""
    e = el.edge
    fill, pip = ctx.rgb(el.fill, problems), ctx.rgb(el.pips, problems)
    lines = _NetLines(ctx.rgb(el.stroke, problems), ctx.rgb(el.fold, problems), ctx.rgb(el.tab_fill, problems),
                      tuple(el.dash), el.stroke_width)
    items: list[Item] = [Shape("rect", c * e, r * e, e, e, fill=fill) for (c, r) in FACES] if fill else []
    r = e * 0.085
    for (c, row), value in FACES.items():
        items += [Shape("ellipse", (c + px) * e - r, (row + py) * e - r, 2 * r, 2 * r, fill=pip)
                  for px, py in PIPS[value]]
    for (c0, r0), (c1, r1) in FOLDS:
        items.append(lines.fold_line(c0 * e, r0 * e, (c1 - c0) * e, (r1 - r0) * e))
    for start, end, normal, tab in EDGES:
        items += _edge(el, start, end, normal, tab, lines)
    return items


@dataclass(frozen=True)
class _NetLines:
    """The colours and strokes of a die net's lines, resolved once."""

    cut: RGB | None
    fold: RGB | None
    tab_fill: RGB | None
    dash: tuple[float, ...]
    width: float

    def cut_line(self, a: Point, b: Point) -> Shape:
        return Shape("line", a[0], a[1], b[0] - a[0], b[1] - a[1], stroke=self.cut, width=self.width)

    def fold_line(self, x: float, y: float, w: float, h: float) -> Shape:
        return Shape("line", x, y, w, h, stroke=self.fold, width=self.width, dash=self.dash)


def _edge(el: DieNets, start: Point, end: Point, normal: Point, tab: bool, lines: _NetLines) -> list[Item]:
    e, t = el.edge, el.tab
    p0, p1 = (start[0] * e, start[1] * e), (end[0] * e, end[1] * e)
    if not tab:
        return [lines.cut_line(p0, p1)]
    d = ((end[0] - start[0]), (end[1] - start[1]))
    inset = min(t, e * 0.25)
    q0 = (p0[0] + normal[0] * t + d[0] * inset, p0[1] + normal[1] * t + d[1] * inset)
    q1 = (p1[0] + normal[0] * t - d[0] * inset, p1[1] + normal[1] * t - d[1] * inset)
    out: list[Item] = []
    if lines.tab_fill:  # the tab's inner rectangle, short of its slanted sides
        corners = (q0, q1, (p0[0] + d[0] * inset, p0[1] + d[1] * inset), (p1[0] - d[0] * inset, p1[1] - d[1] * inset))
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        out.append(Shape("rect", min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), fill=lines.tab_fill))
    out.append(lines.fold_line(p0[0], p0[1], p1[0] - p0[0], p1[1] - p0[1]))
    out += [lines.cut_line(a, b) for a, b in ((p0, q0), (q0, q1), (q1, p1))]
    return out


register_compiler(Counters, _compile_counters, local=("item",))
register_compiler(DieNets, _compile_dienets)
