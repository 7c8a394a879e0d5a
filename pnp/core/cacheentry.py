"""Entries of pnp's caches in the user's cache folder: a line of JSON naming the entry, then its body.

Contract: `write_entry(path, fmt, key, body, keep, **extra)` writes, atomically (`fileio.write_atomic`),
a head line `{"format": fmt, "key": key, "sha256": <of body>, **extra}` and the body after it, unless
caches are read-only (`fileio.writes_allowed`); the first entry a process writes into a folder
trims it to the newest `keep` files of the entry's suffix (by modification time; `trim`, which the
build cache's states use too). An OSError when
it cannot write. `read_entry(path, fmt, key, extra, limit)` answers `(extras, body)` for an entry
whose head has exactly those keys (`extra` naming the others), the format and key wanted and the
body's SHA-256, read through `fileio.read_cached` (a regular file of at most `limit` bytes), else
None: absent, damaged, planted or of another version, it is a miss that the caller makes again.
What a body holds and how it is checked further is its cache's own (`sources.parsecache`,
`layout.fontcache`, `layout.fontsubset`); no entry holds code. Standard library only.
"""
from __future__ import annotations

import hashlib
import json
import os
from contextlib import suppress
from pathlib import Path
from typing import Any

from .fileio import MAX_CACHED, read_cached, write_atomic, writes_allowed

_TRIMMED: set[tuple[Path, str]] = set()  # (folder, suffix) trimmed by this process


def write_entry(path: Path, fmt: int, key: str, body: bytes, keep: int, **extra: Any) -> None:
    """Store `body` at `path` under its head (the contract)."""
    if not writes_allowed():
        return
    head = json.dumps({"format": fmt, "key": key, "sha256": hashlib.sha256(body).hexdigest(), **extra})
    write_atomic(path, head.encode() + b"\n" + body)
    trim(path.parent, path.suffix, keep)


def read_entry(path: Path, fmt: int, key: str, extra: tuple[str, ...] = (),
               limit: int = MAX_CACHED) -> tuple[dict[str, Any], bytes] | None:
    """The extra head values and the body of the entry at `path`, or None (the contract)."""
    try:
        line, _, body = read_cached(path, limit).partition(b"\n")
        head = json.loads(line)
    except (OSError, ValueError, RecursionError):
        return None
    wanted = {"format": fmt, "key": key, "sha256": hashlib.sha256(body).hexdigest()}
    if not isinstance(head, dict) or set(head) != {*wanted, *extra} or any(head[k] != v for k, v in wanted.items()):
        return None
    return {name: head[name] for name in extra}, body


def trim(folder: Path, suffix: str, keep: int) -> None:
    """`trim_now`, once a process for each folder and suffix (the first entry written there)."""
    if (folder, suffix) not in _TRIMMED:
        _TRIMMED.add((folder, suffix))
        trim_now(folder, suffix, keep)


def trim_now(folder: Path, suffix: str, keep: int) -> None:
    """Keep the newest `keep` files of `suffix` in `folder` (their times read only when there are more)."""
    try:
        names = [name for name in os.listdir(folder) if name.endswith(suffix)]
    except OSError:
        return
    if len(names) <= keep:
        return
    entries = sorted((folder / name for name in names), key=_modified)
    for old in entries[:-keep]:
        with suppress(OSError):
            old.unlink(missing_ok=True)


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # (gone since it was listed: first in line, its unlink a no-op)
        return 0.0
