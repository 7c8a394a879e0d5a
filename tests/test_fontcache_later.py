"""A face from the font cache decodes the runs only a subset made from the file reads (glyphs'
characters, metrics, positions: `fontcache.LATER`) on their first read (pnp/layout/fontcache.py):
then, and in a copy, it holds ReportLab's parsed values in the parsed order; a run
planted with a key twice is taken from the file instead."""
from __future__ import annotations

import copy
import hashlib
import io
import json
import threading
from array import array

from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

from conftest import ROOT
from pnp.core.fileio import digest
from pnp.layout import fontcache, fontcodec

FILE = "NotoSans-Regular.ttf"
DATA = (ROOT / "fonts" / FILE).read_bytes()


def _parsed() -> TTFontFace:
    stream = io.BytesIO(DATA)
    stream.name = FILE
    return TTFont("P", stream).face


def _cached() -> TTFontFace:
    stream = io.BytesIO(DATA)
    stream.name = FILE
    fontcache.store(TTFont("P", stream), FILE, DATA, digest(DATA))
    font = fontcache.cached("C", FILE, DATA, digest(DATA))
    assert font is not None
    return font.face


def _same_as_parsed(face: TTFontFace) -> None:
    assert face.glyphToChar is not None  # (a first read decodes the runs, if they wait)
    mine, theirs = vars(face), vars(_parsed())
    assert list(mine) == list(theirs)
    for name in fontcache.LATER:
        assert fontcache._identical(mine[name], theirs[name]), name


def test_the_runs_wait_for_their_first_read_and_then_are_all_there_in_order(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    face = _cached()
    assert not set(fontcache.LATER) & set(vars(face))
    assert face.charWidths[ord("a")] == _parsed().charWidths[ord("a")]  # (read at once: no run decoded)
    assert not set(fontcache.LATER) & set(vars(face))
    assert face.hmetrics[3] == _parsed().hmetrics[3]
    _same_as_parsed(face)
    assert not fontcache.complete(face)  # nothing left


def test_an_unknown_attribute_is_no_attribute_and_decodes_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    face = _cached()
    assert getattr(face, "capHeightX", 7) == 7 and not hasattr(face, "nothing")
    assert not set(fontcache.LATER) & set(vars(face))


def test_a_copy_holds_every_run(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    for make in (copy.copy, copy.deepcopy):
        face = _cached()
        _same_as_parsed(make(face))
        _same_as_parsed(face)


def test_threads_reading_at_once_all_see_the_runs(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    face, seen = _cached(), []
    threads = [threading.Thread(target=lambda: seen.append(len(face.glyphToChar))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == [len(_parsed().glyphToChar)] * 4


def test_a_run_planted_with_a_key_twice_is_read_from_the_file(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    _cached()
    entry = fontcache.entry_path(FILE, digest(DATA))
    line, _, blob = entry.read_bytes().partition(b"\n")[2].partition(b"\n")
    spec = json.loads(line)
    keys = next(node for name, node in spec["attrs"] if name == "glyphToChar")["c"][0]
    offsets = [0]
    for code, count in spec["arrays"]:
        offsets.append(offsets[-1] + fontcodec.SIZES[code] * count)
    values = array(spec["arrays"][keys][0], blob[offsets[keys]:offsets[keys + 1]])
    values[1] = values[0]  # a glyph twice
    blob = blob[:offsets[keys]] + values.tobytes() + blob[offsets[keys + 1]:]
    body = line + b"\n" + blob
    head = {"format": fontcache.FORMAT, "key": entry.stem, "sha256": hashlib.sha256(body).hexdigest()}
    entry.write_bytes(json.dumps(head).encode() + b"\n" + body)
    font = fontcache.cached("C", FILE, DATA, digest(DATA))
    assert font is not None  # (the key twice is seen only when the run is read)
    _same_as_parsed(font.face)
