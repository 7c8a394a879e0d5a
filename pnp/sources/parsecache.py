"""A cache of parsed YAML, so that an unchanged file is not parsed again on the next build.

Contract: `ParseCache.of(project)` is the cache in `<project>/.pnp-cache/yaml/`. It keeps the
plain data of files that parsed without any problem, keyed by the hash of their text (and pnp's
version): `get(text)` answers that data or None, `put` stores it atomically. Every file is cached,
small ones too: a build whose files all come from the cache does not even import PyYAML (10 ms).
The folder keeps at most `KEEP` entries, the oldest removed first. A broken or unreadable entry is
a miss, never an error. Positions are not cached: the locator parses the text again in the rare
run that reports a problem in such a file.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

from .. import __version__

CACHE_DIR = ".pnp-cache"  # the project's caches (parsed YAML, encoded images); safe to delete
KEEP = 512


class ParseCache:
    def __init__(self, folder: Path):
        self.folder = Path(folder)

    @classmethod
    def of(cls, project: Path) -> "ParseCache":
        return cls(Path(project) / CACHE_DIR / "yaml")

    def _path(self, text: str) -> Path:
        digest = hashlib.sha256(f"{__version__}\0{text}".encode()).hexdigest()
        return self.folder / f"{digest}.pickle"

    def get(self, text: str) -> object | None:
        try:
            with open(self._path(text), "rb") as handle:
                return pickle.load(handle)
        except Exception:  # a miss: absent, truncated or written by another version
            return None

    def put(self, text: str, data: object) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self._path(text)
            temp = path.with_suffix(f".{os.getpid()}.part")
            temp.write_bytes(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(temp, path)
            self._trim()
        except OSError:
            pass  # a read-only project still builds, only without the cache

    def _trim(self) -> None:
        entries = sorted(self.folder.glob("*.pickle"), key=lambda p: p.stat().st_mtime)
        for old in entries[:-KEEP]:
            old.unlink(missing_ok=True)
