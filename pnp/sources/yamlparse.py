"""Strict YAML parsing that remembers where every value came from (the only module that parses).

Contract: `parse_yaml(text, display)` returns `(data, locator, problems)`. `data` is plain Python
(dict, list, str, int, float, bool, None); the locator keeps the composed node tree, so a path of
keys and indexes maps to the line:col of its value. The parser refuses what PyYAML would accept
silently: duplicate keys, YAML 1.1 booleans (yes/no/on/off/y/n), tabs used for indentation, an
empty file. Dates stay strings. A syntax error is one problem at its position; `data` is then None.
An anchored value is built once, however many aliases and `<<` merges use it: its problems are
reported once, its value is shared, nested aliases cost no more than the text (no "billion laughs"),
and an alias inside its own anchor is a problem. `compose(text)` gives the node tree alone (for a
locator whose data came from the parse cache). PyYAML is imported here only (the locator takes its
node types from here), so a build whose files all come from the parse cache never loads it.
"""
from __future__ import annotations

import yaml
from yaml import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import Loc, Problem, Ref
from .locator import Locator

try:  # the C composer is ten times faster on big decks; positions are the same
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on the PyYAML wheel
    from yaml import SafeLoader as _Loader

_BOOL_WORDS = {"true": True, "false": False}
_STR = "tag:yaml.org,2002:str"
MERGE = "tag:yaml.org,2002:merge"
_BUILDING = object()  # the value of a node being built: met again, its anchor holds an alias to itself


def compose(text: str) -> Node | None:
    """The node tree of `text`; raises `yaml.MarkedYAMLError` on a syntax error."""
    return yaml.compose(text, Loader=_Loader)


def parse_yaml(text: str, display: str, locator: Locator | None = None):
    locator = locator or Locator(display)
    if not text.strip():
        return None, locator, [Problem("the file is empty", "YAML", Ref(display), loc=Loc(display, 1, 1))]
    tab = _tab_indent(text, display)
    if tab:
        return None, locator, [tab]
    try:
        node = compose(text)
    except yaml.MarkedYAMLError as exc:
        return None, locator, [_syntax_problem(exc, display)]
    if node is None:
        return None, locator, [Problem("the file holds no data", "YAML", Ref(display), loc=Loc(display, 1, 1))]
    locator.root = node
    builder = _Builder(display)
    data = builder.build(node)
    return data, locator, builder.problems


def _tab_indent(text: str, display: str) -> Problem | None:
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip(" ")
        if stripped.startswith("\t"):
            col = len(line) - len(stripped) + 1
            return Problem("a tab is used for indentation; YAML needs spaces", "YAML",
                           Ref(display), loc=Loc(display, number, col))
    return None


def _syntax_problem(exc: yaml.MarkedYAMLError, display: str) -> Problem:
    mark = exc.problem_mark or exc.context_mark
    what = exc.problem or "syntax error"
    if exc.context:
        what = f"{exc.context}: {what}"
    if "\t" in what or "'\\t'" in what:
        what = "a tab where YAML needs spaces"
    loc = Loc(display, mark.line + 1, mark.column + 1) if mark else Loc(display)
    return Problem(f"syntax error: {what}", "YAML", Ref(display), loc=loc)


class _Builder:
    """Turns composed nodes into plain values and records strictness problems (positions stay in
    the node tree, for the locator)."""

    def __init__(self, display: str):
        self.display = display
        self.problems: list[Problem] = []
        self._built: dict[int, object] = {}  # id(node) -> value, for the nodes aliases share
        self._reported: set[tuple[int, str]] = set()

    def build(self, node: Node) -> object:
        kind = type(node)
        if kind is ScalarNode:
            return self._scalar(node)
        built = self._built.get(id(node))
        if built is not None:
            return built if built is not _BUILDING else self._recursive(node)
        self._built[id(node)] = _BUILDING
        if kind is SequenceNode:
            build = self.build
            value: object = [build(item) for item in node.value]
        else:
            value = self._mapping(node)
        self._built[id(node)] = value
        return value

    def _recursive(self, node: Node) -> None:
        self._problem(node, "this anchored value holds an alias to itself; YAML data cannot contain itself")
        return None

    def _mapping(self, node: MappingNode) -> dict:
        out: dict = {}
        keys: dict = {}
        merged: dict = {}
        for key_node, value_node in node.value:
            if key_node.tag == MERGE:
                merged = {**self._merge_source(value_node), **merged}
                continue
            key = self._scalar(key_node) if type(key_node) is ScalarNode else None
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                self._problem(key_node, "a key must be a plain word or number")
                continue
            if key in keys:
                first = keys[key].start_mark.line + 1
                self._problem(key_node, f"duplicate key {key!r} (first defined on line {first})")
                continue
            keys[key] = key_node
            out[key] = self.build(value_node)
        return {**{k: v for k, v in merged.items() if k not in out}, **out} if merged else out

    def _merge_source(self, node: Node) -> dict:
        """`<<: *anchor` (or a list of anchors): keys the mapping inherits unless it sets them."""
        sources = node.value if isinstance(node, SequenceNode) else [node]
        out: dict = {}
        for source in reversed(sources):
            if not isinstance(source, MappingNode):
                self._problem(source, "`<<` merges a mapping (an &anchor of a mapping)")
                continue
            out.update(self.build(source) or {})
        return out

    def _scalar(self, node: ScalarNode) -> object:
        tag = node.tag
        if tag == _STR or node.style:
            return node.value
        resolved = _RESOLVED.get(tag)
        if resolved is None:
            return node.value  # timestamps and anything else stay text
        return resolved(self, node)

    def _bool(self, node: ScalarNode) -> object:
        word = node.value.lower()
        if word in _BOOL_WORDS:
            return _BOOL_WORDS[word]
        self._problem(node, f"{node.value!r} is ambiguous: write true or false, or quote it")
        return node.value

    def _problem(self, node: Node, what: str) -> None:
        """Once per node: an anchored scalar is built again at each alias (cheaper than a memo)."""
        if (id(node), what) in self._reported:
            return
        self._reported.add((id(node), what))
        loc = Loc(self.display, node.start_mark.line + 1, node.start_mark.column + 1)
        self.problems.append(Problem(what, "YAML", Ref(self.display), loc=loc))


_RESOLVED = {
    "tag:yaml.org,2002:bool": _Builder._bool,
    "tag:yaml.org,2002:int": lambda self, node: _int(node.value),
    "tag:yaml.org,2002:float": lambda self, node: _float(node.value),
    "tag:yaml.org,2002:null": lambda self, node: None,
}


def _int(text: str) -> int | str:
    clean = text.replace("_", "")
    try:
        if clean.lower().startswith(("0x", "-0x", "+0x")):
            return int(clean, 16)
        return int(clean, 10)
    except ValueError:
        return text


def _float(text: str) -> float | str:
    lowered = text.lower().replace("_", "")
    specials = {".inf": float("inf"), "+.inf": float("inf"), "-.inf": float("-inf"), ".nan": float("nan")}
    if lowered in specials:
        return specials[lowered]
    try:
        return float(lowered)
    except ValueError:
        return text
