"""Sheet templates as data (label and sticker sheets, print services' n-up templates) and mixed
imposition (decks of one size on the same sheets): issue 21, item 6; read back from the PDFs."""
from __future__ import annotations

from pnp.build import check
from pnp.core.options import Options
from pnp.model.units import MM

from conftest import build_ok, edit, line_of, make_project
from minikit import KIT, found, write_kit
from pdfread import boxes, crop_marks, page_count, page_sizes_mm, words

LAYOUTS = """
planche-l7160:
  kind: template
  description: A4 sheet of 21 labels, 63.5 × 38.1 mm, 3 × 7.
  slots: {paper: a4, slot: [63.5mm, 38.1mm], columns: 3, rows: 7, gap: [2.5mm, 0], offset: [7.2mm, 15.1mm]}
imprimeur-9:
  kind: template
  slots: {paper: [300mm, 300mm], slot: [63mm, 88mm], columns: 3, rows: 3, gap: [10mm, 6mm], marks: corners, bleed: 3mm}
etiquette:
  size: [63.5mm, 38.1mm]
  bleed: 0
  elements:
    nom: {type: text, box: safe, text: "{nom}", size: 12, align: center, valign: middle}
carte:
  size: poker
  background: "#dddddd"
  elements:
    nom: {type: text, box: safe, text: "{nom}", size: 12, align: center, valign: middle}
"""
LABELS = """kind: deck
name: etiquettes
layout: etiquette
imposition: {sheet: planche-l7160}
fields: {nom: text}
generate:
  - each: {nom: [Bois, Pierre, Blé, Mouton, Argile, Or]}
    copies: 4
"""


def _project(tmp_path):
    root = make_project(tmp_path / "project", ())
    (root / "layouts" / "t.yaml").write_text(LAYOUTS, encoding="utf-8")
    return root


def test_a_label_sheet_places_each_card_in_its_slot(tmp_path):
    root = _project(tmp_path)
    write_kit(root, {"etiquettes.yaml": LABELS})
    out = tmp_path / "out"
    build_ok(root, [KIT], Options(out=out, paper="a4"))
    pdf = out / KIT / "etiquettes-a4.pdf"
    assert page_count(pdf) == 2 and page_sizes_mm(pdf)[0] == (210.0, 297.0)
    names = [w for w in words(pdf, 0) if w["text"] in ("Bois", "Pierre", "Blé", "Mouton", "Argile", "Or")]
    assert len(names) == 21
    for w in names:  # each name centred in its slot: 7.2 mm + column × 66 mm, 15.1 mm + row × 38.1 mm
        cx, cy = (w["x0"] + w["x1"]) / 2 / MM, (w["top"] + w["bottom"]) / 2 / MM
        col, row = round((cx - 7.2 - 63.5 / 2) / 66), round((cy - 15.1 - 38.1 / 2) / 38.1)
        assert abs(cx - (7.2 + 63.5 / 2 + col * 66)) < 4 and abs(cy - (15.1 + 38.1 / 2 + row * 38.1)) < 2
    trim = boxes(pdf, 0)["trimbox"]
    assert [round(v / MM, 1) for v in trim] == [7.2, 15.2, 202.7, 281.9]  # bottom-up: 297 - 15.1 - 7 × 38.1
    assert crop_marks(pdf, 0) == ([], [])  # die-cut labels: no mark


def test_an_n_up_template_draws_corner_marks_on_its_own_paper_with_mirrored_backs(tmp_path):
    root = _project(tmp_path)
    deck = "kind: deck\nname: d\nlayout: carte\nback: carte\nimposition: {sheet: imprimeur-9}\nfields: {nom: text}\n" \
           "cards:\n" + "".join(f"  - {{nom: c{i}}}\n" for i in range(9))
    write_kit(root, {"d.yaml": deck})
    out = tmp_path / "out"
    reports = build_ok(root, [KIT], Options(out=out, paper="a4", backs="long-edge"))
    assert [p.what for r in reports for p in r.problems] == []
    pdf = out / KIT / "d-a4.pdf"
    assert page_count(pdf) == 2 and page_sizes_mm(pdf)[0] == (300.0, 300.0)
    xs, ys = crop_marks(pdf, 0)
    left = (300 - 3 * 63 - 2 * 10) / 2
    assert sorted({round(x / MM, 1) for x in xs}) == [round(left + c * 73 + d, 1) for c in range(3) for d in (0, 63)]
    assert len({round(y / MM, 1) for y in ys}) == 6


def test_a_template_whose_slots_are_not_the_cards_is_an_error_at_its_line(tmp_path):
    root = _project(tmp_path)
    write_kit(root, {"d.yaml": LABELS.replace("layout: etiquette", "layout: carte")})
    line = line_of(root / "decks" / KIT / "d.yaml", "imposition:")
    assert found(root) == [f"decks/{KIT}/d.yaml:{line}:21: deck 'etiquettes': the sheet template's slots are 63.5 × "
                           "38.1 mm, the cards 63 × 88 mm"]


def test_a_template_for_another_paper_is_a_warning(tmp_path):
    root = _project(tmp_path)
    write_kit(root, {"etiquettes.yaml": LABELS})
    reports = build_ok(root, [KIT], Options(out=tmp_path / "out", paper="letter"))
    assert [p.render() for r in reports for p in r.problems] == [
        f"warning: decks/{KIT}/etiquettes.yaml:4:21: deck 'etiquettes': the sheet template is for A4 paper: its pages "
        "are A4 on this LETTER build"]


def test_decks_of_one_size_fill_the_same_sheets(tmp_path):
    root = make_project(tmp_path / "project", ("belote",))
    edit(root / "decks" / "belote" / "aide.yaml", "back: belote-dos\n", "back: belote-dos\nimposition: {after: cartes}\n")
    out = tmp_path / "out"
    reports = build_ok(root, ["belote"], Options(out=out, paper="a4"))
    names = sorted(f.path.rsplit("/", 1)[-1] for r in reports for f in r.files)
    assert "aide-a4.pdf" not in names and "cartes-a4.pdf" in names
    pdf = out / "belote" / "cartes-a4.pdf"
    assert page_count(pdf) == 8  # 32 + 4 cards, 9 a sheet: 4 sheets (with their backs), not 4 + 1
    last = [w["text"] for w in words(pdf, 6)]
    assert last.count("Valeur") == 4 and "Roi" in last


def test_a_deck_imposed_after_an_unknown_deck_or_one_of_another_size(tmp_path):
    root = make_project(tmp_path / "project", ("belote",))
    aide = root / "decks" / "belote" / "aide.yaml"
    edit(aide, "back: belote-dos\n", "back: belote-dos\nimposition: {after: carte}\n")
    line = line_of(aide, "imposition:")
    problems = [p.render() for r in check(root, ["belote"]) for p in r.problems]
    assert problems == [f"decks/belote/aide.yaml:{line}:21: deck 'aide': the kit has no deck 'carte' (did you mean "
                        "'cartes'?)"]
    edit(aide, "{after: carte}", "{after: cartes}")
    edit(root / "layouts" / "belote.yaml", "belote-aide:\n", "belote-aide:\n  size: tarot\n")
    problems = [p.render() for r in check(root, ["belote"]) for p in r.problems]
    assert f"decks/belote/aide.yaml:{line}:21: deck 'aide': its cards are 70 × 120 mm, deck 'cartes''s 63 × 88 mm: " \
           "cards share sheets with cards of their size" in problems
