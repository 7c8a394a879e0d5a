"""How many placement pawns a player can have on the table at once: a bound from the cards.

Contract: `pawn_bound(places, weeks_per_quarter)` returns a `PawnBound` whose `pawns` no play of
the game can exceed, derived from the printed costs; check.py compares it with the 10 pawns.

Derivation (Q = weeks of a quarter, C = the longest single action of the cards):
1. The player who plays is always the one furthest behind on the track ("Le joueur qui joue est
   celui qui est le plus en retard"), and moves by at most C: so no player is ever more than C
   weeks ahead of the last one.
2. The row of quarter q is turned up when the first player enters the quarter (week Q(q-1) + 1).
   That player was the last one, at most C weeks before, so every player then stands at week
   Q(q-1) + 1 - C or later: every pawn on the row of quarter q or q+1 is placed from there on.
3. The row of quarter q is scored when the last player leaves the quarter; until then the one
   who plays stands at week Qq or before. A player's pawns out at any moment (on the two active
   rows, quarters q and q+1) were thus placed from track positions within Q(q-1) + 1 - C .. Qq:
   Q + C positions, so the first k - 1 of k such placements cost at most Q + C - 1 weeks.
4. The k - 1 cheapest placements a player can make on the 12 cards of two rows cost at least the
   sum of the k - 1 cheapest costs printed (one-pawn places count once, at their cheapest cell;
   an église rang counts once per cell, at its cost). So k is bounded by the largest k whose k - 1
   cheapest costs sum to at most Q + C - 1.
With the shipped cards: C = 6, Q + C - 1 = 18; the 10 cheapest costs are 1+1+1+1+2+2+2+3+3+3 = 19,
so 11 pawns can never be out at once: the bound is 10, the rules' 10 placement pawns suffice.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .placement import DOCTOR_WEEKS, EXPEL_EXTRA_WEEKS, JUMP_WEEKS
from .places import PlaceCard


@dataclass(frozen=True)
class PawnBound:
    """The bound and the numbers it comes from (for messages and the docs)."""

    pawns: int
    window: int          # Q + C - 1: weeks the first k - 1 placements can cost at most
    longest_action: int  # C
    cheapest: tuple[int, ...]  # the costs summed, cheapest first

    def explain(self) -> str:
        used = self.cheapest[: max(0, self.pawns - 1)]
        return (f"the longest action costs {self.longest_action} weeks, so a player's pawns out were placed "
                f"within {self.window + 1} track positions; the {len(used)} cheapest placements cost "
                f"{'+'.join(map(str, used)) or '0'} = {sum(used)} <= {self.window} weeks")


def queue_jump(card: PlaceCard, players: int | None = None) -> int:
    """The most patients a pawn can jump at the médecin: every other cell of the queue, and no more
    than the other players' pawns (decision: medecin_queue)."""
    others = max(0, len(card.cells()) - 1)
    return others if players is None else min(others, max(0, players - 1))


def pawn_bound(places: Iterable[PlaceCard], weeks_per_quarter: int = 13, players: int | None = None) -> PawnBound:
    """The most pawns one player can have on the table at once (see the module docstring)."""
    places = list(places)
    longest = max((longest_action(card, players) for card in places), default=0)
    window = weeks_per_quarter + longest - 1
    costs = sorted(cost for card in places for cost in player_costs(card))
    pawns, spent = min(1, len(costs)), 0
    for cost in costs[: max(0, len(costs) - 1)]:
        if spent + cost > window:
            break
        spent, pawns = spent + cost, pawns + 1
    return PawnBound(pawns, window, longest, tuple(costs[: pawns]))


def player_costs(card: PlaceCard) -> list[int]:
    """The cheapest costs of every placement one player can make on the card (see step 4)."""
    if card.place == "medecin":
        return [DOCTOR_WEEKS]
    if card.place == "eglise":
        return [column[-1].weeks for column in card.columns() if column[-1].weeks for _ in column]
    weeks = [cell.weeks for cell in card.cells() if cell.weeks]
    if card.one_pawn:
        return [min(weeks)] if weeks else []
    return weeks


def longest_action(card: PlaceCard, players: int | None = None) -> int:
    """The most weeks one placement on the card can cost, with at most `players` players (None: no
    bound from the players)."""
    if card.place == "medecin":
        # rules: Le médecin — "+1 par patient doublé": jumping every patient who can wait; one pawn a
        # player (decision: medecin_pawns), so at most players - 1 others (decision: medecin_queue)
        return DOCTOR_WEEKS + JUMP_WEEKS * queue_jump(card, players)
    weeks = [cell.weeks for cell in card.cells() if cell.weeks]
    extra = EXPEL_EXTRA_WEEKS if card.place == "boulodrome" else 0
    return max(weeks, default=0) + extra
