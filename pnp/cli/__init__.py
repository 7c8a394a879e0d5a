"""The `pnp` command line: a thin Click layer over the functions of `pnp.build` and its neighbours.

Contract: `main` is the Click group; each command lives in a module of this package (`build.py`:
build, check, list; `playtest.py`; `calibrate.py`; `export.py`; `watch.py`; `new.py`) and only parses
options, calls a function the tests call directly, and reports through `common.finish`: located
problems on stderr (all of them), an optional JSON document on stdout, and exit 0 (success), 1 (a kit
has errors; nothing written) or 2 (bad usage, Click's own code). Bad input never shows a traceback.
Modules import only Click at load time, so `pnp list` and an up-to-date build stay free of the
drawing pipeline.
Layer: cli (the top: nothing of pnp imports it).
"""
from __future__ import annotations

from pathlib import Path

import click

from ..core.version import __version__
from ..core.discover import find_project
from .build import build, check, list_kits
from .calibrate import calibrate
from .export import export
from .new import new
from .playtest import playtest
from .trust import trust
from .watch import watch


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
@click.option("--project", type=click.Path(file_okay=False, path_type=Path),
              help="Project folder holding decks/, layouts/, fonts/ and icons/ (default: the nearest "
                   "folder holding decks/ or layouts/, from here up).")
@click.pass_context
def main(ctx: click.Context, project: Path | None) -> None:
    """Print-and-play material from YAML kits, checked against the game's rules.

    \b
    Examples:
      pnp build                          check and build every kit under decks/
      pnp build decks/my-game --paper letter --backs fold
      pnp check decks/my-game            rules and layout checks, nothing written
      pnp list                           the kits, their components and rules models
      pnp playtest my-game --games 500   random games under the rules model
      pnp export my-game --png --tts     pictures for print services and Tabletop Simulator
      pnp watch decks/my-game --serve    rebuild on every save, pages in the browser
      pnp new my-game                    a starter kit in decks/my-game
      pnp trust decks/my-game            let the kit's rules model (code) run, once read
    """
    ctx.meta["pnp.project_given"] = project is not None  # else the kits named may move it (common.kit_project)
    ctx.obj = project if project is not None else find_project(Path.cwd())


for _command in (build, check, list_kits, playtest, calibrate, export, watch, new, trust):
    main.add_command(_command)

__all__ = ["main"]
