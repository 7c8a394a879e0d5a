"""Tiling of page components larger than the paper: the plan's geometry, and a synthetic oversized
page built and read back from the PDF — each tile placed at the offset its label gives, the overlaps
and alignment marks of neighbouring tiles coincide and the tiles cover the whole component."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.core.errors import Problem
from pnp.layout.tiling import REGISTER_ARM, label, plan_tiles
from pnp.model.units import MM, PAPERS

from conftest import Options, build_ok, make_project
from pdfread import OVERLAP, assert_reassembles, boxes, fonts, page, page_count, page_sizes_mm, read_tiles

A4 = (PAPERS["a4"][0] * MM, PAPERS["a4"][1] * MM)
A3 = (PAPERS["a3"][0] * MM, PAPERS["a3"][1] * MM)
LETTER = (PAPERS["letter"][0] * MM, PAPERS["letter"][1] * MM)


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
    assert tile.strips == () and tile.registers == ()


def test_the_board_of_lutins_takes_two_portrait_pages_on_a4_and_letter():
    for paper in (A4, LETTER):
        plan = plan_tiles((256 * MM, 256 * MM), paper, 10 * MM, OVERLAP)
        assert (plan.rows, plan.cols, plan.pages) == (1, 2, 3)
        assert plan.width < plan.height  # portrait wins the tie
        a1, a2 = plan.tiles
        assert (a1.label, a2.label) == ("A1", "A2")
        assert a1.neighbours == (("right", "A2"),) and a2.neighbours == (("left", "A1"),)
        assert [s.side for s in a1.strips] == ["right"] and a2.strips == ()
        assert len(a1.registers) == 2 and a1.registers == a2.registers  # both ends of the joint
        assert {v < 0 or v > 256 * MM for _, v in a1.registers} == {True}  # beyond the board's edges


def test_the_orientation_with_fewest_pages_wins():
    plan = plan_tiles((400 * MM, 300 * MM), A4, 10 * MM, OVERLAP)
    assert plan.width > plan.height and (plan.rows, plan.cols) == (2, 2)
    forced = plan_tiles((400 * MM, 300 * MM), A4, 10 * MM, OVERLAP, orientation="portrait")
    assert forced.width < forced.height and (forced.rows, forced.cols) == (2, 3)


def test_a_paper_too_small_for_its_overlaps_is_refused():
    found = plan_tiles((400 * MM, 300 * MM), (30 * MM, 30 * MM), 10 * MM, OVERLAP)
    assert isinstance(found, Problem) and "cannot be tiled" in found.what


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
            for mark in tile.registers:  # in a margin, printed by the two tiles of its joint
                assert not _inside(mark, (0, 0, w * MM, h * MM))
                assert len([t for t in plan.tiles if mark in t.registers]) == 2
                x, y = tile.to_page(*mark)
                p0, q0, p1, q1 = plan.printable
                assert p0 <= x - REGISTER_ARM and x + REGISTER_ARM <= p1 and q0 <= y - REGISTER_ARM <= y + REGISTER_ARM <= q1
                assert not _inside((x, y), (tile.page_box[0], tile.page_box[1], tile.page_box[2] - tile.page_box[0],
                                            tile.page_box[3] - tile.page_box[1]), -REGISTER_ARM)


def _inside(point, region, pad=0.0) -> bool:
    u, v, w, h = region
    return u + pad - 1e-6 <= point[0] <= u + w - pad + 1e-6 and v + pad - 1e-6 <= point[1] <= v + h - pad + 1e-6


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
        build_ok(root, ["grand"], Options(paper=paper, out=base / "out"))
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
    first = " ".join(w["text"] for w in page(big[paper], 0).extract_words())
    assert "plan d’assemblage" in first and "A1" in first
    assert fonts(big[paper]) and all(fonts(big[paper]).values())
    trims = {tuple(round(v, 2) for v in boxes(big[paper], i)["trimbox"]) for i in range(1, page_count(big[paper]))}
    assert len(trims) == 1  # every tile shows a region of the same size, at the same place
