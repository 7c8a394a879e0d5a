"""A position of "Les aventures dans la forêt des lutins": who is where and whose turn it is.

Contract: `State` is an immutable snapshot (never mutate its `elves` dict: the move functions
return new states). An elf is `(colour, index)`; it is *home* on a start square of its colour,
*arrived* on one of its arrival squares, *in the forest* otherwise. `seats` lists the players
clockwise from the youngest (seat 0 plays first), each with its colours: one colour with 3-4
players, two at right angles with 2. `initial_state` sets the game up; `active_colour`,
`movable_elves`, `winner` and `occupancy` read a state; `position` builds a hand-made one. Legal moves live in `moves.py`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Iterable

from .board import CLOCKWISE_FROM_SOUTH, OPPOSITE, Board, Square

ElfId = tuple[str, int]
TREE = "tree"
HOME, FOREST_STATUS, ARRIVED = "home", "forest", "arrived"
ELVES_PER_COLOUR = 6


@dataclass(frozen=True)
class State:
    """Trees, elves, the turn counter and the tree locked by the previous turn."""

    board: Board
    seats: tuple[tuple[str, ...], ...]
    elves: dict[ElfId, Square] = field(hash=False)
    trees: frozenset[Square]
    turn: int = 0
    locked_tree: Square | None = None
    young: bool = False

    @property
    def player(self) -> int:
        """The seat whose turn it is."""
        return self.turn % len(self.seats)

    def owner(self, colour: str) -> int | None:
        return next((i for i, seat in enumerate(self.seats) if colour in seat), None)

    def status(self, elf: ElfId) -> str:
        square = self.elves[elf]
        if self.board.home_of(square) == elf[0]:
            return HOME
        if square in self.board.arrival(elf[0]):
            return ARRIVED
        return FOREST_STATUS

    @cached_property
    def arrived_colours(self) -> frozenset[str]:
        """The colours with elves on the board, every one of them arrived (made once per state)."""
        arrived: dict[str, bool] = {}
        for elf, square in self.elves.items():
            arrived[elf[0]] = arrived.get(elf[0], True) and square in self.board.arrival(elf[0])
        return frozenset(colour for colour, done in arrived.items() if done)

    def elves_of(self, colour: str) -> list[ElfId]:
        return [elf for elf in self.elves if elf[0] == colour]


def default_seats(board: Board, players: int) -> tuple[tuple[str, ...], ...]:
    """Seats clockwise from the south side (decision: SEATING); 2 players take two sides each; 3
    leave the east side empty, so the west colour has nobody across (decision: THREE_PLAYERS)."""
    order = [colour for colour in (board.colour_on(side) for side in CLOCKWISE_FROM_SOUTH) if colour is not None]
    if players == 2:
        # rules: "Les joueurs jouent avec deux couleurs disposés à angle droit"
        return ((order[0], order[1]), (order[2], order[3]))
    return tuple((colour,) for colour in order[:players])


def initial_state(board: Board, players: int = 4, seats: Iterable[Iterable[str]] | None = None,
                  young: bool = False) -> State:
    """The set-up: a tree on every dot, each playing colour's elves on its start squares."""
    seats = tuple(tuple(seat) for seat in seats) if seats else default_seats(board, players)
    # rules: "on place un arbre sur chaque carré qui a un point au centre"
    trees = frozenset(board.dots)
    # rules: "placent leurs 6 lutins sur les cases de départ correspondant à leur couleur"
    elves = {(colour, i): square for seat in seats for colour in seat
             for i, square in enumerate(board.starts(colour)[:ELVES_PER_COLOUR])}
    return State(board, seats, elves, trees, young=young)


def position(board: Board, elves: dict[ElfId, Square], trees: Iterable[Square] = (), players: int = 4,
             seats: Iterable[Iterable[str]] | None = None,
             turn: int = 0, locked_tree: Square | None = None, young: bool = False) -> State:
    """A hand-made position: only the given elves are on the board (tests, rule examples)."""
    seats = tuple(tuple(seat) for seat in seats) if seats else default_seats(board, players)
    return State(board, seats, dict(elves), frozenset(trees), turn, locked_tree, young)


def right_angled(board: Board, colours: tuple[str, ...]) -> bool:
    """True when two colours sit on sides at right angles (not the same side, not opposite)."""
    sides = [board.side(colour) for colour in colours]
    if len(sides) != 2 or sides[0] is None or sides[1] is None:
        return False
    return sides[0] != sides[1] and OPPOSITE[sides[0]] != sides[1]


def all_arrived(state: State, colour: str) -> bool:
    """True when `colour` has elves on the board and every one of them has arrived."""
    return colour in state.arrived_colours


def active_colour(state: State) -> str | None:
    """The colour the player to move plays this turn (decision: TWO_PLAYERS)."""
    seat = state.seats[state.player]
    own_turn = state.turn // len(state.seats)
    # rules: "le joueur déplace un lutin de la couleur qu'il n'avait pas joué au tour précédent"
    ordered = [seat[(own_turn + k) % len(seat)] for k in range(len(seat))]
    return next((colour for colour in ordered if not all_arrived(state, colour)), None)


def movable_elves(state: State) -> list[ElfId]:
    """The elves the player to move may move this turn (decision: ONE_ELF)."""
    colour = active_colour(state)
    if colour is None or winner(state) is not None:
        return []
    # rules: "Un lutin arrivé au but ne peut plus être déplacé."
    elves = [elf for elf in state.elves_of(colour) if state.status(elf) != ARRIVED]
    if len(state.seats) >= 3:
        # rules: "chaque joueur ne met en jeu qu'un seul lutin à la fois et s'occupe de le mener
        # au but avant d'en introduire un autre dans la forêt"
        in_forest = [elf for elf in elves if state.status(elf) == FOREST_STATUS]
        return in_forest or elves
    return elves


def winner(state: State) -> int | None:
    """The seat that has brought every elf of its colours across, if any (decision: WIN)."""
    # rules: "Celui qui arrive à placer en premier lieu tous ces lutins sur le coté opposé"
    for index, seat in enumerate(state.seats):
        if all(all_arrived(state, colour) for colour in seat):
            return index
    return None


def occupancy(state: State) -> dict[Square, object]:
    """Square -> TREE or the elf on it. One piece per square (checked by the move functions)."""
    occupied: dict[Square, object] = dict.fromkeys(state.trees, TREE)
    occupied.update({square: elf for elf, square in state.elves.items()})
    return occupied


def with_elves(state: State, moved: dict[ElfId, Square]) -> State:
    elves = dict(state.elves)
    elves.update(moved)
    return replace(state, elves=elves)
