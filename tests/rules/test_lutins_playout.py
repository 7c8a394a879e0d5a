"""Seeded random play-outs of the lutins rules model end with a winner within the bound."""
import random

import pytest

from kits.lutins import (
    ARRIVED, LutinsParams, default_board, play_game, playout_problems, playouts, winner,
)

BOARD = default_board()
BOUND = 400


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts_end_with_a_winner(players):
    stats = playouts(BOARD, players, games=20, seed=3, bound=BOUND)
    assert stats.hit_bound == 0
    assert sum(stats.wins.values()) == stats.games == 20
    assert 0 < stats.mean_turns <= stats.max_turns < BOUND


@pytest.mark.parametrize("players", [2, 4])
def test_young_variant_playouts_end_with_a_winner(players):
    stats = playouts(BOARD, players, games=10, seed=5, bound=BOUND, young=True)
    assert stats.hit_bound == 0 and sum(stats.wins.values()) == 10


def test_playouts_are_deterministic_for_a_seed():
    assert playouts(BOARD, 3, games=5, seed=11) == playouts(BOARD, 3, games=5, seed=11)


def test_two_player_wins_are_counted_by_seat_colours():
    stats = playouts(BOARD, 2, games=6, seed=2)
    assert set(stats.wins) <= {"bleu+rouge", "violet+jaune"}


def test_winner_has_brought_every_elf_across():
    seat, turns, state = play_game(BOARD, 4, random.Random(7), BOUND)
    assert seat == winner(state) is not None and turns < BOUND
    colour = state.seats[seat][0]
    assert all(state.status(elf) == ARRIVED for elf in state.elves_of(colour))


def test_bound_reached_is_reported_as_a_warning():
    problems = playout_problems(BOARD, LutinsParams(playouts=2, turn_bound=5))
    assert [p.severity for p in problems] == ["warning"] * 3
    assert problems[0].what == "2 of 2 random play-outs for 2 players found no winner within 5 turns"


def test_stats_summary():
    stats = playouts(BOARD, 4, games=4, seed=1)
    assert stats.summary().startswith("4 players, 4 games: wins ")
