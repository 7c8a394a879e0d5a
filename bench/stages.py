"""Where a cold `pnp build` of a bench kit spends its time, stage by stage (issue 23, item 1).

Usage: python bench/stages.py N [--rounds R]      (N: 54, 540 or 5400; from the repository root)

Each round is a fresh process (`python bench/stages.py --child N`) that times, in CPU time
(`time.process_time`: this machine is shared, and wall time counts the waits for a core), its own imports of pnp's command line (after the interpreter's start, which it
reports apart, from `python -c pass`; the children keep their bytecode in a temporary folder, written
by an unmeasured first round, as an installed pnp's is: PYTHONDONTWRITEBYTECODE is not passed on), then one build of bench/kits/bench-N as `pnp build` runs it
(`pnp.pipeline.project.build`, A4, long-edge backs), with exclusive timers put around the functions
that make each stage: a stage's time excludes the stages called inside it (the text fitting inside
the layout, the drawing of a shared layer's form inside the drawing of a face). The stages:

- start-up: the interpreter (`python -c pass`) and the imports of `pnp build` (`pnp.cli`,
  `pnp.incremental`, then `pnp.build` with the garbage collector off, as `pnp.incremental` loads the
  pipeline; a module imported later counts in its stage);
- validation: reading and validating the kit (`Project.load_kit`), its rules and its layouts' lint;
- layout: laying out faces (`FaceBuilder.build`), text fitting left out;
- text fitting: `fit_text` and `prepare_text` (the rich-text runs);
- drawing: the canvas calls of the pages (`SheetPainter.cards`, faces, marks, notes);
- writing: ReportLab's `Canvas.save` (the document, its font subsets, compression, the file);
- the rest: what the build spent outside those (options, discovery, the report, the commit).

`bench/plain.py` is timed the same way (interpreter, its ReportLab imports, drawing, writing), in
processes alternating with pnp's. It prints the median of each stage over the rounds, in ms. The interpreter's start is the CPU time of `python -c pass` (`os.wait4`). Timers cost about 1 µs a call: the
stages' sum exceeds an untimed build by a few per cent at 5 400 cards.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
STAGES = ("interpreter", "imports", "validation", "layout", "text fitting", "drawing", "writing", "rest")


def child(n: int) -> dict[str, float]:
    t0 = time.process_time()
    import pnp.cli  # noqa: F401  (what `python -m pnp` imports)
    import pnp.cli.build  # noqa: F401
    import pnp.incremental  # noqa: F401  (what `pnp build` imports before it builds)
    import gc

    gc.disable()  # (as pnp.incremental loads the pipeline: pnp.build, which defers Pillow and freezes)
    import pnp.build  # noqa: F401
    gc.enable()
    imports = time.process_time() - t0
    totals = {s: 0.0 for s in STAGES}
    stack: list[list] = []

    def timed(owner: object, attr: str, stage: str) -> None:
        inner = getattr(owner, attr)

        def wrapper(*args, **kwargs):
            stack.append([stage, time.process_time(), 0.0])
            try:
                return inner(*args, **kwargs)
            finally:
                name, start, nested = stack.pop()
                spent = time.process_time() - start
                totals[name] += spent - nested
                if stack:
                    stack[-1][2] += spent
        setattr(owner, attr, wrapper)

    from pnp.draw.sheets import SheetPainter
    from pnp.layout import elements, face, richtext, textfit
    from pnp.layout.face import FaceBuilder
    from pnp.model.load import Project
    from pnp.pipeline import kitrun
    from reportlab.pdfgen.canvas import Canvas

    timed(Project, "load_kit", "validation")
    timed(kitrun, "run_rules", "validation")
    timed(kitrun, "lint", "validation")
    timed(FaceBuilder, "build", "layout")
    timed(elements, "fit_text", "text fitting")
    timed(elements, "prepare_text", "text fitting")
    assert textfit and richtext and face
    timed(SheetPainter, "cards", "drawing")
    timed(Canvas, "save", "writing")
    from pnp.core.options import Options
    from pnp.pipeline.project import build
    import tempfile

    with tempfile.TemporaryDirectory(prefix="pnp-stages-") as out:
        options = Options(out=Path(out), paper="a4", backs="long-edge")
        t1 = time.process_time()
        build(ROOT, [f"bench/kits/bench-{n}"], options)
        whole = time.process_time() - t1
    totals["imports"] = imports
    totals["rest"] = whole - sum(totals[s] for s in STAGES[2:-1])
    return totals


def _cpu(cmd: list[str], env: dict[str, str]) -> float:
    """The user + system CPU time of one child process run to its end."""
    proc = subprocess.Popen(cmd, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}")
    return usage.ru_utime + usage.ru_stime


def plain_child(n: int) -> dict[str, float]:
    """The same stages for bench/plain.py: its imports (ReportLab), drawing (fonts registered and
    every page drawn), writing (`Canvas.save`)."""
    t0 = time.process_time()
    from reportlab.lib.utils import simpleSplit  # noqa: F401  (what plain.draw imports)
    from reportlab.pdfbase import pdfmetrics  # noqa: F401
    from reportlab.pdfbase.ttfonts import TTFont  # noqa: F401
    from reportlab.pdfgen.canvas import Canvas
    imports = time.process_time() - t0
    sys.path.insert(0, str(HERE))
    import plain
    save = Canvas.save
    spent = {"writing": 0.0}

    def timed_save(self: Canvas) -> None:
        t = time.process_time()
        save(self)
        spent["writing"] = time.process_time() - t
    Canvas.save = timed_save  # type: ignore[method-assign]
    import tempfile

    with tempfile.TemporaryDirectory(prefix="plain-stages-") as out:
        t1 = time.process_time()
        plain.draw(n, str(Path(out) / "plain.pdf"), plain.default_font(), None, False)
        whole = time.process_time() - t1
    totals = {s: 0.0 for s in STAGES}
    totals.update(imports=imports, writing=spent["writing"], drawing=whole - spent["writing"])
    return totals


def main(argv: list[str]) -> None:
    if argv[:1] in (["--child"], ["--plain-child"]):
        print(json.dumps((child if argv[0] == "--child" else plain_child)(int(argv[1]))))
        return
    n = int(argv[0])
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 5
    runs: dict[str, list[dict[str, float]]] = {"--child": [], "--plain-child": []}
    import tempfile  # (here, not at the top: a child's imports are timed from its start)

    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="pnp-stages-pyc-")  # (else every child compiles pnp)
    for _ in range(rounds + 1):  # (round 0 writes the bytecode, unmeasured)
        for who, rows in runs.items():
            bare = _cpu([sys.executable, "-c", "pass"], env)
            done = subprocess.run([sys.executable, __file__, who, str(n)], cwd=ROOT, check=True,
                                  capture_output=True, text=True, env=env)
            row = json.loads(done.stdout.strip().splitlines()[-1])
            row["interpreter"] = bare
            rows.append(row)
    runs = {who: rows[1:] for who, rows in runs.items()}
    medians = {who: {s: statistics.median(r[s] for r in rows) * 1e3 for s in STAGES} for who, rows in runs.items()}
    mine, theirs = medians["--child"], medians["--plain-child"]
    print(f"{n} cards, {rounds} rounds, CPU ms (medians): pnp {sum(mine.values()):.0f}, plain {sum(theirs.values()):.0f}")
    print("| stage | pnp ms | share | plain ms |\n|---|---:|---:|---:|")
    for s in STAGES:
        print(f"| {s} | {mine[s]:.1f} | {mine[s] / sum(mine.values()):.0%} | {theirs[s]:.1f} |")


if __name__ == "__main__":
    main(sys.argv[1:])
