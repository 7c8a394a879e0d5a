"""A resident session's YAML files as last parsed, so that a save that changed one row of a table
(a deck's `rows:`: a one-line flow sequence of plain values) parses that line alone (issue 23, item 2).

Contract: `KeptYaml.keep(display, text, data, root)` keeps a file's whole parse (`yamlparse.parse_yaml`
without a problem: its data and node tree), noting the lines that each hold one whole row — a flow
sequence of scalars, on one line, item of a block sequence that is the value of a top-level key.
`parse(display, text)` answers the data of `text` when it differs from the text kept in one line
alone, a row's line, and that line parsed alone (`parse_yaml`, with every check the parser makes of
a value) is again one such row, at the same column after the same indentation and dash, without a
problem: the data kept with that row replaced (the other rows are the same objects: nothing mutates
parsed data), and the node tree kept with that row's nodes replaced by the line's, at its line (a
locator's: every other value is where it was). Else None: the caller parses the whole text (and
keeps it). `keep_cached(display, text, data)` keeps a text whose data came from the parse cache
(parsed whole before, without a problem): its tree is composed when an edit first needs it. The
data answered is the data a whole parse gives:
a line is parsed alone only in a text that holds no anchor (`&`, so no alias nor merge of one), no
directive (`%`), and too few characters for its values to reach the parser's `MAX_VALUES`; the rows
it replaces held scalars alone, so the nesting the parser bounds does not change.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import yaml

_STR = "tag:yaml.org,2002:str"


@dataclass
class _File:
    """A file as last parsed: its lines, its data, its node tree (None until composed), its rows by line."""

    lines: list[str]
    data: dict
    root: yaml.MappingNode | None = None  # (None: data from the parse cache, not composed yet)
    rows: dict[int, tuple[str, int, int, int]] = field(default_factory=dict)  # a row's line (from 0) ->
    # (its key, its index, the column of its "[", its key's pair)


class KeptYaml:
    def __init__(self) -> None:
        self._files: dict[str, _File] = {}

    def keep(self, display: str, text: str, data: object, root: yaml.Node | None) -> None:
        rows = _rows(root, data) if isinstance(data, dict) and _plain(text) else None
        if rows:
            self._files[display] = _File(text.splitlines(keepends=True), data, root, rows)  # type: ignore[arg-type]
        else:
            self._files.pop(display, None)

    def keep_cached(self, display: str, text: str, data: object) -> None:
        """Keep a file whose data came from the parse cache (a text parsed whole before, without a
        problem): its tree is composed when an edit first needs it (`_tree`)."""
        kept = self._files.get(display)
        if kept is not None and "".join(kept.lines) == text:
            return  # (the text kept already)
        if isinstance(data, dict) and _plain(text):
            self._files[display] = _File(text.splitlines(keepends=True), data)
        else:
            self._files.pop(display, None)

    def clear(self) -> None:
        self._files.clear()

    def parse(self, display: str, text: str) -> tuple[dict, yaml.Node] | None:
        kept = self._files.get(display)
        if kept is None or not _plain(text):
            return None
        lines = text.splitlines(keepends=True)
        changed = [n for n, (old, new) in enumerate(zip(kept.lines, lines)) if old != new] \
            if len(lines) == len(kept.lines) else []
        if len(changed) != 1 or changed[0] not in self._tree(display, kept).rows:
            return None
        number = changed[0]
        key, index, column, pair = kept.rows[number]
        found = _row(lines[number], column) if lines[number][:column] == kept.lines[number][:column] else None
        if found is None:
            return None
        row, node = found
        data = dict(kept.data)
        data[key] = [*data[key][:index], row, *data[key][index + 1:]]
        root = _patched(kept.root, pair, index, _shifted(node, number))  # type: ignore[arg-type]
        self._files[display] = _File(lines, data, root, kept.rows)
        return data, root


    def _tree(self, display: str, kept: _File) -> _File:
        """The file kept, its tree composed (and its rows noted) if its data came from the cache."""
        if kept.root is None:
            from .yamlparse import MappingNode, compose

            try:
                root = compose("".join(kept.lines))
            except Exception:  # noqa: BLE001 (a text parsed before: never, but then it is parsed whole)
                root = None
            kept.root = root if type(root) is MappingNode else None
            kept.rows = _rows(kept.root, kept.data)
            if not kept.rows:
                self._files.pop(display, None)
        return kept


def _plain(text: str) -> bool:
    """No anchor, no directive, and fewer characters than half the values the parser allows (a
    value takes a character at least)."""
    from .yamlparse import MAX_VALUES

    return len(text) <= MAX_VALUES // 2 and "&" not in text and not text.startswith("%") and "\n%" not in text


def _rows(root: yaml.Node | None, data: dict) -> dict[int, tuple[str, int, int, int]]:
    """The lines that hold one whole row each: a one-line flow sequence of scalars, item of a block
    sequence under a top-level key (a plain text key, not a merge)."""
    from .yamlparse import MappingNode, ScalarNode, SequenceNode

    rows: dict[int, tuple[str, int, int, int]] = {}
    if type(root) is not MappingNode:
        return rows
    for pair, (key, value) in enumerate(root.value):
        if type(key) is not ScalarNode or key.tag != _STR or type(value) is not SequenceNode or value.flow_style \
                or not isinstance(data.get(key.value), list) or len(data[key.value]) != len(value.value):
            continue
        for index, item in enumerate(value.value):
            if _one_line_row(item):
                rows[item.start_mark.line] = (key.value, index, item.start_mark.column, pair)
    return rows


def _one_line_row(item: yaml.Node) -> bool:
    from .yamlparse import ScalarNode, SequenceNode

    return type(item) is SequenceNode and bool(item.flow_style) and item.start_mark.line == item.end_mark.line \
        and all(type(value) is ScalarNode for value in item.value)


def _row(line: str, column: int) -> tuple[list, yaml.SequenceNode] | None:
    """The row a line holds alone (`- [a, b]` after its indentation) and its node, or None: not one
    such row, or a problem (the whole parse reports it)."""
    from .yamlparse import SequenceNode, parse_yaml

    data, locator, problems = parse_yaml(line, "row")
    root = locator.root
    if problems or type(root) is not SequenceNode or root.flow_style or len(root.value) != 1:
        return None
    item = root.value[0]
    if not _one_line_row(item) or item.start_mark.column != column or not isinstance(data, list):
        return None
    return data[0], item


def _patched(root: yaml.MappingNode, pair: int, index: int, item: yaml.Node) -> yaml.MappingNode:
    """The tree with item `index` of the sequence of its key `pair` replaced by `item`."""
    from .yamlparse import MappingNode, SequenceNode

    pairs = list(root.value)
    key, rows = pairs[pair]
    items = list(rows.value)
    items[index] = item
    pairs[pair] = (key, SequenceNode(rows.tag, items, rows.start_mark, rows.end_mark, flow_style=rows.flow_style))
    return MappingNode(root.tag, pairs, root.start_mark, root.end_mark, flow_style=root.flow_style)


def _shifted(item: yaml.SequenceNode, line: int) -> yaml.SequenceNode:
    """A row's nodes as parsed alone, moved down to its line in the file."""
    from .yamlparse import ScalarNode, SequenceNode

    values = [ScalarNode(v.tag, v.value, _mark(v.start_mark, line), _mark(v.end_mark, line), style=v.style)
              for v in item.value]
    return SequenceNode(item.tag, values, _mark(item.start_mark, line), _mark(item.end_mark, line), flow_style=True)


def _mark(mark: yaml.Mark, line: int) -> yaml.Mark:
    from yaml.error import Mark

    return Mark(mark.name, mark.index, mark.line + line, mark.column, None, 0)  # (no buffer: no snippet)
