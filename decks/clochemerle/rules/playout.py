"""Play-outs of the placement game for the harness: one year at a time, every decision an agent's.

Contract: `Year(...).play()` plays one game with the kit's place and event cards and returns its
`GameRecord`: the seats with the best reputation (a tie shares the win: decision `end_tie`), numbered
in playing order (seat 0 is the pawn drawn to the top of the stack, who plays first: decision
`seat_order`; the pawns are P1, P2 ... inside a game, a colour each), the turns, the weeks the
year took (52, more when a last action overshot "fin"), and the situations met; `play(material,
players, rng, params, agent)` plays one from the material. This is the reference game, on
`CardState`s; the model's `Playout` (fastyear.playout) plays the same games, draw for draw, with
the cards' states as tuples.

Flow implemented (rules: Principe des gestion de l'évolution du plateau et des décomptes): the
player furthest behind plays, the top of a stack first (the last to arrive); the first player to
enter a quarter turns up the next row with an event card and 6 dice; when the last player leaves a
quarter, its row is scored (the last quarter when everyone is on "fin", doubled) and its pawns come
back. The two rows alternate; a row is never turned up while it is still on the table (the check
refuses a card whose longest action exceeds a quarter, which is what could bring that about:
decision `quarter_fit`; should it happen all the same, the play-out raises).
A seat's decisions are its placements (placement.decisions): one per cell, one per pawn it could
expel, where the expelled pawn goes being a decision of its own afterwards. The pawns a player may
place are the kit's supply (`tokens.pawns_per_colour` less the one on the time track: 10); pawns
come back when their row is scored. A player with no pawn left or no legal cell advances one week
(decision `no_move`). Greedy scores a placement by what the card would give it if scored now
(points, malus avoided, times the quarter's factor) less the time penalty it pays, and an expelled
pawn's destination by the fewest points it leaves the expelled player.
Situations: expulsions, time penalties, mairie ties (scorings where several players tie for the
majority), quarters turned, no legal move, no pawn left (the supply ran dry for a turn).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable

from pnp.rules import Agent, GameRecord
from .material import Material
from .params import Params
from .placement import CardState, Placement, apply, decisions, destinations, expels
from .places import DIE, EventCard
from .scoring import card_score, mairie_majority, missing_weeks, quarter_factor, row_score, time_penalty

SITUATIONS = ("expulsions", "time penalties", "mairie ties", "quarters turned", "no legal move", "no pawn left")


@dataclass
class Row:
    """A row of place cards turned up for a quarter; `side` is which of the two set-up rows it is."""

    quarter: int
    side: int
    states: list[Any]  # CardStates (Year), tuples of seats by cell (fastyear.FastYear)
    dice: list[int]
    event: EventCard


class Year:
    """One game: positions on the track, the stack order, the rows out, scores, pawns out."""

    def __init__(self, rows: list[list], events: tuple[EventCard, ...], players: int, supply: int,
                 params: Params, agent: Agent, rng: random.Random):
        self.rows, self.params, self.agent, self.rng, self.supply = rows, params, agent, rng, supply
        self.names = [f"P{i + 1}" for i in range(players)]
        self.end, self.q = params.weeks, params.weeks_per_quarter
        self.events = rng.sample(list(events), len(events))
        self.position, self.scores, self.out = [0] * players, [0] * players, [0] * players
        # rules: "Les pions sont empilés dans un ordre tiré aléatoirement. Le pion au sommet de la pile
        # jouera en premier": the pawns (P1, P2 ...: colours, which the rules do not tell apart) are
        # stacked in a drawn order; `order[k]` is the pawn that plays k-th (decision: seat_order)
        order = self.order = rng.sample(range(players), players)
        self.arrival = [0] * players
        for rank, seat in enumerate(order):
            self.arrival[seat] = -rank
        self.active: list[Row] = []
        self.turned_up, self.clock, self.turns, self.overshoot = 0, 0, 0, 0
        self.counts = dict.fromkeys(SITUATIONS, 0)
        self.log: list[str] | None = None  # the moves in words, when the game is traced (`trace`)
        self.colours: tuple[str, ...] = ()  # the kit's pawn colours, for the trace
        self._turn_up(1)  # rules: "Au début du jeu [...] tirer la carte clochemerle du dessus du talon"

    def next_seat(self) -> int:
        # rules: Tour d'un joueur — "celui qui est le plus en retard sur la piste de temps (si plusieurs
        # [...] sont empilés sur la même semaine, le pion le plus en retard est le pion au dessus de la pile)"
        waiting = [s for s, at in enumerate(self.position) if at < self.end]
        return min(waiting, key=lambda s: (self.position[s], -self.arrival[s]))

    def options(self, seat: int) -> list[tuple[Row, int, Placement]]:
        # rules: Tour d'un joueur — "poser un de ses pions qu'il a devant lui sur une carte lieu exposée"
        if self.out[seat] >= self.supply:
            self.counts["no pawn left"] += 1
            return []
        name = self.names[seat]
        return [(row, i, offer) for row in self.active for i, state in enumerate(row.states)
                for offer in decisions(state, name)]

    def turn(self, seat: int) -> None:
        self.turns += 1
        options = self.options(seat)
        if not options:
            self.counts["no legal move"] += 1
            self.move(seat, 1)  # decision: no_move
            return
        greedy = self.agent.greedy
        row, i, offer = self.agent.choose(options, self.rng, self._gain(seat) if greedy else None)
        state = row.states[i]
        if expels(state, offer):
            offer = Placement(offer.player, offer.pos, offer.weeks, self._destination(row, i, offer))
            self.counts["expulsions"] += 1
        row.states[i] = apply(state, offer)
        self.out[seat] += 1
        self.move(seat, offer.weeks)

    def _destination(self, row: Row, i: int, offer: Placement) -> Any:
        state, expelled = row.states[i], row.states[i].pawns[offer.pos]

        def gain(pos: Any) -> int:  # the fewest points left to the expelled player
            moved = apply(state, Placement(offer.player, offer.pos, offer.weeks, pos))
            return -self._card_value(row, i, moved, expelled)

        return self.agent.choose(destinations(state), self.rng, gain if self.agent.greedy else None)

    def _gain(self, seat: int) -> Callable[[tuple[Row, int, Placement]], int]:
        name, before = self.names[seat], {}

        def gain(option: tuple[Row, int, Placement]) -> int:
            row, i, offer = option
            if (id(row), i) not in before:
                before[id(row), i] = self._card_value(row, i, row.states[i], name)
            after = self._card_value(row, i, apply(row.states[i], offer), name)
            return after - before[id(row), i] + time_penalty(missing_weeks(self.position[seat], offer.weeks, self.end))
        return gain

    def _card_value(self, row: Row, i: int, state: CardState, name: str) -> int:
        """What the card would give `name` if its row were scored now."""
        factor = quarter_factor(row.quarter, self.params.quarters)
        place = state.card.place
        return factor * card_score(state, row.dice[i], row.event.sign(place), self.names).total(name)

    def move(self, seat: int, weeks: int) -> None:
        start = self.position[seat]
        missing = missing_weeks(start, weeks, self.end)
        if missing:
            self.counts["time penalties"] += 1
            self.overshoot = max(self.overshoot, missing)
            self.scores[seat] += time_penalty(missing)  # decision: time_penalty
        self.position[seat] = min(self.end, start + weeks)
        self.clock += 1
        self.arrival[seat] = self.clock  # the pawn arriving goes on top of the stack
        self._quarters()

    def _quarters(self) -> None:
        lead, last = max(self.position), min(self.position)
        for row in list(self.active):
            if last > row.quarter * self.q or last >= self.end:
                self._score(row)  # rules: "Lorsque le dernier joueur franchit la fin d'un trimestre"
        if self.turned_up < self.params.quarters and lead > self.turned_up * self.q:
            self._turn_up(self.turned_up + 1)  # rules: "un joueur franchi le premier le début d'un trimestre"

    def _turn_up(self, quarter: int) -> None:
        side = (quarter - 1) % 2
        if any(row.side == side for row in self.active):  # decision: quarter_fit
            raise RuntimeError(f"quarter {quarter} begins while its row (of quarter {quarter - 2}) is still on the "
                               "table: an action is longer than a quarter")
        self.turned_up = quarter
        self.counts["quarters turned"] += 1
        dice = [self.rng.randint(*DIE) for _ in self.rows[side]]  # rules: "Lancer 6 dés un par un"
        self.active.append(Row(quarter, side, self._fresh(side), dice, self.events[quarter - 1]))
        if self.log is not None:
            self.log.append(self.row_said(self.active[-1]))

    def row_said(self, row: Row) -> str:
        return (f"trimestre {row.quarter} : la ligne {row.side + 1} est retournée, carte clochemerle "
                f"« {row.event.title} », dés {' '.join(map(str, row.dice))}")

    def who(self, pawn: int) -> str:
        """A seat as the trace names it: "joueur 2 (bleu)", numbered in playing order (decision: seat_order)."""
        colour = self.colours[pawn] if pawn < len(self.colours) else self.names[pawn]
        return f"joueur {self.order.index(pawn) + 1} ({colour})"

    def say(self, pawn: int, what: str) -> None:
        if self.log is not None:
            self.log.append(f"semaine {self.position[pawn]} : {self.who(pawn)} {what}")

    def _fresh(self, side: int) -> list:
        """The states of a row's cards, turned up with no pawn."""
        return [CardState.of(card) for card in self.rows[side]]

    def _score(self, row: Row) -> None:
        factor = quarter_factor(row.quarter, self.params.quarters)
        score = row_score(row.states, row.dice, row.event, self.names, factor)
        for seat, name in enumerate(self.names):
            self.scores[seat] += score.total(name)
        if self.log is not None:
            gained = ", ".join(f"{self.who(pawn)} {score.total(self.names[pawn]):+d}" for pawn in self.order)
            self.log.append(f"décompte du trimestre {row.quarter}{' (doublé)' if factor > 1 else ''} : {gained}")
        for state in row.states:
            if state.card.place == "mairie" and len(mairie_majority(state)) > 1:
                self.counts["mairie ties"] += 1  # decision: mairie_ties
            for owner in state.pawns.values():
                self.out[self.names.index(owner)] -= 1
        self.active.remove(row)  # rules: "les joueurs récupèrent leur pions posées sur les cartes de cette ligne"

    def play(self) -> GameRecord:
        while any(at < self.end for at in self.position):
            self.turn(self.next_seat())
        return self.record()

    def record(self) -> GameRecord:
        """The game's record once every pawn is on "fin"."""
        # rules: Fin de la partie — "Le joueur avec le plus de points de réputation est élevé [...] au
        # rang de citoyen d'honneur"; tied, they share it (decision: end_tie)
        best = max(self.scores)
        winners = tuple(rank for rank, seat in enumerate(self.order) if self.scores[seat] == best)
        if self.log is not None:
            self.log.append("fin : " + ", ".join(f"{self.who(pawn)} {self.scores[pawn]}" for pawn in self.order) +
                            f" ; {'ex aequo, ils gagnent ensemble' if len(winners) > 1 else 'le meilleur gagne'}")
        return GameRecord(winners, self.turns, dict(self.counts), {"weeks": self.end + self.overshoot}, "fin reached")


def set_up_rows(material: Material) -> list[list]:
    """The two rows of place cards, each place's first card in the first row (rules: Mise en place)."""
    cards = sorted(material.places, key=lambda card: card.order)
    seen: set[str] = set()
    rows: list[list] = [[], []]
    for card in cards:
        rows[card.place in seen].append(card)
        seen.add(card.place)
    return rows


def supply_of(material: Material, params: Params) -> int:
    """The pawns a player may place: the kit's pawns of a colour less the one on the time track."""
    # rules: Matériel — "Onze pions par joueur. Un pour compter le temps écoulé et 10 pour se placer"
    return material.tokens.pawns_per_colour - 1 if material.tokens is not None else params.placement_pawns


def play(material: Material, players: int, rng: random.Random, params: Params | None = None,
         agent: Agent | None = None) -> GameRecord:
    from pnp.rules import AGENTS

    params = params or Params()
    return Year(set_up_rows(material), material.events, players, supply_of(material, params), params,
                agent or AGENTS["random"], rng).play()

