"""Flowing a rulebook's units into columns and pages.

Contract: a rulebook is laid out as a sequence of `Unit`s (one line of a paragraph, a heading's
line, a figure with its caption, a table, a box's padding…), each of a fixed height, its items placed
from its own top-left corner. `flow(units, frame)` places them, top to bottom, into the columns of
pages of `frame` (`PageFrame`: page size, margins, columns and their gap) and returns the `Placed`
pages: each page's units at their positions, with the frames of the boxes (note, example) they
belong to, cut at column edges. The rules:
- a unit's `space` above it is dropped at the top of a column;
- a unit marked `keep` stays with the next one: a chain of kept units moves whole to the next column
  when it does not fit (headings keep with what follows, a paragraph's first line with its second
  and its last but one with its last: no orphan, no widow at a column edge); a chain taller than a
  whole column is cut where the column ends, as it must be;
- a `brk` unit starts a new column (`column`) or page (`page`);
- `span` units (the cover and the table of contents, at the start) take the whole width of the
  text area; the columns start below them.
Headings' anchors are recorded with their page numbers (`Placed.anchors`), for the table of
contents and the HTML export. Pure geometry.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .items import Face, Item


@dataclass(frozen=True)
class FacePlace:
    """A face of the kit's material drawn in a figure: its trim box's top-left corner at (x, y),
    scaled by `scale`, turned by `angle` degrees (clockwise, about that corner), `clip` (x, y, w, h in
    the face's own coordinates) the part shown (its trim box when None)."""

    face: Face
    x: float
    y: float
    scale: float
    angle: float = 0.0
    clip: tuple[float, float, float, float] | None = None
    outline: bool = True  # a hairline on the trim, as the card's cut edge


@dataclass(frozen=True)
class Unit:
    height: float
    items: tuple[Item, ...] = ()
    figures: tuple[FacePlace, ...] = ()
    space: float = 0.0
    keep: bool = False
    frame: int | None = None  # the box (note, example) it belongs to
    anchor: str | None = None  # a heading's
    brk: str | None = None  # "page" or "column"
    span: bool = False
    target: str | None = None  # a contents line: the anchor whose page number it prints
    line: int = 0  # its source line (problems, and tests that read what went where)
    kind: str = "text"  # text, heading, figure, table, pad, toc, caption


@dataclass(frozen=True)
class BoxFrame:
    fill: tuple[float, float, float] | None
    stroke: tuple[float, float, float] | None
    pad: float


@dataclass(frozen=True)
class PageFrame:
    width: float
    height: float
    top: float
    bottom: float
    inner: float
    outer: float
    columns: int
    gap: float

    def text_width(self) -> float:
        return self.width - self.inner - self.outer

    def column_width(self) -> float:
        return (self.text_width() - self.gap * (self.columns - 1)) / self.columns

    def text_height(self) -> float:
        return self.height - self.top - self.bottom


@dataclass
class PlacedUnit:
    unit: Unit
    x: float
    y: float
    column: int


@dataclass
class Placed:
    pages: list[list[PlacedUnit]] = field(default_factory=list)
    anchors: dict[str, int] = field(default_factory=dict)  # anchor -> page number, from 1

    def frames(self, page: int) -> list[tuple[int, float, float, float, bool, bool]]:
        """The box frames on `page`, one per box and column: (box, column x, top, bottom, whether the
        box opens here, whether it closes here)."""
        out: list[tuple[int, float, float, float, bool, bool]] = []
        runs: dict[tuple[int, int], list[PlacedUnit]] = {}
        for placed in self.pages[page]:
            if placed.unit.frame is not None:
                runs.setdefault((placed.unit.frame, placed.column), []).append(placed)
        for (box, _), units in runs.items():
            first, last = units[0], units[-1]
            out.append((box, first.x, first.y, last.y + last.unit.height,
                        first.unit.kind == "pad" and first.unit.keep, last.unit.kind == "pad" and not last.unit.keep))
        return out


class _Cursor:
    """Where the next unit goes: the page, the column, the height used in it."""

    def __init__(self, frame: PageFrame, placed: Placed):
        self.frame, self.placed = frame, placed
        self.column, self.y, self.top = 0, frame.top, frame.top
        self.spanning = False
        placed.pages.append([])

    @property
    def columns(self) -> int:
        return 1 if self.spanning else self.frame.columns

    def x(self) -> float:
        f = self.frame
        return f.inner + self.column * (f.column_width() + f.gap) if not self.spanning else f.inner

    def room(self) -> float:
        return self.frame.height - self.frame.bottom - self.y

    def at_top(self) -> bool:
        return self.y <= self.top + 1e-6

    def next_column(self) -> None:
        if self.column + 1 < self.columns:
            self.column += 1
            self.y = self.top
        else:
            self.next_page()

    def next_page(self) -> None:
        self.placed.pages.append([])
        self.column, self.y, self.top = 0, self.frame.top, self.frame.top

    def end_span(self) -> None:
        """The columns start below what spans them (on this page)."""
        self.spanning = False
        self.column, self.top = 0, self.y

    def put(self, unit: Unit) -> None:
        if not self.at_top():
            self.y += unit.space
        self.placed.pages[-1].append(PlacedUnit(unit, self.x(), self.y, self.column))
        if unit.anchor is not None:
            self.placed.anchors.setdefault(unit.anchor, len(self.placed.pages))
        self.y += unit.height


def flow(units: list[Unit], frame: PageFrame) -> Placed:
    placed = Placed()
    cursor = _Cursor(frame, placed)
    cursor.spanning = bool(units) and units[0].span
    i = 0
    while i < len(units):
        unit = units[i]
        if cursor.spanning and not unit.span:
            cursor.end_span()
        if unit.brk is not None:
            if not (cursor.at_top() and (unit.brk == "column" or cursor.column == 0)):
                cursor.next_page() if unit.brk == "page" else cursor.next_column()
            i += 1
            continue
        i = _chain(units, i, cursor)
    return placed


def _chain(units: list[Unit], i: int, cursor: _Cursor) -> int:
    """Place the chain of kept units that starts at `i`; the index after what was placed."""
    j = i
    while units[j].keep and j + 1 < len(units) and units[j + 1].brk is None and units[j + 1].span == units[i].span:
        j += 1
    need = sum(u.height + u.space for u in units[i:j + 1]) - (units[i].space if cursor.at_top() else 0.0)
    if need <= cursor.room() + 1e-6:
        for unit in units[i:j + 1]:
            cursor.put(unit)
        return j + 1
    full = cursor.frame.text_height() - (cursor.top - cursor.frame.top)
    if not cursor.at_top() and need - units[i].space <= full + 1e-6:
        cursor.next_column()
        return i
    if not cursor.at_top() and units[i].height + units[i].space > cursor.room():
        cursor.next_column()
        return i
    k = i  # taller than a column: as much as fits here, the rest after the break
    while k <= j and (k == i or units[k].height + units[k].space <= cursor.room() + 1e-6):
        cursor.put(units[k])
        k += 1
    return k
