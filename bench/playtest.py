"""Throughput of the play-outs (issues 14 and 23): games per second of every shipped model on one core,
timed from outside, and optionally against another checkout, interleaved.

Usage: python bench/playtest.py [--kits similis,dix-mille] [--agents random,greedy] [--players ends|all]
                                [--scale 1.0] [--rounds 3] [--against CHECKOUT] [--root CHECKOUT]
                                [--jobs N] [--json results.json]
       python bench/playtest.py --check [--rounds 5] [--root CHECKOUT] [--kits ...]

Run from the repository root. For each kit with play-outs, agent and player count (the kit's
smallest and largest, or `--players all`), each round runs two child processes of `--root`'s pnp
(this checkout by default): one loads the kit's Playout as `pnp playtest` does and plays `GAMES`
seeded games (times `--scale`), one loads it and plays none. Their CPU time (user + system, from
`os.wait4`, that child only: what one core did, whatever else the shared machine runs) minus each
other is the games' own time: games per second = games / (CPU of the run - CPU of the start-up).
The median of `--rounds` rounds is printed, beside the median wall-time figure (the same
difference, wall clock), and the machine's load average before and after. With `--against B`
the same children of checkout B run in the same rounds, alternating which tree goes first (A then
B in even rounds, B then A in odd ones), so that both see the same load; the row then gives B's
figure and A / B, and says whether the two trees played the same games (the digest of the records,
tests/rules/test_playout_records.py's). To measure main: `git archive main | tar -x -C /tmp/main`,
then `--against /tmp/main`. The children trust the checkouts' own decks/ (`PNP_TRUSTED_FOLDERS`, as
the test suite does) and keep their bytecode in a temporary folder (`PYTHONPYCACHEPREFIX`), written by an unmeasured start-up child of each tree before each
case's rounds. `--jobs N` (N > 1) adds a column: the same games through the harness's worker pool
(`pnp.rules.harness.Runner`) in one child, wall time, the workers loaded before the clock starts.

Targets (issue 23, item 3): Similis with the greedy agent at 6 players at least 2 500 games a second
on one core; every model and agent at least 500 at every player count. With `--check` it times
`pnp check KIT` instead (its short play-outs included): the CPU time of each run, a child process,
`--rounds` runs a kit, median; `--root` runs another checkout's pnp on its own kits. Not a test:
nothing here asserts.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

GAMES = {"similis": 4000, "similis-reglisse": 4000, "dix-mille": 2000, "clochemerle": 1000, "lutins": 1000}
TARGET = {("similis", "greedy", 6): 2500}
FLOOR = 500

# The child: loads the kit's Playout (as pnp playtest does), plays GAMES seeded games, prints the
# records' digest and its own CPU time of the games (a cross-check of the outside measure).
# pnp's rules interface is imported first, outside the guard: a checkout from before 0b6253d
# refused a model's import that wrote bytecode (PYTHONPYCACHEPREFIX) inside it.
CHILD = """
import hashlib, importlib, json, pkgutil, sys, time
import pnp.rules.playout, pnp.rules.toolkit as toolkit
for found in pkgutil.iter_modules(toolkit.__path__, "pnp.rules.toolkit."):
    importlib.import_module(found.name)
from pnp.lab import KitPlayout
from pnp.rules.harness import Runner, play_range
root, kit, agent, players, games, jobs = sys.argv[1:7]
players, games, jobs = int(players), int(games), int(jobs)
source = KitPlayout(root, root + "/decks/" + kit)
if jobs > 1:
    with Runner(source, jobs) as runner:
        records, seconds = runner.games(players, agent, games, 0)
else:
    playout = source.load()
    cpu = time.process_time()
    records = play_range(playout, players, agent, 0, 0, games)
    seconds = time.process_time() - cpu
lines = (json.dumps([list(r.winners), r.turns, sorted(r.situations.items()), sorted(r.lengths.items()),
                     r.ending, r.ended], ensure_ascii=True) for r in records)
print(json.dumps({"digest": hashlib.sha256("\\n".join(lines).encode("ascii")).hexdigest(), "seconds": seconds}))
"""


@dataclass
class Run:
    cpu: float  # user + system seconds of the child
    wall: float
    digest: str
    inside: float  # the child's own seconds for its games (CPU; wall with jobs)


def child_env(root: Path, pycache: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(root), "PYTHONPYCACHEPREFIX": pycache,
            "PNP_TRUSTED_FOLDERS": str(root / "decks")}


def child(root: Path, kit: str, agent: str, players: int, games: int, pycache: str, jobs: int = 1) -> Run:
    """One child process of `root`'s pnp playing `games` games: its CPU and wall time from outside."""
    cmd = [sys.executable, "-c", CHILD, str(root), kit, agent, str(players), str(games), str(jobs)]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=root, env=child_env(root, pycache), stdout=subprocess.PIPE)
    out = proc.stdout.read() if proc.stdout else b""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"the child of {root} failed on {kit} {agent} {players}")
    found = json.loads(out)
    return Run(usage.ru_utime + usage.ru_stime, wall, found["digest"], found["seconds"])


@dataclass
class Figures:
    """One tree's rounds of one case: games per second from CPU and from wall time, medians."""

    cpu: list[float]
    wall: list[float]
    inside: list[float]
    digest: str

    def median(self, what: str) -> float:
        values = [v for v in getattr(self, what) if v == v]  # the rounds that gave a figure (not nan)
        return statistics.median(values) if values else float("nan")


def round_of(root: Path, case: tuple[str, str, int], games: int, pycache: str, first: bool) -> tuple[float, float, float, str]:
    """One round for one tree: the start-up child and the games child, in an order that alternates."""
    kit, agent, players = case
    runs = {}
    for n in ((0, games) if first else (games, 0)):
        runs[n] = child(root, kit, agent, players, n, pycache)
    full, empty = runs[games], runs[0]
    cpu, wall = full.cpu - empty.cpu, full.wall - empty.wall
    # a wall difference of zero or less (the start-up child waited longer for a core than the games
    # child took): no figure, shown as "-" (nan), rather than a huge one
    wall_rate = games / wall if wall > 0 else float("nan")
    return games / max(cpu, 1e-6), wall_rate, games / max(full.inside, 1e-6), full.digest


def measure(trees: list[Path], case: tuple[str, str, int], games: int, rounds: int, pycache: str) -> list[Figures]:
    """`rounds` interleaved rounds of every tree for one case."""
    figures = [Figures([], [], [], "") for _ in trees]
    for tree in trees:  # unmeasured: the bytecode written, the files in the disk cache
        child(tree, *case, 0, pycache)
    for r in range(rounds):
        order = list(range(len(trees))) if r % 2 == 0 else list(reversed(range(len(trees))))
        for i in order:
            cpu, wall, inside, digest = round_of(trees[i], case, games, pycache, first=(r // 2) % 2 == 0)
            figures[i].cpu.append(cpu)
            figures[i].wall.append(wall)
            figures[i].inside.append(inside)
            figures[i].digest = digest
    return figures


def kit_counts(kit: str, every: bool) -> list[int]:
    sys.path.insert(0, str(ROOT))
    from pnp.model.load import Project

    loaded, _ = Project.open(ROOT).load_kit(ROOT / "decks" / kit)
    assert loaded is not None
    low, high = loaded.game.players.min, loaded.game.players.max
    return list(range(low, high + 1)) if every else sorted({low, high})


def check_seconds(root: Path, kit: str, rounds: int, pycache: str) -> float:
    """The median CPU time (user + system) of `pnp check KIT` run by `root`'s pnp, in a child process."""
    times = []
    for _ in range(rounds):
        child_proc = subprocess.Popen([sys.executable, "-m", "pnp", "--project", str(root), "check", kit], cwd=root,
                                      env=child_env(root, pycache), stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(child_proc.pid, 0)
        times.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(times)


def checks(root: Path, kits: list[str], rounds: int, pycache: str) -> None:
    print(f"{'kit':18} {'pnp check, CPU s (median of ' + str(rounds) + ')':>34}")
    for kit in kits:
        print(f"{kit:18} {check_seconds(root, kit, rounds, pycache):>34.2f}", flush=True)


def header(against: bool, jobs: int) -> str:
    text = f"{'kit':18} {'agent':7} {'players':>7} {'games':>6} {'1 core (cpu)':>13} {'(wall)':>8} {'(inside)':>9}"
    if against:
        text += f" {'other (cpu)':>12} {'ratio':>6} {'same games':>10}"
    return text + (f" {'--jobs ' + str(jobs) + ' (wall)':>16}" if jobs > 1 else "")


def _figure(value: float) -> str:
    return "-" if value != value else f"{value:,.0f}"  # nan: no figure


def row_text(row: dict) -> str:
    text = (f"{row['kit']:18} {row['agent']:7} {row['players']:>7} {row['games']:>6} {row['cpu']:>13,.0f} "
            f"{_figure(row['wall']):>8} {row['inside']:>9,.0f}")
    if "other_cpu" in row:
        text += f" {row['other_cpu']:>12,.0f} {row['ratio']:>5.2f}x {('yes' if row['same_games'] else 'NO'):>10}"
    return text + (f" {row['pooled']:>16,.0f}" if "pooled" in row else "")


def case_row(args: argparse.Namespace, trees: list[Path], case: tuple[str, str, int], pycache: str) -> dict:
    kit, agent, players = case
    games = max(2, int(GAMES[kit] * args.scale))
    figures = measure(trees, case, games, args.rounds, pycache)
    mine = figures[0]
    row = {"kit": kit, "agent": agent, "players": players, "games": games, "rounds": args.rounds,
           "cpu": round(mine.median("cpu"), 1), "wall": round(mine.median("wall"), 1),
           "inside": round(mine.median("inside"), 1), "digest": mine.digest}
    if len(figures) > 1:
        other = figures[1]
        row.update(other_cpu=round(other.median("cpu"), 1), ratio=round(mine.median("cpu") / other.median("cpu"), 3),
                   same_games=mine.digest == other.digest)
    if args.jobs > 1:
        pooled = child(trees[0], kit, agent, players, games, pycache, args.jobs)
        row["pooled"] = round(games / max(pooled.inside, 1e-6), 1)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kits", default=",".join(GAMES))
    parser.add_argument("--agents", default="random,greedy")
    parser.add_argument("--players", choices=("ends", "all"), default="ends")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout measured (default: this one)")
    parser.add_argument("--against", type=Path, help="another checkout, measured in the same rounds")
    parser.add_argument("--jobs", type=int, default=1, help="also time the games on N worker processes")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--check", action="store_true", help="time pnp check of each kit instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pnp-bench-pyc-") as pycache:
        if args.check:
            return checks(args.root.resolve(), args.kits.split(","), args.rounds, pycache)
        trees = [args.root.resolve()] + ([args.against.resolve()] if args.against else [])
        load_before = os.getloadavg()
        print(f"load average {load_before[0]:.1f} {load_before[1]:.1f} {load_before[2]:.1f}; "
              f"{os.cpu_count()} CPUs; {args.rounds} rounds; games / (CPU of the run - CPU of the start-up)")
        print(header(args.against is not None, args.jobs))
        rows = []
        for kit in args.kits.split(","):
            for agent in args.agents.split(","):
                for players in kit_counts(kit, args.players == "all"):
                    rows.append(case_row(args, trees, (kit, agent, players), pycache))
                    print(row_text(rows[-1]), flush=True)
        load_after = os.getloadavg()
    print(f"load average {load_after[0]:.1f} {load_after[1]:.1f} {load_after[2]:.1f}")
    for row in rows:
        need = TARGET.get((row["kit"], row["agent"], row["players"]), FLOOR)
        verdict = "PASS" if row["cpu"] >= need else "FAIL"
        print(f"{verdict}: {row['kit']} {row['agent']} {row['players']} players {row['cpu']:,.0f} games/s "
              f"(target {need:,})")
    if args.json:
        document = {"load_before": load_before, "load_after": load_after, "rows": rows}
        args.json.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
