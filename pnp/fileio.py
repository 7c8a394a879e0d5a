"""Small file helpers shared by the caches and the output: whole-or-absent writes, content digests.

Contract: `write_atomic(path, data)` writes bytes to a temporary file in the same folder (made if
needed) and renames it onto `path`, so a reader sees the old file or the new one, never a part,
even with builds running side by side; it raises OSError as the file system does (callers that
treat the write as optional catch it). `file_hash(path)` is the SHA-256 hex digest of a file's
bytes. Standard library only: the build cache imports this before deciding whether to build.
"""
from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def file_hash(path: Path | str) -> str:
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()
