"""pnp watch: file events from watchdog and from polling, the loop that builds on every save and
says what changed, and the command that runs it until Ctrl-C."""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.live.changes import EventWatcher, PollingWatcher, watcher
from pnp.live.loop import Loop

from conftest import ROOT, Options, edit, line_of


@pytest.fixture(params=["events", "polling"])
def files(request):
    made = EventWatcher() if request.param == "events" else PollingWatcher(0.05)
    yield made
    made.close()


def test_a_save_is_seen_once_and_hidden_or_ignored_files_are_not(files, tmp_path):
    kit, out = tmp_path / "kit", tmp_path / "kit" / "out"
    out.mkdir(parents=True)
    (kit / "cards.yaml").write_text("a: 1\n")
    files.watch({kit}, set(), {out})
    time.sleep(0.1)
    (kit / ".cards.yaml.swp").write_text("x")
    (out / "cards-a4.pdf").write_text("x")
    (kit / "cards.yaml~").write_text("x")
    assert files.wait(timeout=0.4) == set()
    (kit / "cards.yaml").write_text("a: 2\n")
    assert files.wait(timeout=3) == {kit / "cards.yaml"}
    assert files.wait(timeout=0.3) == set()


def test_a_save_through_a_temporary_file_renamed_onto_the_file_is_one_change(tmp_path):
    files = EventWatcher()
    try:
        kit = tmp_path / "kit"
        kit.mkdir()
        cards, temp = kit / "cards.yaml", kit / "sedAb12"  # as `sed -i` and many editors save
        cards.write_text("a: 1\n")
        files.watch({kit}, {cards}, set())
        time.sleep(0.1)
        temp.write_text("a: 2\n")
        time.sleep(0.01)  # closed, then renamed a moment later
        os.replace(temp, cards)
        assert files.wait(timeout=3) == {temp, cards}
        assert files.wait(timeout=0.3) == set()
    finally:
        files.close()


def test_a_save_written_in_several_steps_is_one_change_seen_once_the_file_is_whole(tmp_path):
    """An editor that truncates the file and writes it in parts: the burst ends when the file is
    closed, however short the wait after the end of a write is."""
    files = EventWatcher()
    try:
        kit = tmp_path / "kit"
        kit.mkdir()
        cards = kit / "cards.yaml"
        cards.write_text("a: 1\n")
        files.watch({kit}, {cards}, set())
        time.sleep(0.1)

        def save() -> None:  # truncated, then written in three parts
            with cards.open("w") as handle:
                for part in ("a:", " 2", "\n"):
                    handle.write(part)
                    handle.flush()
                    time.sleep(0.01)

        writer = threading.Thread(target=save)
        writer.start()
        assert files.wait(timeout=3) == {cards}
        assert cards.read_text() == "a: 2\n" and not writer.is_alive()
        writer.join()
        assert files.wait(timeout=0.3) == set()
    finally:
        files.close()


def test_a_file_outside_the_watched_folders_is_watched_alone(files, tmp_path):
    (tmp_path / "art").mkdir()
    picture, other = tmp_path / "art" / "fond.svg", tmp_path / "art" / "other.svg"
    picture.write_text("<svg/>")
    other.write_text("<svg/>")
    files.watch(set(), {picture}, set())
    time.sleep(0.1)
    picture.write_text("<svg></svg>")
    assert picture in files.wait(timeout=3)


def test_reading_a_watched_file_wakes_no_watchdog_thread(tmp_path):
    """A build reads the watched layouts, fonts and kit: inotify is asked for changes only, so those
    reads deliver no event to watchdog's threads (they would take the interpreter from the build)."""
    kit = tmp_path / "kit"
    kit.mkdir()
    (kit / "layouts.yaml").write_text("a: 1\n")
    files = EventWatcher()
    seen: list[str] = []
    dispatch = files._handler.dispatch
    files._handler.dispatch = lambda event: (seen.append(event.event_type), dispatch(event))  # type: ignore[method-assign]
    try:
        files.watch({kit}, set(), set())
        time.sleep(0.1)
        for _ in range(5):
            (kit / "layouts.yaml").read_bytes()
        (kit / "cards.yaml").write_text("b: 2\n")
        assert files.wait(timeout=2) == {kit / "cards.yaml"}
    finally:
        files.close()
    assert seen and not {"opened", "closed_no_write"} & set(seen), seen


def test_a_folder_removed_and_made_again_is_watched_again_for_the_same_files(tmp_path):
    """The watcher works out once which folders the same files take, and looks again at which of
    them are folders on every build: a folder removed is let go, the same folder made again is
    watched again."""
    art = tmp_path / "art"
    art.mkdir()
    (art / "fond.svg").write_text("<svg/>")
    files = EventWatcher()
    try:
        files.watch(set(), {art / "fond.svg"}, set())
        shutil.rmtree(art)
        files.wait(timeout=0.5)
        files.watch(set(), {art / "fond.svg"}, set())
        assert not files._watches
        art.mkdir()
        files.watch(set(), {art / "fond.svg"}, set())
        time.sleep(0.1)
        (art / "fond.svg").write_text("<svg></svg>")
        assert art / "fond.svg" in files.wait(timeout=3)
    finally:
        files.close()


def test_watchdog_is_used_when_installed_and_polling_when_asked():
    chosen = watcher()
    polled = watcher(poll=True)
    try:
        assert isinstance(chosen, EventWatcher) and chosen.describe() == "file events (watchdog)"
        assert isinstance(polled, PollingWatcher) and polled.describe() == "polling every 0.25 s"
    finally:
        chosen.close()
        polled.close()


def test_without_watchdog_files_are_polled(monkeypatch):
    monkeypatch.setitem(sys.modules, "watchdog.observers", None)  # import fails as when not installed
    made = watcher()
    try:
        assert isinstance(made, PollingWatcher)
    finally:
        made.close()


@pytest.fixture
def loop(project, tmp_path):
    root = project("similis")
    lines: list[str] = []
    files = PollingWatcher(0.05)
    made = Loop(root, ["similis"], Options(out=tmp_path / "out"), files, lines.append)
    yield made, root, lines
    files.close()


def test_the_loop_says_what_changed_what_it_drew_and_the_errors_of_a_broken_save(loop, tmp_path):
    made, root, lines = loop
    first = made.build(set())
    assert first.ok and re.fullmatch(r"\d\d:\d\d:\d\d  first build · \d+\.\d\d s", lines[0])
    assert len(lines) == 2 and re.fullmatch(r"  similis: rebuilt cartes-a4\.pdf \(24 pages\), aide-a4\.pdf \(2 pages\), "
                                            r"score-a4\.pdf \(1 page\), boite-a4\.pdf \(1 page\), regles-a4\.pdf "
                                            r"\(\d+ pages\), regles-livret-a4\.pdf \(\d+ pages\)", lines[1]), lines
    assert root / "decks/similis/art/fond-pierre.svg" in made.inputs  # a picture is an input
    aide = root / "decks/similis/aide.yaml"
    edit(aide, "Le plus jeune commence.", "La plus jeune commence.")
    lines.clear()
    made.build({aide, root / "decks/similis/sedXYZ12"})  # a tool's temporary file, gone: not named
    assert lines[0].endswith(" decks/similis/aide.yaml changed · " + lines[0].split(" · ")[-1])
    assert len(lines) == 2 and re.fullmatch(r"  similis: rebuilt aide-a4\.pdf \(2 pages\), regles-a4\.pdf \(\d+ pages\), "
                                            r"regles-livret-a4\.pdf \(\d+ pages\); kept cartes-a4\.pdf, "
                                            r"score-a4\.pdf, boite-a4\.pdf", lines[1]), lines
    before = (tmp_path / "out/similis/aide-a4.pdf").read_bytes()
    edit(aide, "titre: text", "titre: txet")
    lines.clear()
    broken = made.build({aide})
    assert not broken.ok and lines[1:] == [
        f"decks/similis/aide.yaml:{line_of(aide, 'txet')}:10: deck.fields.titre: must be one of: text, int, "
        "number, bool, data, list or a mapping of keys to values (got 'txet'; did you mean 'text'?)",
        "  similis: 1 error; the last good PDFs stay in " + (tmp_path / "out/similis").as_posix() + "/"]
    assert (tmp_path / "out/similis/aide-a4.pdf").read_bytes() == before
    edit(aide, "titre: txet", "titre: text")
    lines.clear()
    assert made.build({aide}).ok
    assert lines[1:] == ["  similis: up to date"]  # the same as the last good build


def test_a_save_made_as_soon_as_the_preview_shows_the_first_build_is_seen(project, tmp_path):
    """The watcher is pointed at the build's files before the preview is told of it."""
    root = project("similis-reglisse")
    deck = root / "decks/similis-reglisse/game.yaml"
    files = EventWatcher()
    try:
        made = Loop(root, ["similis-reglisse"], Options(out=tmp_path / "out"), files, lambda line: None,
                    lambda outcome: deck.write_bytes(deck.read_bytes() + b"\n"))
        assert made.build(set()).ok
        assert deck in files.wait(timeout=3)
    finally:
        files.close()


def test_the_collector_is_held_off_until_the_preview_is_told(loop):
    """A collection as the resident's build ends would delay the preview: it runs once it is told."""
    import gc

    made, root, lines = loop
    seen: list[bool] = []
    made.publish = lambda outcome: seen.append(gc.isenabled())
    assert gc.isenabled() and made.build(set()).ok
    assert seen == [False] and gc.isenabled()


def test_a_fault_of_pnp_is_said_and_watching_goes_on(loop, monkeypatch):
    made, root, lines = loop

    def fault(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(made.resident, "build", fault)
    outcome = made.build(set())
    assert outcome.failure == "RuntimeError: a bug" and not outcome.ok
    assert lines[1] == "  pnp failed while building: RuntimeError: a bug (no file was changed; watching goes on " \
                       "— please report this)"


def test_a_fault_in_writing_the_build_cache_after_the_event_is_said_and_watching_goes_on(loop, monkeypatch):
    """The build cache's state is written after the preview is told (`Resident.collect`): a fault of
    pnp's there is said like a fault in the build, and the next build runs."""
    from pnp.cache import BuildCache

    made, root, lines = loop
    save = BuildCache.save

    def fault(self):
        raise ValueError("a bug")

    monkeypatch.setattr(BuildCache, "save", fault)
    assert made.build(set()).ok
    assert lines[-1] == "  pnp failed to record this build in its cache: ValueError: a bug (a later `pnp build` " \
                        "builds the kit again — please report this)"
    monkeypatch.setattr(BuildCache, "save", save)
    edit(root / "decks/similis/aide.yaml", "Le plus jeune commence.", "La plus jeune commence.")
    assert made.build({root / "decks/similis/aide.yaml"}).ok and "pnp failed" not in lines[-1]


def test_forever_builds_after_each_save(loop):
    made, root, lines = loop
    outcomes = []
    made.publish = outcomes.append
    thread = threading.Thread(target=made.forever, args=(lambda: len(outcomes) >= 2,), daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not outcomes and time.monotonic() < end:
        time.sleep(0.05)
    time.sleep(0.2)
    edit(root / "decks/similis/score.yaml", "title: feuille de score", "title: feuille des scores")
    thread.join(timeout=30)
    assert not thread.is_alive() and outcomes[1].changed == ["decks/similis/score.yaml"]
    # the score sheet redrawn, and the rulebook (never remembered: its figures read the whole kit)
    assert {f.path: outcomes[1].last[f.path] for r in outcomes[1].reports for f in r.files} == {
        f.path: ("rebuilt" if f.component in ("score", "regles", "regles-livret") else "kept")
        for r in outcomes[1].reports for f in r.files}


def _start(root: Path, *args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "pnp", "--project", str(root), "watch", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def test_the_command_serves_the_preview_and_stops_on_ctrl_c(project, tmp_path):
    import urllib.request

    root = project("similis-reglisse")
    process = _start(root, "similis-reglisse", "--serve", "--out", str(tmp_path / "out"))
    try:
        head = [process.stdout.readline() for _ in range(4)]
        assert head[0] == "pnp watch: similis-reglisse · file events (watchdog) · Ctrl-C stops\n"
        url = re.fullmatch(r"preview: (http://127\.0\.0\.1:\d+/)\n", head[1]).group(1)
        assert "first build" in head[2] and head[3].startswith("  similis-reglisse: rebuilt cartes-a4.pdf")
        with urllib.request.urlopen(url + "state") as answer:
            assert answer.headers["Content-Type"] == "application/json; charset=utf-8"
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=20)
    assert process.returncode == 0 and out.endswith("stopped\n") and err == ""


def test_bad_usage_ends_the_command_with_exit_2(project, tmp_path, monkeypatch):
    import socket

    root = project("similis-reglisse")
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["--project", str(root), "watch", "--serve", "--port", str(port)])
    finally:
        taken.close()
    assert result.exit_code == 2 and f"cannot listen on 127.0.0.1:{port}" in result.output
    monkeypatch.setitem(sys.modules, "pypdfium2", None)
    result = CliRunner().invoke(main, ["--project", str(root), "watch", "--serve"])
    assert result.exit_code == 2 and "--serve renders pages with pypdfium2: pip install pypdfium2 (or, in " \
                                     "pnp's folder, pip install '.[watch]')" in result.output


def test_polling_waits_for_a_file_still_being_written(tmp_path, monkeypatch):
    files = PollingWatcher(60.0)
    try:
        cards = tmp_path / "cards.yaml"
        files._seen = {cards: (10, 1)}
        monkeypatch.setattr(files, "_look", lambda: {cards: (20, 3)})  # a moment later: still growing
        assert files._report({cards: (0, 2)}) == {cards: (10, 1)}  # truncated, being written: not yet
        assert files.wait(timeout=0.05) == set()
        files._seen = files._report({cards: (20, 3)})  # whole, and still
        assert files._seen == {cards: (20, 3)} and files.wait(timeout=0.05) == {cards}
    finally:
        files.close()


def test_a_data_file_is_watched_and_an_edit_of_a_cell_redraws_its_deck(project, tmp_path):
    from pnp.newkit import new_kit

    root = project()
    new_kit(root, "demo")
    deck, game, table = (root / "decks/demo" / name for name in ("cartes.yaml", "game.yaml", "cartes.csv"))
    text = deck.read_text(encoding="utf-8")
    deck.write_text(text[:text.index("generate:")].replace("count: 12", "count: 2") + "data: cartes.csv\n",
                    encoding="utf-8")
    text = game.read_text(encoding="utf-8")
    game.write_text(text[:text.index("checks:")] + text[text.index("components:"):], encoding="utf-8")
    table.write_text("nom;famille;valeur;texte\nAube;soleil;1;Piochez.\nNova;étoile;3;Marquez.\n", encoding="utf-8")
    lines: list[str] = []
    files = PollingWatcher(60.0)
    try:
        loop = Loop(root, ["demo"], Options(out=tmp_path / "out"), files, lines.append)
        assert loop.build(set()).ok, lines
        assert table in loop.inputs
        edit(table, "Nova;étoile;3", "Nova;lune;3")
        lines.clear()
        assert loop.build({table}).ok
        assert lines[0].split("  ")[1].startswith("decks/demo/cartes.csv changed")
        assert lines[1:] == ["  demo: rebuilt cartes-a4.pdf (2 pages); kept score-a4.pdf"]
    finally:
        files.close()


def test_the_check_after_a_build_has_the_builds_options(project, tmp_path, monkeypatch):
    """A watch with --color cmyk --ink saver checks the kit as `pnp check` would with them."""
    import pnp.build

    root, seen = project("similis"), []
    options = Options(out=tmp_path / "out", paper="letter", color="cmyk", ink="saver", ink_limit=200.0)
    files = PollingWatcher(0.05)
    made = Loop(root, ["similis"], options, files, lambda line: None, checked=lambda number, reports: None)
    monkeypatch.setattr(made.resident, "build", lambda names, options: [])
    monkeypatch.setattr(pnp.build, "check", lambda root, names, options: seen.append(options) or [])
    made.build(set())
    files.close()
    assert seen == [options]
