"""Fast play-outs of Clochemerle: playout.Year with its cards as tuples (fastcards.py).

Contract: `FastYear(rows, events, players, supply, params, agent, rng, table)` is a `playout.Year`
whose cards' states are tuples of seats by cell; it plays the same game as `Year` for the same
arguments (same decisions, listed in the same order, same gains, same draws: tests compare the
records): only the turn's options, the greedy agent's gains and the expelled pawn's destination
are computed on tuples, and a row is scored on them (`FastCard.value`, `majority`: scoring.py's
figures, which tests compare).
A game keeps, for each card of the rows out, each seat's decisions on it and (greedy agent) what
each changes in the seat's value of the card (FastCard.changes, times the quarter's factor) until a
pawn lands on the card; the decisions that do not depend on the seat are listed once per state of
the card; a seat's turn then reads them card by card. An untraced game with pnp's random or greedy
agent is one loop (`FastYear._quick`: the turns, the agents' rules and the time track written out).
`Cards` holds the rows' `FastCard`s, shared by the games of a play-out. `FastYear.play()` returns
the `GameRecord`. `playout(material, params)` is the model's `Playout` (pnp.rules).
"""
from __future__ import annotations

import random

from pnp.rules import AGENTS, Agent, GameRecord, Playout
from .fastcards import EMPTY, Decision, FastCard
from .params import Params
from .places import EventCard, PlaceCard
from .material import Material
from .playout import SITUATIONS, Row, Year, set_up_rows, supply_of
from .scoring import quarter_factor, time_penalty


class Cards:
    """The two rows' cards as `FastCard`s, made once per play-out and shared by its games: `cards`
    by row side, `longest` (the most weeks any decision may cost) and `by_seat[greedy][side][i]`:
    whether each seat has an entry of its own in a game's offers on that card (the agent's; else
    the seats with a pawn there share one, and those without one); `known` the changes computed."""

    LIMIT = 200_000

    def __init__(self, rows: list[list[PlaceCard]]):
        self.cards = [[FastCard(card) for card in row] for row in rows]
        self.longest = max(card.longest for row in self.cards for card in row)
        self.by_seat = [[[card.seated for card in side] for side in self.cards],
                        [[card.seated or not card.shares for card in side] for side in self.cards]]
        self.known: dict[tuple, list[int]] = {}

    def remember(self, key: tuple, changes: list[int]) -> None:
        """The greedy agent's changes on (side, card, state, seat, die, sign, factor), for the games
        that reach the same again (at 3 players, most do); all forgotten past `LIMIT` entries."""
        if len(self.known) >= self.LIMIT:
            self.known.clear()
        self.known[key] = changes


class FastYear(Year):
    """playout.Year on tuples (see the module docstring)."""

    def __init__(self, rows: list[list], events: tuple[EventCard, ...], players: int, supply: int,
                 params: Params, agent: Agent, rng: random.Random, table: Cards):
        self.table = table
        self.weights: dict[int, tuple[list[int], int]] = {}
        # by row side and card: each seat's decisions and their value changes (None: random agent) in
        # the card's present state; emptied when the card changes or its row is turned up
        self.offers: dict[int, list[dict[int, tuple[list[Decision], list[int] | None]]]] = {}
        self.bases: dict[int, list[list[Decision] | None]] = {}  # by row side and card: FastCard.open_decisions
        super().__init__(rows, events, players, supply, params, agent, rng)

    def _fresh(self, side: int) -> list:
        return [card.empty for card in self.table.cards[side]]

    def _turn_up(self, quarter: int) -> None:
        """Year._turn_up, and the signs and factor of the row's scoring, once (`weights[side]`)."""
        super()._turn_up(quarter)
        row = self.active[-1]
        self.weights[row.side] = ([row.event.sign(card.place) for card in self.table.cards[row.side]],
                                  quarter_factor(quarter, self.params.quarters))
        self.offers[row.side] = [{} for _ in row.states]
        self.bases[row.side] = [None] * len(row.states)

    def options(self, seat: int, gains: list[int] | None = None  # type: ignore[override]  # (cells, not Placements)
                ) -> list[tuple[Row, int, int, int]]:
        """Year.options as (row, card, cell, weeks); with `gains`, Year._gain of each appended to it."""
        found, _ = self._offers(seat, gains)
        return [(row, i, cell, weeks) for row, i, decisions in found for cell, weeks in decisions]

    def _offers(self, seat: int, gains: list[int] | None) -> tuple[list[tuple[Row, int, list[Decision]]], int]:
        """The seat's decisions card by card, (row, card, decisions) for each card that has some, in
        Year.options' order, and how many in all; with `gains`, each decision's gain appended to it."""
        if self.out[seat] >= self.supply:
            self.counts["no pawn left"] += 1
            return [], 0
        out, count, late, greedy = [], 0, self.end - self.position[seat], gains is not None
        longest, by_seat = self.table.longest, self.table.by_seat[greedy]
        for row in self.active:
            side = row.side
            for i, (own, offers, apart) in enumerate(zip(row.states, self.offers[side], by_seat[side])):
                # the cards where only a pawn there or none tells the seats apart share their entries
                key = seat if apart else EMPTY - (seat in own)
                entry = offers.get(key)
                if entry is None:
                    entry = offers[key] = self._entry(seat, row, i, greedy)
                decisions = entry[0]
                if decisions:
                    out.append((row, i, decisions))
                    count += len(decisions)
                    changes = entry[1]
                    if changes is not None:  # (the greedy agent's: listed whenever decisions are)
                        gains += changes if late >= longest else self._late(decisions, changes, late)  # type: ignore[operator]
        return out, count

    def _entry(self, seat: int, row: Row, i: int, greedy: bool) -> tuple[list[Decision], list[int] | None]:
        """The seat's decisions on a card and, for the greedy agent, what each changes in the seat's
        value of the card times the quarter's factor (Year._gain, before the time penalty). Decisions
        that do not depend on the seat are listed once per state of the card (`bases`)."""
        own, card = row.states[i], self.table.cards[row.side][i]
        if card.seated:
            decisions = card.decisions(own, seat)
        elif card.one_pawn and seat in own:
            decisions = []
        else:
            listed = self.bases[row.side][i]
            if listed is None:
                listed = self.bases[row.side][i] = card.open_decisions(own)
            decisions = listed
        if not (greedy and decisions):
            return decisions, None
        signs, factor = self.weights[row.side]
        key = (row.side, i, own, seat, row.dice[i], signs[i], factor)
        changes = self.table.known.get(key)
        if changes is None:
            changes = [factor * change for change in card.changes(own, seat, decisions, row.dice[i], signs[i])]
            self.table.remember(key, changes)
        return decisions, changes

    @staticmethod
    def _late(decisions: list[Decision], changes: list[int], late: int) -> list[int]:
        """The gains, with the time penalty of an action longer than the weeks left (Year._gain)."""
        return [change + (time_penalty(weeks - late) if weeks > late else 0)
                for (_, weeks), change in zip(decisions, changes)]

    def turn(self, seat: int) -> None:
        self.turns += 1
        gains: list[int] | None = [] if self.agent.greedy else None
        found, count = self._offers(seat, gains)
        if not count:
            self.counts["no legal move"] += 1
            if self.log is not None:
                self.say(seat, "ne peut poser aucun pion : avance d'une semaine")
            self.move(seat, 1)  # decision: no_move
            return
        # the agent's choice among the options listed flat (Year.options' order), by index
        j = self.agent.choose(range(count), self.rng, gains.__getitem__ if gains is not None else None)
        self.move(seat, self._place(seat, found, j))

    def _place(self, seat: int, found: list[tuple[Row, int, list[Decision]]], j: int) -> int:
        """Year.turn's placement of the seat's `j`-th decision (an expelled pawn moved), its weeks."""
        for row, i, decisions in found:
            if j < len(decisions):
                cell, weeks = decisions[j]
                break
            j -= len(decisions)
        card, own, to = self.table.cards[row.side][i], row.states[i], EMPTY
        if card.expels(own, cell, seat):
            to = self._to(row, i, cell, seat)
            self.counts["expulsions"] += 1
        row.states[i] = card.apply(own, cell, seat, to)
        self.offers[row.side][i].clear()
        self.bases[row.side][i] = None
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
        first), turn with the agent's rule inline (random: `options[int(rng.random() * n)]` when
        n > 1; greedy: pick_top's, the top gain, a tie drawn the same way), move and _quarters (the
        rows due scored in the order they were turned up, as Year._quarters does): the same draws in
        the same order, so the same game (tests hold it to Year's)."""
        position, arrival, counts, active = self.position, self.arrival, self.counts, self.active
        end, q, quarters = self.end, self.q, self.params.quarters
        greedy, draw, seats = self.agent.greedy, self.rng.random, range(len(position))
        while True:
            seat = -1
            for s in seats:  # Year.next_seat — rules: Tour d'un joueur, "celui qui est le plus en retard"
                at = position[s]
                if at < end and (seat < 0 or at < position[seat] or at == position[seat] and arrival[s] > arrival[seat]):
                    seat = s
            if seat < 0:
                return
            self.turns += 1
            gains: list[int] | None = [] if greedy else None
            found, count = self._offers(seat, gains)
            if not count:
                counts["no legal move"] += 1
                weeks = 1  # decision: no_move
            else:
                if count == 1:
                    j = 0
                elif gains is None:
                    j = int(draw() * count)
                else:
                    top = max(gains)
                    if gains.count(top) == 1:
                        j = gains.index(top)
                    else:
                        best = [k for k, gain in enumerate(gains) if gain == top]
                        j = best[int(draw() * len(best))]
                weeks = self._place(seat, found, j)
            start = position[seat]  # Year.move — rules: "sauf à recevoir des points de réputation négatifs"
            if start + weeks > end:
                counts["time penalties"] += 1
                self.overshoot = max(self.overshoot, start + weeks - end)
                self.scores[seat] += time_penalty(start + weeks - end)  # decision: time_penalty
            position[seat] = min(end, start + weeks)
            self.clock += 1
            arrival[seat] = self.clock
            last = min(position)  # Year._quarters — rules: "Lorsque le dernier joueur franchit la fin d'un trimestre"
            while active and (last > active[0].quarter * q or last >= end):
                self._score(active[0])
            if self.turned_up < quarters and max(position) > self.turned_up * q:
                self._turn_up(self.turned_up + 1)

    def _said(self, seat: int, card: FastCard, own: tuple[int, ...], cell: int, weeks: int, to: int) -> None:
        """A placement of a traced game, in words."""
        row, col = card.positions[cell]
        expelled = f", expulse {self.who(own[cell])} vers la case {card.positions[to][0] + 1}-" \
                   f"{card.positions[to][1] + 1}" if to != EMPTY else ""
        self.say(seat, f"pose un pion : {card.card.name}, case {row + 1}-{col + 1}, {weeks} semaine"
                       f"{'s' if weeks > 1 else ''}{expelled}")

    def _to(self, row: Row, i: int, cell: int, seat: int) -> int:
        """Year._destination: an empty cell for the expelled pawn (greedy: the fewest points left to it)."""
        card, own = self.table.cards[row.side][i], row.states[i]
        empty = [j for j in range(card.size) if own[j] == EMPTY]
        if not self.agent.greedy:
            return self.agent.choose(empty, self.rng)
        factor = quarter_factor(row.quarter, self.params.quarters)
        sign = row.event.sign(card.place)
        left = [-factor * value for value in card.expelled_values(own, cell, empty, row.dice[i], sign)]
        return empty[self.agent.choose(range(len(empty)), self.rng, left.__getitem__)]

    def _score(self, row: Row) -> None:
        """Year._score on the tuples: each seat's value of each card (FastCard.value, which is
        scoring.card_score's total) times the quarter's factor, the mairie's ties, the pawns back."""
        signs, factor = self.weights[row.side]
        totals = [0] * len(self.scores)
        for card, own, die, sign in zip(self.table.cards[row.side], row.states, row.dice, signs):
            for seat, value in enumerate(card.values(own, len(totals), die, sign)):
                totals[seat] += value
            if card.place == "mairie" and card.majority(own) > 1:
                self.counts["mairie ties"] += 1  # decision: mairie_ties
            for owner in own:
                if owner != EMPTY:
                    self.out[owner] -= 1
        for seat, total in enumerate(totals):
            self.scores[seat] += factor * total
        if self.log is not None:
            gained = ", ".join(f"{self.who(pawn)} {factor * totals[pawn]:+d}" for pawn in self.order)
            self.log.append(f"décompte du trimestre {row.quarter}{' (doublé)' if factor > 1 else ''} : {gained}")
        self.active.remove(row)  # rules: "les joueurs récupèrent leur pions posées sur les cartes de cette ligne"


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
