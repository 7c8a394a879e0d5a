"""The blocks of a rulebook's text: what `pnp.sources.markdown` reads and the layout of a book typesets.

Contract: plain frozen values — `Heading`, `Para`, `Items` (a bulleted or numbered list), `Box`
(note, example, when, unless), `Break` (page or column), `Fence` (a fenced block) and `PipeTable` —
each with the 1-based line of its source; `Block` is any of them; `headings(blocks)` lists every
heading, boxes and lists included. They live below every stage so that `layout/` and `model/` read
a parsed text without importing the reader (`sources/`).
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


def headings(blocks: tuple[object, ...]) -> list[Heading]:
    """Every heading of `blocks`, boxes and lists included, in order (other values are passed over)."""
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
