"""`pnp playtest`, the balance lab: seeded play-outs of every kit's model, summarized per player
count and agent; the same seed gives the same document whatever --jobs is, timings aside."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.lab import playtest

from conftest import edit, spawned

# games a player count, and the counts played, kept small so that the whole file stays quick
RUNS = {"similis": ("40", []), "similis-reglisse": ("40", []), "dix-mille": ("8", ["2", "5"]),
        "clochemerle": ("8", ["3", "6"]), "lutins": ("3", ["4"])}


def run(root, *args: str):
    return CliRunner().invoke(main, ["--project", str(root), "playtest", *args])


def without_timings(value):
    """The document with every `timing` key left out (the only values a run may change)."""
    if isinstance(value, dict):
        return {k: without_timings(v) for k, v in value.items() if k != "timing"}
    if isinstance(value, list):
        return [without_timings(v) for v in value]
    return value


@pytest.mark.parametrize("kit", sorted(RUNS))
def test_the_json_of_every_kit_is_the_same_twice_for_one_seed_and_with_two_jobs(shipped, kit):
    games, counts = RUNS[kit]
    args = [kit, "--games", games, "--seed", "7", "--json", *[a for c in counts for a in ("--players", c)]]
    first, second, pooled = run(shipped, *args), run(shipped, *args), run(shipped, *args, "--jobs", "2")
    assert first.exit_code == second.exit_code == pooled.exit_code == 0, first.output + pooled.output
    documents = [json.loads(result.stdout) for result in (first, second, pooled)]
    assert without_timings(documents[0]) == without_timings(documents[1]) == without_timings(documents[2])
    assert all("seconds" in run_["timing"] and "games_per_second" in run_["timing"] for run_ in documents[0]["runs"])
    shape = documents[0]["runs"][0]
    assert {"seats", "fair_share", "length", "situations", "endings", "ended"} <= set(shape)
    assert set(shape["length"]["turns"]) == {"mean", "median", "p90", "max", "histogram"}
    assert shape["ended"] == int(games)
    assert run(shipped, *args[:4], "--seed", "8", "--json").stdout != first.stdout  # another seed, other games


def test_workers_started_afresh_play_the_same_games(shipped, monkeypatch):
    args = ["lutins", "--games", "3", "--players", "2", "--seed", "7", "--json"]
    alone = run(shipped, *args)
    spawned(monkeypatch)
    pooled = run(shipped, *args, "--jobs", "2")
    assert alone.exit_code == pooled.exit_code == 0, pooled.output
    assert without_timings(json.loads(alone.stdout)) == without_timings(json.loads(pooled.stdout))


def test_similis_at_six_players_flags_its_first_seat(shipped):
    document, report = playtest(shipped, "similis", [6], 2000, 0, ["random"])
    assert not report.errors
    seats = document["runs"][0]["seats"]
    assert seats[0]["flag"] == "above" and seats[0]["low"] > document["runs"][0]["fair_share"] == round(1 / 6, 4)
    assert seats[-1]["flag"] == "below"
    text = run(shipped, "similis", "--players", "6", "--games", "300").stdout
    assert "seat  wins  win rate  95 % interval" in text and "ABOVE the fair share" in text


def test_both_agents_are_reported_and_the_situations_counted(shipped):
    document, _ = playtest(shipped, "clochemerle", [3], 6, 0, ["random", "greedy"])
    assert [(r["agent"], r["players"]) for r in document["runs"]] == [("random", 3), ("greedy", 3)]
    situations = document["runs"][0]["situations"]
    assert situations["quarters turned"]["per_game"] == 4 and "expulsions" in situations
    assert document["runs"][0]["length"]["weeks"]["max"] >= 52


@pytest.mark.parametrize("players", ["1", "0", "-2", "7"])
def test_a_player_count_outside_the_kit_range_is_a_usage_error_naming_the_range(shipped, players):
    result = run(shipped, "similis", "--players", players, "--games", "3")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"Similis is played by 3 to 6 players (game.yaml players); got {players}" in result.output


def test_playtest_refuses_a_broken_kit_with_its_problems(project):
    root = project("similis")
    edit(root / "decks/similis/cartes.yaml", "  - [3, scarabée, vert, sable]\n", "")
    result = run(root, "similis", "--games", "3")
    assert result.exit_code == 1 and "missing card for checks[0]: valeur 3, forme scarabée" in result.output
    assert "seat" not in result.output


def test_a_kit_without_a_rules_model_is_told_how_to_give_it_one(project):
    root = project()
    assert CliRunner().invoke(main, ["--project", str(root), "new", "demo"]).exit_code == 0
    result = run(root, "demo", "--games", "3")
    assert result.exit_code == 1 and result.output.splitlines()[0] == (
        "decks/demo/game.yaml:6:1: rules: the kit has no rules model, and play-outs are the model's: give game.yaml "
        "`rules: {model: rules.py}` (docs/RULES.md)")
