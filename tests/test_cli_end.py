"""`pnp build`, `check` and `list` run as the process's own command end without the interpreter's
teardown (`pnp.cli.run`, `_end`), and only when nothing else may still have work at exit."""
from __future__ import annotations

import os
import subprocess
import sys

from conftest import ROOT

PROBE = """
import atexit, sys, threading
atexit.register(lambda: print("teardown ran", flush=True))
{before}
sys.argv = ["pnp", *{args!r}]
from pnp.cli import run
run()
"""


def _run(args: list[str], before: str = "") -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_CORE_")}  # (no coverage in the child)
    code = PROBE.format(args=args, before=before)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT)


def test_a_build_ends_at_once_with_its_pdfs_written_and_its_report_out(project, tmp_path):
    root = project("similis")
    out = tmp_path / "out"
    done = _run(["--project", str(root), "build", "similis", "--out", str(out)])
    assert done.returncode == 0, done.stderr
    assert "teardown ran" not in done.stdout
    assert "wrote" in done.stdout and (out / "similis").is_dir()
    again = subprocess.run([sys.executable, "-m", "pnp", "--project", str(root), "build", "similis",
                            "--out", str(tmp_path / "usual"), "--force"], capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    for pdf in (out / "similis").glob("*.pdf"):
        assert pdf.read_bytes() == (tmp_path / "usual" / "similis" / pdf.name).read_bytes()


def test_an_error_ends_at_once_with_exit_1_and_its_messages(project, tmp_path):
    root = project("similis")
    done = _run(["--project", str(root), "build", "no-such-kit", "--out", str(tmp_path / "out")])
    assert done.returncode == 1
    assert "no kit 'no-such-kit'" in done.stderr and "nothing written" in done.stderr
    assert "teardown ran" not in done.stdout and not (tmp_path / "out").exists()


def test_the_usual_end_when_a_thread_lives_or_for_other_commands(project, tmp_path):
    root = project("similis")
    alive = "threading.Thread(target=threading.Event().wait, args=(2,), daemon=False).start()"
    done = _run(["--project", str(root), "list"], before=alive)
    assert done.returncode == 0 and "teardown ran" in done.stdout
    done = _run(["--project", str(root), "trust", "--help"])
    assert done.returncode == 0 and "teardown ran" in done.stdout
    done = _run(["--project", str(root), "list"])
    assert done.returncode == 0 and "teardown ran" not in done.stdout and "similis" in done.stdout


def test_a_program_calling_main_goes_on_after_it(project, tmp_path):
    root = project("similis")
    code = ("import sys\nfrom pnp.cli import main\nsys.argv = ['pnp', '--project', %r, 'list']\n"
            "try:\n    main()\nexcept SystemExit as done:\n    print('went on', done.code)\n") % str(root)
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_CORE_")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT)
    assert done.returncode == 0 and "went on 0" in done.stdout
