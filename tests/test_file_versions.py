"""Per-file caches of draw/ (picture headers, picture digests, parsed SVGs) see a file that changed
during the run: they are keyed on the path, the modification time and the size."""
from __future__ import annotations

import os

from PIL import Image

from pnp.draw import forms, images

from conftest import ROOT


def _rewrite(path, write) -> None:
    """Write the file anew with a modification time that differs whatever the clock's grain."""
    before = os.stat(path).st_mtime_ns
    write()
    os.utime(path, ns=(before + 10**9, before + 10**9))


def test_a_changed_picture_is_probed_and_hashed_again(tmp_path):
    path = tmp_path / "art.png"
    Image.new("RGB", (10, 10), (200, 0, 0)).save(path)
    first = forms.file_digest(str(path)), images.probe(str(path))
    _rewrite(path, lambda: Image.new("RGB", (20, 12), (0, 0, 200)).save(path))
    second = forms.file_digest(str(path)), images.probe(str(path))
    assert first[1][2:] == (10, 10) and second[1][2:] == (20, 12)
    assert first[0] != second[0]
    assert forms.file_digest(str(path)) == second[0]  # and cached again


def test_a_changed_svg_is_parsed_again(tmp_path):
    path = tmp_path / "art.svg"
    svg = (ROOT / "icons" / "ankh.svg").read_text(encoding="utf-8")
    path.write_text(svg, encoding="utf-8")
    width = forms._drawing(str(path)).width
    _rewrite(path, lambda: path.write_text(svg.replace('width="512"', 'width="500"', 1),
                                           encoding="utf-8"))
    assert forms._drawing(str(path)).width == width * 500 / 512  # svglib gives points (0.75 px)
