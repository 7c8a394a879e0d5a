"""A rulebook's blocks: the data its Markdown text is read into, and that layout/ typesets.

Contract: frozen dataclasses, each carrying the 1-based line of its source: `Heading` (its level
1 to 3, its text in the cards' markup, its anchor), `Para`, `Items` (a bulleted or numbered list,
each item a tuple of blocks), `Box` (note, example, when, unless: its argument and its blocks),
`Break` (page or column), `Fence` (a fenced block: its info string and body) and `PipeTable`;
`Block` is any of them, and `headings(blocks)` every heading of a tree of blocks, in order.
`pnp.sources.markdown` makes them (and re-exports them); `pnp.model`, `pnp.layout` and the
exporters read them. Data only: nothing here parses or reads a file, so every stage may import it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    anchor: str
    line: int


@dataclass(frozen=True)
class Para:
    text: str
    line: int


@dataclass(frozen=True)
class Items:
    ordered: bool
    start: int
    items: tuple[tuple["Block", ...], ...]
    line: int


@dataclass(frozen=True)
class Box:
    kind: str  # note, example, when, unless
    arg: str  # an example's title; a condition's value name
    children: tuple["Block", ...]
    line: int


@dataclass(frozen=True)
class Break:
    kind: str  # page or column
    line: int


@dataclass(frozen=True)
class Fence:
    info: str
    body: str
    line: int  # the line of the opening fence; the body starts on the next


@dataclass(frozen=True)
class PipeTable:
    header: tuple[str, ...]
    aligns: tuple[str, ...]  # left, center, right
    rows: tuple[tuple[str, ...], ...]
    line: int


Block = Union[Heading, Para, Items, Box, Break, Fence, PipeTable]


def headings(blocks: tuple[Block, ...]) -> list[Heading]:
    """Every heading of `blocks`, boxes and lists included, in order."""
    out: list[Heading] = []
    for block in blocks:
        if isinstance(block, Heading):
            out.append(block)
        elif isinstance(block, Box):
            out += headings(block.children)
        elif isinstance(block, Items):
            for item in block.items:
                out += headings(item)
    return out
