"""Where pnp keeps its caches: a folder of the user's, where a shared project cannot plant a file.

Contract: `cache_root()` is `$PNP_CACHE_DIR`, else `$XDG_CACHE_HOME/pnp`, else `~/.cache/pnp`
(read at each call, so a session or a test may point it elsewhere); `cache_folder(name)` is one
cache's subfolder (`yaml`, `images`, `pictures`, `builds`). Nothing in a project is ever a cache:
every cache holds plain data (JSON, and image bytes described by JSON), never code, and is
validated when read; a damaged entry is a miss, made again. `writes_allowed()` is False inside
`with read_only():` (what `pnp check` and `pnp list` run in): caches are then read, never written,
and no cache folder is made. Standard library only: the build cache uses it before anything is
built.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Iterator

_WRITABLE: ContextVar[bool] = ContextVar("pnp_cache_writable", default=True)


def cache_root() -> Path:
    """The user's pnp cache folder (made only when something is written to it)."""
    own = os.environ.get("PNP_CACHE_DIR")
    if own:
        return Path(own).expanduser().absolute()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg and Path(xdg).is_absolute() else Path.home() / ".cache"
    return (base / "pnp").absolute()


def cache_folder(name: str) -> Path:
    return cache_root() / name


def writes_allowed() -> bool:
    return _WRITABLE.get()


@contextmanager
def read_only() -> Iterator[None]:
    """Caches are read but never written inside this block."""
    token = _WRITABLE.set(False)
    try:
        yield
    finally:
        _WRITABLE.reset(token)
