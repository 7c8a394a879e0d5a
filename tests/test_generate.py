"""Generated cards: products of field domains, ranges, copies, overrides, id templates, mixed with
the other sources; every problem at the generator's line that is wrong."""
from __future__ import annotations

import pytest

from pnp.core.errors import Ref
from pnp.model.entries import MAX_ENTRIES

from minikit import build_deck as _deck
from minikit import cards_of, found, write_kit

HEAD = "kind: deck\nname: d\nlayout: poker-card\n"
SUITS = "fields:\n  suit: {type: text, values: [pique, cœur]}\n  rank: int\n"


def _mini(project, body: str) -> list[str]:
    root = project()
    write_kit(root, {"d.yaml": HEAD + body})
    return found(root)


def test_a_product_of_domains_in_the_order_of_each_the_last_key_fastest():
    cards, problems = _deck(fields={"suit": "text", "rank": "int"},
                            generate=[{"each": {"suit": ["pique", "cœur"], "rank": "1..3"}}])
    assert problems == []
    assert [(c.fields["suit"], c.fields["rank"]) for c in cards] == [
        ("pique", 1), ("pique", 2), ("pique", 3), ("cœur", 1), ("cœur", 2), ("cœur", 3)]
    assert [c.id for c in cards] == ["1", "2", "3", "4", "5", "6"]


def test_ranges_take_a_step_and_are_converted_to_the_field_type():
    cards, problems = _deck(fields={"n": "text"}, generate=[{"each": {"n": "0..50 step 10"}}])
    assert problems == [] and [c.fields["n"] for c in cards] == ["0", "10", "20", "30", "40", "50"]
    cards, _ = _deck(fields={"n": "int"}, generate=[{"each": {"n": "-2..2 step 2"}}])
    assert [c.fields["n"] for c in cards] == [-2, 0, 2]


def test_ids_from_a_template_copies_and_set():
    cards, problems = _deck(fields={"suit": "text", "rank": "int", "name": "text"},
                            generate=[{"each": {"suit": ["pique"], "rank": "1..2"}, "id": "{rank}-{suit}",
                                       "copies": 2, "set": {"name": "{rank} de {suit}"}}])
    assert problems == []
    assert [(c.id, c.copies, c.fields["name"]) for c in cards] == [("1-pique", 2, "1 de pique"),
                                                                   ("2-pique", 2, "2 de pique")]


def test_braces_are_doubled_for_literal_ones_and_other_values_are_not_templates():
    cards, problems = _deck(fields={"n": "int", "t": "text", "d": "data"},
                            generate=[{"each": {"n": [1]}, "set": {"t": "{{n}} = {n}", "d": ["{n}"]}}])
    assert problems == [] and dict(cards[0].fields) == {"n": 1, "t": "{n} = 1", "d": ["{n}"]}


def test_overrides_apply_in_order_to_the_combinations_they_match():
    cards, problems = _deck(
        fields={"suit": "text", "rank": "text", "points": {"type": "int", "default": 0}},
        generate=[{"each": {"suit": ["pique", "cœur"], "rank": [7, "valet", "as"]}, "id": "{rank}-{suit}",
                   "overrides": [{"match": {"rank": ["valet", "as"]}, "set": {"points": 2}},
                                 {"match": {"rank": "as"}, "set": {"points": 11, "id": "AS-{suit}"}},
                                 {"match": {"rank": 7, "suit": "cœur"}, "set": {"copies": 0}}]}])
    assert problems == []
    assert [(c.id, c.fields["points"], c.copies) for c in cards] == [
        ("7-pique", 0, 1), ("valet-pique", 2, 1), ("AS-pique", 11, 1),
        ("7-cœur", 0, 0), ("valet-cœur", 2, 1), ("AS-cœur", 11, 1)]


def test_sources_come_data_rows_generators_cards_and_default_ids_follow_that_order():
    cards, problems = _deck(fields={"n": "int"}, cards=[{"n": 100}], columns=["n"], rows=[[10], [11]],
                            generate=[{"each": {"n": "1..2"}}, {"each": {"n": [50]}}])
    assert problems == []
    assert [(c.id, c.fields["n"]) for c in cards] == [("1", 10), ("2", 11), ("3", 1), ("4", 2), ("5", 50),
                                                      ("6", 100)]


def test_a_generated_value_points_at_the_domain_value_the_set_or_the_override():
    cards, _ = _deck(fields={"suit": "text", "rank": "int", "x": "int"},
                     generate=[{"each": {"suit": ["a", "b"], "rank": "1..2"}, "set": {"x": 0},
                                "overrides": [{"match": {"rank": 2}, "set": {"x": 5}}]}])
    refs = cards[3].field_refs
    assert refs["suit"] == Ref("d.yaml", ("generate", 0, "each", "suit", 1))
    assert refs["rank"] == Ref("d.yaml", ("generate", 0, "each", "rank"))
    assert refs["x"] == Ref("d.yaml", ("generate", 0, "overrides", 0, "set", "x"))
    assert cards[0].field_refs["x"] == Ref("d.yaml", ("generate", 0, "set", "x"))


def test_a_deck_of_generated_cards_builds_through_the_loader(project):
    root = project()
    write_kit(root, {"d.yaml": HEAD + SUITS + "generate:\n  - each: {suit: [pique, cœur], rank: 1..4}\n"
                                               "    id: \"{suit}{rank}\"\n"})
    assert found(root) == []
    assert [c.id for c in cards_of(root)] == ["pique1", "pique2", "pique3", "pique4", "cœur1", "cœur2", "cœur3",
                                              "cœur4"]


BROKEN = {
    "a value outside the field's values, once for all the cards that share it": (
        "generate:\n  - each: {suit: [pique, coeur], rank: 1..2}\n",
        ["decks/mini/d.yaml:8:26: deck 'd', card '3': field 'suit' must be one of: pique, cœur "
         "(and on 1 more card) (got 'coeur'; did you mean 'cœur'?)"]),
    "an unknown field in each": (
        "generate:\n  - each: {suit: [pique], rnak: 1..2}\n",
        ["decks/mini/d.yaml:8:27: deck 'd', generate[0]: 'rnak' is not a field of the deck; a generator "
         "enumerates fields (did you mean 'rank'?)"]),
    "an override that matches no combination": (
        "generate:\n  - each: {suit: [pique], rank: 1..2}\n    overrides:\n"
        "      - match: {rank: 3}\n        set: {copies: 2}\n",
        ["decks/mini/d.yaml:10:23: deck 'd', generate[0]: this override matches no card: rank 3 is not in the "
         "generator's domain (1..2)"]),
    "an override value misspelt": (
        "generate:\n  - each: {suit: [pique, cœur], rank: 1..2}\n    overrides:\n"
        "      - match: {suit: [cœur, piqe]}\n        set: {copies: 2}\n",
        ["decks/mini/d.yaml:10:30: deck 'd', generate[0]: this override matches no card: suit 'piqe' is not in the "
         "generator's domain (pique, cœur) (did you mean 'pique'?)"]),
    "an override on a key the generator does not enumerate": (
        "generate:\n  - each: {suit: [pique], rank: 1..2}\n    overrides:\n"
        "      - match: {rnak: 1}\n        set: {copies: 2}\n",
        ["decks/mini/d.yaml:10:17: deck 'd', generate[0]: an override matches values of the generator's domains; "
         "'rnak' is none of them (did you mean 'rank'?)"]),
    "an override on a data field": (
        "  signs: data\ngenerate:\n  - each: {suit: [pique], rank: [1], signs: [[+, -], [-, +]]}\n"
        "    overrides:\n      - match: {signs: [+, -]}\n        set: {copies: 2}\n",
        ["decks/mini/d.yaml:11:17: deck 'd', generate[0]: an override cannot match 'signs', a data field"]),
    "an id template naming an unknown field": (
        "generate:\n  - each: {suit: [pique], rank: 1..2}\n    id: \"{rnak}-{suit}\"\n",
        ["decks/mini/d.yaml:9:9: deck 'd', generate[0]: the template '{rnak}-{suit}' names 'rnak', which is not "
         "a key of `each` (did you mean 'rank'?)"]),
    "a set value naming an unknown key": (
        "  name: text\ngenerate:\n  - each: {suit: [pique], rank: 1..2}\n    set: {name: \"{rank} de {siut}\"}\n",
        ["decks/mini/d.yaml:10:17: deck 'd', generate[0]: the template '{rank} de {siut}' names 'siut', which is "
         "not a key of `each` (did you mean 'suit'?)"]),
    "duplicate generated ids, once at the template": (
        "generate:\n  - each: {suit: [pique, cœur], rank: 1..3}\n    id: \"{suit}\"\n",
        ["decks/mini/d.yaml:9:9: deck 'd': card id 'pique' is already the id of card 1 of the deck "
         "(and 3 more clashing ids)"]),
    "a generated id that an entry repeats": (
        "generate:\n  - each: {suit: [pique], rank: 1..2}\n    id: \"{suit}{rank}\"\n"
        "cards:\n  - {id: pique2, suit: cœur, rank: 9}\n",
        ["decks/mini/d.yaml:11:10: deck 'd': card id 'pique2' is already the id of card 2 of the deck"]),
    "a bad range": (
        "generate:\n  - each: {suit: [pique], rank: 10..1}\n",
        ["decks/mini/d.yaml:8:33: deck 'd', generate[0]: the range '10..1' is empty (write the smaller bound "
         "first)"]),
    "a domain that is neither a list nor a range": (
        "generate:\n  - each: {suit: [pique], rank: 1-10}\n",
        ["decks/mini/d.yaml:8:33: deck 'd', generate[0]: a domain of 'rank' is a list of values, or a range "
         "such as 1..10 or 0..50 step 10 (got '1-10')"]),
    "a value listed twice": (
        "generate:\n  - each: {suit: [pique, cœur, pique], rank: [1]}\n",
        ["decks/mini/d.yaml:8:32: deck 'd', generate[0]: 'pique' is listed twice in the domain of 'suit'"]),
    "a required field no generator key gives": (
        "  name: text\ngenerate:\n  - each: {suit: [pique], rank: 1..2}\n",
        ["decks/mini/d.yaml:9:5: deck 'd': the generator gives no value to required field 'name' (add it to "
         "`set`)"]),
    "a wrong type in set, once": (
        "generate:\n  - each: {suit: [pique], rank: [1, 2]}\n    set: {copies: many}\n",
        ["decks/mini/d.yaml:9:19: deck 'd', card '1': copies is a whole number from 0 to 1000 (and on 1 more card) "
         "(got 'many')"]),
    "an unknown key in set, once": (
        "generate:\n  - each: {suit: [pique], rank: [1, 2]}\n    set: {nmae: x}\n",
        ["decks/mini/d.yaml:9:11: deck 'd', card '1': unknown field 'nmae' (and on 1 more card)"]),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_every_problem_of_a_generator_points_at_its_line(project, case):
    body, expected = BROKEN[case]
    assert _mini(project, SUITS + body) == expected


def test_a_generator_too_big_is_refused_before_any_card_is_made(project):
    assert _mini(project, SUITS + "generate:\n  - each: {suit: [pique, cœur], rank: 1..1000000000}\n") == [
        f"decks/mini/d.yaml:8:11: deck 'd', generate[0]: this generator makes 2000000000 cards (2 × 1000000000); "
        f"a deck holds at most {MAX_ENTRIES} card entries"]


def test_generators_that_together_pass_the_bound_are_refused_at_the_one_that_does(project):
    half = MAX_ENTRIES // 2 + 1
    assert _mini(project, SUITS + f"generate:\n  - each: {{suit: [pique], rank: 1..{half}}}\n"
                                  f"  - each: {{suit: [cœur], rank: 1..{half}}}\n") == [
        f"decks/mini/d.yaml:9:11: deck 'd', generate[1]: with this generator the deck holds {2 * half} card entries "
        f"or more; a deck holds at most {MAX_ENTRIES}"]


def test_a_generator_validates_its_own_keys(project):
    assert _mini(project, SUITS + "generate:\n  - each: {suit: [pique], rank: [1]}\n    copy: 2\n") == [
        "decks/mini/d.yaml:9:5: deck.generate[0].copy: unknown key 'copy' (did you mean 'copies'?)"]
