"""pnp new: a starter kit that checks and builds at once, a renamed copy of a kit, and never an
overwrite."""
from __future__ import annotations

import filecmp
import os
import fnmatch
import shutil
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

import pdfread
from pnp.cli import main

from conftest import Options, build_ok, check


def _new(root, *args):
    return CliRunner().invoke(main, ["--project", str(root), "new", *args])


def _tree(root) -> dict[str, int]:
    return {p.relative_to(root).as_posix(): p.stat().st_mtime_ns for p in root.rglob("*") if p.is_file()}


def test_the_starter_checks_and_builds_at_once(project, tmp_path):
    root = project()
    result = _new(root, "demo")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == ["wrote decks/demo/game.yaml", "wrote decks/demo/cartes.yaml",
                                          "wrote decks/demo/score.yaml", "wrote layouts/demo.yaml",
                                          "next: pnp build decks/demo   (or: pnp watch decks/demo --serve)"]
    assert not [p.render() for r in check(root, ["demo"]) for p in r.problems]
    for paper in ("a4", "letter"):
        reports = build_ok(root, ["demo"], Options(out=tmp_path / "out", paper=paper))
        files = {f.component: f for f in reports[0].files}
        assert (files["cartes"].cards, files["cartes"].pages, files["score"].pages) == (12, 4, 1)
        cards = tmp_path / "out" / "demo" / f"cartes-{paper}.pdf"
        assert {"Soleil", "Lune", "Étoile", "Éclipse"} <= set(pdfread.text(cards, 0).split() + pdfread.text(cards, 2).split())
        assert "Demo" in pdfread.text(cards, 1)  # the backs name the kit
        assert "Total" in pdfread.text(tmp_path / "out" / "demo" / f"score-{paper}.pdf", 0)


def test_the_starter_shows_the_main_features_in_commented_lines(project):
    root = project()
    _new(root, "demo")
    game, cards, score = ((root / "decks/demo" / f).read_text(encoding="utf-8")
                          for f in ("game.yaml", "cartes.yaml", "score.yaml"))
    assert "back: demo-verso " in cards and "\ngenerate:" in cards and "\ncards:" in cards and "copies: 3" in cards
    assert "kind: sheet" in score and "layout: demo-score" in score
    assert "pnp watch decks/demo --serve" in game and "language: fr" in game and "\nchecks:" in game
    commented = [line for text in (game, cards, score) for line in text.splitlines() if "#" in line]
    assert len(commented) >= 12


def test_a_kit_or_layouts_file_already_there_is_never_overwritten(project):
    root = project("similis")
    before = _tree(root)
    result = _new(root, "similis")
    assert result.exit_code == 1
    assert result.output == "decks/similis: pnp new: already exists, and pnp new never overwrites: choose " \
                            "another name\nlayouts/similis.yaml: pnp new: already exists, and pnp new never " \
                            "overwrites: choose another name\n"
    (root / "layouts/demo.yaml").write_text("demo-card: {extends: poker-card}\n", encoding="utf-8")
    before = _tree(root)
    assert _new(root, "demo").exit_code == 1
    assert _tree(root) == before and not (root / "decks/demo").exists()


def test_layout_names_taken_by_another_file_are_refused(project):
    root = project()
    (root / "layouts/mine.yaml").write_text("demo-recto: {extends: poker-card}\n", encoding="utf-8")
    result = _new(root, "demo")
    assert result.exit_code == 1 and result.output == (
        "layouts: pnp new: the project already has a layout named 'demo-recto'; choose another kit name\n")
    assert not (root / "decks/demo").exists() and not (root / "layouts/demo.yaml").exists()


@pytest.mark.parametrize("name, hint", [("Demo", "demo"), ("my game", "my-game"), ("../escape", "escape"),
                                        ("a/b", "a-b"), ("_x", "x"), ("é", None)])
def test_a_name_must_be_a_folder_name(project, name, hint):
    root = project()
    before = _tree(root)
    result = _new(root, name)
    assert result.exit_code == 1 and _tree(root) == before
    tail = f"; did you mean {hint!r}?" if hint else ""
    assert result.output == ("pnp: kit name: a kit name is lowercase letters, digits and dashes (at most 64), like "
                             f"'my-game': it names the kit's folder and its output folder (got {name!r}{tail})\n")


def test_a_name_is_at_most_64_characters(project):
    result = _new(project(), "x" * 65)
    assert result.exit_code == 1 and result.output.endswith(f"; did you mean {'x' * 64!r}?)\n")


def test_from_a_kit_makes_a_renamed_copy_that_builds(project, tmp_path):
    root = project("similis")
    result = _new(root, "similis-v2", "--from", "similis")
    assert result.exit_code == 0, result.output
    for path in (root / "decks/similis").rglob("*"):
        if path.is_file():
            assert filecmp.cmp(path, root / "decks/similis-v2" / path.relative_to(root / "decks/similis"),
                               shallow=False)
    reports = build_ok(root, ["similis-v2"], Options(out=tmp_path / "out"))
    assert [f.path for f in reports[0].files] == [(tmp_path / "out/similis-v2" / f"{c}-a4.pdf").as_posix()
                                                  for c in ("cartes", "aide", "score", "boite", "regles", "regles-livret")]
    assert not [p for p in (root / "decks").iterdir() if p.name.startswith(".")]  # no temporary folder left


def test_from_an_unknown_kit_suggests_one(project):
    root = project("similis")
    result = _new(root, "copy", "--from", "simils")
    assert result.exit_code == 1 and not (root / "decks/copy").exists()
    assert result.output.startswith("simils: kit: no kit 'simils': no game.yaml in simils/, ")
    assert result.output.endswith(f"{root.as_posix()}/decks/simils/ (did you mean 'similis'?)\n")


ROOT = Path(__file__).resolve().parents[1]
MATERIAL_LINES = ["wrote fonts/ (12 files: pnp's own, with their licences and credits)",
                  f"wrote icons/ ({sum(1 for _ in (ROOT / 'icons').iterdir())} files: pnp's own, with their licences and "
                  "credits)", "wrote layouts/base.yaml"]


def test_a_starter_in_an_empty_folder_brings_pnps_fonts_icons_and_base_layouts(tmp_path):
    root = tmp_path / "proto"
    root.mkdir()
    result = _new(root, "demo", "--language", "en")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[3:] == ["wrote layouts/demo.yaml", *MATERIAL_LINES,
                                              "next: pnp build decks/demo   (or: pnp watch decks/demo --serve)"]
    for folder in ("fonts", "icons"):
        compared = filecmp.dircmp(ROOT / folder, root / folder)
        assert (compared.left_only, compared.right_only, compared.diff_files) == ([], [], [])
    assert filecmp.cmp(ROOT / "layouts/base.yaml", root / "layouts/base.yaml", shallow=False)
    for paper in ("a4", "letter"):
        build_ok(root, ["demo"], Options(out=tmp_path / "out", paper=paper))
        cards = tmp_path / "out/demo" / f"cards-{paper}.pdf"
        assert {"Sun", "Moon", "Star"} <= set(pdfread.text(cards, 0).split() + pdfread.text(cards, 2).split())
        assert {name.split("+")[-1] for name in pdfread.font_programs(cards)} >= {"NotoSans-Bold", "BreeSerif-Regular"}
    again = _new(root, "second")
    assert again.exit_code == 0 and not [line for line in again.output.splitlines() if line in MATERIAL_LINES]


def test_a_fonts_folder_without_fonts_yaml_or_a_base_file_without_the_starters_base_is_refused(tmp_path):
    root = tmp_path / "proto"
    (root / "fonts").mkdir(parents=True)
    (root / "layouts").mkdir()
    (root / "layouts/base.yaml").write_text("tiny-card: {size: mini}\n", encoding="utf-8")
    before = _tree(root)
    result = _new(root, "demo")
    assert result.exit_code == 1 and _tree(root) == before and not (root / "decks").exists()
    assert result.output.splitlines() == [
        "fonts: pnp new: holds no fonts.yaml, and pnp new writes pnp's fonts only into a project without a fonts/ "
        "folder: list the starter's font, Noto Sans, in fonts/fonts.yaml (docs/FORMAT.md)",
        "layouts/base.yaml: pnp new: defines no layout 'poker-card', which the starter's layouts extend, and pnp new "
        "never overwrites: add it (pnp's own layouts/base.yaml has it)"]


def test_a_layout_that_pnps_base_file_would_define_again_is_refused(tmp_path):
    root = tmp_path / "proto"
    (root / "layouts").mkdir(parents=True)
    (root / "layouts/mine.yaml").write_text("tarot-card: {size: tarot}\n", encoding="utf-8")
    result = _new(root, "demo")
    assert result.exit_code == 1 and not (root / "decks").exists() and not (root / "fonts").exists()
    assert result.output == ("layouts: pnp new: the project already has a layout named 'tarot-card', which pnp's "
                             "layouts/base.yaml would define again: add a layout 'poker-card' (size poker) yourself\n")


def test_a_starter_that_fails_midway_leaves_nothing_behind(tmp_path, monkeypatch):
    import pnp.newkit

    def broken(*args):
        raise OSError("disk full")
    root = tmp_path / "proto"
    root.mkdir()
    monkeypatch.setattr(pnp.newkit, "_write_starter", broken)
    written, problems = pnp.newkit.new_kit(root, "demo")
    assert written == [] and [p.render() for p in problems] == [
        "decks/demo: pnp new: cannot make the kit: disk full; nothing was written"]
    assert _tree(root) == {} and list(root.iterdir()) == []  # (not even the empty decks/ and layouts/ it made)


def test_pnps_shared_material_is_the_projects_own_and_ships_in_the_package():
    """pnp/shipped/ links to the checkout's fonts/, icons/ and layouts/base.yaml (one copy of each), and
    pyproject's package data takes every file there into the wheel (where they are copies)."""
    shipped = ROOT / "pnp/shipped"
    links = {"fonts": ROOT / "fonts", "icons": ROOT / "icons", "layouts/base.yaml": ROOT / "layouts/base.yaml"}
    assert {part: (shipped / part).resolve() for part in links} == links
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]["pnp"]
    files = [p for part in links for p in ([shipped / part] if (shipped / part).is_file() else (shipped / part).iterdir())]
    assert len(files) > 70
    assert not [p for p in files if not any(fnmatch.fnmatch(p.relative_to(ROOT / "pnp").as_posix(), pat) for pat in patterns)]


def test_a_failure_while_writing_the_material_removes_what_was_written(tmp_path, monkeypatch):
    import pnp.newkit

    real = pnp.newkit._write_material

    def second_fails(root, part):
        if part == "icons":
            raise OSError("disk full")
        return real(root, part)
    root = tmp_path / "proto"
    root.mkdir()
    monkeypatch.setattr(pnp.newkit, "_write_material", second_fails)
    assert pnp.newkit.new_kit(root, "demo")[0] == []
    assert _tree(root) == {} and not (root / "fonts").exists()


def test_a_full_disk_is_a_message_with_exit_1_not_a_traceback(project, monkeypatch):
    """A copy's copytree gathers one error per file (shutil.Error): the message gives the system's
    reason once; nothing is left behind."""
    import errno

    import pnp.newkit

    root = project("similis")
    before = _tree(root)

    def full(src, dst, *args, **kwargs):
        raise shutil.Error([(str(src), str(dst), str(OSError(errno.ENOSPC, "No space left on device", str(dst))))])
    monkeypatch.setattr(pnp.newkit.shutil, "copytree", full)
    result = CliRunner().invoke(main, ["--project", str(root), "new", "copie", "--from", "similis"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception
    assert result.output == "decks/copie: pnp new: cannot make the kit: No space left on device; nothing was written\n"
    assert _tree(root) == before


def test_a_pnp_without_its_material_says_so_and_writes_nothing(tmp_path, monkeypatch):
    """A checkout made without symbolic links holds each link's path as a small file: pnp new must not copy those."""
    import pnp.newkit

    shipped = tmp_path / "shipped"
    (shipped / "layouts").mkdir(parents=True)
    (shipped / "fonts").write_text("../../fonts", encoding="utf-8")
    (shipped / "icons").write_text("../../icons", encoding="utf-8")
    (shipped / "layouts/base.yaml").write_text("../../../layouts/base.yaml", encoding="utf-8")
    monkeypatch.setattr(pnp.newkit, "_shipped", lambda: shipped)
    root = tmp_path / "proto"
    root.mkdir()
    result = _new(root, "demo")
    assert result.exit_code == 1 and list(root.iterdir()) == []
    assert [line.split(":")[0] for line in result.output.splitlines()] == ["fonts", "icons", "layouts/base.yaml"]
    assert result.output.splitlines()[0] == (
        "fonts: pnp new: this pnp has no fonts of its own to write (pnp/shipped/fonts is missing, or is the text of a "
        "link: a checkout made without symbolic links); reinstall it from a checkout with them (git's core.symlinks)")


def _other_project(tmp_path) -> Path:
    """A project of its own with the French starter `jeu` (layouts/jeu.yaml, pnp's base.yaml, fonts, icons)."""
    other = tmp_path / "other"
    other.mkdir()
    assert _new(other, "jeu").exit_code == 0
    return other


def test_a_kit_of_another_project_brings_the_layouts_fonts_and_icons_it_builds_with(tmp_path):
    other, root = _other_project(tmp_path), tmp_path / "proto"
    root.mkdir()
    result = _new(root, "copie", "--from", str(other / "decks/jeu"))
    assert result.exit_code == 0, result.output
    came = other.as_posix()
    assert result.output.splitlines()[3:] == [
        f"wrote layouts/base.yaml (from {came}/layouts/base.yaml: the kit builds with it)",
        f"wrote layouts/jeu.yaml (from {came}/layouts/jeu.yaml: the kit builds with it)",
        f"wrote fonts/ (12 files, from {came}/fonts/: the kit builds with it)",
        f"wrote icons/ ({sum(1 for _ in (ROOT / 'icons').iterdir())} files, from {came}/icons/: the kit builds with it)",
        "next: pnp build decks/copie   (or: pnp watch decks/copie --serve)"]
    for part in ("layouts/base.yaml", "layouts/jeu.yaml", "decks/copie/cartes.yaml"):
        assert filecmp.cmp(other / part.replace("copie", "jeu"), root / part, shallow=False)
    for paper in ("a4", "letter"):
        build_ok(root, ["copie"], Options(out=tmp_path / "out", paper=paper))
        cards = tmp_path / "out/copie" / f"cartes-{paper}.pdf"
        assert {"Soleil", "Lune"} <= set(pdfread.text(cards, 0).split() + pdfread.text(cards, 2).split())
        assert "NotoSans-Bold" in {name.split("+")[-1] for name in pdfread.font_programs(cards)}
    again = _new(root, "copie-2", "--from", str(other / "decks/jeu"))  # (everything it needs is here now)
    assert again.exit_code == 0 and [line for line in again.output.splitlines() if "from" in line] == []


def test_a_copy_whose_layouts_would_be_defined_twice_or_overwrite_a_file_is_refused_whole(tmp_path):
    other, root = _other_project(tmp_path), tmp_path / "proto"
    (root / "layouts").mkdir(parents=True)
    (root / "layouts/mine.yaml").write_text("# mine\njeu-score: {size: a4}\n", encoding="utf-8")
    before = _tree(root)
    result = _new(root, "copie", "--from", str(other / "decks/jeu"))
    assert result.exit_code == 1 and _tree(root) == before and not (root / "decks").exists()
    assert result.output == (f"layouts/mine.yaml:2:1: pnp new: defines layout 'jeu-score', which {other.as_posix()}"
                             "/layouts/jeu.yaml defines too (the copied kit's layouts come from that file): rename "
                             "one of them\n")
    (root / "layouts/mine.yaml").unlink()
    (root / "layouts/jeu.yaml").write_text("autre: {size: a4}\n", encoding="utf-8")
    result = _new(root, "copie", "--from", str(other / "decks/jeu"))
    assert result.exit_code == 1 and not (root / "decks").exists() and not (root / "fonts").exists()
    assert result.output == (f"layouts/jeu.yaml: pnp new: already exists, and the copied kit's layouts come from "
                             f"{other.as_posix()}/layouts/jeu.yaml, a file so named: pnp new never overwrites; copy "
                             "the layouts it needs into a file of another name\n")


def test_a_copy_that_fails_midway_leaves_nothing_behind(tmp_path, monkeypatch):
    import pnp.newkit

    real = pnp.newkit._bring

    def icons_fail(source, target, folder):
        if target.name == "icons":
            raise OSError("disk full")
        return real(source, target, folder)
    other, root = _other_project(tmp_path), tmp_path / "proto"
    root.mkdir()
    monkeypatch.setattr(pnp.newkit, "_bring", icons_fail)
    assert pnp.newkit.new_kit(root, "copie", str(other / "decks/jeu"))[0] == []
    assert _tree(root) == {} and list(root.iterdir()) == []  # (the decks/ and layouts/ it made removed too)
    (root / "decks").mkdir()
    (root / "decks" / "mine").mkdir()
    assert pnp.newkit.new_kit(root, "copie", str(other / "decks/jeu"))[1][0].what.startswith("cannot make the kit")
    assert sorted(p.name for p in root.rglob("*")) == ["decks", "mine"]  # (a folder that was there stays)


def test_a_layout_the_copy_uses_that_this_project_writes_otherwise_is_a_warning_and_the_copy_is_made(tmp_path):
    other, root = _other_project(tmp_path), tmp_path / "proto"
    (root / "layouts").mkdir(parents=True)
    base = (other / "layouts/base.yaml").read_text(encoding="utf-8")
    assert "  radius: 3mm\n" in base
    (root / "layouts/base.yaml").write_text(base.replace("  radius: 3mm\n", "  radius: 1mm\n"), encoding="utf-8")
    result = CliRunner().invoke(main, ["--project", str(root), "new", "copie", "--from", str(other / "decks/jeu")])
    assert result.exit_code == 0, result.output
    line = base.splitlines().index("poker-card:") + 1
    assert result.output.splitlines()[0] == (
        f"warning: layouts/base.yaml:{line}:1: pnp new: layout 'poker-card' is this project's, and "
        f"{other.as_posix()}/layouts/base.yaml writes it otherwise: the copied kit prints with this one")
    assert "wrote layouts/jeu.yaml" in result.output and "radius: 1mm" in (root / "layouts/base.yaml").read_text()
    build_ok(root, ["copie"], Options(out=tmp_path / "out"))


def test_a_kit_that_does_not_load_in_its_project_is_copied_as_it_is_with_a_warning(tmp_path):
    other, root = _other_project(tmp_path), tmp_path / "proto"
    root.mkdir()
    game = other / "decks/jeu/game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("\ncomponents:", "\ncomponants:"), encoding="utf-8")
    result = _new(root, "copie", "--from", str(other / "decks/jeu"))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        f"warning: {game.as_posix()}: pnp new: does not load in its project (2 errors: `pnp check` it in "
        f"{other.as_posix()}), so the layouts it uses cannot be told: the kit is copied as it is, and nothing of its "
        "project with it")
    assert filecmp.cmp(game, root / "decks/copie/game.yaml", shallow=False)
    assert sorted(p.name for p in root.iterdir()) == ["decks"]


def test_a_kit_of_another_project_comes_without_its_links_and_nothing_from_outside_that_project(tmp_path):
    other, root = _other_project(tmp_path), tmp_path / "proto"
    root.mkdir()
    (tmp_path / "secret.txt").write_text("not the kit's\n", encoding="utf-8")
    (other / "notes").mkdir()
    (other / "notes/art.txt").write_text("dessin\n", encoding="utf-8")
    kit = other / "decks/jeu"
    links = {"art.txt": "../../notes/art.txt", "secret.txt": str(tmp_path / "secret.txt"),
             "gone.txt": "../../notes/gone.txt", "notes": "../../notes"}
    for name, target in links.items():
        (kit / name).symlink_to(target)
    (other / "fonts/evil.ttf").symlink_to("/etc/passwd")
    result = _new(root, "copie", "--from", str(kit))
    assert result.exit_code == 0, result.output
    why = "(pnp new copies only files inside the kit's project)"
    assert [line for line in result.output.splitlines() if line.startswith("warning")] == [
        f"warning: {kit.as_posix()}/gone.txt: pnp new: not copied: a symbolic link to ../../notes/gone.txt, and no "
        f"file 'decks/jeu/gone.txt' {why}",
        f"warning: {kit.as_posix()}/notes: pnp new: not copied: a symbolic link to ../../notes, and 'decks/jeu/notes' "
        f"is not a regular file {why}",
        f"warning: {kit.as_posix()}/secret.txt: pnp new: not copied: a symbolic link to {tmp_path.as_posix()}/secret.txt,"
        f" and the path 'decks/jeu/secret.txt' leaves the project folder through a symbolic link {why}",
        f"warning: {other.as_posix()}/fonts/evil.ttf: pnp new: not copied: a symbolic link to /etc/passwd, and the path "
        f"'fonts/evil.ttf' leaves the project folder through a symbolic link {why}"]
    assert not [p for p in root.rglob("*") if p.is_symlink()]
    assert sorted(p.name for p in (root / "decks/copie").iterdir() if "txt" in p.name) == ["art.txt"]
    assert (root / "decks/copie/art.txt").read_text(encoding="utf-8") == "dessin\n"
    assert not (root / "fonts/evil.ttf").exists() and (root / "fonts/fonts.yaml").is_file()
    build_ok(root, ["copie"], Options(out=tmp_path / "out"))


def test_a_kit_folder_or_fonts_folder_of_another_project_that_leads_out_of_it_is_not_copied(tmp_path):
    other, root = _other_project(tmp_path), tmp_path / "proto"
    root.mkdir()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.move(other / "fonts", elsewhere / "fonts")
    (other / "fonts").symlink_to(elsewhere / "fonts")
    result = _new(root, "copie", "--from", str(other / "decks/jeu"))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        f"warning: {other.as_posix()}/fonts: pnp new: not copied: a symbolic link to {elsewhere.as_posix()}/fonts, "
        "and fonts/ leaves the project folder (pnp new copies only files inside the kit's project)")
    assert not (root / "fonts").exists() and (root / "decks/copie/game.yaml").is_file()
    shutil.move(other / "decks/jeu", elsewhere / "jeu")
    (other / "decks/jeu").symlink_to(elsewhere / "jeu")
    before = _tree(root)
    result = _new(root, "autre", "--from", str(other / "decks/jeu"))
    assert result.exit_code == 1 and _tree(root) == before
    assert result.output == (f"{other.as_posix()}/decks/jeu: pnp new: leaves its project ({other.as_posix()}) through "
                             f"a symbolic link (to {elsewhere.as_posix()}/jeu): pnp new copies only what is inside the "
                             "kit's project\n")


def test_a_kit_in_a_folder_that_is_no_project_brings_through_its_links_only_its_own_files(tmp_path):
    downloads, root = tmp_path / "downloads", tmp_path / "proto"
    root.mkdir()
    assert _new(tmp_path / "other", "jeu").exit_code == 0
    downloads.mkdir()
    shutil.move(tmp_path / "other/decks/jeu", downloads / "jeu")
    (downloads / "bank.pdf").write_text("%PDF- not the kit's\n", encoding="utf-8")
    (downloads / "jeu/own.txt").write_text("la règle\n", encoding="utf-8")
    (downloads / "jeu/bank.pdf").symlink_to("../bank.pdf")
    (downloads / "jeu/also.txt").symlink_to("own.txt")
    result = _new(root, "copie", "--from", str(downloads / "jeu"))
    assert result.exit_code == 0, result.output
    assert f"warning: {downloads.as_posix()}/jeu/bank.pdf: pnp new: not copied: a symbolic link to ../bank.pdf, and " \
        "the path 'bank.pdf' leaves the project folder through a symbolic link (pnp new copies only files inside the " \
        "kit's project)" in result.output.splitlines()
    assert not (root / "decks/copie/bank.pdf").exists()
    assert (root / "decks/copie/also.txt").read_text(encoding="utf-8") == "la règle\n"


def test_a_named_pipe_in_the_kit_is_left_out_of_a_copy_with_a_warning_not_a_traceback(tmp_path):
    other, root = _other_project(tmp_path), tmp_path / "proto"
    root.mkdir()
    pipe = other / "decks/jeu/pipe"
    os.mkfifo(pipe)
    warning = (f"warning: {pipe.as_posix()}: pnp new: not copied: not a regular file nor a folder (pnp new copies only "
               "files inside the kit's project)")
    for project, name in ((root, "copie"), (other, "copie")):  # (from another project, and within its own)
        result = _new(project, name, "--from", str(other / "decks/jeu"))
        assert result.exit_code == 0 and result.output.splitlines()[0] == warning, result.output
        assert (project / "decks" / name / "game.yaml").is_file() and not (project / "decks" / name / "pipe").exists()
