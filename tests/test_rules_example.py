"""The example model of docs/RULES.md, built as the page writes it: a designer's own rules model,
loaded from the kit, checks the deck and prints its table; a tweak of a parameter reprints it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import pdfread
from conftest import ROOT, build_ok, check, edit, line_of, make_project
from pnp.core.options import Options

DOC = (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```(?:yaml|python)\n# ((?:decks|layouts)/[^\n]+)\n(.*?)```", re.S)


def example_files() -> dict[str, str]:
    """The files of the example kit, by path from the project root, as the page shows them."""
    return {path: text for path, text in BLOCK.findall(DOC)}


def example_project(tmp_path) -> Path:
    """A project holding the example kit (Lanternes, with its layouts)."""
    root = make_project(tmp_path / "project", ())
    for path, text in example_files().items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def lanternes(tmp_path):
    return example_project(tmp_path)


def test_the_page_holds_a_whole_kit_with_its_model():
    assert sorted(example_files()) == ["decks/lanternes/aide.yaml", "decks/lanternes/cartes.yaml",
                                       "decks/lanternes/game.yaml", "decks/lanternes/rules.py",
                                       "layouts/lanternes.yaml"]


def test_the_example_builds_and_prints_the_model_s_table(lanternes, tmp_path):
    build_ok(lanternes, ["lanternes"], Options(out=tmp_path / "out"))
    sheet = tmp_path / "out/lanternes/aide-a4.pdf"
    assert "Lanternes — les points" in pdfread.text(sheet, 0)
    assert ["Combinaison", "Points"] == [w["text"] for w in pdfread.words(sheet, 0)
                                         if w["text"] in ("Combinaison", "Points")]
    assert "+5" in pdfread.text(sheet, 0) and "+7" not in pdfread.text(sheet, 0)
    assert pdfread.page_count(tmp_path / "out/lanternes/cartes-a4.pdf") == 2  # 12 cards, 9 a page
    assert not list((lanternes / "decks/lanternes").rglob("__pycache__"))  # loading wrote nothing in the kit


def test_a_tweak_of_the_bonus_reprints_the_table(lanternes, tmp_path):
    edit(lanternes / "decks/lanternes/game.yaml", "bonus: 5", "bonus: 7")
    build_ok(lanternes, ["lanternes"], Options(out=tmp_path / "out"))
    text = pdfread.text(tmp_path / "out/lanternes/aide-a4.pdf", 0)
    assert "+7" in text and "+5" not in text


def test_the_model_refuses_a_deck_without_one_lantern(lanternes):
    cards = lanternes / "decks/lanternes/cartes.yaml"
    edit(cards, "  - [bleu, 3]\n", "")
    errors = [p.render() for r in check(lanternes, ["lanternes"]) for p in r.errors]
    assert errors == ["decks/lanternes/cartes.yaml:5:8: deck 'cartes': the deck declares 12 cards but lists 11 "
                      "cards (copies included)",
                      "decks/lanternes/cartes.yaml:1:1: deck 'cartes': the deck must hold one bleu lantern "
                      "of value 3 (got 0)"]
    assert all(error in DOC for error in errors)


def test_its_parameters_are_checked_at_their_line(lanternes):
    game = lanternes / "decks/lanternes/game.yaml"
    edit(game, "bonus: 5", "bonus: -1")
    errors = [p.render() for r in check(lanternes, ["lanternes"]) for p in r.errors]
    assert errors == [f"decks/lanternes/game.yaml:{line_of(game, 'bonus')}:12: rules.params.bonus: must be "
                      f"at least 0 (got -1)"]
