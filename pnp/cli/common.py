"""What the commands share: option types derived from the pipeline's names, the options that shape
the PDFs, the report printer, the back-offset parser and the progress bar.

Contract: `PAPER` and `BACKS` are Click choices built from `pnp.core.options`; `pdf_options` adds the
options that shape the PDFs to a command (build and watch) and `build_options(**values)` makes the
`Options` of their values (a `click.BadParameter` for a bad back offset); `finish(reports, as_json,
wrote, summary=None)` prints every problem on stderr, then the JSON manifest or a summary on stdout
(`summary(reports)` when a command has its own), and exits 1 when any problem is an error;
`offset(text)` reads `DX,DY` millimetres (a `click.BadParameter` otherwise); `Progress` draws a bar
of pages on a terminal's stderr.
"""
from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path
from typing import Callable

import click

from ..core.errors import counted
from ..core.options import BACK_MODES, PAPER_NAMES, Options

PAPER = click.Choice(PAPER_NAMES, case_sensitive=False)
BACKS = click.Choice(BACK_MODES, case_sensitive=False)
_PDF_OPTIONS = (
    click.option("--paper", type=PAPER, default="a4", show_default=True, help="Sheet size."),
    click.option("--backs", type=BACKS, default="long-edge", show_default=True,
                 help="Card backs: none, long-edge or short-edge duplex, or fold (gutterfold)."),
    click.option("--orientation", type=click.Choice(["auto", "portrait", "landscape"]), default="auto",
                 show_default=True, help="Page orientation for card sheets (auto: the one holding most cards)."),
    click.option("--back-offset", default="0,0", show_default=True, metavar="DX,DY",
                 help="Nudge backs by DX,DY mm (right, down) to match your printer; see `pnp calibrate`."),
    click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
                 show_default=True, help="Folder for the PDFs."),
    click.option("--image-dpi", type=click.IntRange(72, 2400), default=300, show_default=True, metavar="N",
                 help="Downsample pictures that have over 1.5 × N pixels per inch in their box to N."),
    click.option("--no-downsample", is_flag=True, help="Embed every picture with all its pixels."),
    click.option("--printer-margin", type=click.FloatRange(0, 20), default=5.0, show_default=True, metavar="MM",
                 help="The band along every paper edge your printer cannot print: nothing is drawn in it."),
)
PAPER_OPTION, PRINTER_MARGIN_OPTION = _PDF_OPTIONS[0], _PDF_OPTIONS[-1]  # what `check` lays out with


def kit_project(project: Path, kits: tuple[str, ...] | list[str]) -> Path:
    """The project a command on `kits` works on: --project as given; else the one found from the
    current folder, unless the kits named belong to another (`pnp build ~/proto/decks/jeu`, run from
    anywhere: pnp.core.discover.project_for)."""
    if click.get_current_context().meta.get("pnp.project_given"):
        return project
    from ..core.discover import project_for

    return project_for(project, list(kits))


def pdf_options(command: Callable) -> Callable:
    """The options that shape the PDFs (paper, backs, output folder…), shared by build and watch."""
    for option in reversed(_PDF_OPTIONS):
        command = option(command)
    return command


def build_options(paper: str, backs: str, orientation: str, back_offset: str, out: Path, image_dpi: int,
                  no_downsample: bool, printer_margin: float = 5.0, strict: bool = False) -> Options:
    """The build options from the values of `pdf_options` (and `--strict`)."""
    return Options(paper.lower(), backs.lower(), orientation, out, offset(back_offset),
                   image_dpi=None if no_downsample else image_dpi, strict=strict, printer_margin=printer_margin)


def offset(text: str) -> tuple[float, float]:
    """`DX,DY` in millimetres, each finite and within 10 mm."""
    try:
        dx, dy = (float(v) for v in text.split(","))
    except ValueError:
        raise click.BadParameter(f"expected DX,DY in mm, like 0.5,-1 (got {text!r})", param_hint="--back-offset")
    if not (math.isfinite(dx) and math.isfinite(dy)):
        raise click.BadParameter(f"DX and DY must be numbers of mm (got {text!r})", param_hint="--back-offset")
    if max(abs(dx), abs(dy)) > 10:
        raise click.BadParameter("an offset beyond 10 mm is a layout problem, not a printer drift",
                                 param_hint="--back-offset")
    return dx, dy


def finish(reports: list, as_json: bool, wrote: bool, summary: Callable[[list], None] | None = None) -> None:
    from ..core.errors import errors_only

    problems = [p for r in reports for p in r.problems]
    for problem in problems:
        click.echo(problem.render(), err=True)
    errors = errors_only(problems)
    if as_json:
        click.echo(json.dumps({"ok": not errors, "kits": [r.as_json() for r in reports if r.kit]},
                              indent=2, ensure_ascii=False))
    elif not errors:
        summary(reports) if summary else _summary(reports, wrote)
    if errors:
        tail = ", nothing written" if wrote else ""
        click.echo(f"{counted(len(errors), 'error')}{tail}.", err=True)
        sys.exit(1)


def _summary(reports: list, wrote: bool) -> None:
    for report in reports:
        if not report.kit:
            continue
        if not wrote:
            click.echo(f"ok  {report.path}  {report.title}")
            continue
        verb = "up to date" if report.up_to_date else "wrote"
        for f in report.files:
            extra = f", {counted(f.cards, 'card')}" if f.kind == "deck" else ""
            extra += f", {counted(f.blanks, 'blank page')} added" if f.blanks else ""
            click.echo(f"{verb} {f.path}  ({counted(f.pages, 'page')}{extra})")


class Progress:
    """A bar of pages drawn on stderr, for builds that last; silent when stderr is not a terminal.

    The total grows as each component announces its pages (`expect`)."""

    WIDTH = 30

    def __init__(self) -> None:
        self.done = self.total = 0
        self.start = time.monotonic()
        self.live = sys.stderr.isatty()
        self.shown = False

    def expect(self, pages: int) -> None:
        self.total += pages

    def __call__(self, pages: int) -> None:
        self.done += pages
        if self.live and time.monotonic() - self.start > 0.5:
            total = max(self.total, self.done)
            filled = int(self.WIDTH * self.done / total) if total else 0
            bar = "#" * filled + "-" * (self.WIDTH - filled)
            click.echo(f"\r  [{bar}] {self.done}/{total} pages", nl=False, err=True)
            self.shown = True

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.shown:
            click.echo("\r" + " " * (self.WIDTH + 30) + "\r", nl=False, err=True)
