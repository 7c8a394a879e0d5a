"""Clochemerle's cards on the table in fast play-outs (fastslot.py, and the masks and memos of
fastcards.py) against the reference (placement.py, scoring.py): on the states random placements
reach, a slot's masks are its state's, and each seat's entry, read from memos shared by every
slot of the card (so a memo keyed by too little would hand one state's entry to another), holds
the seat's decisions there and the greedy agent's top change and the decisions that reach it."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kits.clochemerle import CardState, Placement, card_score, default_material
from kits.clochemerle.fastcards import EMPTY, FastCard, ranking
from kits.clochemerle.places import DIE
from kits.clochemerle.fastslot import Slot
from kits.clochemerle.placement import apply
from kits.clochemerle.scoring import _mairie_key

MATERIAL = default_material()
NAMES = [f"P{i + 1}" for i in range(6)]
CARDS = [FastCard(card) for card in MATERIAL.places]  # one per card, its memos shared by the examples


def play_on(slot: Slot, rng: random.Random, steps: int):
    """Random legal placements of six seats on the slot (an expelled pawn to a random empty cell),
    the slot yielded before each and after the last."""
    for _ in range(steps):
        yield slot
        seat = rng.randrange(6)
        decisions = slot.card.decisions(slot.own, seat)
        if not decisions:
            continue
        cell, _ = rng.choice(decisions)
        empty = [i for i, owner in enumerate(slot.own) if owner == EMPTY]
        to = rng.choice(empty) if slot.card.expels(slot.own, cell, seat) else EMPTY
        slot.place(cell, seat, to)
    yield slot


def state_of(card: FastCard, own: tuple[int, ...]) -> CardState:
    return CardState.of(card.card, card.pawns(own, NAMES))


def reference_changes(card: FastCard, own: tuple[int, ...], seat: int, die: int, sign: int) -> list[int]:
    """What each of the seat's decisions changes in its score of the card (scoring.card_score)."""
    state, name = state_of(card, own), NAMES[seat]
    before = card_score(state, die, sign, NAMES).total(name)
    return [card_score(apply(state, Placement(name, card.positions[cell], weeks)), die, sign, NAMES).total(name) - before
            for cell, weeks in card.decisions(own, seat)]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 10), greedy=st.booleans())
def test_a_slot_s_masks_and_entries_are_those_of_its_state(seed, steps, greedy):
    rng = random.Random(seed)
    for card in CARDS:
        table = Slot(card, 6, greedy)
        table.turn_up(rng.randint(*DIE), rng.choice((1, -1)), rng.choice((1, 2)))
        for slot in play_on(table, rng, steps):
            assert (slot.filled, slot.masks) == card.masks(slot.own, 6)
            assert slot.filled == sum(1 << i for i, owner in enumerate(slot.own) if owner != EMPTY)
            for seat in rng.sample(range(6), 6):
                assert_entry(slot, seat, greedy)


def assert_entry(slot: Slot, seat: int, greedy: bool) -> None:
    card, own = slot.card, slot.own
    decisions, _, top, ties, longest, _ = slot.entries[seat] or slot.fill(seat)
    assert list(decisions) == card.decisions(own, seat)
    assert longest == max((weeks for _, weeks in decisions), default=0)
    if greedy and decisions:
        changes = [slot.factor * change for change in reference_changes(card, own, seat, slot.die, slot.sign)]
        assert top == max(changes)
        assert list(ties) == [k for k, change in enumerate(changes) if change == top]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 12))
def test_the_masks_score_and_rank_as_the_reference(seed, steps):
    rng = random.Random(seed)
    for card in CARDS:
        slot = Slot(card, 6, False)
        *_, slot = play_on(slot, rng, steps)
        state, (filled, masks) = state_of(card, slot.own), card.masks(slot.own, 6)
        for die, sign in ((1, 1), (6, -1)):
            assert card.scores(filled, masks, die, sign) == [card_score(state, die, sign, NAMES).total(name)
                                                            for name in NAMES]
        if card.place == "mairie":
            keys = {seat: _mairie_key(state, NAMES[seat]) for seat in range(6) if masks[seat]}
            best, owner, second = card.ranked(masks)
            for seat in range(6):
                others = max((key for other, key in keys.items() if other != seat), default=())
                assert card.best_other(masks, seat) == others == (second if seat == owner else best)


@given(after=st.lists(st.tuples(st.integers(0, 3), st.integers(-12, 12)), min_size=1, max_size=9),
       sign=st.sampled_from((1, -1)))
def test_a_ranking_is_the_top_at_every_face_of_the_die_or_none(after, sign):
    ranked = ranking(after, sign)
    tops = []
    for die in range(DIE[0], DIE[1] + 1):
        worths = [sign * (a * die + b) for a, b in after]
        tops.append([k for k, worth in enumerate(worths) if worth == max(worths)])
    if ranked is None:
        assert any(top != tops[0] for top in tops)
    else:
        ties, points = ranked
        assert all(list(ties) == top for top in tops) and points == after[ties[0]]
