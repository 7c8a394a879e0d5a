"""A place card on the table in a fast play-out (fastyear.py): its state and each seat's entry.

Contract: `Slot(card, seats, greedy)` is one card of a row turned up (a `FastCard`), with no pawn;
`turn_up(die, sign, factor)` sets its row's die, the event card's sign for its place and the
quarter's factor. `own` is its state (fastcards.py's tuple of seats by cell), `filled` and
`masks[seat]` the same as bit masks (bit i: cell i). `entries[seat]` is the seat's `Entry` in the
present state, None until `fill(seat)` works it out; `place(cell, seat, to)` applies a decision
(an expelled pawn to cell `to`) and forgets the entries.
An `Entry` is `(decisions, after, top, ties, longest, base)`: the seat's decisions on the card
(FastCard.decisions); for the greedy agent the seat's points after each, the top change a decision
makes in the seat's value of the card times the quarter's factor (playout.Year._gain before the
time penalty) and the indices of the decisions that reach it (empty, 0 and empty for the random
agent, which reads only the decisions); the most weeks a decision costs; the seat's worth of the
card before (`changes(after, base)`: each decision's change). The seats with no pawn on the card share one
entry (what a seat can do and gain there then depends only on the other pawns, which are all
others'), and so do the seats with one where only a pawn there tells seats apart (the random
agent's at the marché and the médecin, the greedy agent's there and at the bar: FastCard.seated,
shares); the random agent's entry at the église, the mairie and the bar is every seat's.
"""
from __future__ import annotations

from typing import Sequence

from .fastcards import EMPTY, Decisions, FastCard, Points, bounded

Entry = tuple[Decisions, tuple[Points, ...], int, tuple[int, ...], int, int]
NOTHING: Entry = ((), (), 0, (), 0, 0)
ALONE, PRESENCE, ALL = 0, 1, 2  # Slot.share


class Slot:
    """One card on the table (see the module docstring)."""

    __slots__ = ("card", "own", "filled", "masks", "entries", "die", "sign", "factor", "greedy", "share", "memo",
                 "rival", "ranks", "present")

    def __init__(self, card: FastCard, seats: int, greedy: bool):
        self.card, self.own, self.filled, self.masks = card, card.empty, 0, [0] * seats
        self.entries: list[Entry | None] = [None] * seats
        self.die, self.sign, self.factor, self.greedy = 0, 1, 1, greedy
        # which seats share an entry: ALONE (its own for each seat with a pawn there, one for those
        # without), PRESENCE (one for those with, one for those without), ALL (every seat's the same)
        self.share = ALONE if card.seated or (greedy and not card.shares) else PRESENCE if greedy or card.one_pawn else ALL
        self.rival = greedy and card.place == "mairie"  # the greedy agent's entry there hangs on the others' keys
        self.ranks: tuple[tuple[int, ...], int, tuple[int, ...]] | None = None  # FastCard.ranked, once a state
        self.memo: dict[int, Entry] = card.memo(None)
        self.present: list[int] = []  # the seats with a pawn on the card (a pawn once there stays)

    def turn_up(self, die: int, sign: int, factor: int) -> None:
        self.die, self.sign, self.factor = die, sign, factor
        if self.greedy:
            self.memo = self.card.memo((die, sign, factor))

    def fill(self, seat: int) -> Entry:
        """The seat's entry, kept for every seat that shares it; remembered by the card (`memo`, one
        for each die, sign and factor the greedy agent's changes depend on) by all it depends on: the
        masks of the cells taken and of the seat's; the greedy agent's at the mairie, FastCard.tally
        (with the best key of the other seats: FastCard.ranked's, once a state)."""
        card, masks, memo = self.card, self.masks, self.memo
        mine = masks[seat]
        key = self.filled | mine << card.size
        if self.rival:
            ranks = self.ranks or self._ranked()
            key = card.tally(self.filled, mine, ranks[2] if seat == ranks[1] else ranks[0])
        entry = memo.get(key)
        if entry is None:
            entry = memo[key] = bounded(memo, self._entry(seat, key))
        if self.share == ALL:
            self.entries = [entry] * len(masks)
        elif not mine:  # every seat with no pawn there
            kept, self.entries = self.entries, [entry] * len(masks)
            for other in self.present:
                self.entries[other] = kept[other]
        elif self.share == ALONE:
            self.entries[seat] = entry
        else:  # every seat with a pawn there, where only that tells seats apart
            for other in self.present:
                self.entries[other] = entry
        return entry

    def _ranked(self) -> tuple[tuple[int, ...], int, tuple[int, ...]]:
        self.ranks = self.card.ranked(self.masks)
        return self.ranks

    def _entry(self, seat: int, key: int) -> Entry:
        """The seat's entry: its decisions and, for the greedy agent, the top change and the decisions
        that reach it (FastCard.outlook's ranking for the sign, or each change reckoned)."""
        card = self.card
        if not self.greedy:
            decisions, longest = card.offer(self.own, seat, self.filled, self.masks[seat])
            return (decisions, (), 0, (), longest, 0) if decisions else NOTHING
        decisions, after, before, longest, rankings = card.outlook(key, self.own, seat, self.filled, self.masks)
        if not decisions:
            return NOTHING
        die, sign, factor = self.die, self.sign, self.factor
        base = card.malus if before is None else sign * (before[0] * die + before[1])
        ranked = rankings[sign < 0]
        if ranked is not None:
            ties, (a, b) = ranked
            return decisions, after, factor * (sign * (a * die + b) - base), ties, longest, base
        changes = self.changes(after, base)
        top = max(changes)
        return decisions, after, top, tuple(k for k, change in enumerate(changes) if change == top), longest, base

    def changes(self, after: Sequence[Points], base: int) -> list[int]:
        """What each decision changes in the seat's value of the card, times the quarter's factor:
        its worth after (`after`, its points) less the worth before (`base`)."""
        die, sign, factor = self.die, self.sign, self.factor
        return [factor * (sign * (a * die + b) - base) for a, b in after]

    def place(self, cell: int, seat: int, to: int) -> None:
        """The card after the seat's decision on `cell` (an expelled pawn to `to`)."""
        card, own = self.card, self.own
        self.own = card.apply(own, cell, seat, to)
        if not self.masks[seat]:
            self.present.append(seat)
        if card.puts and own[cell] == EMPTY:  # one cell taken, no pawn moved
            bit = card.bits[cell]
            self.filled |= bit
            self.masks[seat] |= bit
        else:
            self.filled, self.masks = card.masks(self.own, len(self.masks))
        self.entries, self.ranks = [None] * len(self.masks), None

    def values(self) -> list[int]:
        """Each seat's value of the card, before the quarter's factor (FastCard.values)."""
        return self.card.scores(self.filled, self.masks, self.die, self.sign)
