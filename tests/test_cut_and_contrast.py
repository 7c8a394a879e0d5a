"""Cards at the cut and text on its ground: gutters where card edges differ (and only there), the
warnings of `pnp check` for faint text, edges and frames near the cut (located at the element),
the shipped kits free of them, and a page margin narrower than the printer's."""
from __future__ import annotations

import pytest

from pnp.layout.ground import contrast_ratio, grounds
from pnp.layout.items import Picture, Shape
from pnp.model.units import MM

from conftest import Options, build_ok, check, edit, line_of, shipped_kits
from pdfread import card_boxes, page_sizes_mm


def _warnings(root, kit: str) -> list[str]:
    return [p.render() for r in check(root, [kit]) for p in r.warnings]


def test_the_shipped_kits_check_without_a_warning(shipped):
    """(But the rules models' play-out findings, balance statistics of another concern.)"""
    reports = check(shipped, list(shipped_kits()))
    assert [p.render() for r in reports for p in r.problems if "play-outs" not in p.render()] == []


@pytest.mark.parametrize("gutter, per_page, size", [("", 9, (210.0, 297.0)), ("\nimposition: {gutter: true}", 8,
                                                                               (297.0, 210.0))])
def test_cards_whose_edges_agree_stay_butted_unless_asked(project, tmp_path, gutter, per_page, size):
    root = project("similis")
    cards = root / "decks" / "similis" / "cartes.yaml"
    edit(cards, "layout: similis-front", "layout: similis-back" + gutter)  # every card the same lapis edges
    reports = build_ok(root, ["similis"], Options(out=tmp_path))
    assert [f.per_page for r in reports for f in r.files if f.component == "cartes"] == [per_page]
    path = tmp_path / "similis" / "cartes-a4.pdf"
    assert page_sizes_mm(path)[0] == size and len(card_boxes(path, 0, (63 * MM, 88 * MM))) == per_page


def test_cards_whose_edges_differ_get_gutters_between_rows_only_where_they_differ(shipped, tmp_path):
    reports = build_ok(shipped, ["clochemerle"], Options(out=tmp_path))
    per_page = {f.component: f.per_page for r in reports for f in r.files if f.kind == "deck"}
    # the event cards: dark band on top, paper below (rows apart); same sides (columns butted): nine
    # the place cards: a colour per place, front and back: gutters both ways, eight (A4 landscape)
    assert per_page == {"clochemerle": 9, "lieux": 8}


@pytest.mark.parametrize("old, new, element, message, more", [
    ('color: "{couleur}-fonce"}', 'color: "{couleur}"}', "valeur-haut:",
     "text contrast 4.0:1 (#d7263d on #fde3e6) is under 4.5:1", 15),  # the 16 red candies: one warning
    ("bord: {type: rect, x: 5, y: 5, w: 53, h: 78,", "bord: {type: rect, x: 1, y: 5, w: 57, h: 78,", "bord:",
     "an edge 1.0 mm inside the cut, within the 2 mm a cut or a duplex back may be off", 63),
])
def test_reglisse_faults_are_warned_at_the_element(project, old, new, element, message, more):
    root = project("similis-reglisse")
    layouts = root / "layouts" / "reglisse.yaml"
    edit(layouts, old, new)
    found = [w for w in _warnings(root, "similis-reglisse") if message in w]
    assert found, _warnings(root, "similis-reglisse")
    assert found[0].startswith(f"warning: layouts/reglisse.yaml:{line_of(layouts, element)}:")
    assert "kit 'similis-reglisse', deck 'cartes', card '1', element" in found[0]
    assert found[0].endswith(f"(and on {more} more cards)")


@pytest.mark.parametrize("old, new, element, message", [
    ("cadre: {type: rect, x: 5, y: 5, w: 53, h: 78,", "cadre: {type: rect, x: 4, y: 4, w: 55, h: 80,", "cadre:",
     "a frame 3.2 mm inside the cut: a cut or a duplex back 1 mm off makes it visibly lopsided"),
    ("pastille-haut: {type: ellipse, x: 3.1, y: 3.1,", "pastille-haut: {type: ellipse, x: 2.5, y: 2.5,",
     "pastille-haut:", "it comes 1.5 mm from the cut"),
])
def test_similis_faults_are_warned_at_the_element(project, old, new, element, message):
    root = project("similis")
    layouts = root / "layouts" / "similis.yaml"
    edit(layouts, old, new)
    found = [w for w in _warnings(root, "similis") if message in w]
    assert len(found) == 1, _warnings(root, "similis")
    assert found[0].startswith(f"warning: layouts/similis.yaml:{line_of(layouts, element)}:")


def test_a_page_margin_inside_the_printers_margin_is_an_error(project):
    root = project("similis")
    edit(root / "layouts" / "similis.yaml", "  margin: 12mm", "  margin: 3mm")
    errors = [p.render() for r in check(root, ["similis"]) for p in r.errors]
    assert errors == [f"decks/similis/score.yaml:{line_of(root / 'decks' / 'similis' / 'score.yaml', 'layout:')}:9: "
                      "sheet 'score': the page's margin (3 mm) is narrower than the printer's (5 mm): the page "
                      "would print clipped"]
    assert not [p for r in check(root, ["similis"], Options(printer_margin=3)) for p in r.errors]


def test_the_ground_of_text_is_the_fills_under_it():
    paper, ink = (1.0, 1.0, 1.0), (0.0, 0.0, 0.0)
    card = Shape("rect", 0, 0, 100, 100, fill=(0.9, 0.9, 0.2))
    half = Shape("rect", 0, 0, 50, 100, fill=(0.1, 0.2, 0.6))
    veil = Shape("rect", 0, 0, 100, 100, fill=ink, opacity=0.5)
    box = (40, 40, 60, 60)
    assert grounds(box, [], None) == {paper}
    assert grounds(box, [card], None) == {(0.9, 0.9, 0.2)}
    assert grounds(box, [card, half], None) == {(0.1, 0.2, 0.6), (0.9, 0.9, 0.2)}  # both show under the text
    assert grounds(box, [card, veil], None) == {(0.45, 0.45, 0.1)}  # blended
    art = Picture("svg", 0, 0, 100, 100, "art.svg")
    assert grounds(box, [art], None) == {None}  # a picture's colours are not judged
    assert contrast_ratio(ink, paper) == pytest.approx(21.0)


@pytest.mark.parametrize("edits, error", [
    ([('valign: middle, color: "#ffffff"}', "valign: middle, color: creme}"), ('creme: "#fffaf3"', 'creme: "#fffaf"')],
     "palette.creme"),  # the liquorice's name drawn black on black
    ([('rouge-clair: "#fde3e6"', 'rouge-clair: "#fde3e"')], "palette.rouge-clair"),  # its ground left unfilled
])
def test_a_face_drawn_otherwise_than_written_is_not_judged(project, edits, error):
    """A broken palette colour falls back (black ink, no fill) so that the run can report every
    problem; the contrast and edge warnings of those faces would judge the fallback, not the design:
    none is given."""
    root = project("similis-reglisse")
    for old, new in edits:
        edit(root / "layouts" / "reglisse.yaml", old, new)
    reports = check(root, ["similis-reglisse"])
    assert [p.where for r in reports for p in r.errors] and all(error in p.where for r in reports for p in r.errors)
    assert [w for w in _warnings(root, "similis-reglisse") if "contrast" in w or "cut" in w] == []
