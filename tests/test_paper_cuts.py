"""The newcomer's paper cuts of issue 24, one test each: the output folder is the project's wherever
pnp runs, the distribution's name is free on PyPI and every install command works, `pnp new` in
English or French, total rows that add up in the exports with no markup in spreadsheet cells, one
stable progress bar for build, export and playtest (silent off a terminal), `pnp list` complete and
in JSON, and the README's requirements."""
from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pdfread
from click.testing import CliRunner
from conftest import ROOT, build_ok, make_project
from openpyxl import load_workbook

from pnp.build import build
from pnp.cli import main
from pnp.cli.common import Progress
from pnp.core.extras import DISTRIBUTION, EXTRAS, install_hint
from pnp.core.options import Options
from pnp.export import ExportOptions, export
from pnp.lab import playtest


def _cli(root: Path, *args: str):
    return CliRunner().invoke(main, ["--project", str(root), *args])


def test_the_output_folder_is_the_project_s_wherever_pnp_runs(tmp_path, monkeypatch):
    root = make_project(tmp_path / "project", ("dix-mille",))
    monkeypatch.chdir(root / "decks/dix-mille")
    result = CliRunner().invoke(main, ["build", "."])
    assert result.exit_code == 0, result.output
    assert (root / "output/dix-mille/score-a4.pdf").is_file() and not (root / "decks/dix-mille/output").exists()
    assert "wrote ../../output/dix-mille/score-a4.pdf  (1 page)" in result.output  # said plainly, from here
    monkeypatch.chdir(root)
    result = CliRunner().invoke(main, ["build", "dix-mille", "--force"])
    assert "wrote output/dix-mille/score-a4.pdf  (1 page)" in result.output
    here = tmp_path / "elsewhere"
    here.mkdir()
    monkeypatch.chdir(here)  # --out as typed: from the current folder
    result = CliRunner().invoke(main, ["--project", str(root), "build", "dix-mille", "--out", "mine"])
    assert result.exit_code == 0 and (here / "mine/dix-mille/score-a4.pdf").is_file()


def test_the_distribution_name_is_not_pnp_and_install_commands_name_real_packages():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == DISTRIBUTION == "pnp-kits"  # `pnp` on PyPI is another project (checked: free)
    extras = project["optional-dependencies"]
    for extra, packages in EXTRAS.items():
        assert {re.split(r"[<>=\[ ]", r)[0] for r in extras[extra]} == set(packages), extra
        assert install_hint(extra) == f"pip install {' '.join(packages)} (or, in pnp's folder, pip install '.[{extra}]')"
    sources = [p for p in (ROOT / "pnp").rglob("*") if p.suffix in (".py", ".yaml")]
    stale = [p.name for p in sources if "pnp[" in p.read_text(encoding="utf-8")]
    assert stale == []  # no message says `pip install 'pnp[...]'`, which would install the other project


def test_pnp_new_makes_an_english_or_a_french_starter(project, tmp_path):
    root = project()
    result = _cli(root, "new", "my-game", "--language", "en")
    assert result.exit_code == 0, result.output
    assert "wrote decks/my-game/cards.yaml" in result.output
    game = (root / "decks/my-game/game.yaml").read_text(encoding="utf-8")
    assert "language: en" in game and "authors: [You]" in game
    reports = build_ok(root, ["my-game"], Options(out=tmp_path / "out"))
    cards = tmp_path / "out/my-game/cards-a4.pdf"
    assert {"Sun", "Moon", "Star", "Eclipse"} <= set(pdfread.text(cards, 0).split() + pdfread.text(cards, 2).split())
    assert "Print at 100" in pdfread.text(cards, 0) and "Round" in pdfread.text(tmp_path / "out/my-game/score-a4.pdf", 0)
    assert not [p for r in reports for p in r.problems]
    result = _cli(root, "new", "jeu", "--language", "fr")
    assert result.exit_code == 0 and (root / "decks/jeu/cartes.yaml").is_file()
    result = _cli(root, "new", "copie", "--from", "jeu", "--language", "en")
    assert result.exit_code == 2 and "--language makes a starter" in result.output


def _sheet_cells(path: Path) -> list[list[object]]:
    book = load_workbook(path)
    return [[c.value for c in row] for row in book.worksheets[0].iter_rows()]


def test_total_rows_compute_and_no_markup_lands_in_a_cell(project, tmp_path):
    root = project("belote")
    for name, language in (("demo", "fr"), ("demo-en", "en")):
        assert _cli(root, "new", name, "--language", language).exit_code == 0
    reports = export(root, ["demo", "demo-en", "belote"], ExportOptions(sheets=True, out=tmp_path))
    assert not [p.render() for r in reports for p in r.errors]
    for kit in ("demo", "demo-en"):
        rows = _sheet_cells(tmp_path / kit / "sheets/score.xlsx")
        total = next(row for row in rows if row[0] == "Total")  # "**Total**" in the layout, plain here
        assert all(isinstance(v, str) and "SUM(" in v for v in total[1:]), total
    rows = _sheet_cells(tmp_path / "belote/sheets/score.xlsx")
    assert rows[0][1] == "Atout pique coeur carreau trefle"  # ":pique:" icons as words
    assert rows[1][2:6] == ["points", "total", "points", "total"]
    assert all(isinstance(v, str) and v.startswith("=") for v in (rows[2][3], rows[2][5], rows[20][3]))
    cells = [str(v) for row in rows for v in row if v is not None]
    assert not [v for v in cells if "**" in v or re.search(r":[a-z-]+:", v)]
    csv = (tmp_path / "belote/sheets/score-grille.csv").read_text(encoding="utf-8")
    assert "Atout pique coeur carreau trefle" in csv and ":pique:" not in csv


class _Watched(Progress):
    """A progress bar that keeps every share it drew (its terminal output aside)."""

    def __init__(self, unit: str) -> None:
        super().__init__(unit)
        self.live, self.shares = False, []

    def __call__(self, count: int) -> None:
        super().__call__(count)
        self.shares.append(self.filled)


def _steady(progress: _Watched) -> None:
    assert progress.shares and progress.shares[-1] == 1.0
    assert all(b >= a for a, b in zip(progress.shares, progress.shares[1:]))  # never drops back


def test_one_steady_progress_bar_for_build_export_and_playtest(project, tmp_path):
    root = project("similis", "dix-mille")
    bar = _Watched("pages")
    build(root, [], Options(out=tmp_path / "out"), bar)
    _steady(bar)
    assert bar.done > 30
    bar = _Watched("files")
    export(root, ["similis"], ExportOptions(png=True, out=tmp_path / "x", preset="custom", dpi=72), progress=bar)
    _steady(bar)
    assert bar.done == 184  # every picture written is a step
    bar = _Watched("games")
    document, _ = playtest(root, "similis", [3, 4], 120, 1, ["random"], 1, progress=bar)
    _steady(bar)
    assert bar.done == 240 and document is not None


def test_the_progress_bar_is_silent_off_a_terminal(project, tmp_path):
    root = project("dix-mille")
    result = CliRunner().invoke(main, ["--project", str(root), "build", "--out", str(tmp_path)])
    assert result.exit_code == 0 and "[" not in result.stderr and "#" not in result.stderr


def test_pnp_list_names_tuck_boxes_and_speaks_json(shipped):
    result = _cli(shipped, "list")
    assert "boite (tuck box for cartes)" in result.output and "boite-lieux (tuck box for lieux)" in result.output
    assert "regles (rulebook)" in result.output
    kits = {k["name"]: k for k in json.loads(_cli(shipped, "list", "--json").output)["kits"]}
    assert {"kind": "tuckbox", "name": "boite", "title": "boîte", "deck": "cartes"} in kits["similis"]["components"]
    assert {"kind": "deck", "name": "cartes", "title": "cartes", "cards": 90} in kits["similis"]["components"]
    assert kits["similis"]["rules"] == "rules.py" and kits["belote"]["rules"] == "generic checks"
    assert {"kind": "rulebook", "name": "regles", "title": "Règles du jeu"} in kits["belote"]["components"]


def test_the_readme_states_the_requirements():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Requirements", 1)[1].split("\n## ", 1)[0]
    assert "Python 3.11 or later" in section and "pnp-kits" in section
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["requires-python"] == ">=3.11"
    for extra in project["optional-dependencies"]:
        assert f"| `{extra}` |" in section, extra
