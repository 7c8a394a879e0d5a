"""The README's Quick start: two commands that make and use a project virtual environment (so they
work where the system Python refuses global installs, PEP 668), the second of which is the test
command CI runs (.ci/run runs it word for word), failing under the coverage floor of pyproject.toml."""
from __future__ import annotations

import re
import tomllib

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
    assert '"$python" -m venv --clear .venv  # a fresh one, even where .venv exists' in ci
    assert any("apt-get install" in line and "chromium" in line for line in ci)


def test_ci_fails_under_a_coverage_floor_measured_with_sys_monitoring():
    coverage = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["coverage"]
    floor = coverage["report"]["fail_under"]
    assert isinstance(floor, int | float) and 80 <= floor < 100
    run = dict(coverage["run"])
    assert run.pop("omit", []) == ["pnp/core/dataclass_code_*.py"]  # (only the generated dataclass tables)
    assert run == {"source": ["pnp"], "branch": False, "core": "sysmon"}
    assert _quick_start()[1].endswith(" -m pytest -n auto --cov")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"`fail_under = {floor}`" in readme  # the README states the floor it explains
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "sys.exit(sys.version_info < (3, 12))" in ci and "python=$candidate" in ci  # sysmon's Pythons
