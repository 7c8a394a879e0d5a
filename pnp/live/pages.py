"""The pages the preview shows: the PDFs of the last good builds, rendered page by page on demand.

Contract: `PageStore(scale=SCALE)`. `update(outcome)` takes the PDFs of the kits the build wrote (a
kit with errors keeps its last good PDFs, and so do the others when the run, which writes all or
nothing, failed; a kit no longer watched is dropped). A PDF whose bytes changed is read into memory,
so the pages shown all come from one build whatever is written next, and opened with pypdfium2 when
first needed (`_Pdf`: for a page size not known yet, a render, a crop). Each page has a version: the
outcome's (the resident build's, which change only when what a page shows or its frame changes),
else the digest of the file and the page number stand in. A page's size is asked of pypdfium2 once
per frame (the outcome's, beside its version: what ReportLab sizes the page by), then known for
every page of that frame; a page without one is asked. So the event of a resident's one-card edit
goes out without opening the new PDF. `files(kit)`
lists a kit's `FileView`s; `png(kit, stem, number, version)` answers a page rendered at `scale` (PNG
bytes) when the version is the current one, None otherwise, keeping the `KEEP` latest renders, so a
page is drawn again only when it changed. A PDF whose bytes changed keeps its previous document
too (`previous(kit, stem)`: its pages' versions), so that `crop(kit, stem, number, version, box,
scale)` renders a region of a page (a card's bleed box, top-down points) of the current document, or
of the previous one when `version` is one of its pages' (the studio's diff of a card's last two
builds). The documents no longer shown are closed by `tidy()`, which the caller runs once the
build's news went out. Every method may be called from any thread.

`snapshot(outcome, store, watching)` is what the preview page shows after a build, a plain dict: the
build's number (`version`, which the page shows and tests wait on), its time, duration and the files
that changed; the problems of the project (broken layouts, fonts); per kit its title, folder, status
and check report (errors and warnings as `Problem.as_json()`, located), and per PDF its component,
kind, cards, card size, cards per page, back mode, whether this build drew it again, and its pages:
number, size in points and the address of the rendered page, which names the page's version (a page
whose version did not change keeps its address, so the browser does not load it again). A kit with
errors lists its last good PDFs, marked `stale`.
"""
from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence
from urllib.parse import quote

from ..core.report import FileReport, KitReport

if TYPE_CHECKING:  # pragma: no cover
    from pypdfium2 import PdfDocument  # (no type hints: Any to mypy)

    from .loop import Outcome

SCALE = 2.0  # pixels per point: 144 dpi, sharp at the page's "card size" (1 inch = 96 CSS pixels)
KEEP = 160  # rendered pages kept


@dataclass(frozen=True)
class PageView:
    number: int  # from 1
    width: float  # points
    height: float
    version: str


@dataclass
class FileView:
    kit: str
    stem: str  # the PDF's name without .pdf: "cartes-a4"
    report: FileReport
    status: str  # "rebuilt", "kept" or "up to date"
    digest: str
    pages: list[PageView] = field(default_factory=list)


class PageStore:
    def __init__(self, scale: float = SCALE):
        import pypdfium2  # the watch extra; imported first here so a missing one is said at start

        from ..core.deferred import load

        load("PIL.Image")  # (pypdfium2 gives pages as Pillow images, in the server's threads: a deferred Pillow runs now)
        self._pdfium = pypdfium2
        self.scale = scale
        self._lock = threading.Lock()
        self._kits: dict[str, list[FileView]] = {}
        self._documents: dict[tuple[str, str], _Pdf] = {}
        self._previous: dict[tuple[str, str], tuple[_Pdf, list[PageView]]] = {}
        self._rendered: OrderedDict[tuple, bytes] = OrderedDict()
        self._closing: list[_Pdf] = []  # no longer shown, closed by `tidy`
        self._sizes: dict[tuple, tuple[float, float]] = {}  # a page frame -> its size (`update`'s thread only)

    def update(self, outcome: "Outcome") -> None:
        if outcome.failure is not None:
            return
        opened: dict[tuple[str, str], _Pdf] = {}
        kits = {report.kit: self._views(report, outcome, opened) for report in outcome.reports if report.kit}
        with self._lock:
            for key, document in opened.items():
                old = self._documents.get(key)
                self._documents[key] = document
                if old is not None:
                    self._keep_previous(key, old)
            self._kits = kits
            current = {(v.kit, v.stem, p.number, p.version) for views in kits.values() for v in views for p in v.pages}
            for key in [k for k in self._rendered if k not in current]:  # pages no longer shown
                del self._rendered[key]

    def _views(self, report: KitReport, outcome: "Outcome", opened: dict) -> list[FileView]:
        if _stale(report, outcome.ok):
            return self._kits.get(report.kit, [])
        views = (self._view(report.kit, f, outcome, opened) for f in report.files)
        return [view for view in views if view is not None]

    def _view(self, kit: str, file: FileReport, outcome: "Outcome", opened: dict) -> FileView | None:
        """The file's pages: those already known when the file is the same, else read anew (None when
        the file cannot be read, say deleted meanwhile)."""
        stem, status = Path(file.path).stem, outcome.last.get(file.path, "up to date")
        shown: Sequence[tuple[str, tuple | None]] | None = outcome.pages.get(file.path)
        try:
            data = Path(file.path).read_bytes()
        except OSError:
            return None
        digest = hashlib.blake2b(data, digest_size=16).hexdigest()
        known = next((v for v in self._kits.get(kit, []) if v.stem == stem and v.digest == digest), None)
        if known is not None and (shown is None or [v for v, _ in shown] == [p.version for p in known.pages]):
            return FileView(kit, stem, file, status, digest, known.pages)
        pdf = opened[(kit, stem)] = _Pdf(self._pdfium, data)
        if shown is None:  # (not a resident's PDF: the file's digest and the page number stand in)
            document = pdf.document()
            shown = [(f"{digest[:12]}-{i}", None) for i in range(len(document))]
        return FileView(kit, stem, file, status, digest, self._sized(pdf, shown))

    def _sized(self, pdf: "_Pdf", shown: Sequence[tuple[str, tuple | None]]) -> list[PageView]:
        """The pages (version, frame) sized: asked of pypdfium2 for a frame not seen yet (the document
        then opened) or for a page without one, else the size that frame had."""
        pages = []
        for i, (version, frame) in enumerate(shown):
            size = self._sizes.get(frame) if frame is not None else None
            if size is None:
                w, h = pdf.document().get_page_size(i)
                size = (round(w, 2), round(h, 2))
                if frame is not None:
                    self._sizes[frame] = size
            pages.append(PageView(i + 1, size[0], size[1], version))
        return pages

    def _keep_previous(self, key: tuple[str, str], old: "_Pdf") -> None:
        view = next((v for v in self._kits.get(key[0], []) if v.stem == key[1]), None)
        before = self._previous.pop(key, None)
        if before is not None:
            self._closing.append(before[0])
        if view is None:
            self._closing.append(old)
        else:
            self._previous[key] = (old, view.pages)

    def tidy(self) -> None:
        """Close the documents no longer shown (`update` leaves that for later: the build's news first)."""
        with self._lock:
            closing, self._closing = self._closing, []
            for document in closing:
                document.close()

    def previous(self, kit: str, stem: str) -> list[PageView]:
        with self._lock:
            found = self._previous.get((kit, stem))
            return list(found[1]) if found else []

    def crop(self, kit: str, stem: str, number: int, version: str, box: tuple[float, float, float, float],
             scale: float) -> bytes | None:
        """PNG bytes of `box` (x0, y0, x1, y1 from the page's top-left, in points) of page `number` of the
        document whose page has `version` (the current one, or the previous), None when neither has."""
        with self._lock:
            document = self._document_of(kit, stem, number, version)
            if document is None:
                return None
            page = document.document()[number - 1]
            width, height = page.get_size()
            x0, y0, x1, y1 = (max(0.0, box[0]), max(0.0, box[1]), min(width, box[2]), min(height, box[3]))
            if x1 - x0 < 1 or y1 - y0 < 1:
                return None
            image = page.render(scale=scale, crop=(x0, height - y1, width - x1, y0)).to_pil()
        buffer = io.BytesIO()
        image.save(buffer, "PNG", compress_level=1)
        return buffer.getvalue()

    def _document_of(self, kit: str, stem: str, number: int, version: str) -> "_Pdf | None":
        view = next((v for v in self._kits.get(kit, []) if v.stem == stem), None)
        if view is not None and 1 <= number <= len(view.pages) and view.pages[number - 1].version == version:
            return self._documents.get((kit, stem))
        before = self._previous.get((kit, stem))
        if before is not None and 1 <= number <= len(before[1]) and before[1][number - 1].version == version:
            return before[0]
        return None

    def files(self, kit: str) -> list[FileView]:
        with self._lock:
            return list(self._kits.get(kit, []))

    def png(self, kit: str, stem: str, number: int, version: str) -> bytes | None:
        key = (kit, stem, number, version)
        with self._lock:
            if key in self._rendered:
                self._rendered.move_to_end(key)
                return self._rendered[key]
            view = next((v for v in self._kits.get(kit, []) if v.stem == stem), None)
            if view is None or not 1 <= number <= len(view.pages) or view.pages[number - 1].version != version:
                return None
            image = self._documents[(kit, stem)].document()[number - 1].render(scale=self.scale).to_pil()
            buffer = io.BytesIO()
            image.save(buffer, "PNG", compress_level=1)  # the fastest: 20 ms a page, 10 % bigger
            self._rendered[key] = buffer.getvalue()
            while len(self._rendered) > KEEP:
                self._rendered.popitem(last=False)
            return self._rendered[key]


class _Pdf:
    """A PDF's bytes, opened with pypdfium2 on first use (by `update`'s thread before the store
    holds it, else under the store's lock)."""

    def __init__(self, pdfium: Any, data: bytes):
        self._pdfium, self._data = pdfium, data
        self._document: PdfDocument | None = None

    def document(self) -> "PdfDocument":
        if self._document is None:
            self._document = self._pdfium.PdfDocument(self._data)
        return self._document

    def close(self) -> None:
        if self._document is not None:
            self._document.close()


def snapshot(outcome: "Outcome", store: PageStore, watching: list[str]) -> dict:
    head = [p.as_json() for r in outcome.reports if not r.kit for p in r.problems]
    return {"version": outcome.number, "clock": outcome.clock, "seconds": round(outcome.seconds, 3),
            "changed": outcome.changed, "ok": outcome.ok, "failure": outcome.failure,
            "watching": watching, "problems": head,
            "kits": [_kit(report, store, outcome.ok) for report in outcome.reports if report.kit]}


def _stale(report: KitReport, run_ok: bool) -> bool:
    """Nothing of the kit was written this time: its last good PDFs are shown."""
    return bool(report.errors) or not (run_ok or report.up_to_date)


def _kit(report: KitReport, store: PageStore, run_ok: bool) -> dict:
    return {"kit": report.kit, "title": report.title, "path": report.path, "ok": not report.errors,
            "up_to_date": report.up_to_date, "stale": _stale(report, run_ok),
            "errors": [p.as_json() for p in report.errors],
            "warnings": [p.as_json() for p in report.warnings],
            "files": [_file(view, store) for view in store.files(report.kit)]}


def _file(view: FileView, store: PageStore) -> dict:
    f = view.report
    base = f"/pages/{quote(view.kit)}/{quote(view.stem)}"
    return {"id": f"{view.kit}/{view.stem}", "name": f"{view.stem}.pdf", "path": f.path,
            "component": f.component, "kind": f.kind, "cards": f.cards,
            "card_size_mm": list(f.card_size_mm) if f.card_size_mm else None, "per_page": f.per_page,
            "backs": f.backs, "status": view.status,
            "previous": [{"n": p.number, "version": p.version} for p in store.previous(view.kit, view.stem)],
            "pages": [{"n": p.number, "w": p.width, "h": p.height, "version": p.version,
                       "src": f"{base}/{p.number}.png?v={p.version}"} for p in view.pages]}
