"""The table of a shedding game (shedplay.py) as numbers: the kit's deck as bits, the groups of cards
sharing attribute values, and one game's hands, market and pile with each hand's group counts kept
up to date.

Contract: `Tables(cards, levels)` is made once per play-out from the kit's cards (tuples of attribute
values); `Tabletop(players, tables, low)` is one game's table, changed only through `put`, `take` and
`draw`; `bits_of(mask)` lists a mask's one-bit ints, lowest first; `expand(entries)` lists the
distinct series of a seat's groups of series (`Occurrence`s, see `shedplay.Game.occurrences`),
sorted. Standard library only, no game named.
"""
from __future__ import annotations

from itertools import combinations

# A group of series to draw from, (weight, kind index, cards, how many of them, market card or 0),
# or a special series, (1, decision).
Occurrence = tuple[int, int, int, int, int] | tuple[int, tuple[int, int, int]]
SITUATIONS = ("pile exhausted", "market card used", "cards given", "passed", "set aside at set-up")


class Tables:
    """The kit's deck as numbers, once per play-out: card i is bit 1 << i; `values[(a, v)]` the cards
    whose attribute a is v; `masks[g]` the cards of group g, a group being the cards that share s
    given attribute values (only groups of two cards or more); `gids[s][bit]` the groups of level s
    that hold a card; `near[bit]` the cards sharing at least one attribute with it."""

    def __init__(self, cards: list[tuple], levels: set[int]):
        self.cards, self.bits = list(cards), [1 << i for i in range(len(cards))]
        width = len(cards[0]) if cards else 0
        self.values: dict[tuple[int, object], int] = {}
        for bit, card in zip(self.bits, self.cards):
            for a, value in enumerate(card):
                self.values[a, value] = self.values.get((a, value), 0) | bit
        self.masks: list[int] = []
        self.level: list[int] = []
        self.gids: dict[int, dict[int, list[int]]] = {s: self._level(s, width) for s in levels if 0 < s <= width}
        self.all_gids = {bit: [gid for gids in self.gids.values() for gid in gids[bit]] for bit in self.bits}
        self.near = {bit: self._near(card) for bit, card in zip(self.bits, self.cards)}
        self.index = {bit: i for i, bit in enumerate(self.bits)}
        self.equal = [[sum(1 << a for a in range(width) if x[a] == y[a]) for y in self.cards] for x in self.cards]

    def shared(self, cards: int) -> int:
        """How many attributes every card of `cards` shares."""
        first, *rest = [self.index[bit] for bit in bits_of(cards)]
        common = (1 << len(self.cards[first])) - 1
        for other in rest:
            common &= self.equal[first][other]
        return common.bit_count()

    def _level(self, shared: int, width: int) -> dict[int, list[int]]:
        """The groups of `shared` attribute values, numbered on from the groups found so far."""
        found: dict[tuple, int] = {}
        for chosen in combinations(range(width), shared):
            for bit, card in zip(self.bits, self.cards):
                key = (chosen, tuple(card[a] for a in chosen))
                found[key] = found.get(key, 0) | bit
        by_card: dict[int, list[int]] = {bit: [] for bit in self.bits}
        for mask in found.values():
            if mask.bit_count() > 1:
                for bit in bits_of(mask):
                    by_card[bit].append(len(self.masks))
                self.masks.append(mask)
                self.level.append(shared)
        return by_card

    def _near(self, card: tuple) -> int:
        mask = 0
        for a, value in enumerate(card):
            mask |= self.values[a, value]
        return mask


def bits_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _bits(mask: int) -> tuple[int, ...] | list[int]:
    """`bits_of(mask)`, a lone card (most moves: a draw, a gift) without the loop."""
    return (mask,) if mask & (mask - 1) == 0 and mask else bits_of(mask)


def _add(found: set, index: int, laid: int, k: int, market: int) -> None:
    """The series of `k` cards among `laid` (with the market card `market`, or 0) into `found`."""
    if laid.bit_count() == k:
        found.add((index, laid, market))
    else:
        found.update((index, cards, market) for cards in map(sum, combinations(bits_of(laid), k)))


def expand(entries: list[Occurrence]) -> list[tuple[int, int, int]]:
    """The distinct series of `entries` (see `Game.occurrences`), sorted."""
    found: set[tuple[int, int, int]] = set()
    for entry in entries:
        if len(entry) == 2:
            found.add(entry[1])
        else:
            _, index, laid, k, market = entry
            _add(found, index, laid, k, market)
    return sorted(found)


class Tabletop:
    """One game: the hands, the market, the pile, what may not be laid, and what happened. Hands
    change only through `put` and `take`, which keep, per seat, how many of its usable cards each
    group holds (`held`) and, per level, the groups holding at least the level's threshold (`ready`):
    the series a hand can make are read from them, never searched anew."""

    __slots__ = ("hands", "market", "pile", "unusable", "counts", "extra", "tables", "held", "ready", "low")

    def __init__(self, players: int, tables: Tables, low: list[int]):
        self.hands = [0] * players
        self.market: list[int] = []  # one-bit ints, as the pile's
        self.pile: list[int] = []
        self.unusable = 0
        self.counts = dict.fromkeys(SITUATIONS, 0)
        self.extra: dict[str, int] = {}
        self.tables, self.low = tables, low  # low[gid]: the fewest hand cards a series of its level needs
        self.held = [[0] * len(tables.masks) for _ in range(players)]
        self.ready: list[set[int]] = [set() for _ in range(players)]

    def put(self, seat: int, cards: int) -> None:
        self.hands[seat] |= cards
        held, ready, low, gids = self.held[seat], self.ready[seat], self.low, self.tables.all_gids
        for bit in _bits(cards & ~self.unusable):
            for gid in gids[bit]:
                held[gid] += 1
                if held[gid] == low[gid]:
                    ready.add(gid)

    def take(self, seat: int, cards: int) -> None:
        self.hands[seat] &= ~cards
        held, ready, low, gids = self.held[seat], self.ready[seat], self.low, self.tables.all_gids
        for bit in _bits(cards & ~self.unusable):
            for gid in gids[bit]:
                if held[gid] == low[gid]:
                    ready.discard(gid)
                held[gid] -= 1

    def draw(self) -> int:
        """The top card of the pile (0 when empty); the first time it empties is counted."""
        if not self.pile:
            return 0
        card = self.pile.pop()
        if not self.pile:
            self.counts["pile exhausted"] = 1
        return card

    def note(self, situation: str, n: int = 1) -> None:
        self.extra[situation] = self.extra.get(situation, 0) + n
