"""Play-outs of Le 10 000 for the harness: one game at a time, every decision made by an agent.

Contract: `playout(params)` returns the model's `Playout` (pnp.rules): `play(players, agent, rng)`
plays one game and returns its `GameRecord`. The rules are those of turn.py and game.py (the same
decisions, cited there), played on plain values for speed: a set's kept dice are a sorted tuple,
a throw of n dice is one draw among the 6^n sorted outcomes (each as likely as the dice make it),
and a throw's score against the kept dice (scoring.throw_score) is computed once per pair and
kept. The seat's decisions: accept or refuse the dice offered ("Le joueur suivant peut relever le
défi"), and after each scoring throw that allows it, stop or throw again; the scoring dice are
always kept (decision: best_split, "On ne relance jamais des dés qui rapportent"). Greedy scores a
decision by what it writes now: accepting counts the offered points (when they keep the score
within the target), stopping the points written (less a fall), throwing again and refusing 0.
Situations: falls (chutes) by overshoot and by assassination, challenges offered, taken and won,
five 1s winning at once. `trace` plays the same game and tells each throw, stop, offer and fall. A game stops at its winner ("on finit le tour de table") or at
`MAX_TURNS` (not ended).
"""
from __future__ import annotations

import random
from itertools import product

from pnp.rules import AGENTS, Agent, GameRecord, Playout
from .fastgame import quick_play
from .params import DICE, DixMilleParams
from .scoring import throw_score

MAX_TURNS = 20_000
SITUATIONS = ("falls by overshoot", "falls by assassination", "challenges offered", "challenges taken",
              "challenges won", "five 1s")
# every throw of n dice, sorted, as often as the dice give it: one draw picks a throw
OUTCOMES = {n: [tuple(sorted(faces)) for faces in product(range(1, 7), repeat=n)] for n in range(1, DICE + 1)}
STOP, GO, ACCEPT, REFUSE = "stop", "go", "accept", "refuse"


class Throws:
    """A throw's result against the kept dice, computed once: (scores, new kept dice, set points,
    five 1s in the set)."""

    def __init__(self, params: DixMilleParams):
        self.params = params
        self.known: dict[tuple, tuple[bool, tuple[int, ...], int, bool]] = {}

    def __call__(self, kept: tuple[int, ...], dice: tuple[int, ...]) -> tuple[bool, tuple[int, ...], int, bool]:
        found = self.known.get((kept, dice))
        if found is None:
            result = throw_score(kept, dice, self.params)
            found = (result.scores, result.kept, result.after.points, result.after.has("five", 1))
            self.known[kept, dice] = found
        return found


class Match:
    """One game: scores by seat, the pending offer, what happened."""

    def __init__(self, params: DixMilleParams, throws: Throws, players: int, agent: Agent, rng: random.Random):
        self.params, self.throws, self.players, self.agent, self.rng = params, throws, players, agent, rng
        self.scores = [0] * players
        self.counts = dict.fromkeys(SITUATIONS, 0)
        self.log: list[str] | None = None  # the moves in words, when the game is traced

    def say(self, seat: int, what: str) -> None:
        if self.log is not None:
            self.log.append(f"joueur {seat + 1} {what}")

    def turn(self, seat: int, offer: tuple[int, int] | None) -> tuple[int, int] | None:
        """The seat's turn (rules: turn.py); the dice it offers the next seat, if it stopped."""
        log = self.log is not None
        kept: tuple[int, ...]
        if offer is not None and self._accepts(seat, offer):
            self.counts["challenges taken"] += 1
            kept, blocked, banked, offered = (), DICE - offer[1], 0, offer[0]
            if log:
                self.say(seat, f"relève le défi : {offer[1]} dé{'s' if offer[1] > 1 else ''} à {_pts(offer[0])}")
        else:
            kept, blocked, banked, offered = (), 0, 0, 0
            if log and offer is not None:
                self.say(seat, "refuse les dés proposés")
        set_points, outcomes, rng = 0, OUTCOMES, self.rng
        while True:
            free = DICE - len(kept) - blocked
            table = outcomes[free]
            thrown = table[int(rng.random() * len(table))]
            scores, kept, set_points, five = self.throws(kept, thrown)
            if log:
                self.say(seat, f"lance {free} dé{'s' if free > 1 else ''} : {' '.join(map(str, thrown))}" + (
                    f" ; garde {' '.join(map(str, kept))} ({_pts(banked + set_points + offered)} ce tour)" if scores
                    else " : aucun point, le tour est perdu"))
            if not scores:
                return None  # rules: "vous perdez le bénéfice du tour" — nothing written, nothing offered
            if offered:
                self.counts["challenges won"] += 1
                banked, offered = banked + offered, 0
            if self.params.five_ones_wins and five:
                self.counts["five 1s"] += 1
                raise Won(seat)
            free = DICE - len(kept) - blocked
            if free == 0:  # rules: "vous êtes obligé de relancer tous les dés"
                banked, kept, blocked, set_points = banked + set_points, (), 0, 0
            elif self._stops(seat, banked + set_points):
                self.write(seat, banked + set_points)
                self.counts["challenges offered"] += 1
                if log:
                    self.say(seat, f"s'arrête : {_pts(banked + set_points)} ; à la marque {_pts(self.scores[seat])} ; "
                                   f"propose {free} dé{'s' if free > 1 else ''} au suivant")
                return banked + set_points, free

    def _accepts(self, seat: int, offer: tuple[int, int]) -> bool:
        score, target = self.scores[seat], self.params.target
        gain = {ACCEPT: offer[0] if score + offer[0] <= target else -1, REFUSE: 0}
        return self.agent.choose((ACCEPT, REFUSE), self.rng, gain.__getitem__) == ACCEPT

    def _stops(self, seat: int, points: int) -> bool:
        score, params = self.scores[seat], self.params
        total = score + points
        written = points if total <= params.target else params.fall(total) - score
        return self.agent.choose((STOP, GO), self.rng, {STOP: written, GO: 0}.__getitem__) == STOP

    def write(self, seat: int, points: int) -> None:
        """rules: Dépassement, Assassinat, Chute (game.write_score)."""
        scores, params = self.scores, self.params
        total = scores[seat] + points
        if total > params.target:
            scores[seat] = params.fall(total)
            self.counts["falls by overshoot"] += 1
            if self.log is not None:
                self.say(seat, f"dépasse {_pts(params.target)} ({_pts(total)}) : chute à {_pts(scores[seat])}")
            return
        scores[seat] = total
        for other in range(self.players):
            if other != seat and scores[other] == total:
                scores[other] = params.fall(total)
                self.counts["falls by assassination"] += 1
                if self.log is not None:
                    self.say(other, f"est assassiné à {_pts(total)} : chute à {_pts(scores[other])}")

    def play(self) -> GameRecord:
        """The game: `play_stepped`, or untraced with pnp's agents the same game in one loop
        (fastgame.quick_play)."""
        if self.log is None and self.agent in (AGENTS["random"], AGENTS["greedy"]):
            return quick_play(self, OUTCOMES, MAX_TURNS)
        return self.play_stepped()

    def play_stepped(self) -> GameRecord:
        """The game turn by turn (`turn`)."""
        offer, target = None, self.params.target
        try:
            for turn in range(1, MAX_TURNS + 1):
                seat = (turn - 1) % self.players
                offer = self.turn(seat, offer)
                if seat == self.players - 1 and target in self.scores:  # decision: round
                    winner = self.scores.index(target)
                    if self.log is not None:
                        self.say(winner, f"finit le tour de table à {_pts(target)} exactement : il gagne")
                    return self.record((winner,), turn, "exactly the target")
        except Won as won:
            return self.record((won.seat,), turn, "five 1s")
        return self.record((), MAX_TURNS, "bound", ended=False)

    def record(self, winners: tuple[int, ...], turns: int, ending: str, ended: bool = True) -> GameRecord:
        return GameRecord(winners, turns, dict(self.counts), {"rounds": -(-turns // self.players)}, ending, ended)


class Won(Exception):
    """Five 1s (the variant): the seat wins at once."""

    def __init__(self, seat: int):
        super().__init__(seat)
        self.seat = seat


def _pts(points: int) -> str:
    """Points as the reference card writes them: "10 000 pts" (a narrow no-break space)."""
    return f"{points:,}".replace(",", "\u202f") + "\u00a0pts"


def playout(params: DixMilleParams) -> Playout:
    throws = Throws(params)

    def play(players: int, agent: Agent, rng: random.Random) -> GameRecord:
        return Match(params, throws, players, agent, rng).play()

    def trace(players: int, agent: Agent, rng: random.Random) -> tuple[GameRecord, list[str]]:
        match = Match(params, throws, players, agent, rng)
        match.log = []
        return match.play(), match.log

    return Playout(play, SITUATIONS, ("rounds",), trace=trace, agents=AGENTS_CHOOSE)


AGENTS_CHOOSE = {
    "random": "accepts or refuses offered dice, and stops or throws again, each at even odds: it stops after "
              "about two scoring throws, far earlier than a player, so turns are short and falls rare",
    "greedy": "takes what it writes now: accepts offered dice whose points keep it within the target, and "
              "stops at the first scoring throw that allows it (never pushes its luck): a cautious player",
}
