"""Small file helpers shared by the caches and the output: whole-or-absent writes, content digests,
and the log of the input files a run reads.

Contract: `write_atomic(path, data)` writes bytes to a temporary file in the same folder (made if
needed) and renames it onto `path`, so a reader sees the old file or the new one, never a part,
even with builds running side by side; it raises OSError as the file system does (callers that
treat the write as optional catch it). `file_hash(path)` is the SHA-256 hex digest of a file's
bytes. Inside `with reads_recorded() as reads:`, every `note_read(path)` (called where a kit's
YAML is read and where the files it names are resolved) adds the path to the set `reads`: the
build cache fingerprints a kit by exactly those files. Blocks nest: a read is noted in the sets of
every open block (a kit's, and a component's inside it, for a resident build's memory). Outside
such a block `note_read` does nothing. `user_mode(temp)` gives a file made by `tempfile.mkstemp`
(mode 0600) the mode the user's umask gives new files, so that renamed outputs are as readable as
any file the user makes. Standard library only: the build cache imports this before deciding
whether to build.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Iterator

_READS: ContextVar[tuple[set[Path], ...]] = ContextVar("pnp_reads", default=())


def write_atomic(path: Path, data: bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        user_mode(temp)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def user_mode(path: Path | str) -> None:
    """Give `path` the permissions of a new file under the user's umask (0644 under umask 022)."""
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(path, 0o666 & ~mask)


def file_hash(path: Path | str) -> str:
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


@contextmanager
def reads_recorded() -> Iterator[set[Path]]:
    reads: set[Path] = set()
    token = _READS.set(_READS.get() + (reads,))
    try:
        yield reads
    finally:
        _READS.reset(token)


def note_read(path: Path) -> None:
    for reads in _READS.get():
        reads.add(Path(path))
