"""Board invariants and rule parameters of "Les aventures dans la forêt des lutins".

Contract: `check_board(board, ref)` returns a list of `pnp.core.errors.Problem` (empty when the board is
playable); `check_board_data(data, ref)` returns the `Board` it built from plain data (None when the
shape is wrong) and the problems; `read_board_data(data, ref)` only reads (shape problems). None
raises for bad input. `where` names the value in the kit ("board.dots", "board.start.rouge[2]");
`ref` (optional) is the `Ref` of the board's mapping in its file, extended with the same path
(base.where_path). Checked: 34 dots inside the forest, no duplicate, none on a start square; 4
colours, one a side, 6 start squares each, each colour's arrival squares opposite; every start
square reaches its arrival side (decision: REACHABILITY).
`LutinsParams` is the strict model of the rule parameters a kit may set (the player count is the
kit's `players` range, not a parameter); `check_params(params, board)` checks them against the board:
`seats` seat `len(seats)` players, one colour each, or two at right angles with 2 players.
"""
from __future__ import annotations

from collections import Counter, deque
from dataclasses import replace
from typing import Any

from pnp.rules import Field, Params, Problem, Ref, where_path
from .board import OPPOSITE, SIDES, Board, Square, read_board
from .moves import slide_targets
from .state import ElfId, State, initial_state, right_angled

DOTS = 34  # rules: "34 arbres en bois" / "un arbre sur chaque carré qui a un point au centre"
START_SQUARES = 6  # rules: "24 pions (respectivement 6 pions en 4 couleurs différentes)"
COLOURS = 4


class LutinsParams(Params):
    """Rule parameters a kit may set under `rules:` (strict: no coercion, no unknown key)."""

    young_variant: bool = False  # rules: "Variante: ... renoncer ... à la règle de l'angle de 90 degres"
    # colours per player, clockwise from the youngest: the seating of len(seats) players (others: the default)
    seats: list[list[str]] | None = None
    # a play-out stops there: a game that did not end (random games last 500-1 000 turns, rarely 2 000)
    turn_bound: int = Field(default=3000, ge=1)


def _problem(what: str, where: str, ref: Ref | None, path: tuple, got: Any = None) -> Problem:
    return Problem(what, where, ref.child(*path) if ref else None, got)


def check_board_data(data: Any, ref: Ref | None = None, where: str = "board") -> tuple[Board | None, list[Problem]]:
    """The board built from plain data (None when its shape is wrong) and its problems: the shape's,
    else the rules'."""
    board, problems = read_board_data(data, ref, where)
    return board, problems if board is None else check_board(board, ref, where)


def read_board_data(data: Any, ref: Ref | None = None, where: str = "board") -> tuple[Board | None, list[Problem]]:
    """`board.read_board`, each shape problem pointing below `ref` at the value its `where` names."""
    board, problems = read_board(data, where)
    return board, [_with_ref(problem, ref, where) for problem in problems]


def _with_ref(problem: Problem, ref: Ref | None, where: str) -> Problem:
    """The problem with `ref` extended by the path its `where` names below `where`."""
    if ref is None:
        return problem
    return replace(problem, ref=ref.child(*where_path(problem.where)[len(where_path(where)):]))


def check_board(board: Board, ref: Ref | None = None, where: str = "board") -> list[Problem]:
    """Every invariant of the board; reachability only once the layout itself is sound."""
    if board.size < START_SQUARES:
        return [_problem(f"the forest must be at least {START_SQUARES} squares a side to hold "
                         f"{START_SQUARES} start squares per side", f"{where}.size", ref, ("size",), board.size)]
    problems = _dot_problems(board, ref, where) + _start_problems(board, ref, where)
    if not problems:
        problems = reachability_problems(board, ref, where)
    return problems


def _dot_problems(board: Board, ref: Ref | None, where: str) -> list[Problem]:
    problems: list[Problem] = []
    seen: dict[Square, int] = {}
    if len(board.dots) != DOTS:
        problems.append(_problem(f"the board needs exactly {DOTS} dotted squares, found {len(board.dots)}",
                                 f"{where}.dots", ref, ("dots",), len(board.dots)))
    for i, square in enumerate(board.dots):
        at, path = f"{where}.dots[{i}]", ("dots", i)
        home = board.home_of(square)
        if home:
            # rules: "il n'est pas permis de déplacer un arbre sur une case de départ"
            problems.append(_problem(f"dot {square} lies on a start square of {home}; trees never "
                                     "stand on start squares", at, ref, path, list(square)))
        elif not board.in_forest(square):
            problems.append(_problem(f"dot {square} lies outside the forest (0..{board.size - 1} "
                                     "on both axes)", at, ref, path, list(square)))
        elif square in seen:
            problems.append(_problem(f"dot {square} repeats {where}.dots[{seen[square]}]; one tree "
                                     "per square", at, ref, path, list(square)))
        seen.setdefault(square, i)
    return problems


def _start_problems(board: Board, ref: Ref | None, where: str) -> list[Problem]:
    problems = []
    if len(board.colours) != COLOURS:
        problems.append(_problem(f"the board needs {COLOURS} colours of start squares, one a side, "
                                 f"found {len(board.colours)}", f"{where}.start", ref, ("start",),
                                 list(board.colours)))
    seen: dict[Square, str] = {}
    for colour, squares in board.start:
        problems += _colour_problems(board, colour, squares, seen, ref, where)
    problems += _side_problems(board, ref, where)
    return problems


def _colour_problems(board: Board, colour: str, squares: tuple, seen: dict, ref: Ref | None,
                     where: str) -> list[Problem]:
    at, path = f"{where}.start.{colour}", ("start", colour)
    problems = []
    if len(squares) != START_SQUARES:
        problems.append(_problem(f"{colour} needs exactly {START_SQUARES} start squares, found "
                                 f"{len(squares)}", at, ref, path, len(squares)))
    for i, square in enumerate(squares):
        what = _square_problem(board, colour, square, seen)
        if what:
            problems.append(_problem(what, f"{at}[{i}]", ref, path + (i,), list(square)))
        seen.setdefault(square, f"{at}[{i}]")
    return problems


def _square_problem(board: Board, colour: str, square: Square, seen: dict) -> str | None:
    side = board.side_of_square(square)
    if square in seen:
        return f"start square {square} repeats {seen[square]}"
    if side is None:
        # rules: "Les cases de départ des lutins ne font pas partie de la forêt"
        return f"start square {square} is not next to a side of the forest (row or column -1 or {board.size})"
    if side != board.side(colour):
        return f"start square {square} is on the {side} side, but {colour}'s are on the {board.side(colour)} side"
    return None


def _side_problems(board: Board, ref: Ref | None, where: str) -> list[Problem]:
    owners = Counter(board.side(colour) for colour in board.colours)
    problems = [_problem(f"{colour} shares the {board.side(colour)} side with another colour; one "
                         "colour a side", f"{where}.start.{colour}", ref, ("start", colour))
                for colour in board.colours if board.side(colour) and owners[board.side(colour)] > 1]
    for side in SIDES:
        facing = board.colour_on(OPPOSITE[side])
        if owners[side] == 0 and facing:
            # rules: "les cases d'arrivée ... de l'autre côté du jeu"
            problems.append(_problem(f"no colour starts on the {side} side, so {facing} has no arrival "
                                     "squares", f"{where}.start", ref, ("start",)))
    return problems


def reachability_problems(board: Board, ref: Ref | None = None, where: str = "board") -> list[Problem]:
    """One problem per start square from which no elf can ever reach its arrival side."""
    state = initial_state(board, players=COLOURS)
    problems = []
    for colour, squares in board.start:
        for i, square in enumerate(squares):
            what = _unreachable(state, (colour, i), square)
            if what:
                problems.append(_problem(what, f"{where}.start.{colour}[{i}]", ref,
                                         ("start", colour, i), list(square)))
    return problems


def _unreachable(state: State, elf: ElfId, square: Square) -> str | None:
    colour = elf[0]
    arrived, seen = reach(state, elf)
    if arrived:
        return None
    side = state.board.side(colour)
    opposite = state.board.colour_on(OPPOSITE[side]) if side is not None else None
    if not seen:
        return (f"start square {square} of {colour} is walled in: no elf move leaves it "
                "(trees on the dots, other elves at home)")
    return (f"start square {square} of {colour} cannot reach its arrival side ({opposite}'s start "
            f"squares): only {len(seen)} forest squares are reachable")


def reach(state: State, elf: ElfId) -> tuple[bool, set[Square]]:
    """Breadth-first search over the squares `elf` can reach with the trees fixed.

    Returns whether an arrival square is reachable and the forest squares reached."""
    seen: set[Square] = set()
    queue = deque([state.elves[elf]])
    while queue:
        for move in slide_targets(state, elf, queue.popleft()):
            if move.to in state.board.arrival(elf[0]):
                return True, seen
            if move.to not in seen:
                seen.add(move.to)
                queue.append(move.to)
    return False, seen


def check_params(params: LutinsParams, board: Board, where: str = "rules") -> list[Problem]:
    """Problems of the seats against the board: known colours, right angles with 2 players."""
    if params.seats is None:
        return []
    problems = []
    want = 2 if len(params.seats) == 2 else 1
    for i, seat in enumerate(params.seats):
        problems += _seat_problems(board, seat, want, f"{where}.seats[{i}]")
    used = [colour for seat in params.seats for colour in seat]
    problems += [Problem(f"colour {c!r} is played by two seats", f"{where}.seats", got=c)
                 for c, n in Counter(used).items() if n > 1]
    return problems


def _seat_problems(board: Board, seat: list[str], want: int, where: str) -> list[Problem]:
    problems = [Problem(f"unknown colour {c!r}", where, got=c) for c in seat if c not in board.colours]
    if len(seat) != want:
        problems.append(Problem(f"each player plays {want} colour(s), found {len(seat)}", where, got=seat))
    elif want == 2 and not problems and not right_angled(board, tuple(seat)):
        # rules: "Les joueurs jouent avec deux couleurs disposés à angle droit"
        problems.append(Problem("a player's two colours must sit at right angles", where, got=seat))
    return problems
