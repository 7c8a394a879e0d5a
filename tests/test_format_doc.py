"""docs/FORMAT.md documents every key the schema accepts: each model's fields are named (as
`key`) in the section that describes it, and each element type's own keys in its row of the
elements table. A key added to a model without a word in the document fails here."""
from __future__ import annotations

import re
import typing

import pytest

from pnp.model import kit, layout, rulebook
from pnp.model.frame import Arrange, Frame, Stroke

from conftest import ROOT

DOC = (ROOT / "docs" / "FORMAT.md").read_text(encoding="utf-8")
SECTIONS = {
    "## game.yaml": [kit.GameFile, kit.Players, kit.RulesRef],
    "## Decks": [kit.DeckFile, kit.FieldSpec, kit.Imposition],
    "## Sheets": [kit.SheetFile, kit.PageSpec],
    "## Layouts": [layout.Layout],
    "### Elements": [Frame, Stroke],
    "### Tables": [layout.Column, layout.Cell, layout.Table],
    "### Arrangements (`arrange`)": [Arrange],
    "## Sheet templates and mixed imposition": [layout.SheetTemplate],
    "## Rulebooks (`kind: rulebook`)": [rulebook.RulebookFile, rulebook.RulebookStyle, rulebook.FigureSpec],
}


def section(heading: str) -> str:
    """The text under `heading`, up to the next heading of the same or a higher level."""
    level = heading.split(" ")[0]
    start = DOC.index("\n" + heading) + 1
    ends = [m.start() for m in re.finditer(rf"\n#{{1,{len(level)}}} ", DOC[start + 1:])]
    return DOC[start:start + 1 + ends[0]] if ends else DOC[start:]


def names(model) -> set[str]:
    return set(model.model_fields)


def missing(keys: set[str], text: str) -> list[str]:
    """The keys `text` names neither as `key` nor as a YAML key of an example (`key:`)."""
    return sorted(k for k in keys if f"`{k}`" not in text and not re.search(rf"[\s{{,`]{re.escape(k)}:", text))


@pytest.mark.parametrize("heading", SECTIONS)
def test_every_key_of_a_section_s_models_is_named_in_it(heading):
    text = section(heading)
    for model in SECTIONS[heading]:
        keys = names(model) - (names(Frame) if model is layout.Table else set())  # its frame: ### Elements
        assert missing(keys, text) == [], f"{model.__name__} keys not in {heading}"


def element_types():
    members = typing.get_args(typing.get_args(layout.Element)[0])
    return {typing.get_args(m.model_fields["type"].annotation)[0]: m for m in members}


@pytest.mark.parametrize("kind", sorted(element_types()))
def test_every_element_type_s_own_keys_are_in_its_row(kind):
    model = element_types()[kind]
    row = next((line for line in section("### Elements").splitlines() if line.startswith(f"| `{kind}` |")), None)
    assert row is not None, f"no row for element type {kind!r}"
    own = names(model) - names(Frame) - {"type"}
    if issubclass(model, Stroke):
        own -= names(Stroke) - {"stroke"}
    nested = {"symbols": layout.Badge, "board": layout.BoardLayer}
    if kind in nested:
        own |= names(nested[kind])
    if kind == "table":  # its keys have their own section
        own = set()
    assert missing(own, row) == []


def test_the_reserved_card_keys_are_documented():
    assert missing(set(kit.RESERVED_CARD_KEYS), section("## Decks")) == []
