"""Incremental builds: a kit whose inputs have not changed since its last build is not rebuilt.

Contract: `BuildCache(root, out, options_key)` reads `<out>/.pnp-cache.json`. A kit's entry holds
the content digest of every file its last successful build read (`KitReport.inputs`: its YAML
files, components and pictures, wherever they lie in the project), the digest of what every kit
shares (pnp's version, the build options, the project's layouts by content, its fonts and icons and
pnp's own source by size and modification time) and the digests of the PDFs written. `fresh(kit_dir)`
answers the kit's cached manifest when none of those changed and the PDFs are still there, else
None, and `inputs(kit_dir)` the files its last recorded build read. `shared_files(root)` lists the
layouts, fonts and icons. `record(kit_dir, manifest, inputs)` stores a kit that a successful build
wrote, with the digests `fresh` computed before the build (a file edited while the build ran is
then found changed next time; only files the kit had not read before are hashed after it). `save()` writes the cache
atomically. Standard library only, so that `pnp build` with nothing to do returns without
importing the drawing pipeline.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from . import __version__
from .fileio import file_hash, write_atomic

CACHE_NAME = ".pnp-cache.json"
_PACKAGE = Path(__file__).resolve().parent


SHARED_TREES = (("layouts", "*.yaml"), ("fonts", "*"), ("icons", "*.svg"))  # what every kit may use


def _tree(folder: Path, pattern: str = "*") -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob(pattern) if p.is_file() and "__pycache__" not in p.parts)


def shared_files(root: Path) -> list[Path]:
    """The project's files that every kit may use: its layouts, fonts and icons."""
    return [path for folder, pattern in SHARED_TREES for path in _tree(Path(root) / folder, pattern)]


class BuildCache:
    def __init__(self, root: Path, out: Path, options_key: str):
        self.root = Path(root).resolve()
        self.path = Path(out) / CACHE_NAME
        self.options_key = options_key
        self._shared: str | None = None
        self._digests: dict[str, str | None] = {}
        try:
            self.entries: dict = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.entries = {}

    def _shared_digest(self) -> str:
        """Layouts (by content), fonts, icons and pnp itself (by size and time): shared by every kit."""
        if self._shared is None:
            h = hashlib.sha256(f"{__version__}|{self.options_key}".encode())
            for path in _tree(self.root / "layouts", "*.yaml"):
                h.update(f"{path.relative_to(self.root).as_posix()}|{file_hash(path)}\n".encode())
            for folder, pattern in ((self.root / "fonts", "*"), (self.root / "icons", "*.svg"), (_PACKAGE, "*.py")):
                for path in _tree(folder, pattern):
                    stat = path.stat()
                    h.update(f"{path.relative_to(folder).as_posix()}|{stat.st_size}|{stat.st_mtime_ns}\n".encode())
            self._shared = h.hexdigest()
        return self._shared

    def _digest(self, name: str) -> str | None:
        """The digest of input `name` (from the project root) when first asked, None if it is gone."""
        if name not in self._digests:
            try:
                self._digests[name] = file_hash(self.root / name)
            except OSError:
                self._digests[name] = None
        return self._digests[name]

    def _key(self, kit_dir: Path) -> str:
        return f"{Path(kit_dir).resolve().name}|{self.options_key}"

    def fresh(self, kit_dir: Path) -> dict | None:
        """The cached manifest of the kit if nothing it depends on changed, else None."""
        entry = self.entries.get(self._key(kit_dir))
        if not isinstance(entry, dict) or entry.get("shared") != self._shared_digest() or not entry.get("inputs"):
            return None
        if any(self._digest(name) != digest for name, digest in entry["inputs"].items()):
            return None
        for name, digest in entry.get("outputs", {}).items():
            if not Path(name).is_file() or file_hash(name) != digest:
                return None
        return entry["manifest"]

    def inputs(self, kit_dir: Path) -> list[str]:
        """The files the kit's last recorded build read (project-relative)."""
        entry = self.entries.get(self._key(kit_dir))
        return sorted(entry["inputs"]) if isinstance(entry, dict) and isinstance(entry.get("inputs"), dict) else []

    def record(self, kit_dir: Path, manifest: dict, inputs: list[str]) -> None:
        outputs = {f["path"]: file_hash(f["path"]) for f in manifest.get("files", [])}
        self.entries[self._key(kit_dir)] = {"shared": self._shared_digest(), "outputs": outputs,
                                            "inputs": {name: self._digest(name) for name in inputs},
                                            "manifest": manifest}

    def save(self) -> None:
        write_atomic(self.path, json.dumps(self.entries, indent=1, sort_keys=True).encode("utf-8"))
