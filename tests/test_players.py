"""A kit's `players` range held to what it prints (a score sheet's player columns, pawn colours, a
board's sides, the deal) and to what its rules model plays: located at the players line, naming
what limits it."""
from __future__ import annotations

import pytest

from conftest import check, edit, line_of

LIMITS = {
    "similis": ("{min: 3, max: 6}", "{min: 3, max: 8}", "max",
                "players.max: the game allows up to 8 players, but the sheet 'score' prints 6 player columns "
                "(layout 'similis-score', element 'table-1') (got 8; did you mean '6'?)"),
    "similis-reglisse": ("{min: 3, max: 6}", "{min: 3, max: 7}", "max",
                         "players.max: the game allows up to 7 players, but the deck 'cartes' of 72 cards deals "
                         "10 cards to at most 6 players, with a 3-card market and a draw pile (got 7; did you "
                         "mean '6'?)"),
    "dix-mille": ("{min: 2, max: 7}", "{min: 2, max: 8}", "max",
                  "players.max: the game allows up to 8 players, but the sheet 'score' prints 7 player columns "
                  "(layout 'dix-mille-score', element 'grille') (got 8; did you mean '7'?)"),
    "lutins": ("{min: 2, max: 4}", "{min: 1, max: 4}", "min",
               "players.min: the game allows 1 player, but the rules model plays 2 to 4 players (got 1; did you "
               "mean '2'?)"),
}


@pytest.mark.parametrize("kit", sorted(LIMITS))
def test_a_player_range_beyond_the_material_is_refused_at_the_players_line(project, kit):
    old, new, bound, message = LIMITS[kit]
    root = project(kit)
    game = root / "decks" / kit / "game.yaml"
    edit(game, f"players: {old}", f"players: {new}")
    line_text = game.read_text(encoding="utf-8").splitlines()[line_of(game, "players:") - 1]
    column = line_text.index(bound + ":") + len(bound) + 3  # the value after "max: "
    assert [p.render() for r in check(root, [kit]) for p in r.errors] == [
        f"decks/{kit}/game.yaml:{line_of(game, 'players:')}:{column}: {message}"]


def test_clochemerle_names_every_limit_it_passes(project):
    root = project("clochemerle")
    game = root / "decks/clochemerle/game.yaml"
    edit(game, "players: {min: 3, max: 6}", "players: {min: 2, max: 7}")
    line = line_of(game, "players:")
    assert sorted(p.render() for r in check(root, ["clochemerle"]) for p in r.errors) == [
        f"decks/clochemerle/game.yaml:{line}:16: players.min: the game allows 2 players, but the rules model plays "
        "3 to 6 players (rules.players_min, rules.players_max) (got 2; did you mean '3'?)",
        f"decks/clochemerle/game.yaml:{line}:24: players.max: the game allows up to 7 players, but the rules model "
        "plays 3 to 6 players (rules.players_min, rules.players_max) (got 7; did you mean '6'?)",
        f"decks/clochemerle/game.yaml:{line}:24: players.max: the game allows up to 7 players, but the sheet "
        "'jetons' prints pawns of 6 colours (got 7; did you mean '6'?)"]


def test_player_columns_hold_a_kit_without_a_rules_model(project):
    root = project("dix-mille")
    game = root / "decks/dix-mille/game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text[:text.index("rules:")] + text[text.index("components:"):].replace(
        "players: {min: 2, max: 7}", ""), encoding="utf-8")
    edit(game, "players: {min: 2, max: 7}", "players: {min: 2, max: 9}")
    found = [p.what for r in check(root, ["dix-mille"]) for p in r.errors]  # with its unbound rules tables
    assert found.count("the game allows up to 9 players, but the sheet 'score' prints 7 player columns (layout "
                       "'dix-mille-score', element 'grille')") == 1


MINIMUMS = {  # the seeds' ranges (../shared/seeds): the fewest players each model's seats allow
    "similis": ("{min: 3, max: 6}", 3, "the rules of Similis are for 3 to 6 players (decision: players)"),
    "similis-reglisse": ("{min: 3, max: 6}", 3,
                         "the rules of Similis Réglisse are for 3 to 6 players (decision: players_as_similis)"),
    "dix-mille": ("{min: 2, max: 7}", 2, "the rules of Le 10 000 are for 2 players or more (decision: two_or_more)"),
    "clochemerle": ("{min: 3, max: 6}", 3, "the rules model plays 3 to 6 players (rules.players_min, "
                                           "rules.players_max)"),
    "lutins": ("{min: 2, max: 4}", 2, "the rules model plays 2 to 4 players"),
}


@pytest.mark.parametrize("fewest", ["one", "one too few"])
@pytest.mark.parametrize("kit", sorted(MINIMUMS))
def test_a_minimum_below_the_rules_is_refused_at_players_min_by_check_and_build(project, kit, fewest, tmp_path):
    """The model's seats give a low bound, held like the maximums: `pnp check` and `pnp build` both
    refuse it at its line, before any play-out (no IndexError of a solitaire)."""
    from conftest import Options, build

    old, low, what = MINIMUMS[kit]
    count = 1 if fewest == "one" else low - 1
    root = project(kit)
    game = root / "decks" / kit / "game.yaml"
    edit(game, f"players: {old}", f"players: {old.replace(f'min: {low}', f'min: {count}')}")
    line = line_of(game, "players:")
    players = "1 player" if count == 1 else f"{count} players"
    expected = (f"decks/{kit}/game.yaml:{line}:16: players.min: the game allows {players}, but {what} "
                f"(got {count}; did you mean '{low}'?)")
    for reports in (check(root, [kit]), build(root, [kit], Options(out=tmp_path / "out"))):
        assert [p.render() for r in reports for p in r.errors] == [expected]
    assert not (tmp_path / "out" / kit).exists()


def test_an_exception_raised_in_pnp_s_toolkit_is_located_at_the_model_line(shipped):
    """A model's function that hands its work to the toolkit (a play-out loop, say) and fails there:
    the problem names the toolkit's line and points at the kit's `rules.model` line, not at no file."""
    from pnp.model.load import Project
    from pnp.rules import guarded
    from pnp.rules.toolkit.shedtable import bits_of

    project = Project.open(shipped)
    kit, _ = project.load_kit(shipped / "decks/similis")
    _, problems = guarded(kit, "the rules model's play-outs", bits_of, "not a hand")
    [problem] = [project.locators.resolve(p) for p in problems]
    game = shipped / "decks/similis/game.yaml"
    assert problem.render().startswith(f"decks/similis/game.yaml:{line_of(game, 'model: rules.py')}:10: rules model: "
                                       "the rules model's play-outs raised TypeError: ")
    assert "(in pnp/rules/toolkit/shedtable.py, line " in problem.render()
