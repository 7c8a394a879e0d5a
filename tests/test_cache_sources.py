"""The build cache and pnp's own sources: a source edited (an editable install, a checkout) makes
every kit stale in the next process; a bytecode cache or another kind of file does not."""
from __future__ import annotations

import json
import os

from click.testing import CliRunner

import pnp.cache
from pnp.cli import main


def _up_to_date(root, out) -> bool:
    result = CliRunner().invoke(main, ["--project", str(root), "build", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    return all(kit["up_to_date"] for kit in json.loads(result.stdout)["kits"])


def _package(tmp_path, monkeypatch):
    """A stand-in for pnp's source tree, stamped afresh as a new process would (`_PACKAGE_STAMPS`)."""
    package = tmp_path / "package"
    (package / "sub" / "__pycache__").mkdir(parents=True)
    (package / "a.py").write_text("A = 1\n")
    (package / "sub" / "b.py").write_text("B = 2\n")
    (package / "sub" / "texts.yaml").write_text("x: 1\n")
    (package / "sub" / "__pycache__" / "b.cpython-311.pyc").write_bytes(b"\0" * 16)
    (package / "notes.txt").write_text("not a source\n")
    monkeypatch.setattr(pnp.cache, "_PACKAGE", package)
    monkeypatch.setattr(pnp.cache, "_PACKAGE_STAMPS", [])
    return package


def _next_process(monkeypatch):
    monkeypatch.setattr(pnp.cache, "_PACKAGE_STAMPS", [])


def test_an_edited_source_makes_the_kit_stale_in_the_next_process(project, tmp_path, monkeypatch):
    root, out = project("similis"), tmp_path / "out"
    package = _package(tmp_path, monkeypatch)
    assert not _up_to_date(root, out)
    assert _up_to_date(root, out)
    (package / "sub" / "b.py").write_text("B = 22\n")  # (a new size)
    assert _up_to_date(root, out)  # this process runs the code it loaded
    _next_process(monkeypatch)
    assert not _up_to_date(root, out)
    _next_process(monkeypatch)
    assert _up_to_date(root, out)


def test_a_source_of_the_same_size_but_a_new_time_is_an_edit(project, tmp_path, monkeypatch):
    root, out = project("similis"), tmp_path / "out"
    package = _package(tmp_path, monkeypatch)
    _up_to_date(root, out)
    stat = (package / "a.py").stat()
    (package / "a.py").write_text("A = 3\n")
    os.utime(package / "a.py", ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    _next_process(monkeypatch)
    assert not _up_to_date(root, out)


def test_a_source_or_a_yaml_file_added_or_removed_makes_the_kit_stale(project, tmp_path, monkeypatch):
    root, out = project("similis"), tmp_path / "out"
    package = _package(tmp_path, monkeypatch)
    _up_to_date(root, out)
    for change in (lambda: (package / "sub" / "c.py").write_text(""), lambda: (package / "sub" / "texts.yaml").unlink(),
                   lambda: (package / "more.yaml").write_text("y: 2\n")):
        change()
        _next_process(monkeypatch)
        assert not _up_to_date(root, out)


def test_bytecode_and_other_files_leave_the_kit_up_to_date(project, tmp_path, monkeypatch):
    root, out = project("similis"), tmp_path / "out"
    package = _package(tmp_path, monkeypatch)
    _up_to_date(root, out)
    (package / "sub" / "__pycache__" / "b.cpython-311.pyc").write_bytes(b"\1" * 32)
    (package / "sub" / "__pycache__" / "new.py").write_text("")
    (package / "notes.txt").write_text("still not a source, longer\n")
    _next_process(monkeypatch)
    assert _up_to_date(root, out)


def test_the_stamps_list_each_source_by_name_size_and_time_in_path_order(tmp_path, monkeypatch):
    package = _package(tmp_path, monkeypatch)
    (package / "sub-z.py").write_text("")
    (package / "sub" / "a.py").write_text("")
    lines = pnp.cache._package_stamps().splitlines()
    names = [line.split("|")[0] for line in lines]
    assert names == ["a.py", "sub/a.py", "sub/b.py", "sub-z.py", "sub/texts.yaml"]  # (Paths sort part by part)
    stat = (package / "sub" / "b.py").stat()
    assert lines[2] == f"sub/b.py|{stat.st_size}|{stat.st_mtime_ns}"
