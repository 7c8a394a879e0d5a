"""The Lutins kit: checked by the rules model "lutins" (broken copies fail at the line of the board
data), built on A4, Letter (board tiled over two pages that reassemble) and A3 (board on one page),
with the board at play size, the counters and the rules card read back from the PDFs."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.model.units import MM, PAPERS

from conftest import Options, build_ok, check, edit, line_of, make_project
from pdfread import assert_reassembles, fonts, page, page_sizes_mm, read_tiles

BOARD = "decks/lutins/plateau.yaml"
TOKENS = "decks/lutins/pions.yaml"
SIZE = (256, 256)  # mm, the board page of layouts/lutins.yaml


@pytest.fixture(scope="module")
def lutins(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp("lutins")
    root = make_project(base / "project", ("lutins",))
    out = base / "out"
    runs = {paper: build_ok(root, ["lutins"], Options(paper=paper, out=out)) for paper in ("a4", "letter", "a3")}
    return {"root": root, "out": out / "lutins", "runs": runs,
            "reports": {paper: {f.component: f for r in found for f in r.files} for paper, found in runs.items()}}


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
    board = page(_pdf(lutins, "plateau", "a3"), 0)
    squares = [r for r in board.rects if abs(r["width"] - 20 * MM) < 0.1 and abs(r["height"] - 20 * MM) < 0.1]
    dots = [c for c in board.curves if abs(c["width"] - 0.28 * 20 * MM) < 0.1]
    badges = [c for c in board.curves if abs(c["width"] - 0.3 * 20 * MM) < 0.1]
    words = [w["text"] for w in board.extract_words()]
    assert len(squares) == 100 + 24  # the forest and the start squares, 20 mm a side
    assert len(dots) == 34 and len(badges) == 24  # a tree's dot each; an arrival disc by each start square
    # a "Départ" and an "Arrivée" on each side (turned text may read backwards)
    assert sum(w in ("Départ", "trapéD") for w in words) == 4
    assert sum(w in ("Arrivée", "eévirrA") for w in words) == 4
    assert {"bleu", "violet"} <= set(words)


def test_the_tiles_name_their_neighbours_and_the_map_comes_first(lutins):
    path = _pdf(lutins, "plateau", "a4")
    texts = [" ".join(w["text"] for w in page(path, i).extract_words()).replace("\xa0", " ") for i in range(3)]
    assert "plan d’assemblage" in texts[0] and "A1" in texts[0] and "A2" in texts[0]
    assert "à droite : A2" in texts[1] and "à gauche : A1" in texts[2]


def test_the_counters_are_34_trees_and_6_elves_of_each_colour(lutins):
    report = lutins["reports"]["a4"]["pions"]
    assert report.cards == 58 and report.pages == 1
    cut = [c for c in page(_pdf(lutins, "pions", "a4"), 0).curves if abs(c["width"] - 18 * MM) < 0.1]
    assert len(cut) == 58  # one 18 mm cut circle a counter


def test_the_rules_card_prints_the_rules_models_summary(lutins):
    path = _pdf(lutins, "aide", "a4")
    front, back = (" ".join(w["text"] for w in page(path, i).extract_words()) for i in (0, 1))
    for row in ("Mise en place", "Chasser", "Second", "Fin", "90°", "obstacle"):
        assert row in front
    for colour in ("bleu, triangle", "rouge, carré", "violet, lune", "jaune, étoile"):
        assert colour in back
    assert all(fonts(path).values())


# --- the rules model on the kit ---------------------------------------------------------------

def _errors(root: Path) -> list[str]:
    reports = check(root, ["lutins"])
    return [p.render() for r in reports for p in r.errors]


def test_the_kit_passes_its_rules_model(lutins):
    # the builds check the kit (its rules model included) before drawing
    for paper, reports in lutins["runs"].items():
        assert [p.render() for r in reports for p in r.errors] == [], paper


BROKEN = {  # edits (file, old, new); then where the problem is reported: file, text on the line, message
    "33 dots, at the dots": (
        [(BOARD, "      [1, 9], [6, 9],\n", "      [1, 9],\n")], BOARD, "dots: [",
        r"\d+: board\.dots: the board needs exactly 34 dotted squares, found 33"),
    "33 dots, at the tree counters": (
        [(BOARD, "      [1, 9], [6, 9],\n", "      [1, 9],\n")], TOKENS, "{sorte: arbre, couleur: vert, copies: 34}",
        r"\d+: deck 'pions': 34 tree counters for 33 dotted squares"),
    # trees on (1, 9), (2, 9), (3, 9): bleu's first start square (2, 10) cannot move
    "a walled-in start square": (
        [(BOARD, "      [3, 0], [8, 0],", "      [3, 0], [2, 9],"), (BOARD, "[5, 1], [9, 1],", "[5, 1], [3, 9],")],
        BOARD, "bleu:   [[2, 10]", r"\d+: board\.start\.bleu\[0\]: start square \(2, 10\) of bleu is walled in"),
    "a tree on a start square": (
        [(BOARD, "      [3, 0], [8, 0],", "      [3, -1], [8, 0],")], BOARD, "[3, -1], [8, 0],",
        r"7: board\.dots\[0\]: dot \(3, -1\) lies on a start square of violet; trees never stand on start "
        r"squares \(got \[3, -1\]\)"),
    "missing counters": (
        [(TOKENS, "{sorte: lutin, couleur: jaune, copies: 6}", "{sorte: lutin, couleur: jaune, copies: 5}"),
         (TOKENS, "count: 58", "count: 57")], TOKENS, "couleur: jaune, copies: 5",
        r"\d+: deck 'pions': 5 elf counters of colour 'jaune' for its 6 start squares"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_broken_board_fails_at_the_line_of_its_data(project, case):
    edits, file, marker, message = BROKEN[case]
    root = project("lutins")
    for path, old, new in edits:
        edit(root / path, old, new)
    pattern = rf"{re.escape(file)}:{line_of(root / file, marker)}:{message}"
    errors = _errors(root)
    assert any(re.match(pattern, e) for e in errors), (pattern, errors)


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


def test_playtest_at_five_players_is_a_usage_error_naming_the_kit_range(shipped):
    """The player count is the kit's range (no model parameter holds another): 5 is refused, not
    played as 4."""
    result = CliRunner().invoke(main, ["--project", str(shipped), "playtest", "lutins", "--players", "5", "--games", "1"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "La forêt des lutins is played by 2 to 4 players (game.yaml players); got 5" in result.output


def test_seats_for_two_players_are_played_at_two(project):
    """`seats` seat len(seats) players: two seats of two colours at right angles pass the check."""
    root = project("lutins")
    edit(root / "decks/lutins/game.yaml", "    tokens: pions", "    tokens: pions\n    seats: [[bleu, rouge], [violet, jaune]]")
    assert [p.render() for r in check(root, ["lutins"]) for p in r.errors] == []
