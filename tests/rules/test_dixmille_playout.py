"""Le 10 000's play-outs for the harness follow the model's own rules (game.py, turn.py)."""
from __future__ import annotations

import random

from kits.dix_mille import DixMilleParams, write_score
from kits.dix_mille.playout import OUTCOMES, Match, Throws, playout
from kits.dix_mille.scoring import throw_score
from pnp.rules import AGENTS
from pnp.rules.harness import play_range


def test_writing_a_score_falls_and_assassinates_as_the_game_does():
    params, rng = DixMilleParams(), random.Random(5)
    for _ in range(500):
        scores = [rng.choice([0, 50, 4950, 5000, 5050, 9900, 9950, 10000]) for _ in range(4)]
        seat, points = rng.randrange(4), rng.choice([50, 100, 150, 5000])
        match = Match(params, Throws(params), 4, AGENTS["random"], rng)
        match.scores = list(scores)
        match.write(seat, points)
        expected, falls = write_score(scores, seat, points, params)
        assert tuple(match.scores) == expected
        assert sum(match.counts.values()) == len(falls)


def test_a_throw_is_scored_against_the_kept_dice_as_turn_py_scores_it():
    params, throws = DixMilleParams(), Throws(DixMilleParams())
    for kept, dice in [((), (5, 5, 4, 4, 3)), ((5, 5), (2, 2, 5)), ((5, 5, 5), (3, 5)), ((), (1, 2, 3, 4, 5))]:
        result = throw_score(kept, dice, params)
        assert throws(kept, dice) == (result.scores, result.kept, result.after.points, result.after.has("five", 1))
    assert len(OUTCOMES[5]) == 6 ** 5 and OUTCOMES[2].count((1, 2)) == 2  # as likely as the dice make them


def test_games_end_on_exactly_the_target_and_count_their_situations():
    records = play_range(playout(DixMilleParams()), 3, "random", 2, 0, 12)
    assert all(r.ended and len(r.winners) == 1 and r.ending == "exactly the target" for r in records)
    assert all(r.situations["challenges taken"] >= r.situations["challenges won"] for r in records)
    assert sum(r.situations["falls by overshoot"] for r in records) > 0
    five = play_range(playout(DixMilleParams(five_ones_wins=True)), 2, "greedy", 0, 0, 40)
    assert any(r.ending == "five 1s" and r.situations["five 1s"] == 1 for r in five)


def test_the_one_loop_game_is_the_turn_by_turn_game():
    """fastgame.quick_play (an untraced game with pnp's agents) and Match.play_stepped play the
    same games, with and without the five 1s variant."""
    for params in (DixMilleParams(), DixMilleParams(five_ones_wins=True)):
        throws = Throws(params)
        for agent in ("random", "greedy"):
            for players in (2, 4, 7):
                for seed in range(6):
                    games = [Match(params, throws, players, AGENTS[agent], random.Random(seed)) for _ in range(2)]
                    assert games[0].play() == games[1].play_stepped()
