"""Incremental builds: a kit whose inputs have not changed since its last build is not rebuilt.

Contract: `BuildCache(root, out, options_key)` reads `<out>/.pnp-cache.json`. `fingerprint(kit_dir)`
hashes everything a kit's PDFs depend on — the kit's files and the project's layouts by content, its
fonts and icons and pnp's own source by size and modification time, and the build options — and `fresh(kit_dir)` is true when the last successful build
of that kit with these options had the same fingerprint and its PDFs are still there, unchanged.
`record(reports)` stores the kits a successful build wrote. This module uses the standard library
only, so that `pnp build` with nothing to do returns without importing the drawing pipeline.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from . import __version__
from .discover import all_kits, locate_kit

CACHE_NAME = ".pnp-cache.json"
_PACKAGE = Path(__file__).resolve().parent


def _tree(folder: Path, pattern: str = "*") -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts)


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class BuildCache:
    def __init__(self, root: Path, out: Path, options_key: str):
        self.root = Path(root).resolve()
        self.path = Path(out) / CACHE_NAME
        self.options_key = options_key
        self._shared: str | None = None
        try:
            self.entries: dict = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.entries = {}

    def _shared_digest(self) -> str:
        """Layouts (by content), fonts, icons and pnp itself (by size and time): shared by every kit."""
        if self._shared is None:
            h = hashlib.sha256(f"{__version__}|{self.options_key}".encode())
            for path in _tree(self.root / "layouts", "*.yaml"):
                _digest_abs(path, self.root, h)
            for folder, pattern in ((self.root / "fonts", "*"), (self.root / "icons", "*.svg"), (_PACKAGE, "*.py")):
                for path in _tree(folder, pattern):
                    stat = path.stat()
                    h.update(f"{path.relative_to(folder).as_posix()}|{stat.st_size}|{stat.st_mtime_ns}\n".encode())
            self._shared = h.hexdigest()
        return self._shared

    def fingerprint(self, kit_dir: Path) -> str:
        h = hashlib.sha256(self._shared_digest().encode())
        for path in _tree(Path(kit_dir)):
            _digest_abs(path, Path(kit_dir), h)
        return h.hexdigest()

    def _key(self, kit_dir: Path) -> str:
        return f"{Path(kit_dir).resolve().name}|{self.options_key}"

    def fresh(self, kit_dir: Path) -> dict | None:
        """The cached manifest of the kit if nothing it depends on changed, else None."""
        entry = self.entries.get(self._key(kit_dir))
        if not entry or entry.get("fingerprint") != self.fingerprint(kit_dir):
            return None
        for name, digest in entry.get("outputs", {}).items():
            path = Path(name)
            if not path.is_file() or file_hash(path) != digest:
                return None
        return entry["manifest"]

    def record(self, kit_dir: Path, manifest: dict) -> None:
        outputs = {f["path"]: file_hash(Path(f["path"])) for f in manifest.get("files", [])}
        self.entries[self._key(kit_dir)] = {"fingerprint": self.fingerprint(kit_dir), "outputs": outputs,
                                            "manifest": manifest}

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temp = self.path.with_name(f"{CACHE_NAME}.{os.getpid()}.part")
        temp.write_text(json.dumps(self.entries, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(temp, self.path)


def _digest_abs(path: Path, base: Path, into) -> None:
    into.update(path.relative_to(base).as_posix().encode())
    into.update(b"\0")
    into.update(path.read_bytes())


def kit_dirs(root: Path, names: list[str]) -> list[Path] | None:
    """Kit folders for `names` (all under decks/ when empty), or None if a name is not a kit folder
    (the full build then reports it properly)."""
    root = Path(root).resolve()
    if not names:
        return all_kits(root) or None
    found = [locate_kit(root, name) for name in names]
    return None if None in found else found
