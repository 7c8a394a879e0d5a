"""Commands that draw nothing do not load the drawing pipeline (ReportLab, Pillow, svglib)."""
from __future__ import annotations

import json
import subprocess
import sys

from conftest import ROOT

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


def test_a_build_loads_no_other_commands_module(project, tmp_path):
    """The commands other than build, check and list are imported when named (cli.LazyGroup)."""
    root = project("similis")
    code = PROBE.format(args=["--project", str(root), "build", "similis", "--out", str(tmp_path / "out")],
                        heavy=("pnp.cli.",))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "['pnp.cli.build', 'pnp.cli.common']"
    code = PROBE.format(args=["--project", str(root), "trust", "--help"], heavy=("pnp.cli.",))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "'pnp.cli.trust'" in done.stdout.strip().splitlines()[-1]


UNNEEDED = ("pnp.model.rulebook", "pnp.core.blocks", "pnp.sources.markdown", "pnp.sources.tables", "pnp.sources.csvread",
            "pnp.model.domains", "pnp.model.tuckbox", "pnp.layout.saver", "pnp.draw.kept",
            "pnp.rules.guard", "pnp.pipeline.pages", "pnp.layout.formtable", "pnp.model.formula", "pnp.layout.arrange",
            "secrets", "shutil")
DEFERRED = ("PIL.Image", "tempfile", "pickle", "textwrap")  # (pnp.build defers them: their code never runs)
VECTOR_PROBE = """
import json, sys
from pnp.cli import main
try:
    main({args!r}, standalone_mode=False)
except SystemExit:
    pass
kinds = [type(sys.modules.get(name)).__name__ for name in {deferred!r}]
print(json.dumps([kinds, "PIL.ImageMode" in sys.modules, sorted(set({unneeded!r}) & set(sys.modules))]))
"""


def test_a_vector_build_runs_no_pillow_code_and_no_reader_it_does_not_need(tmp_path):
    """The bench's kit (no picture, rulebook, data file, generator, tuck box, ink-saver key, sheet or
    arranged element), built once: ReportLab's imports of Pillow, tempfile, pickle and textwrap are
    deferred (pnp.core.deferred) and never run, and the modules of those, of a resident's kept pages
    and of a rules model's guard are not imported."""
    out = tmp_path / "out"
    code = VECTOR_PROBE.format(args=["build", "bench/kits/bench-54", "--out", str(out)], unneeded=UNNEEDED,
                               deferred=DEFERRED)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [["Deferred"] * 4, False, []]
    assert (out / "bench-54" / "cards-a4.pdf").stat().st_size > 0


def test_the_imports_leave_the_collector_as_they_found_it():
    """`import pnp` and `import pnp.cli` turn the cyclic collector off while they import, and back on
    only if it was on; the command line's imports are then frozen out of its way."""
    code = ("import gc, sys\n"
            "if sys.argv[1] == 'off':\n    gc.disable()\n"
            "import pnp\nafter_pnp = gc.isenabled()\nimport pnp.cli\n"
            "print(after_pnp, gc.isenabled(), gc.get_freeze_count() > 1000)")
    for state, expected in (("on", "True True True"), ("off", "False False True")):
        done = subprocess.run([sys.executable, "-c", code, state], capture_output=True, text=True, check=True, cwd=ROOT)
        assert done.stdout.split() == expected.split()
