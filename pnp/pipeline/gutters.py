"""Gutters: whether a deck's cards get a gap of twice their bleed between columns, between rows.

Contract: `deck_gutters(kit, deck, backs, bleed, ahead)` returns `(between columns, between rows)`
for `layout.imposition.SheetSpec.gutter`. A deck's `imposition: {gutter: true | false}` decides for
both; `auto` (the default) gives a gutter where two cards could meet with edges unlike each other:
the fronts (and the backs, when they are printed) are laid out, one card for each different way
the elements near its edges are filled (`layout.edges.edge_elements`: the values they read, their
conditions), and their edge profiles compared (`layout.edges.edges_differ`). Without bleed a
gutter would be no gap: none is looked for. Faces are laid out by `ahead(card, layout)`, the
deck's (deck.py keeps them for the sheet that draws them: laid out, and their problems told, once).
"""
from __future__ import annotations

from typing import Callable

from ..layout.edges import Profile, edge_elements, edge_profile, edges_differ
from ..layout.face import template_fields
from ..layout.items import Face
from ..model.kit import Card, Deck, Kit
from ..model.layout import Layout
from .faces import card_values

Ahead = Callable[[Card, str], Face]  # a card's face in a layout, laid out before its sheet


def deck_gutters(kit: Kit, deck: Deck, backs: str, bleed: float, ahead: Ahead) -> tuple[bool, bool]:
    setting = deck.spec.imposition.gutter
    if setting != "auto":
        return (bool(setting), bool(setting))
    if bleed <= 0 or not deck.cards:
        return (False, False)
    sides = ("layout", "back") if backs != "none" else ("layout",)
    found = [edges_differ(_profiles(kit, deck, side, ahead)) for side in sides]
    return (any(f[0] for f in found), any(f[1] for f in found))


def _profiles(kit: Kit, deck: Deck, side: str, ahead: Ahead) -> list[Profile]:
    """One edge profile per different way the cards of `deck` fill their edges on `side`."""
    seen: set[tuple[str, ...]] = set()
    fields: dict[str, tuple[str, ...]] = {}  # layout name -> the values its edge elements read
    out: list[Profile] = []
    for card in deck.cards:
        name = getattr(card, side)
        if not name:
            continue
        if name not in fields:
            fields[name] = _edge_fields(kit.layouts[name])
        values = card_values(kit, deck, card)
        key = (name,) + tuple(repr(values.get(f)) for f in fields[name])
        if key in seen:
            continue
        seen.add(key)
        out.append(edge_profile(ahead(card, name)))
    return out


def _edge_fields(layout: Layout) -> tuple[str, ...]:
    """The values the elements near the layout's edges read, in their templates and conditions."""
    fields: set[str] = set()
    for element in edge_elements(layout, *layout.card_size()):
        found = layout.elements[element]
        fields.update(template_fields(found))
        fields.update((found.when or {}).keys(), (found.unless or {}).keys())
    return tuple(sorted(fields))
