"""Placement rules of the six places: which placements are legal on a card, and what they do.

Contract: a `CardState` is a place card with the pawns on it (cell position -> player name).
`legal_placements(state, player)` lists every legal `Placement` of one pawn by `player`, with its
cost in weeks; `place(state, placement)` returns the new state (raising `IllegalPlacement` for a
placement not in that list). For play-outs, `decisions(state, player)` lists them with one decision
per expulsion (its destination chosen afterwards among `destinations(state)`; `expels(state,
decision)` tells such a decision: only the boulodrome expels, the église pushes pawns up and the
médecin's queue steps back), and `apply` places without checking again. Pure functions: states are never mutated. Costs only count what the
card asks; whether the player has the time and a pawn left is the game's business (playout.py).

Conventions: positions are (row, col) from the top left of the grid; "reading order" is rows top
to bottom, each left to right (the marché line and the médecin queue, front first). A cell whose
needed cost is missing is not offered (check.py reports it).

Decisions applied (decisions.py, cited where applied): `mairie_cells` (one pawn a cell, at every
place), `medecin_pawns` (one pawn per player at the médecin; jumping patients), `boulodrome_expel`.
"""
from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Callable, Mapping

from .places import Cell, PlaceCard, Pos

# rules: Le boulodrome — "expulser un pion adverse d'une case en payant son coût normal + 3 de plus"
EXPEL_EXTRA_WEEKS = 3
# rules: Le médecin — "la première case vide de la file d'attente pour 1. Ou doublez des patients
# (+1 par patient doublé)"
DOCTOR_WEEKS = 1
JUMP_WEEKS = 1


class IllegalPlacement(ValueError):
    """A placement the card's rule does not allow in this state."""


@dataclass(frozen=True)
class Placement:
    """One pawn of `player` put on `pos` for `weeks`; `expel_to`: where the expelled pawn goes."""

    player: str
    pos: Pos
    weeks: int
    expel_to: Pos | None = None


@dataclass(frozen=True)
class CardState:
    """A place card and the pawns standing on it."""

    card: PlaceCard
    pawns: Mapping[Pos, str]

    @classmethod
    def of(cls, card: PlaceCard, pawns: Mapping[Pos, str] | None = None) -> "CardState":
        return cls(card, MappingProxyType(dict(pawns or {})))

    def empty_cells(self) -> list[Cell]:
        return [cell for cell in self.card.cells() if cell.pos not in self.pawns]

    def players(self) -> set[str]:
        return set(self.pawns.values())

    def pawns_of(self, player: str) -> list[Pos]:
        return [pos for pos, owner in self.pawns.items() if owner == player]

    def with_pawns(self, pawns: dict[Pos, str]) -> "CardState":
        return CardState.of(self.card, pawns)


def legal_placements(state: CardState, player: str) -> list[Placement]:
    """Every legal placement of one pawn of `player` on the card."""
    # rules: Signification des icônes — "Un joueur ne peut poser qu'un seul cube par joueur sur la carte"
    if state.card.one_pawn and player in state.players():
        return []
    return _OFFERS[state.card.place](state, player)


def place(state: CardState, placement: Placement) -> CardState:
    """The state after `placement` (which must be legal)."""
    if placement not in legal_placements(state, placement.player):
        raise IllegalPlacement(f"{placement} is not legal on {state.card.place}")
    return _EFFECTS.get(state.card.place, _put)(state, placement)


def decisions(state: CardState, player: str) -> list[Placement]:
    """The player's decisions on the card: `legal_placements` with one decision per pawn to expel
    (its `expel_to` None: where the pawn goes is chosen afterwards, among `destinations`), so that
    each expulsion weighs as one decision, not one per empty cell."""
    if state.card.place != "boulodrome":
        return legal_placements(state, player)
    if state.card.one_pawn and player in state.players():
        return []
    expels = [Placement(player, cell.pos, cell.weeks + EXPEL_EXTRA_WEEKS) for cell in state.card.cells()
              if state.pawns.get(cell.pos) not in (None, player) and cell.weeks is not None]
    return _any_empty(state, player) + (expels if state.empty_cells() else [])


def expels(state: CardState, decision: Placement) -> bool:
    """True for a decision of `decisions` that expels a pawn, whose destination is still to choose."""
    return (state.card.place == "boulodrome" and decision.expel_to is None
            and state.pawns.get(decision.pos) not in (None, decision.player))


def destinations(state: CardState) -> list:
    """Where an expelled pawn may go: the card's empty cells (rules: Le boulodrome)."""
    return [cell.pos for cell in state.empty_cells()]


def apply(state: CardState, placement: Placement) -> CardState:
    """The state after a placement taken from `decisions` (an expulsion with its destination set):
    `place` without checking it again."""
    return _EFFECTS.get(state.card.place, _put)(state, placement)


def cheapest(state: CardState, player: str) -> Placement | None:
    offers = legal_placements(state, player)
    return min(offers, key=lambda offer: offer.weeks) if offers else None


def _any_empty(state: CardState, player: str) -> list[Placement]:
    # rules: La mairie — "Poser un pion sur n'importe quelle case"; Le bar PMU — "Positionnez vos
    # pions sur n'importe quelle case vide"; Le boulodrome — "la case vide de votre choix"
    # (decision: mairie_cells — an empty cell)
    return [Placement(player, cell.pos, cell.weeks) for cell in state.empty_cells() if cell.weeks is not None]


def _eglise(state: CardState, player: str) -> list[Placement]:
    # rules: L'église — "Choisissez un rang (une colonne sur la carte), placez votre pion sur la
    # dernière case et payez [...] Si un rang (une colonne) est plein vous ne pouvez plus y accéder."
    return [Placement(player, column[-1].pos, column[-1].weeks) for column in state.card.columns()
            if column[-1].weeks is not None and any(cell.pos not in state.pawns for cell in column)]


def _marche(state: CardState, player: str) -> list[Placement]:
    # rules: Le marché — "Placez votre pion sur la première case libre"
    empty = state.empty_cells()
    if not empty or empty[0].weeks is None:
        return []
    return [Placement(player, empty[0].pos, empty[0].weeks)]


def _boulodrome(state: CardState, player: str) -> list[Placement]:
    # rules: Le boulodrome — "Vous pouvez aussi expulser un pion adverse d'une case en payant son
    # coût normal + 3 de plus et replacez le pion sur une case vide. S'il n'y a plus de case vide
    # sur la carte, on ne peut plus expulser de pions d'une case." (decision: boulodrome_expel)
    empty = [cell.pos for cell in state.empty_cells()]
    expels = [Placement(player, cell.pos, cell.weeks + EXPEL_EXTRA_WEEKS, to)
              for cell in state.card.cells() if state.pawns.get(cell.pos) not in (None, player)
              and cell.weeks is not None for to in empty]
    return _any_empty(state, player) + expels


def _medecin(state: CardState, player: str) -> list[Placement]:
    # rules: Le médecin — "Placez votre pion dans la première case vide de la file d'attente pour 1.
    # Ou doublez des patients (+1 par patient doublé)" (decision: medecin_pawns)
    queue, waiting = state.card.cells(), _queue_length(state)
    if waiting >= len(queue):
        return []
    return [Placement(player, queue[i].pos, DOCTOR_WEEKS + JUMP_WEEKS * (waiting - i)) for i in range(waiting + 1)]


def _queue_length(state: CardState) -> int:
    """Patients waiting: the queue fills from its front, without gaps."""
    return sum(1 for cell in state.card.cells() if cell.pos in state.pawns)


def _put(state: CardState, placement: Placement) -> CardState:
    return state.with_pawns({**state.pawns, placement.pos: placement.player})


def _push_up(state: CardState, placement: Placement) -> CardState:
    # rules: L'église — "S'il y a déjà des cubes sur cette colonne, poussez les vers le haut de la
    # carte d'une case."
    column = next(col for col in state.card.columns() if col[-1].pos == placement.pos)
    pawns = {pos: owner for pos, owner in state.pawns.items() if pos not in {c.pos for c in column}}
    owners = [state.pawns[cell.pos] for cell in column if cell.pos in state.pawns] + [placement.player]
    for cell, owner in zip(column[len(column) - len(owners):], owners):
        pawns[cell.pos] = owner
    return state.with_pawns(pawns)


def _expel(state: CardState, placement: Placement) -> CardState:
    pawns = dict(state.pawns)
    if placement.expel_to is not None:
        pawns[placement.expel_to] = pawns[placement.pos]
    pawns[placement.pos] = placement.player
    return state.with_pawns(pawns)


def _jump_queue(state: CardState, placement: Placement) -> CardState:
    # rules: Le médecin — "doublez des patients": the jumped patients step back one cell
    # (decision: medecin_pawns)
    queue = [cell.pos for cell in state.card.cells()]
    owners = [state.pawns[pos] for pos in queue if pos in state.pawns]
    owners.insert(queue.index(placement.pos), placement.player)
    return state.with_pawns(dict(zip(queue, owners)))


_OFFERS: dict[str, Callable[[CardState, str], list[Placement]]] = {
    "eglise": _eglise, "mairie": _any_empty, "bar": _any_empty,
    "marche": _marche, "boulodrome": _boulodrome, "medecin": _medecin,
}
_EFFECTS: dict[str, Callable[[CardState, Placement], CardState]] = {
    "eglise": _push_up, "boulodrome": _expel, "medecin": _jump_queue,
}
