"""The output batch: canvases freed once saved, one file per final path, all-or-nothing commits,
unique temporary files and the sweep of those that killed runs left behind (whatever their age),
never of a live run's."""
from __future__ import annotations

import gc
import os
import shutil
import weakref
from pathlib import Path

import pytest

from pnp.output import OutputBatch, OutputClash, sweep

from conftest import Options, build, make_project

FONT = "NotoSans-Regular"


@pytest.fixture(autouse=True, scope="module")
def _bundled_font(shipped):
    from pnp.layout.fonts import FontBook
    from pnp.model.fonts import read_fonts

    FontBook(read_fonts(shipped)).default_face()  # registers the bundled font the canvases start with


def _canvas(batch: OutputBatch, path: Path, text: str):
    canvas = batch.canvas(path, (200.0, 200.0), FONT, {"title": text})
    canvas.drawString(10, 10, text)
    return canvas


def test_a_saved_canvas_is_not_kept_by_the_batch(tmp_path):
    with OutputBatch() as batch:
        canvas = _canvas(batch, tmp_path / "a.pdf", "a")
        temp = batch.save(canvas)
        freed = weakref.ref(canvas)
        del canvas
        gc.collect()
        assert freed() is None  # its document (every page's objects) is gone
        assert temp.is_file() and temp.parent == tmp_path and temp.name.startswith(".a.pdf.")
        assert batch.commit() == [tmp_path / "a.pdf"]
    assert (tmp_path / "a.pdf").read_bytes().startswith(b"%PDF")


def test_a_final_path_handed_out_twice_is_refused(tmp_path):
    with OutputBatch() as batch:
        _canvas(batch, tmp_path / "a.pdf", "a")
        with pytest.raises(OutputClash, match="a.pdf is already written"):
            _canvas(batch, tmp_path / "sub" / ".." / "a.pdf", "b")


def test_temporary_files_are_unique_and_removed_on_discard(tmp_path):
    with OutputBatch() as batch:
        temps = [batch.save(_canvas(batch, tmp_path / f"{name}.pdf", name)) for name in ("a", "b")]
        assert len(set(temps)) == 2 and all(t.is_file() for t in temps)
    assert not list(tmp_path.iterdir())  # leaving the block without commit discards them


def test_commit_with_a_canvas_never_saved_renames_nothing(tmp_path):
    (tmp_path / "a.pdf").write_bytes(b"old a")
    with OutputBatch() as batch:
        batch.save(_canvas(batch, tmp_path / "a.pdf", "a"))
        _canvas(batch, tmp_path / "b.pdf", "b")
        with pytest.raises(RuntimeError, match="never saved: .*b.pdf"):
            batch.commit()
    assert (tmp_path / "a.pdf").read_bytes() == b"old a"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf"]


def test_the_sweep_deletes_the_temporary_files_of_dead_runs_only(tmp_path):
    dead = tmp_path / ".a.pdf.12345.part"  # left by a killed run a moment ago: nobody holds its lock
    other = tmp_path / ".b.json.12345.part"  # an export's, as dead
    for path in (dead, other):
        path.write_bytes(b"half a file")
    with OutputBatch() as live:  # a build running beside this one
        temp = live.save(_canvas(live, tmp_path / "c.pdf", "c"))
        sweep(tmp_path)
        assert temp.is_file()
    assert not list(tmp_path.iterdir())


def test_two_kits_with_one_folder_name_fail_and_leave_the_previous_pdfs(tmp_path):
    root = make_project(tmp_path / "project", ("similis",))
    shutil.copytree(root / "decks" / "similis", root / "more" / "similis")
    out = tmp_path / "out"
    assert not [p for r in build(root, [str(root / "decks" / "similis")], Options(out=out)) for p in r.errors]
    for pdf in (out / "similis").iterdir():
        pdf.write_bytes(b"previous " + pdf.name.encode())
    reports = build(root, [str(root / "decks" / "similis"), str(root / "more" / "similis")], Options(out=out))
    errors = [p.render() for r in reports for p in r.errors]
    assert any("two kits are named 'similis' (decks/similis and more/similis)" in e for e in errors), errors
    assert {p.name: p.read_bytes() for p in (out / "similis").iterdir()} == {
        name: b"previous " + name.encode() for name in ("cartes-a4.pdf", "aide-a4.pdf", "score-a4.pdf", "boite-a4.pdf",
                                                    "regles-a4.pdf", "regles-livret-a4.pdf")}


def test_files_get_the_mode_of_the_users_umask(tmp_path):
    """What a commit renames into place is as readable as any new file of the user (0644 under
    umask 022, 0640 under 027), canvases and bytes alike."""
    old = os.umask(0o027)
    try:
        with OutputBatch() as batch:
            batch.save(_canvas(batch, tmp_path / "a.pdf", "a"))
            batch.write(tmp_path / "b.png", b"bytes")
            batch.commit()
    finally:
        os.umask(old)
    assert {p.name: p.stat().st_mode & 0o777 for p in tmp_path.iterdir()} == {"a.pdf": 0o640, "b.png": 0o640}
    assert (tmp_path / "b.png").read_bytes() == b"bytes"


def test_page_digests_tell_pages_apart_by_what_they_draw(tmp_path):
    """A batch recording pages keeps one digest per page shown, equal for pages drawn alike (this
    reads ReportLab's private list of a page's operators, `_code`: the canary on it)."""
    with OutputBatch(record_pages=True) as batch:
        canvas = batch.canvas(tmp_path / "a.pdf", (200.0, 200.0), FONT, {})
        for text in ("one", "two", "one"):
            canvas.drawString(20, 20, text)
            canvas.showPage()
        batch.save(canvas)
        one, two, again = batch.page_digests[tmp_path / "a.pdf"]
        assert one == again != two
    with OutputBatch() as plain:
        plain.save(_canvas(plain, tmp_path / "c.pdf", "c"))
        assert plain.page_digests == {}


def test_a_page_digest_covers_the_page_size_and_boxes(tmp_path):
    """The same operators on a page of another size, or with other boxes, give another digest (the
    preview takes the size of a page whose digest it knows from the last build)."""
    with OutputBatch(record_pages=True) as batch:
        canvas = batch.canvas(tmp_path / "a.pdf", (200.0, 200.0), FONT, {})
        for size, trim in (((200.0, 200.0), None), ((200.0, 300.0), None), ((200.0, 200.0), (0, 0, 100, 100)),
                           ((200.0, 200.0), None)):
            canvas.setPageSize(size)
            canvas.setTrimBox(trim)
            canvas.drawString(20, 20, "one")
            canvas.showPage()
        batch.save(canvas)
        first, taller, trimmed, again = batch.page_digests[tmp_path / "a.pdf"]
        assert len({first, taller, trimmed}) == 3 and again == first


def test_a_page_frame_is_a_key_whatever_sequence_a_box_was_given_as(tmp_path):
    """ReportLab takes any sequence for a box; the frame a batch keeps of a page holds tuples (the
    preview finds a page's size by it), the same for a box given as a list or as a tuple."""
    with OutputBatch(record_pages=True) as batch:
        canvas = batch.canvas(tmp_path / "a.pdf", (200.0, 200.0), FONT, {})
        for trim in ([0, 0, 100, 100], (0, 0, 100, 100)):
            canvas.setTrimBox(trim)
            canvas.showPage()
        batch.save(canvas)
        listed, tupled = batch.page_frames[tmp_path / "a.pdf"]
        assert listed == tupled and hash(listed) == hash(tupled) and (0, 0, 100, 100) in listed
        assert len(set(batch.page_digests[tmp_path / "a.pdf"])) == 1
