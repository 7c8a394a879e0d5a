"""Item 1's leftovers (issue 26), each from its case: reports written to `--out` by `pnp calibrate`
and `pnp playtest` through a symbolic link, and the export's OS errors (the score formula reading a
printed column stands with the export's other formula errors, tests/test_export_sheets.py)."""
from __future__ import annotations

import errno
import os

from pnp.output import OutputBatch

from hostile import pnp


def _victim(tmp_path):
    """A folder of the user's, outside the project, and what it holds."""
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("mine")
    return victim, {p.name: p.read_bytes() for p in victim.iterdir()}


def test_calibrate_writes_through_no_symbolic_link(project, tmp_path):
    root = project()
    victim, before = _victim(tmp_path)
    (tmp_path / "out").symlink_to(victim)
    result = pnp(root, "calibrate", "--out", str(tmp_path / "out"))
    assert result.exit_code == 1 and f"the output folder {(tmp_path / 'out').as_posix()} is a symbolic link" in \
        result.output, result.output
    assert {p.name: p.read_bytes() for p in victim.iterdir()} == before
    sheet = tmp_path / "real/calibration-a4-long-edge.pdf"  # the sheet's own name a link to a file of the user's
    sheet.parent.mkdir()
    sheet.symlink_to(victim / "keep.txt")
    result = pnp(root, "calibrate", "--out", str(sheet.parent))
    assert result.exit_code == 1 and "is a symbolic link" in result.output and sheet.is_symlink(), result.output
    assert {p.name: p.read_bytes() for p in victim.iterdir()} == before


def test_a_playtest_report_writes_through_no_symbolic_link_and_a_full_disk_is_one_message(shipped, tmp_path,
                                                                                         monkeypatch):
    victim, before = _victim(tmp_path)
    (tmp_path / "lab").symlink_to(victim)
    args = ("playtest", "similis", "--players", "3", "--games", "2", "--report")
    result = pnp(shipped, *args, str(tmp_path / "lab"))
    assert result.exit_code == 1 and "is a symbolic link" in result.output, result.output
    assert {p.name: p.read_bytes() for p in victim.iterdir()} == before

    def full(self, final, data):  # the first PNG meets a full disk (the PDF is saved, not yet in place)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(final))

    monkeypatch.setattr(OutputBatch, "write", full)
    result = pnp(shipped, *args, str(tmp_path / "full"))
    assert result.exit_code == 1, result.output
    assert f"cannot write {(tmp_path / 'full/similis-playtest-1.png').as_posix()}: No space left on device" in \
        result.output
    assert not (tmp_path / "full").exists()  # the PDF did not land without its pictures, nor the folder made for them


def test_an_export_under_a_file_is_one_message_not_one_per_format(project, tmp_path):
    root = project("dix-mille")
    (tmp_path / "afile").write_text("mine")
    out = tmp_path / "afile/sub"
    result = pnp(root, "export", "dix-mille", "--sheets", "--tts", "--preset", "custom", "--out", str(out))
    assert result.exit_code == 1 and result.output.splitlines() == [
        f"pnp: --out: the output folder {out.as_posix()} lies under {(tmp_path / 'afile').as_posix()}, which is a file",
        "1 error, nothing written."], result.output
    assert (tmp_path / "afile").read_text() == "mine"
