"""The duplex calibration sheet: two pages that measure a printer's front/back offset.

Contract: `write_calibration(root, out, paper, backs, offset, language)` writes
`calibration-<paper>-<backs>.pdf` (atomically, deterministic; what killed runs left of it deleted
first) and returns its path; an OSError when it cannot be written. The front page carries two
millimetre scales crossing at the centre of the page and instructions in `language` (the message
catalogue's, French by default; everything 20 mm or more inside the paper's edges, clear of any
printer's margin); the back page carries a single
pointer line on each axis at the mirrored position of the scales' zero (shifted by the current back
offset). Printed duplex and held against the light, the pointers show on the front's scales how far
the back lands from where it should: that reading, with its sign, is the `--back-offset` to use.
A project whose fonts cannot give the text face (no `fonts/fonts.yaml`, or a broken one) raises
`click.ClickException` with the problems: the CLI prints them and exits 1.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from .core.errors import errors_only
from .layout.fonts import FontBook
from .model.fonts import read_fonts
from .messages import catalogue
from .model.units import MM, paper_points
from .output import OutputBatch, sweep

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas

SCALE_MM = 10  # the scales read from -10 to +10 mm


def write_calibration(root: Path, out: Path, paper: str, backs: str, offset: tuple[float, float],
                      language: str = "fr") -> Path:
    face = _text_face(Path(root).resolve())
    width, height = paper_points(paper)
    path = out / f"calibration-{paper}-{backs}.pdf"
    sweep(out)
    messages, _ = catalogue(language)  # the CLI offers the catalogue's languages only
    edge = messages.text("edge_long" if backs == "long-edge" else "edge_short")
    lines = [messages.text("calibration_title")] + messages.lines("calibration_steps", edge=edge)
    duplex = "DuplexFlipLongEdge" if backs == "long-edge" else "DuplexFlipShortEdge"
    with OutputBatch() as batch:
        canvas = batch.canvas(path, (width, height), face, {"title": f"pnp — {lines[0]}"}, duplex=duplex)
        _front(canvas, face, width, height, backs, lines)
        _back(canvas, width, height, backs, offset)
        batch.save(canvas)
        batch.commit()
    return path


def _text_face(root: Path) -> str:
    """The project's default text face, registered; a ClickException when its fonts cannot give one."""
    fonts = FontBook(read_fonts(root))
    problems = [p.render() for p in errors_only(fonts.problems)]
    if not problems and not fonts.families:
        problems = ["fonts/fonts.yaml: no font family"]
    if problems:
        raise click.ClickException("cannot write the calibration sheet:\n" + "\n".join(problems))
    name: str = fonts.default_face().name
    return name


def _front(c: Canvas, face: str, width: float, height: float, backs: str, lines: list[str]) -> None:
    cx, cy = width / 2, height / 2
    for i, line in enumerate(lines):
        c.setFont(face, 13 if i == 0 else 9)
        c.drawString(20 * MM, height - (25 + 7 * i) * MM, line)
    sign = 1 if backs == "long-edge" else -1  # so that a reading always adds to the offset
    _scale(c, face, cx, cy + 40 * MM, True, sign)
    _scale(c, face, cx - 40 * MM, cy, False, sign)
    c.setFont(face, 9)
    c.drawCentredString(cx, cy + 55 * MM, "DX")
    c.drawString(cx - 52 * MM, cy + 14 * MM, "DY")
    c.setLineWidth(0.3)
    c.line(cx - 4 * MM, cy, cx + 4 * MM, cy)
    c.line(cx, cy - 4 * MM, cx, cy + 4 * MM)
    c.showPage()


def _scale(c: Canvas, face: str, x: float, y: float, horizontal: bool, sign: int) -> None:
    """A millimetre ruler centred on (x, y): a tick every mm, longer and numbered every 5 mm.

    Graduations grow rightwards (horizontal) or upwards (vertical) for long-edge duplex and the
    other way for short-edge, which is what makes "offset += reading" right in both modes."""
    c.setLineWidth(0.35)
    c.setFont(face, 7)
    for mm in range(-SCALE_MM, SCALE_MM + 1):
        length = (6 if mm == 0 else 4.5 if mm % 5 == 0 else 2.5) * MM
        at, label = mm * MM, f"{sign * mm:+d}" if mm else "0"
        if horizontal:
            c.line(x + at, y, x + at, y + length)
            if mm % 5 == 0:
                c.drawCentredString(x + at, y + length + 1.2 * MM, label)
        else:
            c.line(x, y + at, x + length, y + at)
            if mm % 5 == 0:
                c.drawString(x + length + 1.2 * MM, y + at - 2, label)


def _back(c: Canvas, width: float, height: float, backs: str, offset: tuple[float, float]) -> None:
    """Pointers at the mirror image of the front's zeros, where a perfect duplex puts them."""
    cx, cy = width / 2, height / 2
    dx, dy = offset[0] * MM, offset[1] * MM
    mirror_x = backs == "long-edge"
    ruler_x = (width - (cx - 40 * MM)) if mirror_x else cx - 40 * MM
    ruler_y = cy + 40 * MM if mirror_x else height - (cy + 40 * MM)
    c.setStrokeColorRGB(0.85, 0.1, 0.1)
    c.setLineWidth(0.6)
    x = (width - cx if mirror_x else cx) + dx
    c.line(x, ruler_y - 2 * MM, x, ruler_y + 8 * MM)
    y = (cy if mirror_x else height - cy) - dy
    c.line(ruler_x - 8 * MM, y, ruler_x + 2 * MM, y)
    c.showPage()
