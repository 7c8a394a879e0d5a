"""The rules interface: what a kit's rules model may import, and what the build calls.

Contract: a kit's model (`rules: {model: rules.py}` in game.yaml; docs/RULES.md) imports from
`pnp.rules` and `pnp.rules.toolkit` only, and defines `model = RulesModel(...)`. This module is
that interface: `RulesModel`, `Params`, `Table` and `Seats` (base.py), `Feature` (drift.py); the helpers `component`,
`sheet_fields` and `where_path`; problems (`Problem`, `Ref`, `KitError`, `suggest`,
`errors_only`); the validation core for parameters (`Field`, `field_validator`,
`model_validator`, `ValidationError`); and the kit as a model reads it (`Kit`, `Deck`, `Card`,
`Sheet`, `Page`); the play-out interface (`Playout`, `GameRecord`, `Agent`, `AGENTS`: playout.py).
The build and `pnp check` call `run_rules(kit)` (engine.py), which loads the kit's model through
`load_model` (loader.py); `pnp playtest` (pnp.lab) gets the model's play-outs from `load_playout(kit)`,
plays them through the harness (harness.py) inside `guarded` and summarizes with balance.py.
Layer: rules (above model, sources and core; beside layout; below the pipeline and the lab).
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from ..core.errors import KitError, Problem, Ref, errors_only, suggest
from ..model.kit import Card, Deck, Kit, Page, Sheet
from ..model.schema import Field, ValidationError, field_validator, model_validator
from .base import Params, RulesModel, Seats, Table, component, sheet_fields, where_path
from .drift import Feature
from .engine import guarded, load_playout, run_rules

if TYPE_CHECKING:  # pragma: no cover
    from .loader import load_model
    from .playout import AGENTS, Agent, GameRecord, Playout

_LAZY = {"load_model": "loader", "Playout": "playout", "GameRecord": "playout", "Agent": "playout",
         "AGENTS": "playout"}  # imported on first use: a build of a kit without rules needs none of them

__all__ = [
    "RulesModel", "Params", "Table", "Seats", "Feature", "component", "sheet_fields", "where_path",
    "Problem", "Ref", "KitError", "suggest", "errors_only",
    "Field", "field_validator", "model_validator", "ValidationError",
    "Kit", "Deck", "Card", "Sheet", "Page",
    "Playout", "GameRecord", "Agent", "AGENTS",
    "run_rules", "load_playout", "guarded", "load_model",
]


def __getattr__(name: str) -> object:
    """`load_model` and the play-out interface, imported when a model or the harness first asks."""
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_LAZY[name]}"), name)
    globals()[name] = value
    return value
