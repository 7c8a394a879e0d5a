"""The `pnp` command line: a thin Click layer over `pnp.build`.

Contract: commands parse options, call `check`/`build`, print located problems on stderr (all of
them), an optional JSON manifest on stdout, and exit 0 (success), 1 (a kit has errors; nothing
written) or 2 (bad usage, Click's own code). Bad input never shows a traceback.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from . import __version__

PAPER = click.Choice(["a4", "letter", "a3"], case_sensitive=False)
BACKS = click.Choice(["none", "long-edge", "short-edge", "fold"], case_sensitive=False)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
@click.option("--project", type=click.Path(file_okay=False, path_type=Path), default=".",
              help="Project folder holding decks/, layouts/, fonts/ and icons/ (default: here).")
@click.pass_context
def main(ctx: click.Context, project: Path) -> None:
    """Print-and-play material from YAML kits, checked against the game's rules.

    \b
    Examples:
      pnp build                          check and build every kit under decks/
      pnp build decks/similis --paper letter --backs fold
      pnp check decks/clochemerle        rules and layout checks, nothing written
      pnp list                           the kits, their components and rules models
      pnp playtest similis --games 500   random games under the rules model
    """
    ctx.obj = project


@main.command()
@click.argument("kits", nargs=-1)
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Sheet size.")
@click.option("--backs", type=BACKS, default="long-edge", show_default=True,
              help="Card backs: none, long-edge or short-edge duplex, or fold (gutterfold).")
@click.option("--orientation", type=click.Choice(["auto", "portrait", "landscape"]), default="auto",
              show_default=True, help="Page orientation for card sheets (auto: the one holding most cards).")
@click.option("--back-offset", default="0,0", show_default=True, metavar="DX,DY",
              help="Nudge backs by DX,DY mm (right, down) to match your printer; see `pnp calibrate`.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder for the PDFs.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON manifest of what was written.")
@click.option("--force", is_flag=True, help="Rebuild kits even when nothing they depend on changed.")
@click.option("--image-dpi", type=click.IntRange(72, 2400), default=300, show_default=True, metavar="N",
              help="Downsample pictures that have over 1.5 × N pixels per inch in their box to N.")
@click.option("--no-downsample", is_flag=True, help="Embed every picture with all its pixels.")
@click.pass_obj
def build(project: Path, kits, paper, backs, orientation, back_offset, out, as_json, force, image_dpi,
          no_downsample) -> None:
    """Check KITS (default: every kit under decks/) and write their PDFs.

    A kit whose files (wherever they lie in the project), layouts, fonts and icons did not change
    since its last build with the same options is not rebuilt (its PDFs are reported as up to
    date); --force rebuilds it.

    \b
    Examples:
      pnp build
      pnp build decks/similis decks/similis-reglisse --paper letter
      pnp build similis --backs none --json
    """
    from .cache import BuildCache
    from .options import Options
    from .report import KitReport

    options = Options(paper.lower(), backs.lower(), orientation, out, _offset(back_offset),
                      image_dpi=None if no_downsample else image_dpi)
    cache = BuildCache(project, out, options.cache_key())
    manifests, stale = _plan(project, list(kits), cache, force)
    reports = _build(project, stale, options, cache) if stale is not None else []
    _finish(reports + [KitReport.from_json(m) for m in manifests], as_json, wrote=True)


def _plan(project: Path, names: list[str], cache, force: bool) -> tuple[list[dict], list[str] | None]:
    """The manifests of the kits that are up to date, and the kits to build (None: none)."""
    from .discover import find_kits

    dirs, unknown = find_kits(project, names)
    if unknown or not dirs:  # the build reports them: "no kit 'x'", "no kit found"
        return [], names
    fresh = {} if force else {d: m for d in dirs if (m := cache.fresh(d))}
    stale = [str(d) for d in dirs if d not in fresh]
    return list(fresh.values()), stale or None


def _build(project: Path, names: list[str], options, cache) -> list:
    from .build import build as run_build

    with _Progress() as progress:
        reports = run_build(project, names, options, progress)
    if not any(r.errors for r in reports):
        for report in reports:
            if report.kit:
                cache.record(Path(project) / report.path, report.as_json(), report.inputs)
        cache.save()
    return reports


@main.command()
@click.argument("kits", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.pass_obj
def check(project: Path, kits, as_json) -> None:
    """Check KITS against their rules and layouts; write nothing.

    \b
    Examples:
      pnp check
      pnp check decks/similis --json
    """
    from .build import check as run_check

    _finish(run_check(project, list(kits)), as_json, wrote=False)


@main.command(name="list")
@click.pass_obj
def list_kits(project: Path) -> None:
    """List the kits under decks/ with their components and rules models."""
    from .model.load import Project

    opened = Project.open(project)
    for kit_dir in opened.kit_dirs():
        kit, _ = opened.load_kit(kit_dir)
        if kit is None:
            click.echo(f"{opened.display(kit_dir)}  (unreadable: run `pnp check`)")
            continue
        model = kit.game.rules.model if kit.game.rules else "generic checks"
        parts = [f"{d.name} ({d.total()} cards)" for d in kit.decks] + [s.name for s in kit.sheets]
        click.echo(f"{opened.display(kit_dir)}  {kit.game.title}  [{model}]: {', '.join(parts)}")


@main.command()
@click.argument("kit")
@click.option("--players", type=int, multiple=True, help="Player counts (default: every count the game allows).")
@click.option("--games", type=click.IntRange(1, 100_000), default=200, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.pass_obj
def playtest(project: Path, kit, players, games, seed) -> None:
    """Play random games with KIT's material under its rules model, and report how they go.

    \b
    Examples:
      pnp playtest similis
      pnp playtest decks/lutins --players 2 --players 4 --games 50
    """
    from .build import playtest as run_playtest

    lines, report = run_playtest(project, kit, list(players), games, seed)
    if report.errors:
        _finish([report], False, wrote=False)
    for line in lines:
        click.echo(line)


@main.command()
@click.option("--paper", type=PAPER, default="a4", show_default=True)
@click.option("--backs", type=click.Choice(["long-edge", "short-edge"]), default="long-edge", show_default=True)
@click.option("--back-offset", default="0,0", show_default=True, metavar="DX,DY")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("output"), show_default=True)
@click.pass_obj
def calibrate(project: Path, paper, backs, back_offset, out) -> None:
    """Write a two-page duplex calibration sheet to measure your printer's back offset."""
    from .calibration import write_calibration

    path = write_calibration(project, out, paper.lower(), backs, _offset(back_offset))
    click.echo(f"wrote {path}")


def _offset(text: str) -> tuple[float, float]:
    try:
        dx, dy = (float(v) for v in text.split(","))
    except ValueError:
        raise click.BadParameter(f"expected DX,DY in mm, like 0.5,-1 (got {text!r})", param_hint="--back-offset")
    if max(abs(dx), abs(dy)) > 10:
        raise click.BadParameter("an offset beyond 10 mm is a layout problem, not a printer drift",
                                 param_hint="--back-offset")
    return dx, dy


def _finish(reports: list, as_json: bool, wrote: bool) -> None:
    from .errors import errors_only

    problems = [p for r in reports for p in r.problems]
    for problem in problems:
        click.echo(problem.render(), err=True)
    errors = errors_only(problems)
    if as_json:
        click.echo(json.dumps({"ok": not errors, "kits": [r.as_json() for r in reports if r.kit]},
                              indent=2, ensure_ascii=False))
    elif not errors:
        _summary(reports, wrote)
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


class _Progress:
    """A bar of pages drawn on stderr, for builds that last; silent when stderr is not a terminal.

    The total grows as each component announces its pages (`expect`)."""

    WIDTH = 30

    def __init__(self):
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

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.shown:
            click.echo("\r" + " " * (self.WIDTH + 30) + "\r", nl=False, err=True)
