"""Properties of the lutins rules model under random legal play (hypothesis)."""
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from kits.lutins import (
    ARRIVED, FOREST_STATUS, choose_turn, default_board, initial_state, legal_elf_moves, legal_tree_moves, occupancy,
    play_turn, relocation_options, winner,
)

BOARD = default_board()


def _sign(value):
    return (value > 0) - (value < 0)


def _step(a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    assert dx == 0 or dy == 0 or abs(dx) == abs(dy), (a, b)
    return _sign(dx), _sign(dy)


def _free(state, occupied, colour, square):
    return square in BOARD.zone(colour) and square not in occupied


def _check_slide(state, occupied, colour, a, b, chased):
    """Every square between a and b is free, and a slide that does not arrive could not go on."""
    dx, dy = step = _step(a, b)
    square = (a[0] + dx, a[1] + dy)
    while square != b:
        assert _free(state, occupied, colour, square), (a, b, square)
        square = (square[0] + dx, square[1] + dy)
    assert _free(state, occupied, colour, b) or (chased and occupied.get(b) == chased)
    if b not in BOARD.arrival(colour):
        assert not _free(state, occupied, colour, (b[0] + dx, b[1] + dy)), (a, b)
    return step


def _check_moves(state, tree):
    moved = state if tree is None else replace(state, trees=(state.trees - {tree.src}) | {tree.dst})
    for move in legal_elf_moves(state, tree):
        occupied = occupancy(moved)
        occupied.pop(moved.elves[move.elf])
        colour, start = move.elf[0], moved.elves[move.elf]
        if move.via is None:
            _check_slide(moved, occupied, colour, start, move.to, move.chased)
            continue
        first = _check_slide(moved, occupied, colour, start, move.via, None)
        second = _check_slide(moved, occupied, colour, move.via, move.to, move.chased)
        assert moved.young or first[0] * second[0] + first[1] * second[1] == 0, move  # 90°


def _check_position(state, arrived_before, chased_so_far):
    squares = list(state.elves.values())
    assert len(set(squares)) == len(squares), "two elves on one square"
    assert len(state.trees) == 34 and all(BOARD.in_forest(t) for t in state.trees)
    assert not set(squares) & state.trees, "an elf on a tree"
    for elf, square in state.elves.items():
        assert BOARD.in_forest(square) or square in BOARD.starts(elf[0]) + BOARD.arrival(elf[0])
    for elf, square in arrived_before.items():
        assert state.elves[elf] == square, "an arrived elf moved"
    if len(state.seats) >= 3 and not chased_so_far:
        for seat in state.seats:
            in_forest = [e for e in state.elves if e[0] in seat and state.status(e) == FOREST_STATUS]
            assert len(in_forest) <= 1


def _warm_up(state, data):
    """Some greedy play-out turns first, to reach positions with arrivals and chases."""
    rng, chased = random.Random(data.draw(st.integers(0, 2**16))), False
    for _ in range(data.draw(st.integers(0, 70))):
        tree, elf = choose_turn(state, rng)
        chased |= elf is not None and elf.chased is not None
        state = play_turn(state, tree, elf)
        if winner(state) is not None:
            break
    return state, chased


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 4), young=st.booleans(), data=st.data())
def test_random_legal_play_keeps_the_rules(players, young, data):
    state, chased_so_far = _warm_up(initial_state(BOARD, players, young=young), data)
    for _ in range(data.draw(st.integers(0, 30))):
        if winner(state) is not None:
            break
        tree = data.draw(st.sampled_from([None] + legal_tree_moves(state)))
        _check_moves(state, tree)
        elf = data.draw(st.sampled_from([None] + legal_elf_moves(state, tree)))
        if elf is not None and elf.chased is not None:
            elf = replace(elf, relocation=data.draw(st.sampled_from(relocation_options(state, elf, tree))))
            chased_so_far = True
        arrived = {e: sq for e, sq in state.elves.items() if state.status(e) == ARRIVED}
        state = play_turn(state, tree, elf)
        _check_position(state, arrived, chased_so_far)
