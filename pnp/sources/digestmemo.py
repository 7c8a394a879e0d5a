"""Digests of large files remembered across processes by what `stat` says of them (the fonts).

Contract: a build needs a font file's SHA-256 only to key the caches of its parsed face and subsets
(`layout.fontcache`, `layout.fontsubset`); hashing ~630 kB a Noto face, after reading it whole, is
most of what an unchanged font costs a build. `known(info)` answers the digest remembered for a
file whose `os.stat` result is `info` — its device, inode, size, modification and change times
(nanoseconds) are the key: a file rewritten, in place or not, gets another change time —, or None;
`remember(info, sha, hashed_at)` keeps it, unless the file was changed too soon before it was
hashed (`hashed_at`: `time.time_ns()` taken before its bytes were read): as `pnp.cache.known_hash`
and git do with a racily clean file, a digest taken within `RACY_NS` of the last change (within
`COARSE_NS` on a file system whose times are whole seconds) is not kept, since a second write in
the same tick would leave the same times. The memo is a JSON file in the user's cache folder
(`<cache>/fonts/digests.json`, `core.fileio`; never in a project), written atomically when it
learns a digest (not when caches are read-only), at most `KEEP` entries, the oldest dropped first;
one that does not parse or holds anything but stat keys and hexadecimal digests is ignored (and
written again). It holds data only. What a remembered digest keys is checked again by its user (a
cached face's table directory against the file's own head).
"""
from __future__ import annotations

import json
import os
from contextlib import suppress
from pathlib import Path

from ..core.fileio import cache_folder, read_cached, write_atomic, writes_allowed

FORMAT = 1
KEEP = 256
RACY_NS = 50_000_000  # (pnp.cache.RACY_NS's)
COARSE_NS = 2_000_000_000  # times in whole seconds: the tick is that long
MAX_MEMO = 1 << 20
_HEX = frozenset("0123456789abcdef")
_MEMOS: dict[Path, dict[str, str]] = {}  # this process's copy of each memo file, read once


def memo_path() -> Path:
    return cache_folder("fonts") / "digests.json"


def key(info: os.stat_result) -> str:
    return f"{info.st_dev}:{info.st_ino}:{info.st_size}:{info.st_mtime_ns}:{info.st_ctime_ns}"


def known(info: os.stat_result) -> str | None:
    return _memo(memo_path()).get(key(info))


def remember(info: os.stat_result, sha: str, hashed_at: int) -> None:
    """Keep `sha` for the file of `info`, hashed from `hashed_at`, if its times are settled (the contract)."""
    changed = max(info.st_mtime_ns, info.st_ctime_ns)
    whole = info.st_mtime_ns % 1_000_000_000 == 0 and info.st_ctime_ns % 1_000_000_000 == 0
    if hashed_at - changed <= (COARSE_NS if whole else RACY_NS) or not writes_allowed():
        return
    path = memo_path()
    memo = _memo(path)
    if memo.get(key(info)) == sha:
        return
    memo[key(info)] = sha
    while len(memo) > KEEP:
        memo.pop(next(iter(memo)))
    body = json.dumps({"format": FORMAT, "digests": memo}, separators=(",", ":")).encode()
    with suppress(OSError):  # not kept: the next run hashes the file again
        write_atomic(path, body)


def _memo(path: Path) -> dict[str, str]:
    if path not in _MEMOS:
        _MEMOS[path] = _read(path)
    return _MEMOS[path]


def _read(path: Path) -> dict[str, str]:
    try:
        found = json.loads(read_cached(path, MAX_MEMO))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(found, dict) or found.get("format") != FORMAT or not isinstance(found.get("digests"), dict):
        return {}
    digests = found["digests"]
    if not all(type(k) is str and _stat_key(k) and _sha(v) for k, v in digests.items()):
        return {}
    return dict(digests)


def _sha(value: object) -> bool:
    return type(value) is str and len(value) == 64 and _HEX.issuperset(value)


def _stat_key(text: str) -> bool:
    parts = text.split(":")
    return len(parts) == 5 and all(part.isdigit() and part.isascii() for part in parts)
