"""A mapping keyed by text takes YAML's whole-number keys (`1: dice-one`) as their text, in lax mode only."""
from __future__ import annotations

from pnp.core.errors import Ref
from pnp.model.layout import Column, Layout
from pnp.model.schema import Model
from pnp.model.validate import validate
from pnp.sources import parse_yaml

LAYOUT = """
elements:
  des:
    type: symbols
    values: "{faces}"
    icons: {1: dice-six-faces-one, 2: dice-six-faces-two, trois: dice-six-faces-three}
    colors: {1: "#ff0000"}
"""


def test_symbols_icons_and_colors_take_whole_number_keys():
    data, _, problems = parse_yaml(LAYOUT, "layouts/x.yaml")
    layout, problems = validate(Layout, data, Ref("layouts/x.yaml"), "layout 'x'")
    assert problems == []
    symbols = layout.elements["des"]
    assert symbols.icons == {"1": "dice-six-faces-one", "2": "dice-six-faces-two", "trois": "dice-six-faces-three"}
    assert symbols.colors == {"1": "#ff0000"}


def test_table_column_icons_still_take_them():
    assert Column.model_validate({"icons": {1: "dice-six-faces-one"}}).icons == {"1": "dice-six-faces-one"}


def test_booleans_and_fractions_stay_refused_as_text_keys():
    for key in (True, 1.5):
        _, problems = validate(Column, {"icons": {key: "x"}}, Ref("f.yaml"), "column")
        assert [(p.what, p.ref.path) for p in problems] == [("must be text", ("icons", key))]


class _Strict(Model):
    model_config = {"strict": True}
    names: dict[str, int] = {}


def test_strict_models_refuse_whole_number_keys():
    _, problems = validate(_Strict, {"names": {1: 2}}, Ref("f.yaml"))
    assert [p.what for p in problems] == ["must be text"]
