"""What the commands share: option types derived from the pipeline's names, the report printer,
the back-offset parser and the progress bar.

Contract: `PAPER` and `BACKS` are Click choices built from `pnp.options`; `finish(reports, as_json,
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

import click

from ..options import BACK_MODES, PAPER_NAMES

PAPER = click.Choice(PAPER_NAMES, case_sensitive=False)
BACKS = click.Choice(BACK_MODES, case_sensitive=False)


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


def finish(reports: list, as_json: bool, wrote: bool, summary=None) -> None:
    from ..errors import errors_only

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
        click.echo(f"{len(errors)} error{'s' if len(errors) > 1 else ''}{tail}.", err=True)
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
            extra = f", {f.cards} cards" if f.kind == "deck" else ""
            click.echo(f"{verb} {f.path}  ({f.pages} pages{extra})")


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
