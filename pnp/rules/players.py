"""A kit's player range, held to what its material prints and what its rules model plays.

Contract: `column_seats(kit)` gives a `Seats` for each component whose layout prints a table with
player columns (a column marked `per_player: true`, repeated once per player): the component seats
at most that many players (the fewest of its tables). `player_problems(kit, seats)` holds the
game's `players: {min, max}` to every `Seats` (those and the model's own, `RulesModel.seats`): a
maximum above one's `high` is a problem at `players.max`, a minimum below one's `low` at
`players.min`, each naming what limits it and proposing the bound.
"""
from __future__ import annotations

from ..errors import Problem
from ..model.kit import Kit
from .base import Seats


def column_seats(kit: Kit) -> list[Seats]:
    out = []
    for kind, name, layout_names in _components(kit):
        found = [(sum(c.repeat for c in element.columns if c.per_player), layout, key)
                 for layout in (kit.layouts.get(n) for n in layout_names) if layout is not None
                 for key, element in layout.elements.items()
                 if element.type == "table" and any(c.per_player for c in element.columns)]
        if found:
            columns, layout, key = min(found, key=lambda f: f[0])
            out.append(Seats(f"the {kind} {name!r} prints {columns} player column{'s' if columns != 1 else ''} "
                             f"(layout {layout.name!r}, element {key!r})", high=columns))
    return out


def _components(kit: Kit) -> list[tuple[str, str, list[str]]]:
    """(kind, name, the layouts it is drawn with) of every sheet and deck of the kit."""
    out = [("sheet", sheet.name, [sheet.spec.layout]) for sheet in kit.sheets]
    for deck in kit.decks:
        names = {name for card in deck.cards for name in (card.layout, card.back) if name}
        out.append(("deck", deck.name, sorted(names)))
    return out


def player_problems(kit: Kit, seats: list[Seats]) -> list[Problem]:
    players, ref = kit.game.players, kit.game_ref.child("players")
    out = []
    for seat in seats:
        if seat.high is not None and players.max > seat.high:
            out.append(Problem(f"the game allows up to {players.max} players, but {seat.what}", "players.max",
                               ref.child("max"), got=players.max, suggestion=str(seat.high)))
        if seat.low is not None and players.min < seat.low:
            out.append(Problem(f"the game allows {players.min} player{'s' if players.min > 1 else ''}, but {seat.what}",
                               "players.min",
                               ref.child("min"), got=players.min, suggestion=str(seat.low)))
    return out
