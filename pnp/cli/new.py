"""`pnp new`: a starter kit under decks/, or a renamed copy of a kit.

Contract: `new` calls `pnp.newkit.new_kit` and prints the files written (a folder of pnp's shared
material, written into a project that had none, as one line with its count; what a copy of another
project's kit brings from there, with where it came from) and the next commands; its
problems (a bad name, a kit or layouts file already there, an unknown --from kit) are printed
located, with exit 1 and nothing written; its warnings (a layout a copy uses that this project
writes otherwise, a link the copy leaves out) are printed before the files written.
"""
from __future__ import annotations

from pathlib import Path

import click

from .common import say


@click.command()
@click.argument("name")
@click.option("--from", "source", metavar="KIT", help="Copy this kit (a folder or a name under decks/) instead.")
@click.option("--language", type=click.Choice(("fr", "en")), default="fr", show_default=True,
              help="The starter's language: its printed texts, field names and comments.")
@click.pass_obj
def new(project: Path, name: str, source: str | None, language: str) -> None:
    """Make the kit decks/NAME: a starter that builds at once, or a copy of KIT renamed.

    The starter has a deck with a back, generated and listed cards, a declarative check and a
    score sheet whose Total row adds up in the exports, with comments, and its own layouts in
    layouts/NAME.yaml, in French or English (--language). A project that has no fonts/,
    icons/ or base layouts (a new folder of yours) gets pnp's own too. Nothing is ever
    overwritten.

    \b
    Examples:
      pnp new my-game && pnp build decks/my-game
      pnp new my-game --language en
      pnp new my-game-v2 --from my-game
    """
    from ..newkit import new_kit, source_project

    if source is not None and click.get_current_context().get_parameter_source("language") \
            == click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("--language makes a starter; --from copies a kit as it is")
    written, problems = new_kit(project, name, source, language)
    for problem in problems:
        say(problem.render(), err=True)
    if any(problem.severity == "error" for problem in problems):
        raise SystemExit(1)
    root = Path(project).resolve()
    home = source_project(root, source) if source is not None else None
    kit = root / "decks" / name
    for path in written:
        shown, folder = path.relative_to(root).as_posix(), path.is_dir()
        count, slash = (f"{sum(1 for p in path.rglob('*') if p.is_file())} files", "/") if folder else ("", "")
        if home is not None and kit not in path.parents:  # (what a kit of another project brings from it)
            say(f"wrote {shown}{slash} ({count + ', ' if folder else ''}from {(home / shown).as_posix()}{slash}: "
                       "the kit builds with it)")
        elif folder:  # (pnp's fonts or icons, for a project that had none)
            say(f"wrote {shown}/ ({count}: pnp's own, with their licences and credits)")
        else:
            say(f"wrote {shown}")
    say(f"next: pnp build decks/{name}   (or: pnp watch decks/{name} --serve)")
