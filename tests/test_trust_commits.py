"""Nothing lost, nothing half-done (issue 26): a commit's journal completed by the next run and never
obeyed beyond pnp's own renames; two runs making one output folder; crafted cache entries (an
encoded picture of another size or with its pixel data cut, a picture verdict that lies) made
again; exports on a read-only output folder or a full disk end in one clear message each, the
previous files intact. (The killed build, the racing builds, FIFOs and deep JSON in the cache are
replayed as processes in tests/test_trust_hostile.py.)"""
from __future__ import annotations

import errno
import json
import os
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from pnp.core.journal import Journal, complete
from pnp.output import OutputBatch

from hostile import pnp, tiny_kit


def _part(final: Path, data: bytes, token: str = "0123456789ab") -> Path:
    part = final.parent / f".{final.name}.{token}.part"
    part.write_bytes(data)
    return part


def test_a_dead_runs_journal_is_completed_and_a_later_file_kept(tmp_path):
    out = tmp_path / "out"
    (out / "k").mkdir(parents=True)
    a, b, c = (out / "k" / f"{n}-a4.pdf" for n in "abc")
    a.write_bytes(b"new a")  # renamed before the kill
    b.write_bytes(b"old b")
    parts = [_part(a, b"never"), _part(b, b"new b"), _part(c, b"new c")]
    journal = Journal.open(out, list(zip(parts, (a, b, c))))
    os.close(journal.fd)  # the run dies: its lock goes with it
    c.write_bytes(b"a later run's c")
    os.utime(c, ns=(journal.path.stat().st_mtime_ns + 10**9,) * 2)
    complete(out)
    assert (b.read_bytes(), c.read_bytes()) == (b"new b", b"a later run's c")
    assert sorted(p.name for p in out.rglob("*")) == ["a-a4.pdf", "b-a4.pdf", "c-a4.pdf", "k"]


def test_a_live_runs_journal_is_left_alone(tmp_path):
    out = tmp_path / "out"
    (out / "k").mkdir(parents=True)
    final = out / "k/a-a4.pdf"
    journal = Journal.open(out, [(_part(final, b"new"), final)])
    complete(out)
    assert not final.exists() and journal.path.exists()
    journal.close()


@pytest.mark.parametrize("renames", [
    [["k/.a-a4.pdf.0123456789ab.part", "../victim.pdf"]],
    [["k/.a-a4.pdf.0123456789ab.part", "/tmp/victim.pdf"]],
    [["k/.a-a4.pdf.0123456789ab.part", "k/b-a4.pdf"]],  # not the part of that file
    [["k/notes.txt", "k/a-a4.pdf"]],  # not a part file
    [["k/.a-a4.pdf.0123456789ab.part", "l/a-a4.pdf"]],  # another folder (through a link)
])
def test_a_planted_journal_renames_nothing_but_pnps_own_parts(tmp_path, renames):
    """A shared output folder could carry a journal: it never moves a file anywhere but a part onto
    its own final name, below the output folder, through no symbolic link."""
    out = tmp_path / "out"
    (out / "k").mkdir(parents=True)
    (out / "l").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (tmp_path / "elsewhere").mkdir()
    (out / "k/notes.txt").write_text("mine")
    _part(out / "k/a-a4.pdf", b"planted")
    (out / ".pnp-commit.feedfacecafe.journal").write_text(json.dumps({"format": 1, "renames": renames}))
    complete(out)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()) == [
        "out/k/.a-a4.pdf.0123456789ab.part", "out/k/notes.txt"]


def test_two_batches_making_one_new_folder_both_write_it(tmp_path, monkeypatch):
    """The folder another run makes between this one's look and its mkdir is used, not an error
    ("File exists"), and not removed by this run's discard."""
    out = tmp_path / "out"
    real = Path.mkdir

    def raced(self, *args, **kwargs):
        if self.name == "k" and not self.exists():
            real(self, *args, **kwargs)  # the other run, a moment sooner
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", raced)
    with OutputBatch(root=out) as batch:
        batch.write(out / "k/a.txt", b"a")
        assert batch._made == [out]
        batch.discard()
    assert (out / "k").is_dir()  # (the run beside it writes there)


def _photo_kit(root: Path) -> Path:
    kit = tiny_kit(root, '    p: {type: image, src: "art/a.png", x: 5, y: 5, w: 20, h: 20}\n')
    Image.effect_noise((800, 800), 60).convert("RGB").save(kit / "art/a.png")  # downsampled: cached
    return kit


@pytest.mark.parametrize("craft", ["other size", "pixels cut"])
def test_a_crafted_image_entry_is_made_again_not_drawn(project, tmp_path, monkeypatch, craft):
    """The entry's JSON line and its SHA-256 agree with its bytes (whoever wrote it knew how), but
    its picture is not the size asked, or its pixel data are cut short: it is not drawn."""
    import hashlib

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    root = project()
    _photo_kit(root)
    assert pnp(root, "build", "--out", str(tmp_path / "out"), "--backs", "none").exit_code == 0
    (entry,) = (tmp_path / "cache/images").iterdir()
    good = entry.read_bytes()
    line, _, body = good.partition(b"\n")
    head = json.loads(line)
    if craft == "other size":
        head["images"][0]["width"] -= 1
    else:
        import zlib

        body = zlib.compress(zlib.decompress(body)[:-100], 1)
        head["images"][0]["length"] = len(body)
    head["sha256"] = hashlib.sha256(body).hexdigest()
    entry.write_bytes(json.dumps(head).encode() + b"\n" + body)
    assert pnp(root, "build", "--out", str(tmp_path / "again"), "--backs", "none").exit_code == 0
    assert (tmp_path / "again/k/cards-a4.pdf").read_bytes() == (tmp_path / "out/k/cards-a4.pdf").read_bytes()
    assert entry.read_bytes() == good


def test_a_picture_verdict_that_lies_is_checked_against_the_picture(project, tmp_path, monkeypatch):
    """A verdict says a damaged picture is whole (and of another size): pnp reads the picture's
    header, finds they differ, decodes it whole, and reports the damage at the element."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    root = project()
    kit = _photo_kit(root)
    assert pnp(root, "build", "--out", str(tmp_path / "out"), "--backs", "none").exit_code == 0
    (verdict,) = (tmp_path / "cache/pictures").iterdir()
    data = (kit / "art/a.png").read_bytes()
    cut = data[: len(data) // 2]
    (kit / "art/a.png").write_bytes(cut)
    import hashlib

    crafted = verdict.parent / f"{hashlib.sha256(cut).hexdigest()}.json"
    crafted.write_text(json.dumps({"format": "PNG", "mode": "RGB", "width": 10, "height": 10}))
    result = pnp(root, "build", "--out", str(tmp_path / "again"), "--backs", "none")
    assert result.exit_code == 1 and "a.png: the file is truncated" in result.stderr, result.stderr


# Exports on a faulty disk ---------------------------------------------------------------------

def _files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def _mount(folder: Path, options: str) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        return False
    return subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)],
                          capture_output=True).returncode == 0


@pytest.fixture
def mounted():
    folders: list[Path] = []
    yield folders
    for folder in reversed(folders):
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def test_an_export_into_a_read_only_folder_is_one_message(project, tmp_path, mounted):
    root = project("dix-mille")
    out = tmp_path / "out"
    if _mount(out, "size=4m"):
        mounted.append(out)
        assert pnp(root, "export", "dix-mille", "--sheets", "--out", str(out)).exit_code == 0
        assert subprocess.run(["mount", "-o", "remount,ro", str(out)]).returncode == 0
    else:
        assert pnp(root, "export", "dix-mille", "--sheets", "--out", str(out)).exit_code == 0
        for folder in (out, out / "dix-mille", out / "dix-mille/sheets"):
            folder.chmod(0o555)
        if os.access(out / "dix-mille/sheets", os.W_OK):
            pytest.skip("root ignores file modes, and no read-only tmpfs can be mounted here")
    before = _files(out)
    result = pnp(root, "export", "dix-mille", "--sheets", "--force", "--out", str(out))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"pnp: output: cannot write {out.as_posix()}/dix-mille/sheets/")
    assert "Read-only file system" in result.stderr or "Permission denied" in result.stderr
    assert _files(out) == before


def test_an_export_onto_a_full_disk_is_one_message_per_file(project, tmp_path, monkeypatch):
    root = project("dix-mille")
    out = tmp_path / "out"
    assert pnp(root, "export", "dix-mille", "--sheets", "--out", str(out)).exit_code == 0
    before = _files(out)

    def full(self, final, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(final))

    monkeypatch.setattr(OutputBatch, "write", full)
    result = pnp(root, "export", "dix-mille", "--sheets", "--force", "--out", str(out))
    assert result.exit_code == 1 and "No space left on device" in result.stderr
    assert _files(out) == before
