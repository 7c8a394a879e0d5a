"""Clochemerle's play-outs (playout.py): a turn's decisions, what they do, and what is counted."""
import random

import pytest

from kits.clochemerle import CardState, Params, default_material
from kits.clochemerle.playout import Year, set_up_rows, supply_of
from pnp.rules import Agent

MATERIAL = default_material()


class Scripted(Agent):
    """Takes the first placement on the place (and cell) it is told, and the first destination."""

    def __init__(self, place: str, pos: tuple | None = None):
        self.place, self.pos = place, pos

    def choose(self, options, rng, gain=None):
        if len(options[0]) == 2:  # an expelled pawn's destination
            return options[0]
        return next(o for o in options if o[0].states[o[1]].card.place == self.place and self.pos in (None, o[2].pos))


def year(place: str, pawns: dict) -> tuple[Year, int]:
    """A 3-player year whose first row's card of `place` holds `pawns`; the seat to play."""
    params = Params()
    game = Year(set_up_rows(MATERIAL), MATERIAL.events, 3, supply_of(MATERIAL, params), params, Scripted(place),
                random.Random(0))
    row = game.active[0]
    i = next(i for i, state in enumerate(row.states) if state.card.place == place)
    row.states[i] = CardState.of(row.states[i].card, pawns)
    return game, game.next_seat()


@pytest.mark.parametrize("place, pawns", [("eglise", {(2, 0): "P9"}), ("medecin", {(0, 0): "P9"})])
def test_pushing_up_at_the_eglise_and_jumping_the_medecin_queue_are_no_expulsions(place, pawns):
    game, seat = year(place, pawns)
    game.turn(seat)
    state = next(s for s in game.active[0].states if s.card.place == place)
    assert game.counts["expulsions"] == 0
    assert sorted(state.pawns.values()) == sorted(["P9", game.names[seat]])


def test_an_expulsion_at_the_boulodrome_is_counted_and_moves_the_pawn_to_a_free_cell():
    game, seat = year("boulodrome", {(0, 0): "P9"})
    game.agent = Scripted("boulodrome", (0, 0))
    game.turn(seat)
    state = next(s for s in game.active[0].states if s.card.place == "boulodrome")
    assert game.counts["expulsions"] == 1
    assert state.pawns[(0, 0)] == game.names[seat] and list(state.pawns.values()).count("P9") == 1



def _played(players: int, seed: int, agent: str = "random") -> Year:
    from pnp.rules import AGENTS

    params = Params()
    game = Year(set_up_rows(MATERIAL), MATERIAL.events, players, supply_of(MATERIAL, params), params,
                AGENTS[agent], random.Random(seed))
    game.record = game.play()
    return game


def test_seats_are_numbered_in_playing_order_seat_1_the_pawn_on_top_of_the_stack():
    """decision: seat_order — the record's winners are ranks in the drawn stack, not pawn colours."""
    for seed in range(40):
        game = _played(4, seed)
        best = max(game.scores)
        assert game.record.winners == tuple(rank for rank, pawn in enumerate(game.order) if game.scores[pawn] == best)


def test_the_first_seat_is_the_first_to_play():
    params = Params()
    game = Year(set_up_rows(MATERIAL), MATERIAL.events, 4, supply_of(MATERIAL, params), params,
                Scripted("bar"), random.Random(7))
    assert game.next_seat() == game.order[0]  # the pawn drawn to the top plays first: seat 1 of the record
    game.turn(game.next_seat())
    assert game.next_seat() == game.order[1]


def test_a_tie_for_the_most_reputation_shares_the_win():
    """decision: end_tie — every seat tied for the most points is a winner."""
    shared = [game for game in (_played(5, seed) for seed in range(200)) if len(game.record.winners) > 1]
    assert shared, "no tie in 200 games"
    for game in shared:
        best = max(game.scores)
        assert sorted(game.scores[game.order[rank]] for rank in game.record.winners) == [best] * len(game.record.winners)
        assert [s for s in game.scores if s == best] == [best] * len(game.record.winners)
