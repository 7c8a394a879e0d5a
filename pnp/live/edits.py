"""The studio's edits of a project's YAML files, with undo and redo.

Contract: `History(root)` writes the new texts of an edit (`apply(texts, label)`: project-relative
YAML file -> new text) atomically (`core.fileio.write_atomic`, the file's permissions kept), each
file confined to the project (`keys.confined`: resolved, a plain YAML file inside it), and keeps the
bytes before and after. `undo()` puts back the bytes of the last edit, `redo()` writes again the
last undone one; each refuses (`EditError`) when a file no longer holds the bytes it left there
(edited meanwhile, in an editor), so nothing written by someone else is lost. A new edit drops what
was undone. At most `KEEP` edits are kept. Every method may be called from any thread.
"""
from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

from ..core.fileio import write_atomic
from .keys import confined
from .yamledit import EditError

KEEP = 200


@dataclass(frozen=True)
class Edit:
    label: str
    files: tuple[tuple[str, bytes, bytes], ...]  # (project-relative file, bytes before, bytes after)


class History:
    def __init__(self, root: Path):
        self.root = Path(root)
        self._done: list[Edit] = []
        self._undone: list[Edit] = []
        self._lock = threading.Lock()

    def apply(self, texts: dict[str, str], label: str) -> Edit:
        with self._lock:
            files = tuple((name, confined(self.root, name).read_bytes(), text.encode("utf-8"))
                          for name, text in sorted(texts.items()))
            edit = Edit(label, tuple(f for f in files if f[1] != f[2]))
            self._write(edit, before=False)
            self._done = (self._done + [edit])[-KEEP:]
            self._undone.clear()
            return edit

    def undo(self) -> Edit:
        with self._lock:
            if not self._done:
                raise EditError("nothing to undo")
            edit = self._done[-1]
            self._write(edit, before=True)
            self._undone.append(self._done.pop())
            return edit

    def redo(self) -> Edit:
        with self._lock:
            if not self._undone:
                raise EditError("nothing to redo")
            edit = self._undone[-1]
            self._write(edit, before=False)
            self._done.append(self._undone.pop())
            return edit

    def counts(self) -> dict[str, int]:
        with self._lock:
            return {"undo": len(self._done), "redo": len(self._undone)}

    def _write(self, edit: Edit, before: bool) -> None:
        """Write each file's bytes before (undo) or after the edit, once all hold what they should."""
        paths = [confined(self.root, name) for name, _, _ in edit.files]
        for path, (name, old, new) in zip(paths, edit.files):
            expected = new if before else old
            if path.read_bytes() != expected:
                raise EditError(f"{name} changed since the studio {'wrote' if before else 'read'} it "
                                "(edited elsewhere?): nothing was written")
        for path, (name, old, new) in zip(paths, edit.files):
            mode = os.stat(path).st_mode & 0o7777
            write_atomic(path, old if before else new)
            os.chmod(path, mode)
