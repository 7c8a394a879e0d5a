"""The component table: every kind of component a kit's run lays out and draws, in the order drawn.

Contract: `KINDS` maps a kind's name to its `Kind`: `of(kit)`, the kit's components of that kind
in the kit's order; `draw(ctx, component)`, which lays the component out and draws it through the
`KitContext` (one module per kind: deck.py with gutters.py, sheet.py with tiled.py, tuckbox.py);
`shows(kit, component)`, what its pages show of its own model and the layouts they use (what a memo of
components fingerprints, `memo.Shown`); `remembered`, whether a memo may recall it (a rulebook,
whose figures show every other component, is drawn on every run, after them). `parts(kit)` lists
the kit's components as `memo.Part`s, kind by kind in the table's order. A new kind of component is
a module with those three functions and one entry here. The rulebook's module (the Markdown
reader, the typesetter, the booklet: a third of a build's imports) is imported by the first
rulebook drawn (`_rulebook`): a kit without one does not load it.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Callable, Sequence

from ..model.kit import Kit
from . import deck, sheet, tuckbox
from .context import KitContext
from .memo import Part, Shown


@dataclass(frozen=True)
class Kind:
    """A kind of component: the kit's components of that kind, how one is drawn and what it shows, and
    whether a resident remembers it."""

    of: Callable[[Kit], Sequence[Any]]
    draw: Callable[[KitContext, Any], None]
    shows: Callable[[Kit, Any], Shown]
    remembered: bool = True


def _rulebook(name: str) -> Callable[..., Any]:
    """`pipeline.rulebook`'s function `name`, imported when first called."""
    def call(*args: Any) -> Any:
        from . import rulebook

        return getattr(rulebook, name)(*args)
    return call


KINDS: dict[str, Kind] = {
    "deck": Kind(lambda kit: kit.decks, deck.draw_deck, deck.shown),
    "sheet": Kind(lambda kit: kit.sheets, sheet.draw_sheet, sheet.shown),
    "tuckbox": Kind(tuckbox.held_boxes, tuckbox.draw_tuckbox, tuckbox.shown),
    "rulebook": Kind(lambda kit: kit.rulebooks, _rulebook("draw_rulebook"), _rulebook("shown"), remembered=False),
}


def parts(kit: Kit) -> list[Part]:
    return [Part(name, component.name, component, partial(kind.shows, kit, component))
            for name, kind in KINDS.items() for component in kind.of(kit)]
