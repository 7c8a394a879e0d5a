"""Parameters of Le 10 000 and their consistency checks."""
import pytest
from pnp.model.schema import ValidationError

from kits.dix_mille import DECISIONS, DixMilleParams, check_params, combination_step, reachable
from kits.dix_mille import model as RULES_MODEL
from pnp.rules import RulesModel

DEFAULT = DixMilleParams()


def only(problems):
    assert len(problems) == 1, problems
    return problems[0]


def test_defaults_are_the_source_game():
    p = DEFAULT
    assert (p.single_one, p.single_five, p.straight, p.target, p.floor) == (100, 50, 1500, 10000, 5000)
    assert [p.kind_value(f, 3) for f in range(1, 7)] == [1000, 200, 300, 400, 500, 600]
    assert [p.kind_value(f, 4) for f in range(1, 7)] == [5000, 400, 600, 800, 1000, 1200]
    assert [p.kind_value(f, 5) for f in range(1, 7)] == [10000, 800, 1200, 1600, 2000, 2400]
    assert p.straight_faces() == ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6)) and not p.five_ones_wins


def test_defaults_have_no_problem():
    assert check_params(DEFAULT) == []


def test_params_are_strict_and_frozen():
    with pytest.raises(ValidationError):
        DixMilleParams.model_validate({"traget": 10000})
    with pytest.raises(ValidationError):
        DixMilleParams.model_validate({"target": "10000"})
    with pytest.raises(ValidationError):
        DixMilleParams.model_validate({"straights": ["1 2 3 4 6"]})
    with pytest.raises(AttributeError, match="frozen"):
        DEFAULT.target = 5000
    kit = DixMilleParams.model_validate({"straights": ["1 2 3 4 5"], "four_of_a_kind_exceptions": {}})
    assert kit.kind_value(1, 4) == 2000


def test_decisions_are_recorded_once():
    assert {"straights", "floor", "throw_scores", "challenge", "round", "five_ones"} <= set(DECISIONS)


def test_the_kit_s_rules_model():
    assert isinstance(RULES_MODEL, RulesModel) and RULES_MODEL.params is DixMilleParams
    assert RULES_MODEL.check(None, DEFAULT) == []
    printed = set(RULES_MODEL.tables(None, DEFAULT))  # the reference card's tables, the worked example's numbers
    assert {"scoring", "turn"} <= printed and all(name.startswith("example.") for name in printed - {"scoring", "turn"})
    assert {"example.albert", "example.beatrice", "example.caroline"} <= printed


def test_target_off_the_grid():
    problem = only(check_params(DixMilleParams(target=10025)))
    assert problem.where == "rules.target" and problem.severity == "error" and problem.ref is None
    assert "not a multiple of 50" in problem.what and problem.got == 10025
    assert problem.suggestion == "10000"


def test_target_on_the_grid_but_too_small():
    params = DixMilleParams(single_one=300, single_five=200, floor=0, target=100)
    assert combination_step(params) == 100 and not reachable(100, params) and reachable(500, params)
    problems = check_params(params)
    problem = only([p for p in problems if p.severity == "error"])
    assert problem.where == "rules.target" and "no sum of combination values" in problem.what
    # and the brelan of 5 (500) is now worth less than three single 5s (600)
    warning = only([p for p in problems if p.severity == "warning"])
    assert warning.where == "rules.three_of_a_kind.5" and "(5 5 5) is worth 500" in warning.what


def test_floor_at_or_above_target():
    problem = only(check_params(DixMilleParams(floor=10000)))
    assert problem.where == "rules.floor" and "below the target" in problem.what


def test_floor_from_which_the_target_is_unreachable():
    problem = only(check_params(DixMilleParams(floor=5025)))
    assert problem.where == "rules.floor" and "from the floor" in problem.what
    assert problem.suggestion == "5000"


@pytest.mark.parametrize("field, value", [
    ("single_one", 0), ("single_five", -50), ("four_of_a_kind_factor", 0), ("five_of_a_kind_factor", -2),
    ("straight", 0), ("target", 0), ("floor", -1),
])
def test_non_positive_values(field, value):
    problem = only(check_params(DixMilleParams(**{field: value})))
    assert problem.where == f"rules.{field}" and problem.severity == "error" and problem.got == value


def test_non_positive_brelan():
    table = {**DEFAULT.three_of_a_kind, 2: -200}
    problem = only(check_params(DixMilleParams(three_of_a_kind=table)))
    assert problem.where == "rules.three_of_a_kind.2" and "face 2 must be positive" in problem.what


def test_missing_brelan_face():
    table = {f: v for f, v in DEFAULT.three_of_a_kind.items() if f != 3}
    problem = only(check_params(DixMilleParams(three_of_a_kind=table)))
    assert problem.where == "rules.three_of_a_kind" and "face(s) [3]" in problem.what


def test_exception_for_a_face_that_does_not_exist():
    problem = only(check_params(DixMilleParams(five_of_a_kind_exceptions={1: 10000, 7: 100})))
    assert problem.where == "rules.five_of_a_kind_exceptions.7" and "faces are 1 to 6" in problem.what


def test_carre_worth_less_than_its_brelan_warns():
    problem = only(check_params(DixMilleParams(four_of_a_kind_exceptions={1: 900})))
    assert problem.severity == "warning" and problem.where == "rules.four_of_a_kind_exceptions.1"
    assert "carré (1 1 1 1) is worth 900, less than 1100" in problem.what


def test_carre_factor_one_makes_the_carre_of_five_useless():
    problem = only(check_params(DixMilleParams(four_of_a_kind_factor=1)))
    assert problem.where == "rules.four_of_a_kind_factor" and "(5 5 5 5) is worth 500" in problem.what


def test_straight_worth_less_than_its_one_and_five_warns():
    problem = only(check_params(DixMilleParams(straight=100)))
    assert problem.where == "rules.straight" and "straight (1 2 3 4 5)" in problem.what


def test_straight_off_the_grid_warns():
    problem = only(check_params(DixMilleParams(straight=1525)))
    assert problem.severity == "warning" and problem.where == "rules.straight"
    assert "not a multiple of 50" in problem.what and problem.suggestion == "1500"


def test_every_problem_names_a_field():
    bad = DixMilleParams(single_one=-1, three_of_a_kind={1: 1000}, five_of_a_kind_exceptions={9: 1},
                         floor=-5)
    problems = check_params(bad)
    assert len(problems) == 4
    for problem in problems:
        assert problem.where.startswith("rules.") and problem.where.split(".")[1] in DixMilleParams.model_fields
        assert problem.ref is None and problem.what
