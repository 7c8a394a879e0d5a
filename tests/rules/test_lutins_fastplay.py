"""The lutins' fast play-outs (grid.py, fastpos.py, fastplay.py) against the reference move
generators (moves.py) and the reference loop (playout.play): the same legal decisions on the
positions random play reaches, every legal decision drawn alike by the random agent, and the
greedy agent's games the reference's move for move."""
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kits.lutins import (
    ElfMove, TreeMove, default_board, empty_board, initial_state, legal_elf_moves, legal_tree_moves,
    movable_elves, play, play_turn, playout, position, relocation_options, winner,
)
from kits.lutins.fastplay import play as fast_play
from kits.lutins.fasttop import progress, top_moves
from kits.lutins.fastpos import NONE, Position
from kits.lutins.grid import Grid
from pnp.rules import AGENTS
from pnp.rules.harness import play_range

BOARD = default_board()
GRID = Grid(BOARD)


def elf_move(grid, state, move) -> ElfMove:
    elves = list(state.elves)
    e, to, via, chased = move
    return ElfMove(elves[e], grid.square(to), grid.square(via) if via != NONE else None,
                   elves[chased] if chased != NONE else None)


def tree_move(grid, fast, move) -> TreeMove:
    return TreeMove(grid.square(fast.trees[move[0]]), grid.square(move[1]))


def draws(sample, count):
    """What `sample(random)` gives for each of its `count` first draws (then a draw of no move)."""
    out = []
    for r in range(count):
        values = iter([(r + 0.5) / count, 0.0])
        out.append(sample(lambda values=values: next(values)))
    return out


def drawn(sample, count):
    """The moves the random agent's draws can give: each legal move once is a uniform draw."""
    return sorted(move for move in draws(sample, count)[1:] if move is not None)


def random_position(data, players, young):
    """A position reached by random legal play from the set-up (reference moves, checked)."""
    rng, state = random.Random(data.draw(st.integers(0, 2**16))), initial_state(BOARD, players, young=young)
    for _ in range(data.draw(st.integers(0, 400))):
        tree = rng.choice([None, *legal_tree_moves(state)])
        elf = rng.choice([None, *legal_elf_moves(state, tree)])
        if elf is not None and elf.chased is not None:
            elf = replace(elf, relocation=rng.choice(relocation_options(state, elf, tree)))
        state = play_turn(state, tree, elf)
        if winner(state) is not None:
            break
    return state


def same_decisions(grid, state):
    fast = Position.of(grid, state)
    elves = list(state.elves)
    assert [elves[e] for e in fast.movable()] == movable_elves(state)
    assert [tree_move(grid, fast, t) for t in fast.tree_moves()] == legal_tree_moves(state)
    assert drawn(fast.sample_tree, 1 + 8 * len(fast.trees)) == sorted(fast.tree_moves())
    for tree in [None, *fast.tree_moves()[:3]]:
        fast = Position.of(grid, state)
        reference = legal_tree_moves(state)[fast.tree_moves().index(tree)] if tree else None
        fast.move_tree(tree)
        moves = fast.elf_moves()
        assert [elf_move(grid, state, m) for m in moves] == legal_elf_moves(state, reference)
        assert drawn(fast.sample_elf, 1 + len(fast.movable()) * 8 * fast.stride) == sorted(moves)
        assert_top_moves(fast, moves)
        for move in (m for m in moves if m[3] != NONE):
            assert_relocations(grid, state, reference, move)


def assert_top_moves(fast, moves):
    """fasttop.top_moves: the top gain of `moves` (fastplay.progress) and the moves of that gain, in order."""
    gains = progress(fast, moves)
    top = max(gains, default=None)
    assert top_moves(fast) == (top, [move for move, gain in zip(moves, gains) if gain == top])


def assert_relocations(grid, state, tree, move):
    fast = Position.of(grid, state)
    fast.move_tree(next((t for t in fast.tree_moves() if tree_move(grid, fast, t) == tree), None))
    fast.move_elf(move[0], move[1])
    expected = relocation_options(state, elf_move(grid, state, move), tree)
    assert [grid.square(sq) for sq in fast.relocations(move[3])] == expected


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), young=st.booleans(), data=st.data())
def test_the_fast_position_lists_the_reference_decisions(players, young, data):
    same_decisions(GRID, random_position(data, players, young))


def test_hand_made_positions_with_chases_give_the_reference_decisions():
    b6 = empty_board(6, count=4)
    home_bleu = {("bleu", i): (1 + i, 6) for i in range(4)}
    elves = {**home_bleu, ("bleu", 0): (2, 4), ("violet", 0): (2, -1), ("violet", 1): (3, 3),
             ("violet", 2): (1, -1), ("violet", 3): (3, -1), ("violet", 4): (4, -1)}
    for players in (2, 3, 4):
        for young in (False, True):
            state = position(b6, elves, trees=[(0, 1), (4, 4), (5, 2)], players=players, young=young,
                             locked_tree=(4, 4))
            assert any(m.chased for m in legal_elf_moves(state))
            same_decisions(Grid(b6), state)
    partners = position(b6, elves, players=2, seats=[("bleu", "violet"), ("rouge", "jaune")])
    assert not any(m.chased for m in legal_elf_moves(partners))  # decision: NO_OWN_CHASE
    same_decisions(Grid(b6), partners)


def test_the_random_agent_draws_every_decision_alike():
    rng, state = random.Random(5), initial_state(BOARD, 2)
    for _ in range(40):
        state = play_turn(state, None, rng.choice(legal_elf_moves(state)))
    fast = Position.of(GRID, state)
    options = [None, *fast.elf_moves()]
    draws = Counter(fast.sample_elf(rng.random) for _ in range(200 * len(options)))
    assert set(draws) == set(options)
    assert max(draws.values()) < 1.6 * min(draws.values())  # ~200 each
    trees = [None, *fast.tree_moves()]
    draws = Counter(fast.sample_tree(rng.random) for _ in range(100 * len(trees)))
    assert set(draws) == set(trees) and max(draws.values()) < 1.8 * min(draws.values())


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("young", [False, True])
def test_greedy_games_are_the_reference_games(players, young):
    for seed in range(6):
        reference = play(BOARD, players, AGENTS["greedy"], random.Random(seed), 400, young)
        assert fast_play(GRID, players, AGENTS["greedy"], random.Random(seed), 400, young) == reference


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("young", [False, True])
def test_the_random_game_loop_plays_the_turn_by_turn_games(players, young):
    for seed in range(6):  # with a log, fastplay.play plays turn by turn (random_turn); without, random_game
        stepped = fast_play(GRID, players, AGENTS["random"], random.Random(seed), 3000, young, log=[])
        assert fast_play(GRID, players, AGENTS["random"], random.Random(seed), 3000, young) == stepped
    bounded = fast_play(GRID, players, AGENTS["random"], random.Random(7), 50, young, log=[])
    assert not bounded.ended and fast_play(GRID, players, AGENTS["random"], random.Random(7), 50, young) == bounded


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_every_elf_of_the_winner_across(players):
    records = play_range(playout(BOARD, 3000), players, "random", 1, 0, 30)
    assert all(r.ended and len(r.winners) == 1 for r in records)
    assert sum(r.situations["chases"] for r in records) > 0
    assert all(r.situations["elves arrived"] >= 6 * (2 if players == 2 else 1) for r in records)
