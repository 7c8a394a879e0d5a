"""Consistency checks of the Le 10 000 parameters.

Contract: `check_params(params) -> list[Problem]`; no problem for the source's rules
(`DixMilleParams()`). Each problem names the faulty field exactly as `where="rules.<field_name>"`
(the engine maps it to the YAML position of that field and attaches the file ref: `ref` is None),
and a problem about one face of a per-face table names that entry, `rules.<field_name>.<face>`, so
that it points at the entry's own line; it explains the reason in `what` (English) and carries the
faulty value in `got`. Errors make the
game unplayable or unwinnable (non-positive values, a missing brelan face, a target that no sum of
scores reaches exactly, a floor at or above the target); warnings flag combinations that the best
split never uses (a carré worth less than its brelan…) or a straight off the other values' grid.
"""
from __future__ import annotations

from functools import reduce
from math import gcd
from typing import Literal

from pnp.rules import Problem
from .params import FACES, DixMilleParams
from .scoring import Group, combinations, score_without

REACHABLE_LIMIT = 1_000_000  # beyond that many steps, reachability is judged by the gcd alone
_PER_FACE = ("three_of_a_kind", "four_of_a_kind_exceptions", "five_of_a_kind_exceptions")


def check_params(params: DixMilleParams) -> list[Problem]:
    """Every inconsistency of `params`: errors first, then warnings."""
    problems = _positive(params) + _faces(params)
    if not any(p.severity == "error" for p in problems):
        problems += _floor_and_target(params) + _useless_groups(params) + _straight_grid(params)
        problems = sorted(problems, key=lambda p: p.severity != "error")
    return problems


def _problem(field: str, what: str, got: object, severity: Literal["error", "warning"] = "error",
             suggestion: str | None = None, key: object = None) -> Problem:
    where = f"rules.{field}" if key is None else f"rules.{field}.{key}"
    return Problem(what, where, None, got, suggestion, severity)


def _positive(params: DixMilleParams) -> list[Problem]:
    """Every value and factor is a positive number of points; the floor may be 0."""
    fields = ("single_one", "single_five", "four_of_a_kind_factor", "five_of_a_kind_factor",
              "straight", "target")
    hint = {"straight": " (to drop the straights, set straights: [])"}
    problems = [_problem(name, f"{name} must be positive{hint.get(name, '')}", getattr(params, name))
                for name in fields if getattr(params, name) <= 0]
    for name in _PER_FACE:
        bad = {face: value for face, value in getattr(params, name).items() if value <= 0}
        problems += [_problem(name, f"the value of face {face} must be positive", value, key=face)
                     for face, value in bad.items()]
    if params.floor < 0:
        problems.append(_problem("floor", "the floor must be 0 or positive", params.floor))
    return problems


def _faces(params: DixMilleParams) -> list[Problem]:
    """Per-face tables are keyed by faces 1..6; every brelan has a value."""
    problems = []
    for name in _PER_FACE:
        wrong = sorted(face for face in getattr(params, name) if face not in FACES)
        if wrong:
            problems.append(_problem(name, f"faces are 1 to 6, not {wrong}", wrong, key=wrong[0]))
    missing = [face for face in FACES if face not in params.three_of_a_kind]
    if missing:
        # rules: Brelans — every face has a brelan ("Les autres valent 100 fois la valeur")
        problems.append(_problem("three_of_a_kind", f"no brelan value for face(s) {missing}", missing))
    return problems


def combination_step(params: DixMilleParams) -> int:
    """The gcd of every combination value: every score is a multiple of it."""
    return reduce(gcd, (group.points for group in combinations(params)), 0)


def reachable(total: int, params: DixMilleParams) -> bool:
    """Whether `total` is a sum of combination values (a written score can be exactly it)."""
    step = combination_step(params)
    if total < 0 or step == 0 or total % step:
        return False
    if total // step > REACHABLE_LIMIT:
        return True
    values = sorted({group.points // step for group in combinations(params)})
    can = [True] + [False] * (total // step)
    for amount in range(1, len(can)):
        can[amount] = any(amount >= v and can[amount - v] for v in values)
    return can[-1]


def _floor_and_target(params: DixMilleParams) -> list[Problem]:
    """The target is reachable exactly from 0 and from the floor, and lies above the floor."""
    return _target(params) or _floor(params)


def _target(params: DixMilleParams) -> list[Problem]:
    step = combination_step(params)
    if params.target % step:
        return [_problem("target", f"the target is not a multiple of {step}, the gcd of every "
                                   f"combination value: no sum of scores reaches it exactly",
                         params.target, suggestion=str(_nearest(params.target, step)))]
    if not reachable(params.target, params):
        return [_problem("target", f"no sum of combination values makes exactly the target "
                                   f"(the smallest value is {_smallest(params)})", params.target)]
    return []


def _floor(params: DixMilleParams) -> list[Problem]:
    step = combination_step(params)
    if params.floor >= params.target:
        return [_problem("floor", f"the floor ({params.floor}) must be below the target "
                                  f"({params.target})", params.floor)]
    if params.floor and not reachable(params.target - params.floor, params):
        # rules: Chute — a player who fell to the floor must still be able to reach the target
        fixed = params.target - _nearest(params.target - params.floor, step)
        return [_problem("floor", f"from the floor no sum of scores reaches the target exactly "
                                  f"(scores move by steps of {step})", params.floor, suggestion=str(fixed))]
    return []


def _smallest(params: DixMilleParams) -> int:
    return min(group.points for group in combinations(params))


def _nearest(value: int, step: int) -> int:
    return max(step, round(value / step) * step)


def _useless_groups(params: DixMilleParams) -> list[Problem]:
    """Warn when a group is worth less than the best split of its dice without it."""
    problems = []
    for group in combinations(params):
        if group.kind == "single":
            continue
        without = score_without(group, params)
        if group.points < without:
            field = _field_of(group, params)
            problems.append(_problem(field, f"{_describe(group)} ({group.label}) is "
                                     f"worth {group.points}, less than {without} scored otherwise: "
                                     f"the best split never uses it", group.points, "warning",
                                     key=group.faces[0] if field in _PER_FACE else None))
    return problems


def _field_of(group: Group, params: DixMilleParams) -> str:
    """The field that sets a group's value (an exception when the face has one)."""
    face = group.faces[0]
    if group.kind == "four":
        return "four_of_a_kind_exceptions" if face in params.four_of_a_kind_exceptions else "four_of_a_kind_factor"
    if group.kind == "five":
        return "five_of_a_kind_exceptions" if face in params.five_of_a_kind_exceptions else "five_of_a_kind_factor"
    return {"three": "three_of_a_kind", "straight": "straight"}[group.kind]


def _describe(group: Group) -> str:
    names = {"three": "the brelan", "four": "the carré", "five": "five of a kind", "straight": "the straight"}
    return names[group.kind]


def _straight_grid(params: DixMilleParams) -> list[Problem]:
    """Warn when the straight's value breaks the grid of every other combination value."""
    others = reduce(gcd, (g.points for g in combinations(params) if g.kind != "straight"), 0)
    if params.straight_faces() and others and params.straight % others:
        return [_problem("straight", f"the straight ({params.straight}) is not a multiple of {others}, "
                                     f"the step of every other combination", params.straight, "warning",
                         suggestion=str(_nearest(params.straight, others)))]
    return []
