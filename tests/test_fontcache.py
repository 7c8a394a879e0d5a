"""The font cache (pnp/layout/fontcache.py, fontcodec.py): a face built from the cache is the face
ReportLab parses — its attributes, its widths, its subsets and the PDF bytes —, and an entry that
is damaged, planted or of another file is dropped and the font parsed."""
from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import struct
import zlib
from array import array
from pathlib import Path
from unittest.mock import patch

import pypdf
import pytest
from reportlab import rl_config
from reportlab.pdfbase import pdfmetrics, ttfonts
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from conftest import BENCH_KIT, ROOT, build_ok, make_project
from pnp.core.fileio import digest, read_only
from pnp.core.options import Options
from pnp.layout import fontcache, fontcodec, fontsubset
from pnp.layout import fonts as fontbook
from pnp.model.fonts import read_fonts

BUNDLED = sorted(p.name for p in (ROOT / "fonts").glob("*.ttf"))
TEXT = "Gain 3 gold — draw a card: ½ «élan» Ωμέγα ﬁ 0123456789"


def _units_2048(data: bytes) -> bytes:
    """A font file whose head table says 2048 units per em (ReportLab then scales every width, in
    fractions): the kind of font a kit brings, which the bundled ones (1000 units) are not."""
    directory = {d[0]: d for d in fontcache.file_directory(data)}
    at = directory["head"][2] + 18
    return data[:at] + struct.pack(">H", 2048) + data[at + 2:]


def _fonts() -> list[tuple[str, bytes]]:
    found = [(name, (ROOT / "fonts" / name).read_bytes()) for name in BUNDLED]
    return found + [("Kit-2048.ttf", _units_2048((ROOT / "fonts/Fredoka-Bold.ttf").read_bytes()))]


def _parse(name: str, file: str, data: bytes) -> TTFont:
    stream = io.BytesIO(data)
    stream.name = file
    return TTFont(name, stream)


def _cached(name: str, file: str, data: bytes) -> TTFont:
    sha = digest(data)
    fontcache.store(_parse(name, file, data), file, data, sha)
    font = fontcache.cached(name, file, data, sha)
    assert font is not None, f"{file} was not cached"
    return font


def _identical(a: object, b: object) -> bool:
    return fontcache._identical(a, b)


@pytest.mark.parametrize("file,data", _fonts(), ids=[f for f, _ in _fonts()])
def test_a_cached_face_has_the_parsed_faces_attributes(file, data):
    parsed, cached = _parse("F", file, data), _cached("F", file, data)
    assert not set(fontcache.LATER) & set(vars(cached.face))  # decoded on their first read
    assert _identical(cached.face.glyphPos, parsed.face.glyphPos)  # (which decodes them all)
    mine, theirs = vars(cached.face), vars(parsed.face)
    assert list(mine) == list(theirs)  # the same attributes, in the same order
    for name in theirs:
        if name != "_pdfScale":
            assert _identical(mine[name], theirs[name]), name
    for x in (0, 1, 260, 1000, 2048, -7, 0.5):
        assert _identical(cached.face._pdfScale(x), parsed.face._pdfScale(x))
    assert all(cached.face.table[t["tag"]] is t for t in cached.face.tables)  # one record, two ways in
    assert type(cached) is TTFont and type(cached.face) is fontcache.CachedFace
    assert isinstance(cached.face, ttfonts.TTFontFace)
    assert {k: (v if k not in ("face", "state", "encoding") else type(v)) for k, v in vars(cached).items()} == \
        {k: (v if k not in ("face", "state", "encoding") else type(v)) for k, v in vars(parsed).items()
         if k != "face"} | {"face": fontcache.CachedFace}


def test_the_2048_units_font_has_fractional_widths_which_the_cache_keeps():
    data = _units_2048((ROOT / "fonts/Fredoka-Bold.ttf").read_bytes())
    face = _cached("F", "Kit-2048.ttf", data).face
    assert type(face.charWidths[ord("a")]) is float
    kinds = {type(aw) for aw, _ in face.hmetrics}
    assert kinds <= {int, float} and int in kinds


def _pdf(font: TTFont, name: str) -> bytes:
    """A page set in `font` itself (registered under `name`), written as pnp writes: compressed,
    invariant. ReportLab registers a font whose face name a registered font has (a font book's, of an
    earlier test) as that font: the registry is set aside for the page, and left as it was."""
    with patch.dict(pdfmetrics._fonts), patch.dict(pdfmetrics._dynFaceNames):  # noqa: SLF001
        pdfmetrics._dynFaceNames.pop(font.face.name, None)  # noqa: SLF001
        pdfmetrics.registerFont(font)
        assert pdfmetrics.getFont(name) is font
        return _page(name)


def _page(name: str) -> bytes:
    """The page, its text in the font registered under `name`."""
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1, pageCompression=1, initialFontName="Helvetica")
    for size, line in ((9, TEXT), (14, TEXT[::-1]), (7, "".join(map(chr, range(33, 600))))):
        canvas.setFont(name, size)
        canvas.drawString(20, 800 - 30 * size, line)
        canvas.drawRightString(500, 700 - 30 * size, line, charSpace=0.3)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


@pytest.mark.parametrize("file,data", _fonts()[-3:], ids=[f for f, _ in _fonts()[-3:]])
def test_a_pdf_set_in_a_cached_face_is_the_parsed_ones_byte_for_byte(file, data):
    parsed = _pdf(_parse("CacheTest", file, data), "CacheTest")
    cached = _pdf(_cached("CacheTest", file, data), "CacheTest")
    assert parsed == cached
    assert b"/FontFile2" in cached and len(cached) > 2000
    assert _parse("W", file, data).stringWidth(TEXT, 11) == _cached("W", file, data).stringWidth(TEXT, 11)


def _forget_registered() -> None:
    for _, font in fontbook._REGISTERED.values():
        font.unregister()
    fontbook._REGISTERED.clear()
    fontbook._unit_width.cache_clear()
    fontbook.same_space.cache_clear()


@pytest.fixture
def fresh_registry(monkeypatch):
    """The font book's fonts unregistered for the test (each registers its own), registered again
    after it, as the tests that follow (and ReportLab's base font, which a build sets) expect; the
    base font left as it was (a build in the test sets it to a font then unregistered)."""
    for setting in ("canvas_basefontname", "defaultGraphicsFontName"):
        monkeypatch.setattr(rl_config, setting, getattr(rl_config, setting))
    before = dict(fontbook._REGISTERED)
    _forget_registered()
    yield
    _forget_registered()
    for name, (sha, font) in before.items():
        pdfmetrics.registerFont(font)
        fontbook._REGISTERED[name] = (sha, font)


def test_a_build_from_the_cache_writes_the_parsing_builds_bytes(tmp_path, monkeypatch, fresh_registry):
    root = make_project(tmp_path / "project", ())
    shutil.copytree(ROOT / BENCH_KIT, root / BENCH_KIT)
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    options = {"paper": "a4", "backs": "long-edge"}
    build_ok(root, [str(BENCH_KIT)], Options(out=tmp_path / "parsed", **options))
    entries = sorted((tmp_path / "cache/fonts").glob("*.font"))
    assert len(entries) == 2  # Noto Sans regular and bold, parsed and kept
    _forget_registered()
    parses: list[object] = []
    real = ttfonts.TTFontFace.__init__
    monkeypatch.setattr(ttfonts.TTFontFace, "__init__", lambda self, *a, **k: parses.append(a) or real(self, *a, **k))
    build_ok(root, [str(BENCH_KIT)], Options(out=tmp_path / "cached", **options))
    assert parses == []  # every face came from the cache
    pdfs = sorted(p.relative_to(tmp_path / "parsed") for p in (tmp_path / "parsed").rglob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        assert (tmp_path / "parsed" / pdf).read_bytes() == (tmp_path / "cached" / pdf).read_bytes(), pdf


def _entry(data: bytes, file: str = "NotoSans-Bold.ttf") -> Path:
    fontcache.store(_parse("F", file, data), file, data, digest(data))
    return fontcache.entry_path(file, digest(data))


def _rewrite(entry: Path, spec: dict, blob: bytes, key: str | None = None) -> None:
    """An entry with a valid head (checksum and key) over the given body: planted, not damaged."""
    body = json.dumps(spec).encode() + b"\n" + blob
    head = {"format": fontcache.FORMAT, "key": key or entry.stem, "sha256": hashlib.sha256(body).hexdigest()}
    entry.write_bytes(json.dumps(head).encode() + b"\n" + body)


def _parts(entry: Path) -> tuple[dict, bytes]:
    body = entry.read_bytes().partition(b"\n")[2]
    line, _, blob = body.partition(b"\n")
    return json.loads(line), blob


NOTO_BOLD = (ROOT / "fonts/NotoSans-Bold.ttf").read_bytes()


@pytest.mark.parametrize("damage", ["truncated", "flipped", "empty", "not json", "fifo"])
def test_a_damaged_entry_is_a_miss_and_the_next_store_mends_it(damage, tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    entry = _entry(NOTO_BOLD)
    good = entry.read_bytes()
    entry.unlink()
    if damage == "fifo":
        os.mkfifo(entry)
    else:
        entry.write_bytes({"truncated": good[:-100], "flipped": good[:-5] + bytes([good[-5] ^ 1]) + good[-4:],
                           "empty": b"", "not json": b"{no\n" + good}[damage])
    assert fontcache.cached("F", "NotoSans-Bold.ttf", NOTO_BOLD, digest(NOTO_BOLD)) is None
    if damage == "fifo":
        entry.unlink()
    _entry(NOTO_BOLD)
    assert entry.read_bytes() == good
    assert fontcache.cached("F", "NotoSans-Bold.ttf", NOTO_BOLD, digest(NOTO_BOLD)) is not None


def test_another_fonts_entry_planted_under_this_key_is_dropped(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    regular = (ROOT / "fonts/NotoSans-Regular.ttf").read_bytes()
    spec, blob = _parts(_entry(regular, "NotoSans-Bold.ttf"))  # the regular face, under the bold's name
    target = fontcache.entry_path("NotoSans-Bold.ttf", digest(NOTO_BOLD))
    _rewrite(target, spec, blob)
    assert fontcache.cached("F", "NotoSans-Bold.ttf", NOTO_BOLD, digest(NOTO_BOLD)) is None  # its tables are not this file's


def _attr(spec: dict, name: str) -> list:
    return next(pair for pair in spec["attrs"] if pair[0] == name)


@pytest.mark.parametrize("plant", ["code node", "missing attribute", "glyphs miscounted", "array twice",
                                   "array past the end", "bytes beyond", "negative code", "deep", "nan"])
def test_an_entry_of_another_shape_is_dropped(plant, tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    entry = _entry(NOTO_BOLD)
    spec, blob = _parts(entry)
    if plant == "code node":
        _attr(spec, "stemV")[1] = {"t": "code", "v": "print('hi')"}
    elif plant == "missing attribute":
        spec["attrs"] = [pair for pair in spec["attrs"] if pair[0] != "charWidths"]
    elif plant == "glyphs miscounted":
        _attr(spec, "numGlyphs")[1] += 1
    elif plant == "array twice":
        _attr(spec, "glyphPos")[1]["c"] = _attr(spec, "hmetrics")[1]["c"][0]
    elif plant == "array past the end":
        _attr(spec, "glyphPos")[1]["c"] = len(spec["arrays"])
    elif plant == "bytes beyond":
        blob += b"\0\0"
    elif plant == "negative code":
        keys = _attr(spec, "charToGlyph")[1]["c"][0]
        blob = _patched_first(spec, blob, keys, -1)
    elif plant == "deep":
        node: dict = {"t": "list", "v": []}
        for _ in range(20):
            node = {"t": "list", "v": [node]}
        _attr(spec, "glyphNames")[1] = node
    elif plant == "nan":
        _attr(spec, "ascent")[1] = float("nan")
    _rewrite(entry, spec, blob)
    assert fontcache.cached("F", "NotoSans-Bold.ttf", NOTO_BOLD, digest(NOTO_BOLD)) is None


def _patched_first(spec: dict, blob: bytes, index: int, value: int) -> bytes:
    """The blob with array `index` retyped to signed 32-bit words and its first value set."""
    offsets = [0]
    for code, count in spec["arrays"]:
        offsets.append(offsets[-1] + fontcodec.SIZES[code] * count)
    code, count = spec["arrays"][index]
    values = array(code, blob[offsets[index]:offsets[index + 1]]).tolist()
    values[0] = value
    spec["arrays"][index] = ["i", count]
    return blob[:offsets[index]] + array("i", values).tobytes() + blob[offsets[index + 1]:]


def test_a_short_array_is_dropped(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    entry = _entry(NOTO_BOLD)
    spec, blob = _parts(entry)
    _rewrite(entry, spec, blob[:-2])
    assert fontcache.cached("F", "NotoSans-Bold.ttf", NOTO_BOLD, digest(NOTO_BOLD)) is None


def test_read_only_caches_are_not_written_and_another_name_is_another_entry(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    with read_only():
        fontcache.store(_parse("F", "NotoSans-Bold.ttf", NOTO_BOLD), "NotoSans-Bold.ttf", NOTO_BOLD, digest(NOTO_BOLD))
    assert not (tmp_path / "fonts").exists()
    _entry(NOTO_BOLD)
    assert fontcache.cached("F", "Renamed.ttf", NOTO_BOLD, digest(NOTO_BOLD)) is None  # ReportLab reads the name


def test_a_kit_font_goes_through_the_cache_and_its_face_is_the_parsed_one(tmp_path, monkeypatch, fresh_registry):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts/Kit.ttf").write_bytes(_units_2048((ROOT / "fonts/Fredoka-Bold.ttf").read_bytes()))
    (tmp_path / "fonts/fonts.yaml").write_text("Kit:\n  regular: Kit.ttf\n", encoding="utf-8")
    first = fontbook.FontBook(read_fonts(tmp_path)).face("Kit")
    assert len(list((tmp_path / "cache/fonts").glob("*.font"))) == 1
    _forget_registered()
    again = fontbook.FontBook(read_fonts(tmp_path)).face("Kit")
    assert (again.ascent, again.descent, again.cap, again.charset) == (first.ascent, first.descent, first.cap, first.charset)
    assert again.width(TEXT, 10) == first.width(TEXT, 10)


def _kit_face(root: Path, file: str, data: bytes) -> fontbook.Face:
    """The regular face of a kit at `root` whose one font `file` holds `data` (written again)."""
    (root / "fonts").mkdir(parents=True, exist_ok=True)
    (root / "fonts" / file).write_bytes(data)
    (root / "fonts/fonts.yaml").write_text(f"F:\n  regular: {file}\n", encoding="utf-8")
    face = fontbook.FontBook(read_fonts(root)).face("F")
    assert face.width(TEXT, 10) == _parse("W", file, data).stringWidth(TEXT, 10), file
    return face


def _page_fonts(faces: list[fontbook.Face]) -> list:
    """The TrueType fonts of a page where a line is set in each face, read back."""
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1, initialFontName="Helvetica")
    for at, face in enumerate(faces):
        canvas.setFont(face.name, 12)
        canvas.drawString(20, 700 - 40 * at, "Gain 3 gold")
    canvas.save()
    fonts = pypdf.PdfReader(io.BytesIO(out.getvalue())).pages[0]["/Resources"]["/Font"]
    return [fonts[k].get_object() for k in sorted(fonts) if fonts[k].get_object()["/Subtype"] == "/TrueType"]


@pytest.mark.parametrize("second", ["another kit", "a file edited"])
def test_fonts_of_one_face_name_and_other_bytes_are_each_drawn_in_their_own_file(second, tmp_path, monkeypatch,
                                                                                 fresh_registry):
    """Two kits' fonts of one PostScript name (Fredoka-Bold; one at 2048 units per em) in one process
    (a resident build; or the second kit's font a copy of the first's, edited): each measures and
    embeds its own file, under its PostScript name, as a process that never saw the other would
    (ReportLab would register the second as the first)."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    fredoka = (ROOT / "fonts/Fredoka-Bold.ttf").read_bytes()
    first = _kit_face(tmp_path / "A", "Fredoka-Bold.ttf", fredoka)
    if second == "a file edited":
        _kit_face(tmp_path / "B", "Kit.ttf", fredoka)
    other = _kit_face(tmp_path / "B", "Kit.ttf", _units_2048(fredoka))
    read = _page_fonts([first]) + _page_fonts([other])
    assert {str(f["/BaseFont"]).split("+", 1)[1] for f in read} == {"Fredoka-Bold"}  # (after the subset's AAAAAA+)
    assert read[0]["/Widths"] != read[1]["/Widths"]  # (the 2048 units font's own widths)
    programs = {f["/FontDescriptor"].get_object()["/FontFile2"].get_object().get_data() for f in read}
    assert len(programs) == 2
    assert _page_fonts([first])[0]["/Widths"] == read[0]["/Widths"]  # (the first still drawn as itself)


def test_one_projects_fonts_of_one_face_name_and_other_bytes_share_a_page(tmp_path, monkeypatch, fresh_registry):
    """Two files of one fonts.yaml with one PostScript name and other bytes: the second gets a face
    name of its own, so one document embeds both, each its own file."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    fredoka = (ROOT / "fonts/Fredoka-Bold.ttf").read_bytes()
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts/A.ttf").write_bytes(fredoka)
    (tmp_path / "fonts/B.ttf").write_bytes(_units_2048(fredoka))
    (tmp_path / "fonts/fonts.yaml").write_text("F:\n  regular: A.ttf\n  bold: B.ttf\n", encoding="utf-8")
    book = fontbook.FontBook(read_fonts(tmp_path))
    read = _page_fonts([book.face("F", "regular"), book.face("F", "bold")])
    assert sorted(str(f["/BaseFont"]).split("+", 1)[1] for f in read) == ["Fredoka-Bold", f"Fredoka-Bold-{digest(_units_2048(fredoka))[:8]}"]
    programs = {f["/FontDescriptor"].get_object()["/FontFile2"].get_object().get_data() for f in read}
    assert len(programs) == 2 and read[0]["/Widths"] != read[1]["/Widths"]


def test_the_codec_keeps_mixed_columns_lists_and_types():
    attrs = {"mixed": [1, 2.5] * 20, "pairs": [(i, i / 2) for i in range(30)], "n": None, "b": True,
             "lists": {i: list(range(i % 3)) for i in range(40)}, "map": {i: -i * 70000 for i in range(20)},
             "small": [1, (2, "x"), {"k": b"\xff"}], "f": 1.0}
    spec, blob = fontcodec.encode(attrs)
    back = fontcodec.decode(json.loads(json.dumps(spec)), blob)
    assert _identical(back, attrs)
    assert fontcodec.encode({"x": object()}) is None


def test_subsets_from_the_memo_and_the_cache_write_reportlabs_bytes(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    fontsubset._MEMO.clear()
    made: list[object] = []
    real = ttfonts.TTFontFace.makeSubset
    for file, data in _fonts()[-2:]:
        theirs = _pdf(_parse("SubsetTest", file, data), "SubsetTest")
        monkeypatch.setattr(ttfonts.TTFontFace, "makeSubset", lambda self, s: made.append(s) or real(self, s))
        for round in ("made", "from the cache", "from the memo"):
            if round == "from the cache":
                fontsubset._MEMO.clear()
            font = _cached("SubsetTest", file, data)
            fontsubset.adopt(font.face, digest(data))
            assert isinstance(font.face, fontsubset.EmbeddedFace)
            made.clear()
            assert _pdf(font, "SubsetTest") == theirs, (file, round)
            assert (made != []) == (round == "made"), round
        monkeypatch.undo()
        monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    assert len(list((tmp_path / "fonts").glob("*.subset"))) >= 4  # two fonts, two subsets each at least


@pytest.mark.parametrize("damage", ["program", "compressed", "length", "not a font"])
def test_a_damaged_subset_entry_is_made_again(damage, tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    file, data = "NotoSans-Bold.ttf", NOTO_BOLD
    theirs = _pdf(_parse("SubsetTest", file, data), "SubsetTest")
    font = _cached("SubsetTest", file, data)
    fontsubset.adopt(font.face, digest(data))
    fontsubset._MEMO.clear()
    _pdf(font, "SubsetTest")
    for entry in (tmp_path / "fonts").glob("*.subset"):
        line, _, body = entry.read_bytes().partition(b"\n")
        head = json.loads(line)
        size = head["program"]
        program, compressed = body[:size], body[size:]
        if damage == "program":
            program = program[:-1] + bytes([program[-1] ^ 1])
        elif damage == "compressed":
            compressed = zlib.compress(program + b"\0")
        elif damage == "not a font":
            program = b"\x7fELF" + program[4:]
            compressed = zlib.compress(program)
        body = program + compressed
        head.update(sha256=hashlib.sha256(body).hexdigest(), program=size + (1 if damage == "length" else 0))
        entry.write_bytes(json.dumps(head).encode() + b"\n" + body)
    fontsubset._MEMO.clear()
    assert _pdf(font, "SubsetTest") == theirs
