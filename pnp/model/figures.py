"""Layout elements that draw game material from data: action grids, symbol rows, calendar tracks,
counters, dice nets, boards of squares.

Contract: models of the element types beyond the basic shapes, text, pictures and tables
of `layout.py` (which lists them all in its `Element` union). Each is compiled by its own module of
pnp/layout (figures.py, counters.py, boards.py); geometry follows `model.layout`: top-left origin,
y down, lengths in `Dim`.
"""
from __future__ import annotations

from typing import Literal, Self

from .schema import Field, model_validator

from .units import Angle, Dash, Dim, DimField, Extent, FontSize, Length, MM, SizeField
from .validate import StrictModel
from .frame import Frame, VAlign

class Grid(Frame):
    """Action cells from a card field (`cells: "{grid}"`) holding rows of cells: a cell is a mapping
    with `weeks` and/or `points`, a bare number (points), or `~` (no cell); a flat list is one row.
    Each cell is a box showing `weeks_icon` + weeks and `points_icon` + points; `numbered` adds the
    reading order in a corner, `caption` a text above each cell (`{n}` = its number)."""

    type: Literal["grid"]
    cells: str
    cell_w: SizeField | None = None
    cell_h: SizeField | None = None
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
    icon_size: SizeField | None = None
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
    columns: int | None = Field(default=None, ge=1, le=60)
    cell_h: SizeField = Dim(20 * MM)
    band_h: SizeField = Dim(6 * MM)
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
    side: Extent = 16 * MM
    gap: Length = 2 * MM
    fill: str | None = "#ffffff"
    stroke: str | None = "#000000"
    stroke_width: Length = 0.5
    ring: str | None = None
    text: str = ""
    icon: str | None = None
    icon_scale: float = Field(default=0.55, gt=0.0, le=1.0)
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
    edge: Extent = 14 * MM
    tab: Length = 4 * MM
    gap: Length = 4 * MM
    fill: str | None = "#ffffff"
    tab_fill: str | None = None
    pips: str = "#000000"
    stroke: str = "#000000"
    stroke_width: Length = 0.5
    fold: str = "#808080"
    dash: Dash = [2.5, 1.5]


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
    icon_scale: float = Field(default=0.6, gt=0.0, le=1.0)
    text: str | None = None
    font: str = "Noto Sans"
    style: Literal["regular", "bold", "italic", "bolditalic"] = "regular"
    size: FontSize = 9.0
    color: str = "#000000"
    rotate: Angle = 0

    @model_validator(mode="after")
    def _which(self) -> Self:
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
