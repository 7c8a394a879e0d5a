"""Faults around a build: a full disk, a read-only folder, `--out` under a file, a file pnp may not
read, a build killed half-way. Each is one clear message and exit 1 with the previous output intact;
killed builds leave nothing the next build finds; files follow the umask; a failed build makes no
folder. The full disk is a real one, a 64 kB tmpfs, where this machine lets the tests mount it (as
root), and a simulated one (a write failing with ENOSPC) everywhere."""
from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from conftest import ROOT, edit
from hostile import pnp

PDFS = ("cartes-a4.pdf", "aide-a4.pdf", "score-a4.pdf", "boite-a4.pdf", "regles-a4.pdf", "regles-livret-a4.pdf")


def _mount(folder: Path, options: str) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True)
    return done.returncode == 0


@pytest.fixture
def tmpfs(tmp_path):
    """`make(folder, options)` mounts a tmpfs there (False where the machine does not allow it);
    every mount is undone at the end."""
    mounted: list[Path] = []

    def make(folder: Path, options: str) -> bool:
        if _mount(folder, options):
            mounted.append(folder)
            return True
        return False

    yield make
    for folder in reversed(mounted):
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def _previous(out: Path) -> dict[str, bytes]:
    """Stand-ins for the PDFs of an earlier build, which a failed build must leave as they are."""
    (out / "similis").mkdir(parents=True, exist_ok=True)
    for name in PDFS:
        (out / "similis" / name).write_bytes(b"previous " + name.encode())
    return _files(out)


def _files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_a_full_disk_on_a_small_tmpfs(project, tmp_path, tmpfs):
    out = tmp_path / "out"
    if not tmpfs(out, "size=64k"):
        pytest.skip("mounting a tmpfs needs root and a mount the machine allows (simulated below)")
    root = project("similis")
    before = _previous(out)
    result = pnp(root, "build", "--out", str(out))
    assert result.exit_code == 1
    assert f"cannot write {out.as_posix()}/similis/" in result.stderr and "No space left on device" in result.stderr
    assert _files(out) == before  # no part file left, the previous PDFs intact


def test_a_full_disk_simulated(project, tmp_path, monkeypatch):
    root = project("similis")
    out = tmp_path / "out"
    before = _previous(out)
    real = Canvas.save

    def save_half(self):
        real(self)
        path = Path(self._filename)
        path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(Canvas, "save", save_half)
    result = pnp(root, "build", "--out", str(out))
    assert result.exit_code == 1 and result.stderr.count("No space left on device") == 1
    assert _files(out) == before


def test_a_read_only_output_folder(project, tmp_path, tmpfs):
    root = project("similis")
    out = tmp_path / "out"
    if tmpfs(out, "size=4m"):
        assert pnp(root, "build", "--out", str(out)).exit_code == 0
        assert subprocess.run(["mount", "-o", "remount,ro", str(out)]).returncode == 0
    elif os.geteuid() != 0:
        assert pnp(root, "build", "--out", str(out)).exit_code == 0
        for folder in (out, out / "similis"):
            folder.chmod(0o555)
    else:
        pytest.skip("root ignores file modes, and no read-only tmpfs can be mounted here")
    before = _files(out)
    edit(root / "decks/similis/aide.yaml", "Le plus jeune commence.", "La plus jeune commence.")
    result = pnp(root, "build", "--out", str(out))
    assert result.exit_code == 1
    assert f"cannot write {out.as_posix()}/similis/" in result.stderr
    assert "Read-only file system" in result.stderr or "Permission denied" in result.stderr
    assert _files(out) == before
    for folder in (out, out / "similis"):
        folder.chmod(0o755) if os.geteuid() != 0 else None


def test_an_output_folder_under_a_file(project, tmp_path):
    root = project("similis")
    (tmp_path / "file").write_text("a file", encoding="utf-8")
    out = tmp_path / "file" / "out"
    result = pnp(root, "build", "--out", str(out))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"pnp: --out: the output folder {out.as_posix()} lies under "
                                    f"{tmp_path.as_posix()}/file, which is a file\n"), result.stderr
    result = pnp(root, "calibrate", "--out", str(out))
    assert result.exit_code == 1 and f"cannot write {out.as_posix()}: Not a directory" in result.stderr
    result = pnp(root, "build", "--out", str(tmp_path / "file"))  # Click's own check: a usage error
    assert result.exit_code == 2 and "is a file" in result.stderr
    assert (tmp_path / "file").read_text(encoding="utf-8") == "a file"


def test_a_kit_file_pnp_may_not_read(project, tmp_path, monkeypatch):
    root = project("similis")
    cards = root / "decks/similis/cartes.yaml"
    if os.geteuid() != 0:
        cards.chmod(0)
    else:  # root reads whatever the mode: the system's answer to anyone else, simulated
        real = os.open

        def denied(path, flags, *args, **kwargs):
            if Path(path) == cards.resolve():
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
            return real(path, flags, *args, **kwargs)

        monkeypatch.setattr(os, "open", denied)
    result = pnp(root, "build", "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert "decks/similis/cartes.yaml: YAML: cannot read cartes.yaml: Permission denied" in result.stderr
    cards.chmod(0o644)


def test_a_killed_build_leaves_nothing_for_the_next_build(project, tmp_path):
    """A build killed while it writes leaves its part file; the next build, even one with nothing
    to do, deletes it: its writer's lock died with it."""
    root = project("similis")
    out = tmp_path / "out"
    assert pnp(root, "build", "--out", str(out)).exit_code == 0
    killed = ("import os, signal, sys; from pathlib import Path; from pnp.output import OutputBatch\n"
              "batch = OutputBatch(); batch.canvas(Path(sys.argv[1]), (100, 100), 'Helvetica', {})\n"
              "os.kill(os.getpid(), signal.SIGKILL)\n")
    done = subprocess.run([sys.executable, "-c", killed, str(out / "similis/cartes-a4.pdf")], cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True)
    assert done.returncode == -9, done.stderr
    assert [p.name for p in (out / "similis").glob(".cartes-a4.pdf.*.part")]
    result = pnp(root, "build", "--out", str(out), "--json")
    assert result.exit_code == 0 and '"up_to_date": true' in result.stdout
    assert sorted(p.name for p in (out / "similis").iterdir()) == sorted(PDFS)


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_pdfs_follow_the_umask(project, tmp_path, umask, mode):
    root = project("similis")
    old = os.umask(umask)
    try:
        assert pnp(root, "build", "--out", str(tmp_path / "out")).exit_code == 0
    finally:
        os.umask(old)
    assert {p.stat().st_mode & 0o777 for p in (tmp_path / "out/similis").iterdir()} == {mode}


def test_a_failing_build_makes_no_folder(project, tmp_path):
    """The cards are drawn (their PDF begun, its folder made) before the rules card fails to lay out."""
    root = project("similis")
    edit(root / "decks/similis/aide.yaml", "Le plus jeune commence.", "Le plus jeune commence. " + "encore " * 120)
    out = tmp_path / "deep" / "out"
    assert pnp(root, "build", "--out", str(out)).exit_code == 1
    assert not (tmp_path / "deep").exists()


def test_a_folder_where_a_pdf_goes_fails_the_build_and_replaces_nothing(project, tmp_path):
    root = project("similis")
    out = tmp_path / "out"
    _previous(out)
    (out / "similis/score-a4.pdf").unlink()
    (out / "similis/score-a4.pdf").mkdir()
    before = _files(out)
    result = pnp(root, "build", "--out", str(out))
    assert result.exit_code == 1 and "a folder stands where the file goes" in result.stderr
    assert _files(out) == before and not list((out / "similis").glob(".*.part"))


@pytest.mark.parametrize("args, code, message", [
    (["playtest", "similis", "--players", "0"], 2, "Invalid value for --players: Similis is played by 3 to 6 players"),
    (["playtest", "similis", "--games", "0"], 2, "Invalid value for '--games'"),
    (["build", "--back-offset", "nan,nan"], 2, "DX and DY must be numbers of mm"),
    (["build", "--back-offset", "inf,0"], 2, "DX and DY must be numbers of mm"),
    (["build", "--back-offset", "1,2,3"], 2, "expected DX,DY in mm"),
    (["calibrate", "--back-offset", "nan,0"], 2, "DX and DY must be numbers of mm"),
    (["build", "--paper", "a5"], 2, "Invalid value for '--paper'"),
    (["build", "--image-dpi", "0"], 2, "Invalid value for '--image-dpi'"),
    (["build", "nope"], 1, "no kit 'nope'"),
    (["playtest", "nope"], 1, "no kit 'nope'"),
    (["check", "../../.."], 1, "no kit '../../..'"),
])
def test_command_line_misuse_is_a_clear_message(project, tmp_path, args, code, message):
    root = project("similis")
    result = pnp(root, *args, *(["--out", str(tmp_path / "out")] if args[0] == "build" else []))
    assert result.exit_code == code and message in result.output, result.output
    assert not (tmp_path / "out").exists()
