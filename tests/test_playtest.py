"""Play-outs: random games under each rules model, from the kit's own material."""
from __future__ import annotations

import random
import re

from click.testing import CliRunner

from pnp.cli import main
from kits.similis import SimilisPlay
from pnp.rules.toolkit.shedding import Kind, play_game

from conftest import edit

SIMILIS = SimilisPlay((Kind(4, 1, 0), Kind(3, 2, 1), Kind(2, 3, 2)))


def _deck():
    return [(v, f, c, b) for v in range(1, 6) for f in "abc" for c in "xyz" for b in "pq"]


def test_series_are_found_with_at_most_one_market_card():
    hand = [(1, "a", "x", "p"), (1, "b", "y", "q"), (2, "c", "z", "p")]
    market = [(1, "c", "z", "q"), (5, "a", "x", "p")]
    found = SIMILIS.find(hand, market, Kind(3, 1))
    assert found == ([(1, "a", "x", "p"), (1, "b", "y", "q")], (1, "c", "z", "q"))
    assert SIMILIS.find(hand, [], Kind(3, 1)) is None
    banned = SimilisPlay(SIMILIS.kinds, banned=(1, "c", 2, "z"))  # rules, Variante: no banned card in a series
    assert banned.find(hand, market, Kind(3, 1)) is None


def test_similis_games_end_with_a_winner_who_emptied_a_hand():
    rng = random.Random(1)
    for players in (3, 6):
        for _ in range(20):
            result = play_game(_deck(), players, rng, SIMILIS)
            assert 0 <= result.winner < players and result.turns < 500


def test_the_playtest_command_reports_every_player_count(shipped):
    result = CliRunner().invoke(main, ["--project", str(shipped), "playtest", "similis", "--games", "15"])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert [int(line.split()[0]) for line in lines] == [3, 4, 5, 6]
    assert all(re.search(r"a hand emptied in \d+%, the pile ran out in \d+%", line) for line in lines)


def test_playtest_of_the_other_games(shipped):
    for kit, players, expected in (("similis-reglisse", "4", "ended by the empty-pile rule"),
                                   ("dix-mille", "3", "ended with a winner"),
                                   ("lutins", "2", "hit the bound"),
                                   ("clochemerle", "3", "reached 'fin'")):
        result = CliRunner().invoke(main, ["--project", str(shipped), "playtest", kit, "--players", players,
                                           "--games", "5"])
        assert result.exit_code == 0 and expected in result.output, (kit, result.output)


def test_playtest_refuses_a_broken_kit_with_its_problems(project):
    root = project("similis")
    edit(root / "decks/similis/cartes.yaml", "  - [3, scarabée, vert, sable]\n", "")
    result = CliRunner().invoke(main, ["--project", str(root), "playtest", "similis", "--games", "3"])
    assert result.exit_code == 1 and "missing card: valeur 3, forme scarabée" in result.output
    assert "players" not in result.output
