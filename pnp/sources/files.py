"""The one door through which pnp reads a project's files: confined to the project, read whole once,
fingerprinted.

Contract: a kit is untrusted input, so every file pnp reads from a project — kit files, components,
layouts, fonts.yaml and its fonts, icons, pictures, SVG art and every file an SVG references — is
found by `confine(root, base, relative)` and read by `read_input(path)`:
- `confine` resolves `relative` (as a kit writes it) from the folder `base`, following symbolic
  links, and answers the real path; it raises `InputError` (a message naming the path as written)
  when the path is empty or absolute, resolves outside `root` (a `..` too many, or a symbolic link
  pointing out), cannot be looked up (a name too long for the file system) or is no regular file;
  the path is quoted cut short. `inside(root, path)` does the same for a path pnp found
  itself (a `layouts/*.yaml`, an icon), named from the project root.
- `read_input(path, limit)` reads the bytes of a regular file (a FIFO or a device is refused without
  blocking), at most `limit` bytes, and records the digest of exactly those bytes in the run's log
  (`fileio.note_read`): the build cache fingerprints a kit by what its run read, and a file read
  twice with other bytes raises `fileio.FileChanged`. An OS error is an `InputError` ("cannot read
  x: Permission denied"). `note=False` reads a file every kit shares (a font: the build cache covers
  them all) without noting it as one kit's input; `read_head(path, size)` reads the first bytes of
  such a file and its `stat`, checked and refused as `read_input` does. `input_digest(path)` answers the digest of a file
  (read once per version of it: path, size, modification time, inode) and records it the same way.
Standard library only: the build cache and kit discovery use it before anything is drawn.
"""
from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ..core.discover import relative_posix
from ..core.errors import short, short_path
from ..core.fileio import digest, note_read, read_at_most

MAX_INPUT_BYTES = 256 * 1024 * 1024  # a larger input (a picture?) is refused rather than read
_DIGESTS: dict[tuple, str] = {}
_DIGESTS_KEPT = 4096
_REAL_ROOTS: dict[Path, str] = {}  # a project root that is its own real path -> that path, as text
_REAL_ROOTS_KEPT = 64


class InputError(ValueError):
    """A file of the project that pnp may not or cannot read; `str()` says which and why."""


def confine(root: Path, base: Path, relative: str) -> Path:
    if not isinstance(relative, str) or not relative.strip() or "\0" in relative:
        raise InputError(f"{short(relative, 80)} is no file name")
    if os.path.isabs(relative) or relative.startswith("~"):
        raise InputError(f"the path {short_path(str(relative))} is absolute: name files relative to the kit")
    return _checked(Path(root), Path(base) / relative, relative)


def inside(root: Path, path: Path) -> Path:
    """A path pnp found under `root` itself, checked as `confine` checks a kit's."""
    shown = _shown(Path(root), Path(path))
    return _checked(Path(root), Path(path), shown)


def _shown(root: Path, path: Path) -> str:
    relative = relative_posix(path, root)
    return relative if relative is not None else path.as_posix()


def _checked(root: Path, candidate: Path, shown: str) -> Path:
    shown = short_path(str(shown))
    real_root = _real_root(root)
    try:
        real = candidate.resolve(strict=False)
        if not _under(str(real), real_root):
            lexical = Path(os.path.normpath(candidate.absolute()))
            through = lexical != real and _under(str(lexical), real_root)
            raise InputError(f"the path {shown} leaves the project folder"
                             + (" through a symbolic link" if through else ""))
        kind = os.stat(real).st_mode
    except FileNotFoundError:
        raise InputError(f"no file {shown}") from None
    except (OSError, RuntimeError) as exc:  # RuntimeError: a loop of symbolic links (Python < 3.13)
        raise InputError(f"the path {shown} cannot be read ({_reason(exc)})") from None
    if not stat.S_ISREG(kind):
        raise InputError(f"{shown} is not a regular file")
    return real


def _real_root(root: Path) -> str:
    """The project root's real path: resolved once a process for a root that is its own real path
    already (as `Project.open` and a resident give it), resolved again each time for any other."""
    found = _REAL_ROOTS.get(root)
    if found is None:
        found = str(root.resolve())
        if found == str(root) and len(_REAL_ROOTS) < _REAL_ROOTS_KEPT:
            _REAL_ROOTS[root] = found
    return found


def _under(real: str, real_root: str) -> bool:
    """Whether a real path is the real root or lies inside it."""
    return real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)


def read_input(path: Path, limit: int = MAX_INPUT_BYTES, note: bool = True) -> bytes:
    name = Path(path).name
    with _regular(path, limit) as (fd, _):
        data = _read_all(fd, limit, name)
    if note:
        note_read(Path(path), digest(data))
    return data


def read_head(path: Path, size: int, limit: int = MAX_INPUT_BYTES) -> tuple[bytes, os.stat_result]:
    """The first `size` bytes of a regular file of at most `limit` bytes, and its `stat` (as
    `read_input` opens, checks and refuses it; nothing noted: its user reads it whole, through
    `read_input`, if it needs more)."""
    with _regular(path, limit) as (fd, info):
        return os.read(fd, size), info


@contextmanager
def _regular(path: Path, limit: int) -> Iterator[tuple[int, os.stat_result]]:
    """A regular file of at most `limit` bytes, opened without blocking: its descriptor and `stat`;
    an `InputError` for anything else, and for an OS error while it is open."""
    name = Path(path).name
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise InputError(f"cannot read {name}: {_reason(exc)}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"{name} is not a regular file")
        if info.st_size > limit:
            raise InputError(f"{name} is too large ({info.st_size // 1_000_000} MB; at most {limit // 1_000_000} MB)")
        yield fd, info
    except OSError as exc:
        raise InputError(f"cannot read {name}: {_reason(exc)}") from None
    finally:
        os.close(fd)


def _read_all(fd: int, limit: int, name: str) -> bytes:
    data = read_at_most(fd, limit)
    if data is None:
        raise InputError(f"{name} is too large (more than {limit // 1_000_000} MB)")
    return data


def input_digest(path: Path) -> str:
    """The digest of the file's bytes, read once per version of the file, and noted as read."""
    try:
        info = os.stat(path)
    except OSError as exc:
        raise InputError(f"cannot read {Path(path).name}: {_reason(exc)}") from None
    key = (str(path), info.st_size, info.st_mtime_ns, info.st_ino)
    found = _DIGESTS.get(key)
    if found is None:
        found = digest(read_input(path))
        if len(_DIGESTS) >= _DIGESTS_KEPT:
            _DIGESTS.pop(next(iter(_DIGESTS)))
        _DIGESTS[key] = found
    note_read(Path(path), found)
    return found


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
