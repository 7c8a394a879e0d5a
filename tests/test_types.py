"""Types and lint, checked with the tests (so CI checks them): mypy on pnp/ as pyproject.toml's
[tool.mypy] configures it, ruff on pnp/ and tests/ with the rules of its [tool.ruff]. Each test
fails listing what its tool found. Nothing is written into the repository: mypy's cache goes to
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


def test_ruff_finds_nothing_in_pnp_and_tests():
    ruff = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise",
                           "pnp", "tests"], cwd=ROOT, capture_output=True, text=True)
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr


def test_the_checks_hold_their_configuration():
    """The tools read what CI means them to: mypy's files and the strictness pnp/ keeps, ruff's rules."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = config["tool"]["mypy"]
    assert mypy["files"] == ["pnp"] and mypy["disallow_untyped_defs"] and mypy["warn_return_any"]
    assert {"F", "E9", "B"} <= set(config["tool"]["ruff"]["lint"]["select"])
    assert {"mypy", "ruff"} <= {dep.split(">")[0] for dep in config["project"]["optional-dependencies"]["test"]}
