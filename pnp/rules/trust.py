"""Trust for kit code: a kit's rules model runs only once the user has trusted its files' digests.

Contract: a rules model is Python code that a kit names (docs/RULES.md); it runs only when it is
trusted, as direnv runs an `.envrc` only after `direnv allow`, mise a config after `mise trust`,
and VS Code a folder's tasks only in a trusted workspace. `digest(files)` is the model's digest
(SHA-256 over each file's path relative to the kit folder and its bytes, sorted by path): trust
is by content, so identical code is trusted wherever it lies, and any edit, added or removed file
makes it untrusted again. `verdict(root, files)` returns None when the model is trusted, else the
`Untrusted` reason: never trusted, or changed since (with the files that changed, appeared or
went). A model is trusted when:
- the user's trust file records its digest (`trust(root, files)`, which `pnp trust KIT` calls
  after showing the files): `trust.json` in the user's config folder, `$PNP_CONFIG_DIR`, else
  `$XDG_CONFIG_HOME/pnp`, else `~/.config/pnp` (read at each call; never in a project, which a
  shared kit could plant a file in). It holds, per model path, the digest and the digest of each
  file (to say what changed), plain JSON, written atomically;
- or its kit folder lies under a folder listed in `$PNP_TRUSTED_FOLDERS` (paths separated by
  `os.pathsep`), as VS Code trusts a parent folder: a user's or a test suite's own setting (the
  tests' conftest lists its temporary folder), never something a kit can set.
`shipped()` is the digest of each kit model pnp ships (`shipped.json`, beside this module):
`pnp trust --shipped` trusts a project's kits whose model is byte for byte the shipped one, so
the Quick start trusts them explicitly without trusting anything else. `python -m
pnp.rules.trust DECKS` rewrites that file from a checkout's kits (the tests say when it is stale).
Standard library only (and pnp.core.fileio).
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ..core.fileio import write_atomic

FILE = "trust.json"
FORMAT = "pnp-trust/1"
SHIPPED = Path(__file__).with_name("shipped.json")


def config_root() -> Path:
    """The user's pnp config folder (made only when `pnp trust` writes into it)."""
    own = os.environ.get("PNP_CONFIG_DIR")
    if own:
        return Path(own).expanduser().absolute()
    xdg = os.environ.get("XDG_CONFIG_HOME")
    base = Path(xdg).expanduser() if xdg and Path(xdg).is_absolute() else Path.home() / ".config"
    return (base / "pnp").absolute()


def file_digests(root: Path, files: Mapping[Path, bytes]) -> dict[str, str]:
    """Each file's SHA-256, by its path relative to the kit folder `root` (POSIX)."""
    return {path.relative_to(root).as_posix(): hashlib.sha256(text).hexdigest()
            for path, text in files.items()}


def digest(root: Path, files: Mapping[Path, bytes]) -> str:
    """The model's digest: its files' paths and bytes, sorted by path."""
    whole = hashlib.sha256()
    for name, text in sorted((p.relative_to(root).as_posix(), t) for p, t in files.items()):
        whole.update(name.encode() + b"\0" + len(text).to_bytes(8, "big") + text)
    return whole.hexdigest()


@dataclass(frozen=True)
class Untrusted:
    """Why a model may not run: `files` (relative to the kit folder) it holds; `changed` the files
    that differ from the trusted version (edited, added or removed), empty when never trusted."""

    files: tuple[str, ...]
    changed: tuple[str, ...] = ()

    def reason(self) -> str:
        if self.changed:
            return f"its code changed since you trusted it ({', '.join(self.changed)})"
        return f"its code is not trusted ({', '.join(self.files)})"


def _entry_key(entry: Path) -> str:
    return str(Path(entry).resolve())


def _store() -> dict[str, dict]:
    """The trusted models by entry path, or none when the file is missing or not pnp's."""
    try:
        data = json.loads((config_root() / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    models = data.get("models") if isinstance(data, dict) and data.get("format") == FORMAT else None
    return {k: v for k, v in models.items() if isinstance(v, dict)} if isinstance(models, dict) else {}


def _in_trusted_folder(root: Path) -> bool:
    listed = [Path(p).expanduser().resolve() for p in os.environ.get("PNP_TRUSTED_FOLDERS", "").split(os.pathsep)
              if p.strip()]
    here = Path(root).resolve()
    return any(here.is_relative_to(folder) for folder in listed)


def verdict(root: Path, entry: Path, files: Mapping[Path, bytes]) -> Untrusted | None:
    """None when the model (kit folder `root`, entry file or package `entry`, its `files` as read)
    may run; else why not."""
    if _in_trusted_folder(root):
        return None
    store, wanted = _store(), digest(root, files)
    if any(record.get("digest") == wanted for record in store.values()):
        return None
    names = tuple(sorted(file_digests(root, files)))
    before = store.get(_entry_key(entry))
    if before is None or not isinstance(before.get("files"), dict):
        return Untrusted(names)
    now, then = file_digests(root, files), before["files"]
    changed = sorted(name for name in set(now) | set(then) if now.get(name) != then.get(name))
    return Untrusted(names, tuple(changed))


def trust(root: Path, entry: Path, files: Mapping[Path, bytes]) -> bool:
    """Record the model as trusted (False when it already was, under that path and digest)."""
    folder = config_root()
    path = folder / FILE
    store = _store()
    key, record = _entry_key(entry), {"digest": digest(root, files), "files": file_digests(root, files)}
    if store.get(key) == record:
        return False
    store[key] = record
    text = json.dumps({"format": FORMAT, "models": dict(sorted(store.items()))}, indent=2, ensure_ascii=False)
    write_atomic(path, (text + "\n").encode("utf-8"))
    return True


def shipped() -> dict[str, str]:
    """The digest of each rules model pnp ships, by kit folder name."""
    try:
        data = json.loads(SHIPPED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def shipped_digests(decks: Path) -> dict[str, str]:
    """The digest of the rules model of every kit under `decks` (a checkout's), by kit name."""
    from ..model.load import Project
    from .modelsource import model_files

    project = Project.open(decks.parent)
    out: dict[str, str] = {}
    for kit_dir in project.kit_dirs():
        kit, _ = project.load_kit(kit_dir)
        found = model_files(kit) if kit is not None else None
        if found is not None:
            out[kit_dir.name] = digest(*found[::2])
    return dict(sorted(out.items()))


def main(argv: list[str]) -> int:  # pragma: no cover - a maintainer's tool, run by hand
    """`python -m pnp.rules.trust DECKS`: rewrite shipped.json from the kits under DECKS."""
    decks = Path(argv[0] if argv else "decks").resolve()
    SHIPPED.write_text(json.dumps(shipped_digests(decks), indent=2) + "\n", encoding="utf-8")
    print(f"wrote {SHIPPED}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
