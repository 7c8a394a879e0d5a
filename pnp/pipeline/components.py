"""The component table: every kind of component a kit's run lays out and draws, in the order drawn.

Contract: `KINDS` maps a kind's name to its `Kind`: `of(kit)`, the kit's components of that kind
in the kit's order; `draw(ctx, component)`, which lays the component out and draws it through the
`KitContext` (one module per kind: deck.py with gutters.py, sheet.py with tiled.py, tuckbox.py);
`shows(kit, component)`, what its pages show of its own model and the layouts they use (what a memo of
components fingerprints, `memo.Shown`); `remembered`, whether a memo may recall it (a rulebook,
whose figures show every other component, is drawn on every run, after them). `parts(kit)` lists
the kit's components as `memo.Part`s, kind by kind in the table's order. A new kind of component is
a module with those three functions and one entry here.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Sequence

from ..model.kit import Kit
from . import deck, rulebook, sheet, tuckbox
from .context import KitContext
from .memo import Part, Shown


@dataclass(frozen=True)
class Kind:
    of: Callable[[Kit], Sequence[Any]]
    draw: Callable[[KitContext, Any], None]
    shows: Callable[[Kit, Any], Shown]
    remembered: bool = True


KINDS: dict[str, Kind] = {
    "deck": Kind(lambda kit: kit.decks, deck.draw_deck, deck.shown),
    "sheet": Kind(lambda kit: kit.sheets, sheet.draw_sheet, sheet.shown),
    "tuckbox": Kind(tuckbox.held_boxes, tuckbox.draw_tuckbox, tuckbox.shown),
    "rulebook": Kind(lambda kit: kit.rulebooks, rulebook.draw_rulebook, rulebook.shown, remembered=False),
}


def parts(kit: Kit) -> list[Part]:
    return [Part(name, component.name, component, partial(kind.shows, kit, component))
            for name, kind in KINDS.items() for component in kind.of(kit)]
