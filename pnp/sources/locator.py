"""Where values of a source document came from.

Contract: a `Locator` belongs to one file and keeps its composed YAML node tree. `loc(path)` walks
that tree along a path of keys and indexes and answers the line:col of the value there, or of the
closest ancestor that exists, so a problem about a missing key points at the mapping that lacks it.
`key_loc(path)` answers the position of the key naming the value (for unknown or misspelt keys).
Positions are looked up only when a problem is reported, so loading costs nothing for them; a
locator made for data from the parse cache keeps the text, composed (by `yamlparse.compose`) on
the first lookup that the answers kept for that text (`positions`, pnp.sources.parsecache) lack.
`LineLocator` locates a line of a text file (a rulebook's Markdown: a path `(line,)`). `CsvLocator` and `SheetLocator` locate the cells of a data file (pnp.sources.tables): a path
`(row, column)` (0-based, in the file's own rows and columns; `(row,)` for a whole row) answers the
line:col where the CSV cell starts (the end of its record when the row is shorter), or the cell
name of a spreadsheet, `Feuil1!C4`.
`LocatorRegistry` resolves a `Ref` (file + path) for all files of a run, whatever the file's kind.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..core.errors import Loc, PathPart, Problem, Ref

if TYPE_CHECKING:  # pragma: no cover
    import yaml

    from .parsecache import Positions


class Locator:
    def __init__(self, display: str, root: yaml.Node | None = None):
        self.display = display
        self.root = root
        self.text: str | None = None  # set when the data came from the parse cache
        self.positions: Positions | None = None  # and the answers kept for that text

    def loc(self, path: tuple) -> Loc:
        """Position of the value at `path`, or of its closest existing ancestor."""
        return self._find(path, False)

    def key_loc(self, path: tuple) -> Loc:
        return self._find(path, True)

    def _find(self, path: tuple, at_key: bool) -> Loc:
        """The answer kept for a cached text, else the one found by walking the tree (then kept)."""
        kept = self.positions.get(at_key, path) if self.positions is not None and self.root is None else None
        if kept is not None:
            return Loc(self.display, kept[0], kept[1]) if kept else Loc(self.display)
        node, key = self._walk(path)
        found = self._at(key if at_key and key is not None else node)
        if self.positions is not None:
            answer = (found.line, found.col) if found.line is not None and found.col is not None else ()
            self.positions.put(at_key, path, answer)
        return found

    def _at(self, node: yaml.Node | None) -> Loc:
        if node is None:
            return Loc(self.display)
        return Loc(self.display, node.start_mark.line + 1, node.start_mark.column + 1)

    def _walk(self, path: tuple) -> tuple[yaml.Node | None, yaml.Node | None]:
        """The deepest node along `path`, and the key node of its last step when that step matched."""
        if self.root is None and self.text is not None:  # parsed from the cache: compose now
            from .yamlparse import compose

            self.root = compose(self.text)
        node, key = self.root, None
        for part in path:
            child, key_node = _step(node, part)
            if child is None:
                return node, None
            node, key = child, key_node
        return node, key


def _step(node: yaml.Node | None, part: PathPart,
          seen: frozenset = frozenset()) -> tuple[yaml.Node | None, yaml.Node | None]:
    """The child `part` of `node`, looked up in its `<<` merges too (`seen`: the mappings whose merges
    are being searched, so an anchor merged into itself ends the search)."""
    from .yamlparse import MERGE, MappingNode, ScalarNode, SequenceNode  # loaded already: a tree exists

    if isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        return node.value[part], None
    if isinstance(node, MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, ScalarNode) and key_node.value == str(part):
                return value_node, key_node
        for key_node, value_node in node.value:  # `<<: *anchor` merges
            if key_node.tag == MERGE and id(node) not in seen:
                for source in value_node.value if isinstance(value_node, SequenceNode) else [value_node]:
                    found = _step(source, part, seen | {id(node)})
                    if found[0] is not None:
                        return found
    return None, None


class CsvLocator:
    """Cells of a CSV text: where each starts, and where each record ends, by record number (the
    records a reader kept: a mapping, or a list of every record)."""

    def __init__(self, display: str, starts: Mapping[int, list[tuple[int, int]]] | list[list[tuple[int, int]]],
                 ends: Mapping[int, tuple[int, int]] | list[tuple[int, int]]):
        self.display = display
        self.starts = dict(enumerate(starts)) if isinstance(starts, list) else dict(starts)
        self.ends = dict(enumerate(ends)) if isinstance(ends, list) else dict(ends)

    def loc(self, path: tuple) -> Loc:
        if not path or path[0] not in self.starts:
            return Loc(self.display)
        row = self.starts[path[0]]
        col = path[1] if len(path) > 1 else 0
        return Loc(self.display, *(row[col] if col < len(row) else self.ends[path[0]]))

    key_loc = loc


class SheetLocator:
    """Cells of a spreadsheet's sheet, named as the spreadsheet names them (C4)."""

    def __init__(self, display: str, sheet: str):
        self.display, self.sheet = display, sheet

    def loc(self, path: tuple) -> Loc:
        if not path:
            return Loc(self.display, cell=self.sheet)
        return Loc(self.display, cell=f"{self.sheet}!{column_name(path[1] if len(path) > 1 else 0)}{path[0] + 1}")

    key_loc = loc


def column_name(index: int) -> str:
    """The spreadsheet name of a 0-based column: A, B, … Z, AA, AB…"""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


class LineLocator:
    """A text file (a rulebook's Markdown): a path `(line,)` or `(line, col)` is that position."""

    def __init__(self, display: str):
        self.display = display

    def loc(self, path: tuple) -> Loc:
        if not path or not isinstance(path[0], int):
            return Loc(self.display)
        return Loc(self.display, path[0], path[1] if len(path) > 1 and isinstance(path[1], int) else 1)

    key_loc = loc


class LocatorRegistry:
    """All the locators of a run, keyed by display name."""

    def __init__(self) -> None:
        self._by_file: dict[str, Locator | CsvLocator | SheetLocator | LineLocator] = {}

    def add(self, locator: Locator | CsvLocator | SheetLocator | LineLocator) -> None:
        self._by_file[locator.display] = locator

    def locate(self, ref: Ref, key: bool = False) -> Loc:
        locator = self._by_file.get(ref.file)
        if locator is None:
            return Loc(ref.file)
        return locator.key_loc(ref.path) if key else locator.loc(ref.path)

    def resolve(self, problem: Problem) -> Problem:
        """The problem with its `loc` filled in from its `ref`, unless it already has one."""
        if problem.loc is not None or problem.ref is None:
            return problem
        return problem.located(self.locate(problem.ref, key=problem.at_key))
