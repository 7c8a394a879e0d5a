"""The Similis and Réglisse PDFs read back: pages, card sizes, texts, fonts, boxes, duplex, bytes."""
from __future__ import annotations

import json

from click.testing import CliRunner

from pnp.build import build
from pnp.cli import main
from pnp.core.options import Options

from pdfread import MM, boxes, cells, crop_marks, fonts, page, page_sizes_mm, text, words, words_in


def pdf(build_info, kit, name, paper="a4"):
    return build_info["out"] / kit / f"{name}-{paper}.pdf"


def test_the_manifest_lists_every_file(similis_build):
    files = {f.component: f for r in similis_build["reports"] for f in r.files if r.kit == "similis"}
    assert set(files) == {"cartes", "aide", "score", "boite", "regles", "regles-livret"}
    # stone and sand backgrounds differ at the cut: gutters, 8 cards a sheet (A4 landscape)
    assert (files["cartes"].cards, files["cartes"].pages, files["cartes"].per_page) == (90, 24, 8)
    assert files["cartes"].card_size_mm == (63.0, 88.0)


def test_pages_are_a4_with_fronts_and_mirrored_backs(similis_build):
    path = pdf(similis_build, "similis", "cartes")
    assert page_sizes_mm(path) == [(297.0, 210.0)] * 24


def test_each_card_is_exactly_its_declared_size(similis_build):
    xs, ys = crop_marks(pdf(similis_build, "similis", "cartes"), 0)
    assert len(xs) == 8 and len(ys) == 4  # each card its own cut lines, a 6 mm gutter between
    assert [round((b - a) / MM, 1) for a, b in zip(xs, xs[1:])] == [63.0, 6.0] * 3 + [63.0]
    assert [round((b - a) / MM, 1) for a, b in zip(ys, ys[1:])] == [88.0, 6.0, 88.0]


def test_crop_marks_stay_in_the_margins(similis_build):
    path = pdf(similis_build, "similis", "cartes")
    trim = boxes(path, 0)["trimbox"]
    bleed = boxes(path, 0)["bleedbox"]
    first = page(path, 0)
    marks = [ln for ln in first.lines if abs(ln["linewidth"] - 0.25) < 0.01]
    height = float(first.height)
    assert len(marks) == 24
    for mark in marks:
        x0, x1 = mark["x0"], mark["x1"]
        y0, y1 = height - mark["bottom"], height - mark["top"]
        outside = x1 <= bleed[0] or x0 >= bleed[2] or y1 <= bleed[1] or y0 >= bleed[3]
        assert outside, mark
        assert max(x1 - x0, y1 - y0) >= 3.0 * MM - 0.01  # long enough to lay a ruler on
        assert min(x0, y0) >= 5 * MM - 0.01 and x1 <= float(first.width) - 5 * MM + 0.01  # printable area
        assert y1 <= height - 5 * MM + 0.01
    assert abs((trim[2] - trim[0]) / MM - 270) < 0.01 and abs((trim[3] - trim[1]) / MM - 182) < 0.01


def test_trim_and_bleed_boxes_frame_the_grid(similis_build):
    found = boxes(pdf(similis_build, "similis", "cartes"), 0)
    trim, bleed = found["trimbox"], found["bleedbox"]
    assert [round(v / MM, 2) for v in trim] == [13.5, 14.0, 283.5, 196.0]
    assert [round(v / MM, 2) for v in bleed] == [10.5, 11.0, 286.5, 199.0]


def test_card_texts_lie_in_their_cells(similis_build):
    path = pdf(similis_build, "similis", "cartes")
    xs, ys = crop_marks(path, 0)
    found = words(path, 0)
    legends = [words_in(cell, found) for cell in cells(xs, ys, (63, 88))]
    assert len(legends) == 8
    assert legends[0] == "1 Ankh · bleu · pierre 1"
    assert legends[1] == "1 Ankh · bleu · sable 1"
    assert legends[6] == "1 Scarabée · bleu · pierre 1"
    assert words_in(cells(xs, ys, (63, 88))[0], words(path, 2)) == "1 Scarabée · vert · pierre 1"
    last = words(path, 22)  # the twelfth sheet holds the last two cards
    assert [words_in(cell, last) for cell in cells(xs, ys, (63, 88))][1:3] == ["5 Œil · rouge · sable 5", ""]


def test_every_font_is_a_bundled_embedded_subset(similis_build):
    for kit, name in (("similis", "cartes"), ("similis", "aide"), ("similis", "score"),
                      ("similis-reglisse", "cartes")):
        used = fonts(pdf(similis_build, kit, name))
        assert used and all(used.values()), used
        assert not [f for f in used if "Helvetica" in f], used
        assert all("+" in f for f in used), used  # subset prefix
    assert any("BreeSerif" in f for f in fonts(pdf(similis_build, "similis", "cartes")))
    assert any("Fredoka" in f for f in fonts(pdf(similis_build, "similis-reglisse", "cartes")))


def test_the_long_edge_back_page_mirrors_the_front_page(similis_build):
    path = pdf(similis_build, "similis", "cartes")
    fx, fy = crop_marks(path, 0)
    bx, by = crop_marks(path, 1)
    height = 210 * MM  # a landscape sheet turned over its long (horizontal) edge: rows swap
    assert [round(height - y, 1) for y in reversed(fy)] == [round(y, 1) for y in by] and fx == bx
    front = words(path, 0)
    back = words(path, 1)
    front_cells = cells(fx, fy, (63, 88))
    back_cells = cells(bx, by, (63, 88))
    for i in range(8):
        row, col = divmod(i, 4)
        mirrored = back_cells[(1 - row) * 4 + col]
        assert "SIMILIS" in words_in(mirrored, back)
        assert words_in(front_cells[i], front)
    assert boxes(path, 1)["trimbox"] == boxes(path, 0)["trimbox"]


def squash(text: str) -> str:
    """Runs of spaces, no-break and narrow no-break spaces as one space."""
    return " ".join(text.replace("\u00a0", " ").replace("\u202f", " ").split())


def table_cells(path, index: int) -> list[list[str]]:
    """The text of each cell of the ruled table on a page, row by row. Its rules are the lines that
    are not 0.25 pt crop marks: the inner vertical ones span the table's height, the horizontal
    ones its width."""
    rules = [ln for ln in page(path, index).lines if abs(ln["linewidth"] - 0.25) > 0.01]
    across = [ln for ln in rules if abs(ln["top"] - ln["bottom"]) < 0.01]
    down = [ln for ln in rules if abs(ln["x0"] - ln["x1"]) < 0.01]
    assert across and down, rules
    xs = [min(ln["x0"] for ln in across), *sorted(ln["x0"] for ln in down), max(ln["x1"] for ln in across)]
    ys = [min(ln["top"] for ln in down), *sorted(ln["top"] for ln in across), max(ln["bottom"] for ln in down)]
    found = words(path, index)
    texts = [squash(words_in(cell, found)) for cell in cells(xs, ys)]
    columns = len(xs) - 1
    return [texts[i:i + columns] for i in range(0, len(texts), columns)]


def test_rules_cards_print_the_series_table_of_the_rules_model(similis_build):
    path = pdf(similis_build, "similis", "aide")
    assert table_cells(path, 0) == [["Série", "Points communs", "Cartes à donner"],
                                    ["4 cartes", "1 point commun", "aucune"],
                                    ["3 cartes", "2 points communs", "1 carte"],
                                    ["2 cartes", "3 points communs", "2 cartes"]]
    content = text(path, 0)
    assert "Mise en place" in content and "Pioche vide" in content


def test_french_typography_on_the_printed_text(similis_build):
    # the no-break spaces are tested on the text (test_text.py); the PDF's text gives them as spaces
    content = text(pdf(similis_build, "similis", "aide"), 0)
    assert "n’a plus" in content and "'" not in content  # typographic apostrophes only


def test_the_score_sheet_has_rounds_and_the_50_point_end(similis_build):
    path = pdf(similis_build, "similis", "score")
    content = text(path, 0)
    assert "feuille de score" in content and "50 points" in content
    assert content.count("Manche") == 2 and content.count("total") >= 12
    assert page_sizes_mm(path) == [(210.0, 297.0)]


def test_reglisse_has_its_liquorice_cards_and_candies(similis_build):
    path = pdf(similis_build, "similis-reglisse", "cartes")
    assert len(page_sizes_mm(path)) == 18  # candies of four colours meet at the cut: gutters, 8 a sheet
    xs, ys = crop_marks(path, 14)
    assert words_in(cells(xs, ys, (63, 88))[7], words(path, 14)).split() == ["4", "4", "Sucette", "jaune"]
    found = words(path, 16)
    inside = [words_in(cell, found) for cell in cells(xs, ys, (63, 88))]
    assert len(inside) == 8 and all(c.startswith("Réglisse") for c in inside) and "Bâton" in inside[2]


def test_two_builds_give_the_same_bytes(similis_build, tmp_path):
    again = tmp_path / "again"
    build(similis_build["root"], ["similis"], Options(out=again))
    for name in ("cartes", "aide", "score", "boite", "regles", "regles-livret"):
        assert (again / "similis" / f"{name}-a4.pdf").read_bytes() == pdf(similis_build, "similis", name).read_bytes()


def test_letter_fold_and_short_edge_builds(similis_build, tmp_path):
    runner = CliRunner()
    root = str(similis_build["root"])
    result = runner.invoke(main, ["--project", root, "build", "similis", "--paper", "letter", "--backs", "fold",
                                  "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    manifest = json.loads(result.stdout)
    cartes = next(f for f in manifest["kits"][0]["files"] if f["component"] == "cartes")
    assert cartes["backs"] == "fold" and cartes["cards_per_page"] == 3 and cartes["pages"] == 30  # with gutters
    path = tmp_path / "similis" / "cartes-letter.pdf"
    content = text(path, 0)
    assert content.count("SILIMIS") == 3 and content.count("Ankh") == 3  # backs turned over a horizontal fold
    result = runner.invoke(main, ["--project", root, "build", "similis", "--backs", "short-edge", "--out",
                                  str(tmp_path / "se")])
    assert result.exit_code == 0
    fx, fy = crop_marks(tmp_path / "se" / "similis" / "cartes-a4.pdf", 0)
    bx, by = crop_marks(tmp_path / "se" / "similis" / "cartes-a4.pdf", 1)
    assert fy == by and [round(297 * MM - x, 1) for x in reversed(fx)] == [round(x, 1) for x in bx]  # landscape
