"""Deterministic, atomic output files: PDFs drawn on canvases, and files given as bytes.

Contract: an `OutputBatch` hands out canvases that write to hidden temporary files
(`.<name>.<random>.part`, `fileio.PartFile`: created with mode 0666 less the umask, and locked
while the batch lives) next to their final paths, making the folders they need, and `write(final,
data)` puts bytes (an exported picture, a spreadsheet) in such a file at once; a final path already
handed out in the batch raises `OutputClash`, so two parts of a run never write one file.
`save(canvas)` writes a finished canvas to its temporary file and lets the batch forget the canvas
(its document is freed when the caller drops it too). `commit()` refuses a batch with a canvas
still unsaved and a final path that is a folder, then renames every temporary file onto its final
path (an atomic replace per file, done only once every file is saved, when the whole run has
succeeded) and deletes what dead runs left of those files. A batch given its output folder (`root`)
journals the renames of a commit (`pnp.core.journal`): a run killed between two of them leaves a journal
that the next run writing there completes first (`journal.complete`, before it sweeps), so a kit's
files are all new or all old as that run sees them. Two runs may make the same new folder at once. `discard()` (or leaving the `with`
block) deletes the temporary files and the folders the batch made, so a failed build leaves the
previous files untouched and no new empty folder. The temporary files of killed runs are deleted
by `sweep(folder)` too (the build runs it before writing): a dead run's lock is gone, a live one's
is not. OS errors (a read-only folder, a full disk, a path under a file) propagate as OSError for
the caller to report. Canvases are made in ReportLab's invariant mode (no dates, fixed IDs), with
page compression, without ASCII85, and with a bundled font as the initial font, so the same input
gives the same bytes and no base-14 font is referenced; `make_canvas` makes such a canvas on any
target (an export's pages in memory). A batch made with `record_pages=True` keeps, per final path,
a digest of each page's frame and content stream as it is shown (`page_digests`): a resident build tells the
pages that changed from those that did not; and each page's frame (`page_frames`: what ReportLab sizes the
page by, a tuple of tuples), so that a page's size is known again from an earlier page of the same frame. A canvas made with an `ink` (`pnp.colour.convert.CmykInk`)
writes every colour as CMYK through it (ReportLab's colour hook), and with `pdfx` its document is a
PDF/X-4 (`pnp.colour.pdfx`); without, nothing changes. Every PDF asks viewers to print at actual size
(`/ViewerPreferences << /PrintScaling /None >>`) and names its duplex mode (`/Duplex`: `Simplex`,
`DuplexFlipLongEdge` or `DuplexFlipShortEdge`). A batch given a `root` (the output folder) makes no
file outside it nor through a symbolic link at or below it (`fileio.Unconfined`, an OSError);
`link_problems(out, kits)` finds such links before a run writes anything. `cannot_write(exc, path)`
says an OS error met writing a file in words, for the caller's problem.
"""
from __future__ import annotations

import glob
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, BinaryIO

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

from .core.errors import Problem
from .core.fileio import PartFile, confined, first_link, link_text, links_in, sweep_parts
from .core.journal import Journal, below

if TYPE_CHECKING:  # pragma: no cover
    from .colour.convert import CmykInk

rl_config.useA85 = 0  # binary streams: ~25 % smaller and faster (research/reportlab-speed.md)


class OutputClash(ValueError):
    """A final path handed out twice in one batch."""


@dataclass
class _Pending:
    """A PDF being written: its final path and the part file it is written to first."""

    final: Path
    part: PartFile

    @property
    def temp(self) -> Path:
        return self.part.path


@dataclass
class OutputBatch:
    """The files one build writes, held as part files until the batch commits them."""

    pending: list[_Pending] = field(default_factory=list)
    _open: dict[int, tuple[Canvas, _Pending]] = field(default_factory=dict)  # id(canvas): until saved
    record_pages: bool = False
    page_digests: dict[Path, list[str]] = field(default_factory=dict)  # final path: a digest per page
    page_frames: dict[Path, list[tuple]] = field(default_factory=dict)  # final path: a frame per page
    _made: list[Path] = field(default_factory=list)  # folders the batch made, outermost first
    root: Path | None = None  # the output folder every final path is confined below (fileio.confined),
    # and where its commits are journaled (pnp.core.journal)

    def _temp(self, final: Path) -> _Pending:
        """A fresh temporary file next to `final`; OutputClash if `final` is taken (OSError if the
        file or its folder cannot be made; fileio.Unconfined if it leaves `root` or a symbolic link
        leads it away)."""
        if self.root is not None:
            confined(self.root, final)
        if any(p.final.resolve() == final.resolve() for p in self.pending):
            raise OutputClash(f"{final.as_posix()} is already written by another part of this run")
        self._folder(final.parent)
        try:
            part = PartFile.next_to(final)
        except FileNotFoundError:  # a run beside this one removed the empty folder it had made: again
            self._folder(final.parent)
            part = PartFile.next_to(final)
        self.pending.append(_Pending(final, part))
        return self.pending[-1]

    def _folder(self, folder: Path) -> None:
        """Make `folder` and its missing parents, remembering those this batch made (an OSError if
        one cannot be made); a folder another run makes meanwhile is used, not remembered."""
        missing = [p for p in (folder, *folder.parents) if not p.exists()]
        for made in reversed(missing):
            try:
                made.mkdir()
            except FileExistsError:
                if not made.is_dir():
                    raise
                continue
            self._made.append(made)

    def write(self, final: Path, data: bytes) -> None:
        """A file of `data`, renamed onto `final` at commit."""
        pending = self._temp(final)
        with open(pending.temp, "wb") as out:
            out.write(data)

    def canvas(self, final: Path, pagesize: tuple[float, float], font: str, meta: dict[str, str],
               duplex: str = "Simplex", ink: CmykInk | None = None, pdfx: bool = False) -> Canvas:
        pending = self._temp(final)
        canvas = make_canvas(str(pending.temp), pagesize, font, meta, duplex, ink, pdfx)
        self._open[id(canvas)] = (canvas, pending)
        if self.record_pages:
            digests, frames = self.page_digests.setdefault(final, []), self.page_frames.setdefault(final, [])

            def shown(_number: int) -> None:
                frame = _frame(canvas)
                frames.append(frame)
                digests.append(_page_digest(canvas, frame))
            canvas.setPageCallBack(shown)
        return canvas

    def save(self, canvas: Canvas) -> Path:
        """Write a finished canvas to its temporary file; the batch keeps no reference to it."""
        pending = self._open.pop(id(canvas))[1]
        canvas.save()
        return pending.temp

    def commit(self) -> list[Path]:
        if self._open:
            unsaved = ", ".join(item.final.as_posix() for _, item in self._open.values())
            raise RuntimeError(f"commit with canvases never saved: {unsaved}")
        folder = next((p.final for p in self.pending if p.final.is_dir()), None)
        if folder is not None:
            raise IsADirectoryError(21, "a folder stands where the file goes", str(folder))
        journal = self._journal()
        done = []
        try:
            for item in self.pending:
                os.replace(item.temp, item.final)
                item.part.close()
                done.append(item.final)
        finally:
            if journal is not None:
                journal.close()
        for final in done:
            sweep_parts(final.parent, glob.escape(final.name))
        self.pending.clear()
        self._made.clear()
        return done

    def _journal(self) -> Journal | None:
        """The journal of this commit's renames, written before the first (several files below `root`)."""
        finals = [item.final for item in self.pending]
        if self.root is None or len(finals) < 2 or not below(self.root, finals):
            return None
        return Journal.open(self.root, [(item.temp, item.final) for item in self.pending])

    def discard(self) -> None:
        for item in self.pending:
            item.part.discard()
        self.pending.clear()
        self._open.clear()
        self.page_digests.clear()
        self.page_frames.clear()
        for folder in reversed(self._made):
            try:
                folder.rmdir()
            except OSError:
                pass  # not empty (something else wrote there meanwhile): kept
        self._made.clear()

    def __enter__(self) -> "OutputBatch":
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.discard()


def make_canvas(target: str | Path | BinaryIO, pagesize: tuple[float, float], font: str,
                meta: dict[str, str], duplex: str = "Simplex", ink: CmykInk | None = None,
                pdfx: bool = False) -> Canvas:
    """A deterministic canvas onto `target` (a path or a binary file object) whose fallback font is
    `font`, a bundled one: never Helvetica; it asks for actual size and names its `duplex` mode;
    with `ink`, its colours are CMYK (and with `pdfx`, it is a PDF/X-4)."""
    rl_config.canvas_basefontname = rl_config.defaultGraphicsFontName = font  # svglib's fallback too
    canvas = Canvas(target, pagesize=pagesize, invariant=1, pageCompression=1, initialFontName=font)
    canvas.setTitle(meta.get("title", ""))
    canvas.setAuthor(meta.get("author", ""))
    canvas.setSubject(meta.get("subject", ""))
    canvas.setCreator("pnp")
    canvas.setProducer("pnp (ReportLab)")
    canvas.setViewerPreference("PrintScaling", "None")  # print dialogs default to actual size
    canvas.setViewerPreference("Duplex", duplex)  # and to the way the sheet turns over
    if ink is not None:
        canvas._enforceColorSpace = ink  # noqa: SLF001 (ReportLab's colour hook: every colour set goes through it)
        if pdfx:
            from .colour.pdfx import mark

            mark(canvas, meta.get("title") or "pnp")
    return canvas


def _page_digest(canvas: Canvas, frame: tuple) -> str:
    """The digest of the page just shown, its frame with its operators: ReportLab calls the page
    callback before it clears the page's operators (`_code`, private: tests/test_output_batch.py
    holds it to this). Its frame (`_frame(canvas)`) is what the page's size in a viewer comes from, so
    a page of the same digest is the same size (the preview reuses its size).
    Operators given as a list that has a `digest` slot (a page a resident copies whole, `draw.kept`,
    only when the canvas shows it in the same frame: the same list every time) are hashed once, the
    digest kept there."""
    code = canvas._code  # noqa: SLF001 (ReportLab's page operators)
    known: str | None = getattr(code, "digest", None)
    if known is None:
        text = repr(frame) + "\n" + "".join(code)
        known = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
        if hasattr(code, "digest"):
            code.digest = known
    return known


def _frame(canvas: Canvas) -> tuple:
    """What `showPage` sizes the page by: its size, its crop marks' border, rotation and boxes, each
    box a tuple (ReportLab takes any sequence): a key the preview finds the page's size by."""
    marks = canvas._cropMarks  # noqa: SLF001 (ReportLab's page attributes, as showPage reads them)
    border = max(0, getattr(marks, "borderWidth", 36)) if marks else 0
    boxes = (canvas._cropBox, canvas._artBox, canvas._bleedBox, canvas._trimBox)  # noqa: SLF001
    return (tuple(canvas._pagesize), border, canvas._pageRotation,  # noqa: SLF001
            *(box if box is None or type(box) is tuple else tuple(box) for box in boxes))


def link_problems(out: Path, kits: list[str]) -> list[Problem]:
    """A run writing `<out>/<kit>/…` for each of `kits` follows no symbolic link: `out` itself,
    `<out>/<kit>` and anything below it (a folder or a file) that is one is a problem, once each, so
    that nothing is written, replaced, swept or deleted there (a shared project can carry `output/`
    or `output/<kit>/png` as a link to a folder of the user's)."""
    found: dict[Path, Problem] = {}
    for kit in kits:
        link = first_link(out, out / kit)
        for path in [link] if link is not None else links_in(out / kit):
            found.setdefault(path, Problem(link_text(path), "--out"))
    return list(found.values())


def sweep(folder: Path) -> None:
    """Delete the temporary files that killed runs left in `folder`."""
    sweep_parts(folder)


def cannot_write(exc: OSError, path: Path) -> str:
    """An OS error met writing `path`, in words: which file or folder, and the system's reason."""
    where = Path(exc.filename) if exc.filename else path
    return f"cannot write {where.as_posix()}: {exc.strerror or exc}"
