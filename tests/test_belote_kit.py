"""The Belote kit, the cookbook of docs/FORMAT.md: it checks clean (even strictly), builds on A4,
Letter and A3, and its pages carry what a deck of cards shows — read back from the PDFs, ink
sampled on renders. The cookbook's excerpts are the kit's files as they are."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import pdfread
from pnp.build import check
from pnp.model.units import MM
from pnp.core.options import Options

from conftest import ROOT, build_ok, make_project

SUITS = ["pique", "coeur", "carreau", "trefle"]
RANKS = ["7", "8", "9", "10", "V", "D", "R", "A"]
CARD = (63 * MM, 88 * MM)


@pytest.fixture(scope="module")
def belote(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp("belote")
    root = make_project(base / "project", ("belote",))
    out = {}
    for paper in ("a4", "letter", "a3"):
        build_ok(root, ["belote"], Options(paper=paper, out=base / "out"))
        out[paper] = base / "out" / "belote"
    return {"root": root, "out": out}


def test_the_kit_checks_clean_even_strictly(belote):
    assert [p.render() for r in check(belote["root"], ["belote"], Options(strict=True)) for p in r.problems] == []


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_deck_is_32_cards_each_with_its_indices(belote, paper):
    path = belote["out"][paper] / f"cartes-{paper}.pdf"
    assert pdfread.page_count(path) == 8  # 4 sheets of 9, each with its backs
    found = []
    for sheet in range(4):
        slots = pdfread.card_boxes(path, sheet * 2, CARD)
        words = pdfread.words(path, sheet * 2)
        for slot in sorted(slots)[:32 - 9 * sheet]:
            found.append(pdfread.words_in(slots[slot], words))
    ranks = [rank for _ in SUITS for rank in RANKS]
    for text, rank in zip(found, ranks):
        assert text.split()[0] == rank  # the top-left index; the bottom one is turned
    names = {"V": "Valet", "D": "Dame", "R": "Roi"}
    assert [t for t in found if any(n in t for n in names.values())] == [
        t for t, r in zip(found, ranks) if r in names]


def _ink(path: Path, page: int, slot, at_mm: tuple[float, float], scale: float = 2.0) -> tuple[int, int, int]:
    """The colour rendered at a point of a card (mm from its top-left corner)."""
    import pypdfium2

    image = pypdfium2.PdfDocument(str(path))[page].render(scale=scale).to_pil().convert("RGB")
    x0, top = slot[0], slot[1]
    return image.getpixel((round((x0 + at_mm[0] * MM) * scale), round((top + at_mm[1] * MM) * scale)))


@pytest.mark.parametrize("index, pips, red", [(0, 7, False), (8, 7, True), (11, 10, True), (27, 10, False)])
def test_pips_are_inked_where_the_map_puts_them_in_the_suits_colour(belote, index, pips, red):
    """The centre of each pip of a number card is ink of its suit's colour; the card's centre column
    is paper between rows where the rank puts no pip."""
    path = belote["out"]["a4"] / "cartes-a4.pdf"
    page, slot_index = (index // 9) * 2, index % 9
    slot = pdfread.card_boxes(path, page, CARD)[divmod(slot_index, 3)]
    layout = (ROOT / "layouts" / "belote.yaml").read_text(encoding="utf-8")
    line = next(l for l in layout.splitlines() if l.strip().startswith(f"{pips}:"))
    points = [(float(x), float(y)) for x, y in re.findall(r"\[([\d.]+), ([\d.]+)", line)]
    if pips == 10:
        points += [(20, 68), (43, 68)]  # the line goes on: its last two points
    assert len(points) >= 6
    for point in points:
        r, g, b = _ink(path, page, slot, point)
        assert (r > 150 and g < 80 and b < 90) if red else (r < 80 and g < 80 and b < 80), (point, (r, g, b))


def test_the_reference_card_prints_its_typed_table(belote):
    path = belote["out"]["a4"] / "aide-a4.pdf"
    text = pdfread.text(path, 0)
    for word in ("Valeur des cartes", "Carte", "Atout", "Autres", "Valet", "20", "14", "62", "30", "Total"):
        assert word in text


@pytest.mark.parametrize("paper, pages", [("a4", 4), ("letter", 5), ("a3", 1)])
def test_the_mat_is_tiled_on_small_paper_and_whole_on_a3(belote, paper, pages):
    assert pdfread.page_count(belote["out"][paper] / f"tapis-{paper}.pdf") == pages


def test_the_score_sheet_and_tokens_print_their_words(belote):
    score = pdfread.text(belote["out"]["a4"] / "score-a4.pdf", 0)
    assert "Nous" in score and "Eux" in score and "Donne" in score and "26" in score
    tokens = pdfread.text(belote["out"]["a4"] / "jetons-a4.pdf", 0)
    assert "Atout cœur" in tokens and "Atout trèfle" in tokens and "Donneur" in tokens


def test_the_cookbook_excerpts_are_the_kit_s_files():
    doc = (ROOT / "docs" / "FORMAT.md").read_text(encoding="utf-8")
    cookbook = doc[doc.index("## Cookbook"):]
    excerpts = re.findall(r"From `([^`]+)`:\n\n```yaml\n(.*?)\n```", cookbook, re.S)
    assert len(excerpts) == 11
    for path, text in excerpts:
        assert text in (ROOT / path).read_text(encoding="utf-8"), f"the excerpt of {path} is not in the file"


def _yaml_lines(text: str) -> int:
    """Lines of YAML that say something: no blank line, no comment line."""
    return sum(1 for line in text.splitlines() if line.strip() and not line.strip().startswith("#"))


def _layout_text(path: Path, name: str) -> str:
    text = path.read_text(encoding="utf-8")
    start = text.index(f"\n{name}:") + 1
    end = re.search(r"\n[a-z][\w-]*:", text[start:])
    return text[start:start + end.start()] if end else text[start:]


def test_the_deck_draws_the_same_as_its_card_by_card_version_in_far_fewer_lines(tmp_path):
    """tests/data/belote-card-by-card is the deck written as the format allowed before generators,
    maps, lists in `when` and icons at points (59 elements, 32 card entries): both print the same
    pages, and the generated deck with its front layout takes under half the lines (as FORMAT.md says)."""
    import pypdfium2

    root = make_project(tmp_path / "project", ("belote",))
    fixture = Path(__file__).parent / "data" / "belote-card-by-card"
    (root / "layouts" / "belote-card-by-card.yaml").write_text(
        (fixture / "belote-card-by-card.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    game = root / "decks" / "belote" / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").split("components:")[0] + "components: [cartes.yaml]\n",
                    encoding="utf-8")  # the deck alone, in both kits
    (root / "decks" / "belote-carte").mkdir()
    (root / "decks" / "belote-carte" / "game.yaml").write_text(game.read_text(encoding="utf-8"), encoding="utf-8")
    (root / "decks" / "belote-carte" / "cartes.yaml").write_text(
        (fixture / "cartes.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    build_ok(root, ["belote", "belote-carte"], Options(out=tmp_path / "out"))
    ours = pypdfium2.PdfDocument(str(tmp_path / "out" / "belote" / "cartes-a4.pdf"))
    theirs = pypdfium2.PdfDocument(str(tmp_path / "out" / "belote-carte" / "cartes-a4.pdf"))
    assert len(ours) == len(theirs) == 8
    for page in range(0, 8, 2):
        a = ours[page].render(scale=0.75).to_pil().convert("RGB")
        b = theirs[page].render(scale=0.75).to_pil().convert("RGB")
        assert a.tobytes() == b.tobytes(), f"page {page + 1} differs"
    face = _yaml_lines(_layout_text(ROOT / "layouts" / "belote.yaml", "belote-face"))
    card_by_card = _yaml_lines((fixture / "belote-card-by-card.yaml").read_text(encoding="utf-8"))
    deck = _yaml_lines((ROOT / "decks" / "belote" / "cartes.yaml").read_text(encoding="utf-8"))
    listed = _yaml_lines((fixture / "cartes.yaml").read_text(encoding="utf-8"))
    assert face + deck < (card_by_card + listed) / 2
    said = re.search(r"the same deck takes (\d+) lines of YAML; here, (\d+)\.",
                     (ROOT / "docs" / "FORMAT.md").read_text(encoding="utf-8").replace("\n", " "))
    assert said and (int(said[1]), int(said[2])) == (card_by_card + listed, face + deck)
