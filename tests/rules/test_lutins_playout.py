"""Play-outs of the lutins rules model through the harness interface: they end with a winner."""
import random

import pytest

from kits.lutins import ARRIVED, default_board, initial_state, play, playout, winner
from kits.lutins.playout import choose_turn
from pnp.rules import AGENTS
from pnp.rules.harness import play_range

BOARD = default_board()
BOUND = 400


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_end_with_a_winner_within_the_bound(players):
    records = play_range(playout(BOARD, BOUND), players, "greedy", 3, 0, 12)
    assert all(r.ended and len(r.winners) == 1 and 0 < r.turns < BOUND for r in records)
    assert sum(r.situations["elves arrived"] for r in records) >= 6 * 12 * (2 if players == 2 else 1)


@pytest.mark.parametrize("players", [2, 4])
def test_young_variant_games_end(players):
    records = play_range(playout(BOARD, BOUND, young=True), players, "greedy", 5, 0, 6)
    assert all(r.ended for r in records)


def test_a_random_game_ends_and_a_short_bound_is_a_game_that_did_not_end():
    record = play(BOARD, 4, AGENTS["random"], random.Random(1), 3000)
    assert record.ended and record.ending == "all elves across" and record.situations["trees moved"] > 100
    stopped = play(BOARD, 4, AGENTS["random"], random.Random(1), 5)
    assert not stopped.ended and stopped.winners == () and stopped.turns == 5


def test_the_same_seed_gives_the_same_games():
    assert play_range(playout(BOARD, BOUND), 3, "greedy", 11, 0, 4) == play_range(playout(BOARD, BOUND), 3, "greedy",
                                                                                 11, 0, 4)


def test_a_chased_elf_goes_where_the_agent_puts_it_and_the_winner_has_every_elf_across():
    rng, state, chased = random.Random(7), initial_state(BOARD, 4), 0
    from kits.lutins import play_turn
    while winner(state) is None:
        tree, elf = choose_turn(state, rng)
        if elf is not None and elf.chased is not None:
            assert elf.relocation is not None
            chased += 1
        state = play_turn(state, tree, elf)  # checked: every decision is legal
    colour = state.seats[winner(state)][0]
    assert all(state.status(elf) == ARRIVED for elf in state.elves_of(colour))
