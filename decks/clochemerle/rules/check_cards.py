"""Checks of one place card: its cells, icons, malus, texts, and a legal placement for everyone.

Contract: `check_place_card(card, where, params)` returns the problems of one card (`where` is
"place card 'eglise' #2"); each problem's `ref` points at the offending value inside the card's
entry when the card carries a ref. The inventory across cards is check.py's.

The start-of-quarter invariant: when a row is turned up, its cards are empty, and every player may
want to visit each place once. So for each player count n of 3-6, n players in turn each put one
pawn on the empty card (the cheapest legal placement): each of them must find one. A card with no
legal cell fails for the first player; a one-pawn card (marché, médecin) or a boulodrome needs at
least n cells. The longest action of a card must fit in a quarter (`quarter_fit`).
"""
from __future__ import annotations

import re
from typing import Any

from pnp.rules import Problem
from .params import Params
from .placement import DOCTOR_WEEKS, EXPEL_EXTRA_WEEKS, JUMP_WEEKS, CardState, cheapest, place
from .places import PLACES, Cell, PlaceCard
from .scoring import MAIRIE_BONUS
from .shape import at
from .supply import longest_action, queue_jump

RULE_TEXT_MAX = 120
# the rule constants a card's rule text may print (tables.py prints them as `{rules.NAME}`)
_CONSTANTS = {"mairie_bonus": MAIRIE_BONUS, "expel_weeks": EXPEL_EXTRA_WEEKS, "doctor_weeks": DOCTOR_WEEKS,
              "jump_weeks": JUMP_WEEKS}
_TEMPLATE = re.compile(r"\{rules\.(\w+)(?:\|plural:([^:{}|]*):([^:{}|]*))?\}")
_NO_POINTS = {"mairie": "scores dé + 10 for the majority", "bar": "scores dé + the value of the crowd"}


def check_place_card(card: PlaceCard, where: str, params: Params) -> list[Problem]:
    return [*_texts(card, where), *_icons(card, where), *_malus(card, where), *_cells(card, where, params),
            *_crowd(card, where), *_columns(card, where), *start_placements(card, where, params),
            *quarter_fit(card, where, params)]


def _problem(card: PlaceCard, where: str, what: str, *path: Any, **kw: Any) -> Problem:
    return Problem(what, where, at(card.ref, *path), **kw)


def _texts(card: PlaceCard, where: str) -> list[Problem]:
    out = []
    if card.name != PLACES[card.place]:
        out.append(_problem(card, where, "name differs from the place's name in the rules", "name",
                            got=card.name, suggestion=PLACES[card.place], severity="warning"))
    if not card.rule.strip():
        out.append(_problem(card, where, "has no rule text (the placement and scoring rule of the place)"))
    elif len(printed(card.rule)) > RULE_TEXT_MAX:
        out.append(_problem(card, where, f"rule text has {len(printed(card.rule))} characters, more than "
                            f"{RULE_TEXT_MAX}: it will not fit the card", "rule", severity="warning"))
    return out


def printed(rule: str) -> str:
    """A rule text as the card prints it: its `{rules.NAME}` constants written out (with `plural`)."""
    def value(match: re.Match[str]) -> str:
        number = _CONSTANTS.get(match.group(1))
        if number is None:
            return match.group(0)
        word = "" if match.group(2) is None else f" {match.group(2) if number <= 1 else match.group(3)}"
        return f"{number}{word}"
    return _TEMPLATE.sub(value, rule)


def _icons(card: PlaceCard, where: str) -> list[Problem]:
    # rules: Signification des icônes — one pawn / several pawns, malus, bonus of a cell, time spent
    wanted = {"one_pawn": card.one_pawn, "several_pawns": not card.one_pawn, "malus": bool(card.malus),
              "cell_bonus": any(cell.points is not None for cell in card.cells()), "time_cost": True}
    out = []
    for icon, needed in wanted.items():
        if needed and icon not in card.icons:
            out.append(_problem(card, where, f"does not show the {icon!r} icon its rules need", "icons"))
        elif not needed and icon in card.icons:
            out.append(_problem(card, where, f"shows the {icon!r} icon, which does not apply to it", "icons"))
    return out


def _malus(card: PlaceCard, where: str) -> list[Problem]:
    # rules: Signification des icônes — "ce sont toujours des points négatifs"
    if card.malus is not None and card.malus >= 0:
        return [_problem(card, where, "malus must be negative (the malus of absent players is always "
                         "negative reputation)", "malus", got=card.malus, suggestion=str(-abs(card.malus) or -1))]
    return []


def _cells(card: PlaceCard, where: str, params: Params) -> list[Problem]:
    paid = _paid_cells(card)
    out = []
    for cell in card.cells():
        out += _cell_weeks(card, cell, cell.pos in paid, where, params) + _cell_points(card, cell, where)
    return out


def _paid_cells(card: PlaceCard) -> set:
    """Cells whose printed weeks the rules charge."""
    if card.place == "medecin":  # rules: Le médecin — the cost is 1 + 1 per patient jumped
        return set()
    if card.place == "eglise":  # rules: L'église — "placez votre pion sur la dernière case et payez"
        return {column[-1].pos for column in card.columns()}
    return {cell.pos for cell in card.cells()}


def _cell_weeks(card: PlaceCard, cell: Cell, paid: bool, where: str, params: Params) -> list[Problem]:
    path, name = ("grid", *cell.pos), f"cell {cell.pos}"
    if paid and cell.weeks is None:
        return [_problem(card, where, f"{name} has no time cost (weeks)", *path)]
    if not paid and cell.weeks is not None:
        return [_problem(card, where, f"{name} has a time cost that {PLACES[card.place]} never charges", *path)]
    if paid and cell.weeks is not None and not 1 <= cell.weeks <= params.weeks_per_quarter:
        return [_problem(card, where, f"{name} costs {cell.weeks} weeks: a placement costs 1 to "
                         f"{params.weeks_per_quarter} weeks (at 0 the player behind would play forever)",
                         *path, "weeks", got=cell.weeks)]
    return []


def _cell_points(card: PlaceCard, cell: Cell, where: str) -> list[Problem]:
    path, name = ("grid", *cell.pos), f"cell {cell.pos}"
    if card.place in _NO_POINTS and cell.points is not None:
        return [_problem(card, where, f"{name} has bonus points, but {PLACES[card.place]} "
                         f"{_NO_POINTS[card.place]}: they would never count", *path, "points")]
    if card.place not in _NO_POINTS and cell.points is None:
        return [_problem(card, where, f"{name} has no bonus points", *path)]
    return []


def _crowd(card: PlaceCard, where: str) -> list[Problem]:
    cells = len(card.cells())
    if card.place != "bar":
        return [_problem(card, where, "has a crowd table, which only the bar uses", "crowd")] if card.crowd else []
    if len(card.crowd) != cells:
        return [_problem(card, where, f"crowd table has {len(card.crowd)} values but the card has {cells} "
                         "cells: the bar needs one value per number of occupied cells", "crowd")]
    return []


def _columns(card: PlaceCard, where: str) -> list[Problem]:
    if card.place != "eglise":
        return []
    out = []
    for c in range(max((len(row) for row in card.grid), default=0)):
        spots = [row[c] if c < len(row) else None for row in card.grid]
        filled = [i for i, cell in enumerate(spots) if cell is not None]
        if filled and filled != list(range(filled[0], filled[-1] + 1)):
            out.append(_problem(card, where, f"rang {c + 1} has a gap: pawns pushed up could not move", "grid"))
    for r, row in enumerate(card.grid):
        if len({cell.points for cell in row if cell is not None}) > 1:
            out.append(_problem(card, where, f"row {r + 1} mixes bonus points: L'église scores the points "
                                "of the row", "grid", r, severity="warning"))
    return out


def quarter_fit(card: PlaceCard, where: str, params: Params) -> list[Problem]:
    """The longest action of the card (an expulsion, a jump over the whole queue included) fits in a
    quarter: the two set-up rows alternate by quarter, so with a longer action the first player
    could enter quarter q + 2 while the last is still in quarter q, and the row of quarter q,
    still on the table, would have to be turned up again (decision: quarter_fit)."""
    longest, quarter = longest_action(card, params.players_max), params.weeks_per_quarter
    if longest <= quarter:
        return []
    if card.place == "medecin":  # decision: medecin_queue — at most players_max - 1 patients to jump
        jumped = queue_jump(card, params.players_max)
        path: tuple[Any, ...]
        how, path = (f"jumping the longest queue that can wait ({jumped} patients, one pawn per other player) costs "
                     f"{DOCTOR_WEEKS} + {longest - DOCTOR_WEEKS}"), ("grid",)
    else:
        cell = max((c for c in card.cells() if c.weeks), key=lambda c: c.weeks or 0)
        extra = EXPEL_EXTRA_WEEKS if card.place == "boulodrome" else 0
        how = (f"expelling a pawn from cell {cell.pos} costs {cell.weeks} + {extra}" if extra
               else f"cell {cell.pos} costs {cell.weeks}")
        path = ("grid", *cell.pos, "weeks")
    return [_problem(card, where, f"{how} = {longest} weeks, more than a quarter ({quarter} weeks): the rows "
                     "alternate by quarter, so a row still on the table would have to be turned up again",
                     *path, got=longest)]


def start_placements(card: PlaceCard, where: str, params: Params) -> list[Problem]:
    """Each of n players (3-6) can put a pawn on the empty card in turn (see the docstring)."""
    for players in params.player_counts:
        served = _served(card, players)
        if served < players:
            return [_problem(card, where, _start_message(served, players), "grid")]
    return []


def _served(card: PlaceCard, players: int) -> int:
    state = CardState.of(card)
    for index in range(players):
        offer = cheapest(state, f"player {index + 1}")
        if offer is None:
            return index
        state = place(state, offer)
    return players


def _start_message(served: int, players: int) -> str:
    if served == 0:
        return "offers no legal placement at the start of a quarter (no cell a pawn can go to)"
    return (f"offers a legal placement at the start of a quarter to only {served} of {players} players: "
            "every player must be able to visit each place once a quarter")
