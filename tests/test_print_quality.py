"""Print quality of every kit on A4 and Letter, read from the PDFs and their renders: no ink within
the printer's 5 mm margin, pnp's own texts at 6 pt or more, viewers asked to print at actual size,
and no neighbour's colour on any card when a sheet is cut or a back lands 1 mm off."""
from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest
from PIL import Image

from conftest import Options, build_ok, edit, make_project, shipped_kits
from pdfread import MM, boxes, card_boxes, chars, page, page_count, reader

pytestmark = pytest.mark.slow  # (pyproject.toml's markers)

PAPERS = ("a4", "letter")
MARGIN_MM = 5.0
SCALE = 1.0  # 72 dpi: a pixel is 0.35 mm, enough to see ink in a 5 mm band


@pytest.fixture(scope="module")
def reports(shipped, tmp_path_factory) -> dict[Path, object]:
    """Every file of every kit built on A4 and Letter, with its report."""
    out = tmp_path_factory.mktemp("print-quality")
    found = {}
    for paper in PAPERS:
        for report in build_ok(shipped, list(shipped_kits()), Options(paper=paper, out=out / paper)):
            found.update({Path(f.path): f for f in report.files})
    return found


@pytest.fixture(scope="module")
def every_pdf(reports) -> list[Path]:
    return sorted(reports)


def _ink_margins(image: Image.Image) -> tuple[float, float, float, float]:
    """Left, right, top and bottom: how far from each paper edge the outermost inked pixel's far side
    lies, in mm (a pixel is inked when darker than 250 of 255 in grey)."""
    box = image.convert("L").point(lambda v: 255 if v < 250 else 0).getbbox()
    if box is None:
        return (float("inf"),) * 4
    px = 25.4 / 72 / SCALE
    w, h = image.size
    return ((box[0] + 1) * px, (w - box[2] + 1) * px, (box[1] + 1) * px, (h - box[3] + 1) * px)


def test_no_ink_within_5_mm_of_the_paper_edge_on_any_page(every_pdf):
    assert len({p.parent.parent.name for p in every_pdf}) == 2 and len(every_pdf) >= 30
    pages = 0
    for path in every_pdf:
        document = pypdfium2.PdfDocument(path)
        for index in range(len(document)):
            margins = _ink_margins(document[index].render(scale=SCALE).to_pil())
            assert min(margins) >= MARGIN_MM, (path.name, index, margins)
            pages += 1
        document.close()
    assert pages >= 150


def test_every_pdf_asks_for_actual_size_and_names_its_duplex(reports):
    modes = set()
    for path, report in reports.items():
        prefs = reader(path).trailer["/Root"]["/ViewerPreferences"]
        assert prefs["/PrintScaling"] == "/None", path
        expected = "/DuplexFlipLongEdge" if report.backs == "long-edge" else "/Simplex"  # the build's default
        assert prefs["/Duplex"] == expected, path
        modes.add(expected)
    assert modes == {"/DuplexFlipLongEdge", "/Simplex"}


def test_pnps_own_texts_are_6_pt_or_more(every_pdf):
    """Sheet notes (outside the TrimBox) and the words of tuck boxes and tiled pages (read with PDFium:
    every character of every PDF)."""
    outside_seen = 0
    for path in every_pdf:
        for index in range(page_count(path)):
            x0, y0, x1, y1 = boxes(path, index)["trimbox"]
            outside = [(char, size) for char, (l, b, r, t), size in chars(path, index)
                       if not (x0 <= l and r <= x1 and y0 <= b and t <= y1)]
            outside_seen += len(outside)
            small = {char for char, size in outside if size < 5.99}
            assert not small, (path.name, index, small)
    assert outside_seen > 1000  # the notes of every sheet were read


def test_sheet_notes_take_the_side_margins_on_letter(project, tmp_path):
    """Nine butted poker cards on Letter leave the top and bottom margins room for short crop marks
    only: the label and the print note run up and down the side margins, between the marks."""
    root = project("similis")
    edit(root / "decks" / "similis" / "cartes.yaml", "count: 90", "count: 90\nimposition: {gutter: false}")
    build_ok(root, ["similis"], Options(paper="letter", out=tmp_path))
    plumbed = page(tmp_path / "similis" / "cartes-letter.pdf", 0)
    notes = [ch for ch in plumbed.chars if not ch["upright"] and abs(ch["x1"] - ch["x0"] - 6) < 0.01]
    assert len(card_boxes(tmp_path / "similis" / "cartes-letter.pdf", 0, (63 * MM, 88 * MM))) == 9
    assert notes and not [ch for ch in plumbed.chars if ch["upright"] and abs(ch["size"] - 6) < 0.01]
    assert {ch["x0"] < plumbed.width / 2 for ch in notes} == {True, False}  # one on each side
    assert all(5 * MM <= ch["x0"] and ch["x1"] <= plumbed.width - 5 * MM for ch in notes)


# --- a sheet cut, or its back printed, 1 mm off -------------------------------------------------

OFFSET_MM = 1.0
RENDER = 2.0  # 144 dpi


def _quantised(pixel) -> tuple:
    return tuple(v // 24 for v in pixel[:3])


def _colours(image: Image.Image, box) -> set:
    found = image.crop(tuple(round(v) for v in box)).getcolors(maxcolors=1 << 20) or []
    return {_quantised(colour) for count, colour in found if count >= 4}


def foreign_colours(path: Path, index: int) -> dict:
    """For each card of page `index`, the colours of its neighbours that show on it once the page is
    printed 1 mm off (right and down, then left and up), and that the card itself does not have."""
    image = pypdfium2.PdfDocument(path)[index].render(scale=RENDER).to_pil().convert("RGB")
    scale = RENDER
    slots = {key: tuple(v * scale for v in box) for key, box in card_boxes(path, index, (63 * MM, 88 * MM)).items()}
    found = {}
    shift = OFFSET_MM * MM * scale
    for key, box in slots.items():
        own = _colours(image, box)
        neighbours = set().union(*(_colours(image, other) for k, other in slots.items()
                                   if k != key and abs(k[0] - key[0]) + abs(k[1] - key[1]) == 1))
        foreign = neighbours - own
        seen = set()
        for dx, dy in ((shift, shift), (-shift, -shift)):
            moved = (box[0] - dx, box[1] - dy, box[2] - dx, box[3] - dy)  # what lands on the card
            seen |= _colours(image, moved) & foreign
        if seen:
            found[key] = seen
    return found


@pytest.mark.parametrize("kit, deck", [("similis-reglisse", "cartes"), ("clochemerle", "lieux")])
@pytest.mark.parametrize("paper", PAPERS)
def test_no_neighbours_colour_on_any_card_with_a_1_mm_offset(every_pdf, kit, deck, paper):
    path = next(p for p in every_pdf if p.name == f"{deck}-{paper}.pdf" and p.parent.name == kit)
    for index in (0, 1):  # the fronts (cut 1 mm off) and the backs (printed 1 mm off)
        assert foreign_colours(path, index) == {}, (kit, paper, index)


def test_butted_cards_of_other_colours_do_show_their_neighbours(tmp_path):
    """The same check on Réglisse without its gutters finds the slivers: the test can fail."""
    root = make_project(tmp_path / "project", ("similis-reglisse",))
    edit(root / "decks" / "similis-reglisse" / "cartes.yaml", "count: 72", "count: 72\nimposition: {gutter: false}")
    build_ok(root, ["similis-reglisse"], Options(out=tmp_path / "out"))
    path = tmp_path / "out" / "similis-reglisse" / "cartes-a4.pdf"
    assert len(card_boxes(path, 0, (63 * MM, 88 * MM))) == 9  # butted: nine a sheet
    assert foreign_colours(path, 0)
