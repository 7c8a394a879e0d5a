"""Rules models: which game a kit is, what its rules require of it, what its material prints.

Contract: `run_rules(kit)` returns `(tables, problems)`: the generic checks for every kit, then,
when the kit names a rules model (`rules: {model: NAME, params: {...}}` in game.yaml), the model's
parameter validation, its reading of the kit (once), its checks and printed tables. An unknown
model name is a problem with a suggestion. A rules problem without a `ref` whose `where` names a
parameter ("rules.seats[0]") points at that parameter's line, any other at the game.yaml.
`playtest(kit, players, games, seed)` reads the kit's material and plays the model's play-outs.
Models register themselves in `base.RulesModel.registry` when their module is imported. `MODULES`
maps a model name to its module so that a build imports only the model it needs; every other module
of `pnp.rules` (but the shared ones) is imported when a name is unknown or all models are listed.
"""
from __future__ import annotations

import importlib
from dataclasses import replace
import pkgutil

from ..errors import Problem, errors_only, suggest
from ..model.kit import Kit
from ..model.validate import validate
from .base import Params, RulesModel, Table, register, where_path
from .generic import generic_checks

SHARED = {"base", "generic", "toolkit"}
MODULES = {"similis": "similis", "reglisse": "reglisse", "dix-mille": "dixmille", "clochemerle": "clochemerle",
           "lutins": "lutins"}


def _model(name: str) -> RulesModel | None:
    if name in RulesModel.registry:
        return RulesModel.registry[name]
    if name in MODULES:
        importlib.import_module(f"{__name__}.{MODULES[name]}")
    return RulesModel.registry.get(name) or _load_models().get(name)


def _load_models() -> dict[str, RulesModel]:
    for info in pkgutil.iter_modules(__path__):
        if info.name not in SHARED and not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")
    return RulesModel.registry


def run_rules(kit: Kit) -> tuple[dict[str, Table] | None, list[Problem]]:
    """Tables (None when the kit's model or its parameters are unusable) and problems. The model
    reads the kit once; its checks and tables get what it read."""
    problems = generic_checks(kit)
    if kit.game.rules is None:
        return {}, problems
    model, params, found = _model_and_params(kit)
    if params is None:
        return None, problems + found
    material, found = model.checked(kit, params)
    return model.tables(material, params), problems + [_locate(p, kit) for p in found]


def _model_and_params(kit: Kit) -> tuple[RulesModel | None, Params | None, list[Problem]]:
    """The model the kit names and its validated parameters, or the problems that prevent them."""
    rules = kit.game.rules
    ref = kit.game_ref.child("rules")
    model = _model(rules.model)
    if model is None:
        return None, None, [Problem(f"unknown rules model {rules.model!r}", "rules.model", ref.child("model"),
                                    suggestion=suggest(rules.model, _load_models()))]
    params, found = validate(model.params, rules.params, ref.child("params"), "rules.params")
    return model, params, found


def _locate(problem: Problem, kit: Kit) -> Problem:
    """A rules problem about a parameter (`where` = "rules.<name>", "rules.seats[0]") points at that
    parameter; any other problem without a `ref` points at the kit's game.yaml."""
    if problem.ref is None and problem.where.startswith("rules."):
        return replace(problem, ref=kit.game_ref.child("rules", "params", *where_path(problem.where)[1:]))
    if problem.ref is None:
        return replace(problem, ref=kit.game_ref)
    return problem


def playtest(kit: Kit, players: int, games: int, seed: int) -> tuple[str | None, list[Problem]]:
    """A line of play-out statistics for `players`, or the problems that prevent play-outs. The
    kit's checks are the caller's (`run_rules`); this reads the material the play-outs need."""
    model, params, found = _model_and_params(kit) if kit.game.rules else (None, None, [])
    if model is None or model.playtest is None:
        name = kit.game.rules.model if kit.game.rules else "none"
        return None, found or [Problem(f"the rules model {name!r} has no play-outs", "rules.model", kit.game_ref)]
    if params is None:
        return None, found
    material, found = model.read(kit, params)
    if material is None or errors_only(found):
        return None, [_locate(p, kit) for p in found]
    return model.playtest(material, params, players, games, seed), []


def models() -> dict[str, RulesModel]:
    return dict(_load_models())


__all__ = ["run_rules", "playtest", "models", "Params", "RulesModel", "Table", "register"]
