"""A rulebook's text made concrete for one build: templates filled, conditions applied, figures and
tables named, and the sections that reference cards print.

Contract: `Resolver(book, values, french, tables, figure).blocks()` walks the parsed blocks of a
`pnp.model.rulebook.Rulebook` and returns them with every `{template}` filled from `values` (the
`{rules.…}` and `{players.…}` values a card prints, and `{kit}`: the game's title), through the
same filters as cards; a `::: when rules.NAME` box replaced by its content when the value is true,
non-zero or non-empty (else dropped), `::: unless` the opposite; a ```figure block replaced by what
`figure(fig)` answers (a `Drawn`: the faces to draw, its caption's templates filled, or None: its
problem is reported by the caller); a paragraph that is only `{rules.NAME}`, NAME a table the model prints, by a
`ModelTable`. Problems are `Problem`s located at the line and column of the template (or the box)
in the text. `sections(blocks)` maps `rulebook.ANCHOR` to the body of each heading's section (up to
the next heading of its level or above) in the cards' markup: paragraphs one a line, list items
after `• ` or their number; figures, tables, notes and examples (the book's asides: a card prints
the rule) left out. Pure: no file reading.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Mapping, Union

from ..core.blocks import Block, Box, Fence, Heading, Items, Para, PipeTable
from ..core.errors import Loc, Problem
from ..model.rulebook import Figure, Rulebook, shown
from ..model.units import Dim
from .assets import fill, single_field
from .elements import unknown_printed
from .items import Face


@dataclass(frozen=True)
class Drawn:
    """A figure's faces, ready to arrange (pnp.layout.bookart) at a column's width."""

    faces: tuple[Face, ...]
    how: str  # single, row, grid, fan, page
    clip: tuple[float, float, float, float] | None
    width: Dim | None
    caption: str
    line: int


@dataclass(frozen=True)
class ModelTable:
    name: str
    title: str
    line: int


Resolved = Union[Heading, Para, Items, Box, Fence, PipeTable, Drawn, ModelTable, Block]


@dataclass
class Resolver:
    book: Rulebook
    values: Mapping[str, object]
    french: bool
    tables: Mapping[str, object]
    figure: Callable[[Figure], Drawn | None]
    problems: list[Problem] = field(default_factory=list)

    def blocks(self, blocks: tuple[Block, ...] | None = None) -> tuple[Resolved, ...]:
        out: list[Resolved] = []
        for block in self.book.blocks if blocks is None else blocks:
            out += self._block(block)
        return tuple(out)

    def _block(self, block: Block) -> list[Resolved]:
        if isinstance(block, Heading):
            return [replace(block, text=self.text(block.text, block.line))]
        if isinstance(block, Para):
            return [self._para(block)]
        if isinstance(block, Items):
            return [replace(block, items=tuple(self.blocks(item) for item in block.items))]  # type: ignore[misc]
        if isinstance(block, Box):
            return self._box(block)
        if isinstance(block, Fence):
            drawn = self.figure(self.book.figures[block.line]) if block.line in self.book.figures else None
            return [replace(drawn, caption=self.text(drawn.caption, block.line))] if drawn is not None else []
        if isinstance(block, PipeTable):
            return [replace(block, header=tuple(self.text(c, block.line) for c in block.header),
                            rows=tuple(tuple(self.text(c, block.line) for c in row) for row in block.rows))]
        return [block]

    def _para(self, block: Para) -> Resolved:
        name = single_field(block.text)
        if name is not None and name.startswith("rules.") and name[6:] in self.tables:
            table = self.tables[name[6:]]
            return ModelTable(name[6:], str(getattr(table, "title", "")), block.line)
        return replace(block, text=self.text(block.text, block.line))

    def _box(self, block: Box) -> list[Resolved]:
        if block.kind not in ("when", "unless"):
            return [replace(block, arg=self.text(block.arg, block.line), children=self.blocks(block.children))]  # type: ignore[arg-type]
        name = block.arg.split()[0]
        if name not in self.values:
            self.problems.append(Problem(unknown_printed(name, dict(self.values)), self.book.where,
                                         loc=self._loc(block.line, name)))
            return []
        return list(self.blocks(block.children)) if shown(block.kind, self.values[name]) else []

    def text(self, text: str, line: int) -> str:
        if "{" not in text and "}" not in text:
            return text
        filled, missing, unprintable = fill(text, self.values, self.french)
        for name in missing:
            self.problems.append(Problem(unknown_printed(name, dict(self.values)), self.book.where,
                                         loc=self._loc(line, "{" + name)))
        for said in unprintable:
            self.problems.append(Problem(said.what, self.book.where, loc=self._loc(line, said.what.split(":")[0])))
        return filled

    def _loc(self, line: int, text: str) -> Loc:
        """Where `text` is written, from `line` on (the block's first line when not found)."""
        lines = self.book.lines
        for number in range(line, min(line + 200, len(lines) + 1)):
            col = lines[number - 1].find(text)
            if col >= 0:
                return Loc(self.book.display, number, col + 1)
        return Loc(self.book.display, line, 1)


def sections(blocks: tuple[Resolved, ...]) -> dict[str, str]:
    """`rulebook.ANCHOR` -> the section's body in the cards' markup."""
    out: dict[str, str] = {}
    flat = list(blocks)
    for i, block in enumerate(flat):
        if not isinstance(block, Heading):
            continue
        body: list[str] = []
        for after in flat[i + 1:]:
            if isinstance(after, Heading) and after.level <= block.level:
                break
            body += _markup(after)
        out[f"rulebook.{block.anchor}"] = "\n".join(line for line in body if line.strip())
    return out


def _markup(block: Resolved) -> list[str]:
    if isinstance(block, Para):
        return [block.text]
    if isinstance(block, Heading):
        return [f"**{block.text}**"]
    if isinstance(block, Items):
        out: list[str] = []
        for n, item in enumerate(block.items, block.start):
            mark = f"{n}." if block.ordered else "•"
            lines = [line for part in item for line in _markup(part)]
            out += [f"{mark} {lines[0]}"] + lines[1:] if lines else []
        return out
    if isinstance(block, Box) and block.kind not in ("note", "example"):  # the book's asides stay in the book
        return [line for child in block.children for line in _markup(child)]
    return []
