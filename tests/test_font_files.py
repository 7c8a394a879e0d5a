"""The font files of fonts.yaml are read on their first use (pnp/model/fonts.py `FontFiles`): a build
reads the fonts its texts use and no other; one that cannot be read is reported as before."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from conftest import BENCH_KIT, ROOT
from pnp.core.options import Options
from pnp.model import fonts as model_fonts
from pnp.model.fonts import read_fonts
from pnp.pipeline.project import build

NOTO = (ROOT / "fonts/NotoSans-Regular.ttf").read_bytes()


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
    read: list[str] = []
    real = model_fonts.read_input

    def recorded(path, *args, **kwargs):
        read.append(Path(path).name)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(model_fonts, "read_input", recorded)
    with tempfile.TemporaryDirectory() as out:
        build(ROOT, [str(BENCH_KIT)], Options(out=Path(out), paper="a4", backs="long-edge"))
    assert sorted(read) == ["NotoSans-Bold.ttf", "NotoSans-Regular.ttf"]  # of the 7 files fonts.yaml names
