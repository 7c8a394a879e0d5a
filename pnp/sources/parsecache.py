"""A cache of parsed YAML, so that an unchanged file is not parsed again on the next build.

Contract: `ParseCache.of(project)` is the cache of parsed YAML in the user's cache folder
(`pnp.core.fileio`: `<cache>/yaml/`), never in the project: a shared project cannot plant an entry.
It keeps the plain data of files that parsed without any problem, keyed by the hash of their text
(and pnp's version): `key(text)` is that hash, `get(key)` answers the data or None, `put(key,
data)` stores it atomically (`core.cacheentry`), unless caches are read-only (`pnp check`).
An entry is a line of JSON (format, key, the SHA-256 of the data's JSON), then the data's JSON —
data, never code; a mapping whose keys are not all text is written as a list of pairs. An entry
that does not parse, has another shape or another checksum is a miss, made again by the next
`put`. Data whose JSON would hold more values than `put`'s budget (aliases shared many times) is
not cached. Every file is cached, small ones too: a
build whose files all come from the cache does not even import PyYAML (10 ms). The first `put` of
a process trims the folder to the newest `KEEP` entries (and position files). Positions are not
parsed ahead: the locator composes the text in a run that reports a problem in such a file, and
keeps its answers (`positions(key)`: `Positions`), so that the next run reporting the same problems
(a warning on every build) reads them back instead.
"""
from __future__ import annotations

import hashlib
import json
import math
from contextlib import suppress
from pathlib import Path
from typing import Any

from ..core.version import __version__
from ..core.cacheentry import read_entry, write_entry
from ..core.fileio import cache_folder, read_cached, write_atomic, writes_allowed

FORMAT = 1
KEEP = 512
POSITIONS = ".loc.json"  # beside an entry: positions looked up in its file (`Positions`)
MAX_POSITIONS = 64
PAIRS = "\0pairs"  # a mapping whose keys are not all text: {PAIRS: [[key, value], ...]}
_PAIRS_JSON = json.dumps(PAIRS).strip('"').encode()  # how PAIRS reads in an entry's JSON


class _TooLarge(Exception):
    """The data's JSON would outgrow its budget."""


class ParseCache:
    def __init__(self, folder: Path):
        self.folder = Path(folder)

    @classmethod
    def of(cls, project: Path | None = None) -> "ParseCache":
        """The parse cache for a project's files: the user's cache, whatever the project."""
        return cls(cache_folder("yaml"))

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha256(f"{__version__}\0{text}".encode()).hexdigest()

    def get(self, key: str) -> object | None:
        found = read_entry(self.folder / f"{key}.json", FORMAT, key)
        if found is None:
            return None
        body = found[1]
        try:
            hook = _decoded if _PAIRS_JSON in body else None  # without pairs, the JSON is the data
            data: object = json.loads(body, parse_constant=_no_constant, object_hook=hook)
            return data
        except (OSError, ValueError, KeyError, TypeError, RecursionError):  # absent or damaged: a miss
            return None

    def put(self, key: str, data: object, budget: int = 0) -> None:
        """Store `data`, unless caches are read-only or its JSON would have over `budget` values
        (default: no limit)."""
        if not writes_allowed():
            return
        try:
            encoded = _encode(data, [budget or math.inf])
        except _TooLarge:
            return
        body = json.dumps(encoded, allow_nan=False).encode()
        with suppress(OSError):  # a cache that cannot be written only makes the next run slower
            write_entry(self.folder / f"{key}.json", FORMAT, key, body, KEEP)

    def positions(self, key: str) -> "Positions":
        """The positions already looked up in the file whose text has `key` (see `Positions`)."""
        return Positions(self.folder / f"{key}{POSITIONS}", key)


def _encode(value: Any, budget: list[float]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise _TooLarge
    if isinstance(value, list):
        return [_encode(v, budget) for v in value]
    if isinstance(value, dict):
        if all(type(k) is str for k in value) and PAIRS not in value:
            return {k: _encode(v, budget) for k, v in value.items()}
        return {PAIRS: [[k, _encode(v, budget)] for k, v in value.items()]}
    if isinstance(value, float) and not math.isfinite(value):
        raise _TooLarge  # (the parser refuses such numbers: never met in clean data)
    return value


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} in a cache entry")


def _decoded(value: dict) -> dict:
    """A mapping of the entry's JSON as `put` gave it: its pairs made a mapping again (the JSON
    decoder calls this for each object, innermost first, so the values are decoded already)."""
    if len(value) == 1 and PAIRS in value:
        return {_key(k): v for k, v in value[PAIRS]}
    return value


def _key(key: object) -> str | int:
    if type(key) is str or type(key) is int:
        return key
    raise TypeError("a cached key is text or a whole number")


class Positions:
    """The line:col answers a `Locator` gave for a cached file's text, kept beside its entry
    (`<key>.loc.json`), so that a later run reporting the same problem in the unchanged file finds
    its position without importing PyYAML and composing the text. An answer is `(line, col)`, or
    `()` for the file alone; at most `MAX_POSITIONS` are kept a file (a run reporting a problem on
    every card composes the text instead). The entry is read once, on the first lookup; a damaged
    one is ignored and written again."""

    def __init__(self, path: Path, key: str):
        self.path, self.key = path, key
        self._known: dict[str, list[int]] | None = None

    def get(self, at_key: bool, path: tuple) -> tuple[int, ...] | None:
        found = self._read().get(_position_name(at_key, path)) if _plain(path) else None
        return tuple(found) if found is not None else None

    def put(self, at_key: bool, path: tuple, answer: tuple[int, ...]) -> None:
        if not _plain(path) or not writes_allowed():
            return
        known = self._read()
        name = _position_name(at_key, path)
        if name in known or len(known) >= MAX_POSITIONS:
            return
        known[name] = list(answer)
        body = json.dumps({"format": FORMAT, "key": self.key, "positions": known}, sort_keys=True).encode()
        with suppress(OSError):  # not kept: the next run composes the text again
            write_atomic(self.path, body)

    def _read(self) -> dict[str, list[int]]:
        if self._known is None:
            self._known = {}
            with suppress(OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
                entry = json.loads(read_cached(self.path, 1 << 20))
                if entry["format"] == FORMAT and entry["key"] == self.key:
                    self._known = {name: found for name, found in entry["positions"].items()
                                   if isinstance(found, list) and len(found) in (0, 2)
                                   and all(type(n) is int and n > 0 for n in found)}
        return self._known


def _plain(path: tuple) -> bool:
    """Whether a path is keys and indexes only (the lookups kept)."""
    return all(type(part) is str or type(part) is int for part in path)


def _position_name(at_key: bool, path: tuple) -> str:
    """A lookup as text: whether the key's position is asked, and the path (keys and indexes)."""
    return json.dumps([at_key, list(path)])
