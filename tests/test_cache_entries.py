"""The caches' one entry format (pnp.core.cacheentry): a head line of JSON checked whole, then the body."""
from __future__ import annotations

import json
import os

from pnp.core import cacheentry
from pnp.core.fileio import read_only


def test_an_entry_reads_back_and_any_other_head_or_body_is_a_miss(tmp_path):
    path = tmp_path / "e.bin"
    cacheentry.write_entry(path, 2, "k", b"\x00body\nmore", 8, size=4)
    assert cacheentry.read_entry(path, 2, "k", ("size",)) == ({"size": 4}, b"\x00body\nmore")
    assert cacheentry.read_entry(path, 2, "k") is None  # (an extra key not asked for)
    assert cacheentry.read_entry(path, 3, "k", ("size",)) is None and cacheentry.read_entry(path, 2, "j", ("size",)) is None
    head, _, body = path.read_bytes().partition(b"\n")
    path.write_bytes(head + b"\n" + body + b"!")
    assert cacheentry.read_entry(path, 2, "k", ("size",)) is None  # (the body's SHA-256)
    path.write_bytes(json.dumps([1]).encode() + b"\n" + body)
    assert cacheentry.read_entry(path, 2, "k", ("size",)) is None
    assert cacheentry.read_entry(tmp_path / "absent", 2, "k") is None


def test_read_only_caches_are_not_written_and_a_folder_is_trimmed_to_its_newest(tmp_path):
    with read_only():
        cacheentry.write_entry(tmp_path / "a.x", 1, "a", b"", 2)
    assert not (tmp_path / "a.x").exists()
    for n in range(5):
        (tmp_path / f"{n}.x").write_bytes(b"")
        os.utime(tmp_path / f"{n}.x", (n, n))
    (tmp_path / "other.y").write_bytes(b"")
    cacheentry.trim_now(tmp_path, ".x", 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["3.x", "4.x", "other.y"]
