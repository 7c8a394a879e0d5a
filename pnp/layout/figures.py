"""Elements drawn from structured data: action grids, rows of symbols, calendar tracks.

Contract: registers the compilers of the `grid`, `symbols` and `track` elements (models in
`model.layout`). Each reads a structured field named by a `{field}` template (a card's `data`
field or a sheet's field), checks its shape, and composes plain elements (rect, ellipse, text,
icon) that it compiles like any other, so fonts, icons, French typography and text fitting behave
the same. A value of the wrong shape is a problem naming the field, never a crash. Numbers are
printed with the typographic minus (U+2212). A grid's `caption` may hold `{n}` (the cell's number),
a track's `band_text` `{label}`, `{first}` and `{last}` (the segment's name and weeks). The plain
element builders (`box`, `text`, `icon`, `rect`, `ellipse`) serve counters.py and boards.py too.
"""
from __future__ import annotations

import math
from typing import Any, TypeGuard, TypedDict

from ..core.errors import Problem
from ..model.layout import Element, Ellipse, Grid, Icon, Rect, Symbols, Text, Track
from ..model.units import Dim, MM
from .elements import MISSING, ElementContext, compose, field_value, frame, register_compiler, with_values
from .items import Item

MINUS = "\u2212"


def number(value: int) -> str:
    return f"{MINUS}{-value}" if value < 0 else str(value)


class Box(TypedDict):
    """An element's box, as the keywords of its model."""

    x: Dim
    y: Dim
    w: Dim
    h: Dim


def box(x: float, y: float, w: float, h: float) -> Box:
    return {"x": Dim(x), "y": Dim(y), "w": Dim(max(w, 0.01)), "h": Dim(max(h, 0.01))}


def text(x: float, y: float, w: float, h: float, content: str, **style: Any) -> Text:
    style.setdefault("min_size", style.get("size", 9.0) * 0.5)
    return Text(type="text", text=content, **box(x, y, w, h), **style)


def icon(x: float, y: float, w: float, h: float, name: str, color: str) -> Icon:
    return Icon(type="icon", name=name, color=color, **box(x, y, w, h))


def _points(style: dict[str, Any]) -> dict[str, Any]:
    """Lengths computed here are points; a bare number in a layout model would read as mm."""
    return {k: f"{v:.4f}pt" if k in ("stroke_width", "radius") and isinstance(v, (int, float)) else v
            for k, v in style.items()}


def rect(x: float, y: float, w: float, h: float, **style: Any) -> Rect:
    return Rect(type="rect", **box(x, y, w, h), **_points(style))


def ellipse(x: float, y: float, w: float, h: float, **style: Any) -> Ellipse:
    return Ellipse(type="ellipse", **box(x, y, w, h), **_points(style))


# --- grid -------------------------------------------------------------------------------------

def _grid_rows(value: object, problems: list[Problem]) -> list[list] | None:
    if value is MISSING:
        return None
    rows: list[list] = []
    if isinstance(value, list):
        rows = value if all(isinstance(r, list) for r in value) else [value]
    if not rows or not any(rows):
        problems.append(Problem(f"grid cells must be a list of rows of cells (got {value!r})"))
        return None
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if not _is_cell(cell):
                problems.append(Problem(f"grid cell ({r}, {c}) must be {{weeks: N, points: N}}, a number or ~ "
                                        f"(got {cell!r})"))
                return None
    return rows


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_cell(cell: object) -> bool:
    if cell is None or _is_int(cell):
        return True
    return (isinstance(cell, dict) and set(cell) <= {"weeks", "points"}
            and all(v is None or _is_int(v) for v in cell.values()))


def _compile_grid(el: Grid, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    x, y, w, h = frame(el, ctx)
    rows = _grid_rows(field_value(el.cells, ctx, problems), problems)
    if rows is None:
        return []
    ncols, nrows = max(len(row) for row in rows), len(rows)
    cap = el.caption_size * 1.5 if el.caption else 0.0
    cw = (w - el.gap * (ncols - 1)) / ncols
    ch = (h - el.gap * (nrows - 1)) / nrows - cap
    cw, ch = min(cw, el.cell_w.pt(w)) if el.cell_w else cw, min(ch, el.cell_h.pt(h)) if el.cell_h else ch
    if cw < 3 * MM or ch < 3 * MM:
        problems.append(Problem(f"{nrows} × {ncols} cells do not fit the grid's box"))
        return []
    total_h = nrows * (ch + cap) + el.gap * (nrows - 1)
    x0 = x + (w - ncols * cw - el.gap * (ncols - 1)) / 2
    y0 = y + {"top": 0.0, "middle": (h - total_h) / 2, "bottom": h - total_h}[el.valign]
    items: list[Item] = []
    n = 0
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            n += 1
            cx, cy = x0 + c * (cw + el.gap), y0 + r * (ch + cap + el.gap) + cap
            items += _cell(el, ctx, problems, cell, n, cx, cy, cw, ch)
    return items


def _cell(el: Grid, ctx: ElementContext, problems: list[Problem], cell: int | dict[str, int | None], n: int,
          x: float, y: float, w: float, h: float) -> list[Item]:
    found = cell if isinstance(cell, dict) else {"points": cell}
    parts = [(name, value, colour) for name, value, colour in ((el.weeks_icon, found.get("weeks"), el.weeks_color),
                                                              (el.points_icon, found.get("points"), el.points_color))
             if value is not None]
    out: list[Element] = [rect(x, y, w, h, fill=el.fill, stroke=el.stroke, stroke_width=el.stroke_width,
                             radius=el.radius)]
    pad = min(w, h) * 0.08
    line_h = (h - 2 * pad) / max(len(parts), 1)
    for i, (name, value, colour) in enumerate(parts):
        out.append(text(x + pad, y + pad + i * line_h, w - 2 * pad, line_h, f":{name}: {number(value)}",
                        font=el.font, size=el.size, style="bold", color=colour, align="center",
                        valign="middle", icon_scale=1.05))
    if el.numbered:
        side = min(w, h) * 0.22
        out += [ellipse(x + 0.7 * MM, y + 0.7 * MM, side, side, fill=el.stroke or el.number_color),
                text(x + 0.7 * MM, y + 0.7 * MM, side, side * 0.95, str(n), font=el.font, size=el.size * 0.55,
                     style="bold", color=el.fill or "#ffffff", align="center", valign="middle")]
    if el.caption:
        cap = el.caption_size * 1.5
        out.append(text(x, y - cap, w, cap, el.caption.replace("{n}", str(n)), font=el.font,
                        size=el.caption_size, align="center", valign="middle", color=el.number_color))
    return compose(ctx, problems, *out)


# --- symbols ----------------------------------------------------------------------------------

def _entries(el: Symbols, value: object, problems: list[Problem]) -> list[tuple[str, object]] | None:
    if isinstance(value, dict):
        keys = el.keys if el.keys is not None else [str(k) for k in value]
        return [(key, value.get(key)) for key in keys]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [(key, None) for key in (el.keys if el.keys is not None else value) if key in value]
    if value is not MISSING:
        problems.append(Problem(f"symbols need a list of names or a mapping (got {value!r})"))
    return None


def _compile_symbols(el: Symbols, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    x, y, w, h = frame(el, ctx)
    entries = _entries(el, field_value(el.values, ctx, problems), problems)
    if not entries:
        return []
    shown = with_values(ctx, **{k: number(v) for k, v in ctx.values.items() if _is_int(v)})
    slot = (w - el.gap * (len(entries) - 1)) / len(entries)
    cap_h = el.size * 1.35 if el.captions else 0.0
    badge = min(slot, (h - cap_h) * 0.48) if el.badges else 0.0
    side = el.icon_size.pt(h) if el.icon_size else min(slot, h - cap_h - badge - (el.gap if badge else 0))
    items: list[Item] = []
    for i, (key, val) in enumerate(entries):
        sx = x + i * (slot + el.gap)
        parts: list[Element] = [icon(sx + (slot - side) / 2, y, side, side, el.icons.get(key, key),
                                   el.colors.get(key, el.color))]
        if key in el.captions:
            parts.append(text(sx - el.gap / 2, y + side, slot + el.gap, cap_h, el.captions[key], font=el.font,
                              size=el.size, align="center", valign="middle", color=el.color))
        items += compose(shown, problems, *parts)
        items += _badge(el, ctx, problems, val, sx + (slot - badge) / 2, y + side + cap_h + el.gap, badge)
    return items


def _badge(el: Symbols, ctx: ElementContext, problems: list[Problem], value: object, x: float, y: float,
           side: float) -> list[Item]:
    if not el.badges or value is None:
        return []
    style = el.badges.get(str(value))
    if style is None:
        problems.append(Problem(f"no badge for the value {value!r} (badges: {', '.join(el.badges)})"))
        return []
    return compose(ctx, problems, ellipse(x, y, side, side, fill=style.fill, stroke=style.stroke, stroke_width=0.8),
                   text(x, y, side, side * 0.96, style.text, font=el.font, size=el.badge_size, style="bold",
                        color=style.color, align="center", valign="middle", french=False))


# --- track ------------------------------------------------------------------------------------

def _segments(value: object, problems: list[Problem]) -> list[tuple[str, int]] | None:
    if value is MISSING:
        return None
    if not isinstance(value, list) or not value or not all(
            isinstance(s, dict) and _is_int(s.get("weeks")) and s["weeks"] > 0 for s in value):
        problems.append(Problem(f"track segments must be a list of {{label, weeks}} with weeks > 0 (got {value!r})"))
        return None
    return [(str(s.get("label", "")), s["weeks"]) for s in value]


def _compile_track(el: Track, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    x, y, w, h = frame(el, ctx)
    segments = _segments(field_value(el.segments, ctx, problems), problems)
    if segments is None:
        return []
    columns = el.columns or max(weeks for _, weeks in segments)
    cw, ch, band = (w - el.gap * (columns - 1)) / columns, el.cell_h.pt(h), el.band_h.pt(h)
    rows = [math.ceil(weeks / columns) for _, weeks in segments]
    needed = ch + sum(el.row_gap + band + el.gap + r * (ch + el.gap) - el.gap for r in rows)
    if needed > h + 0.5:
        problems.append(Problem(f"the track needs {needed / MM:.0f} mm of height, its box has {h / MM:.0f} mm"))
        return []
    start = _TrackCell(x, y, cw, ch, el.start_fill or el.fills[0], name=el.start, icon=el.start_icon)
    items = start.items(el, ctx, problems)
    top, week, total = y + ch, 0, sum(weeks for _, weeks in segments)
    for i, ((label, weeks), nrows) in enumerate(zip(segments, rows)):
        top += el.row_gap
        items += _band(el, ctx, problems, i, label, week, weeks, x, top, w, band)
        top += band + el.gap
        for k in range(weeks):
            week += 1
            end = week == total
            cell = _TrackCell(x + (k % columns) * (cw + el.gap), top + (k // columns) * (ch + el.gap), cw, ch,
                              (el.end_fill or el.fills[i % len(el.fills)]) if end else el.fills[i % len(el.fills)],
                              str(week), el.end if end else "", el.end_icon if end else None,
                              first=k == 0, last=k == weeks - 1)
            items += cell.items(el, ctx, problems)
        top += nrows * (ch + el.gap) - el.gap
    return items


def _band(el: Track, ctx: ElementContext, problems: list[Problem], i: int, label: str, before: int, weeks: int,
          x: float, y: float, w: float, h: float) -> list[Item]:
    content = el.band_text.replace("{label}", label).replace("{first}", str(before + 1)) \
        .replace("{last}", str(before + weeks))
    return compose(ctx, problems, rect(x, y, w, h, fill=el.band_fills[i % len(el.band_fills)], radius=MM),
                   text(x + 2 * MM, y, w - 4 * MM, h, content, font=el.font, size=h * 0.55, style="bold",
                        color=el.band_color, valign="middle"))


class _TrackCell:
    """One cell of the track: its week number, the start or end name and icon, the segment marks."""

    def __init__(self, x: float, y: float, w: float, h: float, fill: str | None, label: str = "", name: str = "",
                 icon: str | None = None, first: bool = False, last: bool = False):
        self.x, self.y, self.w, self.h, self.fill = x, y, w, h, fill
        self.label, self.name, self.icon, self.first, self.last = label, name, icon, first, last

    def items(self, el: Track, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
        x, y, w, h = self.x, self.y, self.w, self.h
        pad = 1.2 * MM
        parts: list[Element] = [rect(x, y, w, h, fill=self.fill, stroke=el.stroke, stroke_width=el.stroke_width,
                                   radius=el.radius)]
        if self.label:
            parts.append(text(x + pad, y + pad * 0.6, w * 0.62, h * 0.3, self.label, font=el.font, size=el.size,
                              style="bold", color=el.color))
        if self.name:
            parts.append(text(x + 0.5 * MM, y + h * 0.68, w - 1 * MM, h * 0.28, self.name, font=el.font,
                              size=el.size * 0.75, style="bold", color=el.color, align="center", valign="middle"))
        if self.icon:
            side = h * (0.36 if self.label else 0.5)
            top = y + (h * 0.3 if self.label else h * 0.1)
            parts.append(icon(x + (w - side) / 2, top, side, side, self.icon, el.color))
        if self.first and el.first_icon:
            side = min(w, h) * 0.26
            parts.append(icon(x + w - side - pad * 0.7, y + pad * 0.7, side, side, el.first_icon, el.mark_color))
        if self.last and el.last_text and not self.name:
            parts.append(text(x + 0.5 * MM, y + h * 0.72, w - 1 * MM, h * 0.24, el.last_text, font=el.font,
                              size=el.size * 0.45, color=el.mark_color, align="center", valign="middle"))
        return compose(ctx, problems, *parts)


register_compiler(Grid, _compile_grid, local=("n",))
register_compiler(Symbols, _compile_symbols)
register_compiler(Track, _compile_track, local=("label", "first", "last"))
__all__ = ["number", "Box", "box", "text", "icon", "rect", "ellipse"]
