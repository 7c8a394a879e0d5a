"""The cyclic garbage collector held off while pnp's own code works through a kit's data.

Contract: `held_off()` is a context manager, and a decorator, during which the collector does not
run; it runs again afterwards if it ran before (a resident build, which holds it off for the whole
build, keeps it off). Loading a kit, drawing its components and its drift scan make tens of
thousands of objects that live until the run ends and almost no garbage in cycles (at most ~10 000
objects for a shipped kit, 0 for the bench's 5 400 cards, freed by the next collection): collecting
on the way only walks the live ones again, 65 ms of CPU in a 5 400-card build. A build holds it
off from the project's opening to the end of its kits' run (`pipeline.project`: its rules model
runs no play-outs there; what the opening made, which lives as long as the session, is frozen out of
the collector's way), so the one collection that catches up comes once the run is freed; `pnp
check` only while pnp's own code runs (the opening, the loading, the components, the drift scan:
`pipeline.project`, `model.load`, `pipeline.kitrun`, `rules.drift`), not while the model's play-outs
run. `one_shot()` says that the process ends once its command is done (`pnp build` as the process's
own command line, `pnp.cli`); `settled()`, called when a build's kits have run, then freezes what
they left instead (`gc.freeze`): that last collection would walk all the run made to free a few
objects before the process ends (1–4 ms). Anywhere else (a resident, a program calling the API),
`settled()` does nothing.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def held_off() -> Iterator[bool]:
    """The collector off while the block runs, as it was afterwards (`as`: whether it was on)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield collecting
    finally:
        if collecting:
            gc.enable()


_ONE_SHOT = [False]  # the process ends once its command is done (`one_shot`)


def one_shot() -> None:
    """This process ends once its command is done: `settled()` freezes what a build left."""
    _ONE_SHOT[0] = True


def settled() -> None:
    """A build's kits have run: in a one-shot process, what they left is frozen out of the
    collector's way (the contract)."""
    if _ONE_SHOT[0]:
        gc.freeze()
