"""The interface between a kit and its rules model: one reading of the kit, located parameter problems."""
from __future__ import annotations

import re

from conftest import check, edit
from kitmodels import kit_model
from pnp.model.load import Project
from pnp.rules import load_model, run_rules
from pnp.rules import where_path


def test_where_path_reads_keys_indexes_and_integer_keys():
    assert where_path("rules.seats[0]") == ("rules", "seats", 0)
    assert where_path("board.start.rouge[2]") == ("board", "start", "rouge", 2)
    assert where_path("rules.three_of_a_kind.3") == ("rules", "three_of_a_kind", 3)
    assert where_path("rules.attributes.couleur") == ("rules", "attributes", "couleur")


def test_a_problem_about_one_seat_points_at_that_seat(project):
    root = project("lutins")
    game = root / "decks/lutins/game.yaml"
    edit(game, "    tokens: pions\n", "    tokens: pions\n    seats:\n      - [bleu, violet]\n"
                                     "      - [rouge, jaune]\n")
    line = next(i + 1 for i, text in enumerate(game.read_text(encoding="utf-8").splitlines())
                if "[bleu, violet]" in text)
    errors = [p.render() for r in check(root, ["lutins"]) for p in r.errors]
    assert any(re.match(rf"decks/lutins/game\.yaml:{line}:\d+: rules\.seats\[0\]: a player's two colours must "
                        r"sit at right angles", e) for e in errors), errors


def _kit(root, name: str):
    kit, problems = Project.open(root).load_kit(root / "decks" / name)
    assert kit is not None and problems == []
    return kit


def test_a_kit_without_a_rules_model_loads_none_and_no_problem(shipped):
    assert load_model(_kit(shipped, "belote")) == (None, [])


def test_a_build_reads_the_kit_once(monkeypatch, shipped):
    RULES_MODEL = kit_model(shipped / "decks/clochemerle").model  # the model of the kit the test checks
    reads = []
    read = RULES_MODEL.read
    monkeypatch.setattr(RULES_MODEL, "read", lambda kit, params: reads.append(kit) or read(kit, params))
    printed, problems = run_rules(_kit(shipped, "clochemerle"))
    assert len(reads) == 1 and problems == [] and "score_sheet" in printed.tables


def test_the_lutins_board_is_read_and_built_once(monkeypatch, shipped):
    board = kit_model(shipped / "decks/lutins", "board")
    calls = []
    shape = board.shape_problems
    monkeypatch.setattr(board, "shape_problems", lambda *args: calls.append(args) or shape(*args))
    printed, problems = run_rules(_kit(shipped, "lutins"))
    assert len(calls) == 1 and not [p for p in problems if p.severity == "error"] and "resume" in printed.tables


def test_an_absent_sheet_is_the_reader_s_problem_not_the_checks():
    from dataclasses import replace

    from kits.clochemerle import check_material, default_material

    material = replace(default_material(), track=None)
    assert not material.complete
    assert check_material(material) == []  # reported by the reader, once
