"""Fast play-outs of Clochemerle: playout.Year with its cards as tuples (fastcards.py, fastslot.py).

Contract: `FastYear(rows, events, players, supply, params, agent, rng, table)` is a `playout.Year`
whose cards on the table are `Slot`s (fastslot.py: a state as a tuple of seats by cell, and each
seat's entry); it plays the same game as `Year` for the same arguments (same decisions, listed in
the same order, same gains, same draws: tests compare the records): only the turn's options, the
greedy agent's gains and the expelled pawn's destination are worked out on the slots, and a row is
scored on them (`FastCard.values`, `majority`: scoring.py's figures, which tests compare).
A seat's entry on a card (its decisions there and, for the greedy agent, what each changes in its
value of the card) is kept until a pawn lands on the card; a turn then reads one entry a card: the
greedy agent compares each card's top change (the time penalty added only on the cards where a
decision costs more weeks than the seat has left), the random agent counts the decisions. An
untraced game with pnp's random or greedy agent is one loop (`FastYear._quick`: the turns, the
agents' rules and the time track written out). `Cards` holds the rows' `FastCard`s and their
memos, shared by the games of a play-out. `FastYear.play()` returns the `GameRecord`.
`playout(material, params)` is the model's `Playout` (pnp.rules).
"""
from __future__ import annotations

import random
from heapq import heapify, heappop, heappush

from pnp.rules import AGENTS, Agent, GameRecord, Playout
from .fastcards import EMPTY, Decisions, FastCard
from .fastslot import Entry, Slot
from .params import Params
from .places import EventCard, PlaceCard
from .material import Material
from .playout import SITUATIONS, Row, Year, set_up_rows, supply_of
from .scoring import quarter_factor, time_penalty

Found = list[tuple[Slot, Entry]]  # a seat's entries on the cards that offer it a decision


class Cards:
    """The two rows' cards as `FastCard`s by row side, made once per play-out and shared by its games
    (with what their memos keep: FastCard.offer, outlook)."""

    def __init__(self, rows: list[list[PlaceCard]]):
        self.cards = [[FastCard(card) for card in row] for row in rows]


class FastYear(Year):
    """playout.Year on slots (see the module docstring)."""

    def __init__(self, rows: list[list], events: tuple[EventCard, ...], players: int, supply: int,
                 params: Params, agent: Agent, rng: random.Random, table: Cards):
        self.table, self.greedy = table, agent.greedy
        self.slots: list[Slot] = []  # the cards out, in Year.options' order
        super().__init__(rows, events, players, supply, params, agent, rng)

    def _fresh(self, side: int) -> list:
        return [Slot(card, len(self.position), self.greedy) for card in self.table.cards[side]]

    def _turn_up(self, quarter: int) -> None:
        """Year._turn_up, and each card's die, sign and factor for its scoring."""
        super()._turn_up(quarter)
        row, factor = self.active[-1], quarter_factor(quarter, self.params.quarters)
        for slot, die in zip(row.states, row.dice):
            slot.turn_up(die, row.event.sign(slot.card.place), factor)
        self.slots = [slot for row in self.active for slot in row.states]

    def options(self, seat: int) -> list[tuple[Slot, int, int]]:  # type: ignore[override]  # (cells, not Placements)
        """Year.options as (card, cell, weeks)."""
        return [(slot, cell, weeks) for slot, entry in self._cards(seat) for cell, weeks in entry[0]]

    def _cards(self, seat: int) -> Found:
        """The seat's entries on the cards that offer it a decision, in Year.options' order."""
        if self.out[seat] >= self.supply:
            self.counts["no pawn left"] += 1
            return []
        found = []
        for slot in self.slots:
            entry = slot.entries[seat] or slot.fill(seat)
            if entry[0]:
                found.append((slot, entry))
        return found

    def turn(self, seat: int) -> None:
        self.turns += 1
        found = self._cards(seat)
        if not found:
            self.counts["no legal move"] += 1
            if self.log is not None:
                self.say(seat, "ne peut poser aucun pion : avance d'une semaine")
            self.move(seat, 1)  # decision: no_move
            return
        # the agent's choice among the options listed flat (Year.options' order), by index
        late, count = self.end - self.position[seat], sum(len(entry[0]) for _, entry in found)
        gains = [gain for slot, entry in found for gain in _gains(slot, entry, late)] if self.greedy else None
        j = self.agent.choose(range(count), self.rng, gains.__getitem__ if gains is not None else None)
        for slot, entry in found:
            if j < len(entry[0]):
                break
            j -= len(entry[0])
        self.move(seat, self._place(seat, slot, *entry[0][j]))

    def _place(self, seat: int, slot: Slot, cell: int, weeks: int) -> int:
        """Year.turn's placement of the seat's decision (an expelled pawn moved), its weeks."""
        card, own, to = slot.card, slot.own, EMPTY
        if card.expels(own, cell, seat):
            to = self._to(slot, cell, seat)
            self.counts["expulsions"] += 1
        slot.place(cell, seat, to)
        self.out[seat] += 1
        if self.log is not None:
            self._said(seat, card, own, cell, weeks, to)
        return weeks

    def play(self) -> GameRecord:
        """Year.play; untraced with pnp's random or greedy agent, in one loop (`_quick`)."""
        if self.log is None and self.agent in (AGENTS["random"], AGENTS["greedy"]):
            self._quick()
            return self.record()
        return super().play()

    def _quick(self) -> None:
        """Year.play's turns over local names: next_seat (the furthest behind, the last to arrive
        first: the top of a heap of (week, -arrival, seat), one entry a seat still playing), turn
        with the agent's rule over the cards out (`_top`, `_drawn`), move and _quarters (the rows due
        scored in the order they were turned up, as Year._quarters does): the same draws in the
        same order, so the same game (tests hold it to Year's)."""
        position, counts, active = self.position, self.counts, self.active
        end, q, quarters, choose = self.end, self.q, self.params.quarters, self._top if self.greedy else self._drawn
        waiting = [(at, -self.arrival[seat], seat) for seat, at in enumerate(position) if at < end]
        heapify(waiting)
        clock, lead = self.clock, max(position)
        while waiting:
            # Year.next_seat — rules: Tour d'un joueur, "celui qui est le plus en retard"
            start, _, seat = heappop(waiting)
            self.turns += 1
            chosen = choose(seat, end - start)
            if chosen is not None:
                weeks = self._place(seat, *chosen)
            else:
                counts["no legal move"] += 1
                weeks = 1  # decision: no_move
            if start + weeks > end:  # Year.move — rules: "sauf à recevoir des points de réputation négatifs"
                counts["time penalties"] += 1
                self.overshoot = max(self.overshoot, start + weeks - end)
                self.scores[seat] += time_penalty(start + weeks - end)  # decision: time_penalty
            at = position[seat] = min(end, start + weeks)
            clock += 1
            self.arrival[seat], lead = clock, max(lead, at)
            if at < end:
                heappush(waiting, (at, -clock, seat))
            last = waiting[0][0] if waiting else end  # Year._quarters — rules: "Lorsque le dernier joueur franchit la fin d'un trimestre"
            while active and (last > active[0].quarter * q or last >= end):
                self._score(active[0])
            if self.turned_up < quarters and lead > self.turned_up * q:
                self._turn_up(self.turned_up + 1)
        self.clock = clock

    def _drawn(self, seat: int, late: int) -> tuple[Slot, int, int] | None:
        """The random agent's rule: one of the seat's decisions listed flat, uniformly (one draw, none
        for one); None for none (`_cards`)."""
        if self.out[seat] >= self.supply:
            self.counts["no pawn left"] += 1
            return None
        count, slots = 0, self.slots
        for slot in slots:
            count += len((slot.entries[seat] or slot.fill(seat))[0])
        j = int(self.rng.random() * count) if count > 1 else 0
        for slot in slots:
            decisions = slot.entries[seat][0]  # type: ignore[index]  # (filled above)
            if j < len(decisions):
                return slot, *decisions[j]
            j -= len(decisions)
        return None

    def _top(self, seat: int, late: int) -> tuple[Slot, int, int] | None:
        """The greedy agent's rule (pick_top): the seat's top gain, a tie drawn among the decisions
        that reach it, listed flat; a card's gains are its changes, with the time penalty of the
        decisions that cost more than the `late` weeks left (Year._gain); None for no decision."""
        if self.out[seat] >= self.supply:
            self.counts["no pawn left"] += 1
            return None
        tops: list[tuple[Slot, Decisions, tuple[int, ...]]] = []  # the cards of the top gain, its decisions there
        best = count = 0  # the top gain, how many decisions reach it
        for slot in self.slots:
            entry = slot.entries[seat] or slot.fill(seat)
            decisions, _, top, ties, longest, _ = entry
            if not decisions:
                continue
            if longest > late:
                top, ties = _late_top(slot, entry, late)
            if not tops or top > best:
                best, tops, count = top, [(slot, decisions, ties)], len(ties)
            elif top == best:
                tops.append((slot, decisions, ties))
                count += len(ties)
        k = int(self.rng.random() * count) if count > 1 else 0
        for slot, decisions, ties in tops:
            if k < len(ties):
                return slot, *decisions[ties[k]]
            k -= len(ties)
        return None

    def _said(self, seat: int, card: FastCard, own: tuple[int, ...], cell: int, weeks: int, to: int) -> None:
        """A placement of a traced game, in words."""
        row, col = card.positions[cell]
        expelled = f", expulse {self.who(own[cell])} vers la case {card.positions[to][0] + 1}-" \
                   f"{card.positions[to][1] + 1}" if to != EMPTY else ""
        self.say(seat, f"pose un pion : {card.card.name}, case {row + 1}-{col + 1}, {weeks} semaine"
                       f"{'s' if weeks > 1 else ''}{expelled}")

    def _to(self, slot: Slot, cell: int, seat: int) -> int:
        """Year._destination: an empty cell for the expelled pawn (greedy: the fewest points left to it)."""
        card, own = slot.card, slot.own
        empty = [j for j in range(card.size) if own[j] == EMPTY]
        if not self.greedy:
            return self.agent.choose(empty, self.rng)
        # the expelled pawn's player keeps the bonus of its other cells (FastCard.expelled_values)
        kept, die, sign = card.sum_of(slot.masks[own[cell]] & ~card.bits[cell]), slot.die, slot.sign
        left = [-slot.factor * sign * (die + kept + card.bonus[j]) for j in empty]
        return empty[self.agent.choose(range(len(empty)), self.rng, left.__getitem__)]

    def _score(self, row: Row) -> None:
        """Year._score on the slots: each seat's value of each card (FastCard.values, which is
        scoring.card_score's total) times the quarter's factor, the mairie's ties, the pawns back."""
        factor = quarter_factor(row.quarter, self.params.quarters)
        totals = [sum(values) for values in zip(*[slot.values() for slot in row.states])]
        for slot in row.states:
            if slot.card.place == "mairie" and slot.card.leaders(slot.masks) > 1:
                self.counts["mairie ties"] += 1  # decision: mairie_ties
        back = [sum(mask.bit_count() for mask in masks) for masks in zip(*[slot.masks for slot in row.states])]
        self.out = [out - pawns for out, pawns in zip(self.out, back)]
        self.scores = [score + factor * total for score, total in zip(self.scores, totals)]
        if self.log is not None:
            gained = ", ".join(f"{self.who(pawn)} {factor * totals[pawn]:+d}" for pawn in self.order)
            self.log.append(f"décompte du trimestre {row.quarter}{' (doublé)' if factor > 1 else ''} : {gained}")
        self.active.remove(row)  # rules: "les joueurs récupèrent leur pions posées sur les cartes de cette ligne"
        self.slots = [slot for row in self.active for slot in row.states]


def _gains(slot: Slot, entry: Entry, late: int) -> list[int]:
    """The greedy agent's gains on a card: each decision's change (Slot.changes), with the time
    penalty of an action longer than the `late` weeks left (Year._gain)."""
    decisions, after, _, _, longest, base = entry
    changes = slot.changes(after, base)
    return changes if late >= longest else [change + (time_penalty(weeks - late) if weeks > late else 0)
                                             for (_, weeks), change in zip(decisions, changes)]


def _late_top(slot: Slot, entry: Entry, late: int) -> tuple[int, tuple[int, ...]]:
    """The top gain of a card and the decisions that reach it, the time penalty counted (_gains)."""
    gains = _gains(slot, entry, late)
    top = max(gains)
    return top, tuple(k for k, gain in enumerate(gains) if gain == top)


def playout(material: Material, params: Params) -> Playout:
    rows, supply = set_up_rows(material), supply_of(material, params)
    table = Cards(rows)
    colours = tuple(material.tokens.colours) if material.tokens is not None else ()

    def play_one(players: int, agent: Agent, rng: random.Random) -> GameRecord:
        return FastYear(rows, material.events, players, supply, params, agent, rng, table).play()

    def trace(players: int, agent: Agent, rng: random.Random) -> tuple[GameRecord, list[str]]:
        year = FastYear(rows, material.events, players, supply, params, agent, rng, table)
        year.colours = colours
        year.log = ["ordre de jeu (pile tirée au hasard) : " + ", ".join(year.who(p) for p in year.order),
                    year.row_said(year.active[0])]
        return year.play(), year.log

    return Playout(play_one, SITUATIONS, ("weeks",), {}, ("no pawn left",), trace=trace, agents=AGENTS_CHOOSE)


AGENTS_CHOOSE = {
    "random": "places uniformly among every legal placement (one decision per cell, per card): the mairie's "
              "many cells draw about 20 of its placements a game against 3 at the marché, so the random "
              "figures measure the cells' number as much as the places' worth, and its seat figures are not "
              "a player's",
    "greedy": "takes the placement that would score most if its row were scored now, less any time penalty: "
              "it never plans for the row still to come, nor for time, so it spends weeks freely",
}
