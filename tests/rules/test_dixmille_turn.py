"""The turn of Le 10 000, and the source's worked example (Caroline, Albert, Béatrice) throw by throw.

The source's running total for Caroline contradicts its own table: after the carré of 5 (1000) it
adds the next 1 to 500 ("soit 100 pts => 600"), as if the carré were still the brelan. The model
follows the table, so from that throw on it is 500 above the source: 1100 / 1200 / 1400 instead of
600 / 700 / 900. Albert's part is consistent with the table when he starts from the source's 900.
"""
import pytest
from hypothesis import given, strategies as st

from kits.dix_mille import (DixMilleParams, Game, Offer, TurnState, play_turn, scripted,
                            scripted_strategy, start_turn, stop, throw)

# (throw, the source's running total, the model's running total, what happens)
CAROLINE = [
    ((5, 5, 4, 4, 3), 100, 100, "keeps the two 5s, throws 3 dice"),
    ((5, 2, 2), 500, 500, "brelan of 5: 500 replaces the 100 of the two 5s"),
    ((5, 3), 1000, 1000, "carré of 5 = 1000 (double the brelan)"),
    ((1,), 600, 1100, "source: '1 soit 100 pts => 600' (500 + 100); table: 1000 + 100; all 5 score"),
    ((6, 6, 4, 3, 1), 700, 1200, "only the 1 scores; throws 4 dice"),
    ((5, 5, 3, 1), 900, 1400, "50 + 50 + 100; one die left: she stops"),
]
SOURCE_DISCREPANCY = 500  # the carré's value above the brelan, lost by the source from the 4th throw

# Albert accepts Caroline's die; his figures follow the table when he starts from the source's 900
ALBERT = [
    ((5,), 950, "50 + the offered 900; no die left: must re-throw all 5"),
    ((1, 2, 3, 4, 5), 2450, "straight in one throw: 1500; must re-throw all 5"),
    ((4, 4, 1, 1, 1), 3450, "brelan of 1: 1000; he stops, two dice left"),
]


def run(state, throws):
    outcomes = []
    for dice in throws:
        outcomes.append(throw(state, dice))
        state = outcomes[-1].state
    return state, outcomes


def test_caroline_throw_by_throw_follows_the_table_not_the_source():
    state = start_turn()  # rules: she refuses Béatrice's « 400 pts, un dé ? » and throws 5 dice
    for dice, source_total, model_total, what in CAROLINE:
        assert state.free == len(dice), what
        outcome = throw(state, dice)
        state = outcome.state
        assert state.points == model_total, what
        assert source_total in (model_total, model_total - SOURCE_DISCREPANCY), what
    assert [c[1] for c in CAROLINE] == [100, 500, 1000, 600, 700, 900]   # the source's figures
    assert [c[2] for c in CAROLINE] == [100, 500, 1000, 1100, 1200, 1400]  # the model's
    assert stop(state) == (1400, Offer(1400, 1))  # source: « 900 pts, un dé ? »


def test_caroline_must_rethrow_all_five_after_the_one():
    state, outcomes = run(start_turn(), [c[0] for c in CAROLINE[:4]])
    assert outcomes[3].must_rethrow and state.free == 5 and not state.can_stop
    assert [o.must_rethrow for o in outcomes[:3]] == [False, False, False]


def test_albert_from_the_sources_900_matches_the_source():
    state = start_turn(Offer(900, 1))
    assert state.free == 1  # the challenger throws only the offered die
    for dice, total, what in ALBERT:
        outcome = throw(state, dice)
        state = outcome.state
        assert state.points == total, what
    assert stop(state) == (3450, Offer(3450, 2))  # « 3450 pts, deux dés ? »
    assert 350 + 3450 == 3800  # what he writes, per the source


def test_albert_s_five_does_not_combine_with_caroline_s_dice():
    outcome = throw(start_turn(Offer(900, 1)), (5,))
    assert outcome.gained == 50 and outcome.must_rethrow and outcome.state.points == 950


def test_the_worked_example_as_a_game():
    # seats: Albert 0, Béatrice 1, Caroline 2; Béatrice has just offered one die at 400
    dice = scripted([c[0] for c in CAROLINE] + [a[0] for a in ALBERT] + [(4, 3)])
    strategies = [scripted_strategy(stops=[True], accepts=[True]),            # Albert
                  scripted_strategy(accepts=[True]),                          # Béatrice
                  scripted_strategy(stops=[False, False, False, False, True], accepts=[False])]
    game = Game(DixMilleParams(), 3, dice, strategies, scores=(350, 400, 0), current=2,
                offer=Offer(400, 1))
    caroline, albert, beatrice = game.play_turn(), game.play_turn(), game.play_turn()
    assert caroline.written == 1400                    # source: 900
    assert caroline.record.offer == Offer(1400, 1)     # source: « 900 pts, un dé ? »
    assert albert.record.accepted == Offer(1400, 1)
    assert albert.record.points == 1400 + 50 + 1500 + 1000 == 3950   # source: 3450
    assert albert.written == 350 + 3950 == 4300        # source: 350 + 3450 = 3800
    assert albert.record.offer == Offer(3950, 2)       # source: « 3450 pts, deux dés ? »
    assert beatrice.record.lost and beatrice.written is None
    assert game.scores == (4300, 400, 1400) and game.offer is None
    assert game.current == 2 and dice.remaining == 0   # « C'est à nouveau au tour de Caroline »


def test_a_throw_without_points_loses_the_turn():
    state, (first, second) = run(start_turn(), [(1, 2, 3, 3, 4), (2, 3, 4, 6)])
    assert first.state.points == 100 and second.lost and state.lost and state.points == 100
    with pytest.raises(ValueError):
        throw(state, (1, 1, 1, 1))


def test_a_failed_challenge_gains_nothing():
    record = play_turn(scripted([(4, 3)]), lambda s: True, offer=Offer(3450, 2))
    assert record.lost and record.points == 0 and record.offer is None


def test_a_won_challenge_can_stop_at_once():
    record = play_turn(scripted([(1, 3)]), lambda s: True, offer=Offer(400, 2))
    assert record.points == 500 and record.offer == Offer(500, 1)


def test_throw_size_is_checked():
    with pytest.raises(ValueError):
        throw(start_turn(), (1, 2, 3))
    with pytest.raises(ValueError):
        throw(start_turn(), (1, 2, 3, 4, 7))
    with pytest.raises(ValueError):
        start_turn(Offer(100, 5))


def test_stop_needs_a_scoring_throw_and_dice_left():
    with pytest.raises(ValueError):
        stop(start_turn())
    hot = throw(start_turn(), (1, 1, 1, 5, 5)).state
    assert hot.points == 1100 and hot.free == 5 and not hot.can_stop


def test_straight_only_in_one_throw():
    state, _ = run(start_turn(), [(1, 2, 3, 4, 6), (2, 3, 4, 5)])
    assert state.points == 150 and state.kept == (1, 5)


def test_scripted_dice_check_throw_sizes():
    dice = scripted([(1, 2)])
    with pytest.raises(ValueError):
        dice(3)


@given(st.lists(st.lists(st.integers(1, 6), min_size=5, max_size=5), min_size=1, max_size=12))
def test_turn_invariants(throws):
    state: TurnState = start_turn()
    for faces in throws:
        outcome = throw(state, faces[:state.free])
        assert outcome.state.points >= state.points or outcome.lost
        state = outcome.state
        assert 1 <= state.free <= 5 and len(state.kept) + state.free == 5
        if outcome.lost:
            break
        assert outcome.must_rethrow == (state.free == 5)
