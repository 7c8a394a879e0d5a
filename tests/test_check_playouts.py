"""`pnp check` plays a short seeded play-out of every model and player count: a game that does not
end is an error; a seat far off its share, a pile dry in most games, an open rule deciding most
endings are warnings; an exception in the model's games is a located problem."""
from __future__ import annotations

from pnp.build import check

from conftest import line_of


def rendered(root, kit: str) -> list[str]:
    return [p.render() for r in check(root, [kit]) for p in r.problems]


def test_reglisse_at_six_players_runs_its_pile_dry_in_most_games(shipped):
    problems = rendered(shipped, "similis-reglisse")
    line = line_of(shipped / "decks/similis-reglisse/game.yaml", "model: rules.py")
    assert (f"warning: decks/similis-reglisse/game.yaml:{line}:10: play-outs, 6 players: 'pile exhausted' in 65% of "
            "40 seeded random games: the material runs dry in most games") in problems


def test_similis_flags_its_first_seat(shipped):
    problems = rendered(shipped, "similis")
    assert any("play-outs, 6 players: seat 1 won" in p and "far above its fair share of 17%" in p for p in problems)
    assert all(p.startswith("warning:") for p in problems)


def append_model(root, code: str) -> None:
    rules = root / "decks/similis/rules.py"
    rules.write_text(rules.read_text(encoding="utf-8") + code, encoding="utf-8")


def test_a_game_that_does_not_end_is_an_error(project):
    root = project("similis")
    append_model(root, '''

def _never(product, params):
    from pnp.rules import GameRecord, Playout
    return Playout(lambda players, agent, rng: GameRecord((), 3000, {}, {}, "bound", False))


model = RulesModel("similis", "never ends", SimilisParams, check, tables, _never, read_product)
''')
    line = line_of(root / "decks/similis/game.yaml", "model: rules.py")
    errors = [p for p in rendered(root, "similis") if p.startswith(f"decks/similis/game.yaml:{line}")]
    assert errors[0] == (f"decks/similis/game.yaml:{line}:10: play-outs, 3 players: 40 of 40 seeded random games did "
                         "not end within the model's bound (got 40)")
    assert len(errors) == 4  # one a player count, 3 to 6


def test_an_exception_in_the_model_s_games_is_a_problem_at_its_line(project):
    root = project("similis")
    append_model(root, '''

def _broken(product, params):
    from pnp.rules import Playout

    def play(players, agent, rng):
        return 1 / 0

    return Playout(play)


model = RulesModel("similis", "broken", SimilisParams, check, tables, _broken, read_product)
''')
    line = line_of(root / "decks/similis/rules.py", "return 1 / 0")
    problems = rendered(root, "similis")
    assert (f"decks/similis/rules.py:{line}:16: rules model: the rules model's play-outs raised ZeroDivisionError: "
            "division by zero") in problems
