"""Per-file caches of pnp.sources (picture checks, file digests, sanitized SVGs) see a file that
changed during the run: digests are kept per version of the file (path, size, time, inode), checks
and parsed SVGs per digest of the bytes read."""
from __future__ import annotations

import os

from PIL import Image

from pnp.draw.forms import FormCache
from pnp.sources.files import input_digest
from pnp.sources.pictures import picture_info

from conftest import ROOT


def _rewrite(path, write) -> None:
    """Write the file anew with a modification time that differs whatever the clock's grain."""
    before = os.stat(path).st_mtime_ns
    write()
    os.utime(path, ns=(before + 10**9, before + 10**9))


def test_a_changed_picture_is_probed_and_hashed_again(tmp_path):
    path = tmp_path / "art.png"
    Image.new("RGB", (10, 10), (200, 0, 0)).save(path)
    first = input_digest(path), picture_info(path)[0]
    _rewrite(path, lambda: Image.new("RGB", (20, 12), (0, 0, 200)).save(path))
    second = input_digest(path), picture_info(path)[0]
    assert (first[1].width, first[1].height) == (10, 10) and (second[1].width, second[1].height) == (20, 12)
    assert first[0] != second[0]
    assert input_digest(path) == second[0]  # and cached again


def test_a_changed_svg_is_parsed_again(tmp_path):
    path = tmp_path / "art.svg"
    svg = (ROOT / "icons" / "ankh.svg").read_text(encoding="utf-8")
    path.write_text(svg, encoding="utf-8")
    forms = FormCache(None, root=tmp_path)
    width = forms.drawing(str(path)).width
    _rewrite(path, lambda: path.write_text(svg.replace('width="512"', 'width="500"', 1),
                                           encoding="utf-8"))
    assert forms.drawing(str(path)).width == width * 500 / 512  # svglib gives points (0.75 px)
