"""Small file helpers shared by the caches and the output: where the caches live, whole-or-absent
writes, temporary files that a killed run cannot leave behind, content digests, and the log of the
input files a run reads.

Caches live in the user's cache folder, where a shared project cannot plant a file: `cache_root()`
is `$PNP_CACHE_DIR`, else `$XDG_CACHE_HOME/pnp`, else `~/.cache/pnp` (read at each call, so a
session or a test may point it elsewhere), `cache_folder(name)` one cache's subfolder (`yaml`,
`images`, `pictures`, `fonts`, `builds`). Every cache holds plain data (JSON, and image, number and
font-program bytes described by JSON), never code, checked when read. `writes_allowed()` is False inside `with read_only():` (what
`pnp check` and `pnp list` run in): caches are then read, never written, and no folder is made.

Files: `write_atomic(path, data)` writes bytes to a temporary file in the same folder (made if
needed) and renames it onto `path`, so a reader sees the old file or the new one, never a part,
even with builds running side by side; it raises OSError as the file system does (callers that
treat the write as optional catch it). `place_folder(target, make)` does so for a folder (made
in a hidden temporary folder beside it, then renamed); `undo_writes(written, made)` removes what a
failed run wrote and the folders it made (`new_folders(...)`: those not there before), when empty. `PartFile.next_to(final)` makes such a temporary file
(`.<name>.<random>.part`) for a writer that fills it by name: it holds an exclusive lock on it
(`flock`) until `close()`, so `sweep_parts(folder)` — run at the start of a build and before the
first write into a cache folder — deletes exactly the parts whose writer is dead (its lock is gone
with it), never a live run's. Files are created with mode 0666 less the umask, as any program's.
Output confinement: `confined(out, path)` raises `Unconfined` (an OSError) unless `path` lies below
the output folder `out` with no symbolic link on the way, `out` itself included (a shared project
can carry `output/` or `output/<kit>/png` as a link to a folder of the user's); `first_link` and
`links_in` find such links, `link_text` says what is wrong with one.
`read_cached(path)` reads a cache entry without blocking: a regular file of bounded size, else an
OSError (a FIFO planted in the cache folder is never waited on). `digest(data)` and
`file_hash(path)` are SHA-256 hex digests. Inside `with reads_recorded() as
reads:`, `note_read(path, digest)` (called by `pnp.sources.files`, where every input is read)
records the digest of the bytes a run actually read, by path: the build cache fingerprints a kit by
exactly those; a second read of a path with other bytes raises `FileChanged` (the file changed
while the run read it). Blocks nest: a read is noted in the logs of every open block (a kit's, and
a component's inside it, for a resident build's memory). Outside such a block `note_read` does
nothing. Standard library only.
"""
from __future__ import annotations

import errno
import glob
import hashlib
import os
import stat
import sys
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from pathlib import Path
from typing import Callable, Iterator, Sequence

from .discover import relative_posix

if sys.platform == "win32":  # pragma: no cover - no fcntl: parts are then swept by age
    fcntl = None
else:
    import fcntl

_READS: ContextVar[tuple[dict[Path, str], ...]] = ContextVar("pnp_reads", default=())
_WRITABLE: ContextVar[bool] = ContextVar("pnp_cache_writable", default=True)
_SWEPT: set[Path] = set()  # the cache folders swept by this process
UNLOCKED_PART_AGE = 24 * 3600.0  # without flock: a part this old (seconds) is a dead run's
MAX_CACHED = 512 * 1024 * 1024  # bytes of one cache entry (an encoded picture of 80 million pixels fits)


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


class FileChanged(OSError):
    """A file read twice by one run gave other bytes the second time."""

    def __init__(self, path: Path):
        super().__init__(f"{Path(path).as_posix()} changed while the run read it: run again once it is saved")
        self.path = Path(path)


class PartFile:
    """A locked temporary file next to its final path; its writer fills it by name."""

    def __init__(self, path: Path, fd: int):
        self.path, self.fd = path, fd

    @classmethod
    def next_to(cls, final: Path) -> "PartFile":
        final = Path(final)
        path = final.parent / f".{final.name}.{os.urandom(6).hex()}.part"  # (secrets.token_hex's bytes, without its imports)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        return cls(path, fd)

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def discard(self) -> None:
        self.path.unlink(missing_ok=True)
        self.close()


def write_atomic(path: Path, data: bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.parent not in _SWEPT:
        _SWEPT.add(path.parent)
        sweep_parts(path.parent)
    part = PartFile.next_to(path)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(part.fd, view):]
        os.replace(part.path, path)
    except BaseException:
        part.path.unlink(missing_ok=True)
        raise
    finally:
        part.close()


def place_folder(target: Path, make: Callable[[Path], object]) -> None:
    """`make(path)` creates a folder at a path inside a hidden temporary folder beside `target`, then
    it is renamed onto `target`: it appears whole or not at all."""
    import shutil  # (here: a build, which never places a folder, leaves shutil and tempfile unloaded)
    import tempfile

    target.parent.mkdir(parents=True, exist_ok=True)
    holder = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part"))
    try:
        make(holder / target.name)
        os.rename(holder / target.name, target)
    finally:
        shutil.rmtree(holder, ignore_errors=True)


def new_folders(*folders: Path) -> list[Path]:
    """Those of `folders` not there yet, once each: the ones `undo_writes` removes again."""
    return [folder for folder in dict.fromkeys(folders) if not os.path.lexists(folder)]


def undo_writes(written: Sequence[Path], made: Sequence[Path] = ()) -> None:
    """What a failed run wrote removed (a folder whole, a link as a link), then the folders it made
    (`new_folders`), where they are empty again (something else put in one meanwhile stays)."""
    import shutil  # (as in place_folder)

    for path in written:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)
    for folder in made:
        with suppress(OSError):
            folder.rmdir()


class Unconfined(OSError):
    """A path pnp would write or delete that lies outside its output folder, or is reached through a
    symbolic link at or below it; `filename` is that path, `strerror` says which link."""


def first_link(root: Path, path: Path) -> Path | None:
    """The first symbolic link on the way from the folder `root` (itself included) down to `path`
    (itself included), or None; `path` lies below `root` (ValueError otherwise)."""
    root, path = Path(root), Path(path)
    relative = relative_posix(path, root)
    if relative is None:
        raise ValueError(f"{path.as_posix()!r} does not lie below {root.as_posix()!r}")
    parts = () if relative == "." else tuple(relative.split("/"))
    for step in (root, *(root.joinpath(*parts[:n]) for n in range(1, len(parts) + 1))):
        if step.is_symlink():
            return step
    return None


def link_text(link: Path) -> str:
    """What is wrong with a symbolic link found under an output folder, in words."""
    what = "folder" if link.is_dir() else "file"
    return (f"the output {what} {link.as_posix()} is a symbolic link (to {os.readlink(link)}): pnp writes only "
            "into real folders and files; remove the link")


def confined(root: Path, path: Path) -> None:
    """Raise Unconfined unless `path` lies below `root` with no `..` and no symbolic link on the way
    (`root` and `path` included): its real path is then `root`'s followed by the same names."""
    root, path = Path(root), Path(path)
    relative = relative_posix(path, root)
    if relative is None or relative == "." or ".." in relative.split("/"):
        raise Unconfined(errno.EPERM, f"{path.as_posix()} lies outside the output folder {root.as_posix()}",
                         str(path))
    link = first_link(root, path)
    if link is not None:
        raise Unconfined(errno.ELOOP, link_text(link), str(path))


def links_in(folder: Path) -> list[Path]:
    """Every symbolic link below `folder` (folders and files; none is followed), sorted."""
    found = []
    for top, folders, files in os.walk(folder):
        found += [Path(top, name) for name in folders + files if os.path.islink(os.path.join(top, name))]
    return sorted(found)


def sweep_parts(folder: Path, name: str = "*", root: Path | None = None) -> None:
    """Delete the temporary files (of final files matching `name`) whose writer is no longer alive;
    never through a folder that is a symbolic link, nor (given the output folder `root`) through one
    on the way from `root` (pnp writes into none: output.link_problems)."""
    if Path(folder).is_symlink() or (root is not None and first_link(root, folder) is not None):
        return
    for found in glob.glob(os.path.join(glob.escape(str(folder)), f".{name}.*.part")):
        with suppress(OSError):
            _sweep_one(Path(found))


def _sweep_one(part: Path) -> None:
    if fcntl is None:
        import time

        if part.stat().st_mtime < time.time() - UNLOCKED_PART_AGE:
            part.unlink()
        return
    fd = os.open(part, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # BlockingIOError: a live writer holds it
        part.unlink()
    finally:
        os.close(fd)


def read_cached(path: Path, limit: int = MAX_CACHED) -> bytes:
    """The bytes of a cache entry: a regular file of at most `limit` bytes, opened without blocking
    (a FIFO or a device planted where an entry goes is an OSError, not a hang)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > limit:
            raise OSError(f"{Path(path).name} is no cache entry of pnp (not a regular file, or too large)")
        data = read_at_most(fd, limit)
        if data is None:
            raise OSError(f"{Path(path).name} is no cache entry of pnp (too large)")
        return data
    finally:
        os.close(fd)


def read_at_most(fd: int, limit: int) -> bytes | None:
    """What an open descriptor holds, read in chunks, or None once it holds more than `limit` bytes
    (a file that grows while it is read, a FIFO: its size before the read is no bound)."""
    chunks, total = [], 0
    while chunk := os.read(fd, 1 << 20):
        total += len(chunk)
        if total > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_hash(path: Path | str) -> str:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


@contextmanager
def reads_recorded() -> Iterator[dict[Path, str]]:
    reads: dict[Path, str] = {}
    token = _READS.set(_READS.get() + (reads,))
    try:
        yield reads
    finally:
        _READS.reset(token)


def note_read(path: Path, data_digest: str) -> None:
    for reads in _READS.get():
        first = reads.setdefault(Path(path), data_digest)
        if first != data_digest:
            raise FileChanged(path)
