"""Clochemerle's fast play-outs (fastcards.py, fastyear.py) against the reference (placement.py,
scoring.py, playout.Year): the same decisions, effects and values on the states random play
reaches, and the same games, record for record, for both agents."""
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kits.clochemerle import CardState, Params, Placement, card_score, default_material, mairie_majority
from kits.clochemerle.fastcards import EMPTY, FastCard
from kits.clochemerle.fastyear import Cards, playout
from kits.clochemerle.placement import apply, decisions, destinations, expels
from kits.clochemerle.playout import play
from pnp.rules import AGENTS

MATERIAL = default_material()
NAMES = [f"P{i + 1}" for i in range(6)]
SEATS = {name: i for i, name in enumerate(NAMES)}


def reference_decisions(card: FastCard, state: CardState, seat: int) -> list[tuple[int, int]]:
    return [(card.index[d.pos], d.weeks) for d in decisions(state, NAMES[seat])]


def random_states(card: FastCard, rng: random.Random, steps: int) -> list[CardState]:
    """States of a card reached by random legal placements of six seats (expelled pawns moved)."""
    state, out = CardState.of(card.card), []
    for _ in range(steps):
        out.append(state)
        seat = rng.randrange(6)
        offers = decisions(state, NAMES[seat])
        if not offers:
            continue
        offer = rng.choice(offers)
        if expels(state, offer):
            offer = Placement(offer.player, offer.pos, offer.weeks, rng.choice(destinations(state)))
        state = apply(state, offer)
    return out


def assert_same(card: FastCard, state: CardState, seat: int):
    own, name = card.state(state.pawns, SEATS), NAMES[seat]
    assert card.pawns(own, NAMES) == dict(state.pawns)
    found = card.decisions(own, seat)
    assert found == reference_decisions(card, state, seat)
    if not card.seated:
        assert found == ([] if card.one_pawn and seat in own else card.open_decisions(own))
    assert all(weeks <= card.longest for _, weeks in found)
    if card.place == "mairie":
        assert card.majority(own) == len(mairie_majority(state))
    for die, sign in ((1, 1), (6, -1)):
        value = card.value(own, seat, die, sign)
        assert value == card_score(state, die, sign, NAMES).total(name) == card.values(own, 6, die, sign)[seat]
        changes = card.changes(own, seat, found, die, sign)
        for (cell, weeks), change in zip(found, changes, strict=True):
            after = apply(state, Placement(name, card.positions[cell], weeks))  # an expelled pawn left off
            assert change == card_score(after, die, sign, NAMES).total(name) - value
    for cell, weeks in found:
        offer = Placement(name, card.positions[cell], weeks)
        assert card.expels(own, cell, seat) == expels(state, offer)
        if expels(state, offer):
            empty = [card.index[pos] for pos in destinations(state)]
            assert card.expelled_values(own, cell, empty, 4, -1) == [
                card.value(card.apply(own, cell, seat, to), own[cell], 4, -1) for to in empty]
        for to in [EMPTY] + ([card.index[pos] for pos in destinations(state)] if expels(state, offer) else []):
            moved = Placement(name, offer.pos, weeks, card.positions[to] if to != EMPTY else None)
            assert card.pawns(card.apply(own, cell, seat, to), NAMES) == dict(apply(state, moved).pawns)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**16), steps=st.integers(1, 12))
def test_the_fast_cards_decide_and_score_as_the_reference(seed, steps):
    rng, table = random.Random(seed), Cards([list(MATERIAL.places)])
    for card in table.cards[0]:
        for state in random_states(card, rng, steps):
            for seat in range(6):
                assert_same(card, state, seat)


@pytest.mark.parametrize("agent", ["random", "greedy"])
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_fast_games_are_the_reference_games(agent, players):
    fast = playout(MATERIAL, Params())
    for seed in range(6):
        reference = play(MATERIAL, players, random.Random(seed), Params(), AGENTS[agent])
        assert fast.play(players, AGENTS[agent], random.Random(seed)) == reference
