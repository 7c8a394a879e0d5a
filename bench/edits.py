"""The CPU time of one-card edit rebuilds in a resident process, phase by phase (issue 23, item 2).

Usage: python bench/edits.py [--kit bench-540] [--rounds N] [--tree PATH]

It copies the project's layouts, fonts and icons and bench/kits/<kit> into a temporary project (as
bench/latency.py does), opens `pnp.resident.Resident` on it — the process `pnp watch` keeps — builds
once, makes two unmeasured edits (the first rebuilds draw every component), then, each round,
toggles one card's title (a different card each round) and times the rebuild in CPU time
(`time.process_time`; the machine is shared), the garbage collected after it as the watcher does
(`Resident.collect`, not counted). Exclusive timers around the functions of each phase give where
the time goes (a phase's time excludes the phases called inside it; the timers cost ~1 µs a call).
`--tree` runs another checkout's pnp (a base commit: `git archive BASE | tar -x -C PATH`), for
interleaved A/B runs. The parse cache is a fresh folder of the temporary project's (`PNP_CACHE_DIR`), so
each edit's text is parsed as a designer's new save is; `--user-cache` keeps the user's (a text
parsed by an earlier run of the bench is then a cache hit: the kit's load looks cheaper than it is). Prints the median of each phase over the rounds, in ms, and the rebuild's.
"""
from __future__ import annotations

import argparse
import importlib
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
PHASES = [  # (module, attribute, phase, owner class)
    ("pnp.model.load", "load_kit", "kit loaded and validated", "Project"),
    ("pnp.pipeline.kitrun", "run_rules", "rules and drift", None),
    ("pnp.pipeline.kitrun", "lint", "layouts' lint", None),
    ("pnp.pipeline.deck", "cut_bleeds", "bleed check", None),
    ("pnp.pipeline.deck", "face", "faces looked up", "DeckFaces"),
    ("pnp.pipeline.faces", "sheet", "faces looked up", "Faces"),
    ("pnp.draw.sheets", "_slots", "faces drawn", "SheetPainter"),
    ("pnp.draw.kept", "reuse", "pages copied", "PageRun"),
    ("pnp.draw.kept", "copy", "pages copied", "PageRun"),
    ("pnp.draw.sheets", "end_page", "pages ended (showPage)", None),
    ("pnp.pipeline.deck", "_notes", "print notes", "DeckPages"),
    ("pnp.output", "save", "document written", "OutputBatch"),
    ("pnp.incremental", "_plan", "freshness check", None),
    ("pnp.resident", "recall", "component fingerprint", "ComponentMemo"),
    ("pnp.resident", "build", "the rest", "Resident"),
]


class Timers:
    """Exclusive CPU timers: each phase's time, less the phases timed inside it."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self._stack: list[list] = []

    def wrap(self, module: str, name: str, phase: str, owner: str | None) -> None:
        holder = importlib.import_module(module)
        holder = getattr(holder, owner) if owner else holder
        inner = getattr(holder, name, None)
        if inner is None:  # (a base tree without that function)
            return

        def timed(*args, **kwargs):
            now = time.process_time()
            if self._stack:  # the caller's phase pauses
                caller = self._stack[-1]
                self.spent[caller[0]] += now - caller[1]
            self._stack.append([phase, now])
            try:
                return inner(*args, **kwargs)
            finally:
                end = time.process_time()
                own = self._stack.pop()
                self.spent[own[0]] += end - own[1]
                if self._stack:  # and resumes
                    self._stack[-1][1] = end

        setattr(holder, name, timed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kit", default="bench-540")
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--tree", type=Path, default=HERE.parent)
    parser.add_argument("--user-cache", action="store_true", help="the user's parse cache, not a fresh one")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree.resolve()))
    sys.path.insert(0, str(HERE))
    from latency import edit_card, project

    from pnp.core.options import Options
    from pnp.resident import Resident

    timers = Timers()
    for phase in PHASES:
        timers.wrap(*phase)
    count = int(args.kit.rsplit("-", 1)[1])
    with tempfile.TemporaryDirectory(prefix="pnp-edits-") as temp:
        root = project(args.kit, Path(temp))
        if not args.user_cache:
            os.environ["PNP_CACHE_DIR"] = str(Path(temp) / "cache")
        cards = root / "bench" / "kits" / args.kit / "cards.yaml"
        resident, options, names = Resident(root), Options(out=root / "output"), [f"bench/kits/{args.kit}"]
        collect = getattr(resident, "collect", lambda: None)  # (a base without it)
        resident.build(names, options)
        for number in (1, 2):
            cards.write_bytes(edit_card(cards, number))
            resident.build(names, options)
            collect()
        rounds: dict[str, list[float]] = defaultdict(list)
        for n in range(args.rounds):
            cards.write_bytes(edit_card(cards, 7 + 37 * n % count))
            timers.spent.clear()
            start = time.process_time()
            resident.build(names, options)
            rounds["REBUILD"].append(time.process_time() - start)
            collect()
            for phase, spent in timers.spent.items():
                rounds[phase].append(spent)
        shutil.rmtree(root / "output", ignore_errors=True)
    print(f"{args.kit}, {args.rounds} one-card edits, pnp from {args.tree}; CPU, median ms:")
    for phase, spent in sorted(rounds.items(), key=lambda item: -statistics.median(item[1])):
        print(f"  {phase:26} {statistics.median(spent) * 1000:6.1f}")


if __name__ == "__main__":
    main()
