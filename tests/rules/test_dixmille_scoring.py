"""Scoring of Le 10 000: hand-made throws (best split) and properties of the split."""
from collections import Counter

import pytest
from hypothesis import given, strategies as st

from kits.dix_mille import DixMilleParams, combinations, score, score_without, throw_score

DEFAULT = DixMilleParams()
dice = st.lists(st.integers(1, 6), min_size=0, max_size=5)


def kinds(result):
    return sorted((g.kind, g.faces) for g in result.groups)


@pytest.mark.parametrize("throw, points", [
    ((1,), 100), ((5,), 50), ((2,), 0), ((3, 4, 6), 0),            # rules: singles
    ((1, 5, 2, 3, 3), 150),
    ((1, 1, 1, 2, 3), 1000), ((5, 5, 5, 2, 3), 500),               # rules: brelans 1 and 5
    ((2, 2, 2, 3, 4), 200), ((3, 3, 3), 300), ((4, 4, 4, 1, 5), 550), ((6, 6, 6, 2, 3), 600),
    ((1, 1, 1, 5, 5), 1100),                                       # brelan of 1 + two single 5s
    ((5, 5, 5, 5, 1), 1100),                                       # carré of 5 + single 1
    ((1, 1, 1, 1, 2), 5000), ((1, 1, 1, 1, 5), 5050),              # rules: carré of 1 = 5000
    ((2, 2, 2, 2, 3), 400), ((6, 6, 6, 6, 1), 1300),
    ((1, 1, 1, 1, 1), 10000), ((5, 5, 5, 5, 5), 2000), ((2, 2, 2, 2, 2), 800),
    ((6, 6, 6, 6, 6), 2400),
    ((1, 2, 3, 4, 5), 1500), ((2, 3, 4, 5, 6), 1500), ((5, 4, 3, 2, 1), 1500),  # straights
    ((1, 3, 4, 5, 6), 150), ((2, 2, 3, 4, 6), 0), ((2, 3, 3, 4, 6), 0),
])
def test_hand_made_throws(throw, points):
    assert score(throw).points == points


def test_best_split_prefers_the_brelan_to_single_ones():
    result = score((1, 1, 1, 5, 5))
    assert kinds(result) == [("single", (5,)), ("single", (5,)), ("three", (1, 1, 1))]
    assert result.used == (1, 1, 1, 5, 5) and result.unused == ()


def test_four_fives_and_a_one_is_a_carre_plus_a_single():
    assert kinds(score((5, 5, 5, 5, 1))) == [("four", (5, 5, 5, 5)), ("single", (1,))]


def test_straight_beats_counting_its_one_and_five():
    straight = score((1, 2, 3, 4, 5))
    assert kinds(straight) == [("straight", (1, 2, 3, 4, 5))] and straight.unused == ()
    spread = score((1, 2, 3, 4, 5), one_throw=False)  # rules: "Suite en plusieurs coup : 0"
    assert spread.points == 150 and spread.unused == (2, 3, 4)


def test_four_ones_are_a_carre_not_a_brelan_and_a_single():
    result = score((1, 1, 1, 1, 3))
    assert result.points == 5000 and kinds(result) == [("four", (1, 1, 1, 1))]
    assert result.unused == (3,)


def test_unused_dice_are_reported():
    result = score((6, 1, 2, 2, 5))
    assert result.used == (1, 5) and result.unused == (2, 2, 6)


def test_straights_are_a_parameter():
    low_only = DixMilleParams(straights=["1 2 3 4 5"])
    assert score((2, 3, 4, 5, 6), low_only).points == 50
    assert score((1, 2, 3, 4, 5), low_only).points == 1500
    assert score((1, 2, 3, 4, 5), DixMilleParams(straights=[])).points == 150
    assert score((1, 2, 3, 4, 5), DixMilleParams(straight=2000)).points == 2000


def test_a_tweaked_value_changes_the_score():
    params = DixMilleParams(three_of_a_kind={1: 1000, 2: 250, 3: 300, 4: 400, 5: 500, 6: 600},
                            four_of_a_kind_factor=3)
    assert score((2, 2, 2), params).points == 250
    assert score((2, 2, 2, 2), params).points == 750
    assert score((2, 2, 2, 2, 2), params).points == 1500


def test_kept_fives_combine_with_a_new_five():
    # the worked example: two kept 5s + a new 5 = brelan of 5 (500), replacing the 100 of the singles
    step = throw_score((5, 5), (5, 2, 2))
    assert (step.before.points, step.after.points, step.gained) == (100, 500, 400)
    assert step.kept == (5, 5, 5) and step.new_scoring == (5,) and step.scores
    carre = throw_score((5, 5, 5), (5, 3))
    assert carre.after.points == 1000 and carre.kept == (5, 5, 5, 5)


def test_a_throw_without_new_points_does_not_score():
    step = throw_score((1, 5), (2, 3, 4))
    assert not step.scores and step.gained == 0 and step.kept == (1, 5)


def test_a_straight_needs_all_five_dice_of_one_throw():
    step = throw_score((1,), (2, 3, 4, 5))
    assert step.after.points == 150 and not step.after.has("straight")
    assert throw_score((), (3, 1, 4, 2, 5)).after.points == 1500


def test_combinations_list_every_group_once():
    groups = combinations(DEFAULT)
    assert len(groups) == 2 + 3 * 6 + 2
    assert {g.label: g.points for g in groups}["1 1 1 1"] == 5000


def test_score_without_a_group():
    carre = next(g for g in combinations(DEFAULT) if g.label == "5 5 5 5")
    assert score_without(carre, DEFAULT) == 550  # brelan of 5 + a single 5


# ---- properties -----------------------------------------------------------------------------

@given(dice)
def test_score_is_never_negative_and_sums_its_groups(throw):
    result = score(throw)
    assert result.points >= 0
    assert result.points == sum(g.points for g in result.groups)
    assert sorted(result.used + result.unused) == sorted(throw)


@given(dice, st.randoms(use_true_random=False))
def test_order_of_dice_is_irrelevant(throw, rng):
    shuffled = list(throw)
    rng.shuffle(shuffled)
    assert score(shuffled) == score(throw)


@given(st.lists(st.integers(1, 6), max_size=4), st.integers(1, 6), st.booleans())
def test_adding_a_die_never_lowers_the_best_score(kept, die, one_throw):
    assert score(kept + [die], one_throw=one_throw).points >= score(kept, one_throw=one_throw).points


@given(dice)
def test_used_dice_alone_score_the_same(throw):
    result = score(throw)
    assert score(result.used).points == result.points
    assert score(result.unused).points == 0


@given(st.lists(st.integers(1, 6), max_size=4), dice)
def test_a_throw_scores_iff_it_adds_a_kept_die(kept, thrown):
    kept = score(kept, one_throw=False).used
    thrown = thrown[:5 - len(kept)]
    step = throw_score(kept, thrown)
    assert step.scores == bool(step.new_scoring)
    assert Counter(step.kept) == Counter(kept) + Counter(step.new_scoring)
    assert not Counter(step.new_scoring) - Counter(thrown)


@given(dice, st.integers(2, 5))
def test_scaling_every_value_scales_every_score(throw, k):
    base = DEFAULT
    scaled = DixMilleParams(
        single_one=k * base.single_one, single_five=k * base.single_five,
        three_of_a_kind={f: k * v for f, v in base.three_of_a_kind.items()},
        four_of_a_kind_exceptions={f: k * v for f, v in base.four_of_a_kind_exceptions.items()},
        five_of_a_kind_exceptions={f: k * v for f, v in base.five_of_a_kind_exceptions.items()},
        straight=k * base.straight)
    assert score(throw, scaled).points == k * score(throw).points
