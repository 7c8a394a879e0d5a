"""The evening loop's latency: from a save to the refreshed page, with `pnp watch --serve` on the
540-card bench kit (issues 16 and 23).

Usage: python bench/latency.py [--rounds N] [--poll] [--kit bench-540] [--json results.json]

It copies the project's layouts, fonts and icons and bench/kits/<kit> into a temporary project, starts
`python -m pnp watch bench/kits/<kit> --serve` there (the command a designer runs: one resident
process), listens to its server-sent events, and waits for the first build. One unmeasured edit
follows (the first rebuild of a kit that the process has not drawn yet draws every component). Then,
each round, it changes one card's title (a different card each round, in the file as a designer's
editor would write it) and takes, from the moment the file is written:
- `event`: until the server-sent event of the new build arrives (file event, rebuild, new state);
- `page`: until the refreshed page is in hand: the state fetched, the one page whose address changed
  found, and its image fetched (rendered by pypdfium2 on that request), as the page's script does.
It also reads the build's own time from what the watcher prints. Then an unchanged save (the same
bytes written again): the time to its event, and a check that no page address changed and that
the watcher reports the kit up to date (nothing drawn).
As a yardstick, `python bench/plain.py <cards>` (plain ReportLab drawing the same cards, one process)
is timed alternately with the rounds; the report gives medians, the slowest round, and each median's
ratio to plain's. A browser's own painting (a few ms) is not counted.
Issue 23's target: the refreshed PDF (the event comes once the build has written it) in at most
0.1x plain's full build (median). Last, `python -m pnp build --force` of the same final input in a
fresh process writes its PDFs to another folder, and the watcher's must be the same bytes (asserted).
It needs pnp's `watch` extra (`pip install '.[watch]'`: watchdog, pypdfium2); a watcher that exits
before serving ends the bench at once with what it said.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
TARGET = 0.3  # seconds from save to refreshed page (issue 16)
RATIO = 0.1  # save to refreshed PDF (the event), against plain's full build (issue 23)
TITLE = re.compile(r'"Card (\d+): ([A-Za-z]+)(!?)"')


def project(kit: str, base: Path) -> Path:
    root = base / "project"
    for part in ("layouts", "fonts", "icons"):
        shutil.copytree(ROOT / part, root / part)
    shutil.copytree(ROOT / "bench" / "kits" / kit, root / "bench" / "kits" / kit)
    return root


class Watch:
    """`pnp watch --serve` in a child process, its events in a queue."""

    def __init__(self, root: Path, kit: str, poll: bool, launcher: list[str] | None = None):
        args = (launcher or [sys.executable, "-m", "pnp"]) + ["--project", str(root), "watch", f"bench/kits/{kit}",
                                                             "--serve", "--out", str(root / "output")] + \
            (["--poll"] if poll else [])
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                                        cwd=root)
        self.lines: queue.Queue[str] = queue.Queue()
        self.port = 0
        said = []
        for line in self.process.stdout:
            if found := re.match(r"preview: http://127\.0\.0\.1:(\d+)/", line):
                self.port = int(found.group(1))
                break
            said.append(line)
        if not self.port:  # (it ended before serving: say why, rather than wait for events that never come)
            raise SystemExit(f"`pnp watch --serve` exited with {self.process.wait()} before serving:\n"
                             + "".join(said))
        threading.Thread(target=self._read_lines, daemon=True).start()
        self.events: queue.Queue[tuple[float, int]] = queue.Queue()
        threading.Thread(target=self._listen, daemon=True).start()

    def _read_lines(self) -> None:
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def _listen(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        connection.request("GET", "/events")
        answer = connection.getresponse()
        for raw in answer:
            if raw.startswith(b"data: "):
                self.events.put((time.perf_counter(), json.loads(raw[6:])["version"]))

    def get(self, path: str) -> bytes:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", path)
        body = connection.getresponse().read()
        connection.close()
        return body

    def state(self) -> dict:
        return json.loads(self.get("/state"))

    def next_event(self, version: int) -> float:
        while True:
            at, seen = self.events.get(timeout=60)
            if seen >= version:
                return at

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=20)


def pages(state: dict) -> list[str]:
    return [p["src"] for kit in state["kits"] for f in kit["files"] for p in f["pages"]]


def edit_card(cards: Path, number: int) -> bytes:
    """The cards file with card `number`'s title toggled (a trailing "!" added or taken away)."""
    text = cards.read_text(encoding="utf-8")

    def toggle(match: re.Match) -> str:
        if int(match.group(1)) != number:
            return match.group(0)
        return f'"Card {number}: {match.group(2)}{"" if match.group(3) else "!"}"'
    return TITLE.sub(toggle, text, count=0).encode("utf-8")


def measure_round(watch: Watch, cards: Path, number: int, version: int) -> tuple[float, float, int, float]:
    before = pages(watch.state())
    drain(watch)
    data = edit_card(cards, number)
    start = time.perf_counter()
    cards.write_bytes(data)
    event = watch.next_event(version) - start
    after = pages(watch.state())
    changed = [src for src, old in zip(after, before) if src != old]
    for src in changed:
        assert watch.get(src).startswith(b"\x89PNG"), src
    return event, time.perf_counter() - start, len(changed), build_seconds(watch)


def drain(watch: Watch) -> None:
    while not watch.lines.empty():
        watch.lines.get()


def build_seconds(watch: Watch) -> float:
    """The build's own time, as the watcher prints it ("… changed · 0.12 s")."""
    while True:
        found = re.search(r" · (\d+\.\d+) s$", watch.lines.get(timeout=10))
        if found:
            return float(found.group(1))


def unchanged_save(watch: Watch, cards: Path, version: int) -> tuple[float, bool]:
    before = pages(watch.state())
    drain(watch)
    start = time.perf_counter()
    cards.write_bytes(cards.read_bytes())
    event = watch.next_event(version) - start
    said = watch.lines.get(timeout=10)  # the build's head line, its problems (the kit warns), then the kit's line
    while not said.startswith(f"  {cards.parent.name}: "):
        said = watch.lines.get(timeout=10)
    return event, pages(watch.state()) == before and said.endswith(": up to date")


def plain_time(cards: int, out: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, str(HERE / "plain.py"), str(cards), str(out)], check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--poll", action="store_true", help="watch by polling instead of file events")
    parser.add_argument("--kit", default="bench-540")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    count = int(args.kit.rsplit("-", 1)[1])
    with tempfile.TemporaryDirectory(prefix="pnp-latency-") as temp:
        root = project(args.kit, Path(temp))
        cards = root / "bench" / "kits" / args.kit / "cards.yaml"
        watch = Watch(root, args.kit, args.poll)
        try:
            watch.next_event(1)
            cards.write_bytes(edit_card(cards, 1))  # the first rebuild draws every component
            watch.next_event(2)
            version, events, refreshed, changed, plain, builds = 3, [], [], [], [], []
            for n in range(args.rounds):
                plain.append(plain_time(count, Path(temp) / "plain.pdf"))
                event, page, pages_changed, built = measure_round(watch, cards, 7 + 37 * n % count, version)
                events.append(event)
                refreshed.append(page)
                changed.append(pages_changed)
                builds.append(built)
                version += 1
            same, nothing_drawn = unchanged_save(watch, cards, version)
        finally:
            watch.close()
        identical = same_as_cold(root, args.kit)
    report(args, {"build (pnp watch's own)": builds, "save to event": events, "save to refreshed page": refreshed},
           changed, plain, same, nothing_drawn)
    print(f"{'PASS' if statistics.median(events) <= RATIO * statistics.median(plain) else 'FAIL'}: save to "
          f"refreshed PDF (the event) at most {RATIO}x plain's full build (median)")
    print(f"PASS: the watcher's PDFs are byte for byte a cold build's ({', '.join(identical)})")


def same_as_cold(root: Path, kit: str) -> list[str]:
    """The watcher's PDFs against `pnp build --force` of the same input in a fresh process: the
    same bytes, asserted; the names of the PDFs compared."""
    cold = root / "cold"
    subprocess.run([sys.executable, "-m", "pnp", "--project", str(root), "build", f"bench/kits/{kit}", "--force",
                    "--out", str(cold)], check=True, stdout=subprocess.DEVNULL, cwd=root,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    watched = sorted(p.relative_to(root / "output") for p in (root / "output").rglob("*.pdf"))
    built = sorted(p.relative_to(cold) for p in cold.rglob("*.pdf"))
    assert watched == built and watched, (watched, built)
    for name in watched:
        assert (root / "output" / name).read_bytes() == (cold / name).read_bytes(), f"{name} differs from a cold build"
    return [name.as_posix() for name in watched]


def report(args, rows, changed, plain, same, nothing_drawn) -> None:
    base = statistics.median(plain)
    refreshed = rows["save to refreshed page"]
    print(f"{args.kit}, {'polling' if args.poll else 'file events'}, {args.rounds} rounds "
          f"(pages changed per edit: {sorted(set(changed))}); plain ReportLab, same cards: {base:.3f} s")
    for name, values in rows.items():
        median = statistics.median(values)
        print(f"  {name:24} median {median:.3f} s  slowest {max(values):.3f} s  ({median / base:.2f}x plain)")
    print(f"  unchanged save           {same:.3f} s to its event; nothing drawn: {nothing_drawn}")
    verdict = "PASS" if statistics.median(refreshed) < TARGET and nothing_drawn else "FAIL"
    print(f"{verdict}: save to refreshed page under {TARGET} s (median), an unchanged save draws nothing")
    if args.json:
        args.json.write_text(json.dumps({"plain": plain, **rows, "unchanged": same, "nothing_drawn": nothing_drawn,
                                         "pages_changed": changed}, indent=1))


if __name__ == "__main__":
    main()
