"""`pnp playtest`: random games with a kit's material under its rules model.

Contract: calls `pnp.build.playtest` and prints its lines, or the kit's problems (exit 1).
"""
from __future__ import annotations

from pathlib import Path

import click

from .common import finish


@click.command()
@click.argument("kit")
@click.option("--players", type=int, multiple=True, help="Player counts (default: every count the game allows).")
@click.option("--games", type=click.IntRange(1, 100_000), default=200, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True)
@click.pass_obj
def playtest(project: Path, kit: str, players: tuple[int, ...], games: int, seed: int) -> None:
    """Play random games with KIT's material under its rules model, and report how they go.

    \b
    Examples:
      pnp playtest my-game
      pnp playtest decks/my-game --players 2 --players 4 --games 50
    """
    from ..build import playtest as run_playtest

    lines, report = run_playtest(project, kit, list(players), games, seed)
    if report.errors:
        finish([report], False, wrote=False)
    for line in lines:
        click.echo(line)
