"""A cache of parsed YAML, so that an unchanged file is not parsed again on the next build.

Contract: `ParseCache.of(project)` is the cache in `<project>/.pnp-cache/yaml/`. It keeps the
plain data of files that parsed without any problem, keyed by the hash of their text (and pnp's
version): `key(text)` is that hash, `get(key)` answers the data or None, `put(key, data)` stores
it atomically (`fileio.write_atomic`). Every file is cached, small ones too: a build whose files
all come from the cache does not even import PyYAML (10 ms). The first `put` of a process trims
the folder to the newest `KEEP` entries. A broken or unreadable entry is a miss, never an error.
Positions are not cached: the locator parses the text again in the rare run that reports a
problem in such a file.
"""
from __future__ import annotations

import hashlib
import pickle
from pathlib import Path

from .. import __version__
from ..fileio import write_atomic

CACHE_DIR = ".pnp-cache"  # the project's caches (parsed YAML, encoded images); safe to delete
KEEP = 512
_TRIMMED: set[Path] = set()  # the folders trimmed by this process


class ParseCache:
    def __init__(self, folder: Path):
        self.folder = Path(folder)

    @classmethod
    def of(cls, project: Path) -> "ParseCache":
        return cls(Path(project) / CACHE_DIR / "yaml")

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha256(f"{__version__}\0{text}".encode()).hexdigest()

    def get(self, key: str) -> object | None:
        try:
            with open(self.folder / f"{key}.pickle", "rb") as handle:
                return pickle.load(handle)
        except Exception:  # a miss: absent, truncated or written by another version
            return None

    def put(self, key: str, data: object) -> None:
        try:
            write_atomic(self.folder / f"{key}.pickle", pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
            if self.folder not in _TRIMMED:
                _TRIMMED.add(self.folder)
                self._trim()
        except OSError:
            pass  # a read-only project still builds, only without the cache

    def _trim(self) -> None:
        entries = sorted(self.folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime)
        for old in entries[:-KEEP]:
            old.unlink(missing_ok=True)
