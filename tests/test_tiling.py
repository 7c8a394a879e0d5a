"""Tiling of page components larger than the paper: the plan's geometry, and a synthetic oversized
page built and read back from the PDF — each tile placed at the offset its label gives, the overlaps
and alignment marks of neighbouring tiles coincide and the tiles cover the whole component."""
from __future__ import annotations

import itertools
import re
from pathlib import Path

import pdfplumber
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pnp.layout.tiling import MARK_RADIUS, label, plan_tiles
from pnp.model.units import MM, PAPERS

from conftest import Options, build, make_project
from pdfread import fonts, page_sizes_mm

A4 = (PAPERS["a4"][0] * MM, PAPERS["a4"][1] * MM)
A3 = (PAPERS["a3"][0] * MM, PAPERS["a3"][1] * MM)
LETTER = (PAPERS["letter"][0] * MM, PAPERS["letter"][1] * MM)
OVERLAP = 10 * MM
TOL = 0.05  # points


# --- the plan ---------------------------------------------------------------------------------

def test_labels_name_rows_by_letters_and_columns_by_numbers():
    assert [label(r, c) for r in range(2) for c in range(3)] == ["A1", "A2", "A3", "B1", "B2", "B3"]
    assert label(26, 0) == "AA1"


def test_a_page_that_fits_is_one_centred_tile():
    plan = plan_tiles((256 * MM, 256 * MM), A3, 10 * MM, OVERLAP)
    assert plan.single and plan.pages == 1 and plan.map is None
    (tile,) = plan.tiles
    x0, y0, x1, y1 = tile.page_box
    assert (round(x0, 3), round(A3[0] - x1, 3)) == (round((A3[0] - 256 * MM) / 2, 3),) * 2
    assert tile.strips == () and tile.marks == ()


def test_the_board_of_lutins_takes_two_portrait_pages_on_a4_and_letter():
    for paper in (A4, LETTER):
        plan = plan_tiles((256 * MM, 256 * MM), paper, 10 * MM, OVERLAP)
        assert (plan.rows, plan.cols, plan.pages) == (1, 2, 3)
        assert plan.width < plan.height  # portrait wins the tie
        a1, a2 = plan.tiles
        assert (a1.label, a2.label) == ("A1", "A2")
        assert a1.neighbours == (("right", "A2"),) and a2.neighbours == (("left", "A1"),)
        assert [s.side for s in a1.strips] == ["right"] and a2.strips == ()
        assert len(a1.marks) == 3 and a1.marks == a2.marks


def test_the_orientation_with_fewest_pages_wins():
    plan = plan_tiles((400 * MM, 300 * MM), A4, 10 * MM, OVERLAP)
    assert plan.width > plan.height and (plan.rows, plan.cols) == (2, 2)
    forced = plan_tiles((400 * MM, 300 * MM), A4, 10 * MM, OVERLAP, orientation="portrait")
    assert forced.width < forced.height and (forced.rows, forced.cols) == (2, 3)


def test_a_paper_too_small_for_its_overlaps_is_refused():
    found = plan_tiles((400 * MM, 300 * MM), (30 * MM, 30 * MM), 10 * MM, OVERLAP)
    assert isinstance(found, str) and "cannot be tiled" in found


@settings(max_examples=80, deadline=None)
@given(w=st.floats(50, 1200), h=st.floats(50, 1200), paper=st.sampled_from([A4, LETTER, A3]),
       margin=st.floats(5, 15), overlap=st.floats(5, 20))
def test_tiles_cover_the_component_with_exact_overlaps(w, h, paper, margin, overlap):
    plan = plan_tiles((w * MM, h * MM), paper, margin * MM, overlap * MM)
    for tile in plan.tiles:
        u, v, tw, th = tile.region
        assert tw <= plan.width - 2 * margin * MM + 1e-6 and th <= plan.height - 2 * margin * MM + 1e-6
        x0, y0, x1, y1 = tile.page_box
        assert x0 >= margin * MM - 1e-6 and y0 >= margin * MM - 1e-6
        assert abs((x1 - x0) - tw) < 1e-6 and abs((y1 - y0) - th) < 1e-6
    last = plan.tiles[-1].region
    assert abs(last[0] + last[2] - w * MM) < 1e-6 and abs(last[1] + last[3] - h * MM) < 1e-6
    if not plan.single:
        step_u, step_v = plan.step
        for tile in plan.tiles:
            assert abs(tile.region[0] - tile.col * step_u) < 1e-6 and abs(tile.region[1] - tile.row * step_v) < 1e-6
            for mark in tile.marks:  # every mark lies in the overlap of exactly two tiles
                holders = [t for t in plan.tiles if _inside(mark, t.region, MARK_RADIUS)]
                assert len(holders) == 2


def _inside(point, region, pad=0.0) -> bool:
    u, v, w, h = region
    return u + pad - 1e-6 <= point[0] <= u + w - pad + 1e-6 and v + pad - 1e-6 <= point[1] <= v + h - pad + 1e-6


# --- reading tiles back from a PDF ------------------------------------------------------------

def read_tiles(path: Path, size_mm: tuple[float, float], overlap: float = OVERLAP) -> dict[str, dict]:
    """Every tile page of a tiled PDF, by label: its board region (from its label and TrimBox) and
    what it shows inside its TrimBox, moved to board coordinates."""
    trims = [tuple(float(v) for v in page.trimbox) for page in PdfReader(str(path)).pages]
    out = {}
    with pdfplumber.open(str(path)) as pdf:
        for index, page in enumerate(pdf.pages):
            name = _tile_label(page)
            if name is not None:
                out[name] = _tile(page, name, trims[index], overlap)
    w, h = (v * MM for v in size_mm)
    cols = max(t["col"] for t in out.values()) + 1
    rows = max(t["row"] for t in out.values()) + 1
    tw, th = next(iter(out.values()))["size"]
    assert cols * tw - (cols - 1) * overlap == pytest.approx(w, abs=0.01)
    assert rows * th - (rows - 1) * overlap == pytest.approx(h, abs=0.01)
    return out


def _tile_label(page) -> str | None:
    top = [w["text"] for w in page.extract_words() if w["top"] < 20]
    for first, second in zip(top, top[1:]):
        if first == "feuille" and re.fullmatch(r"[A-Z]+\d+", second):
            return second
    return None


def _tile(page, name: str, trim: tuple[float, ...], overlap: float) -> dict:
    row = sum((ord(ch) - 64) * 26 ** i for i, ch in enumerate(reversed(re.match(r"[A-Z]+", name).group()))) - 1
    col = int(re.search(r"\d+$", name).group()) - 1
    x0, y0, x1, y1 = trim
    left, top = x0, float(page.height) - y1
    tw, th = x1 - x0, y1 - y0
    origin = (col * (tw - overlap), row * (th - overlap))

    def to_board(x: float, y: float) -> tuple[float, float]:
        return x - left + origin[0], y - top + origin[1]

    def visible(x: float, y: float) -> bool:
        return left - TOL <= x <= left + tw + TOL and top - TOL <= y <= top + th + TOL

    words = [(w["text"], *to_board(w["x0"], w["top"]), *to_board(w["x1"], w["bottom"]))
             for w in page.extract_words() if visible(w["x0"], w["top"]) and visible(w["x1"], w["bottom"])]
    rects = [(*to_board(r["x0"], r["top"]), r["width"], r["height"]) for r in page.rects if not _tint(r)]
    marks = [(*to_board(ln["x0"], ln["top"]), *to_board(ln["x1"], ln["bottom"])) for ln in page.lines
             if abs(ln["linewidth"] - 0.5) < 0.01 and visible(ln["x0"], ln["top"]) and _black(ln)]
    tint = [(*to_board(r["x0"], r["top"]), r["width"], r["height"]) for r in page.rects if _tint(r)]
    return {"row": row, "col": col, "size": (tw, th),
            "region": (origin[0], origin[1], tw, th), "words": words, "rects": rects, "marks": marks,
            "tint": tint, "page": (float(page.width), float(page.height))}


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
        marks_a = _rounded(m for m in a["marks"] if _in(zone, m[0], m[1], 0) and _in(zone, m[2], m[3], 0))
        marks_b = _rounded(m for m in b["marks"] if _in(zone, m[0], m[1], 0) and _in(zone, m[2], m[3], 0))
        assert marks_a == marks_b and len(marks_a) >= 6  # 3 crosses of 2 lines along each joint
        assert any(_same(t, zone) for t in a["tint"]), "the receiving tile shades its glue strip"
        glue = [w for w in a["words"] if w[0] in ("collage", "egalloc") and _in(zone, w[1], w[2], 0)]
        assert glue, "the receiving tile says 'zone de collage' on its strip"  # turned text reads backwards
        assert not [w for w in b["words"] if w[0] in ("collage", "egalloc") and _in(zone, w[1], w[2], 0)]
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


# --- a synthetic oversized page, built ----------------------------------------------------------

BIG = (400, 300)  # mm
GRID = 50  # mm between labelled grid points


def _big_layout() -> str:
    lines = ["grand-format:", "  kind: page", f"  size: [{BIG[0]}mm, {BIG[1]}mm]", "  elements:",
             "    fond: {type: rect, box: trim, stroke: '#000000', stroke_width: 1}"]
    for i in range(1, BIG[0] // GRID):
        lines.append(f"    v{i}: {{type: line, x: {i * GRID}, y: 0, x2: {i * GRID}, y2: {BIG[1]}, stroke_width: 0.7}}")
    for j in range(1, BIG[1] // GRID):
        lines.append(f"    h{j}: {{type: line, x: 0, y: {j * GRID}, x2: {BIG[0]}, y2: {j * GRID}, stroke_width: 0.7}}")
    for i in range(BIG[0] // 25):
        for j in range(BIG[1] // 25):
            lines.append(f"    t{i}-{j}: {{type: text, x: {i * 25 + 2}, y: {j * 25 + 2}, w: 20, h: 8, "
                         f"text: 'c{i}r{j}', size: 9}}")
    # words and squares inside the overlaps the plans have on A4, Letter (2 x 2) and A3 (1 x 2):
    # u in [195, 205] mm, v in [145, 155] mm (A3: 2 tiles side by side, portrait)
    for k, at in enumerate((30, 90, 240, 280)):
        lines.append(f"    ju{k}: {{type: text, x: 197, y: {at}, w: 6, h: 5, text: 'u{k}', size: 7}}")
        lines.append(f"    su{k}: {{type: rect, x: 198, y: {at + 6}, w: 4, h: 2, fill: '#336699'}}")
    for k, at in enumerate((40, 120, 260, 350)):
        lines.append(f"    jv{k}: {{type: text, x: {at}, y: 146, w: 6, h: 5, text: 'v{k}', size: 7}}")
        lines.append(f"    sv{k}: {{type: rect, x: {at}, y: 152, w: 4, h: 2, fill: '#336699'}}")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp("tiling")
    root = make_project(base / "project", ())
    (root / "layouts" / "grand.yaml").write_text(_big_layout(), encoding="utf-8")
    kit = root / "decks" / "grand"
    kit.mkdir(parents=True)
    (kit / "game.yaml").write_text("title: Grand format\nplayers: {min: 1, max: 4}\ncomponents: [carte.yaml]\n",
                                   encoding="utf-8")
    (kit / "carte.yaml").write_text("kind: sheet\nname: carte\ntitle: carte\nlayout: grand-format\n", encoding="utf-8")
    out = {}
    for paper in ("a4", "letter", "a3"):
        reports = build(root, ["grand"], Options(paper=paper, out=base / "out"))
        assert not [p for r in reports for p in r.errors], [p.render() for r in reports for p in r.errors]
        out[paper] = base / "out" / "grand" / f"carte-{paper}.pdf"
    return out


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_an_oversized_page_is_tiled_and_reassembles(big, paper):
    tiles = read_tiles(big[paper], BIG)
    expected = {"a4": {"A1", "A2", "B1", "B2"}, "letter": {"A1", "A2", "B1", "B2"}, "a3": {"A1", "A2"}}[paper]
    assert set(tiles) == expected
    assert_reassembles(tiles, BIG)
    for tile in tiles.values():  # every visible word is where the layout put it
        for text, u, v, *_ in tile["words"]:
            found = re.fullmatch(r"c(\d+)r(\d+)", text)
            if found:
                i, j = int(found.group(1)), int(found.group(2))
                assert abs(u - (i * 25 + 2) * MM) < 1.0 and abs(v - (j * 25 + 2) * MM) < 6.0, (text, u, v)


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_tiled_pages_have_one_paper_size_a_map_first_and_embedded_fonts(big, paper):
    sizes = page_sizes_mm(big[paper])
    w, h = PAPERS[paper]
    assert len(set(sizes)) == 1 and sorted(sizes[0]) == sorted((round(w, 1), round(h, 1)))
    assert len(sizes) == {"a4": 5, "letter": 5, "a3": 3}[paper]
    with pdfplumber.open(str(big[paper])) as pdf:
        first = " ".join(w["text"] for w in pdf.pages[0].extract_words())
    assert "plan d’assemblage" in first and "A1" in first
    assert fonts(big[paper]) and all(fonts(big[paper]).values())
    reader = PdfReader(str(big[paper]))
    trims = {tuple(round(float(v), 2) for v in p.trimbox) for p in reader.pages[1:]}
    assert len(trims) == 1  # every tile shows a region of the same size, at the same place
