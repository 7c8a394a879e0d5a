"""The rulebook component, built from the cookbook kit (decks/belote/regles.md) on A4 and Letter, flat
and as a saddle-stitched A5 booklet, read back: page sizes, words where they belong, the contents'
page numbers, the booklet's imposed order (each page prints its number; which number lands on which
half of which sheet side), nothing inked in the printer's band, vectors only, the same bytes twice."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import pdfread
from pnp.core.options import Options
from pnp.model.units import MM, paper_points

from conftest import build_ok, make_project

BAND = 5 * MM  # the printer's margin


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp("rulebook")
    root = make_project(base / "project", ("belote",))
    reports = {}
    for paper in ("a4", "letter"):
        reports[paper] = build_ok(root, ["belote"], Options(paper=paper, out=base / "out"))
    return {"root": root, "out": base / "out" / "belote", "base": base, "reports": reports}


def _pdf(built: dict, name: str, paper: str) -> Path:
    return built["out"] / f"{name}-{paper}.pdf"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_flat_pages_are_the_paper_portrait_and_the_booklet_sheets_landscape(built, paper):
    w, h = paper_points(paper)
    flat = pdfread.reader(_pdf(built, "regles", paper))
    assert len(flat.pages) == 2
    for page in flat.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((w, h), abs=0.01)
    booklet = pdfread.reader(_pdf(built, "regles-livret", paper))
    assert len(booklet.pages) % 2 == 0
    for page in booklet.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((h, w), abs=0.01)
    assert "/DuplexFlipLongEdge" in str(booklet.trailer["/Root"]["/ViewerPreferences"]["/Duplex"])


def test_the_file_reports_name_the_rulebook_and_its_pages(built):
    files = {f.component: f for r in built["reports"]["a4"] for f in r.files}
    assert files["regles"].kind == "rulebook" and files["regles"].pages == 2
    assert files["regles-livret"].pages == pdfread.page_count(_pdf(built, "regles-livret", "a4"))


def test_the_cover_the_headings_and_the_text_print_in_french(built):
    text = pdfread.text(_pdf(built, "regles", "a4"), 0)
    for words in ("Belote", "Règles du jeu", "4 joueurs · 30 à 60 min", "Sommaire", "La distribution",
                  "Le kit Belote contient"):
        assert words in text, words
    assert "c’est la retourne" in text.replace("\n", " ")  # typographic apostrophe
    chars = "".join(c["text"] for c in pdfread.page(_pdf(built, "regles", "a4"), 0).chars)
    assert "choisie\u202f;" in chars  # a narrow no-break space before ;


def _lines(path: Path, index: int, keep, columns: bool = True) -> list[str]:
    """The text of each line of page `index` (of each column: `columns`) whose characters `keep(char)`
    accepts, top to bottom."""
    rows: dict[tuple[int, int], list[dict]] = {}
    for char in pdfread.page(path, index).chars:
        if keep(char):
            rows.setdefault((round(char["x0"] > 297) if columns else 0, round(char["bottom"])), []).append(char)
    return ["".join(c["text"] for c in sorted(row, key=lambda c: c["x0"])).strip() for _, row in sorted(rows.items())]


def test_the_contents_give_the_page_each_heading_starts_on(built):
    path = _pdf(built, "regles", "a4")
    heads = {}
    for index in range(pdfread.page_count(path)):
        for line in _lines(path, index, lambda c: "BreeSerif" in c["fontname"] and 12.5 < c["size"] < 18):
            heads.setdefault(line, index + 1)
    assert {"Le jeu", "Une donne", "Le décompte", "La feuille de marque", "Les enchères"} <= set(heads)
    contents = _lines(path, 0, lambda c: c["top"] < 420 and c["size"] == pytest.approx(9.5), columns=False)
    entries = {m.group(1).strip(): int(m.group(2)) for m in map(re.compile(r"^(\D+?)\s*(\d+)$").match, contents) if m}
    assert len(entries) == 9, contents
    for heading, page in entries.items():
        assert heads[heading] == page, heading


def _folios(path: Path, index: int, turned: bool) -> dict[str, int]:
    """The page numbers printed on a booklet sheet side, by the half they read on ("left" and "right"
    as the side is read, the right way up)."""
    page = pdfread.page(path, index)
    width, height = float(page.width), float(page.height)
    found: dict[str, int] = {}
    for char in page.chars:
        near_bottom = char["bottom"] > height - 12 * MM
        near_top = char["top"] < 12 * MM
        centre = width / 4 if char["x0"] < width / 2 else width * 3 / 4
        if char["text"].isdigit() and (near_top if turned else near_bottom) and char["size"] == pytest.approx(8.5) \
                and abs(char["x0"] - centre) < 12 * MM:
            half = "left" if (char["x0"] < width / 2) != turned else "right"
            found[half] = found.get(half, 0) * 10 + int(char["text"]) if not turned else int(char["text"])
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_booklet_is_imposed_so_the_folded_stack_reads_in_order(built, paper):
    """Sheet s of an n-page booklet: front n-2s | 2s+1, back 2s+2 | n-2s-1; the back turned half a
    turn (the sheet turns over about its long edge); blank pages (no number) fill up to 4k."""
    path = _pdf(built, "regles-livret", paper)
    sides = pdfread.page_count(path)
    total = sides * 2
    text_pages = built["reports"][paper]
    printed: set[int] = set()
    for index in range(sides):
        sheet, back = divmod(index, 2)
        left, right = (2 * sheet + 2, total - 2 * sheet - 1) if back else (total - 2 * sheet, 2 * sheet + 1)
        folios = _folios(path, index, turned=bool(back))
        for half, number in (("left", left), ("right", right)):
            if half in folios:
                assert folios[half] == number, (index, half, folios)
                printed.add(number)
    assert text_pages and printed == set(range(1, len(printed) + 1))  # 1…k printed, the rest blank
    assert total - len(printed) < 4  # fewer than four blanks
    report = next(f for r in built["reports"][paper] for f in r.files if f.component == "regles-livret")
    assert report.blanks == total - len(printed)  # said in the build's report


def test_the_back_sides_are_turned_half_a_turn(built):
    for index in (0, 1):
        text = [c for c in pdfread.page(_pdf(built, "regles-livret", "a4"), index).chars
                if "NotoSans" in c["fontname"] and c["size"] == pytest.approx(10.5)]  # the booklet's text
        assert text and all((c["matrix"][0] < 0) == bool(index) for c in text)


@pytest.mark.parametrize("name", ["regles", "regles-livret"])
def test_nothing_is_inked_in_the_printer_s_band(built, name):
    import pypdfium2

    scale = 2.0
    band = int(BAND * scale) - 1
    doc = pypdfium2.PdfDocument(str(_pdf(built, name, "a4")))
    for index in range(len(doc)):
        image = doc[index].render(scale=scale).to_pil().convert("L")
        w, h = image.size
        for box in ((0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)):
            assert image.crop(box).getextrema()[0] > 245, (name, index, box)


def test_the_fold_and_staple_marks_lie_on_the_fold_outside_the_text(built):
    page = pdfread.page(_pdf(built, "regles-livret", "a4"), 0)
    middle = float(page.width) / 2
    marks = [line for line in page.lines if abs(line["x0"] - middle) < 3 * MM and abs(line["x1"] - middle) < 3 * MM]
    assert len(marks) >= 4  # two fold marks, two staple marks on the outermost sheet's front
    for mark in marks:
        assert mark["top"] >= BAND - 0.01 and mark["bottom"] <= float(page.height) - BAND + 0.01
    words = pdfread.words(_pdf(built, "regles-livret", "a4"), 0)
    assert not [w for w in words if w["x0"] < middle + 1 < w["x1"]]  # no text across the fold


def test_figures_are_vectors_drawn_from_the_kit_s_layouts(built):
    reader = pdfread.reader(_pdf(built, "regles", "a4"))
    for page in reader.pages:
        for obj in (page["/Resources"].get("/XObject") or {}).values():
            assert obj.get_object()["/Subtype"] == "/Form"  # no picture of a card: its drawing
    words = pdfread.text(_pdf(built, "regles", "a4"), 1)
    assert "Roi" in words  # the court card's name, drawn by the belote-face layout in the figure


def test_the_fonts_are_embedded(built):
    fonts = pdfread.fonts(_pdf(built, "regles", "a4"))
    assert all(fonts.values()), fonts
    assert any("NotoSans" in f for f in fonts) and any("BreeSerif" in f for f in fonts)


def test_the_same_input_gives_the_same_bytes(built, tmp_path):
    again = tmp_path / "again"
    build_ok(built["root"], ["belote"], Options(out=again))
    for name in ("regles-a4.pdf", "regles-livret-a4.pdf"):
        assert (again / "belote" / name).read_bytes() == (built["out"] / name).read_bytes()


def test_the_text_is_an_input_of_the_build(tmp_path):
    """An unchanged kit is up to date; an edit of regles.md alone rebuilds it, and the PDF follows."""
    import json

    from click.testing import CliRunner

    from pnp.cli import main

    root = make_project(tmp_path / "project", ("belote",))

    def fresh() -> bool:
        result = CliRunner().invoke(main, ["--project", str(root), "build", "belote", "--out", str(tmp_path / "out"),
                                           "--json"])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)["kits"][0]["up_to_date"]

    assert not fresh() and fresh()
    text = root / "decks" / "belote" / "regles.md"
    text.write_text(text.read_text(encoding="utf-8").replace("# Le jeu {#presentation}", "# Le grand jeu {#presentation}"),
                    encoding="utf-8")
    assert not fresh()
    assert "Le grand jeu" in pdfread.text(tmp_path / "out" / "belote" / "regles-a4.pdf", 0)


def test_a_style_extends_another_and_sets_the_text(tmp_path):
    root = make_project(tmp_path / "project", ("belote",))
    (root / "layouts" / "livres.yaml").write_text(
        "livre-base:\n  kind: rulebook\n  size: 11\n  heading_font: Fredoka\n"
        "livre:\n  extends: livre-base\n  align: left\n  booklet_size: 12\n", encoding="utf-8")
    book = root / "decks" / "belote" / "regles.yaml"
    book.write_text(book.read_text(encoding="utf-8") + "style: livre\n", encoding="utf-8")
    build_ok(root, ["belote"], Options(out=tmp_path / "out"))
    chars = pdfread.page(tmp_path / "out" / "belote" / "regles-a4.pdf", 0).chars
    body = [c for c in chars if "NotoSans-Regular" in c["fontname"] and 480 < c["top"] < 780]  # below the contents, above the folio
    assert body and all(c["size"] == pytest.approx(11) for c in body)
    assert any("Fredoka" in c["fontname"] for c in chars)
    booklet = pdfread.page(tmp_path / "out" / "belote" / "regles-livret-a4.pdf", 0).chars
    assert any(c["size"] == pytest.approx(12) for c in booklet)


def test_the_printed_texts_come_with_where_they_are_written(built):
    """What the drift scan of printed prose reads: every text of the book, as written, with a Ref the
    run's locators turn into its line in regles.md."""
    from pnp.core.errors import Problem
    from pnp.model.load import Project
    from pnp.pipeline.rulebook import printed_texts

    project = Project.open(built["root"])
    kit, _ = project.load_kit(built["root"] / "decks" / "belote")
    texts = printed_texts(kit.rulebooks[0])
    lines = (built["root"] / "decks" / "belote" / "regles.md").read_text(encoding="utf-8").splitlines()
    found = {text: ref for text, ref in texts}
    assert "Le jeu" in found and "Les huit cartes d'une couleur, du 7 à l'as." in found
    for text, ref in texts:
        loc = project.locators.resolve(Problem("x", ref=ref)).loc
        assert loc.file == "decks/belote/regles.md" and loc.line is not None
        words = [w for w in text.replace("*", " ").split() if w.isalpha() and len(w) > 3][:1]
        assert all(w in " ".join(lines[loc.line - 1:loc.line + 12]) for w in words), (text, loc)


@pytest.mark.slow  # (a kit's whole build, about 3 s: the squeeze is only seen on a real text that needs it)
def test_a_booklet_a_page_past_a_sheet_is_set_a_little_tighter_to_save_it(project, tmp_path):
    """Similis' booklet on A4 took 9 pages, 3 of them blank to reach 12: its leading and paragraph
    gaps are tightened (3 %) and it fits 8 pages, no blank; its flat book is as it was."""
    root = project("similis")
    reports = build_ok(root, ["similis"], Options(out=tmp_path / "out"))
    files = {f.component: f for r in reports for f in r.files}
    assert (files["regles-livret"].pages, files["regles-livret"].blanks) == (4, 0)  # 4 sides: 8 pages
    assert files["regles"].pages == 3
