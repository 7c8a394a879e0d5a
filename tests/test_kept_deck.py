"""A resident session's `rows:` deck whose rows are last build's row objects but a few
(`pnp.model.cards._KeptRows.whole`): its cards and problems are those a fresh read of the deck gives,
the unchanged rows' cards the very objects of last build, and no entry is made for them; a deck that
changed otherwise is read row by row."""
from __future__ import annotations

import pytest

from pnp.core.errors import Ref
from pnp.model import cards as cards_module
from pnp.model.cards import CHANGED_ROWS, build_cards
from pnp.model.kit import DeckFile

FIELDS = {"t": "text", "n": "int", "c": {"type": "text", "values": ["red", "blue"]}}


def _spec(rows: list[list], **more) -> DeckFile:
    return DeckFile(kind="deck", name="d", layout="x", fields=FIELDS, columns=["t", "n", "c"], rows=rows, **more)


def _rows(count: int) -> list[list]:
    return [[f"card {i}", i, "red" if i % 3 else "green"] for i in range(count)]  # every third a problem


def _fresh(spec: DeckFile) -> tuple[list, list]:
    return build_cards(spec, Ref("d.yaml"))


def _seen(result: tuple[list, list]) -> tuple[list, list]:
    cards, problems = result
    return ([(c.index, c.id, dict(c.fields), c.copies, c.layout, c.back, c.ref, dict(c.field_refs)) for c in cards],
            [(p.what, p.where, p.ref, p.severity) for p in problems])


def _entries_counted(monkeypatch) -> list[int]:
    made = [0]
    real = cards_module.deck_entries

    def counted(*args, **kwargs):
        for entry in real(*args, **kwargs):
            made[0] += 1
            yield entry

    monkeypatch.setattr(cards_module, "deck_entries", counted)
    return made


def test_a_deck_with_one_row_changed_is_a_fresh_reads_cards_and_problems_without_its_entries(monkeypatch):
    kept: dict = {}
    rows = _rows(30)
    first = build_cards(_spec(rows), Ref("d.yaml"), None, kept)
    assert _seen(first) == _seen(_fresh(_spec(rows)))
    made = _entries_counted(monkeypatch)
    edited = [*rows]
    edited[7] = ["edited", 7, "blue"]  # (a problem gone: row 7 was red... and row 9's stays)
    edited[9] = ["card 9", 9, "purple"]  # a problem more
    cards, problems = build_cards(_spec(edited), Ref("d.yaml"), None, kept)
    assert made[0] == 0  # no row read as an entry
    monkeypatch.undo()
    assert _seen((cards, problems)) == _seen(_fresh(_spec(edited)))
    assert [i for i, (a, b) in enumerate(zip(first[0], cards)) if a is not b] == [7, 9]
    assert any("purple" in repr(p.got) or "purple" in p.what for p in problems)


def test_the_deck_kept_again_serves_the_next_edit_and_an_edit_back():
    kept: dict = {}
    rows = _rows(12)
    build_cards(_spec(rows), Ref("d.yaml"), None, kept)
    once = [*rows]
    once[3] = ["three", 3, "red"]
    build_cards(_spec(once), Ref("d.yaml"), None, kept)
    twice = [*once]
    twice[3] = rows[3]
    twice[5] = ["five", 5, "blue"]
    assert _seen(build_cards(_spec(twice), Ref("d.yaml"), None, kept)) == _seen(_fresh(_spec(twice)))


@pytest.mark.parametrize("edit", ["short row", "many rows", "a row more", "other fields", "cards too"])
def test_a_deck_changed_otherwise_is_read_row_by_row_as_a_fresh_read(monkeypatch, edit):
    kept: dict = {}
    rows = _rows(CHANGED_ROWS + 10)
    build_cards(_spec(rows), Ref("d.yaml"), None, kept)
    edited, more = [*rows], {}
    if edit == "short row":
        edited[4] = ["short", 4]
    elif edit == "many rows":
        edited = [[*row] for row in rows]  # equal rows, other objects: every one of them
    elif edit == "a row more":
        edited.append(["new", 99, "blue"])
    elif edit == "other fields":
        more = {"defaults": {"c": "blue"}}
    else:
        more = {"cards": [{"t": "extra", "n": 1, "c": "red"}]}
    made = _entries_counted(monkeypatch)
    result = build_cards(_spec(edited, **more), Ref("d.yaml"), None, kept)
    assert made[0] > 0  # read as entries
    monkeypatch.undo()
    assert _seen(result) == _seen(_fresh(_spec(edited, **more)))


def test_a_required_field_no_column_holds_is_reported_again_once():
    spec = dict(kind="deck", name="d", layout="x", fields={"t": "text", "r": {"type": "text", "required": True}},
                columns=["t"])
    kept: dict = {}
    rows = [["a"], ["b"], ["c"]]
    build_cards(DeckFile(**spec, rows=rows), Ref("d.yaml"), None, kept)
    edited = [rows[0], ["B"], rows[2]]
    again = build_cards(DeckFile(**spec, rows=edited), Ref("d.yaml"), None, kept)
    assert _seen(again) == _seen(build_cards(DeckFile(**spec, rows=edited), Ref("d.yaml")))
    assert len(again[1]) == 1
