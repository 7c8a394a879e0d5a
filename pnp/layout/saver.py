"""Ink-saving faces (`pnp build --ink saver`): grounds and large fills lightened or dropped.

Contract: `SaverPlan.of(layout)` reads a layout's `saver` key (`model.layout.Saver`): the elements
to `drop` (not drawn), to `lighten` (their fills printed at `amount` of their ink, a tint towards
the paper) and to `keep` as they are, and what becomes of the `background` (`lighten`, the
default; `drop`; `keep`). A lightened picture or SVG art is drawn translucent, at `amount`
opacity over the paper. Elements it does not name follow the defaults: an element whose fills
(rects and ellipses: a panel, a board's squares, a track's cells) cover a fifth of the face or
more has them lightened, a picture or SVG art (not an icon) covering half of it or more is
lightened (a printed ground: dropped only when the layout says so, for it may carry what tells
cards apart), everything else — text, icons, lines, strokes, small fills — is kept. `saved(face, parts, plan)` returns the face
and its parts (element name, items) as an ink-saving print draws them, and then keeps every text
and icon legible on its new ground: a text whose contrast against a colour under it falls below
`legibility.MIN_CONTRAST` (an icon: below 3:1, WCAG's for graphics) takes black ink instead of its
own when black reads there (white text on a panel that was dark) — only when the saver lowered its
contrast: what was as faint on the full-ink print (a watermark, a die slot's pale die) stays so. Shared layers stay shared: a
layer is transformed the same way on every face, its key marked when its texts were recoloured.
The face builder calls it before the face is inspected, so the legibility checks judge the print
as it comes out. `saver_problems(layouts, ref)` names what a `saver` key gets wrong (an element
the layout does not have), with the closest name, at its line. Pure geometry.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterable, Sequence

from ..core.errors import Problem, Ref, suggest
from .ground import contrast_ratio, grounds
from .items import RGB, Face, Item, Picture, Shape, TextItem
from .legibility import MIN_CONTRAST, ink_box

Part = tuple[str, tuple[Item, ...]]
FILL_SHARE = 0.2  # a filled shape covering this share of the face is a ground: lightened
ART_SHARE = 0.5  # a picture covering this share of the face is a printed ground: lightened (translucent)
ICON_CONTRAST = 3.0  # WCAG 2's minimum for graphics
BLACK: RGB = (0.0, 0.0, 0.0)


@dataclass(frozen=True)
class SaverPlan:
    drop: frozenset[str] = frozenset()
    lighten: frozenset[str] = frozenset()
    keep: frozenset[str] = frozenset()
    background: str = "lighten"
    amount: float = 0.3

    @classmethod
    def of(cls, layout: object) -> "SaverPlan":
        spec = getattr(layout, "saver", None)
        if spec is None:
            return cls()
        return cls(frozenset(spec.drop), frozenset(spec.lighten), frozenset(spec.keep), spec.background, spec.amount)

    def tint(self, colour: RGB) -> RGB:
        """`colour` at `amount` of its ink: mixed towards white paper."""
        r, g, b = (1.0 - (1.0 - c) * self.amount for c in colour)
        return r, g, b


def saved(face: Face, groups: Sequence[tuple[str | None, Sequence[Part]]], plan: SaverPlan
          ) -> tuple[Face, list[Part]]:
    """`groups`: the face's layers as their elements' parts (`(key, parts)`: a shared layer's key,
    or None for one element of this face alone)."""
    area = max(face.width * face.height, 1e-9)
    background = face.background
    if background is not None and plan.background != "keep":
        background = None if plan.background == "drop" else plan.tint(background)
    before = [part for _, parts in groups for part in parts]
    flat = [(name, _element(name, items, plan, area)) for name, items in before]
    flat, recoloured = _legible(flat, background, before, face.background)
    layers, at = [], 0
    for key, parts in groups:
        mine = flat[at:at + len(parts)]
        at += len(parts)
        if key is not None:
            mark = ",".join(name for name, _ in mine if name in recoloured)
            key = f"{key}~saver" + (f":{mark}" if mark else "")
        layers.append((key, tuple(i for _, items in mine for i in items)))
    return replace(face, layers=tuple(layers), background=background), flat


def _element(name: str, items: tuple[Item, ...], plan: SaverPlan, area: float) -> tuple[Item, ...]:
    if name in plan.keep or not items:
        return items
    if name in plan.drop:
        return ()
    if name in plan.lighten or _filled(items) >= FILL_SHARE * area or _art(items) >= ART_SHARE * area:
        return tuple(_lightened(i, plan) for i in items)
    return items


def _filled(items: Iterable[Item]) -> float:
    """The area an element's fills cover (overlaps counted twice: a panel on a panel is ink twice)."""
    return sum(abs(i.w * i.h) for i in items if type(i) is Shape and i.fill is not None and i.kind != "line")


def _art(items: Iterable[Item]) -> float:
    return max((abs(i.w * i.h) for i in items if type(i) is Picture and i.kind != "icon"), default=0.0)


def _lightened(item: Item, plan: SaverPlan) -> Item:
    if type(item) is Shape and item.fill is not None and item.kind != "line":
        return replace(item, fill=plan.tint(item.fill), opacity=item.opacity)
    if type(item) is Picture and item.kind != "icon":
        return replace(item, opacity=item.opacity * plan.amount)
    return item


def _legible(parts: list[Part], background: RGB | None, before: list[Part], was: RGB | None
             ) -> tuple[list[Part], set[str]]:
    """Texts and icons that no longer read on their ground take black ink, where black reads;
    `before`: the same parts on the full-ink print (`was` its background), how well each read there."""
    below: list[Item] = []
    below_before: list[Item] = []
    out: list[Part] = []
    recoloured: set[str] = set()
    for (name, items), (_, original) in zip(parts, before):
        new = []
        aligned = len(items) == len(original)  # (else dropped: nothing of it is judged)
        for k, item in enumerate(items):
            fixed = _reread(item, below, background, original[k] if aligned else None, below_before, was)
            if fixed is not item:
                recoloured.add(name)
            new.append(fixed)
            below.append(fixed)
            if aligned:
                below_before.append(original[k])
        if not aligned:
            below_before += original
        out.append((name, tuple(new)))
    return out, recoloured


def _reread(item: Item, below: list[Item], background: RGB | None, old: Item | None = None,
            old_below: Sequence[Item] = (), was: RGB | None = None) -> Item:
    if type(item) is TextItem:  # (a text of inline icons alone: judged as icons, over its box)
        box, colour, least = ink_box(item), item.color, MIN_CONTRAST
        if box is None:
            box, least = (item.x, item.y, item.x + item.w, item.y + item.h), ICON_CONTRAST
    elif type(item) is Picture and item.kind == "icon" and item.color is not None:
        box, colour, least = (item.x, item.y, item.x + item.w, item.y + item.h), item.color, ICON_CONTRAST
    else:
        return item
    if box is None or colour == BLACK:
        return item
    colours = [g for g in grounds(box, below, background) if g is not None]
    now = min((contrast_ratio(colour, g) for g in colours), default=least)
    if now >= least - 1e-9:
        return item
    if old is not None:  # as faint on the full-ink print: by design, kept so
        then = [g for g in grounds(box, old_below, was) if g is not None]
        if then and min(contrast_ratio(colour, g) for g in then) <= now + 1e-6:
            return item
    if min(contrast_ratio(BLACK, g) for g in colours) < least:
        return item  # black does not read there either: left to the contrast check
    return replace(item, color=BLACK)


def saver_problems(layouts: Iterable[object], ref: Callable[..., Ref]) -> list[Problem]:
    """An element named in a layout's `saver` lists that the layout does not have, at its line."""
    out = []
    for layout in layouts:
        spec = getattr(layout, "saver", None)
        if spec is None:
            continue
        names = list(getattr(layout, "elements", {}))
        for key in ("drop", "lighten", "keep"):
            for index, name in enumerate(getattr(spec, key)):
                if name not in names:
                    hint = suggest(name, names)
                    out.append(Problem(f"no element {name!r} in this layout" + (f" (did you mean {hint!r}?)" if hint
                                                                                  else ""),
                                       f"layout {getattr(layout, 'name', '')!r}, saver.{key}",
                                       ref(getattr(layout, "name", ""), "saver", key, index)))
    return out
