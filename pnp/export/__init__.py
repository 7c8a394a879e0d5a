"""Exports beyond the home printer: print-service pictures, Tabletop Simulator decks, score sheets
to fill in on a screen or in a spreadsheet.

Contract: `export(root, names, options, force=False, progress=None)` returns one `KitReport` per kit, like
`pnp.build.build`: every kit is checked as a build checks it (`run.ExportRun`), and a run with an
error anywhere writes nothing (the batch is committed only when every kit is free of errors; the
files get the user's umask). Formats, one module each: `pictures.py` (`--png`), `tts.py`
(`--tts`), `sheets.py` (`--sheets`: fillable PDF, XLSX, CSV; `formulas.py` writes their
formulas), `showcase.py` (`--showcase`, `--fan`: pictures for crowdfunding pages), `ruleshtml.py`
(`--rules-html`: each rulebook as one HTML file). Exports are incremental like builds: the build cache (`pnp.cache.BuildCache`, in the
user's cache folder, under the export's own options key) reports a kit whose inputs and files did not
change as up to date without loading the drawing pipeline. Once its files are in place, the export
folders of each kit written (`png/`, `tts/`, `sheets/`, `showcase/`) lose the files an earlier export
left there that this one did not write (a deck that lost cards must not upload stale faces). A
symbolic link at or below a kit's output folder (`<out>` itself, `<out>/<kit>`, `png/`, `tts/`,
`sheets/`, `showcase/`, a file) is a problem found before anything is written
(`pnp.output.link_problems`): the kits are checked, and nothing is written, replaced or deleted. A
read-only folder or a full disk is one problem (exit 1, the previous files intact), never a
traceback; a commit a killed run left half done in the output folder is completed first
(`pnp.core.journal`).
Layer: export (above the build and the pipeline, beside the incremental build; below the CLI).
"""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..cache import BuildCache
from ..core.discover import find_kits
from ..core.errors import Problem
from ..core.fileio import Unconfined, confined
from ..core.report import KitReport
from .settings import PRESET_NAMES, PRESETS, ExportOptions

if TYPE_CHECKING:  # pragma: no cover
    from ..pipeline.session import Session
    from ..output import OutputBatch

__all__ = ["export", "ExportOptions", "PRESETS", "PRESET_NAMES"]

FOLDERS = ("png", "tts", "sheets", "showcase")


def export(root: Path, names: list[str], options: ExportOptions, force: bool = False,
           progress: Callable[[int], None] | None = None) -> list[KitReport]:
    if not options.formats:
        raise ValueError("an export makes at least one of png, tts, sheets, showcase, fan, rules_html "
                         "(a caller's mistake)")
    cache = BuildCache(root, options.out, options.cache_key())
    dirs, unknown = find_kits(root, names)
    fresh = {} if force or unknown or not dirs else {d: m for d in dirs if (m := cache.fresh(d))}
    stale = [str(d) for d in dirs if d not in fresh] + list(unknown)
    reports = _export(root, stale, options, cache, progress) if stale or not dirs else []
    return reports + [KitReport.from_json(manifest) for manifest in fresh.values()]


def _export(root: Path, names: list[str], options: ExportOptions, cache: BuildCache,
            progress: Callable[[int], None] | None) -> list[KitReport]:
    from ..build import kit_dirs, open_project, recorded_run
    from ..core.journal import complete
    from ..output import OutputBatch, link_problems
    from ..pipeline.project import out_problems

    session = open_project(root)
    dirs, problems = kit_dirs(session, names)
    links = link_problems(options.out, [d.name for d in dirs]) + out_problems(options.out)  # (--out under a file)
    problems += links
    if not links:
        complete(options.out)  # a commit a killed run left half done, finished first (pnp.core.journal)
    if progress is not None and hasattr(progress, "kits"):
        progress.kits(len(dirs))
    with OutputBatch(root=options.out) as batch:
        writer = None if links else batch  # a link under the output folder, or a file: kits checked, nothing written
        reports = [recorded_run(session, partial(_export_kit, session, d, options, writer, progress)) for d in dirs]
        head = session.problems + problems
        if head:
            reports.insert(0, KitReport("", "", "", [], [session.project.locators.resolve(p) for p in head]))
        if not any(r.errors for r in reports):
            failed = _commit(batch, options, reports, cache, Path(root))
            if failed:
                reports.insert(0, KitReport("", "", "", [], failed))
    return reports


def _commit(batch: OutputBatch, options: ExportOptions, reports: list[KitReport], cache: BuildCache,
            root: Path) -> list[Problem]:
    """Rename the files into place, then delete what earlier exports left (never before: a commit
    that fails loses nothing), and record the kits; an OS error is one problem, no traceback."""
    from ..output import cannot_write

    try:
        batch.commit()
        _forget_stale(options, reports)
        for report in reports:
            if report.kit:
                cache.record(root / report.path, report.as_json(), report.inputs)
        cache.save()
    except OSError as exc:
        return [Problem(cannot_write(exc, Path(exc.filename or options.out)), "output")]
    return []


def _export_kit(session: Session, kit_dir: Path, options: ExportOptions, batch: OutputBatch | None,
                progress: Callable[[int], None] | None) -> KitReport:
    from .run import ExportRun

    return ExportRun(session, kit_dir, options, batch, progress).run()


def _forget_stale(options: ExportOptions, reports: list[KitReport]) -> None:
    """Files an earlier export left in the folders this one writes, and that it does not write; never
    through a symbolic link at or below the output folder (a shared project's `output/` or
    `output/<kit>/png` linked to a folder of the user's own: link_problems refused the run already),
    nor a link itself."""
    written = {Path(f.path) for r in reports for f in r.files}
    for report in reports:
        for folder in {Path(f.path).parent for f in report.files if Path(f.path).parent.name in FOLDERS}:
            for path in folder.iterdir() if folder.is_dir() else ():
                if path.name.startswith(".") or path in written or not _stale(options.out, path):
                    continue
                path.unlink()


def _stale(out: Path, path: Path) -> bool:
    """`path` is a regular file reached through no symbolic link from the output folder."""
    try:
        confined(out, path)
    except Unconfined:
        return False
    return path.is_file()
