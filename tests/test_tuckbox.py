"""Tuck boxes, built and measured from the PDF: panels against the deck (card size, count, card
thickness, clearance), fold lines dashed and cut outline solid, the deck's art on the panels, two
pieces when one does not fit, and located problems for what the box names wrongly."""
from __future__ import annotations

import pytest

from conftest import Options, build_ok, check, edit, line_of
from hostile import tiny_kit
from pdfread import MM, fonts, page, page_count, page_sizes_mm, words_in

CARD = (63.0, 88.0)


@pytest.fixture(scope="module")
def boxes(shipped, tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("tuckboxes")
    found = {}
    for paper in ("a4", "letter"):
        build_ok(shipped, ["similis", "clochemerle"], Options(paper=paper, out=out))
        found[("similis", paper)] = out / "similis" / f"boite-{paper}.pdf"
        found[("clochemerle", paper)] = out / "clochemerle" / f"boite-lieux-{paper}.pdf"
    return found


def _folds(path, index=0) -> tuple[list[float], list[float]]:
    """x of the vertical fold lines and y (top-down) of the horizontal ones, in mm, distinct."""
    lines = [ln for ln in page(path, index).lines if ln.get("dash") and ln["dash"][0]]
    xs = sorted({round(ln["x0"] / MM, 2) for ln in lines if abs(ln["x0"] - ln["x1"]) < 0.01})
    ys = sorted({round(ln["top"] / MM, 2) for ln in lines if abs(ln["top"] - ln["bottom"]) < 0.01})
    return xs, ys


def _spans(values: list[float]) -> list[float]:
    return [round(b - a, 2) for a, b in zip(values, values[1:])]


@pytest.mark.parametrize("kit, cards, paper", [("similis", 92, "a4"), ("similis", 92, "letter"),
                                               ("clochemerle", 12, "a4"), ("clochemerle", 12, "letter")])
def test_the_panels_measured_from_the_pdf_hold_the_deck(boxes, kit, cards, paper):
    path = boxes[(kit, paper)]
    assert page_count(path) == 1  # one piece, on one sheet
    xs, ys = _folds(path)
    width, height = CARD[0] + 1, CARD[1] + 1  # the cards and 1 mm of clearance
    depth = round(cards * 0.3 + 1, 2)  # 0.3 mm a card, and the clearance
    # left to right: back | side | front | side | glue flap (the folds between them)
    assert _spans(xs) == pytest.approx([depth, width, depth], abs=0.02)
    # top to bottom: tuck flap | lid | back, front and sides | lid | tuck flap
    assert [s for s in _spans(ys) if abs(s - depth) < 0.02 or abs(s - height) < 0.02] == \
        pytest.approx([depth, height, depth], abs=0.02)


def test_cut_lines_are_solid_and_closed_folds_dashed(boxes):
    plumbed = page(boxes[("similis", "a4")], 0)
    cuts = [c for c in plumbed.curves if abs(c["linewidth"] - 0.6) < 0.01]
    assert len(cuts) == 1 and not (cuts[0].get("dash") and cuts[0]["dash"][0])
    outline = cuts[0]["pts"]
    assert len(outline) > 40  # the rounded tuck flaps and the thumb notch are in it
    folds = [ln for ln in plumbed.lines if abs(ln["linewidth"] - 0.5) < 0.01]
    assert folds and all(ln.get("dash") and ln["dash"][0] for ln in folds)
    x0, top, x1, bottom = cuts[0]["x0"], cuts[0]["top"], cuts[0]["x1"], cuts[0]["bottom"]
    assert all(x0 - 0.5 <= ln["x0"] and ln["x1"] <= x1 + 0.5 and top - 0.5 <= ln["top"] for ln in folds)
    assert all(ln["bottom"] <= bottom + 0.5 for ln in folds)  # every fold inside the outline's box
    assert min(x0, top) >= 5 * MM and x1 <= float(plumbed.width) - 5 * MM  # in the printable area


def test_the_decks_back_is_the_art_and_the_flaps_are_named(boxes):
    path = boxes[("similis", "a4")]
    plumbed = page(path, 0)
    xs, ys = _folds(path)
    found = plumbed.extract_words()
    back = (0, ys[1] * MM, xs[0] * MM, ys[2] * MM)  # left of the first vertical fold, between the hinges
    front = (xs[1] * MM, ys[1] * MM, xs[2] * MM, ys[2] * MM)
    assert "SIMILIS" in words_in(back, found) and "SIMILIS" in words_in(front, found)
    words = " ".join(w["text"] for w in found)
    turned = " ".join(w["text"][::-1] for w in reversed(found))  # words along the sides read upwards
    for name in ("rabat", "languette", "colle", "Similis · cartes · 92 cartes", "Imprimer à 100 %",
                 "découpez les traits pleins"):
        assert name in words or name in turned, name
    assert page_sizes_mm(path) == [(210.0, 297.0)]


def test_a_deep_box_is_split_over_two_sheets(project, tmp_path):
    root = project("similis")
    edit(root / "decks" / "similis" / "boite.yaml", "also: [aide]", "depth: 60mm")
    reports = build_ok(root, ["similis"], Options(out=tmp_path))
    path = tmp_path / "similis" / "boite-a4.pdf"
    assert page_count(path) == 2 and [f.pages for r in reports for f in r.files if f.component == "boite"] == [2]
    for index in range(2):
        xs, _ = _folds(path, index)
        words = " ".join(w["text"] for w in page(path, index).extract_words())
        assert f"partie {index + 1}/2" in words
        assert _spans(xs) == pytest.approx([61.0], abs=0.02)  # a large panel | side of 60 + 1 mm | glue


def test_a_broken_bold_font_no_text_needs_leaves_the_box_in_the_regular_face(project, tmp_path):
    """The box's titles are bold when the default family's bold can be used, else regular: a bold
    file that is no font (and that no card's text uses) is no traceback."""
    root = project()
    kit = tiny_kit(root, '    t: {type: text, text: "{a}", font: Bree Serif, x: 5, y: 5, w: 50, h: 10}\n')
    (kit / "boite.yaml").write_text("kind: tuckbox\nname: boite\ntitle: box\ndeck: cards\nart: front\n",
                                    encoding="utf-8")
    edit(kit / "game.yaml", "[cards.yaml]", "[cards.yaml, boite.yaml]")
    (root / "fonts" / "NotoSans-Bold.ttf").write_bytes(b"this is no font" * 100)
    build_ok(root, ["k"], Options(out=tmp_path))
    used = {name.split("+")[-1] for name in fonts(tmp_path / "k" / "boite-a4.pdf")}
    assert "NotoSans-Regular" in used and "NotoSans-Bold" not in used


@pytest.mark.parametrize("old, new, key, message", [
    ("deck: cartes", "deck: carte", "deck", "no deck 'carte' in the kit (decks: cartes, aide) (did you mean 'cartes'?)"),
    ("title: boîte", "title: boîte\nart: '999'", "art", "no card '999' in deck 'cartes'"),
])
def test_a_box_naming_what_the_kit_lacks_is_a_located_error(project, old, new, key, message):
    root = project("similis")
    path = root / "decks" / "similis" / "boite.yaml"
    edit(path, old, new)
    problems = [p for r in check(root, ["similis"]) for p in r.errors]
    assert len(problems) == 1
    rendered = problems[0].render()
    assert rendered.startswith(f"decks/similis/boite.yaml:{line_of(path, key + ':')}:")
    assert message in rendered
