"""Nothing printed is cut off in silence: a full-page element that runs past its page's content box
(or a page of its own size) is a warning at the element's line, naming the paper and how far, once
per element; `--strict` makes it an error; the page is clipped at its content box, so nothing of it
lands in the margin. The case files (tests/data/invalid/page-overrun.*) hold the exact messages."""
from __future__ import annotations

import pytest
import pypdfium2

from conftest import Options, build, check, edit, line_of, shipped_kits
from pnp.layout.items import Shape, TextItem
from pnp.layout.overrun import extent, page_box_words, page_overrun
from pnp.layout.textfit import Line, TextBlock
from pnp.model.units import MM

OVERRUN = ("past the", "wholly outside the page")
PAST_LETTER = ("runs 11.6 mm past the bottom of the page's content box on Letter (191.9 × 255.4 mm, the paper "
               "less the layout's 12 mm margin): it is cut off")


def overruns(reports) -> list[str]:
    return [p.render() for r in reports for p in r.problems if any(o in p.what for o in OVERRUN)]


def score_sheet_for_a4_only(root) -> None:
    """The Similis score sheet as it was before it fitted Letter: both games placed in mm of A4's page."""
    layout = root / "layouts/similis.yaml"
    edit(layout, "h: 40.293040293%", "h: 110")
    edit(layout, "y: 57.509157509%", "y: 157")


def test_a_table_laid_out_for_a4_warns_on_letter_at_its_line(project):
    root = project("similis")
    score_sheet_for_a4_only(root)
    line = line_of(root / "layouts/similis.yaml", "<<: *score-table")
    assert overruns(check(root, [], Options(paper="letter"))) == [
        f"warning: layouts/similis.yaml:{line}:7: layout 'similis-score', element 'table-2': {PAST_LETTER}"]
    assert overruns(check(root, [], Options(paper="a4"))) == []


def test_pnp_check_lays_out_on_the_paper_asked(project):
    from click.testing import CliRunner
    from pnp.cli import main

    root = project("similis")
    score_sheet_for_a4_only(root)
    line = line_of(root / "layouts/similis.yaml", "<<: *score-table")
    runs = {paper: CliRunner().invoke(main, ["--project", str(root), "check", "decks/similis", "--paper", paper])
            for paper in ("a4", "Letter")}
    assert runs["a4"].exit_code == runs["Letter"].exit_code == 0
    assert "past the" not in runs["a4"].output
    assert f"layouts/similis.yaml:{line}:7: layout 'similis-score', element 'table-2': {PAST_LETTER}" in \
        runs["Letter"].output
    strict = CliRunner().invoke(main, ["--project", str(root), "check", "decks/similis", "--paper", "letter",
                                       "--strict"])
    assert strict.exit_code == 1 and f"layouts/similis.yaml:{line}:7: layout 'similis-score'" in strict.output


def test_strict_refuses_the_sheet_and_writes_nothing(project, tmp_path):
    root = project("similis")
    score_sheet_for_a4_only(root)
    out = tmp_path / "out"
    reports = build(root, [], Options(paper="letter", out=out, strict=True))
    assert [p.what for r in reports for p in r.errors if "past the" in p.what] == [PAST_LETTER]
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_what_runs_past_the_content_box_is_cut_there_not_in_the_margin(project, tmp_path):
    """The title (it names the kit: laid out per page, not in the page's shared layer) moved to the
    foot of the page on Letter: its lower part is cut at the content box, above the print note."""
    root = project("similis")
    edit(root / "layouts/similis.yaml", "titre: {type: text, x: 0, y: 0, h: 11,", "titre: {type: text, x: 0, y: 252, h: 11,")
    out = tmp_path / "out"
    reports = build(root, [], Options(paper="letter", out=out, backs="none"))
    assert [w.split(": ", 2)[2] for w in overruns(reports)] == [
        "layout 'similis-score', element 'titre' (first on kit 'similis', sheet 'score', page 1): runs 4.6 mm past "
        "the bottom of the page's content box on Letter (191.9 × 255.4 mm, the paper less the layout's 12 mm "
        "margin): it is cut off"]
    image = pypdfium2.PdfDocument(out / "similis/score-letter.pdf")[0].render(scale=2).to_pil().convert("L")
    px = image.height / 279.4  # pixels a mm
    content_bottom = 279.4 - 12
    below = image.crop((int(14 * px), int((content_bottom + 0.8) * px), int(100 * px), int((content_bottom + 2.2) * px)))
    assert below.getextrema()[0] > 250, "ink below the content box, in the margin (the print note is 2.6 mm below)"
    above = image.crop((int(14 * px), int((content_bottom - 3) * px), int(100 * px), int(content_bottom * px)))
    assert above.getextrema()[0] < 100, "the title's upper part prints"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_shipped_kit_runs_past_its_page(shipped, paper):
    reports = check(shipped, list(shipped_kits()), Options(paper=paper))
    assert overruns(reports) == []


def _text(x: float, y: float, w: float, h: float, width: float) -> TextItem:
    """A one-line text of 10 pt, `width` points long, at the top left of its box."""
    return TextItem(x, y, w, h, TextBlock((Line(10.0, width, ()),), 10.0, 12.0), (0, 0, 0))


def test_a_text_counts_its_lines_and_a_frame_half_its_stroke():
    page = (100 * MM, 100 * MM)
    words = page_box_words(page, None, 10 * MM, False)
    assert words == "the page (100.0 × 100.0 mm, the layout's size)"
    frame = Shape("rect", 0, 0, page[0], page[1], stroke=(0, 0, 0), width=3)
    tall_box = _text(0, 0, page[0], 150 * MM, 50)  # its box runs past the bottom, its line does not
    assert extent([frame, tall_box], ink=True) == (0, 0, page[0], page[1])
    assert page_overrun(extent([frame, tall_box], ink=True), page, words) is None


def test_an_overrun_names_every_side_and_the_amount():
    page = (100 * MM, 100 * MM)
    wide = Shape("rect", -5 * MM, 10 * MM, 120 * MM, 10 * MM, fill=(1, 0, 0))
    found = page_overrun(extent([wide], ink=True), page, "the page")
    assert found == "runs 5.0 mm past the left and 15.0 mm past the right of the page: it is cut off"
    gone = Shape("rect", 0, 101 * MM, 10 * MM, 10 * MM, fill=(1, 0, 0))
    assert page_overrun(extent([gone], ink=True), page, "the page") == "lies wholly outside the page: it never prints"
