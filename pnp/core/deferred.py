"""A module a library imports at its own import, executed only when first read (a start-up cost).

Contract: `defer_import(name)` puts into `sys.modules` (and onto its parent package) the module
`name`, not yet executed: Python runs its code on the first read of any of its attributes
(`importlib.util.LazyLoader`, the standard library's lazy import), so that an `import` of it costs
nothing until then. It does nothing when the module is imported already or cannot be found (its
import then fails, when it does, as it would have). `pnp.build` defers Pillow's `PIL.Image`,
which ReportLab imports as it loads (`reportlab.lib.utils`) for the bitmaps it reads: a kit that
draws no picture never reads it, and a build saves its import (~15 ms of CPU, a tenth of the
start-up). pnp's own picture code imports Pillow where it is used, and reads it there.

Before Python 3.12 a lazy module's first read is not safe against another thread's at the same
instant: a command that reads Pillow from several threads (`pnp watch --serve`) reads it once
before they start (`load(name)`: imported now, or its deferred code run now).
Layer: core (the standard library only).
"""
from __future__ import annotations

import importlib.util
import sys
from importlib import import_module


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
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)


def load(name: str) -> None:
    """Import `name` now, its code run, deferred or not (a deferred module's code runs once)."""
    hasattr(import_module(name), "__file__")  # (a read: a lazy module's code runs)
