"""What a build asks of the rules: checks and tables for a kit, and play-outs.

Contract: `run_rules(kit)` returns `(printed, problems)`: the generic and declarative checks
(`checks:` in game.yaml, declared.py) for every kit, then, when the kit names a rules model (`rules:
{model: PATH, params: {...}}` in game.yaml, loaded by `loader.load_model`), the model's parameter
validation, its reading of the kit (once), its checks, the kit's `players` range held to the seats
of its material and model (generic.py), and what it prints: a `Printed` (printed.py),
its tables and the values of `{rules.…}` templates (parameters, titles, notes, texts), of
`{players.min}` / `{players.max}` (the kit's range) and `{deck.NAME.count}` (also for a kit without a model); None when
the model or its parameters are unusable. `load_playout(kit)` reads the kit's material and returns
the model's `Playout` (pnp.lab plays it), or the problems that prevent it; `guarded(kit, doing,
call, *args)` runs a call into the model's code inside the guard (guard.py: no writes outside
the kit's output and the cache, no process, no network). A rules problem without a `ref` whose `where`
names a parameter ("rules.seats[0]") points at that parameter's line, any other at the game.yaml. An exception raised by the model's code is a problem
at the kit's line it came from (`loader.raised`), or at its `rules.model` line when it came from
pnp's toolkit, never a traceback; so is what the guard refused. The loader runs only a trusted
model (trust.py). Every kit's printed prose is scanned for drift (drift.py) against the values the
model prints and its features' states; `run_rules(kit, code=False)` (`pnp check --no-code`) runs
everything but the model.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

from ..core.errors import Problem, errors_only
from ..model.kit import Kit, RulesRef
from ..model.validate import validate
from .base import Params, RulesModel, where_path
from .drift import Bound, feature_states, kit_cards, kit_texts, text_place
from .generic import column_seats, generic_checks, player_problems
from .printed import Printed, printed, with_decks, with_players

if TYPE_CHECKING:  # pragma: no cover
    from .playout import Playout

# Only a kit with a rules model loads one (loader.py) and plays its check play-outs (harness.py,
# findings.py, balance.py), only one with `checks` runs declared.py: those modules (and
# multiprocessing) are imported where they are used, so that a build of a kit without them does not
# pay for their import.

T = TypeVar("T")


def run_rules(kit: Kit, playouts: bool = True, code: bool = True,
              writable: Sequence[Path] = ()) -> tuple[Printed | None, list[Problem]]:
    """What the model prints (None when the kit's model or its parameters are unusable) and
    problems. The model reads the kit once; its checks, seats, tables and check play-outs (unless
    `playouts` is False: `pnp playtest` plays its own) get what it read, inside the guard
    (guard.py; it may also write into `writable`, a build's kit output folder). With `code` False
    (`pnp check --no-code`) the model is neither loaded nor run: the checks that need no code run,
    and the printed values are the kit's own (`Printed.without_code`)."""
    problems = generic_checks(kit) + _declared(kit)
    if kit.game.rules is None or not code:
        made = Printed.of_players(kit.game.players.min, kit.game.players.max) if kit.game.rules is None else \
            Printed.without_code(kit.game.rules.params, kit.game.players.min, kit.game.players.max)
        made = with_decks(replace(made, drift=Bound.of(made.values, {}, kit.game.literal)), _counts(kit))
        return made, problems + player_problems(kit, column_seats(kit)) + _drift(kit, made)
    from .guard import allowing  # (a kit without a model to run does not load the guard)

    with allowing(writable):
        return _run_model(kit, playouts, problems)


def _run_model(kit: Kit, playouts: bool, problems: list[Problem]) -> tuple[Printed | None, list[Problem]]:
    assert kit.game.rules is not None
    model, params, found = _model_and_params(kit, kit.game.rules)
    if model is None or params is None:
        return None, problems + found + player_problems(kit, column_seats(kit))
    material, found, crash = _checked(kit, model, params)
    problems += [_locate(p, kit) for p in found] + crash
    if not crash:
        found, crash = _seated(kit, model, material, params)
        problems += found + crash
    if crash:
        return None, problems
    if playouts and material is not None and model.playout is not None and not errors_only(problems):
        problems += _check_playouts(kit, model.playout, material, params)
    tables, crash = guarded(kit, "the rules model's tables", model.tables, material, params)
    states, broken = guarded(kit, "the rules model's features", feature_states, model.features, material, params) \
        if model.features and material is not None else ({}, [])
    if crash or broken:
        return None, problems + crash + broken
    made, clashes = printed(params, tables or {}, kit.game_ref.child("rules", "model"), states or {}, kit.game.literal)
    made = with_decks(with_players(made, kit.game.players.min, kit.game.players.max), _counts(kit))
    return made, problems + clashes + _drift(kit, made)


def _counts(kit: Kit) -> dict[str, int]:
    """Each deck's number of cards, copies included (`{deck.NAME.count}`)."""
    return {deck.name: deck.total() for deck in kit.decks}


def _drift(kit: Kit, made: Printed) -> list[Problem]:
    """The drift warnings of the kit's printed prose (drift.py): cards, sheets and rulebooks."""
    return made.drift.scan(kit_texts(kit, made.values), at=text_place(kit), owners=kit_cards(kit))


def _declared(kit: Kit) -> list[Problem]:
    """The problems of the kit's declared checks (declared.py, imported for a kit that has some)."""
    if not kit.game.checks:
        return []
    from .declared import declared_checks

    return declared_checks(kit)


def _seated(kit: Kit, model: RulesModel, material: object, params: Params) -> tuple[list[Problem], list[Problem]]:
    """The kit's players range held to its player columns and the model's seats (generic.py), and
    the problem of an exception the model's `seats` raised."""
    seats, crash = guarded(kit, "the rules model's seats", model.seats, material, params) \
        if material is not None else ([], [])
    return player_problems(kit, column_seats(kit) + (seats or [])), crash


def _checked(kit: Kit, model: RulesModel, params: Params) -> tuple[object, list[Problem], list[Problem]]:
    """What the model read from the kit (None when unusable), the problems of reading and checking
    it, and the problem of an exception its code raised."""
    read, crash = guarded(kit, "the rules model's read", model.read, kit, params)
    if read is None:
        return None, [], crash
    material, found = read
    if material is None:
        return None, found, []
    checked, crash = guarded(kit, "the rules model's check", model.check, material, params)
    return material, found + (checked or []), crash


def _model_and_params(kit: Kit, rules: RulesRef) -> tuple[RulesModel | None, Params | None, list[Problem]]:
    """The model the kit names (`rules`, its game's) and its validated parameters, or the problems
    that prevent them."""
    from .loader import load_model

    model, problems = load_model(kit)
    if model is None:
        return None, None, problems
    params, found = validate(model.params, rules.params, kit.game_ref.child("rules", "params"), "rules.params")
    return model, params, found


def guarded(kit: Kit, doing: str, call: Callable[..., T], *args: object) -> tuple[T | None, list[Problem]]:
    """`call(*args)` inside the guard (guard.py), or the problem of the exception the model's code
    raised, or of what the guard refused (even when the model caught it)."""
    from .guard import running
    from .loader import raised, refusal

    shown = PurePosixPath(kit.game_ref.file).parent
    try:
        with running() as block:
            result = call(*args)
    except Exception as exc:  # the kit's code: reported at its line, never a traceback
        return None, [_placed(raised(exc, kit.root, shown, doing), kit)]
    if block.refused:
        return None, [_placed(refusal(block.refused, shown, doing), kit)]
    return result, []


def _placed(problem: Problem, kit: Kit) -> Problem:
    """An exception that passed through no line of the kit's own code (raised in pnp's toolkit, which
    the model's functions handed the work to) is a problem at the kit's `rules.model` line."""
    if problem.loc is not None and problem.loc.line:
        return problem
    return replace(problem, loc=None, ref=kit.game_ref.child("rules", "model"))


def _locate(problem: Problem, kit: Kit) -> Problem:
    """A rules problem about a parameter (`where` = "rules.<name>", "rules.seats[0]") points at that
    parameter; any other problem without a `ref` points at the kit's game.yaml."""
    if problem.ref is None and problem.loc is None and problem.element == "rules":  # (`Problem.at`: keys as data)
        return replace(problem, ref=kit.game_ref.child("rules", "params", *problem.keys))
    if problem.ref is None and problem.loc is None and problem.where.startswith("rules."):  # a model's own words
        return replace(problem, ref=kit.game_ref.child("rules", "params", *where_path(problem.where)[1:]))
    if problem.ref is None and problem.loc is None:
        return replace(problem, ref=kit.game_ref)
    return problem


def _no_playouts(kit: Kit) -> Problem:
    if kit.game.rules is None:
        return Problem("the kit has no rules model, and play-outs are the model's: give game.yaml "
                       "`rules: {model: rules.py}` (docs/RULES.md)", "rules", kit.game_ref)
    return Problem(f"the rules model {kit.game.rules.model!r} has no play-outs", "rules.model", kit.game_ref)


def load_playout(kit: Kit) -> tuple[Playout | None, list[Problem]]:
    """The kit's model's `Playout` for the kit's material, or the problems that prevent play-outs.
    The kit's checks are the caller's (`run_rules`); this reads the material the play-outs need."""
    model, params, found = _model_and_params(kit, kit.game.rules) if kit.game.rules else (None, None, [])
    if model is None or model.playout is None:
        return None, found or [_no_playouts(kit)]
    if params is None:
        return None, found
    read, crash = guarded(kit, "the rules model's read", model.read, kit, params)
    material, found = read if read is not None else (None, crash)
    if material is None or errors_only(found):
        return None, [_locate(p, kit) for p in found]
    return guarded(kit, "the rules model's play-outs", model.playout, material, params)


def _check_playouts(kit: Kit, make: Callable[[object, Params], Playout], material: object,
                    params: Params) -> list[Problem]:
    """A short seeded play-out (the model's `make`) for every player count of the kit: its findings
    (findings.py)."""
    from .balance import summarize
    from .findings import CHECK_GAMES, CHECK_SEED, findings
    from .harness import play_range

    playout, crash = guarded(kit, "the rules model's play-outs", make, material, params)
    if playout is None:
        return crash
    problems: list[Problem] = []
    ref = kit.game_ref.child("rules", "model")
    for players in range(kit.game.players.min, kit.game.players.max + 1):
        agent = playout.check_agent
        records, crash = guarded(kit, "the rules model's play-outs", play_range, playout, players, agent,
                                  CHECK_SEED, 0, CHECK_GAMES)
        if records is None:
            return problems + crash
        problems += findings(summarize(records, playout, players, agent, 0.0), playout, ref)
    return problems
