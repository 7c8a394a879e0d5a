"""A resident session parses a save that changed one row of a table that row alone
(`pnp.sources.keptyaml`): the data and every value's position are those a whole parse gives, and
any other edit is parsed whole."""
from __future__ import annotations

import pytest

from pnp.sources.keptyaml import KeptYaml
from pnp.sources.locator import Locator
from pnp.sources.yamlparse import parse_yaml

TEXT = """kind: deck
name: cards
fields: {couleur: text, titre: text, numero: int}
columns: [couleur, titre, numero]
rows:
  - ["#f7baba", "Card 1: Merchant, the first", 1]
  - ['#f7ecba', Card 2, 2]   # a comment
  - [plain, "x # not a comment", 3]
"""
OTHER = """rows:
- [a, b]
- [c, d]
more:
  - [1, 2.5, ~]
"""


def _kept(text: str) -> KeptYaml:
    kept = KeptYaml()
    data, locator, problems = parse_yaml(text, "cards.yaml")
    assert not problems
    kept.keep("cards.yaml", text, data, locator.root)
    return kept


def _paths(data: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            out += _paths(value, prefix + (index,))
    return out


def _same_as_whole(kept: KeptYaml, text: str) -> None:
    found = kept.parse("cards.yaml", text)
    assert found is not None
    data, root = found
    whole, locator, problems = parse_yaml(text, "cards.yaml")
    assert not problems and data == whole
    edited = Locator("cards.yaml", root)
    for path in _paths(whole):
        assert edited.loc(path) == locator.loc(path), path
        assert edited.key_loc(path) == locator.key_loc(path), path


@pytest.mark.parametrize("text, old, new", [
    (TEXT, '"Card 1: Merchant, the first", 1]', '"Card 1: Merchant, the first!", 12]'),
    (TEXT, "['#f7ecba', Card 2, 2]   # a comment", "['#f7ecba', 'Card 2, two', 2, extra]"),
    (TEXT, '[plain, "x # not a comment", 3]', "[plain, yes-ish, 3.5, '', true]"),
    (OTHER, "- [c, d]", "- [c, 'd: e']"),
    (OTHER, "  - [1, 2.5, ~]", "  - [1, 2.5, null, false]"),
])
def test_a_row_edited_is_parsed_alone_as_a_whole_parse_gives_it(text, old, new):
    kept = _kept(text)
    edited = text.replace(old, new)
    _same_as_whole(kept, edited)
    again = edited.replace(new, old)  # and the next edit, from the patched tree
    _same_as_whole(kept, again)


@pytest.mark.parametrize("text, old, new", [
    (TEXT, "name: cards", "name: other"),  # not a row's line
    (TEXT, '- [plain, "x # not a comment", 3]', "- [plain, [nested], 3]"),  # a value that is no scalar
    (TEXT, '- [plain, "x # not a comment", 3]', "- [plain, a: b, 3]"),  # a mapping in the row
    (TEXT, '- [plain, "x # not a comment", 3]', "- [plain, 3"),  # the row goes on below: a whole parse says
    (TEXT, '- [plain, "x # not a comment", 3]', "- [plain, yes, 3]"),  # a problem: the whole parse tells it
    (TEXT, '- [plain, "x # not a comment", 3]', "- [plain, &a x, 3]"),  # an anchor
    (TEXT, '  - [plain, "x # not a comment", 3]', "    - [plain, x, 3]"),  # another indentation
    (TEXT, '  - [plain, "x # not a comment", 3]', "  - [plain, x, 3]\n  - [more]"),  # a line more
    (TEXT, '"Card 1: Merchant, the first", 1]', '"Card 1", 1]\n  - [x, "y", 2]'),  # two lines changed
    (OTHER, "rows:", "rows: # the rows"),
    (TEXT, "  - ['#f7ecba', Card 2, 2]   # a comment\n", "  - ['#f7ecba', Card 2, 2]   # a comment\n" * 2),
])
def test_any_other_edit_is_parsed_whole(text, old, new):
    assert old in text
    assert _kept(text).parse("cards.yaml", text.replace(old, new)) is None


def test_a_text_with_an_anchor_or_a_problem_is_not_kept():
    anchored = OTHER.replace("- [a, b]", "- &x [a, b]")
    assert _kept(anchored).parse("cards.yaml", anchored.replace("[c, d]", "[c, e]")) is None
    kept = KeptYaml()
    kept.keep("cards.yaml", OTHER, None, None)  # (a parse with a problem keeps nothing)
    assert kept.parse("cards.yaml", OTHER.replace("[c, d]", "[c, e]")) is None


def test_a_text_from_the_parse_cache_is_composed_when_an_edit_needs_it():
    kept = KeptYaml()
    data, _, _ = parse_yaml(OTHER, "cards.yaml")
    kept.keep_cached("cards.yaml", OTHER, data)  # (its data from the cache: no tree yet)
    _same_as_whole(kept, OTHER.replace("[c, d]", "[c, e]"))
    kept.keep_cached("cards.yaml", OTHER.replace("[c, d]", "[c, e]"), data)  # the text kept: kept as it is
    _same_as_whole(kept, OTHER.replace("[c, d]", "[c, f]"))
    kept.keep_cached("cards.yaml", TEXT.replace("rows:", "rows: &x"), data)  # an anchor: nothing kept
    assert kept.parse("cards.yaml", TEXT.replace("rows:", "rows: &x").replace("Card 2", "Card 3")) is None
