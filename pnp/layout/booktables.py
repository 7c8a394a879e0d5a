"""A rulebook's tables, compiled by the cards' own table element at a column's width.

Contract: `table_art(table, width, ctx, look)` compiles a GFM pipe table written in the text (its
header and alignments; cells in the cards' markup) or a table the rules model prints (`ModelTable`:
the model's header and rows, its title above) into a `TableArt` as wide as the column: a `table`
element of `pnp.model.layout` laid out by `pnp.layout.tables`, so a rulebook's table and a card's
look alike. Rows are one line high, or two or three when a cell needs it (the shortest height at
which every cell fits); `(art, problems)`, problem texts as the table element gives them.
"""
from __future__ import annotations

from ..model.layout import Table
from ..model.units import MM
from ..sources.markdown import PipeTable
from .booktype import Look, TableArt
from .bookresolve import ModelTable
from .assets import Warn
from .elements import ElementContext, compile_element
from .items import Item, TextItem
from .paragraph import Setting, set_lines
from .textfit import TextBlock
from .typography import parse

ROW_LINES = (1, 2, 3)


def table_art(table: PipeTable | ModelTable, width: float, ctx: ElementContext,
              look: Look) -> tuple[TableArt | None, list[str]]:
    size = look.size * 0.92
    rows = len(table.rows) if isinstance(table, PipeTable) else len(ctx.tables[table.name].rows)
    head: list[Item] = _title(table, width, ctx, look) if isinstance(table, ModelTable) else []
    top = max((i.y + i.h for i in head), default=0.0)
    problems: list[str] = []
    for lines in ROW_LINES:
        row_h = size * 1.25 * lines + 2.2 * MM
        header_h = size * 1.25 + 2.6 * MM
        element = Table.model_validate(_spec(table, width, size, row_h, header_h, top, rows, look))
        items, found = compile_element(element, ctx)
        problems = [str(p) for p in found if not isinstance(p, Warn)]
        if not problems:
            return TableArt(tuple(head + items), top + header_h + rows * row_h, table.line), []
    return None, problems


def _spec(table: PipeTable | ModelTable, width: float, size: float, row_h: float, header_h: float, top: float,
          rows: int, look: Look) -> dict:
    spec: dict = {"type": "table", "x": 0, "y": f"{top}pt", "w": f"{width}pt",
                  "h": f"{header_h + rows * row_h}pt", "size": size, "row_height": f"{row_h}pt",
                  "header_height": f"{header_h}pt", "font": look.font, "line_width": 0.4,
                  "header_fill": _hex(look.fills.get("note")), "color": _hex(look.color), "padding": "1.6mm"}
    if isinstance(table, ModelTable):
        return spec | {"data": f"rules.{table.name}", "align": "left"}
    columns = [{"header": h, "align": a} for h, a in zip(table.header, table.aligns)]
    body = [[cell for cell in row] + [""] * (len(table.header) - len(row)) for row in table.rows]
    return spec | {"columns": columns, "body": body}


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
