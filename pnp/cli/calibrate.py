"""`pnp calibrate`: the duplex calibration sheet (pnp.calibration).

Contract: writes the sheet and prints its path; a sheet that cannot be written (a read-only or full
disk, `--out` under a file) or whose text the project's fonts cannot give (the problems, as they
render) is one clear message and exit 1.
"""
from __future__ import annotations

from pathlib import Path

import click

from ..messages import languages
from .common import PAPER, offset, out_folder, say


@click.command()
@click.option("--paper", type=PAPER, default="a4", show_default=True)
@click.option("--backs", type=click.Choice(["long-edge", "short-edge"]), default="long-edge", show_default=True)
@click.option("--back-offset", default="0,0", show_default=True, metavar="DX,DY")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder for the sheet (default: output/ in the project's folder).")
@click.option("--language", type=click.Choice(languages()), default="fr", show_default=True,
              help="The language of the printed instructions.")
@click.pass_obj
def calibrate(project: Path, paper: str, backs: str, back_offset: str, out: Path | None, language: str) -> None:
    """Write a two-page duplex calibration sheet to measure your printer's back offset."""
    from ..calibration import write_calibration
    from ..output import cannot_write

    out = out_folder(project, out)
    try:
        path, problems = write_calibration(project, out, paper.lower(), backs, offset(back_offset), language)
    except OSError as exc:
        raise click.ClickException(cannot_write(exc, out)) from None
    if path is None:
        raise click.ClickException("cannot write the calibration sheet:\n" + "\n".join(p.render() for p in problems))
    say(f"wrote {path}")
