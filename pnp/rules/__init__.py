"""Rules models: which game a kit is, what its rules require of it, what its material prints.

Contract: `run_rules(kit)` returns `(tables, problems)`: the generic checks for every kit, then,
when the kit names a rules model (`rules: {model: NAME, params: {...}}` in game.yaml), the model's
parameter validation, checks and printed tables. An unknown model name is a problem with a
suggestion. Models register themselves in `base.RulesModel.registry` when their module is imported.
`MODULES` maps a model name to its module so that a build imports only the model it needs; every
other module of `pnp.rules` (but the shared ones) is imported when a name is unknown or all models
are listed.
"""
from __future__ import annotations

import importlib
from dataclasses import replace
import pkgutil

from ..errors import Problem, suggest
from ..model.kit import Kit
from ..model.validate import validate
from .base import Params, RulesModel, Table, register
from .generic import generic_checks

SHARED = {"base", "generic", "series", "similis_play"}
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
    """Tables (None when the kit's model or its parameters are unusable) and problems."""
    problems = generic_checks(kit)
    rules = kit.game.rules
    if rules is None:
        return {}, problems
    ref = kit.game_ref.child("rules")
    model = _model(rules.model)
    if model is None:
        return None, problems + [Problem(f"unknown rules model {rules.model!r}", "rules.model", ref.child("model"),
                                         suggestion=suggest(rules.model, _load_models()))]
    params, found = validate(model.params, rules.params, ref.child("params"), "rules.params")
    if params is None:
        return None, problems + found
    problems += [_locate(p, kit) for p in model.check(kit, params)]
    return model.tables(kit, params), problems


def _locate(problem: Problem, kit: Kit) -> Problem:
    """A rules problem about a parameter (`where` = "rules.<name>") points at that parameter."""
    if problem.ref is None and problem.where.startswith("rules."):
        parts = tuple(int(p) if p.isdigit() else p for p in problem.where.split(".")[1:])
        return replace(problem, ref=kit.game_ref.child("rules", "params", *parts))
    if problem.ref is None:
        return replace(problem, ref=kit.game_ref)
    return problem


def playtest(kit: Kit, players: int, games: int, seed: int) -> tuple[str | None, list[Problem]]:
    """A line of play-out statistics for `players`, or the problems that prevent play-outs."""
    rules = kit.game.rules
    model = _model(rules.model) if rules else None
    if model is None or model.playtest is None:
        name = rules.model if rules else "none"
        return None, [Problem(f"the rules model {name!r} has no play-outs", "rules.model", kit.game_ref)]
    params, found = validate(model.params, rules.params, kit.game_ref.child("rules", "params"), "rules.params")
    if params is None:
        return None, found
    return model.playtest(kit, params, players, games, seed), []


def models() -> dict[str, RulesModel]:
    return dict(_load_models())


__all__ = ["run_rules", "playtest", "models", "Params", "RulesModel", "Table", "register"]
