"""Which files changed: file events from watchdog, or polling as the fallback.

Contract: `watcher(poll=False, interval=POLL_INTERVAL)` answers an `EventWatcher` (watchdog's
observer: inotify, FSEvents, ReadDirectoryChangesW) when watchdog is installed and `poll` is False,
else a `PollingWatcher` that compares the size and time of every watched file each `interval`
seconds (a file still changing `QUIET` seconds later waits for the next look). Both take
`watch(recursive, files, ignored)`: the folders to watch with everything under them, single files
elsewhere, and folders whose changes are ignored (the output, pnp's caches). `wait(timeout)` blocks
until a change arrives, then gathers the changes that follow within `QUIET` seconds of each other
(an editor's save is several events), or only those already on their way (`STRAGGLE`) once the
write of a watched file has ended, at most `SETTLE` seconds, and answers the changed paths (an empty set after
`timeout` without any); `pending()` says whether a change is already waiting. Hidden files and editor backups
(`.name`, `name~`) are no changes. `close()` stops watching. `describe()` says which kind of watcher
it is, for the start-up line.
"""
from __future__ import annotations

import logging
import os
import queue
from abc import ABC, abstractmethod
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from watchdog.events import FileSystemEvent
    from watchdog.observers.api import ObservedWatch

POLL_INTERVAL = 0.25  # seconds between two looks at every watched file
QUIET = 0.03  # seconds without a new event that end a burst of events (one save)
SETTLE = 0.5  # the longest a burst is gathered
STRAGGLE = 0.0005  # seconds a burst waits, once a write has ended, for an event already on its way


def watcher(poll: bool = False, interval: float = POLL_INTERVAL) -> "EventWatcher | PollingWatcher":
    if not poll:
        try:
            return EventWatcher()
        except ImportError:
            pass
    return PollingWatcher(interval)


def _relevant(path: Path, ignored: tuple[Path, ...]) -> bool:
    name = path.name
    if name.startswith(".") or name.endswith("~") or "__pycache__" in path.parts:
        return False
    return not any(path == folder or folder in path.parents for folder in ignored)


class Watcher(ABC):
    def __init__(self) -> None:
        self._queue: queue.Queue[tuple[Path, bool]] = queue.Queue()
        self._ignored: tuple[Path, ...] = ()
        self._files: frozenset[Path] = frozenset()  # the files the last build read (EventWatcher)

    @abstractmethod
    def describe(self) -> str: ...

    @abstractmethod
    def watch(self, recursive: set[Path], files: set[Path], ignored: set[Path]) -> None: ...

    @abstractmethod
    def close(self) -> None: ...

    def _put(self, path: str | bytes, final: bool = True) -> None:
        """A change to `path`; `final` when it ends a write (see `EventWatcher`)."""
        found = Path(os.fsdecode(path))
        if _relevant(found, self._ignored):
            self._queue.put((found, final))

    def pending(self) -> bool:
        return not self._queue.empty()

    def wait(self, timeout: float | None = None) -> set[Path]:
        try:
            path, final = self._queue.get(timeout=timeout)
        except queue.Empty:
            return set()
        changed = {path}
        end = time.monotonic() + SETTLE
        while (left := end - time.monotonic()) > 0:
            try:  # a write that ended, with nothing after it, ends the burst at once
                path, final = self._queue.get(timeout=min(STRAGGLE if final else QUIET, left))
                changed.add(path)
            except queue.Empty:
                break
        return changed


class EventWatcher(Watcher):
    """watchdog's observer, watching each folder once (raises ImportError without watchdog). A write
    ends when a watched file is closed, renamed onto or deleted; a tool's temporary file, closed
    before it is renamed onto the file, ends nothing. Only the events of files that change are
    asked for (`event_filter`: inotify's mask then leaves out opens and reads, so a build reading
    the watched layouts, fonts and kit wakes no watchdog thread while it runs)."""

    def __init__(self) -> None:
        from watchdog.events import (FileClosedEvent, FileCreatedEvent, FileDeletedEvent,
                                     FileModifiedEvent, FileMovedEvent, FileSystemEventHandler)
        from watchdog.observers import Observer

        super().__init__()
        outer = self

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: FileSystemEvent) -> None:
                if event.event_type in ("opened", "closed_no_write") or event.is_directory:
                    return
                ends = event.event_type in ("closed", "moved", "deleted")
                for path in filter(None, (event.src_path, getattr(event, "dest_path", ""))):
                    outer._put(path, ends and Path(os.fsdecode(path)) in outer._files)

        self._handler = Handler()
        self._filter = [FileCreatedEvent, FileModifiedEvent, FileDeletedEvent, FileMovedEvent, FileClosedEvent]
        self._observer = Observer()
        self._observer.daemon = True
        self._observer.start()
        self._watches: dict[tuple[Path, bool], ObservedWatch] = {}
        self._asked: tuple[frozenset[Path], frozenset[Path]] | None = None
        self._folders: tuple[tuple[Path, bool], ...] = ()  # what `_asked` watches, where it is a folder

    def describe(self) -> str:
        return "file events (watchdog)"

    def watch(self, recursive: set[Path], files: set[Path], ignored: set[Path]) -> None:
        self._ignored, self._files = tuple(ignored), frozenset(files)
        asked = (frozenset(recursive), self._files)
        if asked != self._asked:  # (the same folders and files as the last build's: worked out once)
            self._asked, self._folders = asked, _watched_folders(recursive, files)
        wanted = {(folder, deep) for folder, deep in self._folders if os.path.isdir(folder)}
        for key in set(self._watches) - wanted:
            self._observer.unschedule(self._watches.pop(key))
        for folder, deep in wanted - set(self._watches):
            self._watches[(folder, deep)] = self._observer.schedule(self._handler, str(folder), recursive=deep,
                                                                     event_filter=self._filter)

    def close(self) -> None:
        # watchdog's emitter logs an error when a stop races its read of inotify (seen under load):
        # nothing is lost, and Python's last-resort handler would print it to the user's stderr
        logging.getLogger("watchdog").addHandler(logging.NullHandler())
        self._observer.stop()
        self._observer.join(timeout=10)


def _watched_folders(recursive: set[Path], files: set[Path]) -> tuple[tuple[Path, bool], ...]:
    """The folders that watching `recursive` (with all below) and `files` takes: each of `recursive`
    not inside another, with all below it (True), and the folder of each file outside those (False)."""
    tops = {f for f in recursive if not any(r in f.parents for r in recursive)}
    alone = {p.parent for p in files}
    return tuple((f, True) for f in sorted(tops)) + \
        tuple((f, False) for f in sorted(alone) if not any(f == r or r in f.parents for r in tops))


class PollingWatcher(Watcher):
    """A thread that looks at every watched file each `interval` seconds."""

    def __init__(self, interval: float = POLL_INTERVAL):
        super().__init__()
        self.interval = interval
        self._lock = threading.Lock()
        self._targets: tuple[set[Path], set[Path]] = (set(), set())
        self._seen: dict[Path, tuple[int, int]] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="pnp-poll", daemon=True)
        self._thread.start()

    def describe(self) -> str:
        return f"polling every {self.interval:g} s"

    def watch(self, recursive: set[Path], files: set[Path], ignored: set[Path]) -> None:
        with self._lock:
            self._ignored = tuple(ignored)
            self._targets = (set(recursive), set(files))
            for path, stamp in self._look().items():  # a change made meanwhile is still seen
                self._seen.setdefault(path, stamp)

    def _look(self) -> dict[Path, tuple[int, int]]:
        recursive, files = self._targets
        found = set(files)
        for folder in recursive:
            found.update(p for p in folder.rglob("*") if p.is_file())
        stamps = {}
        for path in found:
            try:
                stat = path.stat()
            except OSError:
                continue
            stamps[path] = (stat.st_size, stat.st_mtime_ns)
        return stamps

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            with self._lock:
                self._seen = self._report(self._look())

    def _report(self, now: dict[Path, tuple[int, int]]) -> dict[Path, tuple[int, int]]:
        """Put the files whose stamp changed since the last look and then held still for `QUIET`
        seconds; answer the stamps the next look compares with (a file still being written keeps
        its old stamp, so it is seen at the next look, whole)."""
        moved = {path for path in set(now) | set(self._seen) if now.get(path) != self._seen.get(path)}
        if not moved:
            return now
        time.sleep(QUIET)
        again = self._look()
        kept = dict(now)
        for path in sorted(moved):
            if again.get(path) == now.get(path):
                self._put(str(path))
            elif path in self._seen:
                kept[path] = self._seen[path]
            else:
                kept.pop(path, None)
        return kept

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
