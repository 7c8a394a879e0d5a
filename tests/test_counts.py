"""What the commands print counts things with the noun that agrees: "(1 page)", "1 game"."""
from __future__ import annotations

import re

from click.testing import CliRunner

from pnp.cli import main
from pnp.core.errors import counted

ONE_PLURAL = re.compile(r"(?<![\d.,/])1 (pages|cards|games|errors|players|shared wins|files)\b")


def test_counted_agrees_with_its_count():
    assert [counted(n, "page") for n in (0, 1, 2, 1500)] == ["0 pages", "1 page", "2 pages", "1,500 pages"]
    assert counted(1, "shared win") == "1 shared win" and counted(3, "png file") == "3 png files"
    assert counted(2, "die", "dice") == "2 dice"


def test_build_prints_one_page_in_the_singular(project, tmp_path):
    root = project("similis")
    result = CliRunner().invoke(main, ["--project", str(root), "build", "similis", "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    assert re.search(r"^wrote \S+/score-a4\.pdf  \(1 page\)$", result.output, re.M), result.output
    assert not ONE_PLURAL.search(result.output)


def test_a_one_game_playtest_says_one_game(shipped):
    result = CliRunner().invoke(main, ["--project", str(shipped), "playtest", "similis", "--players", "3",
                                       "--games", "1", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert ", 1 game (" in result.output
    assert not ONE_PLURAL.search(result.output)


def test_one_error_is_counted_in_the_singular(project):
    root = project("similis")
    game = root / "decks/similis/game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + "titel: Similis\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["--project", str(root), "check", "similis"])
    assert result.exit_code == 1 and result.output.splitlines()[-1] == "1 error."
