"""A model's field types (pnp/model/schema.py `type_hints`) are what `typing.get_type_hints` gives,
for every model of pnp, in the same order; a text that quotes a name, or a class that typing alone
can resolve, is left to typing."""
from __future__ import annotations

import importlib
import pkgutil
import typing

import pytest

import pnp
from pnp.model import schema
from pnp.model.schema import Model, type_hints


def _models() -> list[type]:
    for info in pkgutil.walk_packages(pnp.__path__, "pnp."):
        if not info.name.startswith(("pnp.core.dataclass_code", "pnp.__main__")):
            importlib.import_module(info.name)
    found, todo = [], [Model]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    ours = {cls for cls in found if cls.__module__.startswith("pnp.")}  # (not the tests' own models)
    return sorted(ours, key=lambda c: f"{c.__module__}.{c.__qualname__}")


MODELS = _models()


def test_every_model_of_pnp_is_there():
    assert len(MODELS) > 40


@pytest.mark.parametrize("cls", MODELS, ids=[f"{c.__module__}.{c.__qualname__}" for c in MODELS])
def test_a_models_hints_are_typings(cls):
    mine, theirs = type_hints(cls), typing.get_type_hints(cls, include_extras=True)
    assert list(mine) == list(theirs)
    assert mine == theirs


class Quoted(Model):
    items: list["Inner"] = []  # noqa: UP037 (the case typing resolves in a second pass)


class Inner(Model):
    size: int = 1


def test_a_quoted_name_is_left_to_typing(monkeypatch):
    calls = []
    real = typing.get_type_hints
    monkeypatch.setattr(schema.typing, "get_type_hints", lambda *a, **k: calls.append(a) or real(*a, **k))
    assert type_hints(Quoted)["items"] == list[Inner] and calls
    calls.clear()
    assert type_hints(Inner)["size"] is int and not calls
