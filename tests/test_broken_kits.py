"""Broken copies of the Similis kits: each fails check and build with a located, precise message,
exits 1 without a traceback, and leaves the previous PDFs untouched."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

from conftest import edit, make_project

CARDS = "decks/similis/cartes.yaml"
AIDE = "decks/similis/aide.yaml"
GAME = "decks/similis/game.yaml"


def _remove_card(root: Path) -> None:
    edit(root / CARDS, "  - [3, scarabée, vert, sable]\n", "")


def _duplicate_card(root: Path) -> None:
    edit(root / CARDS, "  - [3, scarabée, rouge, sable]", "  - [3, scarabée, vert, sable]")


def _misspelt_key(root: Path) -> None:
    edit(root / CARDS, "layout: similis-front", "layuot: similis-front")


def _misspelt_layout_key(root: Path) -> None:
    edit(root / "layouts/similis.yaml", "radius: 7mm, fill: papyrus", "radius: 7mm, fil: papyrus")


def _tab(root: Path) -> None:
    edit(root / CARDS, "  valeur: int\n", "\tvaleur: int\n")


def _wrong_type(root: Path) -> None:
    edit(root / CARDS, "  - [3, ankh, bleu, pierre]", "  - [trois, ankh, bleu, pierre]")


def _missing_image(root: Path) -> None:
    (root / "decks/similis/art/fond-sable.svg").unlink()


def _overlong_text(root: Path) -> None:
    edit(root / AIDE, "Les points communs : {rules.shared}", "Les points communs : {rules.shared}, " + "encore " * 120)


def _empty_file(root: Path) -> None:
    (root / CARDS).write_text("", encoding="utf-8")


def _path_out(root: Path) -> None:
    edit(root / GAME, "  - score.yaml", "  - ../../../secret.yaml")


def _missing_glyph(root: Path) -> None:
    edit(root / AIDE, 'titre: "Similis — la règle"', 'titre: "Similis — la règle 漢"')


def _unknown_colour(root: Path) -> None:
    edit(root / CARDS, "  - [2, ankh, vert, sable]", "  - [2, ankh, verte, sable]")


CASES = {
    "card removed": (_remove_card, [
        r"decks/similis/cartes\.yaml:6:8: deck 'cartes': the deck declares 90 cards but lists 89 cards",
        r"decks/similis/cartes\.yaml:14:3: deck 'cartes': missing card for checks\[0\]: valeur 3, forme scarabée, "
        r"couleur vert, fond sable"]),
    "card duplicated": (_duplicate_card, [
        r"decks/similis/cartes\.yaml:\d+:\d+: deck 'cartes', card '\d+': duplicate card for checks\[0\]: valeur 3, forme scarabée, "
        r"couleur vert, fond sable is already card '\d+'",
        r"missing card for checks\[0\]: valeur 3, forme scarabée, couleur rouge, fond sable"]),
    "key misspelt": (_misspelt_key, [
        r"decks/similis/cartes\.yaml:4:1: deck\.layuot: unknown key 'layuot' \(did you mean 'layout'\?\)"]),
    "layout key misspelt": (_misspelt_layout_key, [
        r"layouts/similis\.yaml:\d+:\d+: layout 'similis-front'\.elements\.cartouche\.fil: unknown key 'fil' "
        r"\(did you mean 'fill'\?\)"]),
    "tab in the YAML": (_tab, [
        r"decks/similis/cartes\.yaml:8:1: YAML: a tab is used for indentation; YAML needs spaces"]),
    "wrong type": (_wrong_type, [
        r"decks/similis/cartes\.yaml:\d+:6: deck 'cartes', card '\d+': field 'valeur' must be a whole number "
        r"\(got 'trois'\)"]),
    "missing image": (_missing_image, [
        r"decks/similis/cartes\.yaml:15:5: kit 'similis', deck 'cartes', card '2', element 'fond': "
        r"no file 'art/fond-sable\.svg' \(and on 44 more cards\)\n\d+ error"]),
    "overlong text": (_overlong_text, [
        r"decks/similis/aide\.yaml:\d+:5: kit 'similis', deck 'aide', card '1', element 'texte-sous-tableau': "
        r"text overflows its box \(54\.0 × 45\.5 mm\) even at 6 pt"]),
    "empty file": (_empty_file, [r"decks/similis/cartes\.yaml:1:1: YAML: the file is empty"]),
    "path leaving the project": (_path_out, [
        r"decks/similis/game\.yaml:\d+:5: game\.components: the path '\.\./\.\./\.\./secret\.yaml' leaves "
        r"the project folder"]),
    "a glyph missing from its font": (_missing_glyph, [
        r"decks/similis/aide\.yaml:\d+:5: kit 'similis', deck 'aide', card '1', element 'titre': character '漢' "
        r"\(U\+6F22\) is missing from font 'Bree Serif' regular"]),
    "unknown colour": (_unknown_colour, [
        r"stray card for checks\[0\]: couleur 'verte' is not in the product's domain \(bleu, vert, rouge\)",
        r"element 'cartouche': unknown colour 'verte' \(did you mean 'vert'\?\)"]),
}


@pytest.fixture(scope="module")
def built_once(tmp_path_factory) -> Path:
    """Similis built once by `pnp build`: base/project (with its parse cache), base/out (with the
    incremental-build cache)."""
    base = tmp_path_factory.mktemp("similis-built")
    root = make_project(base / "project", ("similis",))
    result = CliRunner().invoke(main, ["--project", str(root), "build", "--out", str(base / "out")])
    assert result.exit_code == 0, result.output
    return base


@pytest.fixture
def built(built_once, tmp_path):
    """A copy of that project and of its output, to break: (root, out, the PDFs' bytes before)."""
    root, out = tmp_path / "project", tmp_path / "out"
    shutil.copytree(built_once / "project", root, symlinks=True)
    shutil.copytree(built_once / "out", out)
    before = {p: p.read_bytes() for p in out.rglob("*.pdf")}
    assert len(before) == 6  # cards, rules cards, score sheet, box, rulebook, its booklet
    return root, out, before


@pytest.mark.parametrize("case", list(CASES))
def test_broken_copy_fails_check_and_build_and_changes_nothing(built, case):
    root, out, before = built
    breaker, expected = CASES[case]
    breaker(root)
    runner = CliRunner()
    for args in (["check"], ["build", "--out", str(out)]):
        result = runner.invoke(main, ["--project", str(root), *args])
        assert result.exit_code == 1, (case, args, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output
        for pattern in expected:
            assert re.search(pattern, result.output), f"{case}: /{pattern}/ not in:\n{result.output}"
    assert {p: p.read_bytes() for p in out.rglob("*.pdf")} == before
    assert not list(out.rglob("*.part")), "temporary files left behind"


def test_all_problems_of_a_run_are_reported_at_once(project):
    root = project("similis")
    _remove_card(root)
    _misspelt_layout_key(root)
    _path_out(root)
    result = CliRunner().invoke(main, ["--project", str(root), "check"])
    assert result.exit_code == 1
    assert "unknown key 'fil'" in result.output and "leaves the project folder" in result.output


def test_bad_usage_exits_2(project):
    root = project("similis")
    result = CliRunner().invoke(main, ["--project", str(root), "build", "--paper", "a5"])
    assert result.exit_code == 2 and "a5" in result.output
    result = CliRunner().invoke(main, ["--project", str(root), "build", "--back-offset", "x"])
    assert result.exit_code == 2 and "--back-offset" in result.output


def test_an_unknown_kit_name_is_suggested(project):
    root = project("similis")
    result = CliRunner().invoke(main, ["--project", str(root), "check", "simils"])
    assert result.exit_code == 1 and "did you mean 'similis'?" in result.output


def test_table_cells_get_the_same_font_checks_as_any_text(project):
    from pnp.build import check

    root = project("similis")
    edit(root / "layouts/similis.yaml", "header_fill: \"#e9dcb5\", when: {tableau: true}}",
         "header_fill: \"#e9dcb5\", font: Bree Serif, when: {tableau: true}}")
    found = [p.render() for r in check(root, ["similis"]) for p in r.errors]
    assert any("element 'series': table cell 'Série': font 'Bree Serif' has no bold style" in f for f in found), found
