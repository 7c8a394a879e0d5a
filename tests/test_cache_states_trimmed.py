"""The build cache's states (one per project and output folder, `<cache>/builds/`) are trimmed to the
newest `pnp.cache.KEEP_STATES`, once a process, like the other caches' entries (pnp/core/cacheentry.py)."""
from __future__ import annotations

import os
from pathlib import Path

from pnp import cache
from pnp.core import cacheentry


def _states(folder: Path, count: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    made = []
    for i in range(count):
        path = folder / f"{i:04d}.json"
        path.write_text("{}", encoding="utf-8")
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
        made.append(path)
    return made


def test_a_build_cache_save_keeps_the_newest_states(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "KEEP_STATES", 5)
    monkeypatch.setattr(cacheentry, "_TRIMMED", set())
    old = _states(tmp_path / "cache" / "builds", 8)
    (tmp_path / "cache" / "builds" / "other.txt").write_text("not a state", encoding="utf-8")
    state = cache.BuildCache(tmp_path, tmp_path / "out", "key")
    state.save()
    left = sorted(p.name for p in (tmp_path / "cache" / "builds").iterdir())
    assert state.path.name in left and "other.txt" in left
    assert [p.name for p in old[4:]] == [n for n in left if n in {p.name for p in old}]  # the 4 newest old + the new
    assert len([n for n in left if n.endswith(".json")]) == 5


def test_a_folder_under_its_limit_is_left_whole(tmp_path, monkeypatch):
    monkeypatch.setattr(cacheentry, "_TRIMMED", set())
    made = _states(tmp_path, 3)
    cacheentry.trim(tmp_path, ".json", 3)
    cacheentry.trim(tmp_path, ".json", 1)  # (once a process: the second call trims nothing)
    assert all(p.exists() for p in made)
    cacheentry.trim_now(tmp_path, ".json", 1)
    assert [p.exists() for p in made] == [False, False, True]
