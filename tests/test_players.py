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
