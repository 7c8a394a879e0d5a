"""Layouts: card and page templates, and the elements drawn on them.

Contract: `Layout` is a validated, fully resolved template (its `extends` already merged by
`layouts.py`). Geometry is in `Dim` (points or a fraction of the card or page content box), with
the origin at the top-left corner of the trim box and y growing downwards. Elements are drawn in
the order they are listed. Values written `{field}` are filled from the card (or sheet) being
drawn; colours name a palette entry or are `#rrggbb`; icons name an entry of the `icons` map or a
vendored icon file. `when`/`unless` show an element only on cards whose fields match.
"""
from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, field_validator, model_validator

from .units import CARD_PRESETS, Dim, DimField, FontSize, Length, MM, parse_dim
from .validate import StrictModel

Scalar = Union[str, int, float, bool]
Align = Literal["left", "center", "right", "justify"]
VAlign = Literal["top", "middle", "bottom"]
Fit = Literal["contain", "cover", "stretch"]


class Frame(StrictModel):
    """Where an element sits: a box, or one of the card's named boxes."""

    x: DimField = Dim(0.0)
    y: DimField = Dim(0.0)
    w: DimField | None = None
    h: DimField | None = None
    box: Literal["trim", "bleed", "safe"] | None = None
    when: dict[str, Scalar] | None = None
    unless: dict[str, Scalar] | None = None
    rotate: Literal[0, 90, 180, 270] = 0


class Stroke(StrictModel):
    stroke: str | None = None
    stroke_width: Length = 0.5
    dash: list[float] | None = None
    opacity: float = Field(1.0, ge=0.0, le=1.0)


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
    x2: DimField = Dim(0.0)
    y2: DimField = Dim(0.0)
    stroke: str | None = "#000000"


class Text(Frame):
    """Wrapped, aligned text with **bold**, *italic* and :icon: runs, shrunk to fit if needed."""

    type: Literal["text"]
    text: str
    font: str = "Noto Sans"
    style: Literal["regular", "bold", "italic", "bolditalic"] = "regular"
    size: FontSize = 9.0
    min_size: FontSize | None = None
    leading: float = Field(1.2, gt=0.5, le=3.0)
    color: str = "#000000"
    align: Align = "left"
    valign: VAlign = "top"
    case: Literal["none", "upper", "capitalize"] = "none"
    icon_scale: float = Field(1.0, gt=0.2, le=3.0)
    french: bool | None = None
    outline: str | None = None


class Image(Frame):
    """A PNG or JPEG picture, fitted into the box."""

    type: Literal["image"]
    src: str
    fit: Fit = "contain"


class Svg(Frame):
    """An SVG drawing (a kit's own art), drawn as vectors."""

    type: Literal["svg"]
    src: str
    fit: Fit = "contain"


class Icon(Frame):
    """A vendored icon, recoloured, drawn as vectors; `repeat` draws it several times in a row."""

    type: Literal["icon"]
    name: str
    color: str = "#000000"
    repeat: str | int = 1
    per_row: int | None = Field(None, ge=1, le=20)
    rows: int | None = Field(None, ge=1, le=20)
    gap: Length = 1.0 * MM


class Column(StrictModel):
    """A table column; `sub_widths` weighs its `sub` columns (equal by default); `icons` draws a
    word of a body cell that is one of its keys as that icon (`"1": dice-six-faces-one`)."""

    header: str = ""
    width: DimField | None = None
    repeat: int = Field(1, ge=1, le=40)
    sub: list[str] = []
    sub_widths: list[float] | None = None
    fill: str | None = None
    icons: dict[str, str] = {}

    @field_validator("icons", mode="before")
    @classmethod
    def _word_keys(cls, value):
        """YAML reads `1: dice-six-faces-one` with an integer key: the words are text."""
        if isinstance(value, dict):
            return {str(k) if isinstance(k, int) and not isinstance(k, bool) else k: v for k, v in value.items()}
        return value

    @model_validator(mode="after")
    def _sub_weights(self):
        if self.sub_widths is not None and (len(self.sub_widths) != len(self.sub)
                                            or any(w <= 0 for w in self.sub_widths)):
            raise ValueError(f"sub_widths needs one positive weight per sub column ({len(self.sub)})")
        return self


class Table(Frame):
    """A ruled table: header row, optional row labels, empty or filled cells (score sheets)."""

    type: Literal["table"]
    columns: list[Column] = []
    rows: list[str] | None = None
    row_count: int | None = Field(None, ge=1, le=200)
    row_label: str = "{n}"
    data: str | None = None
    row_height: DimField | None = None
    header_height: DimField = Dim(7 * MM)
    font: str = "Noto Sans"
    size: FontSize = 8.0
    header_fill: str | None = "#e6e6e6"
    stripe: str | None = None
    emphasis: dict[int, str] = {}
    line_width: Length = 0.6
    color: str = "#000000"
    align: Align = "center"
    padding: Length = 1.2  # points (write "1mm"): space between a cell's text and its side rules
    uniform: bool = False  # every body cell at one size, the largest at which they all fit


# --- Elements drawn from structured data (compiled in pnp/layout/figures.py and counters.py) ---


class Grid(Frame):
    """Action cells from a card field (`cells: "{grid}"`) holding rows of cells: a cell is a mapping
    with `weeks` and/or `points`, a bare number (points), or `~` (no cell); a flat list is one row.
    Each cell is a box showing `weeks_icon` + weeks and `points_icon` + points; `numbered` adds the
    reading order in a corner, `caption` a text above each cell (`{n}` = its number)."""

    type: Literal["grid"]
    cells: str
    cell_w: DimField | None = None
    cell_h: DimField | None = None
    gap: Length = 1.5 * MM
    valign: VAlign = "middle"
    fill: str | None = "#ffffff"
    stroke: str | None = "#000000"
    stroke_width: Length = 0.6
    radius: Length = 1.0 * MM
    weeks_icon: str = "hourglass"
    points_icon: str = "round-star"
    weeks_color: str = "#000000"
    points_color: str = "#000000"
    font: str = "Noto Sans"
    size: FontSize = 9.0
    numbered: bool = False
    number_color: str = "#777777"
    caption: str | None = None
    caption_size: FontSize = 6.0


class Badge(StrictModel):
    """How a value of a `symbols` mapping is shown: a round badge with a text."""

    text: str
    fill: str | None = None
    color: str = "#000000"
    stroke: str | None = None


class Symbols(Frame):
    """A row of symbols, one per entry of a list or mapping field (`values: "{signs}"`), in the
    order of `keys` (default: the field's): the icon `icons[key]` (default: the key itself) in
    `colors[key]` (default: `color`), a caption `captions[key]` (templated) under it, and for a
    mapping a badge of the entry's value."""

    type: Literal["symbols"]
    values: str
    keys: list[str] | None = None
    icons: dict[str, str] = {}
    colors: dict[str, str] = {}
    captions: dict[str, str] = {}
    badges: dict[str, Badge] = {}
    color: str = "#000000"
    icon_size: DimField | None = None
    font: str = "Noto Sans"
    size: FontSize = 6.0
    badge_size: FontSize = 12.0
    gap: Length = 1.0 * MM


class Track(Frame):
    """A calendar track: the `start` cell, then the segments of a field (`segments: "{quarters}"`,
    a list of `{label, weeks}`) as numbered cells, each segment on its own row(s) under a band
    (`band_text`: `{label}`, `{first}`, `{last}`); the last cell also bears `end`. `first_icon`
    marks the first cell of each segment, `last_text` the last one (a new card, a scoring...)."""

    type: Literal["track"]
    segments: str
    start: str = "Départ"
    end: str = "Fin"
    columns: int | None = Field(None, ge=1, le=60)
    cell_h: DimField = Dim(20 * MM)
    band_h: DimField = Dim(6 * MM)
    gap: Length = 1.5 * MM
    row_gap: Length = 3 * MM
    fills: list[str] = ["#ffffff"]
    band_fills: list[str] = ["#dddddd"]
    band_text: str = "{label}"
    band_color: str = "#000000"
    stroke: str | None = "#000000"
    stroke_width: Length = 0.8
    radius: Length = 1.5 * MM
    start_fill: str | None = None
    end_fill: str | None = None
    start_icon: str | None = None
    end_icon: str | None = None
    first_icon: str | None = None
    last_text: str | None = None
    mark_color: str = "#000000"
    font: str = "Noto Sans"
    size: FontSize = 16.0
    color: str = "#000000"


class Counters(Frame):
    """Tokens to cut out, in rows filling the box: `count` of them (a number or `{field}`); with
    `each: "{field}"`, a group of `count` for every entry of a list field, each group on new rows,
    where `{item}` in the other values names the entry. A token is a `shape` of `side` with a cut
    outline (`stroke`), an optional inner `ring`, a `text` and/or an `icon`; `label` heads a group."""

    type: Literal["counters"]
    count: str | int = 1
    each: str | None = None
    shape: Literal["circle", "square"] = "circle"
    side: Length = 16 * MM
    gap: Length = 2 * MM
    fill: str | None = "#ffffff"
    stroke: str | None = "#000000"
    stroke_width: Length = 0.5
    ring: str | None = None
    text: str = ""
    icon: str | None = None
    icon_scale: float = Field(0.55, gt=0.0, le=1.0)
    color: str = "#000000"
    font: str = "Noto Sans"
    style: Literal["regular", "bold", "italic", "bolditalic"] = "bold"
    size: FontSize = 18.0
    label: str | None = None
    label_w: DimField = Dim(0.0)
    label_size: FontSize = 9.0


class DieNets(Frame):
    """Fold-up six-sided dice: `count` nets (a cross of six faces with pips, opposite faces adding
    to 7, and glue tabs) in rows filling the box; cut lines solid, fold lines dashed."""

    type: Literal["dienets"]
    count: str | int = 1
    edge: Length = 14 * MM
    tab: Length = 4 * MM
    gap: Length = 4 * MM
    fill: str | None = "#ffffff"
    tab_fill: str | None = None
    pips: str = "#000000"
    stroke: str = "#000000"
    stroke_width: Length = 0.5
    fold: str = "#808080"
    dash: list[float] = [2.5, 1.5]


class BoardLayer(StrictModel):
    """One kind of square of a `board` element: which squares (`cells`, a key of the board data
    holding [col, row] pairs, or a list of pairs; or `area`, [col, row, cols, rows]; numbers may be
    data keys), and what each shows in its `box` ([x, y, w, h] in squares from the square's corner,
    default the square; `span` squares wide and high; a box may reach beyond its square): a `shape`
    filled (`alternate` fills every other square, like a chessboard), an icon or a kit's SVG art
    scaled by `icon_scale`, a text. Compiled in pnp/layout/boards.py."""

    cells: str | list[list[int | str]] | None = None
    area: list[int | str] | None = None
    span: list[int | str] = [1, 1]
    box: list[float] = [0.0, 0.0, 1.0, 1.0]
    shape: Literal["rect", "circle", "none"] = "rect"
    fill: str | None = None
    alternate: str | None = None
    stroke: str | None = None
    stroke_width: Length = 0.5
    radius: Length = 0.0
    icon: str | None = None
    svg: str | None = None
    icon_color: str = "#000000"
    icon_scale: float = Field(0.6, gt=0.0, le=1.0)
    text: str | None = None
    font: str = "Noto Sans"
    style: Literal["regular", "bold", "italic", "bolditalic"] = "regular"
    size: FontSize = 9.0
    color: str = "#000000"
    rotate: Literal[0, 90, 180, 270] = 0

    @model_validator(mode="after")
    def _which(self):
        if (self.cells is None) == (self.area is None):
            raise ValueError("a board layer names its squares with `cells` or with `area`, not both")
        if self.area is not None and len(self.area) != 4:
            raise ValueError("`area` is [col, row, cols, rows]")
        if len(self.span) != 2 or any(isinstance(v, int) and v < 1 for v in self.span):
            raise ValueError("`span` is [cols, rows], whole numbers of 1 or more (or data keys)")
        if len(self.box) != 4 or not (all(-2.0 <= v <= 3.0 for v in self.box[:2])
                                      and all(0.0 < v <= 3.0 for v in self.box[2:])):
            raise ValueError("`box` is [x, y, w, h] in squares: x and y from -2 to 3, w and h up to 3")
        return self


class Board(Frame):
    """A board of squares drawn from data (`data: "{board}"`, a sheet field): a list of `layers`
    drawn in order, each a kind of square. Squares are `cell` wide (a length, or a key of the data
    holding the side in mm; default: the largest that fits) and the squares of all layers (or
    `bounds`, [col, row, cols, rows]) are centred in the box; a board that does not fit is an error."""

    type: Literal["board"]
    data: str
    cell: str | float | None = None
    bounds: list[int | str] | None = None
    layers: list[BoardLayer] = Field(min_length=1)


Element = Annotated[Union[Rect, Ellipse, Line, Text, Image, Svg, Icon, Table,
                          Grid, Symbols, Track, Counters, DieNets, Board], Field(discriminator="type")]
ELEMENT_TYPES = ("rect", "ellipse", "line", "text", "image", "svg", "icon", "table",
                 "grid", "symbols", "track", "counters", "dienets", "board")


class Layout(StrictModel):
    """A resolved card or page template."""

    name: str = ""
    extends: str | list[str] | None = None
    kind: Literal["card", "page"] = "card"
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
    elements: dict[str, Element] = {}
    description: str = ""

    @field_validator("size")
    @classmethod
    def _size(cls, value):
        if isinstance(value, str):
            if value not in CARD_PRESETS and value != "page":
                raise ValueError(f"unknown size preset; use one of {', '.join(CARD_PRESETS)}, "
                                 "page, or [width, height]")
            return value
        if len(value) != 2 or any(d.relative for d in value) or any(d.value <= 0 for d in value):
            raise ValueError("a custom size is [width, height], two positive lengths such as [63mm, 88mm]")
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


def preset_size(name: str) -> tuple[float, float]:
    w, h = CARD_PRESETS[name]
    return w * MM, h * MM


__all__ = ["Layout", "Element", "Rect", "Ellipse", "Line", "Text", "Image", "Svg", "Icon", "Table",
           "Grid", "Badge", "Symbols", "Track", "Counters", "DieNets", "Board", "BoardLayer",
           "Column", "ELEMENT_TYPES", "parse_dim", "preset_size"]
