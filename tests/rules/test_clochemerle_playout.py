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

