"""One kit's run, and the run over a project's kits: load, rules, lay out, draw, save.

Layer: pipeline (above sources, model, rules, layout, draw and output; below the build's entry
points, the incremental build, the resident watcher, the exports and the command line, which it
never imports). `project.check` / `project.build` run kits (`session`: what a run shares across
kits); `kitrun.KitRun` is one kit's run, which lays out and draws each component of the component
table (`components.KINDS`: `deck` with `gutters`, `sheet` with `tiled` and their `pages`, `tuckbox`)
through a `context.KitContext`, faces laid out by `faces`; `memo` is the protocol a memory of
components (the watcher's) implements. docs/ARCHITECTURE.md draws the map. Importing the package
loads nothing: its modules are imported by name, or its public names (`__all__`, for the layers
above that look into one kit's run: the exports, the preview's studio) when first asked for (PEP
562): `open_project` and `Session` (a project opened for runs), `KitRun` (after `run()`, its
`context`: the `KitContext` with the loaded kit, `env`, `options` and the decks' sheet `plans`),
`card_values`, `page_values` and `CardWhere` (the values a face is laid out from, and where it is).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .context import KitContext
    from .faces import CardWhere, card_values, page_values
    from .kitrun import KitRun
    from .session import Session, open_project

__all__ = ["open_project", "Session", "KitRun", "KitContext", "card_values", "page_values", "CardWhere"]


def __getattr__(name: str) -> Any:
    if name in ("open_project", "Session"):
        from . import session

        return getattr(session, name)
    if name == "KitRun":
        from .kitrun import KitRun

        return KitRun
    if name == "KitContext":
        from .context import KitContext

        return KitContext
    if name in ("card_values", "page_values", "CardWhere"):
        from . import faces

        return getattr(faces, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
