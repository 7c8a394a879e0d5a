"""Random play-outs of the placement game, to back the pawn-supply invariant empirically.

Contract: `play(material, players, rng, ...)` plays one game with a seeded `random.Random` and
returns a `PlayoutResult` (scores, the most placement pawns each player had out at once, turns,
stuck turns). It always ends: every turn moves a player forward, and a stuck player (no legal
placement) is recorded and moved one week. With `pawn_limit=None` players have unlimited pawns,
so `max_out` measures the demand the 10 pawns must cover. `check_playouts` turns that into
problems. Policies: "random" (any legal placement that does not overshoot "fin"), "cheapest".

Flow implemented (rules: Principe des gestion de l'évolution du plateau et des décomptes):
the player furthest behind plays, the top of a stack first (the last to arrive); the first
player to enter a quarter turns up the next row with an event card and 6 dice; when the last
player leaves a quarter, its row is scored (the last quarter when everyone is on "fin", doubled)
and its pawns come back.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from pnp.rules import Problem
from .material import Material
from .params import Params
from .placement import CardState, Placement, legal_placements, place
from .places import EventCard
from .scoring import missing_weeks, quarter_factor, row_score, time_penalty


@dataclass
class Row:
    """A row of place cards turned up for a quarter."""

    quarter: int
    states: list[CardState]
    dice: list[int]
    event: EventCard


@dataclass
class Game:
    players: list[str]
    rows: list[list]  # the two rows of place cards, in set-up order
    events: list[EventCard]
    weeks_per_quarter: int
    quarters: int
    position: dict[str, int] = field(default_factory=dict)
    arrival: dict[str, int] = field(default_factory=dict)
    active: list[Row] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    max_out: dict[str, int] = field(default_factory=dict)
    turns: int = 0
    stuck: int = 0
    clock: int = 0
    turned_up: int = 0

    @property
    def end(self) -> int:
        return self.weeks_per_quarter * self.quarters


@dataclass(frozen=True)
class PlayoutResult:
    scores: dict[str, int]
    max_out: dict[str, int]
    turns: int
    stuck: int


def new_game(material: Material, players: int, rng: random.Random, params: Params) -> Game:
    cards = sorted(material.places, key=lambda card: card.order)
    rows = [[card for i, card in enumerate(cards) if _rank(cards, i) == r] for r in (0, 1)]
    names = [f"P{i + 1}" for i in range(players)]
    order = rng.sample(names, len(names))  # rules: Mise en place — "empilés dans un ordre tiré aléatoirement"
    game = Game(names, rows, rng.sample(list(material.events), len(material.events)),
                params.weeks_per_quarter, params.quarters, position=dict.fromkeys(names, 0),
                arrival={name: -i for i, name in enumerate(order)}, scores=dict.fromkeys(names, 0),
                max_out=dict.fromkeys(names, 0))
    _turn_up(game, 1, rng)  # rules: "Au début du jeu [...] tirer la carte clochemerle du dessus du talon"
    return game


def _rank(cards: list, index: int) -> int:
    """0 for the first card of its place in set-up order, 1 for the second."""
    return sum(1 for card in cards[:index] if card.place == cards[index].place)


def play(material: Material, players: int, rng: random.Random, params: Params | None = None,
         policy: str = "random", pawn_limit: int | None = None) -> PlayoutResult:
    params = params or Params()
    game = new_game(material, players, rng, params)
    choose = _POLICIES[policy]
    while any(game.position[p] < game.end for p in game.players):
        _turn(game, _next_player(game), rng, choose, pawn_limit)
    return PlayoutResult(game.scores, game.max_out, game.turns, game.stuck)


def _next_player(game: Game) -> str:
    # rules: Tour d'un joueur — "celui qui est le plus en retard sur la piste de temps (si plusieurs
    # [...] sont empilés sur la même semaine, le pion le plus en retard est le pion au dessus de la pile)"
    waiting = [p for p in game.players if game.position[p] < game.end]
    return min(waiting, key=lambda p: (game.position[p], -game.arrival[p]))


def _turn(game: Game, player: str, rng: random.Random, choose: Callable, pawn_limit: int | None) -> None:
    game.turns += 1
    offers = [] if pawn_limit is not None and _out(game, player) >= pawn_limit else _offers(game, player)
    if not offers:
        game.stuck += 1
        _move(game, player, 1, rng)
        return
    row, index, placement = choose(offers, game.end - game.position[player], rng)
    row.states[index] = place(row.states[index], placement)
    game.max_out[player] = max(game.max_out[player], _out(game, player))
    _move(game, player, placement.weeks, rng)


def _offers(game: Game, player: str) -> list[tuple[Row, int, Placement]]:
    # rules: Tour d'un joueur — "poser un de ses pions [...] sur une carte lieu exposée"
    return [(row, i, offer) for row in game.active for i, state in enumerate(row.states)
            for offer in legal_placements(state, player)]


def _out(game: Game, player: str) -> int:
    return sum(len(state.pawns_of(player)) for row in game.active for state in row.states)


def _move(game: Game, player: str, weeks: int, rng: random.Random) -> None:
    start = game.position[player]
    game.scores[player] += time_penalty(missing_weeks(start, weeks, game.end))
    game.position[player] = min(game.end, start + weeks)
    game.clock += 1
    game.arrival[player] = game.clock  # the pawn arriving goes on top of the stack
    _quarters(game, rng)


def _quarters(game: Game, rng: random.Random) -> None:
    q, lead, last = game.weeks_per_quarter, max(game.position.values()), min(game.position.values())
    for row in list(game.active):
        if last > row.quarter * q or last >= game.end:
            _score(game, row)  # rules: "Lorsque le dernier joueur franchit la fin d'un trimestre"
    if game.turned_up < game.quarters and lead > game.turned_up * q:
        _turn_up(game, game.turned_up + 1, rng)  # rules: "un joueur franchi le premier le début d'un trimestre"


def _turn_up(game: Game, quarter: int, rng: random.Random) -> None:
    game.turned_up = quarter
    cards = game.rows[(quarter - 1) % 2]
    dice = [rng.randint(1, 6) for _ in cards]  # rules: "Lancer 6 dés un par un"
    game.active.append(Row(quarter, [CardState.of(card) for card in cards], dice, game.events[quarter - 1]))


def _score(game: Game, row: Row) -> None:
    factor = quarter_factor(row.quarter, game.quarters)
    score = row_score(row.states, row.dice, row.event, game.players, factor)
    for player in game.players:
        game.scores[player] += score.total(player)
    game.active.remove(row)  # rules: "les joueurs récupèrent leur pions posées sur les cartes de cette ligne"


def _random(offers: list, left: int, rng: random.Random):
    fitting = [offer for offer in offers if offer[2].weeks <= left]
    return rng.choice(fitting) if fitting else min(offers, key=lambda offer: offer[2].weeks)


def _cheapest(offers: list, left: int, rng: random.Random):
    low = min(offer[2].weeks for offer in offers)
    return rng.choice([offer for offer in offers if offer[2].weeks == low])


_POLICIES = {"random": _random, "cheapest": _cheapest}


def check_playouts(material: Material, params: Params, games: int, seed: int = 0) -> list[Problem]:
    """Play `games` games per player count and policy with unlimited pawns: demand vs supply."""
    rng, worst, stuck = random.Random(seed), 0, 0
    for players in params.player_counts:
        for policy in _POLICIES:
            for _ in range(games):
                result = play(material, players, rng, params, policy)
                worst, stuck = max(worst, *result.max_out.values()), stuck + result.stuck
    out = []
    if worst > params.placement_pawns:
        out.append(Problem(f"a play-out had a player with {worst} pawns out at once, more than the "
                           f"{params.placement_pawns} placement pawns", "play-outs", got=worst))
    if stuck:
        out.append(Problem(f"{stuck} turns of the play-outs found no legal placement", "play-outs", got=stuck))
    return out
