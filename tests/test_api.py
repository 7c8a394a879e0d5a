"""The public API of `pnp` (`__all__`): what a script imports, lazily, and typed (`py.typed`)."""
from __future__ import annotations

import subprocess
import sys

import pnp
from conftest import ROOT


def test_the_public_names_are_the_api():
    assert set(pnp.__all__) == {"check", "build", "build_changed", "playtest", "Options", "KitReport", "Problem",
                                "__version__"}
    from pnp import KitReport, Options, Problem, build, build_changed, check, playtest

    from pnp.build import build as build_function
    from pnp.core.errors import Problem as CoreProblem
    assert Problem is CoreProblem and Options.__module__ == "pnp.core.options"
    assert KitReport.__module__ == "pnp.core.report" and callable(build) and build.build is build_function
    assert check.__module__ == "pnp.pipeline.project" and build_changed.__module__ == "pnp.incremental"
    assert playtest.__module__ == "pnp.lab"
    assert (ROOT / "pnp" / "py.typed").is_file()


def test_build_is_called_as_a_function_and_reached_as_the_module(project, tmp_path):
    root = project("belote")
    reports = pnp.build(root, ["belote"], pnp.Options(out=tmp_path / "out"))
    assert [r.kit for r in reports] == ["belote"] and not reports[0].errors and reports[0].files
    assert [f.component for f in pnp.check(root, ["belote"])[0].files] == [f.component for f in reports[0].files]


def test_importing_pnp_loads_nothing_heavy():
    code = "import sys, pnp; print(sorted(m for m in sys.modules if m.startswith(('reportlab', 'PIL', 'pnp.'))))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['pnp.core', 'pnp.core.dataclass_exec', 'pnp.core.version']"
