"""A board of squares drawn from data: the `board` element.

Contract: registers the compiler of the `board` element (models `Board` and `BoardLayer` in
`model.layout`). The element's `data` names a field holding the board as plain data (a mapping,
as a rules model reads it); each layer picks squares from it — `cells` (a key path such as
`start.bleu`, or a literal list of [col, row] pairs) or `area` ([col, row, cols, rows]) — where any
number may be a key path into the data (`size`). Squares are `cell` wide (a length, or a key of
the data holding millimetres; default: the largest that fits), the extent of all layers (or
`bounds`) is centred in the element's box, column and row grow right and down. Each square of a
layer composes plain elements (rect or ellipse, icon or svg, text), compiled like any other, so
fonts, icons and text fitting behave the same. Wrong data is a problem naming the layer, never a
crash; a board that does not fit its box is a problem, never clipped; so is a board of more than
`MAX_SQUARES` squares.
"""
from __future__ import annotations

from typing import Any, Sequence, TypeVar

from ..core.errors import Problem
from ..model.layout import Board, BoardLayer, Element, Svg
from ..model.units import MM, parse_dim
from .elements import MISSING, ElementContext, compose, field_value, frame, register_compiler
from .figures import box, ellipse, icon, rect, text
from .items import Item, shifted

Square = tuple[int, int]
T = TypeVar("T")
MAX_SQUARES = 10_000  # squares a board draws, all layers together


def data_at(data: Any, path: str) -> Any:
    """The value at a dotted key path of the board data, or MISSING."""
    for key in path.split("."):
        if not isinstance(data, dict) or key not in data:
            return MISSING
        data = data[key]
    return data


def _number(value: object, data: Any, where: str, problems: list[Problem]) -> int | None:
    found = data_at(data, value) if isinstance(value, str) else value
    if isinstance(found, bool) or not isinstance(found, int):
        problems.append(Problem(f"{where}: {value!r} must be a whole number or a key of the board data holding one"
                                + ("" if found is MISSING else f" (got {found!r})")))
        return None
    return found


def _complete(found: list[T | None]) -> list[T] | None:
    """`found` when it holds no None (each None stands for a problem reported), else None."""
    kept = [value for value in found if value is not None]
    return kept if len(kept) == len(found) else None


def _numbers(values: Sequence[object], data: Any, where: str, problems: list[Problem]) -> list[int] | None:
    """Each value read by `_number`, every problem reported; None after one."""
    return _complete([_number(v, data, where, problems) for v in values])


def layer_squares(layer: BoardLayer, data: Any, where: str, problems: list[Problem]) -> list[Square] | None:
    """The squares a layer draws on, in order."""
    if layer.area is not None:
        nums = _numbers(layer.area, data, where, problems)
        if nums is None:
            return None
        col, row, cols, rows = nums
        if max(cols, 0) * max(rows, 0) > MAX_SQUARES:
            problems.append(Problem(f"{where}: `area` holds {cols} × {rows} squares; "
                                    f"a board has at most {MAX_SQUARES:,}"))
            return None
        return [(col + c, row + r) for r in range(rows) for c in range(cols)]
    cells = data_at(data, layer.cells) if isinstance(layer.cells, str) else layer.cells
    if cells is MISSING or not isinstance(cells, list):
        problems.append(Problem(f"{where}: `cells` {layer.cells!r} must name a list of [col, row] squares "
                                "in the board data"))
        return None
    out = []
    for pair in cells:
        if not (isinstance(pair, list) and len(pair) == 2):
            problems.append(Problem(f"{where}: a square is a [col, row] pair (got {pair!r})"))
            return None
        nums = _numbers(pair, data, where, problems)
        if nums is None:
            return None
        out.append((nums[0], nums[1]))
    return out


def _cell_size(el: Board, data: Any, w: float, h: float, cols: int, rows: int, problems: list[Problem]) -> float | None:
    if el.cell is None:
        return min(w / cols, h / rows)
    if isinstance(el.cell, str):
        try:
            dim = parse_dim(el.cell)  # (either sign: a side of 0 or less is reported below)
            if dim.relative:
                raise ValueError("a percentage is no square's side")
            side = dim.value
        except ValueError:
            found = data_at(data, el.cell)
            if isinstance(found, (int, float)) and not isinstance(found, bool) and found > 0:
                return found * MM
            problems.append(Problem(f"`cell` {el.cell!r} must be a length or a key of the board data "
                                    "holding millimetres"))
            return None
    else:
        side = el.cell * MM
    if side <= 0:
        problems.append(Problem(f"`cell` must be more than 0 (got {el.cell!r})"))
        return None
    return side


def _extent(el: Board, data: Any, squares: list[list[Square]], spans: list[tuple[int, int]],
            problems: list[Problem]) -> tuple[int, int, int, int] | None:
    if el.bounds is not None:
        return _bounds(el.bounds, data, problems)
    placed = [(sq, span) for found, span in zip(squares, spans) for sq in found]
    if not placed:
        problems.append(Problem("the board's layers name no square"))
        return None
    c0 = min(sq[0] for sq, _ in placed)
    r0 = min(sq[1] for sq, _ in placed)
    c1 = max(sq[0] + span[0] for sq, span in placed)
    r1 = max(sq[1] + span[1] for sq, span in placed)
    return c0, r0, c1 - c0, r1 - r0


def _bounds(bounds: list[int | str], data: Any, problems: list[Problem]) -> tuple[int, int, int, int] | None:
    """`bounds` ([col, row, cols, rows], numbers or data keys), checked."""
    if len(bounds) != 4:
        problems.append(Problem(f"`bounds` is [col, row, cols, rows] (got {bounds!r})"))
        return None
    nums = _numbers(bounds, data, "bounds", problems)
    if nums is None:
        return None
    if min(nums[2:]) < 1:
        problems.append(Problem(f"`bounds`: the board is 1 square or more wide and high (got {nums[2]} × {nums[3]})"))
        return None
    return nums[0], nums[1], nums[2], nums[3]


def _compile_board(el: Board, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    x, y, w, h = frame(el, ctx)
    data = field_value(el.data, ctx, problems, dict, f"the board data {el.data!r}")
    if data is MISSING:
        return []
    squares = _complete([layer_squares(layer, data, f"layer {i + 1}", problems) for i, layer in enumerate(el.layers)])
    spans = _complete([_span(layer, data, f"layer {i + 1}", problems) for i, layer in enumerate(el.layers)])
    if squares is None or spans is None:
        return []
    if sum(len(found) for found in squares) > MAX_SQUARES:
        problems.append(Problem(f"the board's layers name {sum(len(found) for found in squares):,} squares; "
                                f"at most {MAX_SQUARES:,}"))
        return []
    extent = _extent(el, data, squares, spans, problems)
    if extent is None:
        return []
    c0, r0, cols, rows = extent
    side = _cell_size(el, data, w, h, cols, rows, problems)
    if side is None:
        return []
    if cols * side > w + 0.5 or rows * side > h + 0.5:
        problems.append(Problem(f"the board ({cols} × {rows} squares of {side / MM:.1f} mm = "
                                f"{cols * side / MM:.0f} × {rows * side / MM:.0f} mm) does not fit its box "
                                f"({w / MM:.0f} × {h / MM:.0f} mm)"))
        return []
    left, top = x + (w - cols * side) / 2 - c0 * side, y + (h - rows * side) / 2 - r0 * side
    items: list[Item] = []
    for layer, found, span in zip(el.layers, squares, spans):
        items += _layer(layer, found, span, ctx, problems, (left, top), side)
    return items


def _layer(layer: BoardLayer, found: list[Square], span: tuple[int, int], ctx: ElementContext,
           problems: list[Problem], origin: tuple[float, float], side: float) -> list[Item]:
    """A layer's squares: one square laid out once (once per colour, with `alternate`) and moved to
    each of its places; `origin` is where square (0, 0) is."""
    pieces: dict[int, list[Item]] = {}
    items: list[Item] = []
    for col, row in found:
        odd = (col + row) % 2 if layer.alternate else 0
        if odd not in pieces:
            pieces[odd] = _square(layer, span, ctx, problems, side, odd)
        items += shifted(pieces[odd], origin[0] + col * side, origin[1] + row * side)
    return items


def _span(layer: BoardLayer, data: Any, where: str, problems: list[Problem]) -> tuple[int, int] | None:
    nums = _numbers(layer.span, data, where, problems)
    if nums is None:
        return None
    if min(nums) < 1:
        problems.append(Problem(f"{where}: `span` must be 1 square or more (got {nums})"))
        return None
    return nums[0], nums[1]


def _square(layer: BoardLayer, span: tuple[int, int], ctx: ElementContext, problems: list[Problem],
            side: float, odd: int) -> list[Item]:
    """The parts of one square of a layer, its corner at the origin, in its box (in squares from
    its corner; `span` squares)."""
    bx, by, bw, bh = layer.box
    x, y, w, h = bx * side, by * side, bw * side * span[0], bh * side * span[1]
    parts: list[Element] = []
    fill = layer.alternate if odd else layer.fill
    if layer.shape != "none" and (fill or layer.stroke):
        make = ellipse if layer.shape == "circle" else rect
        style = {"radius": layer.radius} if layer.shape == "rect" else {}
        parts.append(make(x, y, w, h, fill=fill, stroke=layer.stroke, stroke_width=layer.stroke_width, **style))
    if layer.icon or layer.svg:
        s = min(w, h) * layer.icon_scale
        ix, iy = x + (w - s) / 2, y + (h - s) / 2
        if layer.icon:
            parts.append(icon(ix, iy, s, s, layer.icon, layer.icon_color))
        elif layer.svg:
            parts.append(Svg(type="svg", src=layer.svg, **box(ix, iy, s, s)))
    if layer.text:
        parts.append(text(x, y, w, h, layer.text, font=layer.font, style=layer.style, size=layer.size,
                          color=layer.color, align="center", valign="middle", rotate=layer.rotate))
    return compose(ctx, problems, *parts)


register_compiler(Board, _compile_board)

__all__ = ["data_at", "layer_squares"]
