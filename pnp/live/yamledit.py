"""Editing one value of a YAML text in place: the scalar's own characters, nothing else.

Contract: `set_scalar(text, path, value, display)` answers the text with the value at `path` (keys
and indexes, as a `Ref` names it) written as `value` (the text of a plain scalar: `12.5`, `7mm`,
`50%`). A value written in the file has its characters replaced where they stand (inside its quotes,
if quoted), so comments, order, spacing and every other line stay as they were. A key the mapping
lacks — or inherits through a `<<: *anchor` merge — is added to the mapping itself: `, key: value`
before the `}` of a flow mapping, a line `key: value` at the keys' indentation after a block
mapping's last entry. It refuses (`EditError`, saying why) a text that does not parse cleanly
(`pnp.sources.yamlparse`, the strict reader), a path whose parent mapping is not written in the
file, a value shared through an anchor (an alias elsewhere would change too), and a value that is
not a plain scalar. The answer is checked: parsed again, it must hold the same data with only that
value changed. The file is never parsed into data and dumped again.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..sources.yamlparse import MERGE, MappingNode, Node, ScalarNode, SequenceNode, compose, parse_yaml

PathPart = str | int


class EditError(ValueError):
    """Why a value cannot be written in place."""


@dataclass(frozen=True)
class Spot:
    """Where the value at a path is written: its node (None when the mapping lacks the key), the
    mapping that holds (or is to hold) it, and whether it was found only through a `<<` merge."""

    node: ScalarNode | None
    owner: MappingNode
    merged: bool = False


def set_scalar(text: str, path: tuple[PathPart, ...], value: str, display: str = "the file") -> str:
    before, problems = _parsed(text, display)
    if problems:
        raise EditError(f"{display} does not read cleanly ({problems[0]}): mend it first")
    spot = find(text, path, display)
    if spot.node is not None and not spot.merged:
        edited = _replace(text, spot.node, value)
    else:
        edited = _insert(text, spot.owner, str(path[-1]), value, _shared(compose(text)))
    _check(before, edited, path, value, display)
    return edited


def find(text: str, path: tuple[PathPart, ...], display: str = "the file") -> Spot:
    """The spot of `path` in `text` (raises EditError when its mapping is not written there)."""
    root = compose(text)
    shared = _shared(root)
    node: Node | None = root
    for depth, part in enumerate(path):
        last = depth == len(path) - 1
        if not isinstance(node, MappingNode):
            if isinstance(node, SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value) and not last:
                node = node.value[part]
                continue
            raise EditError(f"{_shown(path[:depth])} in {display} is not a mapping of keys")
        if id(node) in shared:
            raise EditError(f"{_shown(path[:depth])} in {display} is anchored (&) and used elsewhere through "
                            "an alias: an edit here would change those too; edit the file")
        child, merged = _child(node, part)
        if last:
            if child is not None and not isinstance(child, ScalarNode):
                raise EditError(f"{_shown(path)} in {display} is not a single value")
            if child is not None and id(child) in shared and not merged:
                raise EditError(f"{_shown(path)} in {display} is anchored (&) and used elsewhere through an "
                                "alias: an edit here would change those too; edit the file")
            return Spot(child, node, merged)
        if child is None or merged:
            raise EditError(f"{_shown(path[:depth + 1])} is not written in {display}")
        node = child
    raise EditError("an empty path names no value")


def _child(node: MappingNode, part: PathPart) -> tuple[Node | None, bool]:
    """The value of key `part` in the mapping itself, else in what it merges (flag True)."""
    for key, value in node.value:
        if isinstance(key, ScalarNode) and key.tag != MERGE and key.value == str(part):
            return value, False
    for key, value in node.value:
        if key.tag == MERGE:
            for source in value.value if isinstance(value, SequenceNode) else [value]:
                found = _child(source, part)[0] if isinstance(source, MappingNode) else None
                if found is not None:
                    return found, True
    return None, False


def _shared(root: Node | None) -> set[int]:
    """The nodes that appear more than once in the tree (an anchor and its aliases)."""
    seen: set[int] = set()
    shared: set[int] = set()
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if id(node) in seen:
            shared.add(id(node))
            continue
        seen.add(id(node))
        if isinstance(node, MappingNode):
            stack += [part for pair in node.value for part in pair]
        elif isinstance(node, SequenceNode):
            stack += node.value
    return shared


def _replace(text: str, node: ScalarNode, value: str) -> str:
    start, end = node.start_mark.index, node.end_mark.index
    if node.style in ("'", '"'):
        start, end = start + 1, end - 1
    elif node.style in ("|", ">"):
        raise EditError("the value is a block scalar (| or >): edit it in the file")
    return text[:start] + value + text[end:]


def _insert(text: str, mapping: MappingNode, key: str, value: str, shared: set[int]) -> str:
    """`key: value` added to `mapping`, after its last entry (an alias's marks are its anchor's:
    the key of an aliased last value stands in for it)."""
    if not mapping.value:
        if mapping.flow_style:
            at = text.index("{", mapping.start_mark.index) + 1
            return text[:at] + f"{key}: {value}" + text[at:]
        raise EditError("the mapping is empty: add the key in the file")
    last_key, last_value = mapping.value[-1]
    last = last_key if id(last_value) in shared else last_value
    if mapping.flow_style:
        at = last.end_mark.index
        if last is last_key:  # past the alias that follows the key on its line
            at = text.index(",", at) if "," in text[at:text.find("}", at)] else text.find("}", at)
            at = len(text[:at].rstrip())
        return text[:at] + f", {key}: {value}" + text[at:]
    indent: int = mapping.value[0][0].start_mark.column
    end = last.end_mark
    at = end.index if end.column == 0 else _line_end(text, end.index)
    line: str = " " * indent + f"{key}: {value}\n"
    if at == len(text) and not text.endswith("\n"):
        line = "\n" + line[:-1]
    return text[:at] + line + text[at:]


def _line_end(text: str, index: int) -> int:
    """The index just past the end of the line holding `index` (its comment included)."""
    found = text.find("\n", index)
    return len(text) if found < 0 else found + 1


def _parsed(text: str, display: str) -> tuple[object, list[str]]:
    data, _, problems = parse_yaml(text, display)
    return data, [p.render() for p in problems]


def _check(before: object, edited: str, path: tuple[PathPart, ...], value: str, display: str) -> None:
    """The edited text holds `before` with only the value at `path` changed, to `value`'s."""
    after, problems = _parsed(edited, display)
    written, scalar_problems = _parsed(f"v: {value}\n", display)
    if problems or scalar_problems or not isinstance(written, dict):
        raise EditError(f"{value!r} cannot be written there in place")
    expected = _with(before, path, written["v"])
    if after != expected:
        raise EditError(f"writing {value!r} in place would change more than {_shown(path)}")


def _with(data: object, path: tuple[PathPart, ...], value: object) -> object:
    if not path:
        return value
    if isinstance(data, dict):
        return {**data, path[0]: _with(data.get(path[0]), path[1:], value)}
    if isinstance(data, list) and isinstance(path[0], int):
        return [_with(item, path[1:], value) if n == path[0] else item for n, item in enumerate(data)]
    return data


def _shown(path: tuple[PathPart, ...]) -> str:
    return ".".join(str(p) for p in path) or "the top"
