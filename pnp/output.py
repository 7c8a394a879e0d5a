"""Deterministic, atomic output files: PDFs drawn on canvases, and files given as bytes.

Contract: an `OutputBatch` hands out canvases that write to hidden temporary files (unique names,
`tempfile.mkstemp`) next to their final paths, and `write(final, data)` puts bytes (an exported
picture, a spreadsheet) in such a file at once; a final path already handed out in the batch raises
`OutputClash`, so two parts of a run never write one file. Files get the mode the user's umask
gives new files. `save(canvas)` writes a finished canvas
to its temporary file and lets the batch forget the canvas (its document is freed when the caller
drops it too). `commit()` refuses a batch with a canvas still unsaved, then renames every temporary
file onto its final path (an atomic replace per file, done only once every file is saved, when the
whole run has succeeded) and deletes what killed runs left of those files' temporary files (a day
old or more); `discard()` (or leaving the `with` block) deletes the temporary files, so a failed
build leaves the previous PDFs untouched. Canvases are made in ReportLab's invariant mode (no
dates, fixed IDs), with page compression, without ASCII85, and with a bundled font as the initial
font, so the same input gives the same bytes and no base-14 font is referenced; `make_canvas`
makes such a canvas on any target (an export's pages in memory). A batch made with
`record_pages=True` keeps, per final path, a digest of each page's content stream as it is shown
(`page_digests`): a resident build tells the pages that changed from those that did not.
"""
from __future__ import annotations

import contextlib
import glob
import hashlib
import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from reportlab import rl_config

from .fileio import user_mode
from reportlab.pdfgen.canvas import Canvas

rl_config.useA85 = 0  # binary streams: ~25 % smaller and faster (research/reportlab-speed.md)
STALE_PART = 24 * 3600.0  # seconds: a temporary file this old was left by a run that was killed


class OutputClash(ValueError):
    """A final path handed out twice in one batch."""


@dataclass
class _Pending:
    final: Path
    temp: Path


@dataclass
class OutputBatch:
    pending: list[_Pending] = field(default_factory=list)
    _open: dict[int, tuple[Canvas, _Pending]] = field(default_factory=dict)  # id(canvas): until saved
    record_pages: bool = False
    page_digests: dict[Path, list[str]] = field(default_factory=dict)  # final path: a digest per page

    def _temp(self, final: Path) -> tuple[int, str]:
        """A fresh temporary file next to `final` (open handle, name); OutputClash if `final` is taken."""
        if any(p.final.resolve() == final.resolve() for p in self.pending):
            raise OutputClash(f"{final.as_posix()} is already written by another part of this run")
        final.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=final.parent, prefix=f".{final.name}.", suffix=".part")
        user_mode(temp)
        return handle, temp

    def write(self, final: Path, data: bytes) -> None:
        """A file of `data`, renamed onto `final` at commit."""
        handle, temp = self._temp(final)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        self.pending.append(_Pending(final, Path(temp)))

    def canvas(self, final: Path, pagesize: tuple[float, float], font: str, meta: dict[str, str]) -> Canvas:
        handle, temp = self._temp(final)
        os.close(handle)
        canvas = make_canvas(temp, pagesize, font, meta)
        self.pending.append(_Pending(final, Path(temp)))
        self._open[id(canvas)] = (canvas, self.pending[-1])
        if self.record_pages:
            digests = self.page_digests.setdefault(final, [])
            canvas.setPageCallBack(lambda _number: digests.append(_page_digest(canvas)))
        return canvas

    def save(self, canvas: Canvas) -> Path:
        """Write a finished canvas to its temporary file; the batch keeps no reference to it."""
        canvas.save()
        return self._open.pop(id(canvas))[1].temp

    def commit(self) -> list[Path]:
        if self._open:
            unsaved = ", ".join(item.final.as_posix() for _, item in self._open.values())
            raise RuntimeError(f"commit with canvases never saved: {unsaved}")
        done = []
        for item in self.pending:
            os.replace(item.temp, item.final)
            done.append(item.final)
        for final in done:
            _sweep(final)
        self.pending.clear()
        return done

    def discard(self) -> None:
        for item in self.pending:
            item.temp.unlink(missing_ok=True)
        self.pending.clear()
        self._open.clear()
        self.page_digests.clear()

    def __enter__(self) -> "OutputBatch":
        return self

    def __exit__(self, kind, value, traceback) -> None:
        self.discard()


def make_canvas(target, pagesize: tuple[float, float], font: str, meta: dict[str, str]) -> Canvas:
    """A deterministic canvas onto `target` (a path or a binary file object) whose fallback font is
    `font`, a bundled one: never Helvetica."""
    rl_config.canvas_basefontname = rl_config.defaultGraphicsFontName = font  # svglib's fallback too
    canvas = Canvas(target, pagesize=pagesize, invariant=1, pageCompression=1, initialFontName=font)
    canvas.setTitle(meta.get("title", ""))
    canvas.setAuthor(meta.get("author", ""))
    canvas.setSubject(meta.get("subject", ""))
    canvas.setCreator("pnp")
    canvas.setProducer("pnp (ReportLab)")
    return canvas


def _page_digest(canvas: Canvas) -> str:
    """The digest of the page just shown: ReportLab calls the page callback before it clears the
    page's operators (`_code`, private: tests/test_output_batch.py holds it to this)."""
    return hashlib.blake2b("".join(canvas._code).encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _sweep(final: Path) -> None:
    """Delete temporary files of `final` that killed runs left (old enough to be no live run's)."""
    limit = time.time() - STALE_PART
    for part in final.parent.glob(f".{glob.escape(final.name)}.*.part"):
        with contextlib.suppress(OSError):
            if part.stat().st_mtime < limit:
                part.unlink()
