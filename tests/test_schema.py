"""pnp.model.schema, the validation core of every kit model: types, unions, constraints, errors."""
from __future__ import annotations

from typing import Annotated, Literal, Union

import pytest

from pnp.core.errors import Ref
from pnp.model.layout import Layout
from pnp.model.schema import Before, Field, Model, ValidationError, field_validator, model_validator
from pnp.model.validate import validate


def _half(value):
    if value == "bad":
        raise ValueError("not a half")
    return value / 2 if isinstance(value, (int, float)) else value


class Inner(Model):
    n: int = Field(1, ge=0, le=10)


class Shape(Model):
    type: Literal["shape"]
    side: float = 1.0


class Dot(Model):
    type: Literal["dot"]
    r: float = Field(1.0, gt=0)


class Sample(Model):
    name: str = Field(min_length=1)
    count: int = 0
    ratio: float = 1.0
    flag: bool = False
    mode: Literal["a", "b"] = "a"
    tags: list[str] = []
    scores: dict[str, int] = {}
    inner: Inner = Inner()
    maybe: int | None = None
    scalar: Union[str, int, float, bool] = ""
    half: Annotated[float, Before(_half)] = 0.0
    items: dict[str, Annotated[Union[Shape, Dot], Field(discriminator="type")]] = {}

    @field_validator("name")
    @classmethod
    def _no_space(cls, value):
        if " " in value:
            raise ValueError("a name has no spaces")
        return value.lower()

    @model_validator(mode="after")
    def _count_fits(self):
        if self.count > 100:
            raise ValueError(f"count {self.count} is over 100")
        return self


class Strict(Model):
    model_config = {"strict": True}
    n: int = 0
    x: float = 0.0


def errors_of(cls, data) -> list[tuple[tuple, str]]:
    with pytest.raises(ValidationError) as info:
        cls.model_validate(data)
    return [(e["loc"], e["msg"]) for e in info.value.errors()]


def test_valid_data_is_converted_and_defaulted():
    s = Sample.model_validate({"name": "Abc", "ratio": 2, "count": 3.0, "half": 5, "scalar": True,
                               "items": {"p": {"type": "dot", "r": 2}}})
    assert (s.name, s.ratio, s.count, s.half, s.scalar) == ("abc", 2.0, 3, 2.5, True)
    assert type(s.ratio) is float and type(s.count) is int
    assert s.items["p"] == Dot(type="dot", r=2.0) and s.inner == Inner(n=1)
    assert Sample(name="x").tags == [] and Sample(name="x").tags is not Sample(name="y").tags


def test_union_keeps_the_exact_type_first():
    assert Sample.model_validate({"name": "x", "scalar": 2.0}).scalar == 2.0
    assert type(Sample.model_validate({"name": "x", "scalar": 2.0}).scalar) is float
    assert type(Sample.model_validate({"name": "x", "scalar": 2}).scalar) is int


def test_every_error_is_reported_at_once_with_its_path():
    found = errors_of(Sample, {"name": "", "count": "3", "flag": 1, "mode": "c", "tags": ["a", 2],
                               "scores": {"x": "y"}, "inner": {"n": 11, "m": 1}, "half": "bad",
                               "items": {"p": {"type": "dott"}, "q": {"type": "dot", "r": 0}, "z": {}},
                               "extra": 1})
    assert dict(found) == {
        ("extra",): "unknown key 'extra'",
        ("name",): "must not be empty",
        ("count",): "must be a whole number",
        ("flag",): "must be true or false",
        ("mode",): "must be one of: a, b",
        ("tags", 1): "must be text",
        ("scores", "x"): "must be a whole number",
        ("inner", "m"): "unknown key 'm'",
        ("inner", "n"): "must be at most 10",
        ("half",): "not a half",
        ("items", "p", "type"): "must be one of: shape, dot",
        ("items", "q", "r"): "must be more than 0",
        ("items", "z", "type"): "missing required key 'type'",
    }


def test_unknown_key_errors_name_the_allowed_keys_and_literals_their_choices():
    with pytest.raises(ValidationError) as info:
        Inner.model_validate({"nn": 2})
    err = info.value.errors()[0]
    assert err["type"] == "extra_forbidden" and err["fields"] == ["n"]
    with pytest.raises(ValidationError) as info:
        Sample.model_validate({"name": "x", "mode": "aa"})
    assert info.value.errors()[0]["choices"] == ["a", "b"]


def test_validators_run_after_the_fields_are_valid():
    assert errors_of(Sample, {"name": "a b"}) == [(("name",), "a name has no spaces")]
    assert errors_of(Sample, {"name": "a", "count": 101}) == [((), "count 101 is over 100")]
    assert errors_of(Sample, {"name": "a b", "count": 101}) == [(("name",), "a name has no spaces")]


def test_missing_keys_and_wrong_containers():
    assert errors_of(Sample, {}) == [(("name",), "missing required key 'name'")]
    assert errors_of(Sample, []) == [((), "must be a mapping of keys to values")]
    assert errors_of(Sample, {"name": "x", "tags": "a"}) == [(("tags",), "must be a list")]
    assert errors_of(Sample, {"name": "x", "scalar": [1]}) == [
        (("scalar",), "must be text or a whole number or a number or true or false")]


def test_strict_models_refuse_a_float_for_an_int_but_take_an_int_for_a_float():
    assert errors_of(Strict, {"n": 3.0}) == [(("n",), "must be a whole number")]
    assert errors_of(Strict, {"n": True}) == [(("n",), "must be a whole number")]
    assert Strict.model_validate({"x": 3}).x == 3.0


def test_instances_are_frozen_comparable_hashable_and_dumpable():
    inner = Inner(n=2)
    with pytest.raises(AttributeError, match="frozen"):
        inner.n = 3
    assert inner == Inner(n=2) and inner != Inner(n=3) and hash(inner) == hash(Inner(n=2))
    assert Sample(name="x", items={"p": {"type": "shape"}}).model_dump()["items"] == {
        "p": {"type": "shape", "side": 1.0}}
    assert list(Inner.model_fields) == ["n"] and Inner.model_validate(inner) is inner
    with pytest.raises(ValidationError, match="must be at most 10"):
        Inner(n=12)


def test_kit_problems_point_at_the_value_and_suggest_a_fix():
    data = {"size": "pokr", "elements": {"t": {"type": "text", "text": "x", "alin": "left"},
                                         "r": {"type": "rect", "opacity": 2}}}
    layout, problems = validate(Layout, data, Ref("layouts/x.yaml", ("l",)), "layout 'l'")
    assert layout is None
    rendered = sorted((p.where, p.what, p.suggestion, p.ref.path) for p in problems)
    assert rendered == [
        ("layout 'l'.elements.r.opacity", "must be at most 1", None, ("l", "elements", "r", "opacity")),
        ("layout 'l'.elements.t.alin", "unknown key 'alin'", "align", ("l", "elements", "t", "alin")),
        ("layout 'l'.size", "unknown size preset; use one of poker, bridge, tarot, mini, square, page, "
                            "or [width, height]", None, ("l", "size")),
    ]


# --- Any YAML value: a model answers an instance or located problems, never another exception ---

from hypothesis import given, settings, strategies as st  # noqa: E402

from pnp.model.kit import DeckFile, GameFile  # noqa: E402
from kits.dix_mille.params import DixMilleParams  # noqa: E402

_KEYS = st.sampled_from(["type", "text", "x", "y", "w", "size", "elements", "fill", "radius", "columns",
                         "rows", "name", "kind", "layout", "players", "min", "max", "title", "cards",
                         "target", "straights", "three_of_a_kind", "layers", "cells", "when"])
_ELEMENT_TYPES = st.sampled_from(["rect", "text", "table", "board", "icon", "track", "nope"])
_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 300), st.floats(allow_nan=False),
                     st.text(max_size=6), _ELEMENT_TYPES, st.sampled_from(["3mm", "50%", "poker", "{f}"]))
_YAML = st.recursive(_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(_KEYS, st.integers(0, 3)), inner, max_size=5)),
    max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(data=_YAML, model=st.sampled_from([Layout, DeckFile, GameFile, DixMilleParams]))
def test_any_yaml_value_gives_an_instance_or_located_problems(data, model):
    instance, problems = validate(model, data, Ref("f.yaml"), "here")
    assert (instance is None) == bool(problems)
    for problem in problems:
        assert problem.what and problem.ref.file == "f.yaml" and problem.where.startswith("here")
