"""A board's `bounds` and `cell` are checked: wrong ones are problems naming them, never a crash or a
board drawn with no problem."""
from __future__ import annotations

import pytest

from faces import Faces, shapes, whats

BOARD = """
plateau:
  kind: page
  elements:
    board: {type: board, data: "{board}", w: 60, h: 60, BOUNDS CELL
            layers: [{cells: [[0, 0], [1, 1]], fill: "#000000", alternate: "#ffffff", stroke: "#808080"}]}
"""


def _build(tmp_path, bounds=None, cell=None, **data):
    extra = (f"bounds: {bounds}, " if bounds is not None else "") + (f"cell: {cell}," if cell is not None else "")
    faces = Faces(tmp_path, BOARD.replace("BOUNDS CELL", extra))
    face, problems = faces.build("plateau", board={"n": 2, **data})
    return face, whats(problems)


def test_a_good_board(tmp_path):
    face, problems = _build(tmp_path, bounds="[0, 0, n, 2]", cell="'10mm'")
    assert problems == [] and len(shapes(face)) == 2
    assert [s.fill for s in shapes(face)] == [(0.0, 0.0, 0.0), (0.0, 0.0, 0.0)]  # (0, 0) and (1, 1): even


@pytest.mark.parametrize("bounds, got", [("[0, 0, 0, 5]", "0 × 5"), ("[0, 0, 2, zero]", "2 × 0"),
                                         ("[0, 0, -1, 2]", "-1 × 2")])
def test_bounds_of_no_square_are_a_problem(tmp_path, bounds, got):
    face, problems = _build(tmp_path, bounds=bounds, zero=0)
    assert problems == [f"`bounds`: the board is 1 square or more wide and high (got {got})"]
    assert shapes(face) == []


def test_bounds_of_three_numbers_are_a_problem(tmp_path):
    assert _build(tmp_path, bounds="[0, 0, 2]")[1] == ["`bounds` is [col, row, cols, rows] (got [0, 0, 2])"]


@pytest.mark.parametrize("cell, got", [("'-3mm'", "'-3mm'"), ("'0pt'", "'0pt'"), ("-2", "-2.0"), ("0", "0.0")])
def test_a_cell_of_no_size_is_a_problem(tmp_path, cell, got):
    face, problems = _build(tmp_path, cell=cell)
    assert problems == [f"`cell` must be more than 0 (got {got})"] and shapes(face) == []


def test_a_cell_key_holding_no_size_is_a_problem(tmp_path):
    assert _build(tmp_path, cell="side", side=0)[1] == [
        "`cell` 'side' must be a length or a key of the board data holding millimetres"]
