"""The `pnp` command line: a thin Click layer over the functions of `pnp.build` and its neighbours.

Contract: `main` is the Click group; each command lives in a module of this package (`build.py`:
build, check, list; `playtest.py`; `calibrate.py`; `export.py`; `watch.py`; `new.py`) and only parses
options, calls a function the tests call directly, and reports through `common.finish`: located
problems on stderr (all of them), an optional JSON document on stdout, and exit 0 (success), 1 (a kit
has errors; nothing written) or 2 (bad usage, Click's own code). Bad input never shows a traceback.
Modules import only Click at load time, so `pnp list` and an up-to-date build stay free of the
drawing pipeline; the commands other than build, check and list are imported when named
(`LazyGroup`), so a build loads none of their modules. The cyclic garbage collector is off while
this module's imports run (Click's, the commands'), and what they made is then frozen out of its
way (`gc.freeze`): it lives as long as the process, and the collector's passes over it were ~4 ms
of a build's start-up (the first pass after the imports, ~1 ms, is saved by the freeze).
A `pnp build`, `check` or `list` run as the process's own command (`run()`: the `pnp` script,
`python -m pnp`) ends, once its output is flushed, without the interpreter's teardown
(`os._exit`: freeing every module and a last collection over all the run made, ~10 ms of a 54-card
build): every file it writes is written and closed before (`output`, atomic). It ends the usual way
when a program calls `main` (a test's runner, a script going on after it), when anything else may still have work at exit:
another thread alive, a profiler or tracer set, coverage loaded; and for every other command. Such a
`pnp build` tells `core.collector` so (`one_shot`): what its kits' run left is frozen, not collected.
Layer: cli (the top: nothing of pnp imports it).
"""
from __future__ import annotations

import gc

_COLLECTING = gc.isenabled()
gc.disable()  # (until the end of the imports below: they make only objects that live as long as the process)

import os
import sys
import threading
from importlib import import_module
from pathlib import Path

import click

from ..core.version import __version__
from ..core.collector import one_shot
from ..core.discover import find_project
from .build import build, check, list_kits

LAZY = {  # command -> the module of this package defining it, imported when the command is asked for
    "calibrate": "calibrate", "export": "export", "new": "new", "playtest": "playtest", "trust": "trust",
    "watch": "watch",
}


class LazyGroup(click.Group):
    """A group whose commands of `LAZY` are imported when named (Click's lazy-loading pattern):
    `pnp build` loads none of the other commands' modules; `--help` lists them all."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *LAZY})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in LAZY:
            command = getattr(import_module(f".{LAZY[cmd_name]}", __name__), cmd_name)
            self.add_command(command)
        return self.commands.get(cmd_name)


def run() -> None:
    """The process's own command line (the `pnp` script, `python -m pnp`): `main`, then, for the
    commands of `QUICK_END`, the end without the interpreter's teardown (the contract). `main` itself
    ends as any Click group does: a program calling it may go on after its `SystemExit`."""
    _OWN[0] = True
    try:
        main()
    except SystemExit as done:
        _end(done)
        raise


QUICK_END = frozenset({"build", "check", "list"})  # commands whose process may skip the teardown
_INVOKED: list[str | None] = [None]  # the command this process ran (`main`'s callback)
_OWN = [False]  # `main` runs as the process's own command line (`run`)


def _end(done: SystemExit) -> None:
    """End the process now, with `done`'s status, when nothing else may still have work at exit
    (see the contract); else return, and the interpreter ends as usual."""
    if _INVOKED[0] not in QUICK_END or not isinstance(done.code, (int, type(None))):
        return
    if threading.active_count() > 1 or sys.gettrace() or sys.getprofile() or "coverage" in sys.modules:
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # (a closed pipe: the usual end reports it as it always did)
        return
    os._exit(done.code or 0)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
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
    _INVOKED[0] = ctx.invoked_subcommand
    if _OWN[0] and _INVOKED[0] == "build":  # (it ends once built: no last collection, core.collector)
        one_shot()
    ctx.meta["pnp.project_given"] = project is not None  # else the kits named may move it (common.kit_project)
    ctx.obj = project if project is not None else find_project(Path.cwd())


for _command in (build, check, list_kits):
    main.add_command(_command)

gc.freeze()  # (what the imports and the command tree made lives as long as the process: out of the collector's way)
if _COLLECTING:
    gc.enable()

__all__ = ["main", "run"]
