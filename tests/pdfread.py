"""Reading built PDFs back: page sizes, boxes, fonts, crop marks, card slots, words in card cells,
and the tiles of a page printed over several sheets.

A PDF is parsed once per version of its file (resolved path, size, modification time, inode: pnp
renames a new file onto the old name, so a rebuilt file is a new version). `page(path, i)` is the
pdfplumber page of a document kept open in a small cache (read from it before opening other files:
the least recently used documents are closed), and what the helpers below compute from a page
(crop marks, words, text) is kept too, so that tests may ask again without parsing again. Results
are shared: do not modify them. `close()` closes everything (conftest calls it after the session).
`chars(path, i)` reads a page's characters with PDFium (pypdfium2: a tenth of pdfplumber's time,
for the tests that read every character of every PDF), each with its box and its size as printed.
"""
from __future__ import annotations

import itertools
import re
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path

import pdfplumber
import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from pypdf import PdfReader

MM = 72 / 25.4
OVERLAP = 10 * MM  # between neighbouring tiles of a tiled page, as pnp prints them
TOL = 0.05  # points
REGISTER_LINE = 0.4  # the line width of the register marks of tiled pages
KEEP_OPEN = 8  # pdfplumber documents kept open

_documents: OrderedDict[tuple, pdfplumber.PDF] = OrderedDict()


def version(path: Path) -> tuple:
    """What tells one version of a file from another: resolved path, size, modification time, inode."""
    path = Path(path).resolve()
    stat = path.stat()
    return str(path), stat.st_size, stat.st_mtime_ns, stat.st_ino


def _document(key: tuple) -> pdfplumber.PDF:
    doc = _documents.pop(key, None) or pdfplumber.open(key[0])
    _documents[key] = doc
    while len(_documents) > KEEP_OPEN:
        _documents.popitem(last=False)[1].close()
    return doc


@lru_cache(maxsize=32)
def _reader(key: tuple) -> PdfReader:
    return PdfReader(key[0])  # a path is read into memory: no file stays open


def chars(path: Path, index: int) -> list[tuple[str, tuple[float, float, float, float], float]]:
    """Page `index`'s characters that are not spaces, as PDFium reads them: the character, its box
    (x0, y0, x1, y1, bottom-up, in points) and its size as printed (the font size times the scale of
    its text and graphics matrices: turned text keeps its size)."""
    return _chars(version(path), index)


@lru_cache(maxsize=256)
def _chars(key: tuple, index: int) -> list[tuple[str, tuple[float, float, float, float], float]]:
    document = pypdfium2.PdfDocument(key[0])
    try:
        text = document[index].get_textpage()
        found = []
        for i in range(text.count_chars()):
            char = text.get_text_range(i, 1)
            if char.strip():
                matrix = pdfium_c.FS_MATRIX()
                pdfium_c.FPDFText_GetMatrix(text, i, matrix)
                scale = abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5
                found.append((char, text.get_charbox(i), pdfium_c.FPDFText_GetFontSize(text, i) * scale))
        return found
    finally:
        document.close()


def page(path: Path, index: int):
    """Page `index` of the PDF at `path` as pdfplumber reads it (its objects parsed once)."""
    return _document(version(path)).pages[index]


def reader(path: Path) -> PdfReader:
    """The PDF at `path` as pypdf reads it (read once per version of the file)."""
    return _reader(version(path))


def page_count(path: Path) -> int:
    return len(reader(path).pages)


def close() -> None:
    while _documents:
        _documents.popitem()[1].close()
    for cached in (_reader, _crop_marks, _words, _text, _chars):
        cached.cache_clear()


# --- with pypdf: sizes, boxes, fonts ----------------------------------------------------------

def page_sizes_mm(path: Path) -> list[tuple[float, float]]:
    return [(round(float(p.mediabox.width) / MM, 1), round(float(p.mediabox.height) / MM, 1))
            for p in reader(path).pages]


def boxes(path: Path, index: int) -> dict[str, tuple[float, ...]]:
    page_ = reader(path).pages[index]
    return {name: tuple(float(v) for v in getattr(page_, name)) for name in ("trimbox", "bleedbox", "mediabox")}


def font_programs(path: Path, index: int | None = None) -> dict[str, str | None]:
    """Every font the pages (or page `index`) use, forms included, by base name: the key of its
    embedded program (/FontFile2 for TrueType, /FontFile3 for CFF, /FontFile for Type 1), None if
    it is not embedded."""
    pages = reader(path).pages
    found: dict[str, str | None] = {}
    for page_ in pages if index is None else [pages[index]]:
        _collect(page_.get("/Resources"), found, set())
    return found


def fonts(path: Path) -> dict[str, bool]:
    """Every font a page uses, by base name, and whether its program is embedded."""
    return {name: program is not None for name, program in font_programs(path).items()}


def _collect(resources, found: dict, seen: set) -> None:
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        descriptor = font.get("/FontDescriptor")
        if descriptor is None and "/DescendantFonts" in font:
            descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
        descriptor = descriptor.get_object() if descriptor is not None else {}
        found[str(font.get("/BaseFont"))] = next((k for k in ("/FontFile", "/FontFile2", "/FontFile3")
                                                  if k in descriptor), None)
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if id(xobject) not in seen and xobject.get("/Subtype") == "/Form":
            seen.add(id(xobject))
            _collect(xobject.get("/Resources"), found, seen)


def card_boxes(path: Path, index: int, card_size: tuple[float, float]) -> dict[tuple[int, int], tuple]:
    """The slots of the cards on page `index`, by (row, col): (x0, top, x1, bottom) in points,
    top-down as pdfplumber measures. From the crop marks (cards apart, or butted), or from the page's
    TrimBox (the union of the cards, butted) on a page without crop marks."""
    width, height = card_size
    xs, ys = crop_marks(path, index)
    found = cells(xs, ys, (width / MM, height / MM)) if xs and ys else []
    if found:
        lefts, tops = sorted({c[0] for c in found}), sorted({c[1] for c in found})
        return {(tops.index(c[1]), lefts.index(c[0])): c for c in found}
    x0, y0, x1, y1 = boxes(path, index)["trimbox"]
    page_top = boxes(path, index)["mediabox"][3]
    cols, rows = round((x1 - x0) / width), round((y1 - y0) / height)
    assert cols >= 1 and rows >= 1, f"page {index}: no {card_size} card in the TrimBox {(x0, y0, x1, y1)}"
    assert abs(cols * width - (x1 - x0)) < 0.01 and abs(rows * height - (y1 - y0)) < 0.01, \
        f"page {index}: the TrimBox {(x0, y0, x1, y1)} is not a grid of butted {card_size} cards"
    top = page_top - y1
    return {(r, c): (x0 + c * width, top + r * height, x0 + (c + 1) * width, top + (r + 1) * height)
            for r in range(rows) for c in range(cols)}


# --- with pdfplumber: crop marks, words, text -------------------------------------------------

def crop_marks(path: Path, index: int) -> tuple[list[float], list[float]]:
    """x of vertical marks and y (from the top) of horizontal marks, in points, deduplicated."""
    xs, ys = _crop_marks(version(path), index)
    return list(xs), list(ys)


@lru_cache(maxsize=256)
def _crop_marks(key: tuple, index: int) -> tuple[tuple[float, ...], tuple[float, ...]]:
    thin = [ln for ln in _document(key).pages[index].lines if abs(ln["linewidth"] - 0.25) < 0.01]
    xs = sorted({round(ln["x0"], 2) for ln in thin if abs(ln["x0"] - ln["x1"]) < 0.01})
    ys = sorted({round(ln["top"], 2) for ln in thin if abs(ln["top"] - ln["bottom"]) < 0.01})
    return tuple(xs), tuple(ys)


def words(path: Path, index: int) -> list[dict]:
    return list(_words(version(path), index))


@lru_cache(maxsize=256)
def _words(key: tuple, index: int) -> tuple[dict, ...]:
    return tuple(_document(key).pages[index].extract_words(keep_blank_chars=False, use_text_flow=True))


def text(path: Path, index: int) -> str:
    return _text(version(path), index)


@lru_cache(maxsize=256)
def _text(key: tuple, index: int) -> str:
    return _document(key).pages[index].extract_text() or ""


def cells(xs: list[float], ys: list[float], size_mm: tuple[float, float] | None = None) -> list[tuple[float, float, float, float]]:
    """Card cells (x0, top, x1, bottom) between consecutive cut lines, row by row; with the cards'
    `size_mm`, only those of that size (the gutters between cards are no cells)."""
    def spans(cuts, size):
        pairs = list(zip(cuts, cuts[1:]))
        return pairs if size is None else [(a, b) for a, b in pairs if abs((b - a) / MM - size) < 0.5]

    w, h = size_mm or (None, None)
    return [(x0, y0, x1, y1) for y0, y1 in spans(ys, h) for x0, x1 in spans(xs, w)]


def words_in(cell, found: list[dict], whole: bool = False, tol: float = 0.0) -> str:
    """The words of `found` in `cell` (x0, top, x1, bottom), in reading order, joined by spaces: those
    whose centre lies in it, or (`whole`) those lying wholly in it, give or take `tol` points."""
    x0, top, x1, bottom = cell
    if whole:
        inside = [w for w in found if w["x0"] >= x0 - tol and w["x1"] <= x1 + tol
                  and w["top"] >= top - tol and w["bottom"] <= bottom + tol]
    else:
        inside = [w for w in found if x0 - tol <= (w["x0"] + w["x1"]) / 2 <= x1 + tol
                  and top - tol <= (w["top"] + w["bottom"]) / 2 <= bottom + tol]
    return " ".join(w["text"] for w in sorted(inside, key=lambda w: (round(w["top"]), w["x0"])))


# --- tiles: a page larger than the paper, printed over several sheets --------------------------

def read_tiles(path: Path, size_mm: tuple[float, float], overlap: float = OVERLAP) -> dict[str, dict]:
    """Every tile page of a tiled PDF, by label: its board region (from its label and TrimBox) and
    what it shows inside its TrimBox, moved to board coordinates."""
    out = {}
    for index in range(page_count(path)):
        plumbed = page(path, index)
        name = _tile_label(plumbed)
        if name is not None:
            out[name] = _tile(plumbed, name, boxes(path, index)["trimbox"], overlap)
    w, h = (v * MM for v in size_mm)
    cols = max(t["col"] for t in out.values()) + 1
    rows = max(t["row"] for t in out.values()) + 1
    tw, th = next(iter(out.values()))["size"]
    assert cols * tw - (cols - 1) * overlap == pytest.approx(w, abs=0.01)
    assert rows * th - (rows - 1) * overlap == pytest.approx(h, abs=0.01)
    return out


def _tile_label(plumbed) -> str | None:
    top = [w["text"] for w in plumbed.extract_words()]  # the label note says "feuille A1"
    for first, second in zip(top, top[1:]):
        if first == "feuille" and re.fullmatch(r"[A-Z]+\d+", second):
            return second
    return None


def _tile(plumbed, name: str, trim: tuple[float, ...], overlap: float) -> dict:
    row = sum((ord(ch) - 64) * 26 ** i for i, ch in enumerate(reversed(re.match(r"[A-Z]+", name).group()))) - 1
    col = int(re.search(r"\d+$", name).group()) - 1
    x0, y0, x1, y1 = trim
    left, top = x0, float(plumbed.height) - y1
    tw, th = x1 - x0, y1 - y0
    origin = (col * (tw - overlap), row * (th - overlap))

    def to_board(x: float, y: float) -> tuple[float, float]:
        return x - left + origin[0], y - top + origin[1]

    def visible(x: float, y: float) -> bool:
        return left - TOL <= x <= left + tw + TOL and top - TOL <= y <= top + th + TOL

    words_ = [(w["text"], *to_board(w["x0"], w["top"]), *to_board(w["x1"], w["bottom"]))
              for w in plumbed.extract_words() if visible(w["x0"], w["top"]) and visible(w["x1"], w["bottom"])]
    rects = [(*to_board(r["x0"], r["top"]), r["width"], r["height"]) for r in plumbed.rects if not _tint(r)]
    registers = [(*to_board(ln["x0"], ln["top"]), *to_board(ln["x1"], ln["bottom"])) for ln in plumbed.lines
                 if abs(ln["linewidth"] - REGISTER_LINE) < 0.01 and _black(ln)]
    tint = [(*to_board(r["x0"], r["top"]), r["width"], r["height"]) for r in plumbed.rects if _tint(r)]
    return {"row": row, "col": col, "size": (tw, th),
            "region": (origin[0], origin[1], tw, th), "words": words_, "rects": rects, "registers": registers,
            "tint": tint, "page": (float(plumbed.width), float(plumbed.height))}


def _black(line) -> bool:
    colour = line.get("stroking_color")
    values = colour if isinstance(colour, (list, tuple)) else [colour]
    return colour is not None and all(abs(c) < 0.01 for c in values)


def _tint(rect) -> bool:
    """The shade of a glue strip (drawn by the tiles, not part of the component)."""
    colour = rect.get("non_stroking_color")
    values = colour if isinstance(colour, (list, tuple)) else [colour]
    return bool(rect["fill"]) and len(values) == 3 and all(abs(v - 0.55) < 0.01 for v in values)


def _overlap(a: dict, b: dict) -> tuple[float, float, float, float]:
    au, av, aw, ah = a["region"]
    bu, bv, bw, bh = b["region"]
    u0, v0 = max(au, bu), max(av, bv)
    return u0, v0, min(au + aw, bu + bw) - u0, min(av + ah, bv + bh) - v0


def _in(region, u, v, pad=0.5) -> bool:
    ru, rv, rw, rh = region
    return ru + pad <= u <= ru + rw - pad and rv + pad <= v <= rv + rh - pad


def _rounded(items, digits=1):
    return sorted(tuple(round(x, digits) if isinstance(x, float) else x for x in item) for item in items)


def neighbours(tiles: dict[str, dict]):
    """(receiving, covering) pairs: each tile and its right or bottom neighbour."""
    by_pos = {(t["row"], t["col"]): t for t in tiles.values()}
    for (r, c), tile in by_pos.items():
        for other in (by_pos.get((r, c + 1)), by_pos.get((r + 1, c))):
            if other is not None:
                yield tile, other


def assert_reassembles(tiles: dict[str, dict], size_mm: tuple[float, float], words: bool = True) -> None:
    """The tiles, each at its offset, agree on everything in their overlaps and cover the component
    (`words`: some words of the component lie wholly in each overlap)."""
    assert tiles, "no tile page found"
    pairs = list(neighbours(tiles))
    assert pairs or len(tiles) == 1
    for a, b in pairs:
        zone = _overlap(a, b)
        assert min(zone[2], zone[3]) == pytest.approx(OVERLAP, abs=0.01)
        words_a = _rounded(w for w in a["words"] if _in(zone, w[1], w[2], 0) and _in(zone, w[3], w[4], 0))
        words_b = _rounded(w for w in b["words"] if _in(zone, w[1], w[2], 0) and _in(zone, w[3], w[4], 0))
        assert (words_b or not words) and [w for w in words_a if w in words_b] == words_b
        rects_a = _rounded(r for r in a["rects"] if _meets(zone, r))
        rects_b = _rounded(r for r in b["rects"] if _meets(zone, r))
        assert set(rects_b) <= set(rects_a) and rects_b
        shared = set(_rounded(a["registers"])) & set(_rounded(b["registers"]))
        assert len(shared) >= 2, "the register marks of a joint (a cross of 2 lines at each outer end) are on both its tiles"
        assert any(_same(t, zone) for t in a["tint"]), "the receiving tile shades its glue strip"
        glue = [w for w in a["words"] if w[0] in ("collage", "egalloc") and _in(zone, w[1], w[2], 0)]
        assert glue, "the receiving tile says 'zone de collage' on its strip"  # turned text reads backwards
        assert not [w for w in b["words"] if w[0] in ("collage", "egalloc") and _in(zone, w[1], w[2], 0)]
    for tile in tiles.values():  # alignment marks lie off the playing surface, in the margins
        assert not [m for m in tile["registers"] if _in(tile["region"], (m[0] + m[2]) / 2, (m[1] + m[3]) / 2, 0)]
    _covers(tiles, size_mm)


def _meets(zone, rect) -> bool:
    u, v, w, h = rect
    zu, zv, zw, zh = zone
    return u < zu + zw - 0.5 and u + w > zu + 0.5 and v < zv + zh - 0.5 and v + h > zv + 0.5


def _same(a, b) -> bool:
    return all(abs(x - y) < 0.1 for x, y in zip(a, b))


def _covers(tiles: dict[str, dict], size_mm) -> None:
    w, h = (v * MM for v in size_mm)
    for u, v in itertools.product([i * w / 23 for i in range(24)], [j * h / 17 for j in range(18)]):
        assert any(_in(t["region"], u, v, -0.01) for t in tiles.values()), (u, v)


# --- rulebooks: the text in reading order, a booklet's pages un-imposed --------------------------

FLAT_MARGIN = 16 * MM  # a flat rulebook's running head and folio lie this close to the paper's edge...
BOOKLET_MARGIN = 12 * MM  # ...a booklet's (smaller pages), and its body text never does
LIST_MARK = re.compile(r"\s*(?:\d+\.|\u2022)\s*")


def book_pages(path: Path) -> list[str]:
    """A rulebook's pages, in reading order, each as the text of its body, its lines one a line (the
    characters in the order they are drawn: columns, then boxes and tables as they come), without
    its running head, its folio and the figures of material drawn after them. A flat book's pages are
    the PDF's; a booklet's (two pages on each landscape side, the backs turned half a turn) are read
    upright and put in the order of their folios, its blank pages left out."""
    found: dict[int, str] = {}
    for index in range(page_count(path)):
        plumbed = page(path, index)
        width, height = float(plumbed.width), float(plumbed.height)
        booklet = width > height
        turned = sum(1 if c["matrix"][0] < 0 and c["matrix"][3] < 0 else -1 for c in plumbed.chars) > 0
        chars = [_upright(c, width, height, turned) for c in plumbed.chars]
        for x0, x1 in ((0.0, width / 2), (width / 2, width)) if booklet else ((0.0, width),):
            body, folio = _body([c for c in chars if x0 <= (c[1] + c[2]) / 2 < x1], height,
                                BOOKLET_MARGIN if booklet else FLAT_MARGIN)
            if body or folio:
                found[folio if booklet else index + 1] = body
    return [found[number] for number in sorted(found)]


def _upright(char: dict, width: float, height: float, turned: bool) -> tuple[str, float, float, float, float]:
    """A character's text, its left and right edges, its middle's height from the top and its size,
    read upright: on a turned side, about the sheet's centre."""
    x0, x1, y = char["x0"], char["x1"], (char["top"] + char["bottom"]) / 2
    if turned:
        x0, x1, y = width - x1, width - x0, height - y
    return char["text"], x0, x1, y, char["size"]


def _body(chars: list, height: float, margin: float) -> tuple[str, int]:
    """The body text of a page's characters (those drawn before its first one in the margins: the
    running head and the folio come after the body, the figures after them): a line break where a
    character leaves the line, a space where it stands apart from the last (a table's next cell);
    and its folio (the digits that end what lies in the margins; 0 when it has none)."""
    def in_margin(y: float) -> bool:
        return y < margin or y > height - margin
    edge = next((i for i, (c, _, _, y, _) in enumerate(chars) if c.strip() and in_margin(y)), len(chars))
    out, last = [], None
    for c, x0, x1, y, size in chars[:edge]:
        if last is not None and (abs(y - last[1]) > size * 0.6 or x0 < last[0] - size):
            out.append("\n")
        elif last is not None and x0 > last[0] + size * 0.5:
            out.append(" ")
        out.append(c)
        last = (x1, y)
    folio = re.search(r"\d+$", "".join(c for c, _, _, y, _ in chars[edge:] if c.strip() and in_margin(y)))
    return "".join(out), int(folio.group()) if folio else 0


def book_text(path: Path) -> str:
    """A rulebook's body text in reading order (`book_pages`), as one line: a line ended by a hyphen
    joined to the next, every hyphen and list bullet left out (a word may break at its own hyphen in
    one build and not in the next; a bullet is drawn beside its item's first line, wherever it
    ends), spaces, no-break spaces and line ends as single spaces, typographic apostrophes as '."""
    lines = [line for page_ in book_pages(path) for line in page_.split("\n") if not LIST_MARK.fullmatch(line)]
    return plain(re.sub(r"-[ \u00a0]*\n\s*", "", "\n".join(lines)))


def plain(text: str) -> str:
    """A text as `book_text` gives it: no hyphen, typographic apostrophes as ', spaces of every kind
    and line ends as single spaces (for the phrases a test looks for in it)."""
    text = text.replace("-", "").replace("\u2019", "'").replace("\u202f", " ").replace("\u00a0", " ")
    return " ".join(text.split())
