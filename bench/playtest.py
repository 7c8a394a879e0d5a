"""Throughput of the play-outs (issue 14): games per second of every shipped model, one core and all cores.

Usage: python bench/playtest.py [--kits similis,dix-mille] [--agents random,greedy] [--scale 1.0]
                                [--jobs N] [--json results.json]
       python bench/playtest.py --check [--rounds 5] [--root CHECKOUT] [--kits ...]

Run from the repository root. For each kit under decks/, each agent and the kit's smallest and
largest player counts, it loads the model's Playout once (as `pnp playtest` does) and plays a fixed
number of seeded games (`GAMES`, times `--scale`) in this process, timing them two ways: CPU time of
the process (`time.process_time`: what one core does, whatever else the shared machine runs) and
wall time. Then, with `--jobs N` (default: every core), the same games through the harness's
worker pool (`pnp.rules.harness.Runner`): wall time, the workers loaded before the clock starts.
It prints one row a kit, agent and player count, and the targets, for both agents: Similis at
least 2 000 games a second on one core, every model at least 200. With `--check` it times `pnp
check KIT` instead (its short play-outs included): the CPU time of each run, a child process,
`--rounds` runs a kit, median; `--root` runs another checkout's pnp on its own kits (`git archive
main | tar -x -C DIR`: the figures before a change). Not a test: nothing here asserts.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pnp.lab import KitPlayout  # noqa: E402
from pnp.model.load import Project  # noqa: E402
from pnp.rules.harness import Runner, play_range  # noqa: E402

GAMES = {"similis": 3000, "similis-reglisse": 3000, "dix-mille": 600, "clochemerle": 400, "lutins": 400}
TARGET = {"similis": 2000}
FLOOR = 200


def kit_counts(kit: str) -> tuple[int, int]:
    project = Project.open(ROOT)
    loaded, _ = project.load_kit(ROOT / "decks" / kit)
    return loaded.game.players.min, loaded.game.players.max


def measure(kit: str, agent: str, players: int, games: int, jobs: int) -> dict:
    source = KitPlayout(str(ROOT), str(ROOT / "decks" / kit))
    playout = source.load()
    cpu, wall = time.process_time(), time.perf_counter()
    play_range(playout, players, agent, 0, 0, games)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    with Runner(source, jobs) as runner:
        pooled = runner.games(players, agent, games, 0)[1]
    return {"kit": kit, "agent": agent, "players": players, "games": games,
            "one_core_cpu_games_per_second": round(games / cpu, 1), "one_core_wall_games_per_second": round(games / wall, 1),
            "jobs": jobs, "all_cores_wall_games_per_second": round(games / pooled, 1)}


def check_seconds(root: Path, kit: str, rounds: int) -> float:
    """The median CPU time (user + system) of `pnp check KIT` run by `root`'s pnp, in a child process."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    times = []
    for _ in range(rounds):
        child = subprocess.Popen([sys.executable, "-m", "pnp", "--project", str(root), "check", kit], cwd=root,
                                 env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, _, usage = os.wait4(child.pid, 0)
        times.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(times)


def checks(root: Path, kits: list[str], rounds: int) -> None:
    print(f"{'kit':18} {'pnp check, CPU s (median of ' + str(rounds) + ')':>34}")
    for kit in kits:
        print(f"{kit:18} {check_seconds(root, kit, rounds):>34.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kits", default=",".join(GAMES))
    parser.add_argument("--agents", default="random,greedy")
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--check", action="store_true", help="time pnp check of each kit instead")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT)
    args = parser.parse_args()
    if args.check:
        return checks(args.root.resolve(), args.kits.split(","), args.rounds)
    rows = []
    print(f"{'kit':18} {'agent':7} {'players':>7} {'games':>6} {'1 core (cpu)':>13} {'1 core (wall)':>14} "
          f"{'all cores':>10}")
    for kit in args.kits.split(","):
        for agent in args.agents.split(","):
            games = GAMES[kit]
            for players in sorted(set(kit_counts(kit))):
                row = measure(kit, agent, players, max(2, int(games * args.scale)), args.jobs)
                rows.append(row)
                print(f"{kit:18} {agent:7} {players:>7} {row['games']:>6} {row['one_core_cpu_games_per_second']:>13,.0f} "
                      f"{row['one_core_wall_games_per_second']:>14,.0f} {row['all_cores_wall_games_per_second']:>10,.0f}",
                      flush=True)
    for row in rows:
        need = TARGET.get(row["kit"], FLOOR)
        if row["one_core_cpu_games_per_second"] < need:
            print(f"below target: {row['kit']} {row['agent']} {row['players']} players "
                  f"{row['one_core_cpu_games_per_second']:,.0f} < {need} games/s")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
