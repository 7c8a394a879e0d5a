"""Layouts: card and page templates, and the elements drawn on them.

Contract: `Layout` is a validated, fully resolved template (its `extends` already merged by
`layouts.py`). Geometry is in `Dim` (points or a fraction of the card or page content box), with
the origin at the top-left corner of the trim box and y growing downwards. Elements are drawn in
the order they are listed. Values written `{field}` are filled from the card (or sheet) being
drawn; colours name a palette entry or are `#rrggbb`; icons name an entry of the `icons` map or a
vendored icon file. `when`/`unless` show an element only on cards whose fields match. `maps`
turn a field's value into another value (`{pips[rank]}`: the entry of map `pips` for the card's
`rank`), such as a list of positions that an icon's `at` draws it at.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, Self, Union

from .schema import Field, field_validator, model_validator

from .units import CARD_PRESETS, Dim, DimField, FontSize, GeomField, Length, MM, SizeField, parse_dim
from .validate import StrictModel

from .figures import Badge, Board, BoardLayer, Counters, DieNets, Grid, Symbols, Track  # noqa: F401
from .frame import Align, Fit, Frame, Stroke, VAlign


MIN_SIDE_MM = 10.0  # a card or page smaller than this is a typo, not material (and would tile millions)


class Rect(Frame, Stroke):
    type: Literal["rect"]
    fill: str | None = None
    radius: Length = 0.0


class Ellipse(Frame, Stroke):
    type: Literal["ellipse"]
    fill: str | None = None


class Line(Frame, Stroke):
    """A segment from (x, y) to (x2, y2)."""

    type: Literal["line"]
    x2: GeomField = Dim(0.0)
    y2: GeomField = Dim(0.0)
    stroke: str | None = "#000000"


class Text(Frame):
    """Wrapped, aligned text with **bold**, *italic* and :icon: runs, shrunk to fit if needed."""

    type: Literal["text"]
    text: str
    font: str = "Noto Sans"
    style: Literal["regular", "bold", "italic", "bolditalic"] = "regular"
    size: FontSize = 9.0
    min_size: FontSize | None = None
    leading: float = Field(default=1.2, gt=0.5, le=3.0)
    color: str = "#000000"
    align: Align = "left"
    valign: VAlign = "top"
    case: Literal["none", "upper", "capitalize"] = "none"
    icon_scale: float = Field(default=1.0, gt=0.2, le=3.0)
    french: bool | None = None
    outline: str | None = None


class Image(Frame):
    """A PNG or JPEG picture, fitted into the box."""

    type: Literal["image"]
    src: str
    fit: Fit = "contain"


class Svg(Frame):
    """An SVG drawing (a kit's own art), drawn as vectors; `color` recolours single-colour art."""

    type: Literal["svg"]
    src: str
    fit: Fit = "contain"
    color: str | None = None


class Icon(Frame):
    """A vendored icon, recoloured, drawn as vectors; `repeat` draws it several times in a row;
    `at` draws it once at each of a list of points (centres), `[x, y]` or `[x, y, rotate]`, each
    icon `w` × `h` (a list written here, or a `{field}` / `{map[field]}` giving one)."""

    type: Literal["icon"]
    name: str
    color: str = "#000000"
    repeat: str | int = 1
    per_row: int | None = Field(default=None, ge=1, le=20)
    rows: int | None = Field(default=None, ge=1, le=20)
    gap: Length = 1.0 * MM
    at: str | list[list[float | str]] | None = None


class Column(StrictModel):
    """A table column; `sub_widths` weighs its `sub` columns (equal by default); `icons` draws a
    word of a body cell that is one of its keys as that icon (`"1": dice-six-faces-one`); `format`
    writes the numbers of its typed cells (a Python format spec: `"+d"`, `".1f"`); `align` its cells;
    `per_player` says the column is repeated once per player (a score sheet's), so the kit's
    player range must fit its `repeat` (pnp.rules.generic)."""

    header: str = ""
    width: SizeField | None = None
    repeat: int = Field(default=1, ge=1, le=40)
    per_player: bool = False
    sub: list[str] = []
    sub_widths: list[float] | None = None
    fill: str | None = None
    icons: dict[str, str] = {}
    format: str | None = None
    align: Align | None = None

    @model_validator(mode="after")
    def _sub_weights(self) -> Self:
        if self.sub_widths is not None and (len(self.sub_widths) != len(self.sub)
                                            or any(w <= 0 for w in self.sub_widths)):
            raise ValueError(f"sub_widths needs one positive weight per sub column ({len(self.sub)})")
        return self


class Cell(StrictModel):
    """A typed table cell: a `text` (templated), a `number` (written with `format`, else the
    column's), or an `icon` (in `color`); with its own `fill`, text `color`, `bold` and `align`."""

    text: str | None = None
    number: float | int | str | None = None
    icon: str | None = None
    format: str | None = None
    fill: str | None = None
    color: str | None = None
    bold: bool = False
    align: Align | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Self:
        if sum(v is not None for v in (self.text, self.number, self.icon)) > 1:
            raise ValueError("a cell holds one of `text`, `number` or `icon`")
        return self


CellValue = Union[str, int, float, None, Cell]


class Table(Frame):
    """A ruled table: header row, optional row labels, empty or filled cells (score sheets); or
    typed cells (`body`: rows of cells written here, or a `{field}` holding them)."""

    type: Literal["table"]
    columns: list[Column] = []
    body: str | list[list[CellValue]] | None = None
    rows: list[str] | None = None
    row_count: int | None = Field(default=None, ge=1, le=200)
    row_label: str = "{n}"
    data: str | None = None
    row_height: SizeField | None = None
    row_heights: list[SizeField] = []  # each body row's own height, in order (rows past the list: row_height)
    header_height: SizeField = Dim(7 * MM)
    font: str = "Noto Sans"
    size: FontSize = 8.0
    header_fill: str | None = "#e6e6e6"
    header_color: str = "#000000"
    stripe: str | None = None
    emphasis: dict[int, str] = {}
    line_width: Length = 0.6
    color: str = "#000000"
    align: Align = "center"
    padding: Length = 1.0 * MM  # between a cell's text and its side rules (half of it above and below)
    uniform: bool = False  # every body cell at one size, the largest at which they all fit
    formulas: dict[str, str] = {}  # computed cells of a score table's exports (pnp/model/formula.py)

    @field_validator("formulas")
    @classmethod
    def _formulas(cls, value: dict[str, str]) -> dict[str, str]:
        from .formula import FormulaError, parse  # only score tables have formulas: imported for them

        for key, text in value.items():
            formula_key(key)
            try:
                parse(text)
            except FormulaError as error:
                raise ValueError(f"formula {key!r}: {error} (got {text!r})") from None
        return value

    @model_validator(mode="after")
    def _one_body(self) -> Self:
        if self.body is not None and (self.data or self.rows is not None or self.row_count is not None):
            raise ValueError("a table takes its rows from one of `body`, `data`, or `rows` / `row_count`")
        return self


def formula_key(key: str) -> tuple[str | None, int | None]:
    """`column`, `column@N` or `@N` (N: a body row, from 1) as (column, row); ValueError otherwise."""
    column, at, row = key.partition("@")
    if (at and not row.isdigit()) or (at and int(row) < 1) or not (column or at):
        raise ValueError(f"formula key {key!r}: write a column's name, `name@N` or `@N` (N: a row, from 1)")
    return column or None, int(row) if at else None


# --- Elements drawn from structured data (compiled in pnp/layout/figures.py and counters.py) ---


Element = Annotated[Union[Rect, Ellipse, Line, Text, Image, Svg, Icon, Table,
                          Grid, Symbols, Track, Counters, DieNets, Board], Field(discriminator="type")]


class SheetTemplate(StrictModel):
    """Where the slots of a label or sticker sheet, or of a print service's n-up template, lie on
    its paper: `columns` × `rows` slots of `slot` size, `gap` apart ([across, down]), the first one's
    top-left corner at `offset` from the paper's (default: the grid centred); `marks` per slot
    (`none` for die-cut labels, `corners` crop ticks, `outline` a cut line round each slot); `bleed`
    how far a card's art may pass its slot."""

    paper: str | list[SizeField] = "a4"
    slot: list[SizeField]
    columns: int = Field(ge=1, le=50)
    rows: int = Field(ge=1, le=50)
    gap: list[DimField] = [Dim(0.0), Dim(0.0)]
    offset: list[DimField] | None = None
    marks: Literal["none", "corners", "outline"] = "none"
    bleed: Length = 0.0

    @model_validator(mode="after")
    def _pairs(self) -> Self:
        from .units import PAPERS

        for key in ("slot", "gap", "offset"):
            value = getattr(self, key)
            if value is not None and (len(value) != 2 or any(d.relative for d in value)):
                raise ValueError(f"{key} is [across, down], two lengths such as [63.5mm, 38.1mm]")
        if isinstance(self.paper, str) and self.paper not in PAPERS:
            raise ValueError(f"paper is one of {', '.join(PAPERS)} or [width, height]")
        if isinstance(self.paper, list) and len(self.paper) != 2:
            raise ValueError("paper is a name or [width, height]")
        return self

    def paper_size(self) -> tuple[float, float]:
        from .units import paper_points

        if isinstance(self.paper, str):
            return paper_points(self.paper)
        return self.paper[0].value, self.paper[1].value


class Saver(StrictModel):
    """What an ink-saving print (`--ink saver`) leaves out or lightens (pnp.layout.saver)."""

    drop: list[str] = []  # elements not drawn
    lighten: list[str] = []  # elements whose fills print as a light tint
    keep: list[str] = []  # elements drawn as they are (the defaults would lighten or drop them)
    background: Literal["lighten", "drop", "keep"] = "lighten"
    amount: float = Field(default=0.3, ge=0.05, le=1.0)  # the share of their ink lightened fills keep


class Layout(StrictModel):
    """A resolved card, page or sheet template (`kind: template`: where cards sit on a label sheet)."""

    name: str = ""
    extends: str | list[str] | None = None  # merged away by layouts.py; declared for "did you mean 'extends'?"
    kind: Literal["card", "page", "template"] = "card"
    slots: SheetTemplate | None = None  # kind template: where the cards sit on its sheet
    size: str | list[DimField] = "poker"
    orientation: Literal["portrait", "landscape"] = "portrait"
    bleed: Length = 3 * MM
    safe: Length = 3 * MM
    radius: Length = 3 * MM
    margin: Length = 10 * MM
    overlap: Length = 10 * MM  # a page larger than the paper: the glue strip between its tiles
    background: str | None = None
    palette: dict[str, str] = {}
    icons: dict[str, str] = {}
    maps: dict[str, dict[str, Any]] = {}
    elements: dict[str, Element] = {}
    saver: Saver | None = None  # --ink saver: what is dropped or lightened (default: pnp.layout.saver's rules)
    description: str = ""

    @model_validator(mode="after")
    def _sheet(self) -> Self:
        if (self.kind == "template") != (self.slots is not None):
            raise ValueError("a layout of kind template gives its `slots` (and only it does)")
        return self

    @field_validator("size")
    @classmethod
    def _size(cls, value: str | list[Dim]) -> str | list[Dim]:
        if isinstance(value, str):
            if value not in CARD_PRESETS and value != "page":
                raise ValueError(f"unknown size preset; use one of {', '.join(CARD_PRESETS)}, "
                                 "page, or [width, height]")
            return value
        if len(value) != 2 or any(d.relative for d in value) or any(d.value <= 0 for d in value):
            raise ValueError("a custom size is [width, height], two positive lengths such as [63mm, 88mm]")
        if min(d.value for d in value) < MIN_SIDE_MM * MM:  # [0.063, 0.088]: metres, not mm
            raise ValueError(f"a side is at least {MIN_SIDE_MM:g}mm (a number is millimetres: 63, not 0.063)")
        return value

    def page_size(self) -> tuple[float, float] | None:
        """A page layout's own size (`size: [w, h]`): drawn on one page when it fits the paper, else
        tiled over pages (layout/tiling.py). None for the usual page, as large as the paper."""
        if self.kind != "page" or isinstance(self.size, str):
            return None
        return self.size[0].value, self.size[1].value

    def card_size(self) -> tuple[float, float]:
        """Trim size in points (cards only)."""
        if not isinstance(self.size, str):
            return self.size[0].value, self.size[1].value
        w, h = (v * MM for v in CARD_PRESETS[self.size])
        return (h, w) if self.orientation == "landscape" else (w, h)


__all__ = ["Layout", "SheetTemplate", "Element", "Rect", "Ellipse", "Line", "Text", "Image", "Svg", "Icon", "Table",
           "Grid", "Badge", "Symbols", "Track", "Counters", "DieNets", "Board", "BoardLayer",
           "Column", "Cell", "parse_dim"]
