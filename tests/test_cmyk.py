"""CMYK and PDF/X-4 builds (`--color cmyk`, `--pdfx`), read back with pikepdf and rendered beside the
RGB build: an output intent with the bundled profile, the PDF/X keys in the Info dictionary and the
XMP metadata, a TrimBox and a BleedBox on every page, no RGB left in any content stream, form or
picture, every font embedded, no colour past the ink limit; greys in black ink alone; what passes
a lower `--ink-limit` warned of at the palette entry that holds it."""
from __future__ import annotations

import base64
import io
from decimal import Decimal
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
from click.testing import CliRunner
from conftest import build_ok, line_of, make_project
from PIL import Image, ImageChops, ImageStat

from pnp.cli import main
from pnp.colour.convert import CmykInk, profile_bytes
from pnp.core.options import Options

KITS = ("belote", "similis-reglisse", "lutins")
RGB_OPERATORS = {"rg", "RG"}


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp("cmyk")
    root = make_project(base / "project", KITS)
    _picture_kit(root)
    out = base / "out"
    build_ok(root, [], Options(out=out, pdfx=True, color="cmyk"))
    build_ok(root, [], Options(out=out))
    return {"root": root, "out": out}


def _picture_kit(root: Path) -> None:
    """A kit drawing a translucent PNG picture and SVG art holding a PNG (both colour pictures)."""
    kit = root / "decks/images"
    (kit / "art").mkdir(parents=True)
    picture = Image.new("RGBA", (60, 80), (200, 40, 30, 255))
    picture.paste((20, 90, 200, 128), (0, 40, 60, 80))
    picture.save(kit / "art/photo.png")
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), (30, 160, 60)).save(buffer, "PNG")
    data = base64.b64encode(buffer.getvalue()).decode()
    (kit / "art/dessin.svg").write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" '
        f'width="10" height="10"><rect width="10" height="5" fill="#3366cc"/><image x="0" y="5" width="10" '
        f'height="5" xlink:href="data:image/png;base64,{data}"/></svg>', encoding="utf-8")
    (kit / "game.yaml").write_text("title: Images\nplayers: {min: 2, max: 2}\ncomponents: [cartes.yaml]\n",
                                   encoding="utf-8")
    (kit / "cartes.yaml").write_text("kind: deck\nname: cartes\nlayout: images\nfields: {n: int}\n"
                                     "columns: [n]\nrows: [[1]]\n", encoding="utf-8")
    (root / "layouts/images.yaml").write_text(
        "images:\n  extends: poker-card\n  background: \"#f4e9d0\"\n  elements:\n"
        "    photo: {type: image, src: art/photo.png, x: 5, y: 5, w: 53, h: 40}\n"
        "    dessin: {type: svg, src: art/dessin.svg, x: 5, y: 50, w: 30, h: 30}\n"
        "    n: {type: text, text: \"{n}\", x: 40, y: 60, w: 18, h: 18, size: 30, color: \"#000000\"}\n",
        encoding="utf-8")


def _pdfs(builds: dict, suffix: str) -> list[Path]:
    found = sorted(builds["out"].glob(f"*/*-a4{suffix}.pdf"))
    assert found
    return found


def _streams(pdf: pikepdf.Pdf):
    """Every content stream of the document (pages and the forms they use, nested), once."""
    seen: set = set()
    todo = list(pdf.pages)
    while todo:
        obj = todo.pop()
        yield obj
        resources = obj.get("/Resources", {})
        for xobject in resources.get("/XObject", {}).values():
            if xobject.objgen not in seen and xobject.get("/Subtype") == "/Form":
                seen.add(xobject.objgen)
                todo.append(xobject)


def _images(pdf: pikepdf.Pdf) -> list:
    return [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]


def test_every_pdfx_has_its_output_intent_and_metadata(builds):
    for path in _pdfs(builds, "-pdfx"):
        with pikepdf.open(path) as pdf:
            assert pdf.pdf_version == "1.6"
            (intent,) = pdf.Root.OutputIntents
            assert intent.S == "/GTS_PDFX" and str(intent.OutputConditionIdentifier) == "FOGRA39"
            assert intent.DestOutputProfile.N == 4 and intent.DestOutputProfile.read_bytes() == profile_bytes()
            assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-4" and pdf.docinfo["/Trapped"] == "/False"
            meta = pdf.open_metadata()
            assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4" and meta["pdf:Trapped"] == "False"
            assert meta["dc:title"] == str(pdf.docinfo["/Title"]) and pdf.trailer.ID


def test_every_page_has_its_trim_and_bleed_boxes(builds):
    for path in _pdfs(builds, "-pdfx"):
        with pikepdf.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                assert "/TrimBox" in page and "/BleedBox" in page, f"{path.name} page {number}"
                media, bleed, trim = ([Decimal(str(v)) for v in page[key]] for key in
                                      ("/MediaBox", "/BleedBox", "/TrimBox"))
                assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2], f"{path.name} {number}"
                assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3], f"{path.name} {number}"


def test_no_rgb_is_left_and_no_colour_passes_the_limit(builds):
    operators: set[str] = set()
    for path in _pdfs(builds, "-pdfx"):
        with pikepdf.open(path) as pdf:
            for stream in _streams(pdf):
                for operands, operator in pikepdf.parse_content_stream(stream):
                    name = str(operator)
                    operators.add(name)
                    assert name not in RGB_OPERATORS, f"{path.name}: {name} {operands}"
                    if name in ("k", "K"):
                        assert sum(float(v) for v in operands) <= 2.405, f"{path.name}: {operands} {name}"
                    if name in ("cs", "CS"):
                        assert str(operands[0]) != "/DeviceRGB", path.name
            for image in _images(pdf):
                assert image.ColorSpace in ("/DeviceCMYK", "/DeviceGray"), f"{path.name}: {image.ColorSpace}"
    assert {"k", "K"} <= operators  # (colours were set at all)


def test_pictures_and_svg_art_are_converted(builds):
    with pikepdf.open(builds["out"] / "images/cartes-a4-pdfx.pdf") as pdf:
        spaces = sorted((str(i.ColorSpace), "/SMask" in i) for i in _images(pdf))
    # the PNG (with its alpha as a grey soft mask), the SVG's embedded PNG
    assert spaces == [("/DeviceCMYK", False), ("/DeviceCMYK", True), ("/DeviceGray", False)]


def test_every_font_is_embedded(builds):
    seen = 0
    for path in _pdfs(builds, "-pdfx"):
        with pikepdf.open(path) as pdf:
            fonts = [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font"]
            for font in fonts:
                described = font.DescendantFonts[0] if "/DescendantFonts" in font else font
                assert "/FontFile2" in described.FontDescriptor, f"{path.name}: {font.get('/BaseFont')}"
            seen += len(fonts)
    assert seen


def test_black_text_prints_with_black_ink_alone(builds):
    with pikepdf.open(builds["out"] / "images/cartes-a4-pdfx.pdf") as pdf:
        fills = {tuple(float(v) for v in operands) for stream in _streams(pdf)
                 for operands, operator in pikepdf.parse_content_stream(stream) if str(operator) == "k"}
    assert (0.0, 0.0, 0.0, 1.0) in fills
    ink = CmykInk()
    assert ink.cmyk((1.0, 1.0, 1.0)) == (0.0, 0.0, 0.0, 0.0)
    assert ink.cmyk((0.5, 0.5, 0.5))[:3] == (0.0, 0.0, 0.0) and 0.4 < ink.cmyk((0.5, 0.5, 0.5))[3] < 0.7


def _render(path: Path, page: int = 0) -> Image.Image:
    document = pypdfium2.PdfDocument(path)
    try:
        return document[page].render(scale=1.0).to_pil().convert("RGB")
    finally:
        document.close()


@pytest.mark.parametrize("name", ["belote/cartes", "belote/tapis", "similis-reglisse/cartes", "images/cartes"])
def test_the_render_stays_close_to_the_rgb_build(builds, name):
    rgb, cmyk = (_render(builds["out"] / f"{name}-a4{suffix}.pdf", 1 if "tapis" in name else 0)
                 for suffix in ("", "-pdfx"))
    assert rgb.size == cmyk.size
    difference = ImageStat.Stat(ImageChops.difference(rgb, cmyk)).mean
    assert max(difference) < 16, difference  # PDFium's own CMYK to screen: close, not equal


def test_rgb_builds_keep_their_names_and_hold_no_cmyk(builds):
    for path in _pdfs(builds, ""):
        if path.stem.endswith(("-pdfx", "-cmyk")):
            continue
        with pikepdf.open(path) as pdf:
            assert "/OutputIntents" not in pdf.Root
            assert not any(str(op) in ("k", "K") for s in _streams(pdf) for _, op in pikepdf.parse_content_stream(s))


def test_a_lower_ink_limit_is_warned_of_at_the_palette_entry(tmp_path):
    root = make_project(tmp_path / "project", ("similis",))
    reports = build_ok(root, ["similis"], Options(out=tmp_path / "out", color="cmyk", ink_limit=160))
    assert (tmp_path / "out/similis/cartes-a4-cmyk.pdf").is_file()
    warnings = [p.render() for r in reports for p in r.problems if p.severity == "warning" and "ink" in p.what]
    line = line_of(root / "layouts/similis.yaml", "bleu:")
    assert any(w.startswith(f"warning: layouts/similis.yaml:{line}:") and "palette 'bleu': #1b4b9b prints as C" in w and "over the 160 % limit" in w
               for w in warnings), warnings


def test_pdfx_with_rgb_is_a_usage_error(tmp_path):
    root = make_project(tmp_path / "project", ("similis",))
    result = CliRunner().invoke(main, ["--project", str(root), "build", "similis", "--pdfx", "--color", "rgb",
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "--pdfx" in result.output and not (tmp_path / "out").exists()
