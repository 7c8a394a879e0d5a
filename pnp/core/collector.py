"""The cyclic garbage collector held off while pnp's own code works through a kit's data.

Contract: `held_off()` is a context manager, and a decorator, during which the collector does not
run; it runs again afterwards if it ran before (a resident build, which holds it off for the whole
build, keeps it off). Loading a kit, drawing its components and its drift scan make tens of
thousands of objects that live until the run ends and almost no garbage in cycles (at most ~10 000
objects for a shipped kit, 0 for the bench's 5 400 cards, freed by the next collection): collecting
on the way only walks the live ones again, 65 ms of CPU in a 5 400-card build. A build holds it
off for each kit's whole run (`pipeline.project`: its rules model runs no play-outs there), so the
one collection that catches up comes once the run is freed; `pnp check` only while pnp's own code
runs (the loading, the components, the drift scan: `model.load`, `pipeline.kitrun`, `rules.drift`),
not while the model's play-outs run.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def held_off() -> Iterator[None]:
    """The collector off while the block runs, as it was afterwards."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
