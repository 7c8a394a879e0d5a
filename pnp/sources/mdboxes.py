"""Fenced boxes for markdown-it-py: `::: note`, `::: example Titre`, `::: when rules.NAME`, `::: unless …`.

Contract: `box_plugin(md, names)` adds one block rule to a `MarkdownIt` parser. A line `::: NAME
ARGS` (three colons or more, NAME one of `names`) opens a box; a line of colons alone closes it.
Boxes nest with fences of the same length, as Pandoc's fenced divs do: a fence line that names a
box opens one more level, a bare fence closes the innermost (mdit-py-plugins' `container` plugin
closes a box at the first bare fence, so nested boxes would need ever longer outer fences, which a
designer does not expect). The rule emits `box_open` (its `info` is `NAME ARGS`, its `map` the
box's lines, `meta["closed"]` whether a fence closed it) and `box_close` tokens around the parsed
content. It follows the plugin's structure and markdown-it's block-rule API; it reads nothing but
the parser's state.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from markdown_it import MarkdownIt
    from markdown_it.rules_block import StateBlock

MARKER = ":"
MIN_MARKERS = 3


def _fence(state: StateBlock, line: int) -> tuple[int, str] | None:
    """(marker count, the rest of the line) when `line` starts with a fence of colons, else None."""
    if state.sCount[line] - state.blkIndent >= 4:  # an indented code line
        return None
    start = state.bMarks[line] + state.tShift[line]
    end = state.eMarks[line]
    pos = start
    while pos < end and state.src[pos] == MARKER:
        pos += 1
    if pos - start < MIN_MARKERS:
        return None
    return pos - start, state.src[pos:end].strip()


def box_plugin(md: MarkdownIt, names: tuple[str, ...]) -> None:
    def opens(rest: str) -> bool:
        return rest.split(" ", 1)[0] in names

    def rule(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        fence = _fence(state, start)
        if fence is None or not opens(fence[1]):
            return False
        if silent:
            return True
        last, closed = _closing(state, start, end, opens)
        _emit(state, start, last, fence[1], closed)
        return True

    md.block.ruler.before("fence", "box", rule, {"alt": ["paragraph", "reference", "blockquote", "list"]})


def _closing(state: StateBlock, start: int, end: int, opens: object) -> tuple[int, bool]:
    """The line of the fence that closes the box opened at `start` (nested boxes counted), and
    whether one does (else the box runs to the end of its parent)."""
    depth, line = 1, start
    while True:
        line += 1
        if line >= end:
            return line, False
        if state.sCount[line] < state.blkIndent and state.bMarks[line] + state.tShift[line] < state.eMarks[line]:
            return line, False  # (a less indented line ends the parent)
        fence = _fence(state, line)
        if fence is None:
            continue
        if not fence[1]:
            depth -= 1
            if depth == 0:
                return line, True
        elif callable(opens) and opens(fence[1]):
            depth += 1


def _emit(state: StateBlock, start: int, last: int, info: str, closed: bool) -> None:
    """The box's tokens: open, its content parsed as blocks, close."""
    old_parent, old_max = state.parentType, state.lineMax
    state.parentType = "box"
    state.lineMax = last
    token = state.push("box_open", "div", 1)
    token.info, token.markup, token.block = info, MARKER * 3, True
    token.map = [start, last + (1 if closed else 0)]
    token.meta = {"closed": closed}
    state.md.block.tokenize(state, start + 1, last)
    token = state.push("box_close", "div", -1)
    token.markup, token.block = MARKER * 3, True
    state.parentType, state.lineMax = old_parent, old_max
    state.line = last + (1 if closed else 0)
