"""The README's Quick start: two commands that make and use a project virtual environment (so they
work where the system Python refuses global installs, PEP 668), the second of which is the test
command CI runs (.ci/run runs it word for word)."""
from __future__ import annotations

import re

from conftest import ROOT


def _quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Quick start\n\n```sh\n(.*?)```", readme, re.S)
    assert block, "README.md has a Quick start with one sh block"
    return block.group(1).strip().splitlines()


def test_two_commands_that_make_and_use_a_virtual_environment():
    first, second = _quick_start()
    assert first.startswith("python3 -m venv .venv && ")
    assert " .venv/bin/pip install . " in first and first.endswith(" && .venv/bin/pnp build")
    assert " && .venv/bin/pnp trust --shipped && " in first  # the shipped models trusted, explicitly
    assert second.startswith(".venv/bin/pip install '.[test]'") and "python -m pytest" in second
    assert not re.search(r"(^|&& )(pip|pnp|python) ", first + " && " + second)  # nothing from the PATH


def test_ci_runs_the_readme_test_command_in_a_fresh_environment():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    test_command = _quick_start()[1]
    assert ci[-1] == test_command
    assert "python3 -m venv --clear .venv  # a fresh one, even where .venv exists" in ci
    assert any("apt-get install" in line and "chromium" in line for line in ci)
