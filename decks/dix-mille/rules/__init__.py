"""The rules model of the dice game "Le 10 000" (push-your-luck, 5 dice, exactly 10 000 points).

Contract: `model` is the kit's `RulesModel` (`rules: {model: rules/}` in game.yaml): its params are
`DixMilleParams` (defaults = the source's rules), its `check` is `check_params` (kit-independent; a
per-face problem points at the face's entry), its `tables` are `reference_tables` ("scoring",
"turn") and the numbers of the source's worked example played with the kit's values
(`example_values`: `rules.example.…`), which the rulebook prints while the example still goes as the
source tells it (the feature `worked_example`, `example_fits`).
The rest is the pure model: `score` (best split), the turn state machine (`start_turn`, `throw`,
`stop`, `play_turn`), the game (`Game`, `write_score`, `play_game`, `playout_stats`) and the
strategies; the play-outs of `pnp playtest` and `pnp check` (`playout`, playout.py). Ambiguous readings of the source are recorded once, in `DECISIONS`.
"""
from __future__ import annotations

from pnp.rules import Feature, Kit, RulesModel, Seats, Table
from pnp.rules.toolkit.dice import net_problems

from .check import check_params, combination_step, reachable
from .example import example_fits, example_values
from .game import (Fall, Game, GameResult, PlayoutStats, Situation, Strategy, TurnReport, play_game,
                   playout_stats, scripted_strategy, threshold_strategy, write_score)
from .params import DECISIONS, DICE, FACES, PLAYERS_MIN, DixMilleParams
from .playout import playout as _make_playout  # not `playout`: importing the submodule `.playout`
# afterwards (a test's `import kits.dix_mille.playout`) rebinds the package's name `playout` to it
from .scoring import Group, Score, ThrowScore, combinations, score, score_without, throw_score
from .tables import fr_number, reference_tables, scoring_table, turn_table
from .turn import (Offer, Roll, ThrowOutcome, TurnRecord, TurnState, play_turn, random_roll, scripted,
                   start_turn, stop, throw)

NET_ART = ("art/patron-de.svg",)  # the kit's drawing of one die net (art/patron.py draws it)


def printed(params: DixMilleParams) -> dict[str, Table | str | int]:
    """What the kit prints: the reference card's tables and the worked example's numbers."""
    return {**reference_tables(params), **example_values(params)}


# rules: Exemple — the rulebook tells the source's example with the kit's values only while it goes as
# the source tells it (the same dice kept, the same combinations); `pnp check` warns of its numbers otherwise
FEATURES = (Feature("worked_example", lambda kit, params: example_fits(params), values=("rules.example",),
                    what="the worked example: with these values its throws no longer go as the source tells them"),)

model: RulesModel[Kit, DixMilleParams] = RulesModel(
    name="dix-mille",
    summary="Le 10 000: push-your-luck dice game, reach exactly 10 000 points with 5 dice.",
    params=DixMilleParams,
    # rules: Matériel — "5 dés à 6 faces": the fold-up nets the kit prints (des.yaml) are 5
    check=lambda kit, params: check_params(params) + (net_problems(kit, DICE, NET_ART, "rules: Matériel — 5 dés")
                                                      if kit is not None else []),
    tables=lambda kit, params: printed(params),
    playout=lambda kit, params: _make_playout(params),
    # rules: "Nb joueurs : 2 à 5, 6 , 7..." (decision: two_or_more): no upper bound, the score sheet's columns give one
    seats=lambda kit, params: [Seats("the rules of Le 10 000 are for 2 players or more (decision: two_or_more)",
                                     low=PLAYERS_MIN)],
    features=FEATURES,
)

__all__ = [
    "DECISIONS", "DICE", "FACES", "model", "DixMilleParams",
    "Group", "Score", "ThrowScore", "combinations", "score", "score_without", "throw_score",
    "Offer", "Roll", "ThrowOutcome", "TurnRecord", "TurnState", "play_turn", "random_roll", "scripted",
    "start_turn", "stop", "throw",
    "Situation", "Strategy", "scripted_strategy", "threshold_strategy",
    "Fall", "Game", "GameResult", "PlayoutStats", "TurnReport", "play_game", "playout_stats", "write_score",
    "check_params", "combination_step", "reachable", "example_fits", "example_values",
    "fr_number", "reference_tables", "scoring_table", "turn_table",
]
