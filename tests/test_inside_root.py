"""`sources.files.inside`/`confine` resolve a project root that is its own real path once a process;
a root through a link pointed elsewhere later follows it, as a relative root follows the current
folder; a file outside the root is refused as before."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from pnp.sources.files import InputError, confine, inside


def _folder(path: Path) -> Path:
    path.mkdir(parents=True)
    (path / "x.yaml").write_text("a: 1\n", encoding="utf-8")
    return path


def test_a_root_link_pointed_elsewhere_later_is_followed(tmp_path):
    first, second = _folder(tmp_path / "first"), _folder(tmp_path / "second")
    root = tmp_path / "root"
    os.symlink(first, root)
    assert inside(root, root / "x.yaml") == (first / "x.yaml").resolve()
    root.unlink()
    os.symlink(second, root)
    assert inside(root, root / "x.yaml") == (second / "x.yaml").resolve()
    real = first.resolve()  # (a real root: resolved once)
    assert inside(real, real / "x.yaml") == real / "x.yaml" and inside(real, real / "x.yaml") == real / "x.yaml"


def test_a_relative_root_follows_the_current_folder(tmp_path, monkeypatch):
    first, second = _folder(tmp_path / "a" / "p"), _folder(tmp_path / "b" / "p")
    for folder in (first, second):
        monkeypatch.chdir(folder.parent)
        assert confine(Path("p"), Path("p"), "x.yaml") == (folder / "x.yaml").resolve()


def test_a_file_outside_the_root_is_refused(tmp_path):
    root = _folder(tmp_path / "root")
    _folder(tmp_path / "rootless")  # (a sibling whose name begins with the root's)
    os.symlink(tmp_path / "rootless" / "x.yaml", root / "out.yaml")
    with pytest.raises(InputError, match="leaves the project folder through a symbolic link"):
        inside(root, root / "out.yaml")
    with pytest.raises(InputError, match="leaves the project folder"):
        confine(root, root, "../rootless/x.yaml")
    assert inside(root, root / "x.yaml") == (root / "x.yaml").resolve()
