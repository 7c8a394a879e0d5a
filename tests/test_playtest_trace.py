"""`pnp playtest --trace N`: game N of a run, played again with its moves told in the kit's words
(French for the shipped kits); the same game as the run's (same record), seeded, the same twice."""
from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.lab import KitPlayout
from pnp.rules import AGENTS
from pnp.rules.harness import game_seed, play_range

CASES = {  # kit -> (players, agent, game, words its moves must hold)
    "similis": (4, "greedy", 3, ("pose", "cartes", "donne")),
    "similis-reglisse": (3, "random", 5, ("pose", "réglisse")),
    "dix-mille": (3, "random", 2, ("lance", "dés", "pts")),
    "clochemerle": (4, "greedy", 1, ("pose un pion", "semaines", "trimestre", "décompte")),
    "lutins": (3, "greedy", 0, ("lutin", "bleu", "arrivé")),
}


@pytest.mark.parametrize("kit", sorted(CASES))
def test_the_trace_is_game_n_of_the_run_told_in_the_kit_s_words(shipped, kit):
    players, agent, game, words = CASES[kit]
    args = ["--project", str(shipped), "playtest", kit, "--players", str(players), "--agent", agent, "--seed", "7",
            "--trace", str(game)]
    result = CliRunner().invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    [trace] = json.loads(result.output)["traces"]
    playout = KitPlayout(str(shipped), str(shipped / "decks" / kit)).load()
    record = play_range(playout, players, agent, 7, game, game + 1)[0]
    assert (trace["winners"], trace["turns"], trace["ending"]) == ([w + 1 for w in record.winners], record.turns,
                                                                    record.ending)
    assert trace["moves"] and all(word in "\n".join(trace["moves"]) for word in words), trace["moves"][:8]
    again = playout.trace(players, AGENTS[agent], random.Random(game_seed(7, players, game)))
    assert again[1] == trace["moves"]
    text = CliRunner().invoke(main, args).output
    assert text.splitlines()[1].strip() == trace["moves"][0] and f"game {game} of seed 7" in text.splitlines()[0]


def test_the_report_says_how_each_agent_chooses_and_flags_a_seat_that_depends_on_it(shipped):
    result = CliRunner().invoke(main, ["--project", str(shipped), "playtest", "clochemerle", "--players", "4",
                                       "--games", "120", "--agent", "random", "--agent", "greedy", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    notes = document["agent_notes"]
    assert "mairie" in notes["random"] and "not a player's" in notes["random"]
    assert "scored now" in notes["greedy"]
    for run in document["runs"]:
        assert isinstance(run["agent_dependent"], list)
    text = CliRunner().invoke(main, ["--project", str(shipped), "playtest", "clochemerle", "--players", "4",
                                     "--games", "120", "--agent", "random", "--agent", "greedy"]).output
    assert "agent random: places uniformly among every legal placement" in text


def test_trace_and_report_are_not_given_together(shipped, tmp_path):
    result = CliRunner().invoke(main, ["--project", str(shipped), "playtest", "similis", "--trace", "0", "--report",
                                       str(tmp_path / "lab")])
    assert result.exit_code == 2 and "--trace" in result.output
