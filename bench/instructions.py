"""Instructions, not seconds: pnp and plain ReportLab on the bench workload under callgrind (issue 23).

Usage: python bench/instructions.py [--sizes 54,540] [--against CHECKOUT]

This machine's speed moves by up to 2× within a session (bench/README.md), so a change worth a few
per cent cannot be timed on it; the instructions a process runs can be counted, and the count is
the same every run for the same input (valgrind's callgrind, its "Collected" total; valgrind is on
every machine here). For each size it runs, as run.py does (the repository root as working
directory, bytecode kept in a temporary folder, the kit's caches filled by an unmeasured build),
`python bench/plain.py N` and `python -m pnp build bench/kits/bench-N` under `valgrind
--tool=callgrind`, and prints both counts and pnp's ratio. `--against B` counts the same build of
checkout B too (`git archive BASE | tar -x -C B`: its own pnp, kit and layouts), for a change's
effect in instructions. A count is not a time: pnp runs fewer instructions than plain at 54 and 540
cards and still takes longer (cold code, twice the `stat`s: bench/README.md, session 16), so this
measures changes, and `run.py` the targets. Not a test: nothing here asserts.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import make_kits  # noqa: E402
import run  # noqa: E402  (the children's environment and commands, as run.py runs them)

COLLECTED = re.compile(r"Collected : (\d+)")


def counted(cmd: list[str], cwd: Path) -> int:
    """The instructions `cmd` runs to its end under callgrind (its own output thrown away)."""
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd], cwd=cwd,
                          env=run.ENV, capture_output=True, text=True)
    found = COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"failed ({done.returncode}): {' '.join(cmd)}\n{done.stderr[-2000:]}")
    return int(found.group(1))


def pnp_build(tree: Path, n: int, tmp: Path) -> int:
    """One full `pnp build` of tree's bench kit of `n` cards, into a new empty folder."""
    out = Path(tempfile.mkdtemp(dir=tmp))
    try:
        return counted(run.pnp_cmd(f"bench-{n}", out), tree)
    finally:
        shutil.rmtree(out)


def warm(tree: Path, n: int, tmp: Path) -> None:
    """An unmeasured build: bytecode written, the kit's parse and font caches filled."""
    out = Path(tempfile.mkdtemp(dir=tmp))
    subprocess.run(run.pnp_cmd(f"bench-{n}", out), cwd=tree, env=run.ENV, capture_output=True, check=True)
    shutil.rmtree(out)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="54,540")
    parser.add_argument("--against", type=Path, default=None, help="another checkout's pnp, counted beside")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("instructions.py counts with valgrind: apt-get install valgrind")
    project = make_kits.make_layouts()
    trees = [("pnp", run.ROOT)] + ([("against", args.against.resolve())] if args.against else [])
    print(f"pnp at {run.machine()['pnp']}; Python {sys.version.split()[0]}; millions of instructions")
    print("| cards | plain | " + " | ".join(name for name, _ in trees) + " | pnp / plain |"
          + (" pnp / against |" if args.against else ""))
    print("|---:|---:|" + "---:|" * len(trees) + "---:|" + ("---:|" if args.against else ""))
    with tempfile.TemporaryDirectory(prefix="pnp-instructions-") as tmp:
        run.bytecode_cache(Path(tmp) / "pycache")
        for n in (int(s) for s in args.sizes.split(",") if s):
            make_kits.make_kit(project, f"bench-{n}", n)
            for _, tree in trees:
                warm(tree, n, Path(tmp))
            pdf = Path(tmp) / "plain.pdf"
            counted(run.plain_cmd(n, pdf), run.ROOT)  # (unmeasured: plain's bytecode)
            plain = counted(run.plain_cmd(n, pdf), run.ROOT)
            mine = [pnp_build(tree, n, Path(tmp)) for _, tree in trees]
            row = f"| {n} | {plain / 1e6:.1f} | " + " | ".join(f"{m / 1e6:.1f}" for m in mine)
            row += f" | {mine[0] / plain:.3f}× |" + (f" {mine[0] / mine[1]:.4f}× |" if args.against else "")
            print(row, flush=True)


if __name__ == "__main__":
    main()
