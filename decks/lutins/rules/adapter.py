"""The kit's rules model: the board and the counters read from the kit.

Contract: `model` is the kit's `RulesModel` (`rules: {model: rules/}` in its game.yaml). Its params
are `KitParams`: the model's `LutinsParams` plus the names of two of the kit's components — `board`,
a sheet whose field `board` holds the board as the model's plain data (board.py), and `tokens`, a
deck of counters whose cards have the fields `sorte` (`arbre` or `lutin`) and `couleur` (`tokens:
null` skips it). `read` builds the board once (its shape problems point at the line of the value in
the sheet's file: `board.dots[3]` at that dot) as a `LutinsKit`, with the kit's `players` range (the
one source of the player count: the rules card's rows follow it, and `seats` must seat a count of it). `check_rules(board, params, ref)`
is the whole check of a board: its invariants (check.py) and the seats against the board; then the inventory of counters: one tree for each dot, one elf for each start square of its colour
(the model's check). Its tables are the model's (`rules.resume`, for the kit's range); its play-outs `playout.playout` on
the kit's board, played by the harness (`pnp playtest`, `pnp check`); its seats the board's sides
and the 2 to 4 players the rules allow.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pnp.rules import Deck, Kit, Playout, Problem, Ref, RulesModel, Seats, Table, component, errors_only, sheet_fields
from .board import Board
from .check import LutinsParams, check_board, check_params, read_board_data
from .playout import playout as board_playout
from .tables import tables

TREE, ELF = "arbre", "lutin"
SUMMARY = "Les aventures dans la forêt des lutins (Manfred Ludwig): board invariants and play-outs"


class KitParams(LutinsParams):
    """The rule parameters, and which of the kit's components hold the board and the counters."""

    board: str = "plateau"
    tokens: str | None = "pions"


@dataclass(frozen=True)
class LutinsKit:
    """What the model reads from a kit: the board, the `Ref` of its data, the counters (None: skipped),
    the kit's players range (min, max)."""

    board: Board
    ref: Ref
    tokens: Deck | None
    players: tuple[int, int] = (2, 4)


def read(kit: Kit, params: KitParams) -> tuple[LutinsKit | None, list[Problem]]:
    """The kit's board and counters; None when the board is absent or of the wrong shape."""
    deck, problems = (component(kit, "deck", params.tokens, "tokens", "the counters") if params.tokens
                      else (None, []))
    board, ref, found = _board(kit, params)
    players = (kit.game.players.min, kit.game.players.max)
    return (LutinsKit(board, ref, deck, players) if board is not None and ref is not None else None), \
        found + problems


def _board(kit: Kit, params: KitParams) -> tuple[Board | None, Ref | None, list[Problem]]:
    sheet, problems = component(kit, "sheet", params.board, "board", "the board")
    if sheet is None:
        return None, None, problems
    fields, ref = sheet_fields(sheet, ("board",))
    if "board" not in fields:
        return None, None, [Problem(f"the sheet {sheet.name!r} has no field 'board' holding the board",
                                    f"sheet {sheet.name!r}", ref)]
    board, problems = read_board_data(fields["board"], ref.child("board"))
    return board, ref.child("board"), problems


def check_rules(board: Board, params: LutinsParams | None = None, ref: Ref | None = None,
                where: str = "board") -> list[Problem]:
    """Every problem of a kit's board and rule parameters."""
    params = params or LutinsParams()
    problems = check_board(board, ref, where)
    if errors_only(problems):
        return problems
    return problems + check_params(params, board)


def check(material: LutinsKit, params: KitParams) -> list[Problem]:
    problems = check_rules(material.board, params, material.ref) + _seated_count(material, params)
    return problems + (token_problems(material.tokens, material.board) if material.tokens else [])


def _seated_count(material: LutinsKit, params: KitParams) -> list[Problem]:
    """`seats` seat `len(seats)` players: a count the kit is played by, else they would never be used."""
    low, high = material.players
    if params.seats is None or low <= len(params.seats) <= high:
        return []
    return [Problem(f"the seats seat {len(params.seats)} players, but the kit is played by {low} to {high} "
                    "players (game.yaml players)", "rules.seats", got=len(params.seats))]


def token_problems(deck: Deck, board: Board) -> list[Problem]:
    """One tree counter a dot, one elf counter a start square of its colour, no stray colour."""
    found: Counter = Counter()
    first: dict[tuple, Ref] = {}
    want: Counter[tuple] = Counter()
    for card in deck.cards:
        key = (card.fields.get("sorte"), card.fields.get("couleur") if card.fields.get("sorte") == ELF else None)
        found[key] += card.copies
        first.setdefault(key, card.ref)
    want.update({(TREE, None): len(board.dots)})
    want.update({(ELF, colour): len(squares) for colour, squares in board.start})
    where = f"deck {deck.name!r}"
    return [Problem(_inventory(key, found[key], want[key]), where,
                    first[key].child("copies") if key in first else deck.ref)
            for key in sorted(set(want) | set(found), key=str) if found[key] != want[key]]


def _inventory(key: tuple, found: int, want: int) -> str:
    kind, colour = key
    if kind == TREE:
        return f"{found} tree counters for {want} dotted squares; the game needs one tree a dot"
    if kind == ELF and want == 0:
        return f"{found} elf counters of colour {colour!r}, which has no start square on the board"
    if kind == ELF:
        return f"{found} elf counters of colour {colour!r} for its {want} start squares"
    return f"{found} counters with sorte {kind!r}; the counters are '{TREE}' or '{ELF}'"


def playout(material: LutinsKit, params: KitParams) -> Playout:
    """Games on the kit's board (playout.py), the kit's seats for its own player count."""
    seated = len(params.seats) if params.seats else 0
    return board_playout(material.board, params.turn_bound, params.young_variant, params.seats, seated)


def seats(material: LutinsKit, params: KitParams) -> list[Seats]:
    """rules: "2 à 4 joueurs", each with the elves of one side of the board (two sides each at two)."""
    sides = len(material.board.start)
    return [Seats(f"the board has {sides} start sides, one colour a player", high=sides),
            Seats("the rules model plays 2 to 4 players", low=2, high=4)]


def kit_tables(material: LutinsKit | None, params: KitParams) -> dict[str, Table | str | int]:
    """The model's tables for the kit's players range; the rules' 2 to 4 when the board is unusable
    (None: `tables` must accept it, after the problems of reading the board). With the board, its
    numbers, which the rulebook prints: `rules.board.size` (the forest's side, in squares),
    `rules.board.trees` (its dots: a tree each), `rules.board.starts` (the start squares of each colour:
    an elf each), `rules.board.elves` (all of them)."""
    out: dict[str, Table | str | int] = dict(tables(params, material.players if material is not None
                                                     else LutinsKit.players))
    return out | (board_numbers(material.board) if material is not None else {})


def board_numbers(board: Board) -> dict[str, int]:
    """rules: Matériel — the board's numbers as the rulebook prints them (a start side's squares: the
    fewest of a colour, which the board's check holds equal)."""
    starts = [len(squares) for _, squares in board.start]
    return {"board.size": board.size, "board.trees": len(board.dots), "board.starts": min(starts, default=0),
            "board.elves": sum(starts)}


model = RulesModel("lutins", SUMMARY, KitParams, check, kit_tables, playout, read, seats)

__all__ = ["KitParams", "LutinsKit", "model", "check", "check_rules", "playout", "read", "seats", "token_problems"]
