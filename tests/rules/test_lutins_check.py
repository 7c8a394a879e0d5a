"""Board invariants of the lutins rules model: the default board passes, broken copies fail precisely."""
import pytest
from pnp.model.schema import ValidationError

from pnp.core.errors import KitError, Ref
from kits.lutins import (
    Board, LutinsParams, check_board, check_board_data, check_rules, default_board, default_board_data,
    empty_board, initial_state, reachability_problems, rules_summary, slide_targets, tables,
)

REF = Ref("decks/lutins/board.yaml", ("board",))


def problems_of(data, ref=None):
    return check_board_data(data, ref)[1]


def test_default_board_passes():
    assert check_board(default_board()) == []
    assert check_board_data(default_board_data(), REF) == (default_board(), [])


def test_default_board_shape():
    board = default_board()
    assert board.size == 10 and len(board.dots) == 34 and len(set(board.dots)) == 34
    assert all(board.in_forest(dot) for dot in board.dots)
    assert {colour: len(board.starts(colour)) for colour in board.colours} == dict.fromkeys(board.colours, 6)
    assert {colour: board.side(colour) for colour in board.colours} == {
        "bleu": "south", "rouge": "west", "violet": "north", "jaune": "east"}
    assert board.arrival("bleu") == board.starts("violet")
    assert board.arrival("rouge") == board.starts("jaune")


def test_default_board_data_round_trips():
    data = default_board_data()
    assert Board.from_data(data).to_data() == data


def test_default_board_no_crossing_in_one_move():
    state = initial_state(default_board())
    for elf in state.elves:
        assert not any(m.to in state.board.arrival(elf[0]) for m in slide_targets(state, elf))
        assert len(slide_targets(state, elf)) >= 2


def test_default_board_is_symmetric_through_the_centre():
    dots = set(default_board().dots)
    assert {(9 - c, 9 - r) for c, r in dots} == dots


def test_33_dots_fail():
    data = default_board_data()
    data["dots"].pop()
    problems = problems_of(data, REF)
    assert [(p.where, p.what) for p in problems] == [
        ("board.dots", "the board needs exactly 34 dotted squares, found 33")]
    assert problems[0].ref == REF.child("dots")


def test_start_square_walled_in_fails():
    data = default_board_data()
    data["dots"].remove([3, 0])
    data["dots"].remove([8, 0])
    data["dots"] += [[5, 9], [7, 9]]  # with the dot at (6, 9): (6, 10) has no way out
    problems = problems_of(data, REF)
    assert [p.where for p in problems] == ["board.start.bleu[4]"]
    assert problems[0].what.startswith("start square (6, 10) of bleu is walled in")
    assert problems[0].ref == REF.child("start", "bleu", 4)


def test_start_square_in_a_pocket_fails():
    board = empty_board(6, count=4, dots=((0, 4), (1, 4), (2, 4), (3, 4), (3, 5)))
    problems = reachability_problems(board)
    assert [p.where for p in problems] == ["board.start.bleu[0]", "board.start.bleu[1]"]
    assert "(1, 6) of bleu cannot reach its arrival side (violet's start squares)" in problems[0].what


def test_dot_on_a_start_square_fails():
    data = default_board_data()
    data["dots"][0] = [3, 10]
    problems = problems_of(data)
    assert [(p.where, p.what) for p in problems] == [
        ("board.dots[0]", "dot (3, 10) lies on a start square of bleu; trees never stand on start squares")]


def test_dot_outside_and_duplicate_dots_fail():
    data = default_board_data()
    data["dots"][0] = [10, 10]
    data["dots"][2] = data["dots"][1]
    whats = [(p.where, p.what) for p in problems_of(data)]
    assert whats == [("board.dots[0]", "dot (10, 10) lies outside the forest (0..9 on both axes)"),
                     ("board.dots[2]", "dot (8, 0) repeats board.dots[1]; one tree per square")]


def test_start_squares_count_and_side():
    data = default_board_data()
    data["start"]["rouge"].pop()
    data["start"]["jaune"][1] = [11, 3]
    data["start"]["violet"][0] = [2, 10]
    found = [(p.where, p.what) for p in problems_of(data)]
    assert found == [
        ("board.start.rouge", "rouge needs exactly 6 start squares, found 5"),
        ("board.start.violet[0]", "start square (2, 10) repeats board.start.bleu[0]"),
        ("board.start.jaune[1]", "start square (11, 3) is not next to a side of the forest (row or column -1 or 10)"),
    ]


def test_colour_on_the_wrong_side():
    data = default_board_data()
    data["start"]["jaune"][0] = [0, 10]
    found = [(p.where, p.what) for p in problems_of(data)]
    assert found == [("board.start.jaune[0]", "start square (0, 10) is on the south side, but jaune's are on the east side")]


def test_missing_side_means_no_arrival():
    data = default_board_data()
    del data["start"]["jaune"]
    found = [(p.where, p.what) for p in problems_of(data)]
    assert found == [("board.start", "the board needs 4 colours of start squares, one a side, found 3"),
                     ("board.start", "no colour starts on the east side, so rouge has no arrival squares")]


def test_forest_too_small():
    assert [p.where for p in check_board(empty_board(5, count=4))] == ["board.size"]


def test_bad_shape_is_reported_not_raised():
    data = default_board_data()
    data["size"] = "10"
    data["dots"][3] = [1, 2, 3]
    data["colour"] = "bleu"
    board, problems = check_board_data(data, REF)
    assert board is None and [p.where for p in problems] == ["board.colour", "board.size", "board.dots[3]"]
    assert problems[2].ref == REF.child("dots", 3)
    with pytest.raises(KitError):
        Board.from_data(data)
    assert [p.where for p in problems_of([1, 2])] == ["board"]


def test_params_are_strict():
    assert LutinsParams() == LutinsParams(young_variant=False)
    for bad in ({"players": 3}, {"young": True}, {"young_variant": "yes"}, {"turn_bound": "9"}):
        with pytest.raises(ValidationError):  # the player count is the kit's range, not a parameter
            LutinsParams.model_validate(bad)
    assert LutinsParams.model_validate({"seats": [["bleu", "rouge"], ["violet", "jaune"]]})


def test_check_rules_passes_a_sound_board_and_names_a_broken_one():
    params = LutinsParams()
    assert check_rules(default_board(), params, REF) == []
    broken = default_board_data()
    broken["dots"].pop()
    assert [p.where for p in check_rules(Board.from_data(broken), params, REF)] == ["board.dots"]


def test_rules_summary_is_french_and_follows_the_variant():
    table = rules_summary()
    assert table.header == ("Phase", "Règle")
    assert "90°" in table.as_text() and "À 3 ou 4" in table.as_text()
    young = rules_summary(LutinsParams(young_variant=True), (2, 2)).as_text()
    assert "n'importe quelle direction" in young and "À deux" in young and "À 3" not in young


@pytest.mark.parametrize("players, label", [((2, 4), "À 3 ou 4"), ((3, 4), "À 3 ou 4"), ((2, 3), "À 3"),
                                            ((4, 4), "À 4"), ((2, 2), "À deux")])
def test_the_players_row_follows_the_kit_range(players, label):
    rows = dict(rules_summary(LutinsParams(), players).rows)
    assert [phase for phase in rows if phase.startswith("À ")] == [label]


def test_the_two_player_paragraph_prints_only_when_the_range_has_two():
    assert tables(LutinsParams(), (2, 4))["two_players"].startswith("**À deux :**")
    assert tables(LutinsParams(), (3, 4))["two_players"] == ""


def test_a_board_the_model_cannot_read_is_its_problem_not_a_crash_of_the_tables(project):
    """`tables` gets no material when the board is unusable (the contract of RulesModel): the kit's
    problem is the board's value, and the model's tables still print (for the rules' 2 to 4 players)."""
    from conftest import edit, line_of
    from pnp.build import check

    root = project("lutins")
    edit(root / "decks/lutins/plateau.yaml", "    size: 10 ", "    size: dix ")
    rendered = [p.render() for r in check(root, ["lutins"]) for p in r.problems]
    line = line_of(root / "decks/lutins/plateau.yaml", "size: dix")
    assert f"decks/lutins/plateau.yaml:{line}:11: board.size: size must be a whole number of squares (got 'dix')" \
        in rendered
    assert not [p for p in rendered if "rules model" in p], rendered
