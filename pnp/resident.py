"""A resident build: what a long-lived process (`pnp watch`) keeps between the builds of a project.

Contract: `Resident(root)` keeps the build session open — the layout library, the fonts and the
icons, loaded once — and opens it again only when a file of `layouts/`, `fonts/` or `icons/`
changed (by size, time or presence): a new generation, and the component memory starts afresh.
`build(names, options, force, progress)` runs the incremental build `pnp build` runs
(`pnp.incremental.build_changed`) with that session, whose `ComponentMemo` draws again only the
components whose inputs changed (`force`: all of them); the PDFs are byte for byte the ones `pnp build` writes.
`pages(path)` answers the version of each page of a PDF this process drew (None when it drew none
of it), `last` what the last committed build rebuilt or kept, by PDF path.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from .cache import shared_files
from .incremental import build_changed
from .memo import ComponentMemo
from .options import Options
from .report import KitReport

if TYPE_CHECKING:  # pragma: no cover
    from .build import Session


class Resident:
    def __init__(self, root: Path):
        self.root = Path(root).resolve()
        self.memo = ComponentMemo()
        self._session: Session | None = None
        self._stamp: tuple = ()

    def session(self) -> "Session":
        """The open session, opened again when the layouts, fonts or icons changed."""
        stamp = _stamp(self.root)
        if self._session is None or stamp != self._stamp:
            from .build import open_project

            self._session = open_project(self.root)
            self._session.memo = self.memo
            self.memo.reset(self.memo.generation + 1)
            self._stamp = stamp
        return self._session

    def build(self, names: list[str], options: Options, force: bool = False,
              progress: Callable[[int], None] | None = None) -> list[KitReport]:
        session = self.session()
        if force:  # every component drawn again, as `pnp build --force` draws every kit
            self.memo.reset(self.memo.generation)
        self.memo.last = {}
        try:
            return build_changed(self.root, names, options, force, progress, session)
        except BaseException:  # a fault of pnp's (or an interrupt): nothing staged is kept
            self.memo.discard()
            raise

    def pages(self, path: str) -> list[str] | None:
        return self.memo.pages(path)

    @property
    def last(self) -> dict[str, str]:
        return self.memo.last


def _stamp(root: Path) -> tuple:
    """The layouts, fonts and icons by name, size and modification time."""
    found = []
    for path in shared_files(root):
        try:
            stat = os.stat(path)
        except OSError:
            continue
        found.append((path.as_posix(), stat.st_size, stat.st_mtime_ns))
    return tuple(found)
