"""`pnp export`: a kit's cards as pictures for print services and Tabletop Simulator, and its score
sheets as fillable PDFs and spreadsheets.

Contract: reads its options into `pnp.export.ExportOptions` and calls `pnp.export.export` (kits
checked like a build; nothing written when one has an error; up-to-date kits are not exported
again unless --force), then reports through `common.finish` with a summary of one line per
component and kind of file. At least one of --png, --tts, --sheets, --showcase, --fan, --rules-html is
required (a usage error, exit 2, otherwise). Lengths read like the kit's (`63mm`, `2.5in`; a bare number is mm).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import click

from ..core.errors import counted
from .common import PAPER, finish, kit_project, out_folder, say

PRESETS = ("poker-bleed", "poker-mpc", "custom")  # pnp.export.settings.PRESET_NAMES (not imported: light CLI)


def _length(text: str, option: str) -> float:
    from ..model.units import parse_length

    try:
        value = parse_length(text)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint=option)
    if value <= 0:
        raise click.BadParameter(f"a positive length, like 3mm (got {text!r})", param_hint=option)
    return value


def _base(text: str | None) -> str | None:
    """`--tts-base` checked as an http(s) URL, with the trailing slash that joins a file name to it."""
    if text is None:
        return None
    from ..export.ttsobject import base_url

    try:
        return base_url(text)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--tts-base")


def _size(text: str | None) -> tuple[float, float] | None:
    if text is None:
        return None
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2:
        raise click.BadParameter(f"WIDTHxHEIGHT, like 63x88 or 2.5inx3.5in (got {text!r})", param_hint="--size")
    return _length(parts[0].strip(), "--size"), _length(parts[1].strip(), "--size")


@click.command()
@click.argument("kits", nargs=-1)
@click.option("--png", is_flag=True, help="One picture per card face, with bleed, for print services.")
@click.option("--tts", is_flag=True, help="Tabletop Simulator deck sheets, back and saved object (JSON).")
@click.option("--sheets", is_flag=True, help="Score sheets as fillable PDF, XLSX and CSV.")
@click.option("--showcase", is_flag=True, help="Cards side by side on a transparent ground, with soft shadows "
              "(showcase/<deck>.png): for crowdfunding and forum pages.")
@click.option("--fan", is_flag=True, help="Cards fanned as a hand holds them (showcase/<deck>-fan.png).")
@click.option("--cards", "chosen", metavar="ID", multiple=True,
              help="The cards of --showcase and --fan, repeatable: an id, or DECK:ID (default: each deck's first).")
@click.option("--width", type=click.IntRange(200, 8000), default=1600, show_default=True, metavar="PX",
              help="The width of the --showcase and --fan pictures, in pixels.")
@click.option("--rules-html", "rules_html", is_flag=True, help="Each rulebook as one self-contained HTML file.")
@click.option("--preset", type=click.Choice(PRESETS), default="poker-bleed", show_default=True,
              help="Picture size: poker-bleed 825x1125 px, poker-mpc 822x1122 px, or custom.")
@click.option("--size", metavar="WxH", help="custom: the card's trim (default: each deck's own), e.g. 70x120.")
@click.option("--bleed", metavar="LENGTH", help="custom: the bleed on each side (default: each layout's).")
@click.option("--dpi", type=click.IntRange(72, 1200), default=300, show_default=True, help="custom: resolution.")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper of the fillable sheets.")
@click.option("--tts-base", metavar="URL", help="Prefix of the TTS pictures' URLs (default: file:// URIs).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder for the exports (<out>/<kit>/png, tts, sheets, showcase; default: output/ in the "
                   "project's folder).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON manifest of what was written.")
@click.option("--force", is_flag=True, help="Export again even when nothing changed.")
@click.pass_obj
def export(project: Path, kits: tuple[str, ...], png: bool, tts: bool, sheets: bool, showcase: bool, fan: bool,
           chosen: tuple[str, ...], width: int, rules_html: bool, preset: str,
           size: str | None, bleed: str | None, dpi: int, paper: str, tts_base: str | None, out: Path | None,
           as_json: bool, force: bool) -> None:
    """Check KITS (default: every kit under decks/) and export them.

    \b
    Examples:
      pnp export my-game --png                      825x1125 px faces for The Game Crafter
      pnp export my-game --png --preset custom      each deck at its own size, 300 dpi
      pnp export my-game --tts --tts-base https://example.org/my-game/
      pnp export my-game --sheets                   fillable PDF, XLSX and CSV score sheets
      pnp export my-game --showcase --fan --width 2000
      pnp export my-game --fan --cards 7-pique --cards as-coeur
      pnp export my-game --rules-html               the rulebook as one HTML file, for a phone
    """
    project = kit_project(project, kits)
    from ..export import ExportOptions
    from ..export import export as run_export

    if not (png or tts or sheets or showcase or fan or rules_html):
        raise click.UsageError("say what to export: --png, --tts, --sheets, --showcase, --fan and/or --rules-html")
    if chosen and not (showcase or fan):
        raise click.UsageError("--cards goes with --showcase or --fan")
    if (size or bleed) and preset != "custom":
        raise click.UsageError("--size and --bleed go with --preset custom")
    if tts_base is not None and not tts:
        raise click.UsageError("--tts-base goes with --tts")
    options = ExportOptions(png, tts, sheets, out_folder(project, out), preset, _size(size),
                            _length(bleed, "--bleed") if bleed else None, dpi, paper.lower(), _base(tts_base),
                            showcase, fan, chosen, width, rules_html=rules_html)
    from .common import Progress

    with Progress("files") as progress:
        reports = run_export(project, list(kits), options, force, progress)
    finish(reports, as_json, wrote=True, summary=_summary)


def _summary(reports: list) -> None:
    for report in reports:
        if not report.kit:
            continue
        verb = "up to date" if report.up_to_date else "wrote"
        counts = Counter((f.component, f.kind, str(Path(f.path).parent)) for f in report.files)
        for (component, kind, folder), n in counts.items():
            say(f"{verb} {folder}/  {component}: {counted(n, kind + ' file')}")
