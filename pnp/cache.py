"""Incremental builds: a kit whose inputs have not changed since its last build is not rebuilt.

Contract: `BuildCache(root, out, options_key)` is the build state of one project (its resolved
path) building into one output folder (resolved), kept in the user's cache folder
(`<cache>/builds/<digest of both paths>.json`, `pnp.core.fileio`), never in the project or its
output folder: a shared project that carries PDFs and a planted state is built, not reported up to
date. A kit's entry holds the digest of every file its last successful build read (`KitReport.inputs`:
the digests of the bytes actually read, so a file edited while the build ran is found changed next
time), the digest of what every kit shares (pnp's version, the build options, the project's layouts
by content, its fonts and icons and pnp's own source by size and modification time) and the
digests of the PDFs written. `fresh(kit_dir)` answers the kit's cached manifest when none of those
changed and the PDFs are still there, else None, and `inputs(kit_dir)` the files its last recorded
build read; `shared_files(root)` lists the layouts, fonts and icons, `stamp_files(paths)` stamps
files by name, size, times and inode; given `stamped` (a resident's stamp of the shared files and its
memory of their digest by stamp), the shared digest is made again only when that stamp changed. `record(kit_dir, manifest,
inputs)` stores a kit that a successful build wrote. `save()` writes the state atomically (an
OSError if it cannot; not at all when caches are read-only) and, once a process, keeps the states
of the newest `KEEP_STATES` output folders only (the folder grew by one state per output folder
ever built). The state is plain JSON, checked when
read: an entry of another shape is dropped and the kit built. Standard library only, so that `pnp
build` with nothing to do returns without importing the drawing pipeline.
"""
from __future__ import annotations

import hashlib
import json
import os
import time
from fnmatch import fnmatchcase
from pathlib import Path

from .core.version import __version__
from .core.cacheentry import trim
from .core.fileio import cache_folder, file_hash, read_cached, write_atomic, writes_allowed
from .core.report import KitReport
from .sources.files import InputError, inside

_PACKAGE = Path(__file__).resolve().parent


KEEP_STATES = 512  # output folders whose states are kept (the oldest dropped: those kits are built again)
SHARED_TREES = (("layouts", "*.yaml"), ("fonts", "*"), ("icons", "*.svg"))  # what every kit may use


def _tree(folder: Path, pattern: str = "*") -> list[Path]:
    """The files under `folder` whose name matches `pattern`, sorted, as `folder.rglob(pattern)` finds
    them (symbolic links to folders not followed), `__pycache__` left out."""
    if "__pycache__" in folder.parts:
        return []
    return [folder / name for name, _ in _walk(str(folder), (pattern,))[0]]


def _walk(folder: str, patterns: tuple[str, ...]) -> list[list[tuple[str, os.DirEntry]]]:
    """The files under `folder` matching each pattern (one list a pattern), as (path relative to
    `folder` in posix form, entry), sorted as `Path`s sort (part by part); read with `os.scandir`,
    whose entries know their kind without a `stat` each and keep the one `stat` they make (every
    build walks pnp's own sources)."""
    found: list[list[tuple[str, os.DirEntry]]] = [[] for _ in patterns]
    if not os.path.isdir(folder):
        return found
    tails = [p[1:] if p.startswith("*") and not any(c in p[1:] for c in "*?[") else None for p in patterns]
    folders = [(folder, "")]
    while folders:
        where, prefix = folders.pop()
        with os.scandir(where) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        folders.append((entry.path, f"{prefix}{entry.name}/"))
                elif entry.is_file():
                    for i, (pattern, tail) in enumerate(zip(patterns, tails)):
                        if entry.name.endswith(tail) if tail is not None else fnmatchcase(entry.name, pattern):
                            found[i].append((prefix + entry.name, entry))
    for files in found:
        files.sort(key=lambda item: item[0].split("/"))
    return found


def shared_files(root: Path) -> list[Path]:
    """The project's files that every kit may use: its layouts, fonts and icons."""
    return [path for folder, pattern in SHARED_TREES for path in _tree(Path(root) / folder, pattern)]


class BuildCache:
    def __init__(self, root: Path, out: Path, options_key: str, stamped: tuple[tuple, dict] | None = None):
        self.root, self.out = Path(root).resolve(), Path(out)
        where = f"{self.root}\0{Path(out).resolve()}".encode()
        self.path = cache_folder("builds") / f"{hashlib.sha256(where).hexdigest()}.json"
        self.options_key = options_key
        self._shared: str | None = None
        self._stamped = stamped  # a resident's stamp of the shared files (`stamp_files`), its digests by stamp
        self._digests: dict[str, str | None] = {}
        self.entries: dict[str, dict] = _load(self.path)

    def _shared_digest(self) -> str:
        """Layouts (by content), fonts, icons and pnp itself (by size and time): shared by every kit."""
        if self._shared is None:
            self._shared = self._remembered() if self._stamped is not None else self._shared_now()
        return self._shared

    def _remembered(self) -> str:
        """The digest a resident had for the same stamp of the shared files (their sizes, times and
        inodes, trusted as `known_hash` trusts them: once well past their last change), else made now."""
        stamp, known = self._stamped  # type: ignore[misc]
        key = (stamp, self.options_key)
        digest: str | None = known.get(key)
        if digest is None:
            digest = self._shared_now()
            known.clear()
            if _settled(stamp):
                known[key] = digest
        return digest

    def _shared_now(self) -> str:
        h = hashlib.sha256(f"{__version__}|{self.options_key}".encode())
        layouts = self.root / "layouts"
        linked = layouts.is_symlink()
        for rel, entry in _walk(str(layouts), ("*.yaml",))[0]:  # (a link out of the project: not read)
            name = f"layouts/{rel}"
            h.update(f"{name}|{self._digest(name, None if linked or entry.is_symlink() else entry.path)}\n".encode())
        for folder, pattern in ((self.root / "fonts", "*"), (self.root / "icons", "*.svg")):
            h.update(_stamps(folder, pattern).encode())
        h.update(_package_stamps().encode())
        return h.hexdigest()

    def _digest(self, name: str, found: str | None = None) -> str | None:
        """The digest of input `name` (from the project root) now, None if it is gone or outside;
        `found`: its path as the walk of the project's resolved root met it through no symbolic link
        (inside the project, then: not checked again)."""
        if name not in self._digests:
            try:
                self._digests[name] = known_hash(Path(found) if found else inside(self.root, self.root / name))
            except (OSError, InputError):
                self._digests[name] = None
        return self._digests[name]

    def _key(self, kit_dir: Path) -> str:
        return f"{Path(kit_dir).resolve().name}|{self.options_key}"

    def fresh(self, kit_dir: Path) -> dict | None:
        """The cached manifest of the kit if nothing it depends on changed, else None."""
        entry = self.entries.get(self._key(kit_dir))
        if entry is None or entry["shared"] != self._shared_digest() or not entry["inputs"]:
            return None
        if any(self._digest(name) != digest for name, digest in entry["inputs"].items()):
            return None
        for name, digest in entry["outputs"].items():
            if not Path(name).is_file() or known_hash(Path(name)) != digest:
                return None
        manifest: dict = entry["manifest"]
        return manifest

    def inputs(self, kit_dir: Path) -> dict[str, str]:
        """The files the kit's last recorded build read (project-relative), with their digests."""
        entry = self.entries.get(self._key(kit_dir))
        return dict(entry["inputs"]) if entry is not None else {}

    def record(self, kit_dir: Path, manifest: dict, inputs: dict[str, str]) -> None:
        outputs = {str(Path(f["path"]).resolve()): file_hash(f["path"]) for f in manifest.get("files", [])}
        self.entries[self._key(kit_dir)] = {"shared": self._shared_digest(), "outputs": outputs,
                                            "inputs": dict(inputs), "manifest": manifest}

    def save(self) -> None:
        if writes_allowed():
            write_atomic(self.path, json.dumps(self.entries, sort_keys=True).encode("utf-8"))  # (C's encoder)
            trim(self.path.parent, ".json", KEEP_STATES)


def stamp_files(paths: list[Path]) -> tuple:
    """Files by name, size, times and inode (one that cannot be read left out)."""
    found = []
    for path in paths:
        try:
            stat = os.stat(path)
        except OSError:
            continue
        found.append((path.as_posix(), stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino))
    return tuple(found)


def _settled(stamp: tuple) -> bool:
    """Whether every file stamped was last changed well before now (`RACY_NS`, as `known_hash`)."""
    now = time.time_ns()
    return all(now - max(mtime, ctime) > RACY_NS for _, _, mtime, ctime, _ in stamp)


def _stamps(folder: Path, pattern: str) -> str:
    """The files of a tree by name, size and modification time."""
    return _lines(_walk(str(folder), (pattern,))[0])


def _lines(files: list[tuple[str, os.DirEntry]]) -> str:
    lines = []
    for name, entry in files:
        stat = entry.stat()
        lines.append(f"{name}|{stat.st_size}|{stat.st_mtime_ns}\n")
    return "".join(lines)


_PACKAGE_STAMPS: list[str] = []


def _package_stamps() -> str:
    """pnp's own sources, stamped once per process: a process runs the code it loaded (a long-lived
    one, `pnp watch`, does not walk them again each build; a later process stamps them anew). One
    walk of the package finds both kinds of file; each file's size and modification time, so an
    edited source (an editable install, a checkout) makes every kit stale."""
    if not _PACKAGE_STAMPS:
        sources, data = _walk(str(_PACKAGE), ("*.py", "*.yaml"))
        _PACKAGE_STAMPS.append(_lines(sources) + _lines(data))
    return _PACKAGE_STAMPS[0]


_KNOWN: dict[tuple, str] = {}  # (path, size, mtime, ctime, inode) -> content digest, this process's
RACY_NS = 50_000_000  # a file hashed this soon after its last change may change again with the same times


def known_hash(path: Path) -> str:
    """A file's content digest, hashed again unless this process hashed it with the same size, times
    and inode, well after that time (as git does with a racily clean file: timestamps are coarse,
    two writes within one tick leave the same time); a resident process checks the same inputs and
    PDFs every build."""
    stat = os.stat(path)
    key = (str(path), stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino)
    digest = _KNOWN.get(key)
    if digest is None:
        hashed_at = time.time_ns()
        digest = file_hash(path)
        if hashed_at - max(stat.st_mtime_ns, stat.st_ctime_ns) > RACY_NS:
            if len(_KNOWN) > 4096:
                _KNOWN.clear()
            _KNOWN[key] = digest
    return digest


def _load(path: Path) -> dict[str, dict]:
    """The entries of the state file that have the shape `record` gives them (others dropped)."""
    try:
        data = json.loads(read_cached(path))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {key: entry for key, entry in data.items() if _valid(entry)}


def _valid(entry: object) -> bool:
    if not (isinstance(entry, dict) and isinstance(entry.get("shared"), str) and isinstance(entry.get("manifest"), dict)
            and _text_map(entry.get("inputs")) and _text_map(entry.get("outputs"))):
        return False
    try:
        KitReport.from_json(entry["manifest"])
    except (KeyError, TypeError, ValueError, AttributeError):
        return False
    return True


def _text_map(value: object) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())
