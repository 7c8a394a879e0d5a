"""The commit journal: a run's renames of its output files, all of them or none as the next run sees it.

Contract: an `OutputBatch` renames its temporary files onto their final paths one by one; a run
killed between two renames (SIGKILL, a power cut of the process) would leave one PDF of a kit new
and its siblings old. So before the first rename, `Journal.open(out, renames)` writes the list of
renames to `<out>/.pnp-commit.<random>.journal` (JSON; paths relative to `out`), holding an
exclusive lock on it (`flock`) while the commit runs; `Journal.close()` deletes it when every
rename is done. `complete(out)`, which every run that writes into `out` calls before it writes or
sweeps anything there (`pnp build`, `pnp export`, `pnp watch`, `pnp calibrate`), finishes the
journals whose run is dead (their lock is gone with it): each temporary file still there is renamed
onto its final path, unless that file was written since the journal (by a later run: then the
temporary file is deleted), and the journal is deleted. A journal is checked before it is used (a
shared output folder could carry one): only the renames of a temporary file named as pnp names
them (`.<name>.<hex>.part`) onto its final name in the same folder, below `out` and through no
symbolic link, are made; a journal that is no such list is deleted. A journal that cannot be
written (a read-only folder) fails the commit as any write would. Without `flock` (Windows), a
journal is a dead run's once it is as old as a part file must be (`fileio.UNLOCKED_PART_AGE`).
Standard library and `pnp.core.fileio` only.
"""
from __future__ import annotations

import glob
import json
import os
import sys
import time
from contextlib import suppress
from pathlib import Path

from .fileio import UNLOCKED_PART_AGE
from .lazyre import lazy

if sys.platform == "win32":  # pragma: no cover - no fcntl: journals are then completed by age
    fcntl = None
else:
    import fcntl

FORMAT = 1
MAX_JOURNAL = 1 << 20  # bytes: a journal longer than this is no pnp journal
_PART = lazy(r"^\.(?P<name>.+)\.[0-9a-f]{12}\.part$")


class Journal:
    def __init__(self, path: Path, fd: int):
        self.path, self.fd = path, fd

    @classmethod
    def open(cls, out: Path, renames: list[tuple[Path, Path]]) -> "Journal":
        """Write and lock the journal of `renames` (temporary file, final path), all below `out`."""
        out = Path(out)
        path = out / f".pnp-commit.{os.urandom(6).hex()}.journal"
        body = json.dumps({"format": FORMAT, "renames": [[os.path.relpath(part, out), os.path.relpath(final, out)]
                                                         for part, final in renames]}).encode()
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
            view = memoryview(body)
            while view:
                view = view[os.write(fd, view):]
        except BaseException:
            os.close(fd)
            path.unlink(missing_ok=True)
            raise
        return cls(path, fd)

    def close(self) -> None:
        """The commit is done: the journal is deleted."""
        self.path.unlink(missing_ok=True)
        os.close(self.fd)


def below(out: Path, paths: list[Path]) -> bool:
    """Whether every path lies below `out` (a journal names its renames relative to it)."""
    real = Path(out).absolute()
    return all(real in Path(p).absolute().parents for p in paths)


def complete(out: Path) -> None:
    """Finish the journals of dead runs in `out` (see the module's contract)."""
    out = Path(out)
    if not out.is_dir() or out.is_symlink():
        return
    for found in glob.glob(os.path.join(glob.escape(str(out)), ".pnp-commit.*.journal")):
        with suppress(OSError):
            _complete_one(out, Path(found))


def _complete_one(out: Path, path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # BlockingIOError: its run is alive
        elif time.time() - info.st_mtime < UNLOCKED_PART_AGE:  # pragma: no cover - without flock, by age
            return
        data = os.read(fd, MAX_JOURNAL + 1) if info.st_size <= MAX_JOURNAL else b""
        for part, final in _renames(out, data):
            _finish(part, final, info.st_mtime_ns)
        path.unlink()
    finally:
        os.close(fd)


def _renames(out: Path, data: bytes) -> list[tuple[Path, Path]]:
    """The journal's renames that are pnp's own (see the contract); [] for anything else."""
    try:
        entry = json.loads(data)
        renames = entry["renames"] if entry.get("format") == FORMAT else []
        pairs = [(str(a), str(b)) for a, b in renames if isinstance(a, str) and isinstance(b, str)]
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        return []
    real_out = os.path.realpath(out)
    kept = []
    for part, final in pairs:
        found = _PART.match(os.path.basename(part))
        folder = os.path.dirname(final)
        if (found is None or found["name"] != os.path.basename(final) or os.path.dirname(part) != folder
                or os.path.isabs(final) or ".." in Path(final).parts):
            continue
        if os.path.realpath(os.path.join(out, folder)) == os.path.normpath(os.path.join(real_out, folder)):
            kept.append((out / part, out / final))
    return kept


def _finish(part: Path, final: Path, since: int) -> None:
    """Rename `part` onto `final`, unless `final` was written after the journal (then `part` goes)."""
    with suppress(FileNotFoundError):
        if not part.is_file() or part.is_symlink():
            return
        try:
            newer = final.stat().st_mtime_ns > since
        except FileNotFoundError:
            newer = False
        if newer:
            part.unlink()
        else:
            os.replace(part, final)
