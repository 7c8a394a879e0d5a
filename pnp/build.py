"""Checking and building kits: the entry points of `pnp check` and `pnp build` (the run itself is
`pnp.pipeline`).

Contract: `check(project, names, options=None)` and `build(project, names, options, progress=None,
session=None)` return one `KitReport` per kit (`pnp.pipeline.project`); `open_project`, `Session`,
`kit_dirs` and `recorded_run` are the session's (`pnp.pipeline.session`). Importing this module
loads the pipeline (Pillow deferred to the first picture, and three modules ReportLab imports and a
build does not use: `pnp.core.deferred`) and freezes the
objects loaded so far out of the garbage collector's way. The
module is callable: `pnp.build(project, kits, options)` is its `build`, since the package's public
API names the function as the module is named (`from pnp import build` gives this module, either
way it is reached).
"""
from __future__ import annotations

import gc
import sys
import types
from typing import Any

from .core.deferred import defer_import
from .core.options import Options
from .core.report import FileReport, KitReport

# ReportLab imports Pillow as it loads, for the pictures it reads; pnp's own picture code imports
# it where it draws one. So Pillow's code runs at the first picture, not at start-up (pnp.core.deferred);
# so does that of the modules ReportLab imports for what a build does not ask of it (temporary
# files, pickles, wrapped text: ~4 ms).
for _name in ("PIL.Image", "tempfile", "pickle", "textwrap"):
    defer_import(_name)

from .pipeline.project import build, check  # (after the deferral: the pipeline loads ReportLab)
from .pipeline.session import Session, kit_dirs, open_project, recorded_run

__all__ = ["Options", "KitReport", "FileReport", "check", "build", "open_project", "Session", "kit_dirs",
           "recorded_run"]

# The pipeline is loaded now, for the life of the process: its modules, classes and functions are
# moved out of the cyclic garbage collector's way (gc.freeze, once, on this module's first import),
# so that the full collections a large build sets off do not walk them every time (a third of the
# collector's time at 5 400 cards).
gc.freeze()


class _Callable(types.ModuleType):
    def __call__(self, *args: Any, **kwargs: Any) -> list[KitReport]:
        return build(*args, **kwargs)  # (looked up at each call: a test that replaces `build` replaces this too)


sys.modules[__name__].__class__ = _Callable
