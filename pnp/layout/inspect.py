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

from collections.abc import Iterator, Reversible
from typing import TYPE_CHECKING, Callable, NamedTuple, Sequence

from ..core.errors import Problem, Ref
from .edges import Risk, judge, shape_risks
from .ground import PAPER
from .items import RGB, Face, Item, Picture, Shape, TextItem
from .legibility import MIN_CONTRAST, contrast_problems, ratio

if TYPE_CHECKING:  # pragma: no cover
    from ..model.layout import Layout

CACHE_SIZE = 4096
Part = tuple[str, tuple[Item, ...]]  # an element of a face: its name and its items
Ink = tuple[RGB, RGB | None]  # a text's colour and outline
Grounds = frozenset[RGB | None]  # colours filled (None: a picture, its colours unknown)


class _Summary(NamedTuple):
    items: tuple[Item, ...]  # kept alive, so that the id the summary is filed under stays theirs
    fills: Grounds
    inks: frozenset[Ink]  # of each text
    risks: list[list[Risk]]  # edges near the cut (card layouts)


class FaceInspector:
    def __init__(self, layout_refs: Callable[[str], dict[str, Ref]]):
        self.layout_refs = layout_refs
        self._refs: dict[str, dict[str, Ref]] = {}
        self._summaries: dict[bool, dict[int, _Summary]] = {True: {}, False: {}}  # card or page: id(items)
        self._clears: dict[tuple[frozenset[Ink], tuple[Grounds, ...]], bool] = {}  # (inks, grounds): they read
        self._problems: dict[tuple[str, str, str], Problem] = {}
        self._inks: dict[Ink, _Summary] = {}  # the summary of a single text, by its ink
        self._faces: dict[tuple[object, ...], tuple[tuple[tuple[Item, ...], ...], list[tuple[str, str]]]] = {}
        self._judgements: dict[tuple[object, ...], tuple[tuple[tuple[Item, ...], ...], str | None]] = {}

    def __call__(self, layout: Layout, parts: Sequence[Part], face: Face, where: object) -> list[Problem]:
        found = self._memo(layout.kind == "card", parts, face)
        return [self._problem(layout.name, name, what, where) for name, what in found] if found else []

    def _memo(self, card: bool, parts: Sequence[Part], face: Face) -> list[tuple[str, str]]:
        """`_found`, kept per face shape: the background, the geometry, and each element's name with
        its ink when it is a text alone, else its items. That is all the verdict reads when every
        text reads on its ground (a text alone is summed up by its ink, and edges are judged against
        shapes and pictures, never texts); a face whose contrast takes the slow way is looked over
        anew each time."""
        shape: list[object] = [card, face.background, face.bleed, face.width, face.height]
        for name, items in parts:
            if len(items) == 1 and type(items[0]) is TextItem:
                shape += (name, items[0].color, items[0].outline)
            else:
                shape += (name, id(items))
        key = tuple(shape)
        kept = self._faces.get(key)
        if kept is not None:
            return kept[1]
        found, slow = self._found(card, parts, face)
        if not slow:
            if len(self._faces) >= CACHE_SIZE:
                self._faces.clear()
            self._faces[key] = (tuple(items for _, items in parts), found)  # kept alive: their ids stay theirs
        return found

    def _problem(self, layout: str, name: str, what: str, where: object) -> Problem:
        """The warning, made once per layout, element and text: the first card it is found on names
        it, and the run counts the cards it is found on again (`pnp.pipeline.kitrun.Repeats`)."""
        key = (layout, name, what)
        found = self._problems.get(key)
        if found is None:
            refs = self._refs.get(layout)
            if refs is None:
                refs = self._refs[layout] = self.layout_refs(layout)
            found = self._problems[key] = Problem(what, f"{where}, element {name!r}", refs.get(name, Ref("layouts")),
                                                  severity="warning")
        return found

    def _found(self, card: bool, parts: Sequence[Part], face: Face) -> tuple[list[tuple[str, str]], bool]:
        """The warnings of a face, and whether a text's contrast had to be measured on its ground."""
        grounds: tuple[Grounds, ...] = (frozenset({face.background or PAPER}),)
        out: list[tuple[str, str]] = []
        for index, (name, items) in enumerate(parts):
            summary = self._summary(items, card, face)
            if summary.inks and not self._clear(summary.inks, grounds):
                below = [i for _, its in parts[:index] for i in its]
                return out + contrast_problems(parts[index:], face.background, below) + \
                    self._edges(parts[index:], card, face, below), True
            if summary.risks:
                found = self._judged(summary, parts, index, face)
                out += [(name, found)] if found else []
            if summary.fills:
                grounds += (summary.fills,)
        return out, False

    def _judged(self, summary: _Summary, parts: Sequence[Part], index: int, face: Face) -> str | None:
        """`edges.judge` of an element's risky edges over what the face paints before it, kept per
        those items."""
        key: tuple[object, ...] = (id(summary.items), face.background) + tuple(id(items) for _, items in parts[:index])
        found = self._judgements.get(key)
        if found is None:
            if len(self._judgements) >= CACHE_SIZE:
                self._judgements.clear()
            verdict = judge(summary.risks, _Under(parts, index), face.background)
            found = self._judgements[key] = (tuple(items for _, items in parts[:index + 1]), verdict)  # kept alive
        return found[1]

    def _clear(self, inks: frozenset[Ink], grounds: tuple[Grounds, ...]) -> bool:
        """Whether texts of these inks read on every colour that may be under them (None: a picture)."""
        key = (inks, grounds)
        found = self._clears.get(key)
        if found is None:
            if len(self._clears) >= CACHE_SIZE:
                self._clears.clear()
            colours: Grounds = frozenset().union(*grounds)
            found = self._clears[key] = all(_reads(ink, colours) for ink in inks)
        return found

    def _edges(self, parts: Sequence[Part], card: bool, face: Face, below: list[Item]) -> list[tuple[str, str]]:
        """The edge warnings of `parts`, painted over `below` (once contrast has taken the slow way)."""
        out: list[tuple[str, str]] = []
        below = list(below)
        for name, items in parts:
            risks = self._summary(items, card, face).risks
            found = judge(risks, below, face.background) if risks else None
            out += [(name, found)] if found else []
            below += items
        return out

    def _summary(self, items: tuple[Item, ...], card: bool, face: Face) -> _Summary:
        kept = self._summaries[card]
        found = kept.get(id(items))
        if found is None and len(items) == 1 and type(items[0]) is TextItem:  # a text alone: its ink is all
            ink = (items[0].color, items[0].outline)
            found = self._inks.get(ink)
            if found is None:
                found = self._inks[ink] = _Summary((), frozenset(), frozenset((ink,)), [])
        if found is None:
            if len(kept) >= CACHE_SIZE:
                kept.clear()
            fills: set[RGB | None] = set()
            inks: set[Ink] = set()
            shapes = False
            for i in items:  # one pass: elements compiled anew for each card are many
                if type(i) is TextItem:
                    inks.add((i.color, i.outline))
                elif type(i) is Shape:
                    shapes = True
                    if i.fill is not None:
                        fills.add(i.fill)
                elif type(i) is Picture and i.kind != "icon":
                    fills.add(None)
            risks = shape_risks(items, face.bleed, face.width, face.height) if card and shapes else []
            found = _Summary(items, frozenset(fills), frozenset(inks), risks)
            if shapes or fills:  # texts alone are summed up again: they are the cards' own, kept by none
                kept[id(items)] = found
        return found


def _reads(ink: Ink, grounds: Grounds) -> bool:
    """Whether a text of this ink reads on every colour of `grounds` (None: a picture, not known)."""
    colour, outline = ink
    return all(g is not None and max(ratio(colour, g), ratio(outline, g) if outline else 0.0) >= MIN_CONTRAST
               for g in grounds)


class _Under(Reversible[Item]):
    """The items of the parts before `index`, in drawing order (or reversed: what `ground.paint_at`
    reads), without copying them."""

    def __init__(self, parts: Sequence[Part], index: int):
        self.parts, self.index = parts, index

    def __reversed__(self) -> Iterator[Item]:
        for _, items in reversed(self.parts[:self.index]):
            yield from reversed(items)

    def __iter__(self) -> Iterator[Item]:
        for _, items in self.parts[:self.index]:
            yield from items
