"""A guard around a trusted kit model while it runs: no writes outside the allowed folders, no
process spawned, no network. A guard, not a sandbox.

Contract: `with running(writable):` marks the block as the kit's code running (its import, its
read, check, tables, seats and play-outs). Inside it, an audit hook (`sys.addaudithook`,
installed once per process when a block is first entered) refuses, by raising
`GuardRefused` (a `PermissionError`) in the code that asked:
- writes outside `writable` (the kit's output folder, when a build has one) and the user's cache
  folder (pnp.core.fileio.cache_root): a file opened for writing, appending or creating, a file
  removed, renamed, linked, truncated or its mode changed, a folder made or removed;
- starting a process (subprocess, os.system, the exec, spawn and fork families, pty) and loading
  a native library through ctypes;
- the network: connecting, binding, sending to an address, looking a name up.
Every refusal is also recorded (`refusals()` after the block gives them, in order), so a model
that catches the exception is still reported. Blocks nest (the innermost's folders apply). The
state is process-wide, so a thread the model starts is guarded while the block lasts; the threads
already running when the block began (a preview server's, a watcher's) are not the model's and are
not judged.
What it does not do, and why it is not a sandbox: a model may read any file the user can, use
memory and time, change pnp's own objects in memory, or undo the guard through Python's
internals; a thread or a process it leaves behind outlives the block. It keeps an honest
mistake or a careless model from writing, spawning or connecting behind the user's back.
"""
from __future__ import annotations

import os
import sys
import threading
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

from ..core.fileio import cache_root


class GuardRefused(PermissionError):
    """What the guard raises in a model's code that asked for something it refuses."""


@dataclass
class _Block:
    writable: tuple[Path, ...]
    refused: list[str] = field(default_factory=list)
    others: frozenset[int] = frozenset()  # the threads already running when the block began: not the model's


_STACK: list[_Block] = []
_INSTALLED: list[bool] = []
_ALLOWED: ContextVar[tuple[Path, ...]] = ContextVar("pnp_guard_writable", default=())
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
SPAWN = frozenset({"subprocess.Popen", "os.system", "os.exec", "os.spawn", "os.posix_spawn", "os.fork",
                   "os.forkpty", "os.startfile", "pty.spawn", "ctypes.dlopen"})
NETWORK = frozenset({"socket.connect", "socket.bind", "socket.sendto", "socket.sendmsg", "socket.getaddrinfo",
                     "socket.gethostbyname", "socket.gethostbyaddr", "socket.getnameinfo", "urllib.Request",
                     "http.client.connect", "ftplib.connect", "smtplib.connect", "imaplib.open", "poplib.connect",
                     "telnetlib.Telnet.open", "webbrowser.open"})
# write events whose arguments start with the path(s) they change
WRITES: dict[str, int] = {"os.remove": 1, "os.rename": 2, "os.replace": 2, "os.mkdir": 1, "os.rmdir": 1, "os.symlink": 2,
                          "os.link": 2, "os.truncate": 1, "os.chmod": 1, "os.chown": 1, "os.utime": 1,
                          "os.chflags": 1, "os.lchflags": 1, "os.setxattr": 1, "os.removexattr": 1,
                          "os.mkfifo": 1, "os.mknod": 1, "shutil.rmtree": 1, "shutil.copyfile": 2,
                          "shutil.copymode": 2, "shutil.copystat": 2, "shutil.copytree": 2, "shutil.move": 2,
                          "shutil.chown": 1, "shutil.make_archive": 1, "shutil.unpack_archive": 2}

_BYTECODE_WRITES = frozenset({"os.rename", "os.replace", "os.mkdir"})  # how importlib writes a .pyc (paths[-1])


@contextmanager
def allowing(writable: Sequence[Path]) -> Iterator[None]:
    """Blocks entered inside this one may also write into `writable` (a build's kit output folder)."""
    token = _ALLOWED.set(tuple(writable))
    try:
        yield
    finally:
        _ALLOWED.reset(token)


@contextmanager
def running(writable: Sequence[Path] = ()) -> Iterator[_Block]:
    """The kit's code runs inside this block (see the module docstring); it may write into
    `writable`, the folders of the enclosing `allowing` block and the user's cache."""
    if not _INSTALLED:
        sys.addaudithook(_hook)
        _INSTALLED.append(True)
    others = frozenset(t.ident for t in threading.enumerate() if t.ident is not None) - {threading.get_ident()}
    block = _Block(tuple(_resolved(p) for p in (*writable, *_ALLOWED.get(), cache_root())), others=others)
    _STACK.append(block)
    try:
        yield block
    finally:
        _STACK.remove(block)


def _resolved(path: Path | str) -> Path:
    return Path(os.path.realpath(os.fspath(path)))


def _allowed(block: _Block, path: object) -> bool:
    if isinstance(path, int):  # a descriptor already open: its opening was judged
        return True
    if not isinstance(path, (str, bytes, os.PathLike)):
        return False
    text = os.fsdecode(path)
    if text == os.devnull:
        return True
    where = _resolved(text)
    return any(where == root or where.is_relative_to(root) for root in block.writable)


def _bytecode(path: object) -> bool:
    """A `.pyc` in a `__pycache__` folder, that folder itself, or anything under the bytecode folder
    `PYTHONPYCACHEPREFIX` names: what Python writes when the model imports a module not yet compiled.
    Refused like any write (importlib ignores the error), but not reported."""
    if not isinstance(path, (str, bytes, os.PathLike)):
        return False
    where = Path(os.fsdecode(path))
    if sys.pycache_prefix and _resolved(where).is_relative_to(_resolved(sys.pycache_prefix)):
        return True
    return where.name == "__pycache__" or (where.parent.name == "__pycache__" and ".pyc" in where.name)


def _refuse(block: _Block, what: str, quiet: bool = False) -> None:
    if not quiet:
        block.refused.append(what)
    raise GuardRefused(f"pnp refused {what} while the kit's rules model ran (a model may write only into the "
                       "kit's output and the user's cache, and may not start processes nor use the network)")


def _open(block: _Block, args: tuple) -> None:
    path, mode, flags = (tuple(args) + (None, None, None))[:3]
    writing = (isinstance(flags, int) and flags & _WRITE_FLAGS) or \
        (isinstance(mode, str) and any(c in mode for c in "wax+"))
    if writing and not _allowed(block, path):
        _refuse(block, f"writing {os.fsdecode(path) if not isinstance(path, int) else path}", _bytecode(path))


def _hook(event: str, args: tuple) -> None:
    if not _STACK:
        return
    block = _STACK[-1]
    if threading.get_ident() in block.others:  # a thread of pnp's own (the preview's server) the model did not start
        return
    if event == "open":
        _open(block, args)
    elif event in WRITES:
        paths = args[:WRITES[event]]
        bad = next((p for p in paths if not _allowed(block, p)), None)
        if bad is not None:
            shown = os.fsdecode(bad) if isinstance(bad, (str, bytes, os.PathLike)) else bad
            _refuse(block, f"{event} on {shown}", event in _BYTECODE_WRITES and _bytecode(paths[-1]))
    elif event in SPAWN:
        _refuse(block, f"starting a process ({event})")
    elif event in NETWORK:
        _refuse(block, f"network access ({event})")


def guarded_call(writable: Sequence[Path], call: Callable[..., object], *args: object) -> tuple[object, list[str]]:
    """`call(*args)` inside a guard: its result and the refusals (the call's exceptions propagate)."""
    with running(writable) as block:
        result = call(*args)
    return result, list(block.refused)
