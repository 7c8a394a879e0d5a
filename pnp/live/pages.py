"""The pages the preview shows: the PDFs of the last good builds, rendered page by page on demand.

Contract: `PageStore(scale=SCALE)`. `update(outcome)` takes the PDFs of the kits the
build wrote (a kit with errors keeps its last good PDFs, and so do the others when the run, which
writes all or nothing, failed; a kit no longer watched is dropped). A PDF whose bytes changed is read into memory, so the pages shown all come from one
build whatever is written next, and opened with pypdfium2 for its page sizes. Each page has a
version: the outcome's (the resident build's, which change only when what a page shows changes),
else the digest of the file and the page number stand in. `files(kit)` lists a kit's
`FileView`s; `png(kit, stem, number, version)` answers a page rendered at `scale` (PNG bytes) when the
version is the current one, None otherwise, keeping the `KEEP` latest renders, so a page is drawn
again only when it changed. Every method may be called from any thread.
"""
from __future__ import annotations

import hashlib
import io
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..report import FileReport, KitReport

if TYPE_CHECKING:  # pragma: no cover
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

        self._pdfium = pypdfium2
        self.scale = scale
        self._lock = threading.Lock()
        self._kits: dict[str, list[FileView]] = {}
        self._documents: dict[tuple[str, str], object] = {}
        self._rendered: OrderedDict[tuple, bytes] = OrderedDict()

    def update(self, outcome: "Outcome") -> None:
        versions = outcome.versions.get
        if outcome.failure is not None:
            return
        opened: dict[tuple[str, str], object] = {}
        kits = {}
        for report in (r for r in outcome.reports if r.kit):
            if report.errors or not (outcome.ok or report.up_to_date):  # nothing of it was written
                kits[report.kit] = self._kits.get(report.kit, [])
                continue
            kits[report.kit] = [self._view(report, f, outcome.last, versions, opened) for f in report.files]
        with self._lock:
            for key, document in opened.items():
                old = self._documents.get(key)
                self._documents[key] = document
                if old is not None:
                    old.close()
            self._kits = kits
            current = {(v.kit, v.stem, p.number, p.version) for views in kits.values() for v in views for p in v.pages}
            for key in [k for k in self._rendered if k not in current]:  # pages no longer shown
                del self._rendered[key]

    def _view(self, report: KitReport, file: FileReport, last: dict[str, str],
              versions: Callable[[str], list[str] | None], opened: dict) -> FileView:
        stem = Path(file.path).stem
        data = Path(file.path).read_bytes()
        digest = hashlib.blake2b(data, digest_size=16).hexdigest()
        status = last.get(file.path, "up to date")
        known = next((v for v in self._kits.get(report.kit, []) if v.stem == stem and v.digest == digest), None)
        if known is not None and versions(file.path) in (None, [p.version for p in known.pages]):
            return FileView(report.kit, stem, file, status, digest, known.pages)
        document = self._pdfium.PdfDocument(data)
        opened[(report.kit, stem)] = document
        sizes = [document.get_page_size(i) for i in range(len(document))]
        marks = versions(file.path)
        if marks is None or len(marks) != len(sizes):
            marks = [f"{digest[:12]}-{i}" for i in range(len(sizes))]
        pages = [PageView(i + 1, round(w, 2), round(h, 2), mark) for i, ((w, h), mark) in enumerate(zip(sizes, marks))]
        return FileView(report.kit, stem, file, status, digest, pages)

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
            image = self._documents[(kit, stem)][number - 1].render(scale=self.scale).to_pil()
            buffer = io.BytesIO()
            image.save(buffer, "PNG", compress_level=1)  # the fastest: 20 ms a page, 10 % bigger
            self._rendered[key] = buffer.getvalue()
            while len(self._rendered) > KEEP:
                self._rendered.popitem(last=False)
            return self._rendered[key]
