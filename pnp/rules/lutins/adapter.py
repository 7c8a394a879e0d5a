"""The rules model "lutins" registered for kits: the board and the counters read from the kit.

Contract: importing this module registers the `RulesModel` "lutins" (`rules: {model: lutins}` in a
game.yaml). Its params are `KitParams`: the model's `LutinsParams` plus the names of two of the
kit's components — `board`, a sheet whose field `board` holds the board as the model's plain data
(board.py), and `tokens`, a deck of counters whose cards have the fields `sorte` (`arbre` or
`lutin`) and `couleur` (`tokens: null` skips it). Its check is `kit.check_rules` on that board, every
problem pointing at the line of the value in the sheet's file (`board.dots[3]` at that dot), then
the inventory of counters: one tree for each dot, one elf for each start square of its colour.
Its tables are the model's (`rules.resume`).
"""
from __future__ import annotations

from collections import Counter

from ...errors import Problem, Ref, suggest
from ..base import RulesModel, register
from .board import shape_problems
from .check import LutinsParams
from .kit import NAME, SUMMARY, check_rules
from .tables import tables

TREE, ELF = "arbre", "lutin"


class KitParams(LutinsParams):
    """The rule parameters, and which of the kit's components hold the board and the counters."""

    board: str = "plateau"
    tokens: str | None = "pions"


def board_of(kit, params: KitParams) -> tuple[object, Ref | None, list[Problem]]:
    """The plain-data board of the kit's sheet `params.board` and its `Ref` (or a problem)."""
    sheet = kit.sheet(params.board)
    if sheet is None:
        return None, None, [_missing(kit, params.board, "sheet", "board")]
    fields = sheet.pages[0].fields if sheet.pages else sheet.spec.fields
    if "board" not in fields:
        return None, None, [Problem(f"the sheet {sheet.name!r} has no field 'board' holding the board",
                                    f"sheet {sheet.name!r}", sheet.ref.child("fields"))]
    path = ("pages", 0, "fields", "board") if sheet.spec.pages else ("fields", "board")
    return fields["board"], sheet.ref.child(*path), []


def _missing(kit, name: str, kind: str, key: str) -> Problem:
    known = [s.name for s in kit.sheets] if kind == "sheet" else [d.name for d in kit.decks]
    return Problem(f"the kit has no {kind} named {name!r} (set rules.params.{key})", f"rules.{key}", got=name,
                   suggestion=suggest(name, known))


def token_problems(kit, params: KitParams, data) -> list[Problem]:
    """One tree counter a dot, one elf counter a start square of its colour, no stray colour."""
    if params.tokens is None:
        return []
    deck = kit.deck(params.tokens)
    if deck is None:
        return [_missing(kit, params.tokens, "deck", "tokens")]
    found: Counter = Counter()
    first: dict[tuple, Ref] = {}
    for card in deck.cards:
        key = (card.fields.get("sorte"), card.fields.get("couleur") if card.fields.get("sorte") == ELF else None)
        found[key] += card.copies
        first.setdefault(key, card.ref)
    want = Counter({(TREE, None): len(data["dots"])})
    want.update({(ELF, colour): len(squares) for colour, squares in data["start"].items()})
    where = f"deck {deck.name!r}"
    problems = []
    for key in sorted(set(want) | set(found), key=str):
        if found[key] != want[key]:
            problems.append(Problem(_inventory(key, found[key], want[key]), where,
                                    first.get(key, deck.ref).child("copies") if key in first else deck.ref))
    return problems


def _inventory(key: tuple, found: int, want: int) -> str:
    kind, colour = key
    if kind == TREE:
        return f"{found} tree counters for {want} dotted squares; the game needs one tree a dot"
    if kind == ELF and want == 0:
        return f"{found} elf counters of colour {colour!r}, which has no start square on the board"
    if kind == ELF:
        return f"{found} elf counters of colour {colour!r} for its {want} start squares"
    return f"{found} counters with sorte {kind!r}; the counters are '{TREE}' or '{ELF}'"


def check(kit, params: KitParams) -> list[Problem]:
    data, ref, problems = board_of(kit, params)
    if problems:
        return problems
    problems = check_rules(data, params, ref)
    if shape_problems(data):
        return problems
    return problems + token_problems(kit, params, data)


def playtest(kit, params: KitParams, players: int, games: int, seed: int) -> str:
    from .board import Board
    from .playout import playouts

    data, _, problems = board_of(kit, params)
    board = Board.from_data(data)
    return playouts(board, players, games, seed, young=params.young_variant).summary()


RULES_MODEL = register(RulesModel(NAME, SUMMARY, KitParams, check, lambda kit, params: tables(params), playtest))

__all__ = ["KitParams", "RULES_MODEL", "board_of", "check", "token_problems"]
