"""A rulebook's Markdown text read into blocks that remember their source line.

Contract: `parse_rules(text, display, where)` parses `text` with markdown-it-py (CommonMark, GFM
pipe tables, the boxes of `mdboxes`) and returns `(blocks, problems)`: a tuple of `Heading`,
`Para`, `Items` (a bulleted or numbered list), `Box` (note, example, when, unless), `Break`
(`<!-- pagebreak -->`, `<!-- columnbreak -->`), `Fence` (a fenced block: its info string and body)
and `PipeTable`. Inline text is kept in the cards' markup (`**bold**`, `*italic*`, `:icon:`, a line
break as `\\n`; literal `*` and `\\` escaped), its `{templates}` unfilled. Every block carries the
1-based line of its source; a heading its anchor (`{#id}` at its end, else the slug of its text).
Problems (`pnp.core.errors.Problem`, located `display:LINE:COL`, `where` naming the component) are
what the rulebook cannot print: headings deeper than 3, quotes, code, rules, raw HTML, pictures,
lists nested more than one level, a box fence never closed, a duplicate anchor. No file is read
here. The blocks are `pnp.core.blocks`'s values (re-exported here), which the layout of a rulebook
reads without importing a reader.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.blocks import (
    Block,
    Box,
    Break,
    Fence,
    Heading,
    Items,
    Para,
    PipeTable,
    headings,
)
from ..core.errors import Loc, Problem

if TYPE_CHECKING:  # pragma: no cover
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

BOXES = ("note", "example", "when", "unless")
BREAKS = {"pagebreak": "page", "columnbreak": "column"}
_ANCHOR = re.compile(r"\s*\{#([A-Za-z0-9][A-Za-z0-9_-]*)\}\s*$")
_BREAK = re.compile(r"^\s*<!--\s*([a-z]+)\s*-->\s*$")
_COMMENT = re.compile(r"^\s*<!--.*-->\s*$", re.S)


def slug(text: str) -> str:
    """A heading's default anchor: accents dropped, lowercase, runs of other characters as `-`."""
    plain = unicodedata.normalize("NFKD", text.replace("œ", "oe").replace("æ", "ae"))
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch)).lower()
    plain = re.sub(r"\{[^}]*\}|:[a-z][a-z0-9_-]*:|[*\\]", "", plain)
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-") or "section"


def _parser() -> MarkdownIt:
    from markdown_it import MarkdownIt

    from .mdboxes import box_plugin

    md = MarkdownIt("commonmark", {"html": True}).enable("table")
    md.use(box_plugin, BOXES)
    return md


_MD: list[MarkdownIt] = []


def parse_rules(text: str, display: str, where: str) -> tuple[tuple[Block, ...], list[Problem]]:
    if not _MD:
        _MD.append(_parser())
    reader = _Reader(_MD[0].parse(text), display, where, text.splitlines())
    blocks = reader.blocks(0, len(reader.tokens), 0)
    reader.anchors(blocks)
    return blocks, reader.problems


@dataclass
class _Reader:
    tokens: list[Token]
    display: str
    where: str
    lines: list[str]
    problems: list[Problem] = field(default_factory=list)

    def problem(self, what: str, line: int, col: int = 1) -> None:
        self.problems.append(Problem(what, self.where, loc=Loc(self.display, line, col)))

    def blocks(self, start: int, stop: int, depth: int) -> tuple[Block, ...]:
        """The blocks of tokens[start:stop] (one nesting level); `depth` counts enclosing lists."""
        out: list[Block] = []
        i = start
        while i < stop:
            token = self.tokens[i]
            end = self._close(i) if token.nesting == 1 else i
            block = self._block(token, i, end, depth)
            if block is not None:
                out.append(block)
            i = end + 1
        return tuple(out)

    def _close(self, i: int) -> int:
        """The index of the token that closes the one opened at `i`."""
        level = 0
        for j in range(i, len(self.tokens)):
            level += self.tokens[j].nesting
            if level == 0:
                return j
        return len(self.tokens) - 1

    def _line(self, token: Token) -> int:
        return token.map[0] + 1 if token.map else 1

    def _block(self, token: Token, i: int, end: int, depth: int) -> Block | None:
        kind, line = token.type, self._line(token)
        if kind == "heading_open":
            return self._heading(token, self.tokens[i + 1], line)
        if kind == "paragraph_open":
            return self._para(self.tokens[i + 1], line)
        if kind in ("bullet_list_open", "ordered_list_open"):
            return self._items(token, i, end, depth, line)
        if kind == "box_open":
            return self._box(token, i, end, depth, line)
        if kind == "fence":
            return Fence(token.info.strip(), token.content, line)
        if kind == "table_open":
            return self._table(i, end, line)
        if kind == "html_block":
            return self._html(token.content, line)
        self.problem(_UNSUPPORTED.get(kind, f"a {kind.removesuffix('_open')} block"
                                     ) + " cannot be printed in a rulebook", line)
        return None

    def _heading(self, token: Token, inline: Token, line: int) -> Heading | None:
        level = int(token.tag[1])
        text = self.inline(inline, line)
        found = _ANCHOR.search(text)
        anchor = found.group(1) if found else slug(text)
        text = text[:found.start()] if found else text
        if level > 3:
            self.problem(f"a heading of level {level} ({'#' * level}): a rulebook has levels 1 to 3 (#, ##, ###)",
                         line)
            return None
        return Heading(level, text.strip(), anchor, line)

    def _para(self, inline: Token, line: int) -> Block | None:
        text = self.inline(inline, line)
        if _COMMENT.match(inline.content):
            return self._html(inline.content, line)
        return Para(text, line)

    def _items(self, token: Token, i: int, end: int, depth: int, line: int) -> Items | None:
        if depth >= 2:
            self.problem("a list nested more than one level deep cannot be printed (nest one level at most)", line)
            return None
        items: list[tuple[Block, ...]] = []
        j = i + 1
        while j < end:
            close = self._close(j)
            items.append(self.blocks(j + 1, close, depth + 1))
            j = close + 1
        start = int(token.attrs.get("start", 1) or 1) if token.type == "ordered_list_open" else 1
        return Items(token.type == "ordered_list_open", start, tuple(items), line)

    def _box(self, token: Token, i: int, end: int, depth: int, line: int) -> Box | None:
        name, _, arg = token.info.strip().partition(" ")
        if not token.meta.get("closed"):
            self.problem(f"the box '::: {name}' is never closed (end it with a line ':::')", line)
        if name in ("when", "unless") and not arg.strip():
            self.problem(f"'::: {name}' names the value it tests: '::: {name} rules.NAME'", line)
            return None
        return Box(name, arg.strip(), self.blocks(i + 1, end, depth), line)

    def _table(self, i: int, end: int, line: int) -> PipeTable:
        rows: list[tuple[str, ...]] = []
        aligns: list[str] = []
        row: list[str] = []
        for j in range(i, end):
            token = self.tokens[j]
            if token.type in ("th_open", "td_open") and len(rows) == 0:
                style = str(token.attrs.get("style", ""))
                aligns.append(style.removeprefix("text-align:") or "left")
            elif token.type == "inline":
                row.append(self.inline(token, self._line(token)))
            elif token.type == "tr_close":
                rows.append(tuple(row))
                row = []
        return PipeTable(rows[0], tuple(aligns), tuple(rows[1:]), line)

    def _html(self, content: str, line: int) -> Block | None:
        found = _BREAK.match(content)
        if found and found.group(1) in BREAKS:
            return Break(BREAKS[found.group(1)], line)
        if _COMMENT.match(content):
            return None  # a comment: the designer's note, not printed
        self.problem("raw HTML cannot be printed in a rulebook (breaks are '<!-- pagebreak -->' and "
                     "'<!-- columnbreak -->')", line)
        return None

    def inline(self, token: Token, line: int) -> str:
        """The inline content of `token` in the cards' markup."""
        out: list[str] = []
        for child in token.children or ():
            kind = child.type
            if kind in ("text", "code_inline"):
                out.append(child.content.replace("\\", "\\\\").replace("*", "\\*"))
            elif kind in ("strong_open", "strong_close"):
                out.append("**")
            elif kind in ("em_open", "em_close"):
                out.append("*")
            elif kind == "softbreak":
                out.append(" ")
            elif kind == "hardbreak":
                out.append("\n")
            elif kind == "image":
                self.problem("a picture cannot be printed from the text: draw the kit's material with a "
                             "```figure block", self._find(line, "!["))
            elif kind == "html_inline" and not _COMMENT.match(child.content):
                self.problem(f"raw HTML {child.content!r} cannot be printed in a rulebook", self._find(line, "<"))
        return "".join(out)

    def _find(self, line: int, text: str) -> int:
        """The line, from `line` on, that holds `text` (a block's first line when none does)."""
        for number in range(line, min(line + 50, len(self.lines) + 1)):
            if text in self.lines[number - 1]:
                return number
        return line

    def anchors(self, blocks: tuple[Block, ...]) -> None:
        """Each heading's anchor once in the text; a second one is a problem at its line."""
        seen: dict[str, int] = {}
        for heading in headings(blocks):
            if heading.anchor in seen:
                self.problem(f"the anchor {heading.anchor!r} is already the heading's at line "
                             f"{seen[heading.anchor]} (give one of them its own: '{{#other-name}}' at its end)",
                             heading.line)
            seen.setdefault(heading.anchor, heading.line)


_UNSUPPORTED = {"blockquote_open": "a quotation (>)", "code_block": "an indented code block",
                "hr": "a horizontal rule (---)"}


__all__ = ["BOXES", "BREAKS", "Block", "Box", "Break", "Fence", "Heading", "Items", "Para", "PipeTable", "headings",
           "parse_rules", "slug"]
