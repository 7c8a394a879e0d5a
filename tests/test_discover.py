"""Which kit and project a command works on when the kit is named relative to where it runs.

Without --project, the project is the nearest folder holding decks/ or layouts/ from the current
folder up; a kit is looked for from the current folder, then from the project root, then under the
project's decks/; a name that is no kit is reported with every folder looked in."""
from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from pnp.cli import main
from pnp.core.discover import find_project, kit_candidates, locate_kit

from conftest import ROOT

BASE = Path(__file__).parent / "data" / "invalid" / "_base"  # a project of one small kit, 'case'


def small_project(folder: Path) -> Path:
    shutil.copytree(BASE, folder)
    for part in ("fonts", "icons"):
        shutil.copytree(ROOT / part, folder / part)
    return folder


def check(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["check", *args])
    return result.exit_code, result.output


def test_a_kit_checks_from_its_own_folder_and_from_decks(tmp_path, monkeypatch):
    root = small_project(tmp_path / "p")
    for here, name in ((root / "decks/case", "."), (root / "decks", "case"), (root / "layouts", "case"),
                       (root, "decks/case"), (root, "case")):
        monkeypatch.chdir(here)
        assert find_project(Path.cwd()) == root
        assert check(name) == (0, "ok  decks/case  Cas\n"), here


def test_the_current_folder_comes_before_the_project_root_and_decks(tmp_path, monkeypatch):
    root = small_project(tmp_path / "p")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert kit_candidates(root, "case") == [elsewhere / "case", root / "case", root / "decks/case"]
    shutil.copytree(root / "decks/case", root / "case")
    (root / "case/game.yaml").write_text((root / "case/game.yaml").read_text().replace("Cas", "Autre"))
    monkeypatch.chdir(root)
    assert locate_kit(root, "case") == root / "case" and check("case") == (0, "ok  case  Autre\n")
    monkeypatch.chdir(root / "decks")
    assert locate_kit(root, "case") == root / "decks/case" and check("case") == (0, "ok  decks/case  Cas\n")


def test_an_explicit_project_is_kept(tmp_path, monkeypatch):
    first, second = small_project(tmp_path / "a"), small_project(tmp_path / "b")
    (second / "decks/case/game.yaml").write_text((second / "decks/case/game.yaml").read_text().replace("Cas", "Bis"))
    monkeypatch.chdir(first / "decks")
    assert check("case") == (0, "ok  decks/case  Cas\n")
    assert CliRunner().invoke(main, ["--project", str(second), "check", "case"]).output == "ok  decks/case  Bis\n"


def test_no_kit_names_every_folder_looked_in(tmp_path, monkeypatch):
    root = small_project(tmp_path / "p")
    monkeypatch.chdir(root / "decks")
    code, output = check("cass")
    assert code == 1 and output.splitlines() == [
        f"cass: kit: no kit 'cass': no game.yaml in cass/, {root.as_posix()}/cass/ (did you mean 'case'?)",
        "1 error."]
    monkeypatch.chdir(root)
    assert check("cass")[1].startswith("cass: kit: no kit 'cass': no game.yaml in cass/, decks/cass/ (did you")


def test_a_kit_named_by_its_path_from_outside_its_project_brings_its_project(tmp_path, monkeypatch):
    """`pnp check ~/proto/decks/case` run from elsewhere works on ~/proto, not on the current folder
    (where the kit would lie outside the project and be refused); --project still wins."""
    root = small_project(tmp_path / "p")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert check(str(root / "decks/case")) == (0, "ok  decks/case  Cas\n")
    assert check(str(Path("..") / "p" / "decks" / "case")) == (0, "ok  decks/case  Cas\n")
    code, output = check("--json", str(root / "decks/case"))
    assert code == 0
    given = CliRunner().invoke(main, ["--project", str(elsewhere), "check", str(root / "decks/case")])
    assert given.exit_code == 1 and "leaves the project folder" in given.output
    out = tmp_path / "out"
    built = CliRunner().invoke(main, ["build", str(root / "decks/case"), "--out", str(out)])
    assert built.exit_code == 0 and any(out.rglob("*.pdf")), built.output


def test_a_kit_of_a_project_nested_in_another_works_on_its_own(tmp_path, monkeypatch):
    outer = tmp_path / "outer"
    (outer / "layouts").mkdir(parents=True)  # a project of its own, holding the other one somewhere below
    small_project(outer / "games" / "p")
    monkeypatch.chdir(outer)
    assert find_project(Path.cwd()) == outer
    assert check("games/p/decks/case") == (0, "ok  decks/case  Cas\n")
