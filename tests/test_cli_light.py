"""Commands that draw nothing do not load the drawing pipeline (ReportLab, Pillow, svglib)."""
from __future__ import annotations

import subprocess
import sys

HEAVY = ("reportlab", "PIL", "svglib", "pnp.draw", "pnp.pipeline")
PROBE = """
import sys
from pnp.cli import main
try:
    main({args!r}, standalone_mode=False)
except SystemExit:
    pass
print(sorted(name for name in sys.modules if name.startswith({heavy!r})))
"""


def _loaded(*args: str) -> str:
    code = PROBE.format(args=list(args), heavy=HEAVY)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip().splitlines()[-1]


def test_list_reads_the_kits_without_the_drawing_pipeline(project):
    root = project("similis")
    assert _loaded("--project", str(root), "list") == "[]"


def test_an_up_to_date_build_loads_nothing_heavy(project, tmp_path):
    root = project("similis")
    out = str(tmp_path / "out")
    _loaded("--project", str(root), "build", "--out", out)
    assert _loaded("--project", str(root), "build", "--out", out) == "[]"
