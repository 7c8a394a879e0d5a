"""The duplex calibration sheet: two pages that measure a printer's front/back offset.

Contract: `write_calibration(root, out, paper, backs, offset, language)` writes
`calibration-<paper>-<backs>.pdf` (atomically, deterministic; what killed runs left of it deleted
first) and returns `(path, [])`; an OSError when it cannot be written, and so (`fileio.Unconfined`)
when `out`, or the sheet's own path, is a symbolic link (as a build's output folder may not be). The pages are laid out by
`layout.calibration` (instructions in `language`, the message catalogue's, French by default) and
painted by draw/'s painter, like every page pnp prints. A project whose fonts cannot give the text
face (no `fonts/fonts.yaml`, or a broken one) writes nothing and returns `(None, problems)`: the
CLI prints them and exits 1.
"""
from __future__ import annotations

from pathlib import Path

from .core.errors import Problem, Ref, errors_only
from .core.journal import complete
from .draw.forms import FormCache
from .draw.paint import Painter
from .draw.sheets import SheetPainter
from .layout.calibration import calibration_pages
from .layout.fonts import Face, FontBook
from .messages import catalogue
from .model.fonts import FONTS_YAML, read_fonts
from .model.units import paper_points
from .output import OutputBatch, sweep


def write_calibration(root: Path, out: Path, paper: str, backs: str, offset: tuple[float, float],
                      language: str = "fr") -> tuple[Path | None, list[Problem]]:
    face, problems = _text_face(Path(root).resolve())
    if face is None:
        return None, problems
    width, height = paper_points(paper)
    path = out / f"calibration-{paper}-{backs}.pdf"
    complete(out)  # a commit a killed run left half done there, finished first (pnp.core.journal)
    sweep(out)  # (never through a link: sweep_parts)
    messages, _ = catalogue(language)  # the CLI offers the catalogue's languages only
    edge = messages.text("edge_long" if backs == "long-edge" else "edge_short")
    lines = [messages.text("calibration_title")] + messages.lines("calibration_steps", edge=edge)
    duplex = "DuplexFlipLongEdge" if backs == "long-edge" else "DuplexFlipShortEdge"
    with OutputBatch(root=out) as batch:  # confined below `out`, through no link
        canvas = batch.canvas(path, (width, height), face.name, {"title": f"pnp — {lines[0]}"}, duplex=duplex)
        painter = SheetPainter(canvas, Painter(canvas, FormCache(canvas)), face.name)
        for page in calibration_pages(face, width, height, backs, offset, lines):
            painter.page(page, width, height, 0.0, ())
        batch.save(canvas)
        batch.commit()
    return path, []


def _text_face(root: Path) -> tuple[Face | None, list[Problem]]:
    """The project's default text face, registered; or the problems of its fonts that prevent one."""
    fonts = FontBook(read_fonts(root))
    problems = errors_only(fonts.problems)
    if not problems and not fonts.families:
        problems = [Problem("no font family", ref=Ref(FONTS_YAML))]
    return (None, problems) if problems else (fonts.default_face(), [])
