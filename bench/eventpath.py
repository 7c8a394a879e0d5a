"""Where the evening loop's event time goes: a timeline of one-card edits, from the save to the event
(issue 23, item 2).

Usage: python bench/eventpath.py [--rounds N] [--kit bench-540] [--idle SECONDS]

It runs `pnp watch --serve` on a copy of the bench kit as bench/latency.py does, but in a child
process that first wraps a few functions of pnp with timestamps (`time.perf_counter`, the same
clock in every process on Linux), written to a file: the watch loop's file events as they reach
pnp (`Watcher._put`: the first one, and the one that ends the write), the end of the loop's wait,
the resident build, the report and the watched files, the preview's page store, its state and the
event. This process notes when it writes the file and when the event arrives. Each round is a
one-card edit (a different card each round, after two unmeasured ones), with plain ReportLab's
build of the same cards between two rounds as bench/latency.py runs it, or (`--idle`) that long
with nothing running, as a designer's save comes; it prints the median of each step over the
rounds, in ms, and the whole. The wrappers cost a few µs each: the whole is
about bench/latency.py's `save to event`. Nothing of pnp is changed: the child's wrappers live in
this script (`--child`).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
STEPS = [  # (name, from mark, to mark): each mark the first of its kind after the save
    ("save to its first file event", "write", "event"),
    ("to the event that ends the write", "event", "final"),
    ("to the end of the loop's wait", "final", "waited"),
    ("to the resident build's start", "waited", "build-start"),
    ("resident build", "build-start", "build-end"),
    ("report and watched files", "build-end", "publish-start"),
    ("preview's page store", "publish-start", "store-end"),
    ("preview's state", "store-end", "snapshot-end"),
    ("to the event received", "snapshot-end", "received"),
]


def child(log: str, argv: list[str]) -> None:
    """Wrap the loop's steps with marks written to `log`, then run the command line."""
    out = open(log, "a", buffering=1)

    def mark(name: str) -> None:
        out.write(f"{time.perf_counter():.6f} {name}\n")

    import pnp.live.changes as changes
    import pnp.live.pages as pages
    import pnp.live.server as server
    import pnp.resident as resident

    def around(owner: object, attr: str, before: str | None, after: str | None) -> None:
        inner = getattr(owner, attr)

        def wrapper(*args, **kwargs):
            if before:
                mark(before)
            result = inner(*args, **kwargs)
            if after and (attr != "wait" or result):
                mark(after)
            return result
        setattr(owner, attr, wrapper)

    put = changes.Watcher._put

    def noted(self, path, final=True):
        mark("final" if final else "event")
        return put(self, path, final)
    changes.Watcher._put = noted
    around(changes.Watcher, "wait", None, "waited")
    around(resident.Resident, "build", "build-start", "build-end")
    around(server.Preview, "__call__", "publish-start", None)
    around(pages.PageStore, "update", None, "store-end")
    around(server, "snapshot", None, "snapshot-end")
    sys.argv = ["pnp", *argv]
    from pnp.cli import run

    run()


def steps(marks: list[tuple[float, str]], write: float) -> dict[str, float] | None:
    """The steps of the round that began with the save at `write` (ms), or None if one is missing."""
    first: dict[str, float] = {"write": write}
    for at, name in marks:
        if at >= write:
            first.setdefault(name, at)
    if "event" not in first and "final" in first:  # (a save seen in one event: it ends the write)
        first["event"] = first["final"]
    try:
        return {step: 1000 * (first[end] - first[start]) for step, start, end in STEPS}
    except KeyError:
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--kit", default="bench-540")
    parser.add_argument("--idle", type=float, help="seconds idle between two rounds (default: plain's build)")
    args = parser.parse_args()
    sys.path.insert(0, str(HERE))
    from latency import Watch, edit_card, plain_time, project

    count = int(args.kit.rsplit("-", 1)[1])
    with tempfile.TemporaryDirectory(prefix="pnp-eventpath-") as temp:
        root, log = project(args.kit, Path(temp)), Path(temp) / "marks.txt"
        cards = root / "bench" / "kits" / args.kit / "cards.yaml"
        watch = Watch(root, args.kit, False, [sys.executable, str(Path(__file__).resolve()), "--child", str(log)])
        rounds: list[tuple[float, float]] = []
        try:
            watch.next_event(1)
            for version, n in enumerate([1, 2] + [7 + 37 * i % count for i in range(args.rounds)], start=2):
                data = edit_card(cards, n)
                start = time.perf_counter()
                cards.write_bytes(data)
                rounds.append((start, watch.next_event(version)))
                if args.idle is None:  # (as bench/latency.py does between rounds: the loop settles
                    plain_time(count, Path(temp) / "plain.pdf")  # meanwhile, the check after the build too)
                else:
                    time.sleep(args.idle)
        finally:
            watch.close()
        marks = sorted((float(at), name) for at, name in (line.split(" ", 1) for line in log.read_text().splitlines()))
    measured = [found for start, received in rounds[2:]
                if (found := steps(marks + [(received, "received")], start)) is not None]
    between = f"{args.idle:g} s idle" if args.idle is not None else "plain's build"
    print(f"{args.kit}, {len(measured)} one-card edits, file events, {between} between two; median ms from the save:")
    for step, _, _ in STEPS:
        print(f"  {step:34s} {statistics.median(r[step] for r in measured):6.2f}")
    print(f"  {'save to event':34s} {statistics.median(sum(r.values()) for r in measured):6.2f}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3:])
    else:
        main()
