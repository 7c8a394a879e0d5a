"""Squib's sample decks that use loops or ranges, ported to pnp (tests/data/squib; docs/squib.md
gives the line counts side by side): built, and what each card prints read back."""
from __future__ import annotations

import shutil
import pytest

from pnp.core.options import Options

from conftest import ROOT, build_ok, make_project
from pdfread import page_sizes_mm, words

DATA = ROOT / "tests" / "data" / "squib"
PORTS = {"basic": ["basic.yaml", "squib-basic.yaml"], "ranges": ["ranges.yaml", "squib-ranges.yaml"],
         "snakes": ["snakes.yaml", "squib-snake.yaml"], "sprue": ["sprue.yaml", "squib-sprue.yaml"]}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = make_project(tmp_path_factory.mktemp("squib") / "project", ())
    shutil.copytree(DATA / "decks", root / "decks", dirs_exist_ok=True)
    for path in (DATA / "layouts").iterdir():
        shutil.copy(path, root / "layouts" / path.name)
    out = root.parent / "out"
    reports = build_ok(root, ["squib"], Options(out=out, paper="letter"))
    return out / "squib", [p.render() for r in reports for p in r.problems]


def test_the_ports_build_without_a_problem(built):
    assert built[1] == []


def test_ranges_print_on_the_cards_they_name(built):
    found = [w["text"] for w in words(built[0] / "ranges-letter.pdf", 0)]
    assert found.count("Thinkers!") == 2 and found.count("lookup!!") == 2  # Only for Thinkers!, id lookup
    assert found.count("only!!") == 4 and found.count("only!") == 4
    assert [w for w in found if w in ("red", "green", "blue")] == ["red", "green", "blue"]


def test_a_sprue_is_a_sheet_template(built):
    pdf = built[0] / "sprue-letter.pdf"
    assert page_sizes_mm(pdf)[0] == (215.9, 279.4)
    found = [w["text"] for w in words(pdf, 0)]
    assert found.count("Card") == 9 and found.count("2.5x3.5in") == 9


def test_the_snakes_switch_colour_by_type(built):
    pdfium = pytest.importorskip("pypdfium2")
    pdf = built[0] / "snakes-letter.pdf"
    image = pdfium.PdfDocument(str(pdf))[0].render(scale=1).to_pil().convert("L")
    firsts = sorted((w["x0"], w["top"]) for w in words(pdf, 0) if w["text"] in ("This", "Another"))
    shades = [image.getpixel((int(x) + 2, int(top) - 4)) for x, top in firsts]
    assert shades[0] < 40 and shades[1] > 200 and shades[2] < 40  # Snake on black, Ladder on white


def test_each_port_is_shorter_than_squib_s_sample():
    squib = {"basic": 19, "ranges": 64, "snakes": 33, "sprue": 11 + 25}  # samples/… (and the sprue it names)
    for name, files in PORTS.items():
        lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for f in files
                    for p in [DATA / "decks" / "squib" / f, DATA / "layouts" / f] if p.exists())
        assert lines < squib[name], name


def test_the_format_document_s_excerpts_of_the_new_keys_are_the_test_kits_files():
    import re

    doc = (ROOT / "docs" / "FORMAT.md").read_text(encoding="utf-8")
    part = doc[doc.index("## Lists, expressions and arrangements"):doc.index("## Cookbook")]
    excerpts = re.findall(r"From `([^`]+)`:\n\n```yaml\n(.*?)\n```", part, re.S)
    assert len(excerpts) == 7
    for path, text in excerpts:
        assert text in (ROOT / path).read_text(encoding="utf-8"), f"the excerpt of {path} is not in the file"
