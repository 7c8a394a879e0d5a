"""Typesetting a rulebook's blocks into the units that flow into its columns (pnp.layout.bookflow).

Contract: `Typesetter(look, width, ctx).units(blocks)` sets the blocks of a resolved rulebook
(templates filled, conditions applied: the blocks of `pnp.core.blocks`, with `Art` for figures and
`ModelTable` for a table the rules model prints) at the width of a column: a heading is one unit a
line, kept with what follows, its anchor on its first; a paragraph one unit a line, its first line
kept with its second and its last but one with its last (no orphan or widow); list items hang after
their bullet or number; note and example boxes set their content narrower, inside a frame
(`BoxFrame`), an example under its title; figures and tables are one unit each, a figure with its
caption. Text goes through `pnp.layout.elements.prepare_text` (French typography, glyph coverage,
icons: the kit's aliases and `icons/`) and `pnp.layout.paragraph` (hyphenation, justification).
`cover(...)` and `contents(...)` make the span units of the first page. Problems are `Problem`s in
`problems`, located at their block's line in `display` (the text's file), said of `where` (the
rulebook); a text of line 0 (the cover's, from game.yaml) is placed at `ref`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..core.blocks import Block, Box, Break, Heading, Items, Para, PipeTable
from ..core.errors import Loc, Problem, Ref
from ..model.units import MM
from .bookflow import BoxFrame, FacePlace, Unit
from .elements import ElementContext, prepare_text
from .fonts import Face
from .items import RGB, Item, Shape, TextItem
from .paragraph import Hyphens, Setting, set_lines
from .textfit import Frag, Line, TextBlock
from .typography import NNBSP


@dataclass(frozen=True)
class Art:
    """A figure, its faces laid out (pnp.layout.bookart): placed from the figure's top-left corner."""

    places: tuple[FacePlace, ...]
    width: float
    height: float
    caption: str
    line: int


@dataclass(frozen=True)
class TableArt:
    """A table compiled at the column's width: its items from its top-left corner."""

    items: tuple[Item, ...]
    height: float
    line: int


@dataclass(frozen=True)
class Look:
    """A rulebook style resolved: families, sizes, colours (`pnp.model.rulebook.RulebookStyle`)."""

    font: str
    heading_font: str
    size: float
    leading: float
    heading_sizes: tuple[float, float, float]
    title_size: float
    color: RGB
    heading_color: RGB
    accent: RGB
    fills: dict[str, RGB]  # note, example
    align: str
    paragraph_gap: float
    hyphens: Hyphens | None

    @property
    def pitch(self) -> float:
        return self.size * self.leading


BULLET = "•"
_THOUSANDS = re.compile(r"(?<=\d) (?=\d{3}(?!\d))")
INDENT = 4.2 * MM  # a list's hanging indent
BOX_PAD = 2.6 * MM


@dataclass
class Typesetter:
    look: Look
    width: float
    ctx: ElementContext
    display: str = ""
    where: str = ""
    ref: Ref | None = None
    problems: list[Problem] = field(default_factory=list)
    boxes: dict[int, tuple[str, float, float]] = field(default_factory=dict)  # box number -> kind, x, width

    def units(self, blocks: tuple[Block | Art | TableArt, ...], indent: float = 0.0, frame: int | None = None,
              width: float | None = None) -> list[Unit]:
        out: list[Unit] = []
        width = self.width if width is None else width
        for block in blocks:
            made = self._block(block, indent, width, frame)
            if made and isinstance(block, Para) and block.text.rstrip().endswith(":"):
                made[-1] = replace(made[-1], keep=True)  # (a paragraph that announces what follows keeps with it)
            if made and out:
                made[0] = replace(made[0], space=max(made[0].space, self._gap(out[-1], block)))
            out += made
        return out

    def _gap(self, before: Unit, block: object) -> float:
        return self.look.pitch * self.look.paragraph_gap if before.kind != "heading" else 0.0

    def _block(self, block: Block | Art | TableArt, indent: float, width: float, frame: int | None) -> list[Unit]:
        if isinstance(block, Heading):
            return self.heading(block, indent, width, frame)
        if isinstance(block, Para):
            return self.paragraph(block.text, block.line, indent, width, frame)
        if isinstance(block, Items):
            return self._items(block, indent, width, frame)
        if isinstance(block, Box):
            return self._box(block, indent, width, frame)
        if isinstance(block, Break):
            return [Unit(0.0, brk=block.kind, line=block.line, kind="break")]
        if isinstance(block, Art):
            return [self._art(block, indent, width, frame)]
        if isinstance(block, TableArt):
            return [Unit(block.height, _shifted(block.items, indent), kind="table", frame=frame, line=block.line,
                         space=self.look.pitch * 0.3)]
        if isinstance(block, PipeTable):  # (turned into a TableArt by the caller)
            return []
        return []

    def lines(self, text: str, line: int, font: str, size: float, width: float, style: str = "regular",
              align: str | None = None, leading: float | None = None,
              hyphenate: bool = True) -> tuple[list[Line], float]:
        """`text` set in lines at `size`, its words hyphenated unless `hyphenate` is false (a title);
        (lines, pitch). Its problems are recorded at `line`."""
        found: list[Problem] = []
        if self.ctx.french:  # 1 000 points: a group of thousands never ends a line
            text = _THOUSANDS.sub(NNBSP, text)
        prepared = prepare_text(text, font, style, self.ctx.french, self.ctx, found)
        self.problems += [self.problem(line, p.what) for p in found]
        if prepared is None:
            return [], size * (leading or self.look.leading)
        runs, faces, icons = prepared
        faces = {s: faces.get(s, faces["regular"]) for s in ("regular", "bold", "italic", "bolditalic")}
        setting = Setting(faces, size, leading or self.look.leading, align or self.look.align,
                          self.look.hyphens if hyphenate else None)
        lines, problem = set_lines(runs, width, setting)
        if problem:
            self.problems.append(self.problem(line, problem.what))
        return [_with_icons(ln, icons) for ln in lines], setting.pitch

    def problem(self, line: int, what: str) -> Problem:
        """A problem of the text at `line` (the cover's, line 0, at `ref`)."""
        if not line:
            return Problem(what, self.where, self.ref)
        return Problem(what, self.where, loc=Loc(self.display, line, 1))

    def paragraph(self, text: str, line: int, indent: float, width: float, frame: int | None,
                  first: tuple[Frag, ...] = ()) -> list[Unit]:
        lines, pitch = self.lines(text, line, self.look.font, self.look.size, width - indent)
        units = [self._line_unit(ln, pitch, indent, self.look.color, frame, line) for ln in lines]
        if first and units:
            units[0] = replace(units[0], items=units[0].items + (_marker(first, indent, lines[0], pitch,
                                                                         self.look.color),))
        return _no_widows(units)

    def _line_unit(self, ln: Line, pitch: float, x: float, color: RGB, frame: int | None, line: int,
                   kind: str = "text") -> Unit:
        block = TextBlock((ln,), ln.frags[0].size if ln.frags else self.look.size, pitch)
        return Unit(pitch, (TextItem(x, 0.0, ln.width, pitch, block, color),), frame=frame, line=line, kind=kind)

    def heading(self, block: Heading, indent: float, width: float, frame: int | None) -> list[Unit]:
        look = self.look
        size = look.heading_sizes[block.level - 1]
        lines, pitch = self.lines(block.text, block.line, look.heading_font, size, width - indent, align="left",
                                  leading=1.18)
        units = [replace(self._line_unit(ln, pitch, indent, look.heading_color, frame, block.line, "heading"),
                         keep=True) for ln in lines]
        if not units:
            return []
        space = look.pitch * (1.5, 1.1, 0.8)[block.level - 1]
        units[0] = replace(units[0], space=space, anchor=block.anchor)
        if block.level == 1:  # a rule under a chapter's title
            rule = Shape("line", indent, 0.9 * MM, width - indent, 0.0, stroke=look.accent, width=0.8)
            units.append(Unit(2.2 * MM, (rule,), keep=True, frame=frame, line=block.line, kind="heading"))
        units[-1] = replace(units[-1], height=units[-1].height + look.pitch * 0.25)
        return units

    def _items(self, block: Items, indent: float, width: float, frame: int | None) -> list[Unit]:
        out: list[Unit] = []
        for n, item in enumerate(block.items, block.start):
            mark = f"{n}." if block.ordered else BULLET
            units = self._item(item, mark, indent + INDENT, width, frame)
            if out and units:
                units[0] = replace(units[0], space=self.look.pitch * 0.2)
            out += units
        return out

    def _item(self, item: tuple[Block, ...], mark: str, indent: float, width: float, frame: int | None) -> list[Unit]:
        face = self.ctx.fonts.face(self.look.font, "bold" if mark != BULLET else "regular")
        frag = (Frag(0.0, mark, face, self.look.size),)
        out: list[Unit] = []
        for k, block in enumerate(item):
            if k == 0 and isinstance(block, Para):
                out += self.paragraph(block.text, block.line, indent, width, frame, frag)
            else:
                made = self._block(block, indent, width, frame)
                if made and out:
                    made[0] = replace(made[0], space=self.look.pitch * 0.2)
                out += made
        return out

    def _box(self, block: Box, indent: float, width: float, frame: int | None) -> list[Unit]:
        box = len(self.boxes) + 1
        self.boxes[box] = (block.kind, indent, width - indent)
        inner = indent + BOX_PAD
        units = [Unit(BOX_PAD, keep=True, frame=box, line=block.line, kind="pad", space=self.look.pitch * 0.6)]
        if block.kind == "example" and block.arg:
            lines, pitch = self.lines(block.arg, block.line, self.look.heading_font, self.look.size * 1.08,
                                      width - inner - BOX_PAD, align="left")
            units += [replace(self._line_unit(ln, pitch, inner, self.look.heading_color, box, block.line, "heading"),
                              keep=True) for ln in lines]
        body = self.units(block.children, inner, box, width - BOX_PAD)
        if body:
            units[-1] = replace(units[-1], keep=True)
            body[0] = replace(body[0], space=0.0)
            units += body
        units[-1] = replace(units[-1], keep=True)
        units.append(Unit(BOX_PAD, frame=box, line=block.line, kind="pad"))
        return units

    def _art(self, art: Art, indent: float, width: float, frame: int | None) -> Unit:
        room = width - indent
        dx = indent + (room - art.width) / 2
        places = tuple(replace(p, x=p.x + dx) for p in art.places)
        items: list[Item] = []
        height = art.height
        if art.caption:
            size = self.look.size * 0.9
            lines, pitch = self.lines(art.caption, art.line, self.look.font, size, min(room, max(art.width, room * 0.8)),
                                      style="italic", align="center", leading=1.25)
            x = indent + (room - min(room, max(art.width, room * 0.8))) / 2
            top = height + 1.6 * MM
            for k, ln in enumerate(lines):
                block = TextBlock((ln,), size, pitch)
                items.append(TextItem(x, top + k * pitch, ln.width, pitch, block, self.look.color))
            height = top + pitch * len(lines)
        return Unit(height + self.look.pitch * 0.2, tuple(items), places, space=self.look.pitch * 0.6, frame=frame,
                    line=art.line, kind="figure")


def box_frame(look: Look, kind: str) -> BoxFrame:
    """A note or example box's frame: its fill and its rule."""
    return BoxFrame(look.fills.get(kind), look.accent, BOX_PAD)


def _no_widows(units: list[Unit]) -> list[Unit]:
    """A paragraph's first line kept with its second, its last but one with its last."""
    if len(units) >= 2:
        units[0] = replace(units[0], keep=True)
        units[-2] = replace(units[-2], keep=True)
    return units


def _marker(frag: tuple[Frag, ...], indent: float, first: Line, pitch: float, color: RGB) -> TextItem:
    """A list item's bullet or number, right of the hanging indent's start, on its first line."""
    mark = frag[0]
    width = mark.face.width(mark.text, mark.size) if mark.face else 0.0
    x = indent - 1.6 * MM - width
    line = Line(first.baseline, width, (replace(mark, x=0.0),))
    return TextItem(x, 0.0, width, pitch, TextBlock((line,), mark.size, pitch), color)


def _with_icons(line: Line, icons: dict[str, str | None]) -> Line:
    if not any(f.icon for f in line.frags):
        return line
    return replace(line, frags=tuple(replace(f, icon=icons.get(f.icon)) if f.icon else f for f in line.frags))


def _shifted(items: tuple[Item, ...], dx: float) -> tuple[Item, ...]:
    return tuple(replace(item, x=item.x + dx) for item in items)


def faces_of(ctx: ElementContext, family: str) -> dict[str, Face]:
    return {s: ctx.fonts.face(family, s) for s in ("regular", "bold", "italic", "bolditalic")}
