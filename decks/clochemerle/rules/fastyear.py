"""Fast play-outs of Clochemerle: playout.Year with its cards as tuples (fastcards.py).

Contract: `FastYear(rows, events, players, supply, params, agent, rng, memo)` is a `playout.Year`
whose cards' states are tuples of seats by cell; it plays the same game as `Year` for the same
arguments (same decisions, listed in the same order, same gains, same draws: tests compare the
records): only the turn's options, the greedy agent's gains and the expelled pawn's destination
are computed on tuples, and a row is scored on them (`FastCard.value`, `majority`: scoring.py's
figures, which tests compare).
`Memo` keeps what depends only on a card, its state and a seat (its decisions, the seat's points
now and after each, the change of its value each makes for a die and a sign) across the games of
a play-out, for the other seats' numbering too (`canonical`); a table forgets all past
`Memo.LIMIT` entries. `FastYear.play()` returns the `GameRecord`. `playout(material,
params)` is the model's `Playout` (pnp.rules), its games `FastYear`s sharing one `Memo`.
"""
from __future__ import annotations

import random

from pnp.rules import Agent, GameRecord, Playout
from .fastcards import EMPTY, Decision, FastCard
from .params import Params
from .places import EventCard, PlaceCard
from .material import Material
from .playout import SITUATIONS, Row, Year, set_up_rows, supply_of
from .scoring import quarter_factor, time_penalty


class Memo:
    """Decisions and value changes by (card, state, seat[, die, sign]), shared by a play-out's games.
    What a state gives a seat does not depend on who the other seats are, only on which pawns are
    whose: a state is computed once in its `canonical` form (the seat 0, the others numbered from
    1 in the order of their first pawn) and remembered under both keys."""

    LIMIT = 200_000

    def __init__(self, rows: list[list[PlaceCard]]):
        self.cards = [[FastCard(card) for card in row] for row in rows]
        self.longest = max(card.longest for row in self.cards for card in row)
        self.decided: dict[tuple, list[Decision]] = {}
        self.changes: dict[tuple, list[int]] = {}
        self.shapes: dict[tuple, list[Decision]] = {}
        self.points: dict[tuple, tuple] = {}

    def decisions(self, side: int, i: int, own: tuple[int, ...], seat: int) -> list[Decision]:
        key = (side, i, own, seat)
        found = self.decided.get(key)
        if found is None:
            found = self.decided[key] = self._shape(side, i, canonical(own, seat))
            self._bound(self.decided)
        return found

    def changes_of(self, side: int, i: int, own: tuple[int, ...], seat: int, die: int, sign: int,
                   factor: int) -> list[int]:
        """What each decision changes in the seat's value of the card, times the quarter's factor
        (an expelled pawn left off the card, as the greedy agent weighs an expulsion)."""
        key = (side, i, own, seat, die, sign, factor)
        found = self.changes.get(key)
        if found is None:
            worth = self.cards[side][i].worth
            before, after = self._points(side, i, canonical(own, seat))
            before = worth(before, die, sign)
            found = self.changes[key] = [factor * (worth(points, die, sign) - before) for points in after]
            self._bound(self.changes)
        return found

    def _shape(self, side: int, i: int, own: tuple[int, ...]) -> list[Decision]:
        """The decisions of seat 0 in a canonical state."""
        key = (side, i, own)
        found = self.shapes.get(key)
        if found is None:
            found = self.shapes[key] = self.cards[side][i].decisions(own, 0)
            self._bound(self.shapes)
        return found

    def _points(self, side: int, i: int, own: tuple[int, ...]) -> tuple:
        """Seat 0's points on the card (FastCard.points) in a canonical state, and after each of its decisions."""
        key = (side, i, own)
        found = self.points.get(key)
        if found is None:
            card = self.cards[side][i]
            found = self.points[key] = (card.points(own, 0), card.points_after(own, 0, self._shape(side, i, own)))
            self._bound(self.points)
        return found

    def _bound(self, table: dict) -> None:
        if len(table) > self.LIMIT:
            table.clear()


def canonical(own: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """The state with `seat` numbered 0 and the other seats 1, 2 ... in the order of their first pawn."""
    labels = {seat: 0, EMPTY: EMPTY}
    return tuple([labels.setdefault(owner, len(labels) - 1) for owner in own])


class FastYear(Year):
    """playout.Year on tuples (see the module docstring)."""

    def __init__(self, rows: list[list], events: tuple[EventCard, ...], players: int, supply: int,
                 params: Params, agent: Agent, rng: random.Random, memo: Memo):
        self.memo = memo
        self.weights: dict[int, tuple[list[int], int]] = {}
        # by row side and card: each seat's decisions and their value changes (None: random agent) in
        # the card's present state; emptied when the card changes or its row is turned up
        self.offers: dict[int, list[dict[int, tuple[list[Decision], list[int] | None]]]] = {}
        super().__init__(rows, events, players, supply, params, agent, rng)

    def _fresh(self, side: int) -> list:
        return [card.empty for card in self.memo.cards[side]]

    def _turn_up(self, quarter: int) -> None:
        """Year._turn_up, and the signs and factor of the row's scoring, once (`weights[side]`)."""
        super()._turn_up(quarter)
        row = self.active[-1]
        self.weights[row.side] = ([row.event.sign(card.place) for card in self.memo.cards[row.side]],
                                  quarter_factor(quarter, self.params.quarters))
        self.offers[row.side] = [{} for _ in row.states]

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
        out, count, late = [], 0, self.end - self.position[seat]
        for row in self.active:
            offers = self.offers[row.side]
            for i, own in enumerate(row.states):
                entry = offers[i].get(seat)
                if entry is None:
                    entry = offers[i][seat] = self._entry(seat, row, i, gains is not None)
                decisions, changes = entry
                if decisions:
                    out.append((row, i, decisions))
                    count += len(decisions)
                    if gains is not None and changes is not None:
                        gains += changes if late >= self.memo.longest else self._late(decisions, changes, late)
        return out, count

    def _entry(self, seat: int, row: Row, i: int, greedy: bool) -> tuple[list[Decision], list[int] | None]:
        """The seat's decisions on a card and, for the greedy agent, what each changes in the seat's
        value of the card times the quarter's factor (Year._gain, before the time penalty)."""
        own = row.states[i]
        decisions = self.memo.decisions(row.side, i, own, seat)
        if not (greedy and decisions):
            return decisions, None
        signs, factor = self.weights[row.side]
        return decisions, self.memo.changes_of(row.side, i, own, seat, row.dice[i], signs[i], factor)

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
        for row, i, decisions in found:
            if j < len(decisions):
                cell, weeks = decisions[j]
                break
            j -= len(decisions)
        card, own, to = self.memo.cards[row.side][i], row.states[i], EMPTY
        if card.expels(own, cell, seat):
            to = self._to(row, i, cell, seat)
            self.counts["expulsions"] += 1
        row.states[i] = card.apply(own, cell, seat, to)
        self.offers[row.side][i].clear()
        self.out[seat] += 1
        if self.log is not None:
            self._said(seat, card, own, cell, weeks, to)
        self.move(seat, weeks)

    def _said(self, seat: int, card: FastCard, own: tuple[int, ...], cell: int, weeks: int, to: int) -> None:
        """A placement of a traced game, in words."""
        row, col = card.positions[cell]
        expelled = f", expulse {self.who(own[cell])} vers la case {card.positions[to][0] + 1}-" \
                   f"{card.positions[to][1] + 1}" if to != EMPTY else ""
        self.say(seat, f"pose un pion : {card.card.name}, case {row + 1}-{col + 1}, {weeks} semaine"
                       f"{'s' if weeks > 1 else ''}{expelled}")

    def _to(self, row: Row, i: int, cell: int, seat: int) -> int:
        """Year._destination: an empty cell for the expelled pawn (greedy: the fewest points left to it)."""
        card, own = self.memo.cards[row.side][i], row.states[i]
        empty = [j for j in range(card.size) if own[j] == EMPTY]
        if not self.agent.greedy:
            return self.agent.choose(empty, self.rng)
        expelled, factor = own[cell], quarter_factor(row.quarter, self.params.quarters)
        sign = row.event.sign(card.place)
        left = [-factor * card.value(card.apply(own, cell, seat, j), expelled, row.dice[i], sign) for j in empty]
        return empty[self.agent.choose(range(len(empty)), self.rng, left.__getitem__)]

    def _score(self, row: Row) -> None:
        """Year._score on the tuples: each seat's value of each card (FastCard.value, which is
        scoring.card_score's total) times the quarter's factor, the mairie's ties, the pawns back."""
        signs, factor = self.weights[row.side]
        totals = [0] * len(self.scores)
        for card, own, die, sign in zip(self.memo.cards[row.side], row.states, row.dice, signs):
            for seat in range(len(totals)):
                totals[seat] += card.value(own, seat, die, sign)
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
    memo = Memo(rows)
    colours = tuple(material.tokens.colours) if material.tokens is not None else ()

    def play_one(players: int, agent: Agent, rng: random.Random) -> GameRecord:
        return FastYear(rows, material.events, players, supply, params, agent, rng, memo).play()

    def trace(players: int, agent: Agent, rng: random.Random) -> tuple[GameRecord, list[str]]:
        year = FastYear(rows, material.events, players, supply, params, agent, rng, memo)
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
