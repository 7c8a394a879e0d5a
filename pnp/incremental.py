"""Incremental builds: build only the kits whose inputs changed since their last successful build.

Contract: `build_changed(root, names, options, force=False, progress=None, session=None, later=None)` returns
one `KitReport` per kit, as `pnp.build.build` does: the kits the build cache (`pnp.cache.BuildCache`)
finds up to date come back from their cached manifests (`up_to_date=True`, warnings and the inputs
their last build read included; errors with `options.strict`) without loading the drawing pipeline;
the others go through `pnp.build.build`, and, when the run has no error, are recorded in the cache
with the files they read and the digests of what they wrote, and the cache saved (a cache that
cannot be saved only makes the next build slower); given `later`, the saving (its state written
out) is handed to it as a job (`later(job)`) for the caller to run once the build's result is out
(the watcher: after the preview is told, `pnp.resident`), the record made at once. The
output folders of the kits named are first cleared of what killed builds left there, up to date or
not. Names that are no kit go to the pipeline, which reports them. The CLI,
the Python API and the watcher share this one path (the watcher passes the `session` it keeps
open, `pnp.resident`, which also remembers components). Standard library only
until something must be built: an up-to-date run imports neither ReportLab nor the layout code.
"""
from __future__ import annotations

import gc
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from .cache import BuildCache
from .core.discover import find_kits
from .core.fileio import sweep_parts
from .core.journal import complete
from .core.options import Options
from .core.report import KitReport

if TYPE_CHECKING:  # pragma: no cover
    from .pipeline.session import Session


def build_changed(root: Path, names: list[str], options: Options, force: bool = False,
                  progress: Callable[[int], None] | None = None,
                  session: "Session | None" = None,
                  later: Callable[[Callable[[], None]], None] | None = None) -> list[KitReport]:
    kept = session.kept if session is not None else None
    cache = BuildCache(root, options.out, options.cache_key(), (kept.stamp, kept.shared) if kept is not None else None)
    fresh, stale = _plan(root, names, cache, force)
    reports = _build(root, stale, options, cache, progress, session, later) if stale is not None else []
    fresh_reports = [_cached(manifest, cache.inputs(kit_dir)) for kit_dir, manifest in fresh.items()]
    return reports + [r.strictly() if options.strict else r for r in fresh_reports]


def _plan(root: Path, names: list[str], cache: BuildCache,
          force: bool) -> tuple[dict[Path, dict], list[str] | None]:
    """The manifests of the kits that are up to date, and the kits to build (None: none)."""
    dirs, unknown = find_kits(root, names)
    complete(cache.out)  # a commit a killed run left half done, finished before any sweep (pnp.core.journal)
    for kit_dir in dirs:
        sweep_parts(cache.out / kit_dir.name, root=cache.out)  # (never through a link: output.link_problems)
    if unknown or not dirs:  # the pipeline reports them: "no kit 'x'", "no kit found"
        return {}, names
    fresh = {} if force else {d: m for d in dirs if (m := cache.fresh(d))}
    stale = [str(d) for d in dirs if d not in fresh]
    return fresh, stale or None


def _cached(manifest: dict, inputs: dict[str, str]) -> KitReport:
    """The report of a kit found up to date, with the files its last build read."""
    report = KitReport.from_json(manifest)
    report.inputs = inputs
    return report


def _build(root: Path, names: list[str], options: Options, cache: BuildCache,
           progress: Callable[[int], None] | None, session: "Session | None",
           later: Callable[[Callable[[], None]], None] | None = None) -> list[KitReport]:
    collecting = gc.isenabled()
    gc.disable()  # loading the pipeline makes only objects that live as long as the process: no collection
    try:
        from .build import build  # (which freezes them out of the collector's way)
    finally:
        if collecting:
            gc.enable()
    reports = build(root, names, options, progress, session)
    if not any(r.errors for r in reports):
        for report in reports:  # (now: what the kit read and wrote is hashed as this build left it)
            if report.kit:
                cache.record(Path(root) / report.path, report.as_json(), report.inputs)
        if later is None:
            _save(cache)
        else:
            later(partial(_save, cache))
    return reports


def _save(cache: BuildCache) -> None:
    """The build cache's state written (a cache that cannot be saved only makes the next build slower)."""
    try:
        cache.save()
    except OSError:
        pass
