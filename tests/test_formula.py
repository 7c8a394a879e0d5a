"""The formula language of score tables: what parses, what does not and why, and how formulas
resolve over a table's cells (its own group of sub columns first, ranges of cells to fill)."""
from __future__ import annotations

import pytest

from pnp.layout.formtable import At, Cells, FormTable, _form
from pnp.layout.tables import GridCell as Cell
from pnp.model.formula import Bin, Call, FormulaError, Neg, Num, Range, Ref, parse
from pnp.model.layout import Table, formula_key


def test_what_parses():
    assert parse("IF(ISBLANK(chute), PREV(total) + points, chute)") == Call("IF", (
        Call("ISBLANK", (Ref("chute"),)), Bin("+", Call("PREV", (Ref("total"),)), Ref("points")), Ref("chute")))
    assert parse("2 * SUM(LEFT, [Bar PMU])") == Bin("*", Num(2.0), Call("SUM", (Range("LEFT"), Ref("Bar PMU"))))
    assert parse("-(a - 1.5) / b") == Bin("/", Neg(Bin("-", Ref("a"), Num(1.5))), Ref("b"))
    assert parse("Église >= 3") == Bin(">=", Ref("Église"), Num(3.0))


@pytest.mark.parametrize("text, message", [
    ("IF(1, 2)", "IF takes 3 argument(s), not 2 (column 1)"),
    ("SUM(LEFT", "expected ')' at the end"),
    ("TOTAL(a)", "unknown function 'TOTAL' at column 1 (functions: IF, ISBLANK, PREV, SUM)"),
    ("a +", "the formula ends too early"),
    ("LEFT + 1", "LEFT and UP are ranges: only SUM takes them"),
    ("PREV(1)", "PREV takes the name of a column (column 1)"),
    ("3 $ 4", "unexpected '$' at column 3"),
    ("a b", "unexpected 'b' at column 3"),
    ("SUM + 1", "SUM is a function: write SUM(…) (column 1)"),
])
def test_what_does_not_parse_says_why(text, message):
    with pytest.raises(FormulaError) as error:
        parse(text)
    assert str(error.value) == message


@pytest.mark.parametrize("key, parsed", [("total", ("total", None)), ("Total@4", ("Total", 4)), ("@6", (None, 6))])
def test_formula_keys(key, parsed):
    assert formula_key(key) == parsed


@pytest.mark.parametrize("key", ["total@", "@0", "@x", ""])
def test_bad_formula_keys(key):
    with pytest.raises(ValueError, match="write a column's name"):
        formula_key(key)


def _cells() -> list[Cell]:
    """A label column and two players with (points, total), two rows; row 1 of player 2 printed."""
    cells = [Cell(0, 0, 0, "Tour", "Tour", 0, 0, 10, 5), Cell(0, 1, 1, "", "", 10, 0, 20, 5),
             Cell(0, 3, 2, "", "", 30, 0, 20, 5)]
    for row in (1, 2):
        cells.append(Cell(row, 0, 0, "Tour", str(row), 0, 5 * row, 10, 5))
        for col, group, name in ((1, 1, "points"), (2, 1, "total"), (3, 2, "points"), (4, 2, "total")):
            cells.append(Cell(row, col, group, name, "x" if (row, col) == (1, 3) else "", 0, 0, 1, 1))
    return cells


def test_names_resolve_in_their_group_and_ranges_cover_cells_to_fill():
    problems: list = []
    table = Table(type="table", formulas={"total": "PREV(total) + points", "total@2": "SUM(LEFT)"})
    form = _form("grille", table, _cells(), problems)
    # player 2's points print in row 1: a formula reads what players fill in and what it computes, so
    # reading that printed cell is a problem at the formula (the sheets export could not name it)
    assert isinstance(form, FormTable) and problems == [("grille", "total", "formula 'total': the column 'points' "
                                                         "prints its cells: a formula reads the cells players fill in "
                                                         "and those it computes")]
    assert form.fields[At(1, 4)].formula == Bin("+", Call("PREV", (Cells(()),)), Num(0.0))
    assert form.fields[At(2, 4)].formula == Call("SUM", (Cells((At(2, 1), At(2, 2), At(2, 3))),))
    assert At(1, 3) not in form.fields and At(0, 1) in form.fields  # printed text is no field; names are
    assert form.order == [At(1, 2), At(1, 4), At(2, 2), At(2, 4)]


def test_unknown_names_and_keys_and_circles_are_problems():
    problems: list = []
    table = Table(type="table", formulas={"total": "total + pionts", "totl": "1"})
    _form("grille", table, _cells(), problems)
    texts = [text for _, _, text in problems]
    assert "formula 'total': no column 'pionts' (did you mean 'points'?)" in texts
    assert "formula 'totl' computes no cell to fill (did you mean 'total'?)" in texts
    assert any("reads its own result" in text for text in texts)
