"""Ruled tables (score sheets, reference tables) compiled into lines, fills and cell texts.

Contract: registers the compiler of the `table` element. Columns expand their `repeat` (headers
may use `{n}`), may split into `sub` columns under a second header row, and share the width left
by columns of fixed width; `sub_widths` weighs the sub columns. Rows are explicit labels,
`row_count` labels from `row_label`, or the rows of a rules table (`data: rules.NAME`), which also
gives the header. Cell text is fitted like any text (shrinking down to 60 % of the table's size) inside the cell
less its `padding` from the inner edge of its side rules (half of it above and below);
text that still does not fit is a problem; `uniform` sets every body cell at the one size at which
they all fit, so a long cell does not print smaller than its neighbours. Cells may hold `:icon:`
markup, and a column's `icons` map turns whole words of its body cells into icons (dice faces for
the digits of a combination). Typed cells (`body`, written in the layout or held by a `{field}`) are
text (templated from the face's values and `{rules.…}`), numbers (written with the cell's or the
column's `format`), or icons, each with its own fill, colour, weight and alignment; a `{field}`'s
cells are checked here as the layout's are when it loads.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.errors import Problem
from ..model.layout import Cell, CellValue, Table
from ..model.units import MM
from ..model.validate import StrictModel
from .assets import is_told
from .richtext import prepare_text, resolve_icons
from .elements import (BLACK, MISSING, ElementContext, field_value, frame,
                       register_compiler)
from .items import Item, Shape, TextItem
from .numbers import format_number
from .textfit import TextStyle, fit_text


@dataclass(frozen=True)
class _Style:
    """How one body cell is drawn, beyond its text."""

    fill: str | None = None
    color: str | None = None
    bold: bool = False
    align: str | None = None


PLAIN = _Style()
Row = list[tuple[str, _Style]]  # a body row: each cell's text and style


@dataclass(frozen=True)
class _Col:
    header: str
    sub: tuple[str, ...]
    width: float | None
    fill: str | None
    sub_widths: tuple[float, ...] | None = None
    icons: tuple[tuple[str, str], ...] = ()
    format: str | None = None
    align: str | None = None

    def spans(self, x: float, w: float) -> list[tuple[float, float]]:
        """(x, width) of each sub column."""
        weights = self.sub_widths or (1.0,) * len(self.sub)
        total, out = sum(weights), []
        for weight in weights:
            out.append((x, w * weight / total))
            x += w * weight / total
        return out


def _compile(table: Table, ctx: ElementContext, problems: list[Problem]) -> list[Item]:
    planned = _plan(table, ctx, problems)
    return planned[0].items(planned[1]) if planned else []


def _plan(table: Table, ctx: ElementContext, problems: list[Problem]) -> tuple["_Grid", list[Row]] | None:
    """The table's grid and body rows, or None (a problem says why)."""
    x, y, w, h = frame(table, ctx)
    header, rows = _content(table, ctx, problems)
    if header is None:
        return None
    cols = _columns(table, header, w, ctx, problems)
    if cols is None:
        return None
    has_sub = any(c.sub for c, _ in cols)
    head_h = table.header_height.pt(ctx.height)
    sub_h = head_h * 0.75 if has_sub else 0.0
    own = [d.pt(ctx.height) for d in table.row_heights[:len(rows)]]
    rest = len(rows) - len(own)
    row_h = table.row_height.pt(ctx.height) if table.row_height else (h - head_h - sub_h - sum(own)) / max(rest, 1)
    if head_h + sub_h + sum(own) + row_h * rest > h + 0.5:
        problems.append(Problem(f"{len(rows)} rows of {row_h / MM:.1f} mm do not fit the table's height" if not own
                                else f"{len(rows)} rows of {(sum(own) + row_h * rest) / MM:.1f} mm in all do not "
                                "fit the table's height"))
        return None
    return _Grid(x, y, head_h, sub_h, own + [row_h] * rest, cols, table, ctx, problems), rows


@dataclass(frozen=True)
class GridCell:
    """One cell of a table's grid: `row` 0 is the header row (a cell per column of the layout,
    spanning its sub columns, at the `col` of its first), body rows count from 1; `col` counts leaf
    columns (each sub column) from 0, `group` the columns of the layout (each repeat); `name` is the
    leaf's sub-header text, or its header's; `text` is what the cell prints."""

    row: int
    col: int
    group: int
    name: str
    text: str
    x: float
    y: float
    w: float
    h: float


def table_cells(table: Table, ctx: ElementContext) -> tuple[list[GridCell], list[Problem]]:
    """The cells of a table as laid out (header cells span their group; body cells are leaves),
    for the exports that give each empty cell a form field or a spreadsheet cell."""
    problems: list[Problem] = []
    planned = _plan(table, ctx, problems)
    return (planned[0].cells(planned[1]) if planned else []), problems


def _content(table: Table, ctx: ElementContext, problems: list[Problem]) -> tuple[list[str] | None, list[Row]]:
    if table.data:
        name = table.data.removeprefix("rules.")
        found = ctx.tables.get(name)
        if found is None:
            problems.append(Problem(f"no rules table {name!r}" + (f" (tables: {', '.join(ctx.tables)})" if ctx.tables
                                                                   else " (the kit's rules model prints none)")))
            return None, []
        return list(found.header), [[(cell, PLAIN) for cell in r] for r in found.rows]
    if table.body is not None:
        return [], typed_rows(table, ctx, problems)
    labels = table.rows or [table.row_label.replace("{n}", str(i + 1)) for i in range(table.row_count or 1)]
    return [], [[(ctx.text(label, problems), PLAIN)] for label in labels]


def typed_rows(table: Table, ctx: ElementContext, problems: list[Problem]) -> list[Row]:
    """The body's rows as (text, style) cells: written in the layout, or held by a `{field}`."""
    body = table.body
    if body is None:  # rows from `data` or `rows`: none typed
        return []
    if isinstance(body, str):
        body = field_value(body, ctx, problems, list, "a table's `body`")
        if body is MISSING:
            return []
        body, found = _checked_body(body)
        if found:
            problems += found
            return []
    formats = [c.format for c in table.columns for _ in range(c.repeat)]
    return [[_typed(cell, formats[j] if j < len(formats) else None, ctx, problems) for j, cell in enumerate(row)]
            for row in body]


def _checked_body(raw: list) -> tuple[list, list[Problem]]:
    """A field's rows of cells, checked as the layout's `body` is (typed cells made models)."""
    from ..model.schema import ValidationError

    try:
        return _BodyHolder.model_validate({"body": raw}).body, []
    except ValidationError as exc:
        return [], [Problem(f"a table's `body`{_cell_at(e['loc'][1:])}: {e['msg']}") for e in exc.errors()]


def _cell_at(loc: tuple) -> str:
    """`, row 2, cell 1.txt` for the location (1, 0, "txt") of an error in a body."""
    words = [f"row {loc[0] + 1}"] if loc else []
    words += [f"cell {loc[1] + 1}"] if len(loc) > 1 else []
    rest = ".".join(str(p) for p in loc[2:])
    return (", " + ", ".join(words) if words else "") + (f".{rest}" if rest else "")


def _typed(cell: CellValue, spec: str | None, ctx: ElementContext, problems: list[Problem]) -> tuple[str, _Style]:
    if cell is None:
        return "", PLAIN
    if not isinstance(cell, Cell):
        return (_number(cell, spec, ctx, problems) if isinstance(cell, (int, float)) else ctx.text(cell, problems)), PLAIN
    style = _Style(cell.fill, cell.color, cell.bold, cell.align)
    if cell.icon is not None:
        return f":{ctx.text(cell.icon, problems)}:", style
    if cell.number is not None:
        value = ctx.text(cell.number, problems) if isinstance(cell.number, str) else cell.number
        return _number(value, cell.format or spec, ctx, problems), style
    return ctx.text(cell.text or "", problems), style


def _number(value: object, spec: str | None, ctx: ElementContext, problems: list[Problem]) -> str:
    """`value` written with the format spec `spec` in the kit's language (a number written as text
    is read first): `4,5` in French."""
    try:
        number = float(value) if isinstance(value, str) else value
        if isinstance(number, float) and number.is_integer() and (spec is None or spec[-1:] in "d"):
            number = int(number)
        if not isinstance(number, (int, float)):
            raise ValueError(f"{value!r} is no number")
        return format_number(number, spec or "", ctx.language)
    except ValueError as exc:
        problems.append(Problem(f"cannot write {value!r} with format {spec!r}: {exc}"))
        return str(value)


def _columns(table: Table, header: list[str], width: float, ctx: ElementContext,
             problems: list[Problem]) -> list[tuple[_Col, float]] | None:
    cols = [_Col(ctx.text(c.header.replace("{n}", str(i + 1)), problems), tuple(c.sub),
                 c.width.pt(width) if c.width else None, c.fill,
                 tuple(c.sub_widths) if c.sub_widths else None, tuple(c.icons.items()), c.format, c.align)
            for c in table.columns for i in range(c.repeat)]
    if header:
        cols = [replace(cols[i], header=text, sub=(), sub_widths=None) if i < len(cols)
                else _Col(text, (), None, None) for i, text in enumerate(header)]
    fixed = sum(c.width for c in cols if c.width)
    free = [c for c in cols if not c.width]
    rest = (width - fixed) / len(free) if free else 0.0
    if fixed > width + 0.5 or (free and rest < 4.0):
        problems.append(Problem("the columns are wider than the table"))
        return None
    return [(c, c.width or rest) for c in cols]


_Placed = tuple[str, float, float, float, float, _Style]  # a body cell's text, x, y, width, height and style


class _Grid:
    def __init__(self, x: float, y: float, head_h: float, sub_h: float, row_hs: list[float],
                 cols: list[tuple[_Col, float]], table: Table, ctx: ElementContext, problems: list[Problem]):
        """`row_hs`: each body row's height (all the same unless the table gives `row_heights`)."""
        self.x, self.y, self.head_h, self.sub_h, self.row_hs = x, y, head_h, sub_h, row_hs
        body = y + head_h + sub_h
        if len(set(row_hs)) <= 1:  # (one height: the rows' tops as they always were computed)
            self.tops = [body + r * row_hs[0] for r in range(len(row_hs))] if row_hs else []
        else:
            self.tops = [body + sum(row_hs[:r]) for r in range(len(row_hs))]
        self.bottom = self.tops[-1] + row_hs[-1] if row_hs else body
        self.cols, self.table, self.ctx, self.problems = cols, table, ctx, problems
        self.width = sum(w for _, w in cols)
        self.line = ctx.rgb(table.color, problems) or BLACK
        self.head = _Style(color=table.header_color)

    def items(self, rows: list[Row]) -> list[Item]:
        self._placed = self._cells(rows)
        self.smallest: tuple[float, str] | None = None  # the smallest size a cell prints at, and its text
        out = self._fills(len(rows)) + self._header() + self._body() + self._rules(len(rows))
        if self.smallest is not None:  # one warning for the table, naming its smallest cell
            size, text = self.smallest
            self.ctx.small_text(_Sized(size), self.problems, f"table cell {text!r} (the smallest)")
        return out

    def cells(self, rows: list[Row]) -> list[GridCell]:
        out: list[GridCell] = []
        x, leaf = self.x, 0
        for group, (col, w) in enumerate(self.cols):
            spans = col.spans(x, w) if col.sub else [(x, w)]
            names = col.sub or (col.header,)
            out.append(GridCell(0, leaf, group, col.header, col.header, x, self.y, w, self.head_h))
            for i, ((sx, sw), name) in enumerate(zip(spans, names)):
                out += [GridCell(r + 1, leaf + i, group, name, row[group][0] if group < len(row) else "", sx,
                                 self.tops[r], sw, self.row_hs[r]) for r, row in enumerate(rows)]
            x, leaf = x + w, leaf + len(spans)
        return out

    def _fills(self, n_rows: int) -> list[Item]:
        out: list[Item] = []
        head = self.ctx.rgb(self.table.header_fill, self.problems)
        if head:
            out.append(Shape("rect", self.x, self.y, self.width, self.head_h + self.sub_h, fill=head))
        body_top = self.y + self.head_h + self.sub_h
        for r in range(n_rows):
            colour = self.table.emphasis.get(r + 1) or (self.table.stripe if r % 2 else None)
            fill = self.ctx.rgb(colour, self.problems)
            if fill:
                out.append(Shape("rect", self.x, self.tops[r], self.width, self.row_hs[r], fill=fill))
        x = self.x
        for col, w in self.cols:
            fill = self.ctx.rgb(col.fill, self.problems)
            if fill:
                out.append(Shape("rect", x, body_top, w, self._rows_h(n_rows), fill=fill))
            x += w
        return out + self._cell_fills()

    def _cell_fills(self) -> list[Item]:
        out: list[Item] = []
        for _, x, y, w, h, style in self._placed:
            fill = self.ctx.rgb(style.fill, self.problems) if style.fill else None
            if fill:
                out.append(Shape("rect", x, y, w, h, fill=fill))
        return out

    def _rows_h(self, n_rows: int) -> float:
        """The height of the first `n_rows` body rows (as always computed when they are all alike)."""
        if len(set(self.row_hs)) <= 1:
            return self.row_hs[0] * n_rows if self.row_hs else 0.0
        return sum(self.row_hs[:n_rows])

    def _header(self) -> list[Item]:
        out: list[Item] = []
        x = self.x
        for col, w in self.cols:
            out += self._cell(col.header, x, self.y, w, self.head_h, self.problems, bold=True, style=self.head)
            for sub, (sx, sw) in zip(col.sub, col.spans(x, w)):
                out += self._cell(sub, sx, self.y + self.head_h, sw, self.sub_h, self.problems, small=True)
            x += w
        return out

    def _body(self) -> list[Item]:
        """The body cells, each fitted at its own size; with `uniform`, those fitted larger than the
        smallest size are fitted again at it."""
        cells = self._placed
        fitted = [self._body_cell(cell, None) for cell in cells]
        sizes = [items[0].block.size for items, _ in fitted if items]
        size = min(sizes) if self.table.uniform and sizes else None
        out: list[Item] = []
        for cell, (items, problems) in zip(cells, fitted):
            if size is not None and items and items[0].block.size != size:
                items, problems = self._body_cell(cell, size)
            out += items
            self.problems += problems
        return out

    def _cells(self, rows: list[Row]) -> list[_Placed]:
        """(text, x, y, width, style) of every body cell, row by row; a cell's alignment is its
        own, else its column's."""
        out = []
        for r, row in enumerate(rows):
            x, top = self.x, self.tops[r]
            for (col, w), (text, style) in zip(self.cols, row):
                if style.align is None and col.align is not None:
                    style = replace(style, align=col.align)
                out.append((_as_icons(text, dict(col.icons)), x, top, w, self.row_hs[r], style))
                x += w
        return out

    def _body_cell(self, cell: _Placed, fixed: float | None) -> tuple[list[TextItem], list[Problem]]:
        text, x, y, w, h, style = cell
        problems: list[Problem] = []
        return self._cell(text, x, y, w, h, problems, fixed=fixed, style=style), problems

    def _cell(self, text: str, x: float, y: float, w: float, h: float, problems: list[Problem], bold: bool = False,
              small: bool = False, fixed: float | None = None, style: _Style = PLAIN) -> list[TextItem]:
        if not text:
            return []
        size = fixed or self.table.size * (0.8 if small else 1.0)
        found: list[Problem] = []
        weight = "bold" if bold or style.bold else "regular"
        prepared = prepare_text(text, self.table.font, weight, self.ctx.french, self.ctx, found)
        problems += [p for p in found if p.severity == "warning"]
        if prepared is None:
            problems += [p if is_told(p) else Problem(f"table cell {text!r}: {p.what}")  # (told: once, at its cause)
                         for p in found if p.severity != "warning"]
            return []
        runs, faces, paths = prepared
        fit = TextStyle(faces, size, size if fixed else size * 0.6, 1.15, style.align or self.table.align, "middle", 1.0)
        pad = self.table.padding + self.table.line_width / 2  # from the inner edge of the rules
        block = fit_text(runs, w - 2 * pad, h - pad, fit)
        if isinstance(block, Problem):
            problems.append(Problem(f"table cell {text!r}: {block.what}"))
            return []
        if self.smallest is None or block.size < self.smallest[0]:
            self.smallest = (block.size, text)
        if paths:
            block = resolve_icons(block, paths)
        color = self.ctx.rgb(style.color, problems) if style.color else None
        return [TextItem(x + pad, y + pad / 2, w - 2 * pad, h - pad, block, color or BLACK)]

    def _rules(self, n_rows: int) -> list[Item]:
        lw, top = self.table.line_width, self.y
        bottom = self.y + self.head_h + self.sub_h + self._rows_h(n_rows)
        out: list[Item] = [Shape("rect", self.x, top, self.width, bottom - top, stroke=self.line, width=lw * 1.5)]
        ys = self.tops[:n_rows]
        out += [Shape("line", self.x, yy, self.width, 0.0, stroke=self.line, width=lw) for yy in ys]
        x = self.x
        for i, (col, w) in enumerate(self.cols):
            if i:
                out.append(Shape("line", x, top, 0.0, bottom - top, stroke=self.line, width=lw))
            for sx, _ in col.spans(x, w)[1:]:
                out.append(Shape("line", sx, top + self.head_h, 0.0, bottom - top - self.head_h,
                                 stroke=self.line, width=lw * 0.6))
            x += w
        if self.sub_h:
            out.append(Shape("line", self.x, top + self.head_h, self.width, 0.0, stroke=self.line, width=lw * 0.6))
        return out


def _as_icons(text: str, icons: dict[str, str]) -> str:
    """`1 1 5` with icons {"1": a, "5": b} -> `:a: :a: :b:` (other words stay text)."""
    if not icons:
        return text
    return " ".join(f":{icons[word]}:" if word in icons else word for word in text.split(" "))


@dataclass(frozen=True)
class _Sized:
    size: float


class _BodyHolder(StrictModel):
    """The `body` of a table, to check the rows of cells that a field holds."""

    body: list[list[CellValue]]


register_compiler(Table, _compile, local=("n",))
