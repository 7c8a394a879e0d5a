"""Deterministic, atomic PDF files.

Contract: an `OutputBatch` hands out canvases that write to hidden temporary files next to their
final paths. `commit()` renames every temporary file onto its final path (an atomic replace per
file) only once the whole run has succeeded; `discard()` (or leaving the `with` block on an
exception) deletes them, so a failed build leaves the previous PDFs untouched. Canvases are made in
ReportLab's invariant mode (no dates, fixed IDs), with page compression, without ASCII85, and with a
bundled font as the initial font, so the same input gives the same bytes and no base-14 font is
referenced.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from reportlab import rl_config
from reportlab.pdfgen.canvas import Canvas

rl_config.useA85 = 0  # binary streams: ~25 % smaller and faster (research/reportlab-speed.md)


@dataclass
class _Pending:
    final: Path
    temp: Path
    canvas: Canvas


@dataclass
class OutputBatch:
    pending: list[_Pending] = field(default_factory=list)

    def canvas(self, final: Path, pagesize: tuple[float, float], font: str, meta: dict[str, str]) -> Canvas:
        final.parent.mkdir(parents=True, exist_ok=True)
        temp = final.with_name(f".{final.name}.{os.getpid()}.part")
        # fonts ReportLab (and svglib drawings) fall back to: a bundled one, never Helvetica
        rl_config.canvas_basefontname = rl_config.defaultGraphicsFontName = font
        canvas = Canvas(str(temp), pagesize=pagesize, invariant=1, pageCompression=1, initialFontName=font)
        canvas.setTitle(meta.get("title", ""))
        canvas.setAuthor(meta.get("author", ""))
        canvas.setSubject(meta.get("subject", ""))
        canvas.setCreator("pnp")
        canvas.setProducer("pnp (ReportLab)")
        self.pending.append(_Pending(final, temp, canvas))
        return canvas

    def save(self, canvas: Canvas) -> Path:
        """Write a finished canvas to its temporary file."""
        canvas.save()
        return next(p.temp for p in self.pending if p.canvas is canvas)

    def commit(self) -> list[Path]:
        done = []
        for item in self.pending:
            os.replace(item.temp, item.final)
            done.append(item.final)
        self.pending.clear()
        return done

    def discard(self) -> None:
        for item in self.pending:
            item.temp.unlink(missing_ok=True)
        self.pending.clear()

    def __enter__(self) -> "OutputBatch":
        return self

    def __exit__(self, kind, value, traceback) -> None:
        if kind is not None or self.pending:
            self.discard()
