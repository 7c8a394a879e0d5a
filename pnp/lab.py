"""`pnp playtest` as a balance lab: seeded play-outs of a kit's rules model, summarized per player
count and agent, as one document.

Contract: `playtest(root, name, players, games, seed, agents, jobs)` loads the kit (it must load
and pass its rules, else the returned `KitReport` carries its problems and the document is None),
checks the player counts against the kit's `players` range (`BadPlayers`, a usage error naming the
range, for a count outside it: never a substitution), then plays `games` games for each agent and
player count (default: every count of the range) through the harness (pnp.rules.harness: `jobs`
worker processes, each loading the kit's model by path through `KitPlayout`) and returns the
document: the kit, the seed, the games asked, one summary a run (pnp.rules.balance) and `timing`
(seconds in all). Every value outside the `timing` keys depends only on the kit, the seed, the
games, the agents and the player counts: never on `jobs`. An exception of the model's code while
playing is a located problem. `render(document)` is the text `pnp playtest` prints.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from functools import partial
from typing import TYPE_CHECKING, Callable

from .core.errors import Problem, counted, errors_only
from .model.kit import Kit
from .model.load import Project
from .core.report import KitReport

if TYPE_CHECKING:  # pragma: no cover
    from .rules.playout import Playout


class BadPlayers(ValueError):
    """A player count outside the kit's range (a usage error)."""


@dataclass(frozen=True)
class KitPlayout:
    """A kit's play-outs as a worker process finds them: the project and the kit folder (picklable)."""

    root: str
    kit_dir: str

    def load(self) -> Playout:
        from .rules import load_playout

        project = Project.open(Path(self.root))
        kit, problems = project.load_kit(Path(self.kit_dir))
        playout, found = load_playout(kit) if kit is not None else (None, [])
        if playout is None:
            shown = "; ".join(p.render() for p in problems + found) or "no play-outs"
            raise RuntimeError(f"the kit {self.kit_dir} gives no play-outs in a worker: {shown}")
        return playout


def player_counts(kit: Kit, asked: list[int]) -> list[int]:
    """The counts asked (in the order given, once each), or every count of the kit's range."""
    low, high = kit.game.players.min, kit.game.players.max
    wrong = [count for count in asked if not low <= count <= high]
    if wrong:
        raise BadPlayers(f"{kit.game.title} is played by {low} to {high} players (game.yaml players); "
                         f"got {wrong[0]}")
    return list(dict.fromkeys(asked)) or list(range(low, high + 1))


def playtest(root: Path, name: str, players: list[int], games: int, seed: int, agents: list[str],
             jobs: int = 1, progress: Callable[[int], None] | None = None) -> tuple[dict | None, KitReport]:
    from .rules import run_rules

    project = Project.open(root)
    kit_dir, problem = project.find_kit(name)
    kit: Kit | None = None
    problems = [problem] if problem else []
    if kit_dir is not None:
        kit, problems = project.load_kit(kit_dir)
    if kit is not None and not errors_only(problems):
        problems += run_rules(kit, playouts=False)[1]
    document = None
    if kit is not None and not errors_only(problems):
        counts = player_counts(kit, players)
        document, found = _play(project, kit, counts, games, seed, agents, jobs, progress)
        problems += found
    located = [project.locators.resolve(p) for p in problems]
    report = KitReport(Path(name).name, kit.game.title if kit else "", name, [], located)
    return (document if not errors_only(located) else None), report


def _play(project: Project, kit: Kit, counts: list[int], games: int, seed: int, agents: list[str],
          jobs: int, progress: Callable[[int], None] | None = None) -> tuple[dict | None, list[Problem]]:
    from .rules import guarded, load_playout
    from .rules.balance import summarize
    from .rules.harness import Runner

    playout, problems = load_playout(kit)
    if playout is None or kit.game.rules is None:  # (play-outs come from a rules model)
        return None, problems
    source = KitPlayout(str(project.root), str(kit.root)) if jobs > 1 else playout
    runs, start = [], time.perf_counter()
    announce, expect = getattr(progress, "components", None), getattr(progress, "expect", None)
    if announce is not None:  # each run (agent, player count) an equal share of the progress bar
        announce(len(agents) * len(counts))
    with Runner(source, jobs) as runner:
        for agent in agents:
            for count in counts:
                if expect is not None:
                    expect(games)
                play = partial(runner.games, progress=progress)
                played, crash = guarded(kit, "the rules model's play-outs", play, count, agent, games, seed)
                if played is None:
                    return None, crash
                runs.append(summarize(played[0], playout, count, agent, played[1]))
    return {"kit": kit.name, "title": kit.game.title, "model": kit.game.rules.model, "seed": seed,
            "games": games, "agents": list(agents), "players": counts, "runs": runs,
            "timing": {"seconds": round(time.perf_counter() - start, 3)}}, []


def render(document: dict) -> str:
    """The document as text, one block a run."""
    return "\n\n".join(_block(document["title"], run) for run in document["runs"])


def _block(title: str, run: dict) -> str:
    speed = run["timing"]["games_per_second"]
    lines = [f"{title}: {counted(run['players'], 'player')}, {run['agent']} agent, {counted(run['games'], 'game')} "
             f"({run['ended']:,} ended, {counted(run['shared_wins'], 'shared win')}), {speed:,.0f} games/s",
             f"  seat  wins  win rate  95 % interval   (fair share {run['fair_share']:.1%})"]
    for seat in run["seats"]:
        flag = f"  {seat['flag'].upper()} the fair share" if seat["flag"] else ""
        lines.append(f"  {seat['seat']:>4}  {seat['wins']:>4}  {seat['win_rate']:>8.1%}  "
                     f"{seat['low']:>6.1%} - {seat['high']:<6.1%}{flag}")
    for unit, dist in run["length"].items():
        lines.append(f"  {unit}: mean {dist['mean']:g}, median {dist['median']:g}, p90 {dist['p90']:g}, "
                     f"max {dist['max']:g}")
    met = [f"{name} {row['per_game']:g} ({row['games']:.0%} of games)" for name, row in run["situations"].items()]
    lines.append("  situations per game: " + (", ".join(met) or "none"))
    ends = ", ".join(f"{name} {count}" for name, count in run["endings"].items())
    return "\n".join(lines + ([f"  endings: {ends}"] if ends else []))
