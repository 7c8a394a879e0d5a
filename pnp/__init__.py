"""pnp: print-and-play material from YAML kits, checked against the game's rules.

The public API, `__all__`: `check(project, kits, options=None)` and `build(project, kits, options)`
(`pnp.build`: one `KitReport` per kit, as `pnp check` and `pnp build --force` report them),
`build_changed(project, kits, options, force=False)` (`pnp.incremental`: the kits whose inputs
changed since their last build, as `pnp build` does), `playtest(project, kit, players, games, seed,
agents, jobs)` (`pnp.lab`: the balance lab's document), `Options` (a build's options), `KitReport`
(files written and problems found) and `Problem` (one problem, as data). Each is imported when
first asked for (PEP 562), so `import pnp` loads neither ReportLab nor the layout code; `pnp.build`
is the module `pnp.build` and, called, its `build`. Everything else is internal.
"""
from __future__ import annotations

import gc

_COLLECTING = gc.isenabled()
gc.disable()  # (until the end of the imports below, typing's and dataclasses': they make only objects that live
# as long as the process, and the collector's passes over them were ~2 ms of every command's start-up)

from typing import TYPE_CHECKING, Any

from .core import dataclass_exec
from .core.version import __version__

dataclass_exec.install()  # (pnp's dataclasses get their methods from shipped bytecode: core/dataclass_exec.py)
if _COLLECTING:
    gc.enable()

if TYPE_CHECKING:  # pragma: no cover
    from .build import build, check
    from .core.errors import Problem
    from .core.options import Options
    from .core.report import KitReport
    from .incremental import build_changed
    from .lab import playtest

__all__ = ["check", "build", "build_changed", "playtest", "Options", "KitReport", "Problem", "__version__"]


def __getattr__(name: str) -> Any:
    if name == "build":
        import pnp.build  # noqa: F401  (the module, callable: importing it sets it as this package's `build`)

        return globals()["build"]
    if name == "check":
        from .build import check

        return check
    if name == "build_changed":
        from .incremental import build_changed

        return build_changed
    if name == "playtest":
        from .lab import playtest

        return playtest
    if name == "Options":
        from .core.options import Options

        return Options
    if name == "KitReport":
        from .core.report import KitReport

        return KitReport
    if name == "Problem":
        from .core.errors import Problem

        return Problem
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
