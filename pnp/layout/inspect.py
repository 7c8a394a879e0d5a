"""Looking over laid-out faces for what prints badly: faint text, edges and frames near the cut.

Contract: `FaceInspector(layout_refs)` is called by `FaceBuilder` with each face it lays out, as its
elements in drawing order (`(element name, items)`), and returns warnings (`Problem`s of severity
"warning") naming the card (or page) and the element, located at the element's definition in its
layout file: text whose contrast is under 4.5:1 (`legibility.py`), and on cards (not on pages, which
have no cut) edges and frames that a cut or a duplex back a millimetre off would show
(`edges.py`). A face whose elements are the very items of a face already inspected (copies, shared
layers, elements compiled once for many cards) is not inspected again.
"""
from __future__ import annotations

from typing import Callable, Sequence

from ..errors import Problem, Ref
from .edges import edge_problems
from .items import Face, Item
from .legibility import contrast_problems

CACHE_SIZE = 4096


class FaceInspector:
    def __init__(self, layout_refs: Callable[[str], dict]):
        self.layout_refs = layout_refs
        self._seen: dict[tuple, tuple[object, list[tuple[str, str]]]] = {}

    def __call__(self, layout, parts: Sequence[tuple[str, tuple[Item, ...]]], face: Face, where) -> list[Problem]:
        found = self._found(layout, parts, face)
        if not found:
            return []
        refs = self.layout_refs(layout.name)
        return [Problem(what, f"{where}, element {name!r}", refs.get(name, Ref("layouts")), severity="warning")
                for name, what in found]

    def _found(self, layout, parts, face: Face) -> list[tuple[str, str]]:
        key = (layout.name, face.background) + tuple(id(items) for _, items in parts)
        cached = self._seen.get(key)
        if cached is None:
            found = contrast_problems(parts, face.background)
            if layout.kind == "card":
                found += edge_problems(parts, face.background, face.bleed, face.width, face.height)
            if len(self._seen) >= CACHE_SIZE:
                self._seen.clear()
            cached = self._seen[key] = (tuple(items for _, items in parts), found)  # the items kept alive: ids stay theirs
        return cached[1]
