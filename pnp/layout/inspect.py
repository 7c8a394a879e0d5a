"""Looking over laid-out faces for what prints badly: faint text, edges and frames near the cut.

Contract: `FaceInspector(layout_refs)` is called by `FaceBuilder` with each face it lays out, as its
elements in drawing order (`(element name, items)`), and returns warnings (`Problem`s of severity
"warning") naming the card (or page) and the element, located at the element's definition in its
layout file: text whose contrast is under 4.5:1 (`legibility.py`), and on cards (not on pages, which
have no cut) edges and frames that a cut or a duplex back a millimetre off would show
(`edges.py`). What an element's items fill, the colours of their texts and their edges near the
cut are found once per items (elements compiled once serve many cards); a text is measured against
its ground only when some colour the face paints before it is too near its own, and an edge is
judged against what the face paints beside it only when it is near the cut.
"""
from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from ..errors import Problem, Ref
from .edges import judge, shape_risks
from .ground import PAPER
from .items import Face, Item, Picture, Shape, TextItem
from .legibility import MIN_CONTRAST, contrast_problems, ratio

CACHE_SIZE = 4096


class _Summary(NamedTuple):
    items: tuple  # kept alive, so that the id the summary is filed under stays theirs
    fills: frozenset  # colours filled (None: a picture, its colours unknown)
    inks: frozenset  # (colour, outline) of each text
    risks: list  # edges near the cut (card layouts)


class FaceInspector:
    def __init__(self, layout_refs: Callable[[str], dict]):
        self.layout_refs = layout_refs
        self._refs: dict[str, dict] = {}
        self._summaries: dict[tuple, _Summary] = {}
        self._clears: dict[tuple, tuple] = {}

    def __call__(self, layout, parts: Sequence[tuple[str, tuple[Item, ...]]], face: Face, where) -> list[Problem]:
        found = self._found(layout.kind == "card", parts, face)
        if not found:
            return []
        refs = self._refs.get(layout.name)
        if refs is None:
            refs = self._refs[layout.name] = self.layout_refs(layout.name)
        return [Problem(what, f"{where}, element {name!r}", refs.get(name, Ref("layouts")), severity="warning")
                for name, what in found]

    def _found(self, card: bool, parts, face: Face) -> list[tuple[str, str]]:
        grounds: tuple[frozenset, ...] = (frozenset({face.background or PAPER}),)
        out: list[tuple[str, str]] = []
        for index, (name, items) in enumerate(parts):
            summary = self._summary(items, card, face)
            if summary.inks and not self._clear(summary.inks, grounds):
                below = [i for _, its in parts[:index] for i in its]
                return out + contrast_problems(parts[index:], face.background, below) + \
                    self._edges(parts[index:], card, face, below)
            if summary.risks:
                found = judge(summary.risks, _Under(parts, index), face.background)
                out += [(name, found)] if found else []
            if summary.fills:
                grounds += (summary.fills,)
        return out

    def _clear(self, inks: frozenset, grounds: tuple[frozenset, ...]) -> bool:
        """Whether texts of these inks read on every colour that may be under them (None: a picture)."""
        key = (inks,) + tuple(id(g) for g in grounds)
        found = self._clears.get(key)
        if found is None:
            if len(self._clears) >= CACHE_SIZE:
                self._clears.clear()
            colours = frozenset().union(*grounds)
            found = self._clears[key] = (grounds, all(_reads(ink, colours) for ink in inks))  # grounds kept alive
        return found[1]

    def _edges(self, parts, card: bool, face: Face, below: list) -> list[tuple[str, str]]:
        """The edge warnings of `parts`, painted over `below` (once contrast has taken the slow way)."""
        out = []
        below = list(below)
        for name, items in parts:
            risks = self._summary(items, card, face).risks
            found = judge(risks, below, face.background) if risks else None
            out += [(name, found)] if found else []
            below += items
        return out

    def _summary(self, items: tuple[Item, ...], card: bool, face: Face) -> _Summary:
        key = (id(items), card)
        found = self._summaries.get(key)
        if found is None:
            if len(self._summaries) >= CACHE_SIZE:
                self._summaries.clear()
            fills = {i.fill for i in items if isinstance(i, Shape) and i.fill is not None}
            fills |= {None} if any(isinstance(i, Picture) and i.kind != "icon" for i in items) else set()
            inks = frozenset((i.color, i.outline) for i in items if isinstance(i, TextItem))
            risks = shape_risks(items, face.bleed, face.width, face.height) if card else []
            found = self._summaries[key] = _Summary(items, frozenset(fills), inks, risks)
        return found


def _reads(ink, grounds: frozenset) -> bool:
    """Whether a text of this ink reads on every colour of `grounds` (None: a picture, not known)."""
    colour, outline = ink
    return all(g is not None and max(ratio(colour, g), ratio(outline, g) if outline else 0.0) >= MIN_CONTRAST
               for g in grounds)


class _Under(Sequence):
    """The items of the parts before `index`, in drawing order, without copying them."""

    def __init__(self, parts, index: int):
        self.parts, self.index = parts, index

    def __reversed__(self):
        for _, items in reversed(self.parts[:self.index]):
            yield from reversed(items)

    def __iter__(self):
        for _, items in self.parts[:self.index]:
            yield from items

    def __len__(self) -> int:
        return sum(len(items) for _, items in self.parts[:self.index])

    def __getitem__(self, i):
        return list(self)[i]
