"""The benchmark of issue 6: pnp against the plain ReportLab baseline, on the same workload.

Usage: python bench/run.py [--quick] [--images] [--only-images] [--sizes 54,540,5400] [--rounds N]
                           [--json results.json]

For each size (54, 540 and 5 400 cards) it takes the committed kit bench/kits/bench-N (written
again by bench/make_kits.py if missing or stale: a file already right is left untouched), then runs,
as separate processes with the repository root as working directory (the default project "."),
`python bench/plain.py N out.pdf` and
`python -m pnp build bench/kits/bench-N --out DIR --paper a4 --backs long-edge`,
5 rounds at 54 and 540 cards and 3 at 5 400 (`--quick`: 2 and 1); plain runs first in even rounds,
pnp first in odd ones. Each child's wall time is taken around its whole life, its peak resident
memory from `os.wait4` (ru_maxrss of that child only), and the size of the PDF it wrote. It prints,
per size, the medians of plain and pnp and pnp's ratio to plain, then whether the targets hold:
pnp <= 1.0 x plain at 54, 540 and 5 400 cards (issue 23; the CPU-time ratio beside it), time growing linearly with the deck, peak memory < 100 MB
at 5 400 cards.

Children keep compiled bytecode in the temporary folder (PYTHONPYCACHEPREFIX) and an unmeasured run
of plain precedes the measures, so both start as installed copies would, not compiling their modules
each time. Before the rounds of each kit, an unmeasured pnp build of that kit fills pnp's caches for
it, as any earlier build would: no measured round (nor its peak memory) pays for a cold cache.

`--images` adds the image workload: 540 cards whose art is one picture in 540 files (same bytes,
different names), and 540 cards with 540 distinct pictures (600 x 600 px PNGs made with Pillow),
against the plain script drawing the same files with `drawImage(path)`. Those two kits are generated
into bench/kits/bench-img-same and bench-img-distinct (gitignored) on first use.

pnp's parse and image caches live in the user's cache folder (`$PNP_CACHE_DIR`, else
`~/.cache/pnp`); each kit's unmeasured build fills them.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import make_kits  # noqa: E402

PY = sys.executable
TARGET_RATIO = 1.0  # issue 23: at or under plain ReportLab's time at every size
TARGET_MB = 100.0
LINEAR_SLACK = 1.25  # marginal cost per card 540 -> 5 400 at most this times that of 54 -> 540


@dataclass
class Sample:
    seconds: float
    cpu: float  # user + system time of the child: less sensitive than wall time to other load
    peak_mb: float
    pdf_bytes: int


ENV = dict(os.environ)


def bytecode_cache(folder: Path) -> None:
    """Let the children keep compiled bytecode (in `folder`, not in the work tree), as an installed pnp
    does: with PYTHONDONTWRITEBYTECODE set, pnp's modules would be compiled anew in every run (~50 ms)."""
    ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    ENV["PYTHONPYCACHEPREFIX"] = str(folder)


def run_child(cmd: list[str], out_pdf: Path) -> Sample:
    """Run one process to its end: wall time, its own peak RSS (os.wait4), size of the PDF."""
    out_pdf.unlink(missing_ok=True)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if proc.returncode != 0 or not out_pdf.is_file():
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{err}")
    return Sample(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, out_pdf.stat().st_size)


def plain_cmd(n: int, out: Path, art: Path | None = None) -> list[str]:
    return [PY, str(HERE / "plain.py"), str(n), str(out)] + (["--art", str(art)] if art else [])


def pnp_cmd(kit: str, out_dir: Path) -> list[str]:
    """`pnp build` of bench/kits/`kit`, run from the repository root (the default project ".")."""
    return [PY, "-m", "pnp", "build", make_kits.kit_path(kit), "--out", str(out_dir),
            "--paper", "a4", "--backs", "long-edge"]


def run_pnp(kit: str, out: Path) -> Sample:
    """One `pnp build` of `kit` into the new empty folder `out` (a full build: no incremental-build
    cache to find there), removed afterwards."""
    sample = run_child(pnp_cmd(kit, out), out / kit / "cards-a4.pdf")
    shutil.rmtree(out)
    return sample


def measure(label: str, n: int, rounds: int, tmp: Path, kit: str, art: Path | None = None):
    """`rounds` runs of each, alternating, so that drift of the machine hits both alike; which runs
    first alternates too (plain in even rounds, pnp in odd ones). Before them, one unmeasured pnp build
    of the kit fills pnp's parse and image caches for it, as any earlier build would."""
    run_pnp(kit, tmp / "pnp-warm-up")
    runs = {"plain": [], "pnp": []}
    plain_pdf = tmp / "plain.pdf"
    for k in range(rounds):
        for who in ("plain", "pnp") if k % 2 == 0 else ("pnp", "plain"):
            if who == "plain":
                runs[who].append(run_child(plain_cmd(n, plain_pdf, art), plain_pdf))
            else:
                runs[who].append(run_pnp(kit, tmp / f"pnp-{k}"))
    row = {"workload": label, "cards": n, "rounds": rounds}
    for who, samples in runs.items():
        row[who] = {"seconds": statistics.median(s.seconds for s in samples),
                    "min_seconds": min(s.seconds for s in samples),
                    "cpu": statistics.median(s.cpu for s in samples),
                    "peak_mb": max(s.peak_mb for s in samples),
                    "pdf_bytes": samples[-1].pdf_bytes,
                    "all_seconds": [round(s.seconds, 4) for s in samples]}
    row["ratio"] = row["pnp"]["seconds"] / row["plain"]["seconds"]
    row["cpu_ratio"] = row["pnp"]["cpu"] / row["plain"]["cpu"]
    print(_line(row), flush=True)
    return row


HEADER = ("| workload | cards | rounds | plain s | pnp s | pnp / plain | CPU s plain / pnp (ratio) "
          "| plain MB | pnp MB | plain PDF | pnp PDF |\n"
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")


def _line(r: dict) -> str:
    p, q = r["plain"], r["pnp"]
    return (f"| {r['workload']} | {_n(r['cards'])} | {r['rounds']} | {p['seconds']:.3f} | {q['seconds']:.3f} | "
            f"{r['ratio']:.2f}× | {p['cpu']:.2f} / {q['cpu']:.2f} ({r['cpu_ratio']:.2f}×) | "
            f"{p['peak_mb']:.0f} | {q['peak_mb']:.0f} | {_size(p['pdf_bytes'])} | "
            f"{_size(q['pdf_bytes'])} |")


def _n(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def _size(n: int) -> str:
    return f"{n / 1e6:.2f} MB" if n >= 1e6 else f"{n / 1e3:.0f} KB"


def _load(values) -> str:
    return ", ".join(f"{v:.2f}" for v in values)


def machine() -> dict:
    import reportlab

    accel = "installed" if importlib.util.find_spec("_rl_accel") else "not installed"
    cpu = ""
    try:
        cpu = next(l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return {"nproc": os.cpu_count(), "cpu": cpu, "python": platform.python_version(),
            "reportlab": reportlab.Version, "rl_accel": accel, "platform": platform.platform(), "pnp": _revision(),
            "install": _install()}


def _install() -> str:
    """How this interpreter has pnp installed: an editable install's import finder runs at every
    start, plain's and pnp's alike (the issue's figures are a regular install's: `pip install .`).
    The children run the checkout's pnp either way (`python -m pnp` from the repository root puts it
    first on the path); the install decides only how the interpreter starts."""
    import importlib.metadata

    urls = [json.loads(found) for dist in importlib.metadata.distributions(name="pnp-kits")
            if (found := dist.read_text("direct_url.json"))]  # (a build's pnp_kits.egg-info in the checkout has none)
    if not urls:
        return "pnp not installed (run from the checkout)"
    if any(url.get("dir_info", {}).get("editable") for url in urls):
        return "an editable install (its finder runs at every start); the checkout's pnp"
    return "a regular install's interpreter; the checkout's pnp"


def _revision() -> str:
    """The commit of the tree measured, and whether pnp/ had uncommitted changes (read-only git calls)."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "pnp"], cwd=ROOT, capture_output=True,
                               text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + (" + uncommitted changes in pnp/" if dirty else "")


def targets(rows: list[dict]) -> list[str]:
    by_n = {r["cards"]: r for r in rows if r["workload"] == "vector"}
    out = []
    for n in (54, 540, 5400):
        if n in by_n:
            ok = by_n[n]["ratio"] <= TARGET_RATIO
            out.append(f"{'PASS' if ok else 'FAIL'}  pnp <= {TARGET_RATIO}× plain at {_n(n)} cards: "
                       f"{by_n[n]['ratio']:.2f}× (CPU time: {by_n[n]['cpu_ratio']:.2f}×)")
    if all(n in by_n for n in (54, 540, 5400)):
        # the fastest run of each size: the least disturbed by other load, which matters for the small
        # 54 -> 540 step (0.05 s of difference, where one slow median would make the slope meaningless)
        t = {n: by_n[n]["pnp"]["min_seconds"] for n in (54, 540, 5400)}
        low, high = (t[540] - t[54]) / 486, (t[5400] - t[540]) / 4860
        ok = high <= LINEAR_SLACK * low
        out.append(f"{'PASS' if ok else 'FAIL'}  linear growth: {low * 1e3:.3f} ms a card from 54 to 540, "
                   f"{high * 1e3:.3f} ms a card from 540 to 5 400 (fastest runs; fixed cost ≈ {t[54] - 54 * low:.2f} s)")
        p = {n: by_n[n]["plain"]["min_seconds"] for n in (54, 540, 5400)}
        out.append(f"      plain for reference: {(p[540] - p[54]) / 486 * 1e3:.3f} and "
                   f"{(p[5400] - p[540]) / 4860 * 1e3:.3f} ms a card, "
                   f"fixed ≈ {p[54] - 54 * (p[540] - p[54]) / 486:.2f} s")
    if 5400 in by_n:
        mb = by_n[5400]["pnp"]["peak_mb"]
        out.append(f"{'PASS' if mb < TARGET_MB else 'FAIL'}  peak memory < {TARGET_MB:.0f} MB at 5 400 cards: "
                   f"{mb:.0f} MB")
    return out


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="pnp against plain ReportLab on the bench workload.")
    parser.add_argument("--quick", action="store_true", help="fewer rounds (2 small, 1 large)")
    parser.add_argument("--sizes", default="54,540,5400")
    parser.add_argument("--rounds", type=int, default=None, help="rounds at every size (overrides the defaults)")
    parser.add_argument("--images", action="store_true", help="also the two 540-card image workloads")
    parser.add_argument("--only-images", action="store_true", help="the image workloads only")
    parser.add_argument("--json", type=Path, default=None, help="write every measurement here")
    args = parser.parse_args(argv)

    info = machine()
    info["load_before"] = os.getloadavg()
    print(f"machine: {info['nproc']} CPUs ({info['cpu']}), Python {info['python']}, ReportLab {info['reportlab']}, "
          f"rl_accel {info['rl_accel']}; pnp at {info['pnp']}, {info['install']}")
    project = make_kits.make_layouts()  # the repository root: layouts/bench.yaml, bench/kits/
    rows = []
    print(HEADER, flush=True)
    with tempfile.TemporaryDirectory(prefix="pnp-bench-") as tmp:
        tmp = Path(tmp)
        bytecode_cache(tmp / "pycache")
        run_child(plain_cmd(54, tmp / "plain.pdf"), tmp / "plain.pdf")  # plain's bytecode, fonts in the disk cache
        sizes = [] if args.only_images else [int(s) for s in args.sizes.split(",") if s]
        for n in sizes:
            kit = f"bench-{n}"
            make_kits.make_kit(project, kit, n)
            rounds = args.rounds or ((2 if n < 5000 else 1) if args.quick else (5 if n < 5000 else 3))
            rows.append(measure("vector", n, rounds, tmp, kit))
        if args.images or args.only_images:
            for kit, art in make_kits.image_kits(project).items():
                n = make_kits.IMAGE_CARDS
                rounds = args.rounds or (1 if args.quick else 3)
                label = "one PNG in 540 files" if kit.endswith("same") else "540 distinct PNGs"
                rows.append(measure(label, n, rounds, tmp, kit, art))
    info["load_after"] = os.getloadavg()
    print(f"\nload average (1, 5, 15 min): {_load(info['load_before'])} before, {_load(info['load_after'])} after"
          " (other processes share the CPUs: wall times are medians, CPU times are less sensitive to it)")
    for line in targets(rows):
        print(line)
    if args.json:
        args.json.write_text(json.dumps({"machine": info, "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
