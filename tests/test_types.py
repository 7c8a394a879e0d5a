"""Types and lint, checked with the tests (so CI checks them): mypy on pnp/ as pyproject.toml's
[tool.mypy] configures it, ruff on pnp/ and tests/ with the rules of its [tool.ruff]. Each test
fails listing what its tool found; mypy also runs over each shipped kit's rules model
(decks/*/rules*), one kit a run. Nothing is written into the repository: mypy's cache goes to
pytest's cache folder (a temporary one when pytest runs without it), ruff keeps none.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from mypy import api

from conftest import ROOT

pytestmark = pytest.mark.slow  # (pyproject.toml's markers)


@pytest.fixture
def mypy_cache(request, tmp_path) -> Path:
    cache = getattr(request.config, "cache", None)
    return cache.mkdir("mypy") if cache is not None else tmp_path / "mypy"


def test_mypy_finds_no_error_in_pnp(monkeypatch, mypy_cache):
    monkeypatch.chdir(ROOT)  # [tool.mypy] files = ["pnp"], from the project's root
    report, trouble, status = api.run(["--config-file", "pyproject.toml", "--cache-dir", str(mypy_cache)])
    errors = [line for line in report.splitlines() if ": error:" in line]
    assert (status, errors, trouble) == (0, [], ""), report + trouble


def _kit_models() -> list[str]:
    """Each shipped kit's rules model (its file or package), as a path from the project root."""
    import yaml

    found = []
    for game in sorted((ROOT / "decks").glob("*/game.yaml")):
        rules = (yaml.safe_load(game.read_text(encoding="utf-8")) or {}).get("rules")
        if rules:
            found.append((game.parent / rules["model"]).relative_to(ROOT).as_posix().rstrip("/"))
    return found


@pytest.mark.parametrize("model", _kit_models())
def test_mypy_finds_no_error_in_each_kit_s_rules_model(monkeypatch, mypy_cache, model):
    """The kits' models under pnp's own configuration, `RulesModel[Material, Params]` holding every
    function a kit hands it to one signature; one run a kit (three kits name their package `rules`)."""
    monkeypatch.chdir(ROOT)
    report, trouble, status = api.run(["--config-file", "pyproject.toml", "--cache-dir", str(mypy_cache), model])
    errors = [line for line in report.splitlines() if ": error:" in line]
    assert (status, errors, trouble) == (0, [], ""), report + trouble


def test_the_kit_models_are_the_shipped_ones():
    assert len(_kit_models()) == 5 and "decks/clochemerle/rules" in _kit_models()


def test_ruff_finds_nothing_in_pnp_tests_and_the_kits():
    ruff = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise",
                           "pnp", "tests", "decks"], cwd=ROOT, capture_output=True, text=True)
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr


def test_the_checks_hold_their_configuration():
    """The tools read what CI means them to: mypy's files and the strictness pnp/ keeps, ruff's rules."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = config["tool"]["mypy"]
    assert mypy["files"] == ["pnp"] and mypy["disallow_untyped_defs"] and mypy["warn_return_any"]
    assert {"F", "E9", "B"} <= set(config["tool"]["ruff"]["lint"]["select"])
    assert {"mypy", "ruff"} <= {dep.split(">")[0] for dep in config["project"]["optional-dependencies"]["test"]}
