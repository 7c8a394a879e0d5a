"""Shared fixtures: throw-away copies of the project, builds read back, kit-breaking helpers.

No test writes into the repository: every check and build runs on a copy in the temporary folder
(`project`, `shipped`), pnp's caches go to a temporary cache folder for the session
(`PNP_CACHE_DIR`), Hypothesis keeps no example database, and its other caches go to pytest's cache
folder, not to `.hypothesis/`. Under CI (`CI` or `PNP_CI` set) Hypothesis runs its `ci` profile: no
deadline and no too-slow health check, which a loaded machine would fail. Each worker of a parallel run
(`pytest -n 2`, pytest-xdist) has its own caches and copies. Copies hold real files, not symbolic links into the repository: pnp
refuses a file reached through a link that leaves the project.
"""
from __future__ import annotations

import os
import shutil
import tempfile
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir

import kitmodels  # noqa: F401  (tests import the kits' models as `kits.<kit>`)
import pdfread
from pnp.build import build, check
from pnp.core.options import Options

ROOT = Path(__file__).resolve().parents[1]
PROJECT_PARTS = ("layouts", "fonts", "icons")
BENCH_KIT = Path("bench", "kits", "bench-54")  # the benchmark kit test_bench builds, from the project root

settings.register_profile("pnp", database=None)
settings.register_profile("ci", database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") or os.environ.get("PNP_CI") else "pnp")


def pytest_configure(config) -> None:
    """pnp's caches in a temporary folder of the session; Hypothesis's caches (the constants of the
    modules under test, Unicode tables), which it fills while tests are collected, in pytest's cache
    folder (or a temporary one when pytest runs without it) rather than in .hypothesis/; the PDFs
    pdfread keeps open closed at the end."""
    caches = Path(tempfile.mkdtemp(prefix="pnp-tests-cache-"))
    config.add_cleanup(partial(shutil.rmtree, caches, ignore_errors=True))
    os.environ["PNP_CACHE_DIR"] = str(caches)
    os.environ["PNP_CONFIG_DIR"] = str(caches / "config")  # the trust file of the tests, never the user's
    os.environ["PNP_TRUSTED_FOLDERS"] = str(ROOT / "decks")  # the checkout's own kits (kitmodels.py loads them)
    home = config.cache.mkdir("hypothesis") if getattr(config, "cache", None) else None
    if home is None:
        home = Path(tempfile.mkdtemp(prefix="pnp-tests-hypothesis-"))
        config.add_cleanup(partial(shutil.rmtree, home, ignore_errors=True))
    set_hypothesis_home_dir(home)
    config.add_cleanup(partial(set_hypothesis_home_dir, None))
    config.add_cleanup(pdfread.close)


@pytest.fixture(scope="session", autouse=True)
def trusted_test_folders(tmp_path_factory) -> Path:
    """Kit models run only once trusted (pnp.rules.trust): the tests' copies of the kits, and the kits
    they write, lie under pytest's temporary folder, which is listed in `PNP_TRUSTED_FOLDERS` (the
    documented way to trust a parent folder, as VS Code does). Tests of the trust flow itself
    unset it (tests/test_trust_code.py)."""
    base = tmp_path_factory.getbasetemp()
    os.environ["PNP_TRUSTED_FOLDERS"] = os.pathsep.join((str(ROOT / "decks"), str(base)))
    return base


def make_project(tmp: Path, kits: tuple[str, ...]) -> Path:
    """A copy of the project with only `kits` under decks/."""
    tmp.mkdir(parents=True, exist_ok=True)
    for part in PROJECT_PARTS:
        shutil.copytree(ROOT / part, tmp / part)
    for kit in kits:
        shutil.copytree(ROOT / "decks" / kit, tmp / "decks" / kit)
    return tmp


def shipped_kits() -> tuple[str, ...]:
    """The kits the repository ships under decks/ (a kit is a folder with a game.yaml)."""
    return tuple(sorted(p.name for p in (ROOT / "decks").iterdir() if (p / "game.yaml").is_file()))


@pytest.fixture(scope="session")
def shipped(tmp_path_factory) -> Path:
    """The project as shipped, copied once for the session: every kit under decks/, the layouts, the
    fonts and icons, and the benchmark kit bench/kits/bench-54. Read it, never change it (tests that
    break a kit take `project`)."""
    root = make_project(tmp_path_factory.mktemp("shipped") / "project", shipped_kits())
    shutil.copytree(ROOT / BENCH_KIT, root / BENCH_KIT)
    return root


@pytest.fixture
def project(tmp_path: Path):
    """Factory: `project("similis")` gives a fresh project root holding that kit."""
    def factory(*kits: str) -> Path:
        return make_project(tmp_path / "project", kits)
    return factory


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def line_of(path: Path, text: str) -> int:
    """The number (from 1) of the first line of `path` that holds `text`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = next((i for i, line in enumerate(lines, 1) if text in line), None)
    assert found is not None, f"{text!r} is on no line of {path}"
    return found


def build_ok(root: Path, names: list[str], options: Options) -> list:
    """`build`, asserting that it reports no error; its reports."""
    reports = build(root, names, options)
    errors = [p.render() for r in reports for p in r.errors]
    assert not errors, errors
    return reports


@pytest.fixture(scope="session")
def similis_build(tmp_path_factory) -> dict:
    """Similis and Réglisse built once for the session: {'root', 'out', 'reports'}."""
    base = tmp_path_factory.mktemp("similis-build")
    root = make_project(base / "project", ("similis", "similis-reglisse"))
    out = base / "out"
    return {"root": root, "out": out, "reports": build_ok(root, [], Options(out=out))}


__all__ = ["make_project", "edit", "line_of", "build", "build_ok", "check", "Options", "ROOT", "spawned"]


def spawned(monkeypatch) -> None:
    """The harness's pools start their workers as new interpreters ("spawn": macOS's default, and,
    like Python 3.14's "forkserver" on Linux, a worker that inherits nothing of this process)."""
    import multiprocessing

    from pnp.rules import harness

    context = multiprocessing.get_context("spawn")
    monkeypatch.setattr(harness.multiprocessing, "get_context", lambda method=None: context)
