"""Hostile assets: fonts, pictures and SVGs that are missing, empty, truncated, of another kind or
without a size are reported by `pnp check` at the line that uses them, so a build never meets one
first; SVGs holding raster pictures (as drawing programs export them) draw."""
from __future__ import annotations

import base64
import io
import re

import pypdfium2 as pdfium
import pytest
from PIL import Image

from hostile import errors, pnp, tiny_kit

TEXT = '    t: {type: text, text: "{a}", font: Bree Serif, x: 5, y: 5, w: 50, h: 10}\n'
PICTURE = '    p: {type: image, src: "art/{a}", x: 5, y: 5, w: 20, h: 20}\n'


def _png(colour=(200, 30, 30), size=(40, 40)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def _jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (300, 200), (40, 90, 200)).save(out, "JPEG", quality=90)
    return out.getvalue()


def _built_and_failed(root, *expected: str) -> None:
    """`pnp check` reports each of `expected` (regexes), and `pnp build` fails writing nothing."""
    found = "\n".join(errors(root))
    for pattern in expected:
        assert re.search(pattern, found), (pattern, found)
    result = pnp(root, "build", "--out", str(root.parent / "out"))
    assert result.exit_code == 1 and not (root.parent / "out").exists(), result.output


def test_a_missing_or_empty_fonts_yaml_is_a_problem(project):
    root = project()
    tiny_kit(root, TEXT)
    (root / "fonts/fonts.yaml").write_text("", encoding="utf-8")
    _built_and_failed(root, r"^fonts/fonts\.yaml:1:1: YAML: the file is empty")
    (root / "fonts/fonts.yaml").write_text("{}\n", encoding="utf-8")
    _built_and_failed(root, r"^fonts/fonts\.yaml:1:1: fonts: fonts\.yaml names no font family")
    (root / "fonts/fonts.yaml").unlink()
    _built_and_failed(root, r"^fonts/fonts\.yaml: fonts: no fonts/fonts\.yaml in the project")


@pytest.mark.parametrize("damage, why", [
    (lambda data: b"this is no font" * 100, r"is not a usable TrueType font \(Not a recognized TrueType font"),
    (lambda data: data[:len(data) // 2], r"is truncated \(its '.{4}' table ends beyond the file\)"),
    (lambda data: data[:200], r"is not a usable TrueType font"),
    (lambda data: b"OTTO" + data[4:], r"is not a usable TrueType font \(CFF \(PostScript\) outlines"),
])
def test_a_broken_font_is_reported_where_a_text_uses_it(project, damage, why):
    root = project()
    tiny_kit(root, TEXT)
    font = root / "fonts/BreeSerif-Regular.ttf"
    font.write_bytes(damage(font.read_bytes()))
    _built_and_failed(root, r"^decks/k/cards\.yaml:\d+:\d+: kit 'k', deck 'cards', card '1', element 't': "
                            r"font 'Bree Serif' regular: BreeSerif-Regular\.ttf " + why)


def test_a_broken_default_font_is_reported_at_its_line_of_fonts_yaml(project):
    root = project()
    tiny_kit(root, TEXT)
    (root / "fonts/NotoSans-Regular.ttf").write_bytes(b"\0\1\0\0" + b"\xff" * 100)
    _built_and_failed(root, r"^fonts/fonts\.yaml:4:\d+: fonts: font 'Noto Sans' regular: NotoSans-Regular\.ttf is "
                            r"not a usable TrueType font")


def test_a_font_outside_the_project_is_refused(project, tmp_path):
    root = project()
    tiny_kit(root, TEXT)
    (tmp_path / "elsewhere.ttf").write_bytes((root / "fonts/BreeSerif-Regular.ttf").read_bytes())
    fonts = root / "fonts/fonts.yaml"
    for path in ("../../elsewhere.ttf", str(tmp_path / "elsewhere.ttf")):
        fonts.write_text(fonts.read_text(encoding="utf-8").replace("BreeSerif-Regular.ttf", path), encoding="utf-8")
        _built_and_failed(root, r"element 't': font 'Bree Serif' regular: the path '.*elsewhere\.ttf' (leaves the "
                                r"project folder|is absolute)")
        fonts.write_text(fonts.read_text(encoding="utf-8").replace(path, "BreeSerif-Regular.ttf"), encoding="utf-8")


@pytest.mark.parametrize("name, data, why", [
    ("cut.png", _png()[:60], r"cannot read cut\.png: the file is truncated"),
    ("cut.jpg", _jpeg()[:-300], r"cannot read cut\.jpg: the file is truncated"),
    ("text.png", b"not a picture at all", r"text\.png is not a PNG or JPEG picture"),
    ("pic.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", r"pic\.gif is (GIF|not a PNG or JPEG)"),
])
def test_a_broken_picture_fails_check_not_the_build(project, name, data, why):
    root = project()
    kit = tiny_kit(root, PICTURE, cards=f"  - [{name}, x]\n")
    (kit / "art" / name).write_bytes(data)
    _built_and_failed(root, r"^decks/k/cards\.yaml:\d+:\d+: kit 'k', deck 'cards', card '1', element 'p': " + why)


def test_an_icon_without_a_size_is_reported(project):
    root = project()
    tiny_kit(root, '    i: {type: icon, name: ankh, x: 5, y: 5, w: 20, h: 20}\n')
    icon = root / "icons/ankh.svg"
    icon.write_text(re.sub(r'(viewBox|width|height)="[^"]*"', "", icon.read_text(encoding="utf-8")), encoding="utf-8")
    _built_and_failed(root, r"element 'i'\S*( \(used by deck 'cards'\))?: icon 'ankh': ankh\.svg has no size: give "
                            r"its <svg> a viewBox")


def test_an_svg_holding_raster_pictures_draws_them(project):
    """A data: URI (as Inkscape embeds) and a PNG beside the SVG (as it links): both drawn, upright."""
    root = project()
    kit = tiny_kit(root, '    art: {type: svg, src: art/a.svg, box: trim, fit: stretch}\n', layout="  bleed: 0\n")
    halves = Image.new("RGB", (20, 20), (200, 30, 30))
    halves.paste((30, 30, 200), (0, 10, 20, 20))  # red above, blue below
    out = io.BytesIO()
    halves.save(out, "PNG")
    (kit / "art/halves.png").write_bytes(out.getvalue())
    data = base64.b64encode(out.getvalue()).decode()
    (kit / "art/a.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">'
        '<rect width="100" height="100" fill="#dddddd"/>'
        f'<image x="0" y="0" width="50" height="50" xlink:href="data:image/png;base64,\n{data}"/>'
        '<image x="50" y="50" width="50" height="50" href="halves.png"/></svg>', encoding="utf-8")
    assert errors(root) == []
    result = pnp(root, "build", "--out", str(root.parent / "out"), "--backs", "none")
    assert result.exit_code == 0, result.output
    page = pdfium.PdfDocument(str(root.parent / "out/k/cards-a4.pdf"))[0]
    image, scale = page.render(scale=2).to_pil(), 2.0
    x0, top = _first_card(page)
    w, h = 63 * 72 / 25.4, 88 * 72 / 25.4

    def at(fx: float, fy: float) -> tuple[int, int, int]:
        return image.getpixel((int((x0 + fx * w) * scale), int((top + fy * h) * scale)))[:3]

    assert _near(at(0.25, 0.1), (200, 30, 30)) and _near(at(0.25, 0.4), (30, 30, 200))
    assert _near(at(0.75, 0.6), (200, 30, 30)) and _near(at(0.75, 0.9), (30, 30, 200))
    assert _near(at(0.75, 0.25), (221, 221, 221))


def _first_card(page) -> tuple[float, float]:
    """The top-left corner (x, y from the top, in points) of the first card slot, from the TrimBox."""
    x0, _, _, y1 = page.get_trimbox()
    return x0, page.get_height() - y1


def _near(got: tuple[int, ...], want: tuple[int, ...]) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(got, want))
