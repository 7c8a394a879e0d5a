"""The Lutins kit: checked by the rules model "lutins" (broken copies fail at the line of the board
data), built on A4, Letter (board tiled over two pages that reassemble) and A3 (board on one page),
with the board at play size, the counters and the rules card read back from the PDFs."""
from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.model.units import MM, PAPERS

from conftest import Options, build, check, edit, make_project
from pdfread import fonts, page_sizes_mm
from test_tiling import assert_reassembles, read_tiles

BOARD = "decks/lutins/plateau.yaml"
TOKENS = "decks/lutins/pions.yaml"
SIZE = (256, 256)  # mm, the board page of layouts/lutins.yaml


@pytest.fixture(scope="module")
def lutins(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp("lutins")
    root = make_project(base / "project", ("lutins",))
    out = base / "out"
    reports = {}
    for paper in ("a4", "letter", "a3"):
        found = build(root, ["lutins"], Options(paper=paper, out=out))
        assert not [p for r in found for p in r.errors], [p.render() for r in found for p in r.errors]
        reports[paper] = {f.component: f for r in found for f in r.files}
    return {"root": root, "out": out / "lutins", "reports": reports}


def _pdf(lutins, component: str, paper: str) -> Path:
    return lutins["out"] / f"{component}-{paper}.pdf"


# --- what is printed --------------------------------------------------------------------------

@pytest.mark.parametrize("paper, pages", [("a4", 3), ("letter", 3), ("a3", 1)])
def test_the_board_is_tiled_on_a4_and_letter_and_whole_on_a3(lutins, paper, pages):
    path = _pdf(lutins, "plateau", paper)
    sizes = page_sizes_mm(path)
    assert lutins["reports"][paper]["plateau"].pages == pages == len(sizes)
    w, h = PAPERS[paper]
    assert set(sizes) == {(round(w, 1), round(h, 1))}  # portrait on every paper
    assert all(fonts(path).values())


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_board_tiles_reassemble(lutins, paper):
    tiles = read_tiles(_pdf(lutins, "plateau", paper), SIZE)
    assert set(tiles) == {"A1", "A2"}
    assert_reassembles(tiles, SIZE, words=False)  # no word of the board lies in the overlap


def test_the_board_on_a3_has_play_sized_squares_dots_and_labels(lutins):
    with pdfplumber.open(str(_pdf(lutins, "plateau", "a3"))) as pdf:
        page = pdf.pages[0]
        squares = [r for r in page.rects if abs(r["width"] - 20 * MM) < 0.1 and abs(r["height"] - 20 * MM) < 0.1]
        dots = [c for c in page.curves if abs(c["width"] - 0.28 * 20 * MM) < 0.1]
        badges = [c for c in page.curves if abs(c["width"] - 0.3 * 20 * MM) < 0.1]
        words = [w["text"] for w in page.extract_words()]
    assert len(squares) == 100 + 24  # the forest and the start squares, 20 mm a side
    assert len(dots) == 34 and len(badges) == 24  # a tree's dot each; an arrival disc by each start square
    # a "Départ" and an "Arrivée" on each side (turned text may read backwards)
    assert sum(w in ("Départ", "trapéD") for w in words) == 4
    assert sum(w in ("Arrivée", "eévirrA") for w in words) == 4
    assert {"bleu", "violet"} <= set(words)


def test_the_tiles_name_their_neighbours_and_the_map_comes_first(lutins):
    with pdfplumber.open(str(_pdf(lutins, "plateau", "a4"))) as pdf:
        texts = [" ".join(w["text"] for w in p.extract_words()).replace("\xa0", " ") for p in pdf.pages]
    assert "plan d’assemblage" in texts[0] and "A1" in texts[0] and "A2" in texts[0]
    assert "à droite : A2" in texts[1] and "à gauche : A1" in texts[2]


def test_the_counters_are_34_trees_and_6_elves_of_each_colour(lutins):
    report = lutins["reports"]["a4"]["pions"]
    assert report.cards == 58 and report.pages == 1
    with pdfplumber.open(str(_pdf(lutins, "pions", "a4"))) as pdf:
        cut = [c for c in pdf.pages[0].curves if abs(c["width"] - 18 * MM) < 0.1]
    assert len(cut) == 58  # one 18 mm cut circle a counter


def test_the_rules_card_prints_the_rules_models_summary(lutins):
    path = _pdf(lutins, "aide", "a4")
    with pdfplumber.open(str(path)) as pdf:
        front = " ".join(w["text"] for w in pdf.pages[0].extract_words())
        back = " ".join(w["text"] for w in pdf.pages[1].extract_words())
    for row in ("Mise en place", "Chasser", "Second", "Fin", "90°", "obstacle"):
        assert row in front
    for colour in ("bleu, triangle", "rouge, carré", "violet, lune", "jaune, étoile"):
        assert colour in back
    assert all(fonts(path).values())


# --- the rules model on the kit ---------------------------------------------------------------

def _errors(root: Path) -> list[str]:
    reports = check(root, ["lutins"])
    return [p.render() for r in reports for p in r.errors]


def _line_of(root: Path, path: str, text: str) -> int:
    lines = (root / path).read_text(encoding="utf-8").splitlines()
    return next(i + 1 for i, line in enumerate(lines) if text in line)


def test_the_kit_passes_its_rules_model(project):
    root = project("lutins")
    reports = check(root, ["lutins"])
    assert [p.render() for r in reports for p in r.problems if p.severity == "error"] == []


def test_33_dots_fail_at_the_dots(project):
    root = project("lutins")
    edit(root / BOARD, "      [1, 9], [6, 9],\n", "      [1, 9],\n")
    line = _line_of(root, BOARD, "dots: [")
    errors = _errors(root)
    assert any(re.match(rf"decks/lutins/plateau\.yaml:{line}:\d+: board\.dots: the board needs exactly 34 dotted "
                        r"squares, found 33", e) for e in errors), errors
    assert any("34 tree counters for 33 dotted squares" in e for e in errors), errors


def test_a_walled_in_start_square_fails_at_that_square(project):
    root = project("lutins")
    # trees on (1, 9), (2, 9), (3, 9): bleu's first start square (2, 10) cannot move
    edit(root / BOARD, "      [3, 0], [8, 0],", "      [3, 0], [2, 9],")
    edit(root / BOARD, "[5, 1], [9, 1],", "[5, 1], [3, 9],")
    line = _line_of(root, BOARD, "bleu:   [[2, 10]")
    errors = _errors(root)
    assert any(re.match(rf"decks/lutins/plateau\.yaml:{line}:\d+: board\.start\.bleu\[0\]: start square \(2, 10\) "
                        r"of bleu is walled in", e) for e in errors), errors


def test_a_tree_on_a_start_square_fails_at_that_dot(project):
    root = project("lutins")
    edit(root / BOARD, "      [3, 0], [8, 0],", "      [3, -1], [8, 0],")
    line = _line_of(root, BOARD, "[3, -1], [8, 0],")
    errors = _errors(root)
    assert any(re.match(rf"decks/lutins/plateau\.yaml:{line}:7: board\.dots\[0\]: dot \(3, -1\) lies on a start "
                        r"square of violet; trees never stand on start squares \(got \[3, -1\]\)", e)
               for e in errors), errors


def test_missing_counters_fail_at_the_deck(project):
    root = project("lutins")
    edit(root / TOKENS, "{sorte: lutin, couleur: jaune, copies: 6}", "{sorte: lutin, couleur: jaune, copies: 5}")
    edit(root / TOKENS, "count: 58", "count: 57")
    line = _line_of(root, TOKENS, "couleur: jaune, copies: 5")
    errors = _errors(root)
    assert any(re.match(rf"decks/lutins/pions\.yaml:{line}:\d+: deck 'pions': 5 elf counters of colour 'jaune' "
                        r"for its 6 start squares", e) for e in errors), errors


def test_a_broken_board_exits_1_from_the_cli(project):
    root = project("lutins")
    edit(root / BOARD, "      [1, 9], [6, 9],\n", "      [1, 9],\n")
    result = CliRunner().invoke(main, ["--project", str(root), "check", "lutins"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "found 33" in result.output


def test_a_board_layer_naming_missing_data_is_a_located_layout_problem(project):
    root = project("lutins")
    edit(root / "layouts/lutins.yaml", "cells: start.jaune, fill: jaune", "cells: start.vert, fill: jaune")
    errors = _errors(root)
    assert any("element 'plateau': layer 17: `cells` 'start.vert' must name a list of [col, row] squares" in e
               for e in errors), errors


def test_a_board_too_big_for_its_box_is_an_error_not_clipped(project):
    root = project("lutins")
    edit(root / BOARD, "square_mm: 20 ", "square_mm: 22 ")
    errors = _errors(root)
    assert any("the board (12 × 12 squares of 22.0 mm = 264 × 264 mm) does not fit its box (240 × 240 mm)" in e
               for e in errors), errors
