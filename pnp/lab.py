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
playing is a located problem. `render(document)` is the text `pnp playtest` prints. The document
says how each agent chooses in this model's games (`agent_notes`, from the model's
`Playout.agents`), and a seat whose win rate depends on the agent (its 95 % intervals under two
agents at one player count do not overlap) is listed in each run's `agent_dependent`. With
`trace` (an index of the run's games, from 0), only game `trace` is played, for each agent and
player count, with the same seed as in the run, and the document holds its moves in the kit's
words (`traces`: the model's `Playout.trace`) instead of the runs.
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
             jobs: int = 1, trace: int | None = None, progress: Callable[[int], None] | None = None
             ) -> tuple[dict | None, KitReport]:
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
        document, found = _traced(kit, counts, seed, agents, trace) if trace is not None else \
            _play(project, kit, counts, games, seed, agents, jobs, progress)
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
    mark_agent_dependence(runs)
    return {"kit": kit.name, "title": kit.game.title, "model": kit.game.rules.model, "seed": seed,
            "games": games, "agents": list(agents), "players": counts, "runs": runs,
            "agent_notes": {agent: playout.agents.get(agent, AGENT_WORDS[agent]) for agent in agents},
            "timing": {"seconds": round(time.perf_counter() - start, 3)}}, []


AGENT_WORDS = {"random": "uniform among each seat's legal decisions", "greedy": "what scores most now"}


def mark_agent_dependence(runs: list[dict]) -> None:
    """For each player count played by several agents, the seats whose win rate depends on the agent
    (their 95 % intervals under two agents do not overlap): `agent_dependent` in each of those runs."""
    by_count: dict[int, list[dict]] = {}
    for run in runs:
        by_count.setdefault(run["players"], []).append(run)
    for group in by_count.values():
        for run in group:
            run["agent_dependent"] = sorted({seat["seat"] for other in group if other is not run
                                             for seat, there in zip(run["seats"], other["seats"])
                                             if seat["low"] > there["high"] or seat["high"] < there["low"]})


def _traced(kit: Kit, counts: list[int], seed: int, agents: list[str], index: int) -> tuple[dict | None, list[Problem]]:
    """Game `index` of the run for each agent and player count, played again with its moves told."""
    import random

    from .rules import AGENTS, guarded, load_playout
    from .rules.harness import game_seed

    playout, problems = load_playout(kit)
    if playout is None or kit.game.rules is None:
        return None, problems
    if playout.trace is None:
        return None, [Problem(f"the rules model {kit.game.rules.model!r} cannot tell a game's moves (its Playout "
                              "has no trace)", "rules.model", kit.game_ref.child("rules", "model"))]
    traces = []
    for agent in agents:
        for count in counts:
            told, crash = guarded(kit, "the rules model's play-outs", playout.trace, count, AGENTS[agent],
                                  random.Random(game_seed(seed, count, index)))
            if told is None:
                return None, crash
            record, moves = told
            traces.append({"agent": agent, "players": count, "game": index, "winners": [w + 1 for w in record.winners],
                           "turns": record.turns, "ending": record.ending, "moves": list(moves)})
    return {"kit": kit.name, "title": kit.game.title, "model": kit.game.rules.model, "seed": seed,
            "agents": list(agents), "players": counts, "traces": traces,
            "agent_notes": {agent: playout.agents.get(agent, AGENT_WORDS[agent]) for agent in agents}}, []


def render(document: dict) -> str:
    """The document as text: one block a run (or a traced game), then how each agent chooses."""
    if "traces" in document:
        blocks = [_trace_block(document["title"], document["seed"], trace) for trace in document["traces"]]
    else:
        blocks = [_block(document["title"], run) for run in document["runs"]]
    notes = [f"agent {agent}: {note}" for agent, note in document.get("agent_notes", {}).items()]
    return "\n\n".join(blocks + (["\n".join(notes)] if notes else []))


def _trace_block(title: str, seed: int, trace: dict) -> str:
    won = ", ".join(f"seat {w}" for w in trace["winners"]) or "nobody (the model's bound)"
    head = (f"{title}: game {trace['game']} of seed {seed}, {counted(trace['players'], 'player')}, "
            f"{trace['agent']} agent: {counted(trace['turns'], 'turn')}, {trace['ending']}, won by {won}")
    return "\n".join([head] + [f"  {move}" for move in trace["moves"]])


def _block(title: str, run: dict) -> str:
    speed = run["timing"]["games_per_second"]
    lines = [f"{title}: {counted(run['players'], 'player')}, {run['agent']} agent, {counted(run['games'], 'game')} "
             f"({run['ended']:,} ended, {counted(run['shared_wins'], 'shared win')}), {speed:,.0f} games/s",
             f"  seat  wins  win rate  95 % interval   (fair share {run['fair_share']:.1%})"]
    depends = set(run.get("agent_dependent", ()))
    for seat in run["seats"]:
        flag = f"  {seat['flag'].upper()} the fair share" if seat["flag"] else ""
        flag += "  (depends on the agent)" if seat["seat"] in depends else ""
        colour = f"  ({seat['colour']})" if seat.get("colour") else ""
        lines.append(f"  {seat['seat']:>4}  {seat['wins']:>4}  {seat['win_rate']:>8.1%}  "
                     f"{seat['low']:>6.1%} - {seat['high']:<6.1%}{flag}{colour}")
    for unit, dist in run["length"].items():
        lines.append(f"  {unit}: mean {dist['mean']:g}, median {dist['median']:g}, p90 {dist['p90']:g}, "
                     f"max {dist['max']:g}")
    met = [f"{name} {row['per_game']:g} ({row['games']:.0%} of games)" for name, row in run["situations"].items()]
    lines.append("  situations per game: " + (", ".join(met) or "none"))
    ends = ", ".join(f"{name} {count}" for name, count in run["endings"].items())
    return "\n".join(lines + ([f"  endings: {ends}"] if ends else []))
