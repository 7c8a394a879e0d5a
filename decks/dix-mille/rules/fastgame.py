"""An untraced game of Le 10 000 with pnp's random or greedy agent in one loop, for speed.

Contract: `quick_play(match, outcomes, bound)` plays the `playout.Match` (untraced, its agent
`AGENTS["random"]` or `AGENTS["greedy"]`) to its end or `bound` turns, `outcomes` being
playout.OUTCOMES, and returns its `GameRecord`: the game `Match.play_stepped` plays (the loop over
`Match.turn`, `_accepts`, `_stops` and `write`), the same draws of the rng in the same order, so
the same record; tests hold the two to each other, game for game. Those methods stay the readable
statement of each step (`pnp playtest --trace` plays them; the rules are cited there); here they
are written out over local names, with the agents' rules for two options: the random agent takes
the first when `rng.random() < 0.5` (`options[int(rng.random() * 2)]`), the greedy agent the one
of the higher gain, a tie drawn the same way (pick_top), since a game is some hundreds of throws
and a call costs as much as a throw.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.rules import AGENTS, GameRecord
from .params import DICE

if TYPE_CHECKING:  # pragma: no cover
    from .playout import Match


def quick_play(match: Match, outcomes: dict[int, list[tuple[int, ...]]], bound: int) -> GameRecord:
    """The game played to its end (see the module docstring)."""
    greedy = match.agent is AGENTS["greedy"]
    assert greedy or match.agent is AGENTS["random"], "quick_play plays pnp's two agents"
    params, throws, players, draw = match.params, match.throws, match.players, match.rng.random
    scores, counts, known, target, fall = match.scores, match.counts, match.throws.known, params.target, params.fall
    five_wins, offer = params.five_ones_wins, None
    for turn in range(1, bound + 1):
        seat = (turn - 1) % players
        kept: tuple[int, ...] = ()
        blocked = banked = offered = 0
        if offer is not None:  # Match._accepts
            gain = offer[0] if scores[seat] + offer[0] <= target else -1
            if (gain > 0 or (gain == 0 and draw() < 0.5)) if greedy else draw() < 0.5:
                counts["challenges taken"] += 1
                blocked, offered = DICE - offer[1], offer[0]
        offer = None
        while True:  # Match.turn
            table = outcomes[DICE - len(kept) - blocked]
            thrown = table[int(draw() * len(table))]
            found = known.get((kept, thrown)) or throws(kept, thrown)
            scoring, kept, set_points, five = found
            if not scoring:
                break
            if offered:
                counts["challenges won"] += 1
                banked, offered = banked + offered, 0
            if five_wins and five:
                counts["five 1s"] += 1
                return match.record((seat,), turn, "five 1s")
            free = DICE - len(kept) - blocked
            if free == 0:
                banked, kept, blocked, set_points = banked + set_points, (), 0, 0
                continue
            points = banked + set_points  # Match._stops
            total = scores[seat] + points
            written = points if total <= target else fall(total) - scores[seat]
            if not ((written > 0 or (written == 0 and draw() < 0.5)) if greedy else draw() < 0.5):
                continue
            if total > target:  # Match.write
                scores[seat] = fall(total)
                counts["falls by overshoot"] += 1
            else:
                scores[seat] = total
                for other in range(players):
                    if other != seat and scores[other] == total:
                        scores[other] = fall(total)
                        counts["falls by assassination"] += 1
            counts["challenges offered"] += 1
            offer = (points, free)
            break
        if seat == players - 1 and target in scores:  # decision: round
            return match.record((scores.index(target),), turn, "exactly the target")
    return match.record((), bound, "bound", ended=False)
