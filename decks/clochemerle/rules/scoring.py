"""Scoring of the six places, of a row of place cards at the end of a quarter, and of the year.

Contract: `place_points(state, die)` gives each player present the unsigned reputation the card
gives (the rules of its place); `card_score(state, die, sign, players)` applies the event card's
sign and the malus for absent players and returns a `CardScore`; `row_score(...)` adds the six
cards of a row, times the quarter's factor (2 for the last quarter); `time_penalty(missing)` is
the reputation lost for overshooting "fin". Pure functions on `CardState` (placement.py).

Decisions applied (decisions.py, cited where applied): `eglise_score`, `mairie_ties`, `bar_score`,
`malus`, `time_penalty`. A full crowd past the end of the bar's table uses its last value.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

from .placement import CardState
from .places import EventCard, Pos

# rules: La mairie — "Seul le joueur [...] majoritaire gagne des points (le dé + un bonus de 10 points)"
MAIRIE_BONUS = 10


@dataclass(frozen=True)
class CardScore:
    """Reputation from one card: signed place points and malus, per player (0 when nothing)."""

    points: Mapping[str, int]
    malus: Mapping[str, int]

    def total(self, player: str) -> int:
        return self.points.get(player, 0) + self.malus.get(player, 0)


@dataclass(frozen=True)
class RowScore:
    """Reputation from a row at a scoring, already multiplied by the quarter's factor."""

    places: Mapping[str, Mapping[str, int]]  # place -> player -> points
    malus: Mapping[str, int]
    factor: int

    def total(self, player: str) -> int:
        return sum(points.get(player, 0) for points in self.places.values()) + self.malus.get(player, 0)


def place_points(state: CardState, die: int) -> dict[str, int]:
    """Unsigned reputation of each player present on the card (the rule of its place)."""
    return _POINTS[state.card.place](state, die)


def card_score(state: CardState, die: int, sign: int, players: Iterable[str]) -> CardScore:
    """Signed points of the card and the malus of the absent players."""
    # rules: Signification des icônes — "en fonction de la carte clochemerle ces points sont
    # positifs ou négatifs"
    points = {player: sign * value for player, value in place_points(state, die).items()}
    return CardScore(points, absent_malus(state, players))


def absent_malus(state: CardState, players: Iterable[str]) -> dict[str, int]:
    # rules: Signification des icônes — "Malus de points appliqué à tous les joueurs qui n'ont pas
    # de pion sur cette carte lors du décompte (ce sont toujours des points négatifs, quelle que
    # soit la carte clochemerle en jeu)" (decision: malus — never signed, doubled with the rest)
    if not state.card.malus:
        return {}
    present = state.players()
    return {player: -abs(state.card.malus) for player in players if player not in present}


def row_score(states: Sequence[CardState], dice: Sequence[int], event: EventCard,
              players: Iterable[str], factor: int = 1) -> RowScore:
    """Score a row of place cards with its dice and event card, times `factor`."""
    players = list(players)
    places: dict = {}
    malus: Counter[str] = Counter()
    for state, die in zip(states, dice, strict=True):
        score = card_score(state, die, event.sign(state.card.place), players)
        places[state.card.place] = {player: factor * value for player, value in score.points.items()}
        malus.update({player: factor * value for player, value in score.malus.items()})
    return RowScore(places, dict(malus), factor)


def quarter_factor(quarter: int, quarters: int = 4) -> int:
    # rules: Principe des décomptes — "Les points du dernier trimestre sont doublés."
    return 2 if quarter == quarters else 1


def missing_weeks(position: int, weeks: int, end: int = 52) -> int:
    """Weeks past "fin" that an action of `weeks` from `position` would need."""
    # rules: Tour d'un joueur — "un joueur ne peut pas réaliser une action qui lui demande plus de
    # temps que celui dont il dispose pour arriver exactement sur la case « fin »"
    return max(0, position + weeks - end)


def time_penalty(missing: int) -> int:
    """Reputation (<= 0) for `missing` weeks: -1, -3, -6, -10 ... (cumulative)."""
    # rules: Tour d'un joueur — "sauf à recevoir des points de réputation négatifs (1 pour la
    # première semaine manquante ; 2 pour la deuxième semaine manquante ; 3 pour la troisième
    # semaine manquante etc)" (decision: time_penalty — cumulative)
    missing = max(0, missing)
    return -(missing * (missing + 1) // 2)  # 1 + 2 + ... + missing


def _eglise(state: CardState, die: int) -> dict[str, int]:
    # rules: L'église — "Chaque joueur marque les points indiqués par le dé auxquels s'ajoutent les
    # points des lignes où figurent ses pions multiplié par le nombre de pions présents."
    # (decision: eglise_score)
    out = {}
    for player in state.players():
        mine = state.pawns_of(player)
        out[player] = (die + sum(_points(state, pos) for pos in mine)) * len(mine)
    return out


def _mairie(state: CardState, die: int) -> dict[str, int]:
    # rules: La mairie — "Seul le joueur qui a le plus de pions posé sur la carte (le joueur
    # majoritaire) gagne des points (le dé + un bonus de 10 points)."
    return {player: die + MAIRIE_BONUS for player in mairie_majority(state)}


def mairie_majority(state: CardState) -> set[str]:
    """The player(s) scoring at the mairie: most pawns; tied, the highest pawn; still tied, the most
    pawns in each row below it, from the top down."""
    # rules: La mairie — "Si deux joueurs ou plus ont le même nombre de pions posés, c'est le joueur qui a
    # un pion posé le plus en haut de la carte qui gagne la majorité. Si malgré tous les joueurs sont
    # encore ex equo, on regarde la composition de la ligne d'en dessous celui qui a le plus de pions
    # gagne la majorité, et ainsi de suite. Si malgré tout les joueurs sont ex equo, ils marquent chacun
    # les points de la carte" (decision: mairie_ties)
    keys = {player: _mairie_key(state, player) for player in state.players()}
    best = max(keys.values(), default=None)
    return {player for player, key in keys.items() if key == best}


def _mairie_key(state: CardState, player: str) -> tuple[int, ...]:
    """(pawns, minus the row of the highest pawn, pawns in each row below it): the greater wins."""
    pawns = state.pawns_of(player)
    top = min(row for row, _ in pawns)
    below = tuple(_in_row(state, player, row) for row in range(top + 1, len(state.card.grid)))
    return (len(pawns), -top) + below


def _in_row(state: CardState, player: str, row: int) -> int:
    return sum(1 for pos in state.pawns_of(player) if pos[0] == row)


def _bar(state: CardState, die: int) -> dict[str, int]:
    # rules: Le bar PMU — "Les points de réputation gagnés dépendent directement du nombre de cases
    # occupées sur la carte au moment du décompte auxquels s'ajoutent les points de base du dé"
    # (decision: bar_score)
    value = crowd_value(state.card.crowd, len(state.pawns))
    return {player: die + value for player in state.players()}


def crowd_value(crowd: Sequence[int], occupied: int) -> int:
    """The bar's value for `occupied` cells (the table lists 1, 2, 3 ... occupied cells)."""
    if occupied <= 0 or not crowd:
        return 0
    return crowd[min(occupied, len(crowd)) - 1]


def _cells_points(state: CardState, die: int) -> dict[str, int]:
    # rules: Le marché, Le médecin — "Le joueur marque les points indiqués par le dé plus les points
    # de la case où il a posé son pion"; Le boulodrome — "plus les points de la ou des cases où il
    # a posé ses pions."
    return {player: die + sum(_points(state, pos) for pos in state.pawns_of(player))
            for player in state.players()}


def _points(state: CardState, pos: Pos) -> int:
    return state.card.cell(pos).points or 0


_POINTS: dict[str, Callable[[CardState, int], dict[str, int]]] = {
    "eglise": _eglise, "mairie": _mairie, "bar": _bar,
    "marche": _cells_points, "boulodrome": _cells_points, "medecin": _cells_points,
}
