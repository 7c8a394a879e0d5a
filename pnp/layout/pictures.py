"""Icons, pictures and SVG art compiled into positioned pictures.

Contract: registers the compilers of the `icon`, `image` and `svg` elements. An icon is drawn once,
`repeat` times in a grid (`_grid_cells`: square cells as large as the box allows for `per_row`
columns and the rows needed, or `rows` when fixed, `gap` apart, each row centred), or once at each
point of `at` (centres, with an optional turn; the list may come from a `{field}` or a map). A
picture is fitted into its box (`contain`, `cover`, `stretch`) from its natural size, read once per
version of the file through `pnp.sources` (a picture checked whole, an SVG sanitized); a broken,
refused or unreadable file is a problem, not a crash. An `svg` with `color`
is recoloured like an icon.
"""
from __future__ import annotations

from pathlib import Path

from ..core.errors import Problem
from ..model.frame import Fit
from ..model.layout import Icon, Image, Svg
from ..model.load import safe_path
from ..model.units import MM, parse_angle, parse_dim, turn as turn_sum
from .elements import MISSING, ElementContext, _fail, count_value, field_value, frame, register_compiler
from .geometry import angle
from .items import Item, Picture


def _icon(element: Icon, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    name = ctx.text(element.name, problems)
    path, problem = ctx.icons.resolve(name, ctx.layout.icons)
    if element.at is not None:
        points = _points(element, ctx, problems)
        if problem or points is None or path is None:  # (a path, or a problem)
            return _fail(problems, problem) if problem else []
        return _at_points(element, ctx, path, points, problems)
    x, y, w, h = frame(element, ctx)
    count = count_value(element.repeat, ctx, problems)
    if problem or count is None or path is None:
        return _fail(problems, problem) if problem else []
    color = ctx.rgb(element.color, problems)
    per_row = element.per_row or max(count, 1)
    return [Picture("icon", px, py, side, side, path, color, angle(element))
            for px, py, side in _grid_cells(x, y, w, h, count, per_row, element.rows, element.gap)]


def _points(element: Icon, ctx: ElementContext, problems: list[Problem]) -> list[tuple[float, float, float]] | None:
    """The centres (points) and turns of an icon's `at`: a list, or the `{field}` that holds one."""
    raw = element.at
    if isinstance(raw, str):
        raw = field_value(raw, ctx, problems, list, "`at`")
        if raw is MISSING:
            return None
    if raw is None:  # (an icon without `at` has no points)
        return None
    out = []
    for point in raw:
        parsed = _point(point, ctx)
        if parsed is None:
            problems.append(Problem(f"`at` takes points [x, y] or [x, y, turn] (a turn in degrees) "
                                    f"(got {point!r})"))
            return None
        out.append(parsed)
    return out


def _point(point: object, ctx: ElementContext) -> tuple[float, float, float] | None:
    if not isinstance(point, list) or len(point) not in (2, 3):
        return None
    try:
        turn = parse_angle(point[2]) if len(point) == 3 else 0
        if isinstance(turn, str):
            return None
        return parse_dim(point[0]).pt(ctx.width), parse_dim(point[1]).pt(ctx.height), turn
    except ValueError:
        return None


def _at_points(element: Icon, ctx: ElementContext, path: str, points: list[tuple[float, float, float]],
               problems: list[Problem]) -> list[Item]:
    """One icon centred on each point, `w` × `h` (default 10 mm), turned by the point's turn."""
    w = element.w.pt(ctx.width) if element.w is not None else AT_SIDE
    h = element.h.pt(ctx.height) if element.h is not None else AT_SIDE
    color = ctx.rgb(element.color, problems)
    return [Picture("icon", px - w / 2, py - h / 2, w, h, path, color, turn_sum(angle(element) + turn))
            for px, py, turn in points]


AT_SIDE = 10 * MM


def _grid_cells(x: float, y: float, w: float, h: float, count: int, per_row: int, fixed_rows: int | None,
                gap: float) -> list[tuple[float, float, float]]:
    """Square cells for `count` icons, `per_row` a row, each row centred, the block centred.

    Icons are sized for a grid of `per_row` columns and `fixed_rows` rows when given (so that
    every card of a deck draws its icons at one size), else for the rows this count needs."""
    if count == 0:
        return []
    rows = -(-count // per_row)
    cols = per_row if fixed_rows else min(per_row, count)
    grid_rows = max(rows, fixed_rows or 0)
    side = max(0.0, min((w - gap * (cols - 1)) / cols, (h - gap * (grid_rows - 1)) / grid_rows))
    top = y + (h - rows * side - (rows - 1) * gap) / 2
    cells = []
    for r in range(rows):
        in_row = min(per_row, count - r * per_row)
        left = x + (w - in_row * side - (in_row - 1) * gap) / 2
        cells += [(left + i * (side + gap), top + r * (side + gap), side) for i in range(in_row)]
    return cells


def _picture(element: Image | Svg, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    x, y, w, h = frame(element, ctx)
    relative = ctx.text(element.src, problems)
    path, problem = safe_path(ctx.project, ctx.kit_dir, relative)
    if problem:
        return _fail(problems, Problem(problem))
    natural = _natural_size(str(path), element.type, ctx.project)
    if isinstance(natural, Problem):
        return _fail(problems, natural)
    bx, by, bw, bh = _fitted(x, y, w, h, natural, element.fit)
    color = ctx.rgb(getattr(element, "color", None), problems)  # single-colour SVG art, recoloured
    return [Picture(element.type, bx, by, bw, bh, str(path), color, angle(element))]


def _natural_size(path: str, kind: str, project: Path) -> tuple[float, float] | Problem:
    """The picture's own width and height, or a problem: a picture is decoded whole, an SVG parsed
    and sanitized (`pnp.sources`: each read again when its file changes)."""
    from ..sources.files import InputError

    try:
        if kind == "image":
            from ..sources.pictures import picture_info

            info, _ = picture_info(Path(path))
            return float(info.width), float(info.height)
        from ..sources.svg import load_svg

        return load_svg(project, Path(path)).size
    except InputError as exc:
        return Problem(str(exc))


def _fitted(x: float, y: float, w: float, h: float, natural: tuple[float, float],
            fit: Fit) -> tuple[float, float, float, float]:
    nw, nh = natural
    if fit == "stretch":
        return x, y, w, h
    scale = min(w / nw, h / nh) if fit == "contain" else max(w / nw, h / nh)
    dw, dh = nw * scale, nh * scale
    return x + (w - dw) / 2, y + (h - dh) / 2, dw, dh


register_compiler(Icon, _icon, turns=True)
register_compiler(Image, _picture, turns=True)
register_compiler(Svg, _picture, turns=True)
