"""Caches a shared project cannot plant: nothing in a project is ever unpickled or executed, caches
hold checked plain data in the user's cache folder, damaged entries are made again, a project with
planted PDFs and build state is built, not "up to date", and `pnp check` writes nothing at all."""
from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
from pathlib import Path

import pytest

from pnp import __version__
from pnp.cache import BuildCache
from pnp.core.fileio import cache_root
from pnp.core.options import Options

from hostile import pnp, snapshot, tiny_kit


class _Payload:
    """Unpickled, it creates `marker`: what a planted cache entry could run."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def test_a_pickle_planted_in_the_project_never_runs(project, tmp_path):
    root = project("similis")
    marker = tmp_path / "pwned"
    for path in [*root.rglob("*.yaml")]:
        text = path.read_text(encoding="utf-8")
        key = hashlib.sha256(f"{__version__}\0{text}".encode()).hexdigest()
        for folder in (root / ".pnp-cache" / "yaml", cache_root() / "yaml"):
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{key}.pickle").write_bytes(pickle.dumps(_Payload(marker)))
    for command in (["check"], ["build", "--out", str(tmp_path / "out")], ["list"]):
        assert pnp(root, *command).exit_code == 0
    assert not marker.exists()


def test_check_and_list_write_nothing_and_a_build_writes_only_its_pdfs_and_the_user_cache(project, tmp_path,
                                                                                         monkeypatch):
    root = project("similis")
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.chdir(tmp_path)
    before, kit_before = snapshot(tmp_path), snapshot(root)
    for command in (["check"], ["check", "--json"], ["list"]):
        assert pnp(root, *command).exit_code == 0
        assert snapshot(tmp_path) == before, command
    assert pnp(root, "build", "--out", str(tmp_path / "out")).exit_code == 0
    assert snapshot(root) == kit_before
    written = set(snapshot(tmp_path)) - set(before)
    assert {p.split("/")[0] for p in written} == {"out", "cache"}
    folders = {p.split("/")[1] for p in written if p.startswith("cache/") and "/" in p[6:]}
    assert folders - {"fonts"} == {"yaml", "builds"}  # fonts/: parsed faces, subsets, digests (when not in memory)
    assert not [p for p in written if p.endswith((".pickle", ".part"))]


def test_the_cache_folder_is_the_users(monkeypatch, tmp_path):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "own"))
    assert cache_root() == tmp_path / "own"
    monkeypatch.delenv("PNP_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "pnp"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_root() == tmp_path / "home" / ".cache" / "pnp"


@pytest.mark.parametrize("damage", [
    lambda blob: blob[:len(blob) // 2],  # truncated
    lambda blob: blob.replace(b'"', b"'", 3),  # not JSON any more
    lambda blob: blob[:-8] + b"12345678",  # the right length, other data: the checksum says so
    lambda blob: b'{"format": 1}\n[]',  # JSON of another shape
])
def test_a_damaged_parse_cache_entry_is_a_miss_and_made_again(project, tmp_path, monkeypatch, damage):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    root = project("similis")
    assert pnp(root, "build", "--out", str(tmp_path / "out")).exit_code == 0
    entries = sorted((tmp_path / "cache" / "yaml").iterdir())
    assert entries and all(json.loads(e.read_bytes().partition(b"\n")[0])["format"] == 1 for e in entries)
    good = {e: e.read_bytes() for e in entries}
    for entry, blob in good.items():
        entry.write_bytes(damage(blob))
    assert pnp(root, "check").exit_code == 0
    assert pnp(root, "build", "--out", str(tmp_path / "again")).exit_code == 0
    assert {e: e.read_bytes() for e in entries} == good  # made again, as they were
    for name in ("cartes-a4.pdf", "aide-a4.pdf", "score-a4.pdf"):
        assert (tmp_path / "again/similis" / name).read_bytes() == (tmp_path / "out/similis" / name).read_bytes()


def test_an_image_cache_entry_of_the_right_length_but_other_bytes_is_not_embedded(project, tmp_path, monkeypatch):
    from PIL import Image

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    root = project()
    kit = tiny_kit(root, '    p: {type: image, src: "art/a.png", x: 5, y: 5, w: 20, h: 20}\n')
    Image.new("RGBA", (64, 64), (200, 40, 120, 128)).save(kit / "art/a.png")  # alpha: encoded, cached
    assert pnp(root, "build", "--out", str(tmp_path / "out"), "--backs", "none").exit_code == 0
    entries = list((tmp_path / "cache" / "images").iterdir())
    assert len(entries) == 1
    blob = entries[0].read_bytes()
    entries[0].write_bytes(blob[:-40] + bytes(40))
    assert pnp(root, "build", "--out", str(tmp_path / "again"), "--backs", "none").exit_code == 0
    assert (tmp_path / "again/k/cards-a4.pdf").read_bytes() == (tmp_path / "out/k/cards-a4.pdf").read_bytes()
    assert entries[0].read_bytes() == blob


def test_planted_pdfs_and_build_state_are_not_taken_as_up_to_date(project, tmp_path):
    """A project shared with its output folder (PDFs changed, and the build state of the sender's
    build that made them) is built again on the receiver's side."""
    sender = project("similis")
    out = sender / "output"
    assert pnp(sender, "build", "--out", str(out)).exit_code == 0
    receiver = tmp_path / "received"
    shutil.copytree(sender, receiver)
    planted = receiver / "output/similis/cartes-a4.pdf"
    planted.write_bytes(b"%PDF-1.4 not what the kit makes")
    result = pnp(receiver, "build", "--out", str(receiver / "output"), "--json")
    assert result.exit_code == 0
    assert [k["up_to_date"] for k in json.loads(result.stdout)["kits"]] == [False]
    assert planted.read_bytes() == (out / "similis/cartes-a4.pdf").read_bytes()


@pytest.mark.parametrize("state", [
    "[]", '{"similis|x": 3}', '{"k": {"shared": 1, "inputs": [], "outputs": {}, "manifest": {}}}',
    '{"k": {"shared": "s", "inputs": {}, "outputs": {}, "manifest": {"files": "none"}}}', "not json",
])
def test_a_build_state_of_the_wrong_shape_is_ignored(project, tmp_path, state):
    root = project("similis")
    out = tmp_path / "out"
    assert pnp(root, "build", "--out", str(out)).exit_code == 0
    path = BuildCache(root, out, Options().cache_key()).path
    data = json.loads(path.read_text(encoding="utf-8"))
    key = next(iter(data))
    path.write_text(state.replace('"k"', json.dumps(key)), encoding="utf-8")
    result = pnp(root, "build", "--out", str(out), "--json")
    assert result.exit_code == 0 and not json.loads(result.stdout)["kits"][0]["up_to_date"]
    assert pnp(root, "build", "--out", str(out), "--json").stdout.count('"up_to_date": true') == 1


def test_caches_follow_the_umask(project, tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    root = project("similis")
    old = os.umask(0o027)
    try:
        assert pnp(root, "build", "--out", str(tmp_path / "out")).exit_code == 0
    finally:
        os.umask(old)
    modes = {p.stat().st_mode & 0o777 for p in (tmp_path / "cache").rglob("*") if p.is_file()}
    assert modes == {0o640}


def test_a_layout_linked_out_of_the_project_is_not_read_by_the_build_cache(tmp_path):
    """The build cache fingerprints the project's layouts by content, but never reads a file that a
    symbolic link under layouts/ points at outside the project (the loader refuses that layout)."""
    root, outside = tmp_path / "proj", tmp_path / "secret.yaml"
    (root / "layouts").mkdir(parents=True)
    (root / "layouts/own.yaml").write_text("own: {}\n", encoding="utf-8")
    (root / "layouts/out.yaml").symlink_to(outside)

    def shared(text: str) -> str:
        outside.write_text(text, encoding="utf-8")
        return BuildCache(root, tmp_path / "out", Options().cache_key())._shared_digest()

    before = shared("a: 1\n")
    assert shared("b: 2\n") == before
    (root / "layouts/own.yaml").write_text("own: {size: poker}\n", encoding="utf-8")
    assert shared("b: 2\n") != before  # (while the project's own layouts count by content)
