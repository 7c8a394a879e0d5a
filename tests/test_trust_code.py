"""Trust for kit code (pnp.rules.trust, pnp.rules.guard): a kit's rules model runs only once its
files' digests are trusted; while it runs, writes outside the kit's output and the user's cache,
process spawning and network access are refused. These tests unset the tests' trusted folders
(conftest) so that the copies they make start untrusted."""
from __future__ import annotations

import json
import os
import socket
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import ROOT, edit, line_of, make_project, spawned
from pnp.cli import main
from test_rules_example import example_project

KIT = "decks/lanternes"
RULES = f"{KIT}/rules.py"


@pytest.fixture
def untrusted(tmp_path, monkeypatch):
    """The example kit (Lanternes) in a project nobody trusted, with its own empty config folder."""
    monkeypatch.delenv("PNP_TRUSTED_FOLDERS", raising=False)
    monkeypatch.setenv("PNP_CONFIG_DIR", str(tmp_path / "config"))
    return example_project(tmp_path)


def run(root: Path, *args: str):
    return CliRunner().invoke(main, ["--project", str(root), *args])


def test_an_untrusted_model_does_not_run_and_the_message_names_its_files_and_the_command(untrusted):
    marker = Path(os.environ["PNP_CACHE_DIR"]) / f"ran-{untrusted.parent.name}"
    edit(untrusted / RULES, "from collections import Counter\n",
         f"from collections import Counter\nfrom pathlib import Path\nPath({str(marker)!r}).touch()\n")
    for args in (["check", "lanternes"], ["build", "lanternes", "--out", str(untrusted / "out")],
                 ["playtest", "lanternes"]):
        result = run(untrusted, *args)
        assert result.exit_code == 1 and "Traceback" not in result.output, (args, result.output)
        assert f"{KIT}/game.yaml:6:10: rules.model: the rules model is code that runs with your rights, and its " \
               "code is not trusted (rules.py): read it, then run `pnp trust decks/lanternes`" in result.output
    assert not marker.exists() and not (untrusted / "out").exists()


def test_no_code_checks_the_rest_of_an_untrusted_kit(untrusted):
    result = run(untrusted, "check", "lanternes", "--no-code")
    assert result.exit_code == 0 and "ok  decks/lanternes" in result.output, result.output
    edit(untrusted / f"{KIT}/cartes.yaml", "  - [bleu, 4]\n", "")  # the generic count check still runs
    result = run(untrusted, "check", "lanternes", "--no-code")
    assert result.exit_code == 1 and "the deck declares 12 cards but lists 11 cards" in result.output
    assert "not trusted" not in result.output  # (the model is not even read as code)


def test_trusted_then_changed_then_trusted_again(untrusted, tmp_path):
    result = run(untrusted, "trust", "lanternes")
    assert result.exit_code == 0, result.output
    assert "decks/lanternes/rules.py  " in result.output and "trusted decks/lanternes" in result.output
    store = json.loads((tmp_path / "config/trust.json").read_text(encoding="utf-8"))
    assert store["format"] == "pnp-trust/1" and list(store["models"]) == [str((untrusted / RULES).resolve())]
    assert not list(untrusted.rglob("trust.json"))  # never in the project
    assert run(untrusted, "check", "lanternes").exit_code == 0
    assert "already trusted" in run(untrusted, "trust", "lanternes").output
    edit(untrusted / RULES, '"les points")}', '"les points !")}')
    result = run(untrusted, "check", "lanternes")
    assert result.exit_code == 1
    assert "its code changed since you trusted it (rules.py): read it, then run `pnp trust decks/lanternes`" \
        in result.output
    assert run(untrusted, "trust", "lanternes").exit_code == 0
    assert run(untrusted, "check", "lanternes").exit_code == 0


def test_trust_is_by_content_so_a_copy_of_trusted_code_is_trusted_and_an_added_file_is_not(untrusted, tmp_path):
    assert run(untrusted, "trust", "lanternes").exit_code == 0
    other = example_project(tmp_path / "elsewhere")
    assert run(other, "check", "lanternes").exit_code == 0
    edit(other / f"{KIT}/game.yaml", "model: rules.py", "model: rules/")
    (other / f"{KIT}/rules").mkdir()
    (other / RULES).rename(other / f"{KIT}/rules/__init__.py")
    (other / f"{KIT}/rules/extra.py").write_text("X = 1\n", encoding="utf-8")
    result = run(other, "check", "lanternes")
    assert result.exit_code == 1 and "is not trusted (rules/__init__.py, rules/extra.py)" in result.output


def test_the_trust_file_follows_xdg_config_home(untrusted, tmp_path, monkeypatch):
    monkeypatch.delenv("PNP_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert run(untrusted, "trust", "lanternes").exit_code == 0
    assert (tmp_path / "xdg/pnp/trust.json").is_file()


def test_trust_shipped_trusts_exactly_the_models_pnp_ships(tmp_path, monkeypatch):
    monkeypatch.delenv("PNP_TRUSTED_FOLDERS", raising=False)
    monkeypatch.setenv("PNP_CONFIG_DIR", str(tmp_path / "config"))
    root = make_project(tmp_path / "project", ("similis", "dix-mille", "belote"))
    assert run(root, "check", "similis", "--no-code").exit_code == 0
    edit(root / "decks/dix-mille/rules/params.py", '"""', '"""A designer\'s edit. ', 1)
    result = run(root, "trust", "--shipped")
    assert result.exit_code == 1
    assert "trusted decks/similis" in result.output and "decks/belote: no rules model to trust" in result.output
    assert "decks/dix-mille: its rules model is not the one pnp ships: read it, then run `pnp trust " \
           "decks/dix-mille`" in result.output
    assert run(root, "check", "similis").exit_code == 0
    assert "not trusted" in run(root, "check", "dix-mille").output


def test_a_trust_file_that_cannot_be_written_is_a_message_not_a_traceback(untrusted, monkeypatch):
    import errno

    import pnp.rules.trust as store

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))
    monkeypatch.setattr(store, "write_atomic", full)
    result = run(untrusted, "trust", KIT)
    where = f"{store.config_root().as_posix()}/{store.FILE}"
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception
    assert result.output.splitlines()[-1] == (f"{where}: pnp trust: cannot write it: No space left on device; "
                                              f"{KIT} is not trusted")
    assert "not trusted" in run(untrusted, "check", "lanternes").output


def test_the_shipped_digests_are_those_of_the_kits_in_the_checkout():
    from pnp.rules.trust import shipped, shipped_digests

    assert shipped() == shipped_digests(ROOT / "decks"), \
        "a shipped kit's model changed: run `python -m pnp.rules.trust decks` and commit pnp/rules/shipped.json"


HOSTILE = {
    "writes outside": ("Path({target!r}).write_text('x')", "pnp refused writing {target}"),
    "removes outside": ("os.remove({target!r})", "pnp refused os.remove on {target}"),
    "spawns a process": ("subprocess.run(['true'])", "pnp refused starting a process (subprocess.Popen)"),
    "runs a shell": ("os.system('true')", "pnp refused starting a process (os.system)"),
    "connects": ("socket.socket().connect(('127.0.0.1', {port}))",
                 "pnp refused network access (socket.connect)"),
    "looks a name up": ("socket.getaddrinfo('example.org', 80)", "pnp refused network access (socket.getaddrinfo)"),
}


@pytest.fixture
def listener():
    """A local server socket, to see whether a model's connection reached it."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    server.settimeout(0.5)
    reached: list[bool] = []

    def accept() -> None:
        try:
            server.accept()
            reached.append(True)
        except OSError:
            pass

    thread = threading.Thread(target=accept)
    thread.start()
    yield server.getsockname()[1], reached
    thread.join()
    server.close()


@pytest.mark.parametrize("where", ["import", "check"])
@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_trusted_model_is_refused_writes_outside_processes_and_the_network(root_with, case, where, listener,
                                                                              tmp_path):
    port, reached = listener
    target = tmp_path / "outside.txt"
    if case == "removes outside":
        target.write_text("keep", encoding="utf-8")
    statement, message = (part.format(target=str(target), port=port) for part in HOSTILE[case])
    root = root_with(statement, where, caught=False)
    result = run(root, "check", "lanternes")
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    line = line_of(root / RULES, statement)
    assert f"{RULES}:{line}:" in result.output and message in result.output, result.output
    assert target.exists() == (case == "removes outside") and not reached
    if case == "removes outside":
        assert target.read_text(encoding="utf-8") == "keep"


def test_a_refusal_the_model_catches_is_reported_all_the_same(root_with, tmp_path):
    target = tmp_path / "outside.txt"
    root = root_with(f"Path({str(target)!r}).write_text('x')", "check", caught=True)
    result = run(root, "check", "lanternes")
    assert result.exit_code == 1 and not target.exists()
    assert f"rules model: the rules model's check: pnp refused writing {target}" in result.output


def test_a_trusted_model_may_write_into_the_kit_output_and_the_cache_during_a_build(root_with, tmp_path):
    out = tmp_path / "out"
    cached = Path(os.environ["PNP_CACHE_DIR"]) / f"note-{tmp_path.name}"
    (out / "lanternes").mkdir(parents=True)
    root = root_with(f"Path({str(out / 'lanternes' / 'note.txt')!r}).write_text('x'); "
                     f"Path({str(cached)!r}).write_text('x')", "check", caught=False)
    result = run(root, "build", "lanternes", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert (out / "lanternes/note.txt").is_file() and cached.is_file()


@pytest.mark.parametrize("start", ["default", "spawn"])  # (spawn: a worker inheriting nothing, as forkserver's)
def test_the_play_outs_of_worker_processes_are_guarded_too(root_with, tmp_path, monkeypatch, start):
    if start == "spawn":
        spawned(monkeypatch)
    target = tmp_path / "outside.txt"
    root = root_with(f"Path({str(target)!r}).write_text('x')", "play", caught=False)
    result = run(root, "playtest", "lanternes", "--games", "8", "--jobs", "2")
    assert result.exit_code == 1 and "Traceback" not in result.output and not target.exists(), result.output
    assert f"pnp refused writing {target}" in result.output


@pytest.fixture
def root_with(tmp_path):
    """Factory: the example kit whose model runs `statement` at import, in its check, or in its games
    (a play-out added for the purpose), trusted (its folder is a trusted one); `caught`: inside a
    `try` that swallows the refusal."""
    def make(statement: str, where: str, caught: bool) -> Path:
        root = example_project(tmp_path / "p")
        rules = root / RULES
        edit(rules, "from collections import Counter\n", "from collections import Counter\nimport os\n"
             "import socket\nimport subprocess\nfrom pathlib import Path\n\n\n")
        body = f"try:\n    {statement}\nexcept OSError:\n    pass\n" if caught else f"{statement}\n"
        if where == "import":
            edit(rules, "\n\n\nclass LanternesParams", "\n" + body + "\nclass LanternesParams")
        elif where == "check":
            edit(rules, '    """Each colour has each value exactly once."""\n',
                 '    """Each colour has each value exactly once."""\n' + "".join(
                     f"    {line}\n" for line in body.splitlines()))
        else:
            edit(rules, "\n\nmodel = RulesModel(", _PLAYOUT.format(statement=statement) + "\n\nmodel = RulesModel(")
            edit(rules, "check, tables, read=read)", "check, tables, playout, read=read)")
            edit(rules, "from pnp.rules import ", "from pnp.rules import GameRecord, Playout, ")
        return root
    return make


_PLAYOUT = '''

def playout(deck, params):
    def play(players, agent, rng):
        {statement}
        return GameRecord((0,), 1)
    return Playout(play)
'''


def test_a_model_loads_where_python_writes_bytecode_and_pnps_modules_it_imports_are_compiled_first(shipped,
                                                                                                   tmp_path):
    # the workplace sets PYTHONDONTWRITEBYTECODE; a fresh checkout does not: there, the model's first
    # import of a toolkit module made its __pycache__ folder inside the guard, which refused it, and
    # `pnp check similis` failed. PYTHONPYCACHEPREFIX keeps the bytecode out of the checkout.
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp_path / "pyc")
    done = subprocess.run([sys.executable, "-m", "pnp", "--project", str(shipped), "check", "similis"],
                          cwd=shipped, env=env, capture_output=True, text=True)
    assert done.returncode == 0 and "refused" not in done.stdout + done.stderr, done.stdout + done.stderr
    compiled = {p.name.split(".")[0] for p in (tmp_path / "pyc").rglob("pnp/rules/toolkit/*.pyc")}
    assert {"shedplay", "shedtable", "products", "series", "shedding"} <= compiled, compiled


def test_the_guard_refuses_bytecode_folders_without_reporting_them(tmp_path):
    from pnp.rules.guard import GuardRefused, running

    with running() as block:
        for folder in (tmp_path / "__pycache__", tmp_path / "x" / "__pycache__"):
            with pytest.raises(GuardRefused):
                os.mkdir(folder)
        with pytest.raises(GuardRefused):
            os.mkdir(tmp_path / "plain")
    assert block.refused == [f"os.mkdir on {tmp_path / 'plain'}"] and not any(tmp_path.iterdir())
