"""Reading outside the project: every file pnp reads — kit files, layouts, fonts, icons, pictures and
whatever an SVG references — resolves inside the project (symbolic links included) or is refused
with a located message, and the outside file's text lands nowhere; the files an SVG references are
inputs of the build, and a file that changes while a build reads it is caught."""
from __future__ import annotations

import json
import re

import pytest

import pnp.draw.forms as forms
from pnp import build as pipeline

from conftest import edit
from hostile import errors, pnp, tiny_kit

SECRET = "TOPSECRET"
ART = '    art: {type: svg, src: art/a.svg, x: 5, y: 5, w: 40, h: 40}\n'
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">'
       '{}</svg>')


@pytest.fixture
def secret(tmp_path):
    """Files outside the project: an SVG with a text, a PNG, a YAML file and a font."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.svg").write_text(SVG.format(f'<text id="t" x="1" y="5">{SECRET}</text>'), encoding="utf-8")
    (folder / "secret.yaml").write_text(f"title: {SECRET}\n", encoding="utf-8")
    from PIL import Image

    Image.new("RGB", (8, 8), (1, 2, 3)).save(folder / "secret.png")
    return folder


def _refused(root, tmp_path, *patterns: str) -> None:
    """check reports each pattern, build fails, and the secret is in no message and no file written."""
    found = "\n".join(errors(root))
    for pattern in patterns:
        assert re.search(pattern, found), (pattern, found)
    result = pnp(root, "build", "--out", str(tmp_path / "out"))
    assert result.exit_code == 1 and SECRET not in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("element", [
    '<use xlink:href="../../../../outside/secret.svg#t"/>',
    '<use href="../../../../outside/secret.svg"/>',
    '<image xlink:href="../../../../outside/secret.png" width="5" height="5"/>',
    '<image href="{outside}/secret.png" width="5" height="5"/>',
    '<image href="file://{outside}/secret.png" width="5" height="5"/>',
    '<use href="https://example.com/secret.svg#t"/>',
    '<rect width="5" height="5" style="fill: url(../../../../outside/secret.svg#t)"/>',
    '<style>@import url("../../../../outside/secret.css");</style>',
])
def test_an_svg_cannot_pull_in_a_file_from_outside(project, tmp_path, secret, element):
    root = project()
    kit = tiny_kit(root, ART)
    (kit / "art/a.svg").write_text(SVG.format(element.format(outside=secret)), encoding="utf-8")
    _refused(root, tmp_path, r"^layouts/tiny\.yaml:3:10: layout 'tiny', element 'art': a\.svg"
                             r"(: the path '.*' (leaves the project folder|is absolute)| refers to '.*': pnp reads "
                             r"no URL| ?: its CSS)")


def test_an_svg_declaring_entities_is_refused(project, tmp_path):
    root = project()
    kit = tiny_kit(root, ART)
    laughs = "".join(f'<!ENTITY l{i} "{"&l%d;" % (i - 1) * 10}">' for i in range(1, 10))
    (kit / "art/a.svg").write_text(f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY l0 "lol">{laughs}'
                                   f'<!ENTITY x SYSTEM "file://{secret_path(tmp_path)}">]>'
                                   + SVG.format("<text>&l9;&x;</text>"), encoding="utf-8")
    _refused(root, tmp_path, r"a\.svg declares XML entities, which pnp does not expand")


def secret_path(tmp_path):
    (tmp_path / "s.txt").write_text(SECRET, encoding="utf-8")
    return tmp_path / "s.txt"


def test_an_svg_may_use_and_show_files_of_the_project(project, tmp_path):
    """A `<use>` of another SVG of the project and an `<image>` of a PNG of the project are drawn and
    are inputs of the build: editing one builds the kit again."""
    from PIL import Image

    root = project()
    kit = tiny_kit(root, ART)
    (root / "shared").mkdir()
    (root / "shared/parts.svg").write_text(SVG.format('<rect id="sq" width="4" height="4" fill="#00ff00"/>'),
                                           encoding="utf-8")
    Image.new("RGB", (8, 8), (0, 0, 255)).save(kit / "art/dot.png")
    (kit / "art/a.svg").write_text(SVG.format('<use xlink:href="../../../shared/parts.svg#sq"/>'
                                              '<image href="dot.png" x="5" y="5" width="5" height="5"/>'),
                                   encoding="utf-8")
    out = tmp_path / "out"

    def up_to_date() -> bool:
        result = pnp(root, "build", "--out", str(out), "--json", "--backs", "none")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)["kits"][0]["up_to_date"]

    assert not up_to_date() and up_to_date()
    edit(root / "shared/parts.svg", "#00ff00", "#ff00ff")
    assert not up_to_date() and up_to_date()
    Image.new("RGB", (8, 8), (255, 0, 0)).save(kit / "art/dot.png")
    assert not up_to_date()


@pytest.mark.parametrize("link, pattern", [
    ("icons/ankh.svg", r"element 'i'\S*( \(used by deck 'cards'\))?: icon 'ankh': the path 'icons/ankh\.svg' leaves "
                       r"the project folder through a symbolic link"),
    ("layouts/tiny.yaml", r"^layouts/tiny\.yaml: layouts: the path 'layouts/tiny\.yaml' leaves the project folder "
                          r"through a symbolic link"),
    ("decks/k/cards.yaml", r"^decks/k/game\.yaml:\d+:\d+: game\.components: the path 'cards\.yaml' leaves the "
                           r"project folder through a symbolic link"),
    ("decks/k/game.yaml", r"kit: the path 'decks/k/game\.yaml' leaves the project folder through a symbolic link"),
    ("fonts/fonts.yaml", r"^fonts/fonts\.yaml: fonts: the path 'fonts/fonts\.yaml' leaves the project folder "
                         r"through a symbolic link"),
])
def test_a_symbolic_link_out_of_the_project_is_refused(project, tmp_path, secret, link, pattern):
    root = project()
    tiny_kit(root, '    i: {type: icon, name: ankh, x: 5, y: 5, w: 20, h: 20}\n')
    target = secret / (link.replace("/", "-"))
    (root / link).rename(target)
    (root / link).symlink_to(target)
    _refused(root, tmp_path, pattern)


def test_a_kit_folder_linked_from_outside_is_refused(project, tmp_path):
    root = project()
    kit = tiny_kit(root, ART.replace("svg", "rect").replace("src: art/a.rect, ", ""))
    elsewhere = tmp_path / "elsewhere"
    kit.rename(elsewhere)
    kit.symlink_to(elsewhere, target_is_directory=True)
    _refused(root, tmp_path, r"the path 'decks/k/game\.yaml' leaves the project folder through a symbolic link")


def test_a_file_that_changes_while_the_build_reads_it_fails_the_build(project, tmp_path, monkeypatch):
    """The SVG is measured when the cards are laid out, then changed before it is drawn."""
    root = project("similis")
    art = root / "decks/similis/art/fond-sable.svg"
    real = forms.FormCache.drawing

    def drawing_after_an_edit(self, path):
        if path.endswith("fond-sable.svg") and "changed" not in art.read_text(encoding="utf-8"):
            art.write_text(art.read_text(encoding="utf-8").replace("</svg>", "<!-- changed --></svg>"), encoding="utf-8")
        return real(self, path)

    monkeypatch.setattr(forms.FormCache, "drawing", drawing_after_an_edit)
    result = pnp(root, "build", "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert "kit 'similis': decks/similis/art/fond-sable.svg changed while the run read it" in result.stderr.replace(
        str(root) + "/", "")
    assert not (tmp_path / "out").exists()


def test_a_file_edited_after_the_first_build_read_it_is_found_changed(project, tmp_path, monkeypatch):
    """The build state records the digest of the bytes the build read, not of the file once it ended."""
    root = project("similis")
    aide = root / "decks/similis/aide.yaml"
    real = pipeline.build

    def build_then_edit(*args, **kwargs):
        reports = real(*args, **kwargs)
        edit(aide, "Le plus jeune commence.", "Le plus âgé commence.")  # after the build read it
        return reports

    monkeypatch.setattr(pipeline, "build", build_then_edit)
    out = tmp_path / "out"
    assert pnp(root, "build", "--out", str(out)).exit_code == 0
    monkeypatch.setattr(pipeline, "build", real)
    result = pnp(root, "build", "--out", str(out), "--json")
    assert json.loads(result.stdout)["kits"][0]["up_to_date"] is False


def test_a_kit_output_folder_that_is_a_symbolic_link_is_refused(project, tmp_path):
    """A shared project carrying output/<kit> as a link to one of the user's folders: the build
    would write its PDFs there, replacing files of the same name. It writes nothing."""
    root = project()
    tiny_kit(root, '    i: {type: icon, name: ankh, x: 5, y: 5, w: 20, h: 20}\n')
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "cards-a4.pdf").write_bytes(b"the user's own file")
    (mine / ".cards-a4.pdf.1.part").write_bytes(b"a user's file that looks like a temporary one")
    out = tmp_path / "out"
    out.mkdir()
    (out / "k").symlink_to(mine, target_is_directory=True)
    result = pnp(root, "build", "decks/k", "--out", str(out))
    assert result.exit_code == 1
    assert f"--out: the output folder {(out / 'k').as_posix()} is a symbolic link" in result.output
    assert sorted(p.name for p in mine.iterdir()) == [".cards-a4.pdf.1.part", "cards-a4.pdf"]
    assert (mine / "cards-a4.pdf").read_bytes() == b"the user's own file"
