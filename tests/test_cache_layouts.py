"""The build cache's shared digest and the project's layouts (pnp.cache): every layout is digested by
its content, a layout reached through a symbolic link only when the link stays inside the project —
a link out of it is never read, whether the file or the layouts folder itself is the link."""
from __future__ import annotations

from pathlib import Path

import pnp.cache
from pnp.cache import BuildCache


def _shared(root: Path, tmp_path: Path) -> str:
    """The shared digest as a new process makes it."""
    pnp.cache._KNOWN.clear()
    return BuildCache(root, tmp_path / "out", "key")._shared_now()


def _project(tmp_path: Path) -> tuple[Path, Path]:
    root, outside = tmp_path / "project", tmp_path / "elsewhere"
    (root / "layouts" / "sub").mkdir(parents=True)
    (root / "decks").mkdir()
    outside.mkdir()
    (root / "layouts" / "a.yaml").write_text("a: 1\n")
    (root / "layouts" / "sub" / "b.yaml").write_text("b: 1\n")
    (root / "decks" / "shared.yaml").write_text("s: 1\n")
    (outside / "out.yaml").write_text("o: 1\n")
    return root, outside


def test_every_layout_in_the_folder_and_below_it_is_digested_by_content(tmp_path):
    root, _ = _project(tmp_path)
    first = _shared(root, tmp_path)
    assert _shared(root, tmp_path) == first
    for path in (root / "layouts" / "a.yaml", root / "layouts" / "sub" / "b.yaml"):
        path.write_text(path.read_text() + "x: 2\n")
        now = _shared(root, tmp_path)
        assert now != first
        first = now
    (root / "layouts" / "c.yaml").write_text("c: 1\n")
    assert _shared(root, tmp_path) != first


def test_a_layout_linked_out_of_the_project_is_not_read_one_linked_inside_is(tmp_path):
    root, outside = _project(tmp_path)
    (root / "layouts" / "out.yaml").symlink_to(outside / "out.yaml")
    (root / "layouts" / "in.yaml").symlink_to(root / "decks" / "shared.yaml")
    first = _shared(root, tmp_path)
    (outside / "out.yaml").write_text("o: 2, a longer text\n")
    assert _shared(root, tmp_path) == first  # (never read: its line says no digest)
    (root / "decks" / "shared.yaml").write_text("s: 2, a longer text\n")
    assert _shared(root, tmp_path) != first


def test_a_layouts_folder_linked_out_of_the_project_is_not_read(tmp_path):
    root, outside = _project(tmp_path)
    real = root / "layouts"
    real.rename(tmp_path / "layouts-away")
    real.symlink_to(tmp_path / "layouts-away")
    first = _shared(root, tmp_path)
    (tmp_path / "layouts-away" / "a.yaml").write_text("a: 2, a longer text\n")
    assert _shared(root, tmp_path) == first
    real.unlink()
    (root / "kept").mkdir()
    (tmp_path / "layouts-away").rename(root / "kept" / "layouts")
    real.symlink_to(root / "kept" / "layouts")  # (a link that stays inside the project: read)
    first = _shared(root, tmp_path)
    (root / "kept" / "layouts" / "a.yaml").write_text("a: 3, a longer text still\n")
    assert _shared(root, tmp_path) != first
