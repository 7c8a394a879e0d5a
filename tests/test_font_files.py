"""The font files of fonts.yaml are read on their first use (pnp/model/fonts.py `FontFiles`): a build
reads the fonts its texts use and no other, and none whole when its caches are warm (their digests
remembered by their times, pnp/sources/digestmemo.py, not when too fresh; an edit in place is seen);
one that cannot be read is reported as before."""
from __future__ import annotations

import hashlib
import io
import os
import tempfile
import time
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from conftest import BENCH_KIT, ROOT
from pnp.core.fileio import FileChanged
from pnp.core.options import Options
from pnp.layout import fontcache
from pnp.model import fonts as model_fonts
from pnp.model.fonts import read_fonts
from pnp.pipeline.project import build
from pnp.sources import digestmemo

NOTO = (ROOT / "fonts/NotoSans-Regular.ttf").read_bytes()


def _parsed_subset(codes: list[int]) -> bytes:
    stream = io.BytesIO(NOTO)
    stream.name = "A.ttf"
    return TTFontFace(stream).makeSubset(codes)


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "fonts").mkdir(parents=True)
    (root / "fonts/A.ttf").write_bytes(NOTO)
    (root / "fonts/B.ttf").write_bytes(b"first bytes")
    (tmp_path / "outside.ttf").write_bytes(NOTO)
    os.symlink(tmp_path / "outside.ttf", root / "fonts/Out.ttf")
    (root / "fonts/fonts.yaml").write_text(
        "A:\n  regular: A.ttf\n  bold: B.ttf\nGone:\n  regular: Gone.ttf\nOut:\n  regular: Out.ttf\n", encoding="utf-8")
    return root


def test_a_font_file_is_read_on_its_first_look_up(tmp_path):
    root = _project(tmp_path)
    fonts = read_fonts(root)
    (root / "fonts/B.ttf").write_bytes(b"bytes written after fonts.yaml was read")
    assert "B.ttf" in fonts.data and fonts.data["B.ttf"] == b"bytes written after fonts.yaml was read"
    assert fonts.data["A.ttf"] == NOTO
    assert "Gone.ttf" not in fonts.data and "no file" in fonts.unreadable["Gone.ttf"]
    assert "Out.ttf" not in fonts.data and "leaves the project" in fonts.unreadable["Out.ttf"]
    assert "Other.ttf" not in fonts.data and "Other.ttf" not in fonts.unreadable  # (not named by fonts.yaml)
    assert sorted(fonts.data) == ["A.ttf", "B.ttf"] and len(fonts.data) == 2


def test_a_build_reads_only_the_fonts_its_texts_use(monkeypatch):
    opened: list[str] = []
    read: list[str] = []

    def spy(real, into):
        def recorded(path, *args, **kwargs):
            into.append(Path(path).name)
            return real(path, *args, **kwargs)
        return recorded

    # (what is read whole depends on the caches an earlier build of this process left: only opened is exact)
    monkeypatch.setattr(model_fonts, "read_head", spy(model_fonts.read_head, opened))
    monkeypatch.setattr(model_fonts, "read_input", spy(model_fonts.read_input, read))
    with tempfile.TemporaryDirectory() as out:
        build(ROOT, [str(BENCH_KIT)], Options(out=Path(out), paper="a4", backs="long-edge"))
    assert sorted(opened) == ["NotoSans-Bold.ttf", "NotoSans-Regular.ttf"]  # of the 7 files fonts.yaml names
    assert set(read) <= set(opened)


def test_a_build_from_warm_caches_reads_no_font_whole(monkeypatch):
    with tempfile.TemporaryDirectory() as out:  # (the caches warmed, the digests remembered)
        build(ROOT, [str(BENCH_KIT)], Options(out=Path(out), paper="a4", backs="long-edge"))
    time.sleep(0.06)  # (past RACY_NS since they were last changed, if the test wrote them)
    digestmemo._MEMOS.clear()
    read: list[str] = []
    real = model_fonts.read_input

    def recorded(path, *args, **kwargs):
        read.append(Path(path).name)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(model_fonts, "read_input", recorded)
    for _ in range(2):  # (the first may learn the digests: fonts copied just now are too fresh to keep)
        read.clear()
        with tempfile.TemporaryDirectory() as out:
            build(ROOT, [str(BENCH_KIT)], Options(out=Path(out), paper="a4", backs="long-edge"))
    assert read == []


def _source(root: Path, written: str = "A.ttf") -> model_fonts.FontSource:
    source = read_fonts(root).data.source(written)
    assert source is not None
    return source


def test_a_digest_is_remembered_for_the_files_times_and_not_when_too_fresh(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    root = _project(tmp_path)
    with monkeypatch.context() as fresh:
        fresh.setattr(digestmemo, "RACY_NS", 10**18)  # (every file changed just before it is hashed)
        assert _source(root).sha == hashlib.sha256(NOTO).hexdigest()
    assert digestmemo._read(digestmemo.memo_path()) == {}  # hashed within RACY_NS of its writing: not kept
    time.sleep(0.06)
    assert _source(root).sha == hashlib.sha256(NOTO).hexdigest()
    assert list(digestmemo._read(digestmemo.memo_path()).values()) == [hashlib.sha256(NOTO).hexdigest()]
    digestmemo._MEMOS.clear()
    again = _source(root)
    assert again.sha == hashlib.sha256(NOTO).hexdigest() and again._whole is None  # known: not read


def test_a_font_edited_in_place_with_its_times_written_back_is_read_again(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    root = _project(tmp_path)
    font = root / "fonts/A.ttf"
    time.sleep(0.06)
    assert _source(root).sha == hashlib.sha256(NOTO).hexdigest()  # (remembered)
    before = font.stat()
    edited = NOTO[:-4] + b"edit"  # the same size
    with open(font, "r+b") as handle:  # in place: the same inode
        handle.write(edited)
    os.utime(font, ns=(before.st_atime_ns, before.st_mtime_ns))  # the same modification time
    assert font.stat().st_size == before.st_size and font.stat().st_mtime_ns == before.st_mtime_ns
    assert _source(root).sha == hashlib.sha256(edited).hexdigest()


def test_a_planted_or_damaged_memo_is_ignored(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    root = _project(tmp_path)
    path = digestmemo.memo_path()
    path.parent.mkdir(parents=True)
    info = (root / "fonts/A.ttf").stat()
    for body in (b"not json", b'{"format": 1, "digests": {"%s": "print()"}}' % digestmemo.key(info).encode(),
                 b'{"format": 2, "digests": {}}', b"[]"):
        path.write_bytes(body)
        digestmemo._MEMOS.clear()
        assert _source(root).sha == hashlib.sha256(NOTO).hexdigest()


def test_a_cached_faces_bytes_are_read_when_a_subset_needs_them_and_must_be_its_files(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    root = _project(tmp_path)
    sha = hashlib.sha256(NOTO).hexdigest()
    stream = io.BytesIO(NOTO)
    stream.name = "A.ttf"
    fontcache.store(TTFont("P", stream), "A.ttf", NOTO, sha)
    faces = []
    for _ in range(2):
        source = _source(root)
        font = fontcache.cached("C", "A.ttf", lambda source=source: source.checked(sha), sha, source.head)
        assert font is not None and "_ttf_data" not in vars(font.face) and source._whole is None
        faces.append((font.face, source))
    face, source = faces[0]
    assert face.makeSubset([0, 65, 66]) == _parsed_subset([0, 65, 66])  # (the bytes read now, checked)
    assert source._whole == NOTO and face._ttf_data == NOTO
    stale, _ = faces[1]
    (root / "fonts/A.ttf").write_bytes(NOTO[:-4] + b"edit")
    with pytest.raises(FileChanged):  # (a build reports it: the run is void, "run again once it is saved")
        stale.makeSubset([0, 67])
