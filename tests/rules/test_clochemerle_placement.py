"""Placement legality of the six places of Clochemerle, on hand-made positions."""
import pytest
from hypothesis import given, settings, strategies as st

from kits.clochemerle import (CardState, IllegalPlacement, PlaceCard, Placement, default_places_data,
                              legal_placements, place)


def card(key: str, copy: int = 1) -> PlaceCard:
    data = [d for d in default_places_data() if d["place"] == key][copy - 1]
    return PlaceCard.from_data(data)


def offers(state: CardState, player: str) -> set[tuple]:
    return {(o.pos, o.weeks, o.expel_to) for o in legal_placements(state, player)}


def test_eglise_offers_the_last_cell_of_each_rang():
    state = CardState.of(card("eglise"))
    assert offers(state, "A") == {((2, 0), 3, None), ((2, 1), 3, None), ((2, 2), 4, None)}


def test_eglise_pushes_pawns_up_and_closes_a_full_rang():
    state = CardState.of(card("eglise"))
    for player in "ABC":
        state = place(state, Placement(player, (2, 0), 3))
    assert dict(state.pawns) == {(0, 0): "A", (1, 0): "B", (2, 0): "C"}
    assert {pos for pos, _, _ in offers(state, "D")} == {(2, 1), (2, 2)}
    with pytest.raises(IllegalPlacement):
        place(state, Placement("D", (2, 0), 3))


def test_eglise_allows_several_pawns_of_a_player():
    state = place(CardState.of(card("eglise")), Placement("A", (2, 1), 3))
    assert ((2, 1), 3, None) in offers(state, "A")


def test_mairie_and_bar_offer_any_empty_cell():
    state = CardState.of(card("mairie", 2), {(0, 0): "A"})
    got = offers(state, "A")
    assert len(got) == 8 and ((2, 2), 2, None) in got and all(pos != (0, 0) for pos, _, _ in got)
    bar = CardState.of(card("bar"), {(0, 0): "A", (1, 2): "B"})
    assert {pos for pos, _, _ in offers(bar, "A")} == {(0, 1), (0, 2), (1, 0), (1, 1)}


def test_marche_offers_only_the_first_free_cell():
    state = CardState.of(card("marche"))
    assert offers(state, "A") == {((0, 0), 3, None)}
    state = place(state, Placement("A", (0, 0), 3))
    assert offers(state, "B") == {((0, 1), 3, None)}


def test_marche_allows_one_pawn_per_player():
    state = CardState.of(card("marche"), {(0, 0): "A"})
    assert offers(state, "A") == set()
    with pytest.raises(IllegalPlacement):
        place(state, Placement("A", (0, 1), 3))


def test_boulodrome_expels_for_cost_plus_three_to_an_empty_cell():
    full_but_one = {pos: "A" for pos in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]}
    state = CardState.of(card("boulodrome"), full_but_one)
    got = offers(state, "B")
    assert ((1, 2), 3, None) in got
    assert ((0, 2), 6, (1, 2)) in got and ((0, 0), 5, (1, 2)) in got
    after = place(state, Placement("B", (0, 2), 6, (1, 2)))
    assert after.pawns[(0, 2)] == "B" and after.pawns[(1, 2)] == "A"


def test_boulodrome_cannot_expel_own_pawn_nor_without_an_empty_cell():
    state = CardState.of(card("boulodrome"), {(0, 0): "A"})
    assert all(expel is None for _, _, expel in offers(state, "A"))
    full = CardState.of(card("boulodrome"), {cell.pos: "A" for cell in card("boulodrome").cells()})
    assert offers(full, "B") == set()


def test_medecin_first_empty_cell_for_one_week_or_jump_for_more():
    state = CardState.of(card("medecin"), {(0, 0): "A", (0, 1): "B"})
    assert offers(state, "C") == {((0, 2), 1, None), ((0, 1), 2, None), ((0, 0), 3, None)}
    after = place(state, Placement("C", (0, 0), 3))
    assert dict(after.pawns) == {(0, 0): "C", (0, 1): "A", (0, 2): "B"}


def test_medecin_full_queue_and_one_pawn_per_player():
    queue = card("medecin").cells()
    full = CardState.of(card("medecin"), {cell.pos: f"P{i}" for i, cell in enumerate(queue)})
    assert offers(full, "Z") == set()
    assert offers(CardState.of(card("medecin"), {(0, 0): "A"}), "A") == set()


@settings(max_examples=40, deadline=None)
@given(key=st.sampled_from(["eglise", "mairie", "bar", "marche", "boulodrome", "medecin"]),
       copy=st.sampled_from([1, 2]), picks=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 99)), max_size=14))
def test_random_legal_sequences_keep_the_card_consistent(key, copy, picks):
    state = CardState.of(card(key, copy))
    for player_index, choice in picks:
        options = legal_placements(state, f"P{player_index}")
        if not options:
            continue
        before = len(state.pawns)
        state = place(state, options[choice % len(options)])
        assert len(state.pawns) == before + 1
        assert all(option.weeks >= 1 for option in options)
    if key == "medecin":  # the queue has no gap
        taken = [cell.pos in state.pawns for cell in state.card.cells()]
        assert taken == sorted(taken, reverse=True)
    if key == "eglise":  # a rang fills from its last cell
        for column in state.card.columns():
            taken = [cell.pos in state.pawns for cell in column]
            assert taken == sorted(taken)
    if key == "marche":  # one pawn per player
        assert len(set(state.pawns.values())) == len(state.pawns)
