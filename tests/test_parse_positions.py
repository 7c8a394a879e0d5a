"""Positions in cached YAML: the answers a locator gave are kept beside the parse cache's entry, so
that a later run reporting the same problem in the unchanged file neither imports PyYAML nor
composes the text; a damaged or foreign positions file is ignored and written again."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from pnp.core.fileio import read_only
from pnp.sources import parse_yaml
from pnp.sources.parsecache import POSITIONS, ParseCache
from pnp.sources.yamlsrc import load_yaml

from conftest import ROOT, make_project

TEXT = "deck:\n  cards:\n    - {name: a, count: 3}\n    - <<: &b {name: b}\n      count: 2\n"
LOOKUPS = [(False, ("deck", "cards", 0, "count")), (True, ("deck", "cards", 0, "count")),
           (False, ("deck", "cards", 1, "name")), (False, ("deck", "nope", "deeper")), (False, ("other",))]


def _answers(locator) -> list[str]:
    return [str(locator.key_loc(path) if key else locator.loc(path)) for key, path in LOOKUPS]


def _cached(tmp_path: Path) -> tuple[Path, ParseCache]:
    path = tmp_path / "k.yaml"
    path.write_text(TEXT, encoding="utf-8")
    cache = ParseCache(tmp_path / "cache")
    load_yaml(path, "k.yaml", cache)  # parsed, and put in the cache
    return path, cache


def test_a_cached_file_answers_as_the_parser_does_then_from_the_kept_positions(tmp_path):
    expected = _answers(parse_yaml(TEXT, "k.yaml")[1])
    assert expected[0] == "k.yaml:3:24" and expected[2] == "k.yaml:4:21"
    path, cache = _cached(tmp_path)
    _, first, _ = load_yaml(path, "k.yaml", cache)
    assert _answers(first) == expected and first.root is not None  # from the cache, composed once
    _, again, _ = load_yaml(path, "k.yaml", cache)
    assert _answers(again) == expected and again.root is None  # every answer read back, nothing composed
    assert len(list((tmp_path / "cache").glob(f"*{POSITIONS}"))) == 1


def test_positions_located_in_a_file_just_parsed_are_kept_for_the_next_run(tmp_path):
    path = tmp_path / "k.yaml"
    path.write_text(TEXT, encoding="utf-8")
    cache = ParseCache(tmp_path / "cache")
    _, parsed, _ = load_yaml(path, "k.yaml", cache)
    expected = _answers(parsed)
    _, cached, _ = load_yaml(path, "k.yaml", cache)
    assert _answers(cached) == expected and cached.root is None


def test_a_damaged_or_foreign_positions_file_is_ignored_and_written_again(tmp_path):
    path, cache = _cached(tmp_path)
    expected = _answers(parse_yaml(TEXT, "k.yaml")[1])
    key = ParseCache.key(TEXT)
    kept = tmp_path / "cache" / f"{key}{POSITIONS}"
    name = json.dumps([False, ["deck", "cards", 0, "count"]])
    for bad in (b"{not json", json.dumps({"format": 1, "key": "other", "positions": {name: [1, 1]}}).encode(),
                json.dumps({"format": 1, "key": key, "positions": {name: [0, "x"]}}).encode()):
        kept.write_bytes(bad)
        _, locator, _ = load_yaml(path, "k.yaml", cache)
        assert _answers(locator) == expected and locator.root is not None
        assert json.loads(kept.read_bytes())["positions"][name] == [3, 24]


def test_read_only_caches_keep_no_positions(tmp_path):
    path, cache = _cached(tmp_path)
    with read_only():
        _, locator, _ = load_yaml(path, "k.yaml", cache)
        assert _answers(locator) == _answers(parse_yaml(TEXT, "k.yaml")[1])
    assert not list((tmp_path / "cache").glob(f"*{POSITIONS}"))


def test_a_cached_build_reporting_a_layout_warning_does_not_import_pyyaml(tmp_path):
    """The benchmark kit warns on every build (a frame near the cut, at its layout's line): from
    the second build on, its files and that position all come from the cache."""
    root = make_project(tmp_path / "project", ())
    shutil.copytree(ROOT / "bench" / "kits" / "bench-54", root / "kit")
    script = ("import sys; from pnp.cli import main; sys.argv = ['pnp', 'build', 'kit', '--out', sys.argv[1]]\n"
              "try: main()\nexcept SystemExit: pass\nprint('PyYAML imported' if 'yaml' in sys.modules else 'no PyYAML')")
    env = dict(os.environ, PNP_CACHE_DIR=str(tmp_path / "cache"))
    runs = [subprocess.run([sys.executable, "-c", script, str(tmp_path / f"out{i}")], cwd=root, env=env,
                           capture_output=True, text=True, check=True) for i in range(2)]
    warning = "warning: layouts/bench.yaml:17:11: kit 'kit', deck 'cards', card '1', element 'bord': a frame 2.7 mm"
    assert [r.stdout.strip().splitlines()[-1] for r in runs] == ["PyYAML imported", "no PyYAML"]
    assert all(warning in r.stderr + r.stdout for r in runs)
