"""Checking and building kits: the run from kit folders to PDF files and a manifest.

Contract: `check(project, names)` and `build(project, names, options)` return one `KitReport` per
kit. Both load the kit, run its rules model, and lay out every face of every component, so text
that overflows or a missing picture fails `check` as it fails `build`. `build` also draws, page by
page, into temporary files that are renamed onto `options.out/<kit>/<component>-<paper>.pdf` only
when every kit of the run is free of errors (and, with `options.strict`, of warnings): a failed run
changes no file and makes no folder. `check` writes nothing at all, not even a cache
(`fileio.read_only`). A build first deletes what killed builds left in its kits' output folders;
a symbolic link anywhere under them (`<out>` itself too) is a problem, and nothing is swept or drawn;
before it sweeps, a build completes the commit journals a killed run left in `<out>` (`pnp.core.journal`);
an output folder that cannot be made (`--out` under a file) or written (read-only, full disk) is a
problem, never a traceback. With no names, every kit under `decks/` is taken (`session.kit_dirs`).
"""
from __future__ import annotations

import gc
import math
from pathlib import Path
from typing import Callable

from ..core.collector import held_off, settled
from ..core.errors import Problem, errors_only
from ..core.fileio import read_only
from ..core.journal import complete
from ..core.options import BACK_MODES, COLOR_MODES, INK_MODES, Options
from ..core.report import KitReport
from ..model.units import PAPERS
from ..output import OutputBatch, cannot_write, link_problems, sweep
from .kitrun import KitRun
from .session import Session, kit_dirs, open_project, recorded_run


def check(root: Path, names: list[str], options: Options | None = None) -> list[KitReport]:
    with read_only():
        return _run(root, names, options or Options(), draw=False)


def build(root: Path, names: list[str], options: Options,
          progress: Callable[[int], None] | None = None, session: Session | None = None) -> list[KitReport]:
    """`session`: one a resident process keeps open (`pnp.resident`), instead of a fresh one."""
    return _run(root, names, options, draw=True, progress=progress, session=session)


def _run(root: Path, names: list[str], options: Options, draw: bool,
         progress: Callable[[int], None] | None = None, session: Session | None = None) -> list[KitReport]:
    """The collector is held off while the project opens, and what that made, which lives as long as
    the session, is then frozen out of its way (`gc.freeze`, as `pnp.build` does the pipeline's
    modules); when the kits are drawn, it stays off to the run's end (`_kits`; core.collector)."""
    _check_options(options)
    with held_off() as collecting:
        if session is None:
            session = open_project(root)
            gc.freeze()
        dirs, problems = kit_dirs(session, names)
        if draw:
            problems += _out_ready(options.out, dirs)
        draw = draw and not errors_only(session.problems + problems)  # (fonts, --out) nothing drawn, all checked
        if draw:
            reports = _kits(session, dirs, problems, options, True, progress, between=collecting)
            settled()  # (a one-shot process: what the run left frozen, no last collection; core.collector)
    if not draw:
        reports = _kits(session, dirs, problems, options, False, progress)
    return _without_echoes(reports)


def _out_ready(out: Path, dirs: list[Path]) -> list[Problem]:
    """Why nothing may be written to `out`, if so; else a commit a killed run left half done there is
    finished (pnp.core.journal), then the kits' folders swept of what killed runs left."""
    links = link_problems(out, [d.name for d in dirs])
    if not links:
        complete(out)
        for kit_dir in dirs:
            sweep(out / kit_dir.name)
    return out_problems(out) + links


def _kits(session: Session, dirs: list[Path], problems: list[Problem], options: Options, draw: bool,
          progress: Callable[[int], None] | None, between: bool = False) -> list[KitReport]:
    """Each kit's report, and the run's own problems first. Drawn, the kits run with the collector
    held off (core.collector: what a run makes lives as long as it, and its rules model runs no
    play-outs there), and, `between`, one collection of the young objects between two kits frees what
    the first left in cycles (not for a caller that holds the collector off itself: a resident);
    checked, its play-outs collect as they go."""
    if progress is not None and hasattr(progress, "kits"):  # the progress display's share of each kit
        progress.kits(len(dirs))
    reports = []
    with OutputBatch(record_pages=session.memo is not None, root=options.out) as batch:
        for number, kit_dir in enumerate(dirs):
            if number and between:
                gc.collect(0)
            report = _kit_run(session, kit_dir, options, batch if draw else None, progress)
            reports.append(report.strictly() if options.strict else report)
        head = session.problems + problems
        if draw and not any(errors_only(r.problems) for r in reports):
            head += _commit(batch, session)
        if head:
            reports.insert(0, KitReport("", "", "", [], [session.project.locators.resolve(p) for p in head]))
    if session.memo is not None:
        session.memo.discard()  # what a failed run staged
    return reports


def _check_options(options: Options) -> None:
    if options.paper not in PAPERS or options.backs not in BACK_MODES:
        raise ValueError(f"no paper {options.paper!r} or backs {options.backs!r} (a caller's mistake)")
    if options.color not in COLOR_MODES or options.ink not in INK_MODES or not 100 <= options.ink_limit <= 400:
        raise ValueError(f"no colour {options.color!r}, ink {options.ink!r} or ink limit {options.ink_limit!r} "
                         "(a caller's mistake)")
    if not all(math.isfinite(v) and abs(v) <= 10 for v in options.back_offset):
        raise ValueError(f"back offset {options.back_offset!r} is not two numbers within 10 mm (a caller's mistake)")


def out_problems(out: Path) -> list[Problem]:
    """Why files cannot go to the folder `out` (it is a file, or lies under one), if they cannot."""
    for folder in (out, *out.parents):
        if folder.exists() or folder.is_symlink():
            if folder.is_dir():
                return []
            what = "is a file, not a folder" if folder == out else f"lies under {folder.as_posix()}, which is a file"
            return [Problem(f"the output folder {out.as_posix()} {what}", "--out")]
    return []


def _commit(batch: OutputBatch, session: Session) -> list[Problem]:
    try:
        batch.commit()
    except OSError as exc:
        return [Problem(cannot_write(exc, Path(exc.filename or ".")), "output")]
    if session.memo is not None:
        session.memo.commit(batch)
    return []


def _without_echoes(reports: list[KitReport]) -> list[KitReport]:
    """A value the YAML reader refused (`.nan`, a control character) is not reported again, at the
    same place, by the models that then miss it."""
    refused = {p.loc for r in reports for p in r.problems if p.where == "YAML" and p.loc is not None}
    for report in reports:
        report.problems = [p for p in report.problems if p.where == "YAML" or p.loc not in refused]
    return reports


def _kit_run(session: Session, kit_dir: Path, options: Options, batch: OutputBatch | None,
             progress: Callable[[int], None] | None) -> KitReport:
    """One kit's report, naming every file its run read."""
    return recorded_run(session, lambda: KitRun(session, kit_dir, options, batch, progress).run())
