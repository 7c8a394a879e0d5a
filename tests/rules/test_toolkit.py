"""pnp.rules.toolkit on its own, with no game's model: products of attribute domains, series, and
the shedding loop with its default hooks and an overridden one."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from pnp.core.errors import Ref
from pnp.model.kit import Card, Deck, DeckFile
from pnp.rules import Seats
from pnp.rules.toolkit.products import Product, complete_product, domain_problems
from pnp.rules.toolkit.series import shared_groups
from pnp.rules import AGENTS
from pnp.rules.harness import Runner, play_range
from pnp.rules.playout import Playout
from pnp.rules.toolkit.shedding import SheddingParams, deal_seats
from pnp.rules.toolkit.shedplay import Game, Kind, Shedding, Tables, Tabletop, playout, thresholds

ATTRS = {"n": [1, 2, 3], "c": ["x", "y"]}
KINDS = (Kind(3, 1), Kind(2, 2, give=1))


def deck_of(rows: list[dict]) -> Deck:
    spec = DeckFile(kind="deck", name="d", layout="x", fields={"n": "int", "c": "text"}, cards=rows)
    cards = tuple(Card(i, str(i + 1), r, 1, "x", None, Ref("d.yaml", ("cards", i)), {}) for i, r in enumerate(rows))
    return Deck("d", "d", spec, cards, Ref("d.yaml"))


def test_a_product_names_its_missing_duplicated_and_stray_cards_and_passes_the_others_back():
    rows = [{"n": 1, "c": "x"}, {"n": 1, "c": "x"}, {"n": 2, "c": "y"}, {"n": 4, "c": "x"}, {"n": 0, "c": "z"}]
    problems, others = complete_product(deck_of(rows), ATTRS, lambda card: card.fields["c"] != "z")
    assert [p.what for p in problems] == [
        "stray card: n 4 is not in the declared domain (1, 2, 3)",
        "duplicate card: n 1, c x is already card '1'",
        "missing card: n 1, c y", "missing card: n 2, c x", "missing card: n 3, c x", "missing card: n 3, c y"]
    assert [card.id for card in others] == ["5"]
    assert [p.what for p in domain_problems({"n": [1, 1], "c": ["x"]}, "w", Ref("g.yaml"))] == [
        "attribute 'n' lists 1 twice", "attribute 'c' needs at least 2 values to tell cards apart"]


def test_shared_groups_group_cards_by_each_choice_of_attributes():
    cards = [(1, "a"), (1, "b"), (2, "a")]
    assert list(shared_groups(cards, 1)) == [((0,), (1,), [(1, "a"), (1, "b")]), ((0,), (2,), [(2, "a")]),
                                             ((1,), ("a",), [(1, "a"), (2, "a")]), ((1,), ("b",), [(1, "b")])]
    assert [group for _, _, group in shared_groups(cards, 2)] == [[c] for c in cards]


def test_the_deal_needs_every_hand_the_market_and_a_pile():
    deck = type("D", (), {"name": "d", "total": lambda self: 10})()
    product = Product(deck, {}, Ref("d.yaml"))
    params = [SheddingParams(deck="d", attributes={}, hand=3, market=market, series=[]) for market in (0, 1)]
    assert deal_seats(product, params[0]) == [
        Seats("the deck 'd' of 10 cards deals 3 cards to at most 3 players, with a 0-card market and a draw pile", 3)]
    assert deal_seats(product, params[1])[0].high == 2


def test_the_default_loop_deals_turns_up_the_market_from_the_pile_and_ends():
    cards = [(n, c, s) for n in range(1, 6) for c in "xyz" for s in "pq"]
    rules = Shedding(KINDS, hand=4, market=2)
    tables = Tables(cards, {1, 2})
    game = Game(rules, tables, thresholds(rules, tables), 3, AGENTS["random"], random.Random(0))
    table = game.table
    assert [hand.bit_count() for hand in table.hands] == [4, 4, 4] and len(table.market) == 2 and len(table.pile) == 16
    assert sum(table.hands) + sum(table.market) + sum(table.pile) == (1 << len(cards)) - 1  # every card once
    records = play_range(playout(cards, rules), 3, "random", 5, 0, 20)
    assert all(r.ended and r.winners and r.turns < 100 for r in records)
    assert records == play_range(playout(cards, rules), 3, "random", 5, 0, 20)


@dataclass(frozen=True)
class SmallGame:
    """A picklable way to the shedding loop's Playout, as pnp.lab's KitPlayout is to a kit's."""

    def load(self) -> Playout:
        return playout([(n, c, s) for n in range(1, 6) for c in "xyz" for s in "pq"], Shedding(KINDS, hand=4, market=2))


def test_a_runner_loads_its_source_on_entering_and_plays_only_there():
    runner = Runner(SmallGame())
    with pytest.raises(RuntimeError, match=r"Runner.games\(\) plays inside `with Runner"):
        runner.games(3, "random", 5, 1)
    with runner:
        records, _ = runner.games(3, "random", 5, 1)
    assert records == play_range(SmallGame().load(), 3, "random", 1, 0, 5)


@dataclass(frozen=True)
class NoMarket(Shedding):
    """A game whose market cards may never be laid (a hook: `unusable`)."""

    def unusable(self, table: Tabletop, tables: Tables, rng: random.Random) -> int:
        return sum(tables.bits[:10])


def test_a_hook_keeps_cards_out_of_series_and_of_the_market():
    cards = [(n, c) for n in range(1, 6) for c in "xyzw"]
    rules = NoMarket((Kind(2, 1),), hand=3, market=2)
    tables = Tables(cards, {1})
    for seed in range(10):
        game = Game(rules, tables, thresholds(rules, tables), 2, AGENTS["random"], random.Random(seed))
        banned = game.table.unusable
        assert not any(card & banned for card in game.table.market)
        assert all(not cards & banned for _, cards, _ in game.decisions(0))


class OtherRandom(random.Random):
    """An rng whose draws are not `random.Random`'s own: the written-out draws leave it to `sample`."""

    def random(self) -> float:
        return 0.5


@pytest.mark.parametrize("n", [1, 2, 5, 6, 21, 22, 90, 300])
def test_the_written_out_draws_are_the_libraries_samples(n: int) -> None:
    from pnp.rules.toolkit.draws import shuffled, two_of

    population = [1 << i for i in range(n)]
    for seed in range(200):
        for ours, theirs in ((shuffled, lambda rng: rng.sample(population, n)),
                             (two_of, lambda rng: rng.sample(population, 2))):
            if ours is two_of and n < 2:
                continue
            mine, library = random.Random(seed), random.Random(seed)
            assert ours(mine, population) == theirs(library)
            assert mine.getstate() == library.getstate()  # the same draws, none more
    other = OtherRandom(3)
    assert sorted(shuffled(other, population)) == population
