"""`pnp export` on the command line: what it asks for, what it says, how it exits."""
from __future__ import annotations

import json

from click.testing import CliRunner

from pnp.cli import main

from conftest import edit


def _run(root, *args):
    return CliRunner().invoke(main, ["--project", str(root), "export", *args])


def test_an_export_needs_a_format_and_custom_options_need_custom(shipped, tmp_path):
    result = _run(shipped, "similis", "--out", str(tmp_path))
    assert result.exit_code == 2 and "say what to export: --png, --tts, --sheets, --showcase, --fan and/or --rules-html" in result.output
    result = _run(shipped, "similis", "--png", "--size", "63x88", "--out", str(tmp_path))
    assert result.exit_code == 2 and "--size and --bleed go with --preset custom" in result.output
    result = _run(shipped, "similis", "--png", "--preset", "custom", "--size", "63", "--out", str(tmp_path))
    assert result.exit_code == 2 and "WIDTHxHEIGHT" in result.output
    assert not any(tmp_path.iterdir())


def test_a_summary_per_component_then_up_to_date(project, tmp_path):
    root = project("dix-mille")
    out = tmp_path / "out"
    result = _run(root, "--sheets", "--png", "--preset", "custom", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"wrote {out}/dix-mille/png/  aide: 8 png files",
        f"wrote {out}/dix-mille/sheets/  score: 1 form file",
        f"wrote {out}/dix-mille/sheets/  score: 1 xlsx file",
        f"wrote {out}/dix-mille/sheets/  score: 1 csv file"]
    again = _run(root, "--sheets", "--png", "--preset", "custom", "--out", str(out), "--json")
    manifest = json.loads(again.output)
    assert again.exit_code == 0 and manifest["kits"][0]["up_to_date"] and len(manifest["kits"][0]["files"]) == 11


def test_a_broken_kit_exits_1_and_writes_nothing(project, tmp_path):
    root = project("dix-mille")
    edit(root / "decks/dix-mille/game.yaml", "target: 10000", "target: 10025")
    result = _run(root, "--sheets", "--out", str(tmp_path / "out"))
    assert result.exit_code == 1 and "rules.target" in result.output and "nothing written" in result.output
    assert not (tmp_path / "out").exists() or not any(p.is_file() for p in (tmp_path / "out").rglob("*"))


def test_a_format_asked_for_that_the_kit_has_nothing_of_is_a_warning_not_silence(project, tmp_path):
    root = project()
    assert CliRunner().invoke(main, ["--project", str(root), "new", "demo"]).exit_code == 0
    out = tmp_path / "out"
    result = _run(root, "demo", "--rules-html", "--sheets", "--out", str(out))
    assert result.exit_code == 0, result.output
    game = root / "decks/demo/game.yaml"
    line = game.read_text(encoding="utf-8").splitlines().index("  - cartes.yaml") + 1
    assert result.output.splitlines()[0] == (f"warning: decks/demo/game.yaml:{line}:3: export: --rules-html: the kit has "
                                             "no rulebook (kind: rulebook): nothing exported")
    assert f"wrote {out}/demo/sheets/  score: 1 xlsx file" in result.output.splitlines()
    assert not (out / "demo" / "regles.html").exists()
