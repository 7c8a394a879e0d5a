"""How a kit reaches the rules model of "Les aventures dans la forêt des lutins".

Contract: `check_rules(board_data, params, ref)` is the whole check of a kit's board: its shape,
its invariants (check.py), the seats against the board, then — only when all of that holds —
the play-outs for 2, 3 and 4 players (warnings when some find no winner within the bound).
`make_rules_model(board_of)` wraps it as a `pnp.rules.base.RulesModel` named "lutins"; `board_of`
extracts `(board_data, ref)` from a kit, since the kit model belongs to the engine. It does not
register the model: the caller does (`pnp.rules.base.register`).
"""
from __future__ import annotations

from typing import Any, Callable

from ...errors import Problem, Ref, errors_only
from ..base import RulesModel
from .board import Board
from .check import LutinsParams, check_board_data, check_params
from .playout import playout_problems
from .tables import tables

NAME = "lutins"
SUMMARY = "Les aventures dans la forêt des lutins (Manfred Ludwig): board invariants and play-outs"


def check_rules(board_data: Any, params: LutinsParams | None = None, ref: Ref | None = None,
                where: str = "board") -> list[Problem]:
    """Every problem of a kit's board and rule parameters, play-outs last."""
    params = params or LutinsParams()
    problems = check_board_data(board_data, ref, where)
    if errors_only(problems):
        return problems
    board = Board.from_data(board_data)
    problems += check_params(params, board)
    if errors_only(problems) or params.playouts == 0:
        return problems
    return problems + playout_problems(board, params)


def make_rules_model(board_of: Callable[[Any], tuple[Any, Ref | None]]) -> RulesModel:
    """A RulesModel whose check reads the board with `board_of(kit)`."""
    def check(kit: Any, params: LutinsParams) -> list[Problem]:
        data, ref = board_of(kit)
        return check_rules(data, params, ref)

    return RulesModel(NAME, SUMMARY, LutinsParams, check, lambda kit, params: tables(params))
