"""A deck's `defaults:`, each field's `default:` and `values:`: checked once per deck, where written."""
from __future__ import annotations

import pytest

from pnp.core.errors import Ref

from conftest import check
from minikit import build_deck as _deck

GAME = "title: Mini\nplayers: {min: 2, max: 2}\ncomponents: [d.yaml]\n"


def _check(project, deck: str) -> list[str]:
    root = project()
    kit = root / "decks" / "mini"
    kit.mkdir(parents=True)
    (kit / "game.yaml").write_text(GAME)
    (kit / "d.yaml").write_text("kind: deck\nname: d\nlayout: poker-card\n" + deck)
    return [p.render() for r in check(root, ["mini"]) for p in r.problems]


def test_a_field_default_of_the_wrong_type_is_reported_once_at_the_default(project):
    found = _check(project, """fields:
  n: {type: int, default: lots}
cards:
  - {}
  - {}
  - {n: 2}
""")
    assert found == ["decks/mini/d.yaml:5:27: deck.fields.n.default: field 'n' must be a whole number (got 'lots')"]


def test_a_field_default_outside_its_values_is_reported_once():
    cards, problems = _deck(fields={"c": {"values": ["bleu", "vert"], "default": "rouge"}}, cards=[{}, {}])
    assert [(p.what, p.ref.path) for p in problems] == [
        ("field 'c' must be one of: bleu, vert", ("fields", "c", "default"))]


def test_a_bad_deck_default_is_reported_once_at_the_defaults_entry(project):
    found = _check(project, """fields: {n: int, nom: text}
defaults: {n: beaucoup}
cards:
  - {nom: a}
  - {nom: b}
  - {nom: c}
""")
    assert found == ["decks/mini/d.yaml:5:15: deck.defaults.n: field 'n' must be a whole number (got 'beaucoup')"]


def test_good_defaults_are_converted_and_given_to_every_card_that_leaves_the_field_out():
    cards, problems = _deck(fields={"n": {"type": "number", "default": 2}, "nom": "text"},
                            defaults={"nom": 7}, cards=[{}, {"n": 3, "nom": "x"}])
    assert problems == []
    assert [dict(c.fields) for c in cards] == [{"n": 2, "nom": "7"}, {"n": 3, "nom": "x"}]


def test_a_defaults_entry_for_no_field_is_named():
    _, problems = _deck(fields={"nom": "text"}, defaults={"nmo": "x"}, cards=[{"nom": "a"}])
    assert [(p.what, p.suggestion, p.ref.path, p.at_key) for p in problems] == [
        ("unknown field 'nmo'", "nom", ("defaults", "nmo"), True)]


def test_allowed_values_are_converted_to_the_field_type():
    cards, problems = _deck(fields={"v": {"type": "text", "values": [1, 2, 3]}},
                            columns=["v"], rows=[[1], ["2"], [3]], cards=[{"v": 4}])
    assert [c.fields["v"] for c in cards] == ["1", "2", "3", "4"]
    assert [(p.what, p.ref.path) for p in problems] == [("field 'v' must be one of: 1, 2, 3", ("cards", 0, "v"))]


def test_an_allowed_value_that_cannot_be_of_the_field_type_is_reported_once():
    _, problems = _deck(fields={"n": {"type": "int", "values": [1, "deux"]}}, cards=[{"n": 1}, {"n": 1}])
    assert [(p.what, p.ref.path, p.got) for p in problems] == [
        ("an allowed value of field 'n' must be a whole number", ("fields", "n", "values", 1), "deux")]


def test_an_empty_id_falls_back_to_the_card_position():
    cards, problems = _deck(fields={"nom": "text"}, cards=[{"id": None, "nom": "a"}, {"id": "b", "nom": "b"}],
                            columns=["id", "nom"], rows=[[None, "r"]])
    assert problems == []
    assert [c.id for c in cards] == ["1", "2", "b"]


def test_a_row_answers_whether_it_holds_a_key_without_making_its_ref(monkeypatch):
    cards, _ = _deck(fields={"nom": "text"}, columns=["nom"], rows=[["a"]])
    refs = cards[0].field_refs
    assert refs["nom"] == Ref("d.yaml", ("rows", 0, 0))
    monkeypatch.setattr(type(refs), "__getitem__", lambda self, name: pytest.fail("a Ref was made"))
    assert "nom" in refs and "layout" not in refs


def test_two_cards_with_one_id_are_reported_at_the_second_id(project):
    found = _check(project, """fields: {n: int}
cards:
  - {id: a, n: 1}
  - {id: b, n: 2}
  - {id: a, n: 3}
""")
    assert found == ["decks/mini/d.yaml:8:10: deck 'd': card id 'a' is already the id of card 1 of the deck"]


def test_row_ids_come_from_the_id_column_or_the_position():
    cards, problems = _deck(fields={"n": "int"}, columns=["id", "n"], rows=[["x", 1], ["y", 2], ["x", 3]])
    assert [p.what for p in problems] == ["card id 'x' is already the id of card 1 of the deck"]
    assert problems[0].ref.path == ("rows", 2, 0)
    cards, problems = _deck(fields={"n": "int"}, columns=["n"], rows=[[1], [2]])
    assert problems == [] and [c.id for c in cards] == ["1", "2"]
