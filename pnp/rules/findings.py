"""What `pnp check` says about a short seeded play-out of a kit's model, for one player count.

Contract: `findings(run, playout, ref)` turns one run's summary (balance.summarize) into problems
at `ref` (the kit's `rules.model` line): an ERROR when a game did not end (it hit the model's
bound: the rules as modelled may never end), and WARNINGS when a seat is far off its fair share
(its 99 % Wilson interval excludes the share: `pnp playtest` gives the 95 % intervals; the
stricter interval keeps a short run from crying wolf over the many seats and player counts it
tests), when a pile or supply runs dry in most games (a situation the model lists in
`Playout.dry`, met in more than half the games), and when an ending that applies a rule the seeds
leave open (`Playout.open_endings`) closes more than half the games. `CHECK_GAMES` games are
played for each player count, with the model's `Playout.check_agent` and `CHECK_SEED`: the same kit
gives the same findings.
"""
from __future__ import annotations

from .balance import wilson
from .playout import Playout
from ..core.errors import Problem, Ref, counted

CHECK_GAMES = 40
CHECK_SEED = 0
Z99 = 2.5758293035489
MOST = 0.5


def findings(run: dict, playout: Playout, ref: Ref) -> list[Problem]:
    where = f"play-outs, {counted(run['players'], 'player')}"
    games = run["games"]
    told = f"{counted(games, 'seeded ' + run['agent'] + ' game')}"
    problems = []
    if run["ended"] < games:
        problems.append(Problem(f"{games - run['ended']} of {told} did not end within the model's bound", where, ref,
                                got=games - run["ended"]))
    problems += _seats(run, where, told, ref)
    for name in playout.dry:
        share = run["situations"].get(name, {}).get("games", 0.0)
        if share > MOST:
            problems.append(Problem(f"{name!r} in {share:.0%} of {told}: the material runs dry in most games",
                                    where, ref, severity="warning"))
    for ending, decision in playout.open_endings.items():
        share = run["endings"].get(ending, 0) / games if games else 0.0
        if share > MOST:
            problems.append(Problem(f"the ending {ending!r} closes {share:.0%} of {told}: a rule the seeds leave open "
                                    f"(decision {decision!r}) decides most games", where, ref, severity="warning"))
    return problems


def _seats(run: dict, where: str, told: str, ref: Ref) -> list[Problem]:
    fair, games, out = run["fair_share"], run["games"], []
    for seat in run["seats"]:
        low, high = wilson(seat["wins"], games, Z99)
        if low > fair or high < fair:
            side = "above" if low > fair else "below"
            out.append(Problem(f"seat {seat['seat']} won {seat['win_rate']:.0%} of {told} (99 % interval "
                               f"{low:.0%}-{high:.0%}), far {side} its fair share of {fair:.0%}", where, ref,
                               severity="warning"))
    return out
