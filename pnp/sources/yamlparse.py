"""Strict YAML parsing that remembers where every value came from (the only module that parses).

Contract: `parse_yaml(text, display)` returns `(data, locator, problems)`. `data` is plain Python
(dict, list, str, int, float, bool, None); the locator keeps the composed node tree, so a path of
keys and indexes maps to the line:col of its value. The parser refuses what PyYAML would accept
silently: duplicate keys, YAML 1.1 booleans (yes/no/on/off/y/n), tabs used for indentation, an
empty file. Dates stay strings. A syntax error is one problem at its position; `data` is then None.
An anchored value is built once, however many aliases and `<<` merges use it: its problems are
reported once, its value is shared, and an alias inside its own anchor is a problem. What a kit may
not hold, each a problem at its position: a control character (a NUL, a vertical tab), values nested
more than `MAX_DEPTH` deep, a document that aliases expand to more than `MAX_VALUES` values (a
"billion laughs": its largest such value is dropped), a number that is not finite (`.nan`, `.inf`,
`1e400`) or has more than `MAX_DIGITS` digits. `compose(text)` gives the node tree alone (for a
locator whose data came from the parse cache). PyYAML is imported here only (the locator takes its
node types from here), so a build whose files all come from the parse cache never loads it.
"""
from __future__ import annotations

import math

import yaml
from yaml import MappingNode, Node, ScalarNode, SequenceNode

from ..core.errors import Loc, Problem, Ref, short
from .locator import Locator

# The C composer, where the PyYAML wheel has it, is ten times faster on big decks; positions are the same.
_Loader = yaml.CSafeLoader if yaml.__with_libyaml__ else yaml.SafeLoader

MAX_DEPTH = 64
MAX_VALUES = 1_000_000
MAX_DIGITS = 15
_BOOL_WORDS = {"true": True, "false": False}
_STR = "tag:yaml.org,2002:str"
MERGE = "tag:yaml.org,2002:merge"
_BUILDING = object()  # the value of a node being built: met again, its anchor holds an alias to itself


def compose(text: str) -> Node | None:
    """The node tree of `text`; raises `yaml.MarkedYAMLError` on a syntax error."""
    return yaml.compose(text, Loader=_Loader)


def parse_yaml(text: str, display: str, locator: Locator | None = None) -> tuple[object, Locator, list[Problem]]:
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
    except yaml.reader.ReaderError as exc:
        return None, locator, [_reader_problem(exc, text, display)]
    except RecursionError:  # the pure-Python composer, on values nested a thousand deep
        return None, locator, [Problem(f"values are nested more than {MAX_DEPTH} levels deep", "YAML",
                                       Ref(display), loc=Loc(display, 1, 1))]
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


def _children(node: Node) -> list[Node]:
    """The nodes a container holds; for a `<<: [*a, *b]` merge, the mappings it merges."""
    if not isinstance(node, MappingNode):
        held: list[Node] = node.value
        return held
    out = []
    for key, value in node.value:
        out += [key, *value.value] if key.tag == MERGE and type(value) is SequenceNode else [key, value]
    return out


def _reader_problem(exc: yaml.reader.ReaderError, text: str, display: str) -> Problem:
    """A character YAML does not allow (a NUL, a vertical tab pasted from elsewhere), where it is."""
    line = text.count("\n", 0, exc.position) + 1
    col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
    what = f"the character U+{exc.character:04X} is not allowed in YAML (a control character): delete it" \
        if isinstance(exc.character, int) else f"unreadable text: {exc.reason}"
    return Problem(what, "YAML", Ref(display), loc=Loc(display, line, col))


class _Builder:
    """Turns composed nodes into plain values and records strictness problems (positions stay in
    the node tree, for the locator)."""

    def __init__(self, display: str):
        self.display = display
        self.problems: list[Problem] = []
        self._built: dict[int, object] = {}  # id(node) -> value, for the nodes aliases share
        self._sizes: dict[int, int] = {}  # id(node) -> the number of values it holds, aliases expanded
        self._reported: set[tuple[int, str]] = set()
        self._depth = 0
        self._expanded = False  # a value expanding beyond MAX_VALUES was dropped

    def build(self, node: Node) -> object:
        if type(node) is ScalarNode:
            return self._scalar(node)
        key = id(node)
        if key in self._built:
            built = self._built[key]
            return built if built is not _BUILDING else self._recursive(node)
        if self._depth >= MAX_DEPTH:
            self._problem(node, f"values are nested more than {MAX_DEPTH} levels deep")
            self._built[key], self._sizes[key] = None, 1
            return None
        self._built[key] = _BUILDING
        self._depth += 1
        try:
            value: object = self._mapping(node) if isinstance(node, MappingNode) \
                else [self.build(item) for item in node.value]
        finally:
            self._depth -= 1
        self._built[key] = self._bounded(node, value)
        return self._built[key]

    def _bounded(self, node: Node, value: object) -> object:
        """`value`, unless aliases expand it beyond MAX_VALUES values (then None, and a problem)."""
        size = 1 + sum(self._sizes.get(id(child), 1) for child in _children(node))
        if size > MAX_VALUES and not self._expanded:
            self._expanded = True
            self._problem(node, f"aliases expand this value to more than {MAX_VALUES:,} values "
                                "(a \"billion laughs\"); pnp refuses it")
            value, size = None, 1
        self._sizes[id(node)] = size
        return value

    def _recursive(self, node: Node) -> object:
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
            built = self.build(source)
            out.update(built if isinstance(built, dict) else {})
        return out

    def _scalar(self, node: ScalarNode) -> object:
        tag = node.tag
        if tag == _STR or node.style:
            return node.value
        resolved = self._RESOLVED.get(tag)
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


    def _int(self, node: ScalarNode) -> object:
        text = node.value
        clean = text.replace("_", "").lstrip("+-")
        digits = len(clean) - 2 if clean.lower().startswith("0x") else len(clean)
        if digits > MAX_DIGITS:
            self._problem(node, f"{short(text, 24)} has {digits} digits: numbers have at most {MAX_DIGITS}")
            return None
        return _int(text)

    def _float(self, node: ScalarNode) -> object:
        value = _float(node.value)
        if isinstance(value, float) and not (math.isfinite(value) and abs(value) < 10.0 ** MAX_DIGITS):
            what = "is not a finite number" if not math.isfinite(value) else f"is beyond {MAX_DIGITS} digits"
            self._problem(node, f"{short(node.value)} {what}: write a number pnp can print")
            return None
        return value

    _RESOLVED = {  # a plain scalar's resolved tag -> how it is read (functions of this class body)
        "tag:yaml.org,2002:bool": _bool,
        "tag:yaml.org,2002:int": _int,
        "tag:yaml.org,2002:float": _float,
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
