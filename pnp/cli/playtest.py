"""`pnp playtest`: the balance lab, seeded play-outs of a kit's rules model.

Contract: calls `pnp.lab.playtest` and prints its document as text, or as one JSON document
(`--json`); `--report DIR` also writes the report's PDF and PNG charts (pnp.labreport); `--trace N`
plays only game N of the run and prints its moves in the kit's words. The kit's
problems are printed with exit 1; a player count outside the kit's range is a usage error (exit 2)
naming the range.
"""
from __future__ import annotations

from pathlib import Path

import click

from .common import finish, kit_project, say, say_json

AGENT = click.Choice(("random", "greedy"), case_sensitive=False)


@click.command()
@click.argument("kit")
@click.option("--players", type=int, multiple=True, help="Player counts, repeatable (default: every count the kit "
              "allows).")
@click.option("--games", type=click.IntRange(1, 1_000_000), default=200, show_default=True,
              help="Games per player count and agent.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--agent", "agents", type=AGENT, multiple=True,
              help="Who plays every seat, repeatable: random (uniform among legal decisions) or greedy (what "
                   "scores most now). Default: random.")
@click.option("--jobs", type=click.IntRange(1, 256), default=1, show_default=True,
              help="Worker processes (the results do not depend on it).")
@click.option("--trace", type=click.IntRange(0), metavar="N",
              help="Play only game N of the run (0 is the first; same seed, same game) and print its moves in "
                   "the kit's words.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--report", type=click.Path(file_okay=False, path_type=Path),
              help="Write the report (PDF, and a PNG a page) into this folder.")
@click.pass_obj
def playtest(project: Path, kit: str, players: tuple[int, ...], games: int, seed: int, agents: tuple[str, ...],
             jobs: int, trace: int | None, as_json: bool, report: Path | None) -> None:
    """Play seeded games of KIT under its rules model: win rate by seat with 95 % intervals, game
    lengths, the rule situations met, games per second.

    \b
    Examples:
      pnp playtest my-game
      pnp playtest decks/my-game --players 4 --games 2000 --agent greedy --jobs 2
      pnp playtest my-game --json --report out/lab
      pnp playtest my-game --players 4 --agent greedy --trace 12
    """
    project = kit_project(project, (kit,))
    from ..lab import BadPlayers, playtest as run_playtest, render

    from .common import Progress

    try:
        with Progress("games") as progress:
            document, kit_report = run_playtest(project, kit, list(players), games, seed,
                                                [a.lower() for a in agents] or ["random"], jobs, trace, progress)
    except BadPlayers as error:
        raise click.BadParameter(str(error), param_hint="--players")
    if kit_report.errors or document is None:
        finish([kit_report], False, wrote=False)  # exits 1 on an error
        return
    for problem in kit_report.problems:
        say(problem.render(), err=True)
    if report is not None and trace is not None:
        raise click.UsageError("--report charts a run of games; --trace tells one game: give one of them")
    if report is not None:
        from ..labreport import write_report
        from ..output import cannot_write

        try:
            written = write_report(document, report, project)
        except OSError as exc:  # a read-only folder, a full disk, a symbolic link: one message, nothing written
            raise click.ClickException(cannot_write(exc, report)) from None
        for path in written:
            say(f"wrote {path.as_posix()}", err=True)
    if as_json:
        say_json(document)
    else:
        say(render(document))
