"""Problems are data end to end: a model's problem carries its element and keys, `--json` gives errors
and warnings in one shape, and the build cache keeps warnings as that data, never as text read back."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.core.errors import Loc, Problem, Ref
from pnp.core.report import KitReport
from pnp.model.kit import DeckFile
from pnp.model.validate import validate

from conftest import edit


@pytest.mark.parametrize("problem", [
    Problem("must be a whole number", "deck.fields.rank", Ref("decks/k/cartes.yaml", ("fields", "rank")), got="dix",
            loc=Loc("decks/k/cartes.yaml", 4, 9), element="deck", keys=("fields", "rank")),
    Problem("unknown key 'layuot'", "deck", suggestion="layout", loc=Loc("decks/k/cartes.yaml", 2, 1)),
    Problem("too small", "layout 'card', element 'x'", got=[1, 2, {"a": "b" * 90}], severity="warning",
            loc=Loc("layouts/cards.yaml", 7, 3)),
    Problem("must be a whole number", "field 'valeur'", got=2.5, loc=Loc("decks/k/cartes.xlsx", cell="Feuil1!B2")),
    Problem("no fonts/fonts.yaml in the project", "fonts", Ref("fonts/fonts.yaml")),
    Problem("no kit found under decks/", "kits", severity="warning"),
])
def test_a_problem_read_back_from_its_data_renders_the_same(problem):
    data = json.loads(json.dumps(problem.as_json()))
    back = Problem.from_json(data)
    assert back.render() == problem.render() and back.severity == problem.severity
    assert (back.element, back.keys, back.where, back.what) == (problem.element, problem.keys, problem.where,
                                                                 problem.what)
    assert back.as_json() == data


def test_a_model_problem_carries_its_element_and_keys():
    _, problems = validate(DeckFile, {"kind": "deck", "name": "d", "layuot": "x", "copies": "deux"},
                           Ref("decks/k/d.yaml"), "deck")
    unknown = next(p for p in problems if p.what == "unknown key 'layuot'")
    assert (unknown.element, unknown.keys, unknown.where) == ("deck", ("layuot",), "deck.layuot")
    at = Problem.at("must be a seat", "rules", "seats", 0)
    assert (at.where, at.element, at.keys) == ("rules.seats[0]", "rules", ("seats", 0))


def test_json_gives_errors_and_warnings_in_one_shape(project):
    root = project("dix-mille")
    (root / "decks/dix-mille/brouillon.yaml").write_text("kind: deck\n", encoding="utf-8")  # unlisted: a warning
    edit(root / "decks/dix-mille/aide.yaml", "title:", "titel:")  # an error
    result = CliRunner().invoke(main, ["--project", str(root), "check", "dix-mille", "--json"])
    kit = json.loads(result.stdout)["kits"][0]
    assert kit["errors"] and kit["warnings"]
    shapes = {frozenset(p) - {"cell"} for p in kit["errors"] + kit["warnings"]}
    assert len(shapes) == 1, shapes


def test_the_build_cache_keeps_warnings_as_data(project, tmp_path):
    root = project("dix-mille")
    edit(root / "decks/dix-mille/game.yaml", "    four_of_a_kind_exceptions:\n      1: 5000",
         "    four_of_a_kind_exceptions:\n      1: 900")
    out = tmp_path / "out"
    args = ["--project", str(root), "build", "dix-mille", "--out", str(out), "--json"]
    first, second = (CliRunner().invoke(main, args) for _ in range(2))
    built, cached = (json.loads(r.stdout)["kits"][0] for r in (first, second))
    assert cached["up_to_date"] and cached["warnings"] == built["warnings"] and built["warnings"]
    assert all(isinstance(w, dict) and w["severity"] == "warning" for w in cached["warnings"])
    report = KitReport.from_json(built)
    assert [p.as_json() for p in report.warnings] == built["warnings"]
