"""Play-outs of the Similis family: the banned-pair variant, the market, what players lay and give."""
from __future__ import annotations

import random

from pnp.errors import Ref
from pnp.model.kit import Card, Deck, DeckFile
from kits.similis import SimilisParams, SimilisPlay
from kits.similis import playtest as similis_playtest
from pnp.rules.toolkit.products import Product
from pnp.rules.toolkit.shedding import Kind, Tabletop

SIMILIS = SimilisPlay((Kind(4, 1, 0), Kind(3, 2, 1), Kind(2, 3, 2)))
ATTRS = {"valeur": [1, 2, 3, 4, 5], "forme": ["ankh", "scarabée"], "couleur": ["bleu", "vert"], "fond": ["pierre", "sable"]}


def product_of(rows: list[dict]) -> Product:
    spec = DeckFile(kind="deck", name="cartes", layout="x", fields={f: "text" for f in ATTRS}, cards=rows)
    cards = tuple(Card(i, str(i + 1), r, 1, "x", None, Ref("d.yaml", ("cards", i)), {}) for i, r in enumerate(rows))
    deck = Deck(name="cartes", title="cartes", spec=spec, cards=cards, ref=Ref("d.yaml"))
    return Product(deck, ATTRS, 3, Ref("game.yaml"))


def test_the_banned_pair_is_drawn_for_each_game_and_kept_out_of_series():
    # every card is a blue ankh: whatever two cards are drawn, the banned pair is ankh + bleu, so no
    # series can ever be laid and every game ends by the empty-pile rule
    rows = [{"valeur": v, "forme": "ankh", "couleur": "bleu", "fond": f} for v in range(1, 6) for f in ("pierre", "sable")]
    variant = SimilisParams(attributes=ATTRS, hand=2, market=1, banned_pair={"first": "forme", "second": "couleur"})
    line = similis_playtest(product_of(rows), variant, 3, 20, 1)
    assert "a hand emptied in 0%" in line and "ended by the empty-pile rule in 100%" in line, line
    plain = similis_playtest(product_of(rows), SimilisParams(attributes=ATTRS, hand=2, market=1), 3, 20, 1)
    assert "a hand emptied in 100%" in plain, plain


def test_a_banned_card_never_goes_to_the_market():
    banned = SimilisPlay(SIMILIS.kinds, hand=1, market=2, banned=(1, "a", 2, "x"))
    cards = [(1, "a", "x", "p"), (2, "a", "x", "q"), (3, "b", "x", "p"), (4, "a", "y", "p"), (5, "a", "x", "p")]
    for seed in range(20):
        table = Tabletop(cards, 1, random.Random(seed), banned)
        assert table.market and not [c for c in table.market if c[1:3] == ("a", "x")], table.market
        assert all(c in table.pile + table.market + table.hands[0] for c in cards)
    table = Tabletop([(1, "a", "x", "p"), (2, "a", "x", "q")], 1, random.Random(0), banned)
    assert table.market == [] and len(table.pile) == 1  # only banned cards left: the market stays short


def test_a_series_of_hand_cards_is_preferred_to_one_with_a_market_card():
    # the three 1s and the market's 1 come first in the search; four 'd' of the hand come later
    hand = [(1, "a", "x", "p"), (1, "b", "y", "q"), (1, "c", "z", "p"), (2, "d", "y", "q"), (3, "d", "z", "p"),
            (4, "d", "x", "q"), (5, "d", "y", "p")]
    market = [(1, "a", "z", "q")]
    assert SIMILIS.find(hand, market, Kind(4, 1)) == (hand[3:], None)
    assert SIMILIS.find(hand[:6], market, Kind(4, 1)) == (hand[:3], market[0])


def test_gifts_are_the_cards_one_cannot_lay_then_the_highest():
    rules = SimilisPlay(SIMILIS.kinds, banned=(1, "a", 2, "x"))
    hand = [(5, "b", "y", "p"), (1, "a", "x", "p"), (3, "c", "z", "q"), (4, "b", "x", "q")]
    assert rules.gift(hand) == (1, "a", "x", "p")  # banned: it can only be given away
    assert rules.gift(hand) == (5, "b", "y", "p") and rules.gift(hand) == (4, "b", "x", "q")
    assert hand == [(3, "c", "z", "q")]
