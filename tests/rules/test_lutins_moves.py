"""Legal moves of the lutins rules model on hand-made positions (6 x 6 forest, 4 start squares a side).

Start squares: violet north (row -1), bleu south (row 6), rouge west (col -1), jaune east (col 6),
each on columns/rows 1..4. Seat 0 is bleu, so bleu moves at turn 0.
"""
from dataclasses import replace

import pytest

from kits.lutins import (
    ElfMove, IllegalMove, TreeMove, empty_board, legal_elf_moves, legal_tree_moves, movable_elves,
    play_turn, position, relocation_options, second_directions,
)

B6 = empty_board(6, count=4)
BLEU = ("bleu", 0)


def firsts(state, elf=BLEU):
    return {m.to for m in legal_elf_moves(state) if m.elf == elf and m.via is None}


def seconds(state, via, elf=BLEU):
    return {m.to for m in legal_elf_moves(state) if m.elf == elf and m.via == via}


def ends(state, elf=BLEU):
    return {m.to for m in legal_elf_moves(state) if m.elf == elf}


def test_first_slides_stop_at_trees_edges_and_own_start_row():
    state = position(B6, {BLEU: (2, 4)}, trees=[(2, 1)])
    assert firsts(state) == {(2, 2), (5, 1), (5, 4), (3, 5), (2, 5), (1, 5), (0, 4), (0, 2)}


def test_slide_never_stops_early():
    state = position(B6, {BLEU: (2, 4)}, trees=[(2, 1)])
    assert (2, 3) not in ends(state)  # rules: "Il n'est donc pas permis, d'interrompe un déplacement"


def test_slide_stops_before_another_elf():
    state = position(B6, {BLEU: (2, 4), ("rouge", 0): (2, 1)})
    assert (2, 2) in firsts(state)
    assert not {(2, 1), (2, 0), (2, -1)} & ends(state)  # no jumping


def test_second_slide_turns_exactly_90_degrees():
    state = position(B6, {BLEU: (2, 4)}, trees=[(2, 1)])
    assert seconds(state, (2, 2)) == {(5, 2), (0, 2)}


def test_second_directions():
    assert set(second_directions((0, -1), False)) == {(1, 0), (-1, 0)}
    assert set(second_directions((1, 1), False)) == {(1, -1), (-1, 1)}
    assert len(second_directions((1, 1), True)) == 8


def test_young_variant_second_slide_any_direction():
    state = position(B6, {BLEU: (2, 4)}, trees=[(2, 1)], young=True)
    # going straight back passes over the square the elf left
    assert seconds(state, (2, 2)) == {(4, 0), (5, 2), (5, 5), (2, 5), (0, 4), (0, 2), (0, 0)}


def test_first_slide_onto_arrival_square_ends_the_move():
    state = position(B6, {BLEU: (2, 4)})
    assert (2, -1) in firsts(state)
    assert seconds(state, (2, -1)) == set()


def test_second_slide_stops_on_arrival_square():
    state = position(B6, {BLEU: (5, 3)}, trees=[(1, 3)])
    assert (2, 3) in firsts(state)
    assert (2, -1) in seconds(state, (2, 3))


def test_no_passing_over_side_colours_start_squares():
    state = position(B6, {BLEU: (3, 2)}, players=3)  # rouge's squares empty still count
    for move in legal_elf_moves(state):
        assert B6.in_forest(move.to) or move.to in B6.arrival("bleu")
    assert (0, 2) in firsts(state)


def test_no_return_to_own_start_squares():
    state = position(B6, {BLEU: (2, 2)})
    assert (2, 5) in firsts(state)
    assert not set(B6.starts("bleu")) & ends(state)


def test_elf_at_home_must_enter_the_forest():
    state = position(B6, {BLEU: (2, 6), ("bleu", 1): (3, 6)})
    assert firsts(state) == {(2, -1), (5, 3), (0, 4)}


def test_chase_opponent_still_at_home():
    victim = ("violet", 1)
    state = position(B6, {BLEU: (2, 4), victim: (2, -1)})
    chase = next(m for m in legal_elf_moves(state) if m.to == (2, -1))
    assert chase == ElfMove(BLEU, (2, -1), None, victim)
    options = relocation_options(state, chase)
    assert set(options) == {(1, -1), (3, -1), (4, -1)} | set(B6.forest)
    after = play_turn(state, None, replace(chase, relocation=(3, -1)))
    assert after.elves == {BLEU: (2, -1), victim: (3, -1)}
    assert after.status(BLEU) == "arrived" and after.status(victim) == "home"


def test_chase_needs_a_legal_relocation():
    state = position(B6, {BLEU: (2, 4), ("violet", 1): (2, -1)})
    chase = next(m for m in legal_elf_moves(state) if m.to == (2, -1))
    with pytest.raises(IllegalMove):
        play_turn(state, None, chase)
    with pytest.raises(IllegalMove):  # another player's start square
        play_turn(state, None, replace(chase, relocation=(-1, 2)))


def test_never_chase_own_elf():
    state = position(B6, {BLEU: (2, 4), ("violet", 1): (2, -1)},
                     seats=[["bleu", "violet"], ["rouge", "jaune"]])
    assert (2, -1) not in ends(state)
    assert (2, 0) in firsts(state)


def test_arrived_elf_is_an_obstacle_and_never_moves():
    state = position(B6, {BLEU: (2, 4), ("bleu", 1): (2, -1)})
    assert movable_elves(state) == [BLEU]
    assert (2, 0) in firsts(state)
    assert (2, -1) not in ends(state)


def test_tree_moves_one_square_onto_empty_forest_squares():
    state = position(B6, {BLEU: (1, 1)}, trees=[(0, 0)])
    assert {t.dst for t in legal_tree_moves(state)} == {(1, 0), (0, 1)}


def test_tree_never_onto_a_start_square():
    state = position(B6, {}, trees=[(2, 0)])
    assert {t.dst for t in legal_tree_moves(state)} == {(1, 0), (3, 0), (1, 1), (2, 1), (3, 1)}
    with pytest.raises(IllegalMove):
        play_turn(state, TreeMove((2, 0), (2, -1)))


def test_tree_moved_by_previous_player_is_locked_for_one_turn():
    state = position(B6, {BLEU: (2, 4)}, trees=[(2, 0), (4, 4)])
    after = play_turn(state, TreeMove((2, 0), (2, 1)))
    assert after.locked_tree == (2, 1) and after.turn == 1
    assert all(t.src != (2, 1) for t in legal_tree_moves(after))
    with pytest.raises(IllegalMove):
        play_turn(after, TreeMove((2, 1), (2, 2)))
    later = play_turn(after)
    assert later.locked_tree is None
    assert any(t.src == (2, 1) for t in legal_tree_moves(later))


def test_elf_moves_follow_the_tree_move():
    state = position(B6, {BLEU: (2, 4)}, trees=[(3, 1)])
    tree = TreeMove((3, 1), (2, 1))
    assert (2, 2) in {m.to for m in legal_elf_moves(state, tree) if m.via is None}
    after = play_turn(state, tree, ElfMove(BLEU, (2, 2)))
    assert after.elves[BLEU] == (2, 2) and (2, 1) in after.trees


def test_illegal_elf_move_refused():
    state = position(B6, {BLEU: (2, 4)}, trees=[(2, 1)])
    with pytest.raises(IllegalMove):
        play_turn(state, None, ElfMove(BLEU, (2, 3)))
