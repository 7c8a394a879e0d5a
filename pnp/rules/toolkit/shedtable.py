"""The table of a shedding game (shedplay.py) as numbers: the kit's deck as bits, the groups of cards
sharing attribute values, and one game's hands, market and pile with each hand's group counts kept
up to date.

Contract: `Tables(cards, levels)` is made once per play-out from the kit's cards (tuples of attribute
values); `Tabletop(players, tables, low)` is one game's table, changed only through `put`, `take` and
`draw`; `Kind` a kind of series (shedplay.Game's rules list them); `bits_of(mask)` lists a mask's one-bit ints, lowest first; `expand(entries)` lists the
distinct series of a seat's groups of series (`Occurrence`s, see `shedplay.Game.occurrences`),
sorted. Standard library only, no game named.
"""
from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from itertools import combinations

# A group of series to draw from, (weight, kind index, cards, how many of them, market card or 0),
# or a special series, (1, decision).
Occurrence = tuple[int, int, int, int, int] | tuple[int, tuple[int, int, int]]
SITUATIONS = ("pile exhausted", "market card used", "cards given", "passed", "set aside at set-up")


@dataclass(frozen=True)
class Kind:
    """A kind of series: `cards` sharing `shared` attributes, then `give` cards given away; a
    `special` kind is found by the game's own hook (`Shedding.specials`)."""

    cards: int
    shared: int
    give: int = 0
    special: str = ""


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
        self.near_at = {s: self._near_at(s, width) for s in self.gids}
        self.index = {bit: i for i, bit in enumerate(self.bits)}
        self.equal = [[sum(1 << a for a in range(width) if x[a] == y[a]) for y in self.cards] for x in self.cards]
        self._thirds: dict[int, dict[int, int]] = {}

    def thirds(self, shared: int) -> dict[int, int]:
        """For each pair of cards sharing `shared` attribute values or more (its mask), the cards that
        share `shared` of those values with both: the third cards of its series of three. Made on
        first use, once per play-out."""
        found = self._thirds.get(shared)
        if found is None:
            found = self._thirds[shared] = {}
            for i, x in enumerate(self.cards):
                for j in range(i + 1, len(self.cards)):
                    common = [a for a in range(len(x)) if self.equal[i][j] >> a & 1]
                    if len(common) >= shared:
                        found[self.bits[i] | self.bits[j]] = self._agreeing(x, common, shared)
        return found

    def _agreeing(self, card: tuple, common: list[int], shared: int) -> int:
        """The cards that agree with `card` on `shared` of the attributes `common`."""
        mask = 0
        for chosen in combinations(common, shared):
            agree = -1
            for a in chosen:
                agree &= self.values[a, card[a]]
            mask |= agree
        return mask

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

    def _near_at(self, shared: int, width: int) -> dict[int, int]:
        """For each card, the other cards that share at least `shared` attribute values with it."""
        out = {}
        for i, (bit, card) in enumerate(zip(self.bits, self.cards)):
            out[bit] = sum(other for j, (other, values) in enumerate(zip(self.bits, self.cards))
                           if j != i and sum(card[a] == values[a] for a in range(width)) >= shared)
        return out

    def within(self, listed: list[int], cards: int, k: int, shared: int) -> set[int]:
        """The distinct series of `k` of `cards` (a mask of cards among `listed`, a sorted list) that
        share at least `shared` attribute values, as masks: the k-subsets of one group of that level.
        Each is found from its lowest card."""
        near, groups, masks = self.near_at[shared], self.gids[shared], self.masks
        if k == 1:
            return {card for card in _bits(cards) if groups[card]}
        out: set[int] = set()
        rest = cards
        for low in listed:
            if not low & rest:
                continue
            rest ^= low
            partners = rest & near[low]
            if k == 2:
                if partners:
                    out.update([low | other for other in _bits(partners)])
                continue
            if partners.bit_count() < k - 1:
                continue
            for gid in groups[low]:
                _add_masks(out, low, partners & masks[gid], k - 1)
        return out

    def beside(self, cards: int, card: int, k: int, shared: int) -> set[int]:
        """The distinct sets of `k` of `cards` that share at least `shared` attribute values with
        `card` (not among `cards`) and with one another: each a series with `card`, as masks."""
        near = cards & self.near_at[shared][card]
        if k <= 1:
            return set(_bits(near)) if k else ({0} if self.gids[shared][card] else set())
        out: set[int] = set()
        if near.bit_count() < k:
            return out
        for gid in self.gids[shared][card]:
            _add_masks(out, 0, cards & self.masks[gid], k)
        return out

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


def _add_masks(out: set[int], base: int, among: int, k: int) -> None:
    """`base` with each set of `k` cards of `among` into `out` (none when `among` holds fewer)."""
    n = among.bit_count()
    if n == k:
        out.add(base | among)
    elif n > k:
        out.update(base | cards for cards in map(sum, combinations(bits_of(among), k)))


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

    __slots__ = ("hands", "cards", "market", "pile", "unusable", "counts", "extra", "tables", "held", "ready", "low")

    def __init__(self, players: int, tables: Tables, low: list[int]):
        self.hands = [0] * players
        self.cards: list[list[int]] = [[] for _ in range(players)]  # each hand's cards, lowest first
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
        _listed(self.cards[seat], cards)
        held, ready, low, gids = self.held[seat], self.ready[seat], self.low, self.tables.all_gids
        for bit in _bits(cards & ~self.unusable):
            for gid in gids[bit]:
                held[gid] += 1
                if held[gid] == low[gid]:
                    ready.add(gid)

    def deal(self, seat: int, cards: list[int]) -> None:
        """The seat's hand dealt (one-bit ints)."""
        self.put(seat, sum(cards))

    def take(self, seat: int, cards: int) -> None:
        self.hands[seat] &= ~cards
        _unlisted(self.cards[seat], cards)
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


class BareTabletop(Tabletop):
    """A `Tabletop` that keeps no group counts: for games whose agent reads its series with
    `Game.best` (the greedy agent), which needs none; `held` and `ready` stay empty."""

    __slots__ = ()

    def __init__(self, players: int, tables: Tables, low: list[int]):
        self.hands = [0] * players
        self.cards = [[] for _ in range(players)]
        self.market = []
        self.pile = []
        self.unusable = 0
        self.counts = dict.fromkeys(SITUATIONS, 0)
        self.extra = {}
        self.tables, self.low = tables, low
        self.held, self.ready = [], []

    def put(self, seat: int, cards: int) -> None:
        self.hands[seat] |= cards
        _listed(self.cards[seat], cards)

    def deal(self, seat: int, cards: list[int]) -> None:
        self.hands[seat] |= sum(cards)
        listed = self.cards[seat]
        listed += cards
        listed.sort()

    def take(self, seat: int, cards: int) -> None:
        self.hands[seat] &= ~cards
        _unlisted(self.cards[seat], cards)


def _listed(listed: list[int], cards: int) -> None:
    """`cards` (a mask) into the sorted list of a hand's cards."""
    if cards & (cards - 1):
        listed += bits_of(cards)
        listed.sort()
    elif cards:
        insort(listed, cards)


def _unlisted(listed: list[int], cards: int) -> None:
    """`cards` (a mask) out of the sorted list of a hand's cards."""
    rest = cards & (cards - 1)
    if rest & (rest - 1):
        listed[:] = [card for card in listed if not card & cards]
    elif rest:  # two cards (a pair laid, a series beside a market card)
        listed.remove(cards ^ rest)
        listed.remove(rest)
    elif cards:
        listed.remove(cards)
