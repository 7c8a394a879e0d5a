"""`pnp build --ink saver`: grounds and large fills lightened (art drawn translucent), what a layout's
`saver` key drops or keeps, texts and icons recoloured where their ground got too light for them,
and the contrast check judging the print as it comes out; a `saver` key naming no element is an
error at its line."""
from __future__ import annotations

from pathlib import Path

import pikepdf
import pypdfium2
from conftest import build, build_ok, check, line_of, make_project
from PIL import ImageStat

from pnp.core.options import Options

LAYOUTS = """\
sobre:
  extends: poker-card
  background: "#203040"
  elements:
    panneau: {type: rect, x: 5, y: 5, w: 53, h: 40, fill: "#222222"}
    titre: {type: text, x: 8, y: 10, w: 47, h: 12, text: "{nom}", size: 14, color: "#ffffff"}
    gris: {type: text, x: 8, y: 25, w: 47, h: 12, text: "gris", size: 14, color: "#777777"}
    coin: {type: rect, x: 5, y: 70, w: 8, h: 8, fill: "#aa0000"}
"""


def _kit(root: Path, saver: str = "") -> None:
    kit = root / "decks/sobre"
    kit.mkdir(parents=True, exist_ok=True)
    (kit / "game.yaml").write_text("title: Sobre\nplayers: {min: 2, max: 2}\ncomponents: [cartes.yaml]\n",
                                   encoding="utf-8")
    (kit / "cartes.yaml").write_text("kind: deck\nname: cartes\nlayout: sobre\nfields: {nom: text}\n"
                                     "cards: [{nom: Un}]\n", encoding="utf-8")
    (root / "layouts/sobre.yaml").write_text(LAYOUTS + saver, encoding="utf-8")


def _ink(path: Path) -> float:
    """How much ink a file takes: the darkness of its pages' renders (0: white paper), added up."""
    document = pypdfium2.PdfDocument(path)
    try:
        return sum(255 - ImageStat.Stat(page.render(scale=0.3).to_pil().convert("L")).mean[0] for page in document)
    finally:
        document.close()


def _content(path: Path) -> bytes:
    """The drawing operators of a PDF's pages and of the forms they use, as text."""
    with pikepdf.open(path) as pdf:
        streams = list(pdf.pages) + [o for o in pdf.objects if isinstance(o, pikepdf.Stream)
                                     and o.get("/Subtype") == "/Form"]
        return b"\n".join(pikepdf.unparse_content_stream(pikepdf.parse_content_stream(s)) for s in streams)


def _contrast(reports: list) -> list[str]:
    return [p.what for r in reports for p in r.problems if "contrast" in p.what]


def test_a_saver_print_takes_far_less_ink(tmp_path):
    root = make_project(tmp_path / "project", ("similis", "clochemerle", "belote"))
    out = tmp_path / "out"
    build_ok(root, [], Options(out=out))
    build_ok(root, [], Options(out=out, ink="saver"))
    for name in ("similis/cartes", "clochemerle/lieux", "clochemerle/piste", "belote/cartes", "belote/tapis"):
        normal, saver = _ink(out / f"{name}-a4.pdf"), _ink(out / f"{name}-a4-saver.pdf")
        assert saver < 0.7 * normal, (name, normal, saver)
    # the rulebook's figures are the kit's faces: lightened alike (its text and boxes kept)
    assert _ink(out / "clochemerle/regles-a4-saver.pdf") < 0.97 * _ink(out / "clochemerle/regles-a4.pdf")
    with pikepdf.open(out / "similis/cartes-a4-saver.pdf") as pdf:  # the grounds' art: translucent
        states = [r.ExtGState for o in pdf.objects if isinstance(o, (pikepdf.Dictionary, pikepdf.Stream))
                  and isinstance(r := o.get("/Resources"), pikepdf.Dictionary) and "/ExtGState" in r]
        states += [p.Resources.ExtGState for p in pdf.pages if "/ExtGState" in p.Resources]
        alphas = {round(float(g.ca), 3) for group in states for g in group.values() if "/ca" in g}
    assert 0.3 in alphas


def test_light_text_on_a_lightened_ground_turns_black_and_the_check_judges_the_saver_print(project, tmp_path):
    root = project()
    _kit(root)
    normal = build_ok(root, ["sobre"], Options(out=tmp_path / "out"))
    saver = build_ok(root, ["sobre"], Options(out=tmp_path / "out", ink="saver"))
    assert any("#777777 on #222222" in w for w in _contrast(normal))  # grey on the dark panel
    assert _contrast(saver) == []  # lightened panel, the texts in black ink: both read
    assert _contrast(check(root, ["sobre"], Options(ink="saver"))) == [] and _contrast(check(root, ["sobre"]))
    document = pypdfium2.PdfDocument(tmp_path / "out/sobre/cartes-a4-saver.pdf")
    try:
        text = document[0].get_textpage()
        assert "Un" in text.get_text_range()
    finally:
        document.close()
    assert b"1 1 1 rg" not in _content(tmp_path / "out/sobre/cartes-a4-saver.pdf")  # no white text left


def test_the_layout_says_what_is_dropped_and_kept(project, tmp_path):
    root = project()
    _kit(root, "  saver: {drop: [coin], keep: [panneau], background: drop}\n")
    reports = build_ok(root, ["sobre"], Options(out=tmp_path / "out", ink="saver"))
    content = _content(tmp_path / "out/sobre/cartes-a4-saver.pdf")
    assert b".133333 .133333 .133333 rg" in content  # the panel kept at full ink, its white title too
    assert b".666667 0 0 rg" not in content and b".12549 .188235 .25098 rg" not in content  # corner, ground gone
    assert _contrast(reports) == [  # the panel kept dark: black would not read there either, so it warns
        "text contrast 3.5:1 (#777777 on #222222) is under 4.5:1: hard to read in print; darken the text or "
        "lighten its ground (or the other way round)"]


def test_a_saver_key_naming_no_element_is_an_error_at_its_line(project, tmp_path):
    root = project()
    _kit(root, "  saver: {drop: [coins]}\n")
    reports = build(root, ["sobre"], Options(out=tmp_path / "out", ink="saver"))
    line = line_of(root / "layouts/sobre.yaml", "saver:")
    assert [p.render() for r in reports for p in r.errors] == [
        f"layouts/sobre.yaml:{line}:18: layout 'sobre', saver.drop: no element 'coins' in this layout "
        "(did you mean 'coin'?)"]
    assert not (tmp_path / "out").exists()


def test_what_was_faint_on_the_full_ink_print_stays_faint(project, tmp_path):
    root = project()
    _kit(root)
    (root / "layouts/sobre.yaml").write_text(LAYOUTS.replace(
        "    coin:", "    cadre: {type: rect, x: 30, y: 60, w: 20, h: 15, fill: \"#e0d8c8\"}\n"
        "    filigrane: {type: text, x: 31, y: 62, w: 18, h: 10, text: \"dé\", size: 14, color: \"#d2c8b4\"}\n"
        "    coin:"), encoding="utf-8")
    build_ok(root, ["sobre"], Options(out=tmp_path / "out", ink="saver"))
    content = _content(tmp_path / "out/sobre/cartes-a4-saver.pdf")
    assert b".823529 .784314 .705882 rg" in content  # the pale mark on its (kept) frame: not turned black
    assert b".133333 .133333 .133333 rg" not in content  # while the dark panel was lightened
