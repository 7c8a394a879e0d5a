"""The YAML loader: positions of values, and what it refuses that PyYAML would accept."""
from __future__ import annotations

from pnp.sources import parse_yaml


def problems(text: str) -> list[str]:
    return [p.render() for p in parse_yaml(text, "k.yaml")[2]]


def test_values_keep_their_line_and_column():
    data, locator, found = parse_yaml("deck:\n  cards:\n    - {name: a, count: 3}\n", "k.yaml")
    assert found == [] and data == {"deck": {"cards": [{"name": "a", "count": 3}]}}
    assert str(locator.loc(("deck", "cards", 0, "count"))) == "k.yaml:3:24"
    assert str(locator.key_loc(("deck", "cards", 0, "count"))) == "k.yaml:3:17"


def test_a_missing_key_points_at_the_closest_parent():
    _, locator, _ = parse_yaml("a:\n  b: 1\n", "k.yaml")
    assert str(locator.loc(("a", "nope", "deeper"))) == "k.yaml:2:3"


def test_duplicate_keys_are_refused_with_both_lines():
    assert problems("name: a\ncount: 1\ncount: 2\n") == [
        "k.yaml:3:1: YAML: duplicate key 'count' (first defined on line 2)"]


def test_yaml_1_1_booleans_are_refused_but_true_false_and_quoted_words_pass():
    assert problems("a: yes\n") == ["k.yaml:1:4: YAML: 'yes' is ambiguous: write true or false, or quote it"]
    assert problems("a: off\n")[0].startswith("k.yaml:1:4: YAML: 'off' is ambiguous")
    data, _, found = parse_yaml("a: true\nb: 'no'\nc: False\n", "k.yaml")
    assert found == [] and data == {"a": True, "b": "no", "c": False}


def test_a_tab_used_for_indentation_is_named_at_its_position():
    assert problems("cards:\n\t- a\n") == ["k.yaml:2:1: YAML: a tab is used for indentation; YAML needs spaces"]


def test_empty_file_and_syntax_errors_are_located():
    assert problems("") == ["k.yaml:1:1: YAML: the file is empty"]
    assert problems("# only a comment\n") == ["k.yaml:1:1: YAML: the file holds no data"]
    found = problems("a: [1, 2\nb: 3\n")
    assert len(found) == 1 and found[0].startswith("k.yaml:2:") and "syntax error" in found[0]


def test_dates_stay_text_and_numbers_are_numbers():
    data, _, _ = parse_yaml("d: 2020-03-27\nn: 3\nf: 2.5\nz: ~\n", "k.yaml")
    assert data == {"d": "2020-03-27", "n": 3, "f": 2.5, "z": None}


def test_merge_keys_inherit_without_overriding():
    data, _, found = parse_yaml("a: &base {x: 1, y: 2}\nb:\n  <<: *base\n  y: 3\n", "k.yaml")
    assert found == [] and data["b"] == {"x": 1, "y": 3}
