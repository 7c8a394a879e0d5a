"""Play-outs of the Similis family: the market refilled from the hand, the banned pair, liquorice,
and random decisions drawn uniformly among the distinct legal series."""
from __future__ import annotations

import random
from collections import Counter

from pnp.core.errors import Ref
from pnp.model.kit import Card, Deck, DeckFile
from pnp.rules import AGENTS
from pnp.rules.harness import play_range
from pnp.rules.toolkit.products import Product
from pnp.rules.toolkit.shedplay import Game, Kind, Tables, thresholds
from kits.similis import SimilisParams, SimilisPlay
from kits.similis import playout as similis_playout

KINDS = (Kind(4, 1, 0), Kind(3, 2, 1), Kind(2, 3, 2))
ATTRS = {"valeur": [1, 2, 3, 4, 5], "forme": ["ankh", "scarabée"], "couleur": ["bleu", "vert"], "fond": ["pierre", "sable"]}


def product_of(rows: list[dict]) -> Product:
    spec = DeckFile(kind="deck", name="cartes", layout="x", fields={f: "text" for f in ATTRS}, cards=rows)
    cards = tuple(Card(i, str(i + 1), r, 1, "x", None, Ref("d.yaml", ("cards", i)), {}) for i, r in enumerate(rows))
    deck = Deck(name="cartes", title="cartes", spec=spec, cards=cards, ref=Ref("d.yaml"))
    return Product(deck, ATTRS, Ref("game.yaml"))


def full_deck() -> list[tuple]:
    return [(v, f, c, b) for v in range(1, 6) for f in ("ankh", "scarabée") for c in ("bleu", "vert")
            for b in ("pierre", "sable")]


def game(rules: SimilisPlay, seed: int = 0, players: int = 3, agent: str = "random") -> Game:
    tables = Tables(full_deck(), {kind.shared for kind in rules.kinds})
    # counted: the group counts kept whatever the agent, so that `decisions` (the reference) can list
    return Game(rules, tables, thresholds(rules, tables), players, AGENTS[agent], random.Random(seed), counted=True)


def test_the_banned_pair_is_drawn_for_each_game_and_kept_out_of_series():
    # every card is a blue ankh: whatever two cards are drawn, the banned pair is ankh + bleu, so no
    # series can ever be laid and every game ends by the empty-pile rule (a rule the seeds leave open)
    rows = [{"valeur": v, "forme": "ankh", "couleur": "bleu", "fond": f} for v in range(1, 6) for f in ("pierre", "sable")]
    variant = SimilisParams(attributes=ATTRS, hand=2, market=1, banned_pair={"first": "forme", "second": "couleur"})
    records = play_range(similis_playout(product_of(rows), variant), 3, "random", 1, 0, 20)
    assert {r.ending for r in records} == {"empty pile"} and all(len(r.winners) >= 1 for r in records)
    plain = play_range(similis_playout(product_of(rows), SimilisParams(attributes=ATTRS, hand=2, market=1)), 3,
                       "random", 1, 0, 20)
    assert {r.ending for r in plain} == {"hand emptied"}


def test_a_series_with_a_market_card_is_refilled_from_the_hand_and_the_pile_is_untouched():
    g = game(SimilisPlay(KINDS, hand=10, market=3))
    table, seat = g.table, 0
    with_market = [d for d in g.decisions(seat) if d[2] and KINDS[d[0]].give == 0]
    assert with_market, "a 10-card hand and a 3-card market offer a 4-card series with a market card"
    index, cards, market = with_market[0]
    pile, hand = list(table.pile), table.hands[seat]
    g.lay(seat, with_market[0])
    assert table.pile == pile and market not in table.market and len(table.market) == 3
    assert table.hands[seat].bit_count() == hand.bit_count() - 4  # rules: "on pose 4 cartes de sa main"
    refill = [card for card in table.market if card & hand]
    assert len(refill) == 1 and not refill[0] & cards


def test_a_banned_card_never_goes_to_the_market():
    for seed in range(30):
        g = game(SimilisPlay(KINDS, hand=10, market=3, ban_draw=(1, 2)), seed)
        assert g.table.unusable and not any(card & g.table.unusable for card in g.table.market)
        while g.table.hands[0] and g.turn(0):
            assert not any(card & g.table.unusable for card in g.table.market)


def test_the_random_agent_draws_every_distinct_series_alike():
    g = game(SimilisPlay(KINDS, hand=10, market=3), seed=4)
    options = g.decisions(0)
    entries = g.occurrences(0)
    assert sum(e[0] for e in entries) > len(options)  # some series lie in several groups
    draws = Counter(g.sample(entries) for _ in range(200 * len(options)))
    assert set(draws) == set(options)
    assert max(draws.values()) < 1.6 * min(draws.values())  # ~200 each: uniform, not weighted by groups


def test_greedy_lays_the_series_that_puts_most_cards_out_now():
    g = game(SimilisPlay(KINDS, hand=10, market=3), seed=4, agent="greedy")
    options = g.decisions(0)
    gains = {d: g.gain(d) for d in options}
    assert len(set(gains.values())) > 1  # 4 cards out of the hand, plus those given to opponents
    for seed in range(5):
        chosen = AGENTS["greedy"].choose(options, random.Random(seed), g.gain)
        assert gains[chosen] == max(gains.values())


def test_greedy_expands_only_the_series_of_the_top_gain():
    # `best` reckons a gain per kind, size and market card and expands only the top groups: the
    # same series as all of them filtered by gain, in the same order (so the same games)
    for seed in range(30):
        for rules in (SimilisPlay(KINDS, hand=10, market=3), SimilisPlay(KINDS, hand=7, market=1, ban_draw=(1, 2)),
                      # series of three alone, and Réglisse's kinds (every series of one gain): the
                      # triples read from pairs of cards and their thirds (`Tables.thirds`)
                      SimilisPlay((Kind(3, 2, 1),), hand=10, market=3), SimilisPlay((Kind(3, 1), Kind(2, 2)), hand=8,
                                                                                      market=3, ban_draw=(1, 2))):
            g = game(rules, seed=seed, players=3 + seed % 4, agent="greedy")
            for seat in range(g.players):
                g._seat = seat
                options = g.decisions(seat)
                if not options:
                    assert g.best(seat) == []
                    continue
                top = max(map(g.gain, options))
                assert g.best(seat) == [d for d in options if g.gain(d) == top]



def test_the_thirds_of_a_pair_make_its_series_of_three():
    tables = Tables(full_deck(), {1, 2, 3})
    for shared in (1, 2, 3):
        thirds = tables.thirds(shared)
        for a, b in ((a, b) for a in tables.bits for b in tables.bits if a < b):
            if tables.shared(a | b) < shared:
                assert a | b not in thirds
                continue
            expected = {c for c in tables.bits if c not in (a, b) and tables.shared(a | b | c) >= shared}
            assert {c for c in tables.bits if c & thirds[a | b] and c not in (a, b)} == expected


def test_the_greedy_loop_plays_the_turn_by_turn_games():
    """shedgreedy.greedy_play (an untraced greedy game) and Game.play_stepped play the same games,
    with Similis's kinds and with the banned pair."""
    tables = Tables(full_deck(), {1, 2, 3})
    for rules in (SimilisPlay(KINDS, hand=6, market=3), SimilisPlay(KINDS, hand=6, market=3, ban_draw=(1, 2))):
        for players in (3, 4):
            for seed in range(10):
                games = [Game(rules, tables, thresholds(rules, tables), players, AGENTS["greedy"], random.Random(seed))
                         for _ in range(2)]
                assert games[0].play() == games[1].play_stepped()
