"""The watch loop: build the watched kits on every change, say what changed, keep watching.

Contract: `Loop(root, names, options, watcher, echo, publish=None)` keeps a resident build
(`pnp.resident.Resident`: the incremental path of `pnp build`, with the session and the memory of
components kept). `build(changed)` builds the kits once and answers an `Outcome`, which carries each
PDF's pages, each its version and frame (`Resident.pages`); it prints through `echo` the time, the
files that changed, per kit what was rebuilt and what kept (or "up to date"), and the check report: every problem of
the run, located, and for a kit with errors that its last good PDFs stay. It points the watcher at
the files the run read (`KitReport.inputs`: YAML, data files, pictures, wherever they lie), the kit
folders, `decks/` (new kits) and the project's layouts, fonts and icons, ignoring the output folder
and pnp's caches, then hands the outcome to `publish` (the preview: a save made once it shows the
build is seen). The garbage collector is held off from the build until the preview is told, then
collects (`Resident.collect`, which first writes the build cache's state: that waits too).
With a `checked(number, reports)` callback (the preview's), each build is followed by `pnp check`
of the same kits with the same options (paper, colours, ink) (`pnp.build.check`: its play-outs too), unless a change is
already waiting, and what it reports goes to the callback.
`forever(until)` builds, then builds again after every change until interrupted (or `until()` is
true). Builds, checks and the studio's maps run one at a time (`RUNS`). A bad save never ends the loop; nor does an unexpected error in a build, reported as such
(a failed build changes no file).
"""
from __future__ import annotations

import gc
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..cache import SHARED_TREES
from ..core.discover import find_kits
from ..core.errors import counted
from ..core.options import Options
from ..core.report import KitReport
from ..resident import Resident
from ..core.fileio import cache_root
from .changes import Watcher

SHOWN = 4  # changed files named on the report line; more are counted
RUNS = threading.Lock()  # kit runs of this process, one at a time: a build, the check after it, the studio's map


@dataclass
class Outcome:
    number: int  # builds since the start, from 1
    changed: list[str]  # project-relative paths
    reports: list[KitReport]
    last: dict[str, str]  # PDF path -> "rebuilt" or "kept" (kits built this time)
    seconds: float
    clock: str  # local time of the build, HH:MM:SS
    failure: str | None = None  # an unexpected error (not a problem of the kits)
    lines: list[str] = field(default_factory=list)  # what was printed
    pages: dict[str, list[tuple[str, tuple]]] = field(default_factory=dict)  # PDF path -> (version, frame) per page

    @property
    def ok(self) -> bool:
        return self.failure is None and not any(r.errors for r in self.reports)


class Loop:
    def __init__(self, root: Path, names: list[str], options: Options, watcher: Watcher,
                 echo: Callable[[str], None], publish: Callable[[Outcome], None] | None = None,
                 checked: Callable[[int, list[KitReport]], None] | None = None):
        self.root = Path(root).resolve()
        self.names, self.options, self.watcher = names, options, watcher
        self.echo, self.publish, self.checked = echo, publish, checked
        self.resident = Resident(self.root)
        self.count = 0
        self.inputs: set[Path] = set()  # the files the last build read, resolved

    def build(self, changed: set[Path]) -> Outcome:
        collecting = gc.isenabled()
        gc.disable()  # until the preview is told (on again as the resident's build ends, it collected then)
        try:
            outcome = self._build(changed)
        finally:
            if collecting:
                gc.enable()
        try:
            self.resident.collect()  # (the build's garbage, and the build cache's state, once it is out)
        except Exception as exc:  # pnp's fault in writing that state: said, and watching goes on
            self.echo(f"  pnp failed to record this build in its cache: {type(exc).__name__}: {exc} (a later "
                      "`pnp build` builds the kit again — please report this)")
        if self.checked is not None and outcome.failure is None and not self.watcher.pending():
            self._check(outcome.number)
        return outcome

    def _build(self, changed: set[Path]) -> Outcome:
        """Build, say what changed, point the watcher at the files read, and tell the preview."""
        start = time.perf_counter()
        self.count += 1
        failure = None
        try:
            with RUNS:
                reports = sorted(self.resident.build(self.names, self.options), key=lambda r: r.path)
        except Exception as exc:  # a fault of pnp, not of the kit: said, and watching goes on
            reports, failure = [], f"{type(exc).__name__}: {exc}"
        outcome = Outcome(self.count, self._shown(changed), reports, dict(self.resident.last),
                          time.perf_counter() - start, time.strftime("%H:%M:%S"), failure)
        outcome.lines = report_lines(outcome, self.options.out)
        outcome.pages = {f.path: pages for r in reports for f in r.files
                         if (pages := self.resident.pages(f.path)) is not None}
        for line in outcome.lines:
            self.echo(line)
        self._watch(reports)  # before the preview is told: a save made once it shows the build is seen
        if self.publish is not None:
            try:
                self.publish(outcome)
            except Exception as exc:  # the preview's fault: said, and watching goes on
                self.echo(f"  the preview failed to show this build: {type(exc).__name__}: {exc}")
        return outcome

    def _check(self, number: int) -> None:
        """`pnp check` of the watched kits, as the command runs it, for the preview's report."""
        from ..build import check

        try:  # the build's own options: its paper, colours and ink are what the check finds problems in
            with RUNS:
                reports = check(self.root, self.names, self.options)
        except Exception as exc:  # pnp's fault: said, and watching goes on
            self.echo(f"  pnp check failed after this build: {type(exc).__name__}: {exc}")
            return
        if self.checked is not None:
            self.checked(number, reports)

    def forever(self, until: Callable[[], bool] = lambda: False) -> None:
        """Build, then build again after every change, until interrupted (or `until()` is true)."""
        self.build(set())
        while not until():
            changed = self.watcher.wait(timeout=0.5)
            if self._shown(changed):  # not only files that came and went (a tool's temporary files)
                self.build(changed)

    def _shown(self, changed: set[Path]) -> list[str]:
        """The changed files, from the project root; files that came and went (an editor's or a
        tool's temporary files) are not named unless the last build read them."""
        shown = []
        for path in sorted(p for p in changed if p.exists() or p.resolve() in self.inputs):
            try:
                shown.append(path.resolve().relative_to(self.root).as_posix())
            except ValueError:
                shown.append(path.as_posix())
        return shown

    def _watch(self, reports: list[KitReport]) -> None:
        dirs, unknown = find_kits(self.root, self.names)
        recursive = set(dirs) | {self.root / folder for folder, _ in SHARED_TREES}
        if unknown or not self.names:  # a kit may yet appear under decks/
            recursive.add(self.root / "decks")
        self.inputs = {(self.root / name).resolve() for report in reports for name in report.inputs}
        ignored = {Path(self.options.out).resolve(), cache_root()}
        self.watcher.watch({d for d in recursive if d.is_dir()}, self.inputs, ignored)


def report_lines(outcome: Outcome, out: Path) -> list[str]:
    """What a build prints: the change, the problems (located), then a line per kit."""
    changes = outcome.changed[:SHOWN] + ([f"{len(outcome.changed) - SHOWN} more"]
                                         if len(outcome.changed) > SHOWN else [])
    head = ", ".join(changes) + " changed" if changes else ("first build" if outcome.number == 1 else "build")
    lines = [f"{outcome.clock}  {head} · {outcome.seconds:.2f} s"]
    if outcome.failure:
        return lines + [f"  pnp failed while building: {outcome.failure} (no file was changed; "
                        "watching goes on — please report this)"]
    lines += [problem.render() for report in outcome.reports for problem in report.problems]
    return lines + [f"  {_kit_line(report, outcome, out)}" for report in outcome.reports if report.kit]


def _kit_line(report: KitReport, outcome: Outcome, out: Path) -> str:
    if report.errors:
        count = len(report.errors)
        return (f"{report.kit}: {counted(count, 'error')}; the last good PDFs stay in "
                f"{(Path(out) / report.kit).as_posix()}/")
    if report.up_to_date:
        return f"{report.kit}: up to date"
    if not outcome.ok:  # a run writes all its kits or none
        return f"{report.kit}: no error; nothing written while another kit has errors"
    last = outcome.last
    rebuilt = [f"{Path(f.path).name} ({counted(f.pages, 'page')})"
               for f in report.files if last.get(f.path) != "kept"]
    kept = [Path(f.path).name for f in report.files if last.get(f.path) == "kept"]
    parts = ([f"rebuilt {', '.join(rebuilt)}"] if rebuilt else []) + ([f"kept {', '.join(kept)}"] if kept else [])
    return f"{report.kit}: {'; '.join(parts) or 'nothing to draw'}"
