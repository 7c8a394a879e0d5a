"""Rules model of "Les aventures dans la forêt des lutins" (Manfred Ludwig, Spiel spass).

Contract: a pure model (no I/O, no randomness but a passed-in `random.Random`) of the board
(board.py: plain data <-> frozen `Board`), positions (state.py), legal moves (moves.py), board
invariants and rule parameters (check.py), play-outs for the harness (playout.py), the French summary
table of the rules card (tables.py) and the glue to a kit (adapter.py). `model` is the kit's
rules model (adapter.py: the board from a sheet, the counters from a deck). Every ambiguity of
the French source is decided once, in decisions.py (`DECISIONS`); code cites the rule it
implements in French (`# rules: "..."`) and the decision it applies (`decision: NAME`).
"""
from .board import (
    DIRECTIONS, Board, Square, default_board, default_board_data, empty_board, shape_problems,
)
from .check import (
    LutinsParams, check_board, check_board_data, check_params, reach, reachability_problems,
)
from .decisions import DECISIONS
from .moves import (
    ElfMove, IllegalMove, TreeMove, after_tree, legal_elf_moves, legal_tree_moves, play_turn,
    relocation_options, second_directions, slide_targets,
)
from .playout import choose_turn, play, playout, progress
from .state import (
    ARRIVED, FOREST_STATUS, HOME, ElfId, State, active_colour, default_seats, initial_state,
    movable_elves, occupancy, position, winner,
)
from .tables import rules_summary, tables
from .adapter import KitParams, LutinsKit, check_rules, model  # noqa: E402  (adapter.py reads the modules above)

__all__ = [
    "ARRIVED", "DECISIONS", "KitParams", "LutinsKit", "model", "DIRECTIONS", "FOREST_STATUS", "HOME",
    "Board", "ElfId", "ElfMove", "IllegalMove", "LutinsParams", "Square", "State", "TreeMove",
    "active_colour", "after_tree", "check_board", "check_board_data", "check_params", "check_rules",
    "choose_turn", "default_board", "default_board_data", "default_seats", "empty_board",
    "initial_state", "legal_elf_moves", "legal_tree_moves", "movable_elves",
    "occupancy", "play", "playout", "position", "play_turn", "progress", "reach",
    "reachability_problems", "relocation_options", "rules_summary", "second_directions",
    "shape_problems", "slide_targets", "tables", "winner",
]
