"""What the preview page shows after a build, as one JSON document.

Contract: `snapshot(outcome, store, watching)` answers a plain dict: the build's number (`version`,
which the page shows and tests wait on), its time, duration and the files that changed; the problems
of the project (broken layouts, fonts); per kit its title, folder, status and check report (errors
and warnings as `Problem.as_json()`, located), and per PDF its component, kind, cards, card size,
cards per page, back mode, whether this build drew it again, and its pages: number, size in points
and the address of the rendered page, which names the page's version (a page whose version did not
change keeps its address, so the browser does not load it again). A kit with errors lists its last
good PDFs, marked `stale`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import quote

from ..report import KitReport
from .pages import FileView, PageStore

if TYPE_CHECKING:  # pragma: no cover
    from .loop import Outcome


def snapshot(outcome: "Outcome", store: PageStore, watching: list[str]) -> dict:
    head = [p.as_json() for r in outcome.reports if not r.kit for p in r.problems]
    return {"version": outcome.number, "clock": outcome.clock, "seconds": round(outcome.seconds, 3),
            "changed": outcome.changed, "ok": outcome.ok, "failure": outcome.failure,
            "watching": watching, "problems": head,
            "kits": [_kit(report, store, outcome.ok) for report in outcome.reports if report.kit]}


def _kit(report: KitReport, store: PageStore, run_ok: bool) -> dict:
    stale = bool(report.errors) or not (run_ok or report.up_to_date)
    return {"kit": report.kit, "title": report.title, "path": report.path, "ok": not report.errors,
            "up_to_date": report.up_to_date, "stale": stale,
            "errors": [p.as_json() for p in report.errors],
            "warnings": [p.as_json() for p in report.warnings],
            "files": [_file(view) for view in store.files(report.kit)]}


def _file(view: FileView) -> dict:
    f = view.report
    base = f"/pages/{quote(view.kit)}/{quote(view.stem)}"
    return {"id": f"{view.kit}/{view.stem}", "name": f"{view.stem}.pdf", "path": f.path,
            "component": f.component, "kind": f.kind, "cards": f.cards,
            "card_size_mm": list(f.card_size_mm) if f.card_size_mm else None, "per_page": f.per_page,
            "backs": f.backs, "status": view.status,
            "pages": [{"n": p.number, "w": p.width, "h": p.height, "version": p.version,
                       "src": f"{base}/{p.number}.png?v={p.version}"} for p in view.pages]}
