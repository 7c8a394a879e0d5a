"""Helpers of the fault-injection suite (tests/test_trust_*.py): run pnp as a user does, on a kit
someone else made, and check that it ends cleanly — exit 0, 1 or 2 with its messages, never a
traceback — and what it said and wrote.

`pnp(root, *args)` runs the command line on a project and returns Click's result, having asserted
that it ended cleanly; `errors(root, kit)` are the rendered errors `pnp check` reports for a kit;
`tiny_kit(root, layout, cards)` writes a kit `k` of one deck (`cards`: YAML rows of the fields
`a` and `b`) drawn with one card layout (`layout`: the YAML of its elements); `snapshot(folder)`
is every file under a folder with its bytes and mode (what "writes nothing" compares).
`run_cases(cases, base)` is the hostile harness (below): each `Case` run as a process of its own in
a fresh copy, its exit code, output, tracebacks, peak memory, processor time and the files it
changed outside its output recorded in an `Outcome` (tests/test_trust_hostile.py).
"""
from __future__ import annotations

import traceback
from pathlib import Path

from click.testing import CliRunner, Result

from pnp.build import check
from pnp.cli import main

GAME = "title: Tiny\nauthors: [a stranger]\nplayers: {min: 1, max: 4}\nlanguage: en\ncomponents: [cards.yaml]\n"


def pnp(root: Path, *args: str) -> Result:
    result = CliRunner().invoke(main, ["--project", str(root), *args])
    shown = "".join(traceback.format_exception(result.exception)) if result.exception else ""
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.output, shown)
    assert result.exception is None or isinstance(result.exception, SystemExit), shown
    assert "Traceback" not in result.output, result.output
    return result


def errors(root: Path, kit: str = "k") -> list[str]:
    return [p.render() for r in check(root, [kit]) for p in r.errors]


def tiny_kit(root: Path, elements: str, cards: str = "  - [one, 1]\n", layout: str = "") -> Path:
    """Kit `k`: a deck of poker cards with text fields `a` and `b`, drawn by layout `tiny`."""
    kit = root / "decks" / "k"
    (kit / "art").mkdir(parents=True, exist_ok=True)
    (root / "layouts" / "tiny.yaml").write_text(f"tiny:\n{layout}  elements:\n{elements}", encoding="utf-8")
    (kit / "game.yaml").write_text(GAME, encoding="utf-8")
    (kit / "cards.yaml").write_text("kind: deck\nname: cards\nlayout: tiny\nfields: {a: text, b: text}\n"
                                    f"columns: [a, b]\nrows:\n{cards}", encoding="utf-8")
    return kit


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    if not folder.exists():
        return {}
    return {p.relative_to(folder).as_posix(): (p.read_bytes() if p.is_file() else b"", p.lstat().st_mode)
            for p in sorted(folder.rglob("*"))}


# The hostile harness: each case in a fresh copy, in a process of its own, measured -----------------
#
# `run_cases(cases, base)` runs every `Case` in its own folder under `base` (a fresh copy of the
# project's layouts, fonts and icons, plus the shipped kits it names, then its `setup`), in two
# fork servers: processes that import pnp once and fork a child per run, so a run costs its own work,
# not Python's start (the whole harness stays within seconds). Each child runs the command line as
# a user does (`pnp --project <copy> …`, `{out}` naming the case's output folder), with the case's
# own cache folder and home; the server waits for it with `os.wait4`, which gives the child's peak
# memory (ru_maxrss) and processor time, and kills it past its time. `Outcome` records the exit
# code (minus the signal that killed it), stdout, stderr, the tracebacks printed, the peak memory, the processor time
# and the files changed outside the output and cache folders (the project copy and the home,
# compared byte for byte). A `Step` before the case's own run (`steps`) prepares what it needs (an
# earlier build, an edit: `before`), checked the same way; `together` runs the case's own run that
# many times at once (concurrent builds); `fault` names a fault the child injects in itself (`FAULTS`).

import json  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from typing import Callable  # noqa: E402

PARTS = ("layouts", "fonts", "icons")
HARNESS_SECONDS = 120.0  # wall time before a run is killed as hung (the machine may be loaded)


@dataclass
class Step:
    args: tuple[str, ...]
    fault: str = ""
    before: Callable[[Path], None] | None = None  # run in the test's process on the copy, first
    code: int = 0  # the exit code expected (-9: killed by SIGKILL)


@dataclass
class Case:
    name: str
    args: tuple[str, ...]
    setup: Callable[[Path], None] = lambda root: None
    code: int = 1
    says: str = ""  # text the run prints (stdout and stderr), when it matters
    memory_mb: int = 400  # peak resident memory of the run (the server's modules, some 100 MB, included)
    cpu_s: float = 30.0  # processor time of the run
    kits: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()
    fault: str = ""
    together: int = 1
    before: Callable[[Path], None] | None = None  # run on the copy before the case's own run


@dataclass
class Outcome:
    code: int  # the exit code, or minus the signal that killed the run
    stdout: str
    stderr: str
    peak_mb: float
    cpu_s: float
    changed: list[str] = field(default_factory=list)  # files changed outside the output and the cache

    @property
    def tracebacks(self) -> bool:
        return "Traceback (most recent call last)" in self.stdout + self.stderr


def copy_project(root: Path, kits: tuple[str, ...] = ()) -> Path:
    from conftest import ROOT

    for part in PARTS:
        shutil.copytree(ROOT / part, root / part)
    (root / "decks").mkdir(parents=True, exist_ok=True)
    for kit in kits:
        shutil.copytree(ROOT / "decks" / kit, root / "decks" / kit)
    return root


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.is_symlink()} if folder.exists() else {}


def _changed(before: dict[str, bytes], after: dict[str, bytes], where: str) -> list[str]:
    return [f"{where}/{name}" for name in sorted(set(before) | set(after)) if before.get(name) != after.get(name)]


class _Server:
    """A process that imported pnp and forks a child per run (see `serve`)."""

    def __init__(self) -> None:
        here = Path(__file__).resolve().parent
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(here), str(here.parent)])}
        self.proc = subprocess.Popen([sys.executable, "-c", "import hostile; hostile.serve()"], cwd=here, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.lock = threading.Lock()

    def run(self, request: dict) -> list[dict]:
        with self.lock:
            assert self.proc.stdin is not None and self.proc.stdout is not None
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        assert line, "the harness's fork server died"
        answer: list[dict] = json.loads(line)
        return answer

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _run_step(server: _Server, case: Case, folder: Path, step: Step, index: int, times: int) -> list[Outcome]:
    root, home, out = folder / "project", folder / "home", folder / "out"
    if step.before is not None:
        step.before(root)
    before = (_files(root), _files(home))
    args = ["--project", str(root), *(a.replace("{out}", str(out)).replace("{root}", str(root)) for a in step.args)]
    request = {"args": args, "cwd": str(root), "fault": step.fault, "times": times, "timeout": HARNESS_SECONDS,
               "env": {"PNP_CACHE_DIR": str(folder / "cache"), "HOME": str(home), "XDG_CACHE_HOME": ""},
               "logs": [str(folder / f"step{index}-{i}") for i in range(times)]}
    outcomes = []
    for answer, log in zip(server.run(request), request["logs"]):
        outcomes.append(Outcome(answer["code"], Path(log + ".out").read_text(errors="replace"),
                                Path(log + ".err").read_text(errors="replace"), answer["maxrss_kb"] / 1024,
                                answer["cpu_s"]))
    changed = _changed(before[0], _files(root), "project") + _changed(before[1], _files(home), "home")
    for outcome in outcomes:
        outcome.changed = changed
    return outcomes


def _run_case(server: _Server, case: Case, base: Path) -> list[Outcome]:
    folder = base / case.name
    root = copy_project(folder / "project", case.kits)
    (folder / "home").mkdir()
    (folder / "home" / "notes.txt").write_text("a file of the user's own\n", encoding="utf-8")
    case.setup(root)
    done: list[Outcome] = []
    for i, step in enumerate(case.steps):
        done += _run_step(server, case, folder, step, i, 1)
    done += _run_step(server, case, folder, Step(case.args, case.fault, case.before), len(case.steps), case.together)
    return done


def run_cases(cases: list[Case], base: Path, workers: int = 2) -> dict[str, list[Outcome]]:
    """Every case's outcomes (its steps', then its own run's, `together` of them), by name."""
    pending = list(reversed(cases))
    results: dict[str, list[Outcome]] = {}
    servers = [_Server() for _ in range(workers)]

    def work(server: _Server) -> None:
        while True:
            try:
                case = pending.pop()
            except IndexError:
                return
            results[case.name] = _run_case(server, case, base)

    threads = [threading.Thread(target=work, args=(s,)) for s in servers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for server in servers:
        server.close()
    return results


# The fork server's side (runs in its own process: `python -c "import hostile; hostile.serve()"`) ----

def _kill_on_second_rename() -> None:
    """SIGKILL this process between the first and the second rename of its commit's PDFs."""
    import signal

    real, seen = os.replace, []

    def replace(src, dst, *a, **k):
        if str(dst).endswith(".pdf"):
            seen.append(dst)
            if len(seen) == 2:
                os.kill(os.getpid(), signal.SIGKILL)
        return real(src, dst, *a, **k)

    os.replace = replace


def _slow_folders() -> None:
    """Folders made a moment after they are found missing, so that runs beside this one race to make them."""
    import time

    real = Path.mkdir

    def mkdir(self, *a, **k):
        time.sleep(0.2)
        return real(self, *a, **k)

    Path.mkdir = mkdir


FAULTS: dict[str, Callable[[], None]] = {"kill_on_second_rename": _kill_on_second_rename,
                                         "slow_folders": _slow_folders}


def serve() -> None:
    """Read run requests (JSON lines) on stdin; fork `times` children for each, all at once; answer
    each child's exit code or signal, peak memory and processor time, in order."""
    import pnp.build  # noqa: F401  (the pipeline, imported once: each child starts with it)
    import pnp.cli
    import pnp.export  # noqa: F401
    import reportlab.pdfgen.canvas  # noqa: F401

    for line in sys.stdin:
        request = json.loads(line)
        children = [_fork(request, log, pnp.cli.main) for log in request["logs"]]
        answers = [_reap(pid, request["timeout"]) for pid in children]
        sys.stdout.write(json.dumps(answers) + "\n")
        sys.stdout.flush()


def _fork(request: dict, log: str, main: Callable) -> int:
    pid = os.fork()
    if pid:
        return pid
    code = 70
    try:
        os.chdir(request["cwd"])
        os.environ.update(request["env"])
        out, err = os.open(log + ".out", os.O_WRONLY | os.O_CREAT, 0o644), os.open(log + ".err", os.O_WRONLY | os.O_CREAT, 0o644)
        os.dup2(out, 1)
        os.dup2(err, 2)
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)  # never the server's requests
        sys.stdin = open(os.devnull)
        if request["fault"]:
            FAULTS[request["fault"]]()
        try:
            main(request["args"], prog_name="pnp")
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _reap(pid: int, timeout: float) -> dict:
    import time

    deadline = time.monotonic() + timeout
    while True:
        found, status, usage = os.wait4(pid, os.WNOHANG)
        if found:
            break
        if time.monotonic() > deadline:
            os.kill(pid, 9)
            found, status, usage = os.wait4(pid, 0)
            break
        time.sleep(0.01)
    code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
    return {"code": code, "maxrss_kb": usage.ru_maxrss, "cpu_s": usage.ru_utime + usage.ru_stime}
