"""A deck's `columns:` + `rows:`: each row a card numbered in order, a row of the wrong length a
problem at that row and no card (the cards after it numbered as if it were not there)."""
from __future__ import annotations

from pnp.core.errors import Ref
from pnp.model.cards import build_cards
from pnp.model.kit import DeckFile


def _cards(rows: list[list]):
    spec = DeckFile(kind="deck", name="d", layout="x", fields={"t": "text", "n": "int"}, columns=["t", "n"], rows=rows)
    return build_cards(spec, Ref("d.yaml"))


def test_each_row_is_a_card_at_its_row():
    cards, problems = _cards([["a", 1], ["b", 2], ["c", 3]])
    assert problems == []
    assert [(c.index, c.id, dict(c.fields)) for c in cards] == [(0, "1", {"t": "a", "n": 1}), (1, "2", {"t": "b", "n": 2}),
                                                                (2, "3", {"t": "c", "n": 3})]
    assert [c.ref for c in cards] == [Ref("d.yaml", ("rows", i)) for i in range(3)]
    assert cards[2].field_ref("n") == Ref("d.yaml", ("rows", 2, 1))


def test_a_row_of_the_wrong_length_is_a_problem_at_that_row_and_no_card():
    cards, problems = _cards([["a", 1], ["b"], ["c", 3, 4], ["d", 4]])
    assert [(p.what, p.where, p.ref) for p in problems] == [
        ("a row has 1 values for 2 columns (t, n)", "row 2", Ref("d.yaml", ("rows", 1))),
        ("a row has 3 values for 2 columns (t, n)", "row 3", Ref("d.yaml", ("rows", 2)))]
    assert [(c.index, c.id, c.ref) for c in cards] == [(0, "1", Ref("d.yaml", ("rows", 0))),
                                                       (1, "2", Ref("d.yaml", ("rows", 3)))]
