"""The greedy agent's search in a shedding game (shedplay.py): the seat's series that gain most now,
read from the hand's cards and the deck's groups, without the group counts the random agent's draw
keeps.

Contract: `Best` is a part of `shedplay.Game` (a base class: it reads the game's `table`, `tables`,
`rules`, `players`, `_seat`, `_extra` and `shared`). `gain(decision)` is a series's gain for the
seat whose turn it is: cards out of its hand plus cards given to its opponents, and the game's extra
gain (`Shedding.extra_gain`); `best(seat)` lists the seat's legal series of the highest gain, once
each and sorted, as `Game.decisions` filtered by that gain would (a test ties them). `Shared` holds
what the games of one play-out share (made on first use). Standard library only, no game named.
"""
from __future__ import annotations

from typing import Protocol

from .shedtable import Kind, Tables, Tabletop, _bits, bits_of

Decision = tuple[int, int, int]  # (kind index, hand cards laid, market card or 0)
Blocks = list[tuple[int, int, int, int]]  # (kind index, 0: from the hand / 1: with a market card, its cards, shared)


class Rules(Protocol):
    """What `Best` reads of a game's rules (`shedplay.Shedding`, not imported: it imports this)."""

    @property
    def kinds(self) -> tuple[Kind, ...]: ...

    def specials(self, table: Tabletop, seat: int, index: int, kind: Kind) -> list[tuple[int, int, int]]: ...

    def extra_gain(self, kind: Kind, players: int) -> int: ...


class Shared:
    """What the games of one play-out share: per player count, each seat's opponents and each kind's
    extra gain; per player count and hand size, the plain blocks by falling gain (`Best.levels`)."""

    def __init__(self) -> None:
        self.others: dict[int, list[list[int]]] = {}
        self.extra: dict[int, list[int]] = {}
        self.levels: dict[tuple[int, int], list[tuple[int, Blocks]]] = {}

    def seats(self, rules: Rules, players: int) -> tuple[list[list[int]], list[int]]:
        """Each seat's opponents, and each kind's gain beyond its cards, for `players` seats."""
        if players not in self.others:
            self.others[players] = [[s for s in range(players) if s != seat] for seat in range(players)]
            self.extra[players] = [rules.extra_gain(kind, players) for kind in rules.kinds]
        return self.others[players], self.extra[players]


class Best:
    """The greedy agent's search (see the module docstring)."""

    table: Tabletop
    tables: Tables
    rules: Rules
    players: int
    shared: Shared
    _seat: int  # the seat whose decisions `gain` scores
    _extra: list[int]
    has_specials: bool

    def gain(self, decision: Decision) -> int:
        """Cards out of the seat's hand plus cards to its opponents, and the game's extra gain."""
        index, cards, market = decision
        return self._gain(index, cards.bit_count(), market)

    def _gain(self, index: int, laid: int, market: int) -> int:
        return self._gain_of(self.table.hands[self._seat].bit_count(), index, laid, market)

    def _gain_of(self, size: int, index: int, laid: int, market: int) -> int:
        given = min(size - laid, self.rules.kinds[index].give)
        return min(size, laid + given + (1 if market else 0)) + given + self._extra[index]

    def best(self, seat: int) -> list[Decision]:
        """The seat's legal series that gain most (`gain`), once each and in `decisions`' order. A
        series's gain depends on its kind, its size and whether it takes a market card: the blocks of
        such series are taken by falling gain, and the series of the first gain that has any are
        listed. Empty when the seat has no series. The greedy agent's choice among them is its
        choice among all series. The seat becomes the one whose decisions `gain` scores."""
        self._seat = seat
        size = self.table.hands[seat].bit_count()
        if self.has_specials:
            return self._best_with_specials(seat, self.levels(size))
        return self.series(seat, self.levels(size))

    def series(self, seat: int, levels: list[tuple[int, Blocks]]) -> list[Decision]:
        """The seat's series of the first level (a gain and its blocks) that has any, once each (a
        series lies in one block), sorted. Pairs, and a market card with one hand card, are read
        from the cards' neighbours (`Tables.near_at`, `_pairs`, `_beside_one`) here; larger series
        from the groups (`Tables.within`, `Tables.beside`)."""
        table, tables = self.table, self.tables
        hand, market, listed, near_at = table.hands[seat], table.market, table.cards[seat], tables.near_at
        usable = hand & ~table.unusable
        chosen: list[Decision] = []
        for _, blocks in levels:
            for index, how, k, shared in blocks:
                if how == 0:
                    if k == 2:
                        _pairs(chosen, index, listed, usable, near_at[shared])
                    elif k == 3:
                        _triples(chosen, index, listed, usable, near_at[shared], tables.thirds(shared))
                    else:
                        chosen += [(index, cards, 0) for cards in tables.within(listed, usable, k, shared)]
                elif not market or not (usable.bit_count() >= k or hand.bit_count() - k + 1 <= self.rules.kinds[index].give):
                    continue  # `_can_refill`, written out
                elif k == 2:
                    _beside_one(chosen, index, market, usable, near_at[shared])
                elif k == 3:
                    _beside_two(chosen, index, market, usable, near_at[shared], tables.thirds(shared))
                else:
                    beside = self.tables.beside
                    for card in market:
                        chosen += [(index, cards, card) for cards in beside(usable, card, k - 1, shared)]
            if chosen:
                chosen.sort()
                return chosen
        return chosen

    def _best_with_specials(self, seat: int, levels: list[tuple[int, Blocks]]) -> list[Decision]:
        """`best` for a game with series of its own (`Shedding.specials`), scored one by one."""
        specials = self._special_gains(seat)
        plain = dict(levels)
        for gain in sorted(set(plain) | set(specials), reverse=True):
            chosen, own = self.series(seat, [(gain, plain.get(gain, []))]), specials.get(gain)
            if own:
                return sorted(set(chosen + own))  # (a hook's series may be a plain one too)
            if chosen:
                return chosen  # (sorted, each once: a series lies in one block)
        return []

    def levels(self, size: int) -> list[tuple[int, Blocks]]:
        """The plain blocks grouped by their gain for a hand of `size` cards, highest gain first
        (made once per play-out, player count and size: `Shared.levels`)."""
        found = self.shared.levels.get((self.players, size))
        if found is not None:
            return found
        by_gain: dict[int, Blocks] = {}
        for index, kind in enumerate(self.rules.kinds):
            if not kind.special:
                for how in (0, 1):
                    block = (index, how, kind.cards, kind.shared)
                    by_gain.setdefault(self._gain_of(size, index, kind.cards - how, how), []).append(block)
        found = self.shared.levels[self.players, size] = sorted(by_gain.items(), reverse=True)
        return found

    def _special_gains(self, seat: int) -> dict[int, list[Decision]]:
        """The game's own series (`Shedding.specials`) by their gain."""
        out: dict[int, list[Decision]] = {}
        for index, kind in enumerate(self.rules.kinds):
            if kind.special:
                for decision in self.rules.specials(self.table, seat, index, kind):
                    out.setdefault(self.gain(decision), []).append(decision)
        return out


def _pairs(chosen: list[Decision], index: int, listed: list[int], usable: int, near: dict[int, int]) -> None:
    """The pairs of `usable` cards (among `listed`, sorted) that are neighbours (`near`), each found
    from its lower card, into `chosen` as `(index, pair, 0)`: `Tables.within` for pairs."""
    rest = usable
    for low in listed:
        if low & rest:
            rest ^= low
            partners = rest & near[low]
            if not partners:
                continue
            if partners & (partners - 1):
                chosen += [(index, low | other, 0) for other in bits_of(partners)]
            else:
                chosen.append((index, low | partners, 0))


def _beside_one(chosen: list[Decision], index: int, market: list[int], usable: int, near: dict[int, int]) -> None:
    """Each market card with one `usable` card of its neighbours (`near`), into `chosen` as
    `(index, card, market card)`: `Tables.beside` for one hand card."""
    for card in market:
        partners = usable & near[card]
        if not partners:
            continue
        if partners & (partners - 1):
            chosen += [(index, other, card) for other in bits_of(partners)]
        else:
            chosen.append((index, partners, card))


def _triples(chosen: list[Decision], index: int, listed: list[int], usable: int, near: dict[int, int],
             thirds: dict[int, int]) -> None:
    """The series of three `usable` cards (among `listed`, sorted), into `chosen` as `(index, cards,
    0)`: `Tables.within` for three cards, each series found once, from its two lowest cards (the
    highest among the lowest's neighbours above the middle one that are thirds of the two)."""
    rest = usable
    for low in listed:
        if low & rest:
            rest ^= low
            partners = rest & near[low]
            while partners & (partners - 1):  # two cards or more above `low`
                mid = partners & -partners
                partners ^= mid
                last = partners & thirds[low | mid]
                if last:
                    chosen += [(index, low | mid | high, 0) for high in _bits(last)]


def _beside_two(chosen: list[Decision], index: int, market: list[int], usable: int, near: dict[int, int],
                thirds: dict[int, int]) -> None:
    """Each market card with two `usable` cards, a series of three, into `chosen` as `(index, cards,
    market card)`: `Tables.beside` for two hand cards, each pair found once, from its lower card."""
    for card in market:
        partners = usable & near[card]
        while partners & (partners - 1):
            mid = partners & -partners
            partners ^= mid
            last = partners & thirds[card | mid]
            if last:
                chosen += [(index, mid | high, card) for high in _bits(last)]


def _can_refill(hand: int, usable: int, kind: Kind) -> bool:
    """rules (the model's reading): the card taken from the market is replaced from the hand, unless
    the hand is emptied by the series and its gifts. The k - 1 cards laid are usable, so a usable
    card is left when the hand holds k usable cards or more."""
    return usable.bit_count() >= kind.cards or hand.bit_count() - kind.cards + 1 <= kind.give
