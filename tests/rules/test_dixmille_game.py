"""The game of Le 10 000: writing, assassinat, dépassement, chute, victory, the five-1s variant."""
import random

import pytest

from kits.dix_mille import (DixMilleParams, Fall, Game, Offer, play_game, playout_stats, scripted,
                            scripted_strategy, threshold_strategy, write_score)

DEFAULT = DixMilleParams()
NOTHING = (2, 3, 4, 6, 6)  # a throw of five dice that scores nothing


def test_writing_adds_the_turn_points():
    assert write_score((350, 400, 0), 0, 3450, DEFAULT) == ((3800, 400, 0), ())


def test_assassinat_below_the_floor_falls_to_zero():
    scores, falls = write_score((3000, 2500, 100), 1, 500, DEFAULT)
    assert scores == (0, 3000, 100)
    assert falls == (Fall(0, "assassination", 1, 3000, 0),)


def test_assassinat_above_the_floor_falls_to_the_floor():
    scores, falls = write_score((6000, 5500), 1, 500, DEFAULT)
    assert scores == (5000, 6000) and falls[0].after == 5000


def test_a_fall_from_exactly_the_floor_lands_on_zero():
    # decision: floor — "Sauf si vous aviez dépassé 5 000 Pts": dépasser is strict
    scores, _ = write_score((5000, 4000), 1, 1000, DEFAULT)
    assert scores == (0, 5000)
    assert DEFAULT.fall(5050) == 5000 and DEFAULT.fall(5000) == 0 and DEFAULT.fall(300) == 0


def test_depassement_falls():
    scores, falls = write_score((9800, 0), 0, 300, DEFAULT)
    assert scores == (5000, 0) and falls == (Fall(0, "overshoot", 0, 10100, 5000),)
    no_floor = DixMilleParams(floor=0)
    assert write_score((9800, 0), 0, 300, no_floor)[0] == (0, 0)


def test_depassement_does_not_assassinate():
    scores, falls = write_score((9800, 5000), 0, 300, DEFAULT)
    assert scores == (5000, 5000) and len(falls) == 1  # decision: assassination


def game(scores, throws, strategies, params=DEFAULT, current=0, offer=None):
    return Game(params, len(scores), scripted(throws), strategies, scores=scores, current=current,
                offer=offer)


def test_victory_waits_for_the_end_of_the_round():
    g = game((9500, 0, 0), [(5, 5, 5, 2, 3), NOTHING, NOTHING],
             [scripted_strategy(stops=[True]), scripted_strategy(accepts=[False]), scripted_strategy()])
    first = g.play_turn()
    assert first.written == 10000 and not first.round_over and g.winner is None
    g.play_turn()
    assert g.winner is None
    last = g.play_turn()
    assert last.round_over and g.winner == 0


def test_assassinated_at_the_target_does_not_win():
    g = game((9500, 9900, 0), [(5, 5, 5, 2, 3), (1, 2, 2, 3, 4), NOTHING],
             [scripted_strategy(stops=[True]), scripted_strategy(stops=[True], accepts=[False]),
              scripted_strategy(accepts=[False])])
    g.play_turn()
    second = g.play_turn()
    assert second.falls == (Fall(0, "assassination", 1, 10000, 5000),)
    g.play_turn()
    assert g.winner == 1 and g.scores == (5000, 10000, 0)


def test_the_last_seat_wins_at_once_when_the_round_ends():
    g = game((0, 9900), [(1, 2, 2, 3, 4)], [scripted_strategy(), scripted_strategy(stops=[True])], current=1)
    report = g.play_turn()
    assert report.round_over and g.winner == 1
    with pytest.raises(ValueError):
        g.play_turn()


def test_no_winner_without_exactly_the_target():
    g = game((9800, 0), [(5, 5, 5, 2, 3), NOTHING],
             [scripted_strategy(stops=[True]), scripted_strategy(accepts=[False])])
    g.play_turn(), g.play_turn()
    assert g.winner is None and g.scores == (5000, 0)


def test_five_ones_variant_wins_at_once():
    params = DixMilleParams(five_ones_wins=True)
    g = game((0, 0, 0), [(1, 1, 1, 1, 1)], [scripted_strategy()] * 3, params)
    report = g.play_turn()
    assert g.winner == 0 and g.by_five_ones and report.record.wins_at_once and not report.round_over


def test_five_ones_built_over_throws_also_win_in_the_variant():
    params = DixMilleParams(five_ones_wins=True)
    g = game((0, 0), [(1, 1, 2, 3, 4), (1, 1, 1)], [scripted_strategy(stops=[False])] * 2, params)
    g.play_turn()
    assert g.winner == 0


def test_five_ones_without_the_variant_are_10000_and_a_rethrow():
    g = game((0, 0), [(1, 1, 1, 1, 1), (1, 2, 3, 3, 4)], [scripted_strategy(stops=[True])] * 2)
    report = g.play_turn()
    assert g.winner is None and report.written == 10100 and g.scores == (5000, 0)


def test_refusing_a_challenge_throws_five_dice():
    g = game((0, 0), [NOTHING], [scripted_strategy(accepts=[False])] * 2, offer=Offer(400, 1))
    report = g.play_turn()
    assert report.record.accepted is None and report.record.outcomes[0].dice == NOTHING


def test_a_lost_turn_offers_nothing():
    g = game((0, 0), [NOTHING], [scripted_strategy()] * 2)
    g.play_turn()
    assert g.offer is None and g.current == 1


def test_game_needs_two_players_and_a_strategy_each():
    with pytest.raises(ValueError):
        Game(DEFAULT, 1, scripted([]), [threshold_strategy()])
    with pytest.raises(ValueError):
        Game(DEFAULT, 3, scripted([]), [threshold_strategy()])


@pytest.mark.parametrize("seed", range(5))
def test_random_games_end_with_a_winner_at_the_target(seed):
    result = play_game(3, random.Random(seed), threshold_strategy())
    assert result.winner is not None and result.turns < 2000
    assert result.scores[result.winner] == DEFAULT.target
    assert sum(s == DEFAULT.target for s in result.scores) == 1


def test_random_games_with_the_variant():
    params = DixMilleParams(five_ones_wins=True)
    results = [play_game(2, random.Random(seed), params=params) for seed in range(10)]
    assert all(r.winner is not None for r in results)
    assert all(r.by_five_ones or r.scores[r.winner] == params.target for r in results)


def test_playout_statistics():
    stats = playout_stats(games=20, n_players=3, seed=1)
    assert stats.finished == stats.games == 20 and sum(stats.wins_by_seat) == 20
    assert 0 < stats.mean_turns <= stats.max_turns < 2000
    assert stats.five_ones_wins == 0


def test_a_bounded_game_may_end_without_winner():
    result = play_game(2, random.Random(0), max_turns=3)
    assert result.winner is None and result.turns == 3
