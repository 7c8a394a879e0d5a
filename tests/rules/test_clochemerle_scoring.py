"""Scoring of Clochemerle on hand-made positions: each place, signs, malus, doubling, time penalty."""
import pytest

from kits.clochemerle import (CardState, EventCard, PlaceCard, card_score, default_events_data,
                              default_places_data, mairie_majority, missing_weeks, place_points,
                              quarter_factor, row_score, time_penalty)


def card(key: str, copy: int = 1) -> PlaceCard:
    return PlaceCard.from_data([d for d in default_places_data() if d["place"] == key][copy - 1])


def event(title: str) -> EventCard:
    return EventCard.from_data(next(d for d in default_events_data() if d["title"] == title))


def test_eglise_die_plus_rows_times_own_pawns():
    # rows score 2, 1, 0 from the top; A stands on rows 0 and 2, B on row 1
    state = CardState.of(card("eglise"), {(0, 0): "A", (1, 0): "B", (2, 1): "A"})
    assert place_points(state, 4) == {"A": (4 + 2 + 0) * 2, "B": (4 + 1) * 1}


def test_eglise_sign_and_malus_of_absent_players():
    state = CardState.of(card("eglise", 2), {(2, 0): "A"})  # card 2: malus -2
    score = card_score(state, 5, -1, ["A", "B", "C"])
    assert dict(score.points) == {"A": -5}
    assert dict(score.malus) == {"B": -2, "C": -2}
    assert score.total("B") == -2


def test_malus_stays_negative_under_a_plus_event():
    score = card_score(CardState.of(card("eglise")), 3, +1, ["A"])
    assert dict(score.malus) == {"A": -1}


def test_mairie_majority_only_scores_die_plus_ten():
    state = CardState.of(card("mairie"), {(2, 0): "A", (2, 1): "A", (0, 0): "B"})
    assert place_points(state, 3) == {"A": 13}


def test_mairie_tie_goes_to_the_highest_pawn():
    state = CardState.of(card("mairie"), {(1, 0): "A", (2, 0): "A", (0, 1): "B", (2, 1): "B"})
    assert mairie_majority(state) == {"B"}


def test_mairie_tie_on_highest_row_looks_at_the_row_below():
    state = CardState.of(card("mairie"), {(0, 0): "A", (2, 0): "A", (0, 1): "B", (1, 1): "B"})
    assert mairie_majority(state) == {"B"}


def test_mairie_more_pawns_in_the_highest_row_do_not_break_the_tie():
    # both have a pawn in the top row: "encore ex equo", so "la ligne d'en dessous" decides (B has 1, A 0)
    state = CardState.of(card("mairie"), {(0, 0): "A", (0, 2): "A", (0, 1): "B", (1, 1): "B"})
    assert mairie_majority(state) == {"B"}
    lower = CardState.of(card("mairie"), {(1, 0): "A", (1, 2): "A", (1, 1): "B", (2, 1): "B"})
    assert mairie_majority(lower) == {"B"}  # the same below an empty top row


def test_mairie_full_tie_everyone_scores():
    state = CardState.of(card("mairie"), {(0, 0): "A", (2, 0): "A", (0, 1): "B", (2, 1): "B", (2, 2): "C"})
    assert place_points(state, 6) == {"A": 16, "B": 16}
    assert place_points(CardState.of(card("mairie")), 6) == {}


def test_bar_die_plus_value_of_occupied_cells():
    state = CardState.of(card("bar"), {(0, 0): "A", (0, 1): "A", (1, 0): "B"})  # crowd 0,1,2,4,6,8
    assert place_points(state, 5) == {"A": 5 + 2, "B": 5 + 2}
    full = CardState.of(card("bar", 2), {cell.pos: "A" for cell in card("bar", 2).cells()})
    assert place_points(full, 1) == {"A": 1 + 6}


def test_marche_and_medecin_die_plus_cell_points():
    marche = CardState.of(card("marche"), {(0, 0): "A", (0, 1): "B"})  # 4 and 3 points
    assert place_points(marche, 2) == {"A": 6, "B": 5}
    medecin = CardState.of(card("medecin", 2), {(0, 0): "C", (0, 1): "A"})  # 6 and 4 points
    assert place_points(medecin, 1) == {"C": 7, "A": 5}


def test_boulodrome_die_once_plus_all_own_cells():
    state = CardState.of(card("boulodrome"), {(0, 0): "A", (1, 2): "A", (0, 1): "B"})  # 1, 4 ; 2
    assert place_points(state, 3) == {"A": 3 + 1 + 4, "B": 3 + 2}


def test_row_score_signs_from_the_event_and_last_quarter_doubled():
    cards = [card(key) for key in ("eglise", "mairie", "bar", "marche", "boulodrome", "medecin")]
    pawns = {"eglise": {(2, 0): "A"}, "mairie": {(0, 0): "A"}, "marche": {(0, 0): "B"}, "medecin": {(0, 0): "B"}}
    states = [CardState.of(c, pawns.get(c.place)) for c in cards]
    cassoulet = event("La fête du cassoulet")  # mairie and marché are "-"
    normal = row_score(states, [1, 2, 3, 4, 5, 6], cassoulet, ["A", "B", "C"])
    assert normal.places["mairie"] == {"A": -12} and normal.places["marche"] == {"B": -8}
    assert normal.places["medecin"] == {"B": 11} and normal.places["eglise"] == {"A": 1}
    assert normal.malus == {"B": -1, "C": -1}  # the église card 1 malus
    assert normal.total("A") == -11 and normal.total("B") == 2 and normal.total("C") == -1
    doubled = row_score(states, [1, 2, 3, 4, 5, 6], cassoulet, ["A", "B", "C"], factor=quarter_factor(4))
    assert [doubled.total(p) for p in "ABC"] == [-22, 4, -2]


def test_quarter_factor_doubles_only_the_last_quarter():
    assert [quarter_factor(q) for q in (1, 2, 3, 4)] == [1, 1, 1, 2]


@pytest.mark.parametrize("missing, penalty", [(0, 0), (1, -1), (2, -3), (3, -6), (4, -10), (6, -21)])
def test_time_penalty_is_cumulative(missing, penalty):
    assert time_penalty(missing) == penalty


def test_missing_weeks_past_fin():
    assert missing_weeks(50, 2) == 0 and missing_weeks(50, 3) == 1 and missing_weeks(49, 6) == 3
