"""A module a library imports at its own import, executed only when first read (a start-up cost).

Contract: `defer_import(name)` puts into `sys.modules` (and onto its parent package) the module
`name`, not yet executed: a `Deferred` module, whose code runs at the first read of an attribute it
does not have yet (anything but the import system's own: `__name__`, `__spec__`, `__loader__`,
`__file__`, ...), or at the first attribute set on it, so that an `import` of it (`import M`, `from
P import M`) costs nothing until then; a `from M import x` reads `x`, so it runs the code. It does
nothing when the module is imported already or cannot be found (its import then fails, when it
does, as it would have). The code runs once, under a lock (a second thread reading the module
meanwhile waits for it); the module is then a plain module (one whose code raised is left as far as
it ran, the error raised to the reader that ran it). `load(name)` imports `name` now, its deferred
code run now.

`pnp.build` defers what ReportLab imports as it loads and a build does not use: Pillow's
`PIL.Image` (`reportlab.lib.utils`, for the bitmaps it reads: a kit that draws no picture never
reads it, ~15 ms of CPU), `tempfile` with `shutil`, `bz2`, `lzma` and `random` (`rltempfile`),
`pickle` (`utils`) and `textwrap` (`rl_safe_eval`): ~4 ms. pnp's own picture code imports Pillow
where it is used, and reads it there. (The standard library's `importlib.util.LazyLoader` runs a
module at any attribute read, `__spec__` included, which the `import` statement reads before 3.12:
it deferred Pillow, reached by `from PIL import Image`, but no module reached by `import M`.)
Layer: core (the standard library only).
"""
from __future__ import annotations

import importlib.util
import sys
import threading
import types
from importlib import import_module
from typing import Any

_LOCK = threading.RLock()  # (one for every deferred module: a module's code may read another's)
_RUNNING: set[str] = set()  # the deferred modules whose code is running now


class Deferred(types.ModuleType):
    """A module whose code has not run yet: the first read of an attribute it lacks runs it."""

    def __getattr__(self, name: str) -> Any:
        run(self)
        return object.__getattribute__(self, name)  # (missing while its code runs: as any module then)

    def __setattr__(self, name: str, value: Any) -> None:
        run(self)
        object.__setattr__(self, name, value)

    def __dir__(self) -> list[str]:
        run(self)
        return dir(self)  # (a plain module now)


def defer_import(name: str) -> None:
    """Import `name` lazily: its code runs at the first read of one of its attributes."""
    if name in sys.modules:
        return
    try:
        spec = importlib.util.find_spec(name)
    except ModuleNotFoundError:  # (its package is not installed)
        return
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    module.__class__ = Deferred
    sys.modules[name] = module
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)


def run(module: types.ModuleType) -> None:
    """Run a deferred module's code (once: a module whose code has run, or is running in this
    thread, is left alone), after which it is a plain module."""
    with _LOCK:
        name = module.__name__
        if type(module) is not Deferred or name in _RUNNING:
            return
        _RUNNING.add(name)
        try:
            module.__spec__.loader.exec_module(module)  # type: ignore[union-attr]
        finally:
            _RUNNING.discard(name)
            object.__setattr__(module, "__class__", types.ModuleType)


def load(name: str) -> None:
    """Import `name` now, its code run, deferred or not (a deferred module's code runs once)."""
    run(import_module(name))
