"""Fast play-outs of the lutins: a position as lists of ints over a `Grid`, changed in place.

Contract: `Position.of(grid, state)` copies a reference position (state.py) into lists: `pieces`
by square (EMPTY, TREE or an elf's number, elves numbered in `state.elves` order; then an EMPTY
and a TREE cell, grid.gates' OPEN and SHUT), the trees'
squares, the elves' squares, colours and statuses, arrived counts by colour, the locked tree.
It answers as the reference functions do, on the same positions: `tree_moves()` is
`moves.legal_tree_moves` and `elf_moves()` `moves.legal_elf_moves` (same moves, same order, as
int tuples: `(tree, destination)` and `(elf, to, via, chased)`, -1 for none), `movable()`
`state.movable_elves`, `relocations(chased)` `moves.relocation_options` once the move is made.
The random agent's decisions are the reference's (a tree move or none, then an elf move or none,
then a chased elf's square: decisions OPTIONAL_PHASES, RELOCATION), drawn without listing them:
`sample_tree` draws among no move and every (tree, direction) pair, `sample_elf` among no move and
every (movable elf, first direction, second direction or none) triple, each draw that is not a
legal move drawn again; as each legal move is exactly one pair or triple, every legal decision
(and no move) has the same chance, as when the agent picks from the list. `sample_relocation`
draws a free square likewise. `move_tree`, `move_elf`, `relocate` and
`end_turn` play them (`play_turn` without the checks: the moves come from the position itself).
`winner` is the seat that has won, or -1. The game loop and the greedy agent are in fastplay.py.
"""
from __future__ import annotations

from bisect import insort
from typing import Callable, Iterable

from .grid import NONE, Grid
from .state import State, winner

EMPTY, TREE = -1, -2
HOME, FOREST, ARRIVED = 0, 1, 2
ElfTuple = tuple[int, int, int, int]  # (elf, to, via or -1, chased elf or -1)


class Position:
    """A position of a game in progress (see the module docstring)."""

    def __init__(self, grid: Grid, seats: tuple[tuple[int, ...], ...], young: bool):
        self.grid, self.seats, self.young = grid, seats, young
        self.seconds = grid.seconds(young)
        self.stride = 1 + len(self.seconds[0])
        self.owner = [next((s for s, seat in enumerate(seats) if c in seat), NONE) for c in range(len(grid.colours))]
        self.chase = [[self.owner[c] != self.owner[other] for other in range(len(grid.colours))]
                      for c in range(len(grid.colours))]
        self.pieces = [EMPTY] * grid.count + [EMPTY, TREE]  # then grid.gates' OPEN and SHUT cells
        self.trees: list[int] = []
        self.squares: list[int] = []
        self.colour: list[int] = []
        self.status: list[int] = []
        self.elves: list[list[int]] = [[] for _ in grid.colours]
        self.waiting: list[list[int]] = [[] for _ in grid.colours]  # not arrived, by number
        self.in_forest: list[list[int]] = [[] for _ in grid.colours]  # in the forest, by number
        self.arrived = [0] * len(grid.colours)
        self.nears: list[list[int] | None] = [None] * len(grid.colours)  # fasttop.top_moves' grid.nearness, by colour
        self.turn, self.locked, self.winner = 0, NONE, NONE

    @classmethod
    def of(cls, grid: Grid, state: State) -> "Position":
        number = {colour: c for c, colour in enumerate(grid.colours)}
        position = cls(grid, tuple(tuple(number[c] for c in seat) for seat in state.seats), state.young)
        for tree in sorted(state.trees):
            position.pieces[grid.index(tree)] = TREE
            position.trees.append(grid.index(tree))
        if state.locked_tree in state.trees:
            position.locked = position.trees.index(grid.index(state.locked_tree))
        for e, (elf, square) in enumerate(state.elves.items()):
            position._place(e, number[elf[0]], grid.index(square))
        position.turn = state.turn
        found = winner(state)
        position.winner = NONE if found is None else found
        return position

    def copy(self) -> "Position":
        """A position of its own, equal to this one (what changes in a game copied, the rest shared)."""
        twin = Position.__new__(Position)
        twin.__dict__.update(self.__dict__)
        twin.pieces, twin.trees, twin.squares, twin.status = self.pieces[:], self.trees[:], self.squares[:], self.status[:]
        twin.arrived, twin.nears = self.arrived[:], self.nears[:]
        twin.elves, twin.waiting, twin.in_forest = ([s[:] for s in lists] for lists in (self.elves, self.waiting,
                                                                                        self.in_forest))
        return twin

    def _place(self, e: int, colour: int, square: int) -> None:
        self.pieces[square] = e
        self.squares.append(square)
        self.colour.append(colour)
        self.status.append(HOME)
        self.elves[colour].append(e)
        self.waiting[colour].append(e)
        self._set_status(e, self._status(colour, square))

    def _set_status(self, e: int, status: int) -> None:
        """An elf's new status, kept in the lists of waiting and forest elves (an arrived elf stays)."""
        colour, old = self.colour[e], self.status[e]
        if old == status:
            return
        if old == FOREST:
            self.in_forest[colour].remove(e)
        if status == FOREST:
            insort(self.in_forest[colour], e)
        elif status == ARRIVED:
            self.waiting[colour].remove(e)
            self.arrived[colour] += 1
            self.nears[colour] = None  # its open arrival squares change (fasttop.top_moves)
        self.status[e] = status

    def _status(self, colour: int, square: int) -> int:
        if self.grid.homes[square] == colour:
            return HOME
        return ARRIVED if self.grid.arrivals[colour][square] else FOREST

    def all_arrived(self, colour: int) -> bool:
        return 0 < len(self.elves[colour]) == self.arrived[colour]

    def active(self) -> int:
        """The colour the player to move plays (state.active_colour), -1 for none."""
        seat = self.seats[self.turn % len(self.seats)]
        own = self.turn // len(self.seats)
        for k in range(len(seat)):
            colour = seat[(own + k) % len(seat)]
            if not 0 < len(self.elves[colour]) == self.arrived[colour]:
                return colour
        return NONE

    def movable(self) -> list[int]:
        """state.movable_elves (decision: ONE_ELF), by number: a list of the position's, not to be changed."""
        colour = self.active()
        if colour == NONE or self.winner != NONE:
            return []
        if len(self.seats) >= 3:
            return self.in_forest[colour] or self.waiting[colour]
        return self.waiting[colour]

    def slide(self, colour: int, start: int, d: int) -> tuple[int, int]:
        """Where a slide stops and the elf it chases (-1, -1: it cannot start); moves.py's `slide`."""
        grid = self.grid
        return _slide(self.pieces, grid.rays[colour], grid.ends[colour], grid.homes, self.colour, self.chase[colour],
                      start * 8 + d)

    def tree_moves(self) -> list[tuple[int, int]]:
        """legal_tree_moves: (tree number, destination), trees in (col, row) order, then directions."""
        if self.winner != NONE:
            return []
        return self._tree_moves(t for t in range(len(self.trees)) if t != self.locked)

    def _tree_moves(self, trees: Iterable[int]) -> list[tuple[int, int]]:
        pieces, neighbours, squares = self.pieces, self.grid.neighbours, self.trees
        moves = []
        for t in sorted(trees, key=lambda t: self.grid.column_major[squares[t]]):
            for d in range(8):
                to = neighbours[squares[t] * 8 + d]
                if to != NONE and pieces[to] == EMPTY:
                    moves.append((t, to))
        return moves

    def elf_moves(self) -> list[ElfTuple]:
        """legal_elf_moves (after the tree move already made), in the reference order."""
        return [move for e in self.movable() for move in self._moves_of(e)]

    def _moves_of(self, e: int) -> list[ElfTuple]:
        colour, start, moves = self.colour[e], self.squares[e], []
        self.pieces[start] = EMPTY
        for d in self.grid.firsts[colour][start]:
            corner, chased = self.slide(colour, start, d)
            if corner == NONE:
                continue
            moves.append((e, corner, NONE, chased))
            if not self.grid.arrivals[colour][corner]:
                for turn in self.seconds[d]:
                    to, chased = self.slide(colour, corner, turn)
                    if to != NONE:
                        moves.append((e, to, corner, chased))
        self.pieces[start] = e
        return moves

    def relocations(self, chased: int) -> list[int]:
        """Free squares for the chased elf, its start squares first (the move already made)."""
        pieces = self.pieces
        return [square for square in self.grid.relocations[self.colour[chased]] if pieces[square] == EMPTY]

    def sample_tree(self, random: Callable[[], float]) -> tuple[int, int] | None:
        """No move or a legal tree move, each as likely (drawn again until legal)."""
        pieces, neighbours, trees, locked = self.pieces, self.grid.neighbours, self.trees, self.locked
        count = 1 + 8 * len(trees)
        while self.winner == NONE:
            r = int(random() * count)
            if not r:
                return None
            t = (r - 1) >> 3
            if t != locked:
                to = neighbours[trees[t] * 8 + ((r - 1) & 7)]
                if to != NONE and pieces[to] == EMPTY:
                    return t, to
        return None

    def sample_elf(self, random: Callable[[], float]) -> ElfTuple | None:
        """No move or a legal elf move, each as likely: a triple (movable elf, first direction,
        second direction or none) drawn, drawn again until it is a move (a first step onto a piece,
        or out of the elf's zone, is seen at once)."""
        movable = self.movable()
        if not movable:
            return None
        grid, pieces, squares, stride = self.grid, self.pieces, self.squares, self.stride
        heads, ends, span = grid.heads[self.colour[movable[0]]], grid.ends[self.colour[movable[0]]], 8 * stride
        count = 1 + len(movable) * span
        while True:
            r = int(random() * count)
            if not r:
                return None
            e, r = movable[(r - 1) // span], (r - 1) % span
            k = squares[e] * 8 + r // stride
            head = heads[k]
            if (pieces[head] == EMPTY) if head != NONE else ends[k] != NONE:
                move = self._candidate(e, k, r % stride)
                if move is not None:
                    return move

    def _candidate(self, e: int, k: int, second: int) -> ElfTuple | None:
        """The move of elf `e` along ray `k` (its square * 8 + direction), then along its `second - 1`th
        second direction (0: none)."""
        grid, pieces, colour, start = self.grid, self.pieces, self.colour[e], self.squares[e]
        rays, ends, arrivals = grid.rays[colour], grid.ends[colour], grid.arrivals[colour]
        pieces[start] = EMPTY
        corner, chased = _slide(pieces, rays, ends, grid.homes, self.colour, self.chase[colour], k)
        move = None
        if corner != NONE and not second:
            move = (e, corner, NONE, chased)
        elif corner != NONE and not arrivals[corner]:
            turn = corner * 8 + self.seconds[k & 7][second - 1]
            to, chased = _slide(pieces, rays, ends, grid.homes, self.colour, self.chase[colour], turn)
            move = (e, to, corner, chased) if to != NONE else None
        pieces[start] = e
        return move

    def sample_relocation(self, chased: int, random: Callable[[], float]) -> int:
        squares, pieces = self.grid.relocations[self.colour[chased]], self.pieces
        while True:
            square = squares[int(random() * len(squares))]
            if pieces[square] == EMPTY:
                return square

    def move_tree(self, tree: tuple[int, int] | None) -> None:
        if tree is not None:
            t, to = tree
            self.pieces[self.trees[t]] = EMPTY
            self.pieces[to] = TREE
            self.trees[t] = to

    def move_elf(self, e: int, to: int) -> bool:
        """The elf goes to `to` (a chased elf there is taken off: `relocate` it); True when it arrives."""
        colour = self.colour[e]
        self.pieces[self.squares[e]] = EMPTY
        self.pieces[to] = e
        self.squares[e] = to
        status = self._status(colour, to)
        self._set_status(e, status)
        if status == ARRIVED:
            seat = self.owner[colour]
            if all(self.all_arrived(c) for c in self.seats[seat]):
                self.winner = seat
        return status == ARRIVED

    def relocate(self, e: int, square: int) -> None:
        self.pieces[square] = e
        self.squares[e] = square
        self._set_status(e, self._status(self.colour[e], square))

    def end_turn(self, tree: tuple[int, int] | None) -> None:
        """decision: TREE_LOCK -- the tree moved now is the one the next player may not move."""
        self.locked = tree[0] if tree is not None else NONE
        self.turn += 1



def _slide(pieces: list[int], rays: list, ends: list[int], homes: list[int], colours: list[int], chase: list[bool],
           k: int) -> tuple[int, int]:
    """A slide along ray `k` (square * 8 + direction) of a colour's tables: where it stops and the
    elf it chases (moves._Slider.slide: no jumping, no stopping early, an arrival square ends it)."""
    last = NONE
    for square in rays[k]:
        if pieces[square] != EMPTY:
            return last, NONE
        last = square
    end = ends[k]
    if end != NONE:
        piece = pieces[end]
        if piece == EMPTY:
            return end, NONE
        if piece >= 0 and homes[end] == colours[piece] and chase[colours[piece]]:
            return end, piece
    return last, NONE
