"""What the commands share: option types derived from the pipeline's names, the options that shape
the PDFs, the report printer, the back-offset parser and the progress bar.

Contract: `PAPER` and `BACKS` are Click choices built from `pnp.core.options`; `pdf_options` adds the
options that shape the PDFs to a command (build and watch) and `build_options(project, **values)` makes
the `Options` of their values (`out_folder`: no `--out` is the project's output/ folder) (a
`click.BadParameter` for a bad back offset); `finish(reports, as_json, wrote, summary=None)` prints
every problem on stderr, then the JSON manifest (`ok`, the `errors` and `warnings` of no kit, then
`kits`) or a summary on stdout (`summary(reports)` when a command has its own), and exits 1 when any
problem is an error; `offset(text)` reads `DX,DY` millimetres (a `click.BadParameter` otherwise);
`Progress` draws a bar of pages on a terminal's stderr; `say(line, err=False)` prints a line of text, a
kit's control characters shown as escapes (every command's text goes through it), and
`say_json(document)` a JSON document so.
"""
from __future__ import annotations

import json
import math
import os
import sys
import time
from pathlib import Path
from typing import Callable

import click

from ..core.errors import counted, visible, visible_json
from ..core.options import BACK_MODES, COLOR_MODES, INK_MODES, PAPER_NAMES, Options

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
    click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
                 help="Folder for the PDFs (default: output/ in the project's folder, wherever you run pnp)."),
    click.option("--image-dpi", type=click.IntRange(72, 2400), default=300, show_default=True, metavar="N",
                 help="Downsample pictures that have over 1.5 × N pixels per inch in their box to N."),
    click.option("--no-downsample", is_flag=True, help="Embed every picture with all its pixels."),
    click.option("--printer-margin", type=click.FloatRange(0, 20), default=5.0, show_default=True, metavar="MM",
                 help="The band along every paper edge your printer cannot print: nothing is drawn in it."),
    click.option("--color", type=click.Choice(COLOR_MODES, case_sensitive=False), default="rgb", show_default=True,
                 help="cmyk: colours and pictures converted for a print service (FOGRA39 coated, 240 % ink); "
                      "the PDFs are named <component>-<paper>-cmyk.pdf."),
    click.option("--pdfx", is_flag=True, help="A PDF/X-4 for print services: CMYK with an output intent "
                                              "(implies --color cmyk; named <component>-<paper>-pdfx.pdf)."),
    click.option("--ink-limit", type=click.FloatRange(100, 400), default=240.0, show_default=True, metavar="PERCENT",
                 help="CMYK: warn where a colour or picture passes this total ink (DriveThruCards: 240)."),
    click.option("--ink", type=click.Choice(INK_MODES, case_sensitive=False), default="normal", show_default=True,
                 help="saver: grounds and large fills lightened or dropped, for home printers "
                      "(<component>-<paper>-saver.pdf)."),
)
PAPER_OPTION, PRINTER_MARGIN_OPTION, INK_OPTION = _PDF_OPTIONS[0], _PDF_OPTIONS[7], _PDF_OPTIONS[11]  # `check`'s


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


def out_folder(project: Path, out: Path | None) -> Path:
    """`--out` as given (a relative one from the current folder, as any path typed), else the
    project's `output/` folder — never one inside the kit's folder that pnp happens to be run from —
    written from the current folder when one holds the other, so that the paths printed read plainly
    (`output/...` from the project's root, `../../output/...` from inside decks/my-game)."""
    if out is not None:
        return out
    target = Path(project).resolve() / "output"
    here = Path.cwd().resolve()
    if here == target.parent or here in target.parents or target.parent in here.parents:
        return Path(os.path.relpath(target, here))
    return target


def build_options(project: Path, paper: str, backs: str, orientation: str, back_offset: str, out: Path | None,
                  image_dpi: int,
                  no_downsample: bool, printer_margin: float = 5.0, strict: bool = False, color: str = "rgb",
                  pdfx: bool = False, ink_limit: float = 240.0, ink: str = "normal") -> Options:
    """The build options from the values of `pdf_options` (and `--strict`); --pdfx is CMYK."""
    if pdfx and color.lower() == "rgb" and click.get_current_context().get_parameter_source("color") \
            == click.core.ParameterSource.COMMANDLINE:
        raise click.BadParameter("a PDF/X for print services is CMYK: drop --color rgb", param_hint="--pdfx")
    return Options(paper.lower(), backs.lower(), orientation, out_folder(project, out), offset(back_offset),
                   image_dpi=None if no_downsample else image_dpi, strict=strict, printer_margin=printer_margin,
                   color="cmyk" if pdfx else color.lower(), pdfx=pdfx, ink_limit=ink_limit, ink=ink.lower())


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


def say(message: str, err: bool = False) -> None:
    """`click.echo` of a line that may hold what a kit wrote (a title, a file name, a problem): its
    control characters shown as escapes (`core.errors.visible`). JSON goes through `say_json`; the
    progress bar's own carriage return is echoed as it is."""
    click.echo(visible(message), err=err)


def say_json(document: object) -> None:
    """`click.echo` of a JSON document (indented, non-ASCII kept): what JSON may carry unescaped and a
    terminal would obey (C1, DEL, bidirectional overrides) written as `\\u` escapes, the same value."""
    click.echo(visible_json(json.dumps(document, indent=2, ensure_ascii=False)))


def finish(reports: list, as_json: bool, wrote: bool, summary: Callable[[list], None] | None = None) -> None:
    from ..core.errors import errors_only

    problems = [p for r in reports for p in r.problems]
    for problem in problems:
        say(problem.render(), err=True)
    errors = errors_only(problems)
    if as_json:
        outside = [r for r in reports if not r.kit]  # (the project's own: its layouts, fonts, options)
        say_json({"ok": not errors, "errors": [p.as_json() for r in outside for p in r.errors],
                  "warnings": [p.as_json() for r in outside for p in r.warnings],
                  "kits": [r.as_json() for r in reports if r.kit]})
    elif not errors:
        summary(reports) if summary else _summary(reports, wrote)
    if errors:
        tail = ", nothing written" if wrote else ""
        say(f"{counted(len(errors), 'error')}{tail}.", err=True)
        sys.exit(1)


def short_bleed(sides: tuple[str, ...]) -> str:
    """The file report's words for a grid whose outer sides lack bleed (cut those edges on the marks)."""
    rows = " and ".join(s for s in sides if s in ("top", "bottom"))
    cols = " and ".join(s for s in sides if s in ("left", "right"))
    named = " and ".join(part for part in (f"{rows} rows" if rows else "", f"{cols} columns" if cols else "")
                         if part)
    return f"no outer bleed on the {named}: the margin holds the printer's band and the crop marks only"


def _summary(reports: list, wrote: bool) -> None:
    for report in reports:
        if not report.kit:
            continue
        if not wrote:
            say(f"ok  {report.path}  {report.title}")
            continue
        verb = "up to date" if report.up_to_date else "wrote"
        for f in report.files:
            extra = f", {counted(f.cards, 'card')}" if f.kind == "deck" else ""
            extra += f", {counted(f.blanks, 'blank page')} added" if f.blanks else ""
            extra += f"; --backs none: {counted(f.backs_left_out, 'back')} left out" if f.backs_left_out else ""
            extra += f"; {short_bleed(f.short_bleed)}" if f.short_bleed else ""
            say(f"{verb} {f.path}  ({counted(f.pages, 'page')}{extra})")


class Progress:
    """One bar for every long command (build: pages, export: files, playtest: games), on a
    terminal's stderr after half a second; silent when stderr is not a terminal.

    The run tells what it knows when it knows it: `kits(n)` the kits it will run, `components(n)` as
    each kit starts (its components, or an export's formats, or a playtest's runs), `expect(n)` as
    each component starts (its pages, pictures or games), and `progress(n)` as steps are done. Each
    kit is an equal share of the bar, each component an equal share of its kit's, each step an
    equal share of its component's: the bar only ever grows, and is full when the run is."""

    WIDTH = 30

    def __init__(self, unit: str = "pages") -> None:
        self.unit = unit
        self.done = 0
        self._kits, self._kit = 1, -1  # kits in the run, the one running (-1: none announced yet)
        self._components, self._component = 1, -1
        self._steps, self._step = 0, 0
        self.filled = 0.0  # the share of the bar drawn, 0..1, never decreasing
        self.start = time.monotonic()
        self.live = sys.stderr.isatty()
        self.shown = False

    def kits(self, count: int) -> None:
        self._kits = max(count, 1)

    def components(self, count: int) -> None:
        self._kit += 1
        self._components, self._component, self._steps, self._step = max(count, 1), -1, 0, 0

    def expect(self, count: int) -> None:
        if self._kit < 0:  # (a caller that announces no kit: one kit of unknown components)
            self.components(1)
        self._component += 1
        self._steps, self._step = count, 0

    def __call__(self, count: int) -> None:
        self.done += count
        self._step += count
        within = min(self._step / self._steps, 1.0) if self._steps else 1.0
        component = (max(self._component, 0) + within) / self._components
        share = (max(self._kit, 0) + min(component, 1.0)) / self._kits
        self.filled = max(self.filled, min(share, 1.0))
        if self.live and time.monotonic() - self.start > 0.5:
            cells = int(self.WIDTH * self.filled + 1e-9)
            bar = "#" * cells + "-" * (self.WIDTH - cells)
            click.echo(f"\r  [{bar}] {self.done} {self.unit}", nl=False, err=True)
            self.shown = True

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc: object) -> None:
        if self.shown:
            click.echo("\r" + " " * (self.WIDTH + 40) + "\r", nl=False, err=True)
