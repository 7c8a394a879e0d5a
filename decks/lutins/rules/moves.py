"""Legal moves of "Les aventures dans la forêt des lutins" and how they change a state.

Contract: a turn is an optional `TreeMove` then an optional `ElfMove` (decision: OPTIONAL_PHASES).
`legal_tree_moves(state)` lists the tree moves of the player to move; `legal_elf_moves(state,
tree)` the elf moves after that tree move (None: no tree move). An elf move that chases comes
with `relocation=None`: `relocation_options(state, move, tree)` lists where the chased elf may
go and the chosen square goes into the move (`dataclasses.replace(move, relocation=sq)`).
`play_turn(state, tree, elf)` checks both against the legal lists, applies them and passes the
turn; it raises `IllegalMove` (a ValueError: a programming error, not bad kit input) otherwise.
`slide_targets(state, elf, square)` gives the one-move destinations of an elf from any square
(used by the reachability check). All functions are pure.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .board import ARRIVAL, DIRECTIONS, Square
from .state import TREE, ElfId, State, movable_elves, occupancy, winner, with_elves


class IllegalMove(ValueError):
    """A move that the rules do not allow in this state."""


@dataclass(frozen=True)
class TreeMove:
    src: Square
    dst: Square


@dataclass(frozen=True)
class ElfMove:
    """An elf slides to `to`, turning at `via` when it makes a second slide."""

    elf: ElfId
    to: Square
    via: Square | None = None
    chased: ElfId | None = None
    relocation: Square | None = None


@dataclass(frozen=True)
class _Slider:
    """What one elf sees while sliding: its zone of the board and the other pieces."""

    state: State
    colour: str
    zone: dict
    occupied: dict

    def may_chase(self, piece: object, square: Square) -> bool:
        # rules: "Le lutin qui arrive, chasse le lutin qui n'est pas encore parti" (decision: CHASE)
        if piece == TREE or not isinstance(piece, tuple) or self.state.board.home_of(square) != piece[0]:
            return False
        # rules: "Un joueur ne chasse cependant pas ses propres pions" (decision: NO_OWN_CHASE)
        return self.state.owner(piece[0]) != self.state.owner(self.colour)

    def slide(self, start: Square, step: Square) -> tuple[Square, ElfId | None] | None:
        """Where a slide from `start` stops, and the elf it chases; None if it cannot start."""
        # rules: "jusqu'à ce qu'il rencontre dans sa trajectoire un obstacle. Un obstacle peut être
        # un arbre, un autre lutin ou le bord du jeu" -- no jumping, no stopping early.
        (col, row), (dx, dy), last = start, step, None
        while True:
            ahead = (col + dx, row + dy)
            kind, piece = self.zone.get(ahead), self.occupied.get(ahead)
            if kind == ARRIVAL:
                # rules: "ou une case d'arrivée de l'autre côté du jeu" (decision: ARRIVAL_ENDS_MOVE)
                if piece is None or self.may_chase(piece, ahead):
                    return ahead, piece
                break
            if kind is None or piece is not None:
                break
            col, row = last = ahead
        return (last, None) if last else None  # decision: SLIDE_LENGTH


def _slider(state: State, elf: ElfId) -> _Slider:
    occupied = occupancy(state)
    occupied.pop(state.elves[elf], None)
    return _Slider(state, elf[0], state.board.zone(elf[0]), occupied)


def second_directions(step: Square, young: bool) -> tuple[Square, ...]:
    """The directions of a second slide after a first slide along `step`."""
    if young:
        # rules: "on peut renoncer, pour le 2ème déplacement à la règle de l'angle de 90 degres"
        return DIRECTIONS
    return _PERPENDICULAR[step]


# rules: "dans ce cas il doit former un angle de 90" (decision: TURN_90)
_PERPENDICULAR = {step: tuple(d for d in DIRECTIONS if d[0] * step[0] + d[1] * step[1] == 0)
                  for step in DIRECTIONS}


def _moves_from(slider: _Slider, elf: ElfId, square: Square) -> list[ElfMove]:
    moves = []
    for step in DIRECTIONS:
        first = slider.slide(square, step)
        if first is None:
            continue
        corner, chased = first
        moves.append(ElfMove(elf, corner, None, chased))
        if slider.zone.get(corner) == ARRIVAL:
            continue  # rules: "Un lutin arrivé au but ne peut plus être déplacé."
        # rules: "A cet endroit (et uniquement à cet endroit) il peut changer de direction"
        for turn in second_directions(step, slider.state.young):
            second = slider.slide(corner, turn)
            if second is not None:
                moves.append(ElfMove(elf, second[0], corner, second[1]))
    return moves


def slide_targets(state: State, elf: ElfId, square: Square | None = None) -> list[ElfMove]:
    """Every move of `elf` as if it stood on `square` (its own square by default)."""
    slider = _slider(state, elf)
    return _moves_from(slider, elf, state.elves[elf] if square is None else square)


def legal_tree_moves(state: State) -> list[TreeMove]:
    """Tree moves for the player to move (decisions: TREE_MOVE, TREE_LOCK)."""
    if winner(state) is not None:
        return []
    occupied, board = occupancy(state), state.board
    moves = []
    # rules: "Seul l'arbre déplacé par son précécesseur immédiat ne peut être déplacé."
    for col, row in sorted(state.trees - {state.locked_tree}):
        # rules: "déplacer d'une case n'importe quel arbre dans n'importe quelle direction"
        for dx, dy in DIRECTIONS:
            dst = (col + dx, row + dy)
            # rules: "il n'est pas permis de déplacer un arbre sur une case de départ";
            # "Il ne peut y avoir qu'un seul arbre ou pion sur une case"
            if board.in_forest(dst) and dst not in occupied:
                moves.append(TreeMove((col, row), dst))
    return moves


def after_tree(state: State, tree: TreeMove | None) -> State:
    """The state once the tree move of this turn is made (no legality check)."""
    if tree is None:
        return state
    return replace(state, trees=(state.trees - {tree.src}) | {tree.dst})


def legal_elf_moves(state: State, tree: TreeMove | None = None) -> list[ElfMove]:
    """Elf moves for the player to move, after `tree` (chases have relocation=None)."""
    state = after_tree(state, tree)
    return [move for elf in movable_elves(state) for move in slide_targets(state, elf)]


def relocation_options(state: State, move: ElfMove, tree: TreeMove | None = None) -> list[Square]:
    """Where the elf chased by `move` may be put (decision: RELOCATION)."""
    if move.chased is None:
        return []
    state = after_tree(state, tree)
    occupied = set(occupancy(state)) - {state.elves[move.elf], state.elves[move.chased]} | {move.to}
    colour = move.chased[0]
    # rules: "posé soit sur une autre case de départ de la même couleur, soit sur toute autre case
    # libre du plateau (excepté les cases de départ des autres joueurs)"
    squares = list(state.board.starts(colour)) + list(state.board.forest)
    return [sq for sq in squares if sq not in occupied]


def play_turn(state: State, tree: TreeMove | None = None, elf: ElfMove | None = None,
              check: bool = True) -> State:
    """Apply one turn (both phases optional) and pass to the left-hand neighbour.

    `check=False` skips the legality checks (for play-outs whose moves come from the lists)."""
    if check and winner(state) is not None:
        raise IllegalMove("the game is over")
    if check and tree is not None and tree not in legal_tree_moves(state):
        raise IllegalMove(f"illegal tree move {tree}")
    moved = after_tree(state, tree)
    if elf is not None:
        moved = _apply_elf(moved, elf, check)
    # decision: TREE_LOCK -- the tree moved now is the one the next player may not move.
    return replace(moved, turn=state.turn + 1, locked_tree=tree.dst if tree else None)


def _apply_elf(state: State, move: ElfMove, check: bool) -> State:
    if check and replace(move, relocation=None) not in legal_elf_moves(state):
        raise IllegalMove(f"illegal elf move {move}")
    if move.chased is None:
        return with_elves(state, {move.elf: move.to})
    if check and move.relocation not in relocation_options(state, move):
        raise IllegalMove(f"the chased elf {move.chased} cannot go to {move.relocation}")
    assert move.relocation is not None  # (relocation_options holds only squares)
    return with_elves(state, {move.elf: move.to, move.chased: move.relocation})
