"""A rulebook's tables, compiled by the cards' own table element at a column's width.

Contract: `table_art(table, width, ctx, look, most)` compiles a GFM pipe table written in the text
(its header and alignments; cells in the cards' markup) or a table the rules model prints
(`ModelTable`: the model's header and rows, its title above) into `TableArt`s as wide as the
column, each of as many rows as fit `most` (a column's height), the header repeated on each: `table`
elements of `pnp.model.layout` laid out by `pnp.layout.tables`, so a rulebook's table and a card's
look alike. Each row is one line high, or up to five when one of its cells needs it (the fewest
lines at which every cell prints at the table's size, as a book's table or a browser's wraps a
cell rather than shrink it: cells of one column at mixed sizes look like an error; at five lines,
cells shrink as a card's do): a long cell makes its own row tall, not every row (`row_heights`); the
answer is `(parts, problems)`, `Problem`s of what the table element says (the caller locates them).
"""
from __future__ import annotations

from ..core.blocks import PipeTable
from ..core.errors import Problem
from ..model.layout import Table
from ..model.units import MM
from .bookresolve import ModelTable
from .booktype import Look, TableArt
from .elements import ElementContext, compile_element
from .items import Item, TextItem
from .paragraph import Setting, set_lines, words
from .textfit import TextBlock
from .typography import parse

ROW_LINES = (1, 2, 3, 4, 5)
PADDING = 1.6 * MM  # a cell's padding, each side
STYLES = ("regular", "bold", "italic", "bolditalic")
WHOLE = 0.995  # a cell printing under this fraction of the table's size (rounding aside) grows its row a line


def table_art(table: PipeTable | ModelTable, width: float, ctx: ElementContext, look: Look,
              most: float) -> tuple[list[TableArt], list[Problem]]:
    """The table in parts of as many rows as fit `most` (a column's height), its header on each."""
    size = look.size * 0.92
    header, aligns, rows = _content(table, ctx)
    head: list[Item] = _title(table, width, ctx, look) if isinstance(table, ModelTable) else []
    top = max((i.y + i.h for i in head), default=0.0)
    header_h = size * 1.25 + 2.6 * MM
    widths = column_widths(header, rows, width, table_setting(ctx, look, size))
    lines, problems = _row_lines(header, aligns, rows, widths, size, header_h, look, ctx)
    if problems:
        return [], problems
    heights = [_row_h(size, n) for n in lines]
    made: list[TableArt] = []
    for k, (start, end) in enumerate(_parts(heights, most - top - header_h)):
        above = top if k == 0 else 0.0
        part, hs = rows[start:end], heights[start:end]
        element = Table.model_validate(_spec(header, aligns, part, widths, size, hs, header_h, above, look))
        items, found = compile_element(element, ctx)
        problems = [Problem(p.what) for p in found if p.severity != "warning"]
        if problems:
            return [], problems
        made.append(TableArt(tuple((head if k == 0 else []) + items), above + header_h + sum(hs), table.line))
    return made, []


def _row_h(size: float, lines: int) -> float:
    return size * 1.25 * lines + 2.2 * MM


def _total(size: float, heights: list[float]) -> float:
    return sum(heights) if heights else _row_h(size, 1)


def _row_lines(header: list[str], aligns: list[str], rows: list[list[str]], widths: list[float], size: float,
               header_h: float, look: Look, ctx: ElementContext) -> tuple[list[int], list[Problem]]:
    """How many lines each row is high, each compiled alone under the header: one, or more while one
    of its cells does not fit or prints smaller than the table's size (up to five, where cells
    shrink as a card's do, and a cell that still does not fit is the answer's problem)."""
    lines: list[int] = []
    for row in rows:
        for n in ROW_LINES:
            element = Table.model_validate(_spec(header, aligns, [row], widths, size, [_row_h(size, n)], header_h,
                                                 0.0, look))
            items, found = compile_element(element, ctx)
            problems = [Problem(p.what) for p in found if p.severity != "warning"]
            shrunk = any(i.block.size < size * WHOLE for i in items if isinstance(i, TextItem) and i.y >= header_h)
            if not problems and not shrunk:
                break
            if problems and n == ROW_LINES[-1]:
                return [], problems
        lines.append(n)
    return lines, []


def _parts(heights: list[float], most: float) -> list[tuple[int, int]]:
    """The rows of each part (start, end): as many as fit `most`, at least one."""
    parts: list[tuple[int, int]] = []
    start, used = 0, 0.0
    for r, h in enumerate(heights):
        if r > start and used + h > most:
            parts.append((start, r))
            start, used = r, 0.0
        used += h
    return parts + [(start, len(heights))]


def _content(table: PipeTable | ModelTable, ctx: ElementContext) -> tuple[list[str], list[str], list[list[str]]]:
    """The header, the columns' alignments and the rows (text cells, in the cards' markup)."""
    if isinstance(table, ModelTable):
        found = ctx.tables[table.name]
        header = list(found.header)
        return header, ["left"] * len(header), [list(row) for row in found.rows]
    width = len(table.header)
    return list(table.header), list(table.aligns), [list(row) + [""] * (width - len(row)) for row in table.rows]


def _spec(header: list[str], aligns: list[str], rows: list[list[str]], widths: list[float], size: float,
          heights: list[float], header_h: float, top: float, look: Look) -> dict:
    return {"type": "table", "x": 0, "y": f"{top}pt", "w": f"{sum(widths)}pt",
            "h": f"{header_h + _total(size, heights)}pt", "size": size, "row_height": f"{_row_h(size, 1)}pt",
            "row_heights": [f"{h}pt" for h in heights], "header_height": f"{header_h}pt", "font": look.font, "line_width": 0.4,
            "header_fill": _hex(look.fills.get("note")), "color": _hex(look.color), "padding": f"{PADDING}pt",
            "columns": [{"header": h, "align": a, "width": f"{w}pt"}
                        for h, a, w in zip(header, aligns, widths)],
            "body": [[{"text": cell} for cell in row] for row in rows]}


def column_widths(header: list[str], rows: list[list[str]], width: float, setting: Setting) -> list[float]:
    """Each column's width, from what it holds, as a browser sizes a table's: every column as wide as
    its longest cell when they all fit; else each at least its longest word (the header's too), the
    room left shared by how much more each would take. Text is measured in the table's faces at its
    size (`setting`: the header bold, `**` and `*` in their styles, an icon `icon_scale` em), a
    cell's padding added and half an em of slack. The sum is `width`."""
    pad = 2 * PADDING + setting.size * 0.5
    cells = [[(header[k], True)] + [(row[k], False) for row in rows] for k in range(len(header))]
    measured = [[_measure(text, bold, setting) for text, bold in col] for col in cells]
    most = [max(line for line, _ in col) + pad for col in measured]
    least = [max(word for _, word in col) + pad for col in measured]
    if sum(most) <= width:
        widths = [m * width / sum(most) for m in most]
    elif sum(least) < width and sum(most) > sum(least):
        extra = (width - sum(least)) / (sum(most) - sum(least))
        widths = [lo + (hi - lo) * extra for lo, hi in zip(least, most)]
    else:
        widths = [lo * width / sum(least) for lo in least]
    return widths[:-1] + [width - sum(widths[:-1])]


def _measure(text: str, bold: bool, st: Setting) -> tuple[float, float]:
    """The printed width of `text`'s longest line, unbroken, and of its longest word."""
    space = st.faces["regular"].width(" ", st.size)
    lines = [[sum(st.size * st.icon_scale if p.icon else st.faces[p.style].width(p.text, st.size) for p in word)
              for word in line] for line in words(parse(text, base_bold=bold))]
    return (max((sum(ws) + space * max(len(ws) - 1, 0) for ws in lines), default=0.0),
            max((w for ws in lines for w in ws), default=0.0))


def table_setting(ctx: ElementContext, look: Look, size: float) -> Setting:
    """The table's faces at its size (a style the family lacks measured in its regular face)."""
    fonts = ctx.fonts
    faces = {s: fonts.face(look.font, s if fonts.problem(look.font, s) is None else "regular") for s in STYLES}
    return Setting(faces, size, 1.25, "left")


def _title(table: ModelTable, width: float, ctx: ElementContext, look: Look) -> list[Item]:
    if not table.title:
        return []
    faces = {s: ctx.fonts.face(look.font, s) for s in ("regular", "bold", "italic", "bolditalic")}
    setting = Setting(faces, look.size, look.leading, "left")
    lines, _ = set_lines(parse(f"**{table.title}**"), width, setting)
    pitch = setting.pitch
    return [TextItem(0.0, k * pitch, ln.width, pitch, TextBlock((ln,), look.size, pitch), look.heading_color)
            for k, ln in enumerate(lines)]


def _hex(rgb: tuple[float, float, float] | None) -> str | None:
    if rgb is None:
        return None
    return "#" + "".join(f"{round(v * 255):02x}" for v in rgb)
