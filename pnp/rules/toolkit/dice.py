"""Dice a kit prints as fold-up nets, counted against the dice the game uses.

Contract: `printed_nets(kit, art)` counts, for each sheet of the kit, the dice nets its pages print:
each `dienets` element shown on a page (its `count`, a number or a `{field}` of the page), and each
`svg` element shown on a page whose `src` is one of `art` (a kit's own drawing of one net). An
element is shown on a page when its `when` conditions hold for the page's fields and none of its
`unless` ones does. `net_problems(kit, dice, art, rule)` is the problem of a kit that prints nets
for other than `dice` dice (a kit that prints none leaves the dice to the players), at the sheet's
layout line. Standard library only, no game named: a model passes its dice and its art.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

from ...core.errors import Problem, Ref

if TYPE_CHECKING:  # pragma: no cover
    from ...model.kit import Kit


@dataclass(frozen=True)
class Nets:
    """The dice nets one sheet prints, and where its layout is named."""

    sheet: str
    layout: str
    count: int
    ref: Ref


def printed_nets(kit: "Kit", art: tuple[str, ...] = ()) -> list[Nets]:
    out = []
    for sheet in kit.sheets:
        layout = kit.layouts.get(sheet.spec.layout)
        if layout is None:
            continue
        count = sum(_on_page(element, page.fields) for page in sheet.pages for element in layout.elements.values()
                    if element is not None and _is_net(element, art))
        if count:
            out.append(Nets(sheet.name, layout.name, count, sheet.ref.child("layout")))
    return out


def _is_net(element: object, art: tuple[str, ...]) -> bool:
    kind = getattr(element, "type", None)
    return kind == "dienets" or (kind == "svg" and getattr(element, "src", None) in art)


def _on_page(element: object, fields: Mapping[str, object]) -> int:
    """How many nets the element prints on a page with these fields (0 when a condition hides it)."""
    when, unless = getattr(element, "when", None) or {}, getattr(element, "unless", None) or {}
    if not all(_holds(fields.get(k), v) for k, v in when.items()) or any(_holds(fields.get(k), v)
                                                                      for k, v in unless.items()):
        return 0
    if getattr(element, "type", None) != "dienets":
        return 1
    count = getattr(element, "count", 1)
    if isinstance(count, str) and count.startswith("{") and count.endswith("}"):
        count = fields.get(count[1:-1], 0)
    return count if isinstance(count, int) and not isinstance(count, bool) else 0


def _holds(value: object, wanted: object) -> bool:
    return value in wanted if isinstance(wanted, list) else value == wanted


def net_problems(kit: "Kit", dice: int, art: tuple[str, ...] = (), rule: str = "") -> list[Problem]:
    """Sheets whose nets are not `dice` dice: the game is played with `dice` (the rule quoted)."""
    said = f" ({rule})" if rule else ""
    return [Problem(f"the sheet prints {found.count} dice net{'s' if found.count != 1 else ''} (layout "
                    f"{found.layout!r}), but the game is played with {dice} dice{said}", f"sheet {found.sheet!r}",
                    found.ref, got=found.count, suggestion=str(dice))
            for found in printed_nets(kit, art) if found.count != dice]


__all__ = ["Nets", "printed_nets", "net_problems"]
