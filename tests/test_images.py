"""Pictures: embedded once per content, downsampled to what their box needs, JPEG and plain PNG data
passed through, alpha as a soft mask, encoded images cached between builds, deterministic bytes."""
from __future__ import annotations

import io
import json
import os
import shutil

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from pnp.cli import main
from pnp.draw import images
from pnp.draw.forms import FormCache

from conftest import Options, build, make_project

MM = 72 / 25.4
BOX_MM = 20.0  # every picture is drawn in a 20 mm square, 5 mm from its card's top-left corner
LAYOUT = """\
pic-card:
  size: poker
  bleed: 0
  elements:
    art: {type: image, src: "{art}", x: 5, y: 5, w: 20, h: 20, fit: stretch}
"""
CARDS = ["same-1.png", "same-2.png", "same-3.png", "big.png", "photo.jpg", "alpha.png", "palette.png",
         "big-photo.jpg", "grey16.png"]
QUADRANTS = {(0.25, 0.25): (220, 30, 30), (0.75, 0.25): (30, 180, 60),  # big.png: (x, y) fraction -> colour
             (0.25, 0.75): (30, 60, 200), (0.75, 0.75): (230, 200, 40)}
PHOTO = (40, 90, 200)
GREEN = (0, 160, 0)


def _pictures(art):
    Image.new("RGB", (64, 64), (200, 40, 120)).save(art / "same-1.png")
    for name in ("same-2.png", "same-3.png"):
        shutil.copyfile(art / "same-1.png", art / name)
    big = Image.new("RGB", (2000, 2000))
    for (fx, fy), colour in QUADRANTS.items():
        x, y = int((fx - 0.25) * 2000), int((fy - 0.25) * 2000)
        big.paste(colour, (x, y, x + 1000, y + 1000))
    big.save(art / "big.png")
    Image.new("RGB", (200, 200), PHOTO).save(art / "photo.jpg", quality=95)  # 254 dpi in 20 mm: no resize
    alpha = Image.new("RGBA", (100, 100), (0, 0, 0, 0))
    alpha.paste(GREEN + (255,), (0, 0, 50, 100))  # left half opaque green, right half transparent
    alpha.save(art / "alpha.png")
    palette = Image.new("P", (50, 50), 0)
    palette.putpalette([250, 130, 0] + [0] * 765)
    palette.save(art / "palette.png")
    Image.new("RGB", (3000, 2000), PHOTO).save(art / "big-photo.jpg", quality=90)
    Image.new("I;16", (40, 40), 30000).save(art / "grey16.png")  # 16-bit grey: 30000 / 257 -> 116


def make_kit(root):
    (root / "layouts" / "pics.yaml").write_text(LAYOUT, encoding="utf-8")
    kit = root / "decks" / "pics"
    (kit / "art").mkdir(parents=True)
    _pictures(kit / "art")
    (kit / "game.yaml").write_text("title: Pictures\nauthors: [pnp tests]\nplayers: {min: 1, max: 2}\n"
                                   "language: en\ncomponents: [cards.yaml]\n", encoding="utf-8")
    rows = "".join(f"  - [{json.dumps('art/' + name)}]\n" for name in CARDS)
    (kit / "cards.yaml").write_text("kind: deck\nname: cards\ntitle: cards\nlayout: pic-card\n"
                                    f"fields: {{art: text}}\ncolumns: [art]\nrows:\n{rows}", encoding="utf-8")
    return kit


def _build(root, out, **options):
    reports = build(root, [], Options(out=out, backs="none", **options))
    assert not [p for r in reports for p in r.errors], [p.render() for r in reports for p in r.errors]
    return out / "pics" / "cards-a4.pdf"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The pictures kit built once, with a cache folder of this module's own (`cache`)."""
    base = tmp_path_factory.mktemp("images")
    before = os.environ["PNP_CACHE_DIR"]
    os.environ["PNP_CACHE_DIR"] = str(base / "cache")
    root = make_project(base / "project", ())
    kit = make_kit(root)
    yield {"root": root, "kit": kit, "pdf": _build(root, base / "out"), "base": base, "cache": base / "cache"}
    os.environ["PNP_CACHE_DIR"] = before


def image_xobjects(pdf) -> list:
    """Every image XObject the pages use, through forms, soft masks included, each once."""
    found, seen = [], set()

    def visit(resources):
        resources = resources.get_object() if resources is not None else {}
        for ref in (resources.get("/XObject") or {}).values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            obj = ref.get_object()
            if obj["/Subtype"] == "/Image":
                found.append(obj)
                mask = obj.raw_get("/SMask") if "/SMask" in obj else None
                if mask is not None and mask.idnum not in seen:
                    seen.add(mask.idnum)
                    found.append(mask.get_object())
            else:
                visit(obj.get("/Resources"))

    for page in PdfReader(str(pdf)).pages:
        visit(page.get("/Resources"))
    return found


def _size(obj) -> tuple[int, int]:
    return int(obj["/Width"]), int(obj["/Height"])


def test_the_same_picture_in_many_files_is_embedded_once(built):
    found = image_xobjects(built["pdf"])
    assert [_size(o) for o in found].count((64, 64)) == 1
    # same ×3 -> 1, big, photo, alpha + its mask, palette, big photo, grey16
    assert len(found) == 8


def test_a_big_picture_is_downsampled_to_300_dpi_in_its_box(built):
    found = {_size(o): o for o in image_xobjects(built["pdf"])}
    assert (237, 237) in found and (2000, 2000) not in found  # 20 mm at 300 dpi: 236.2 -> 237 pixels
    photo = found[(356, 237)]  # a JPEG keeps its shape, and is a JPEG again
    assert photo["/Filter"] == ["/DCTDecode"] and len(photo._data) < 20_000


def test_no_downsample_and_image_dpi_options(built, tmp_path, monkeypatch):
    root, out = tmp_path / "project", tmp_path / "out"
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))  # an image cache of its own
    shutil.copytree(built["root"], root)
    pdf = out / "pics" / "cards-a4.pdf"
    for extra, side in (([], 237), (["--no-downsample"], 2000), (["--image-dpi", "150"], 119)):
        result = CliRunner().invoke(main, ["--project", str(root), "build", "decks/pics", "--out", str(out),
                                           "--backs", "none", *extra])
        assert result.exit_code == 0, result.output
        sizes = [_size(o) for o in image_xobjects(pdf)]
        assert (side, side) in sizes, (extra, sizes)  # the option is part of the incremental-build key


def test_a_jpeg_that_needs_no_resize_is_embedded_byte_for_byte(built):
    photo = (built["kit"] / "art" / "photo.jpg").read_bytes()
    jpegs = [o for o in image_xobjects(built["pdf"]) if _size(o) == (200, 200)]
    assert len(jpegs) == 1 and jpegs[0]._data == photo
    assert jpegs[0]["/Filter"] == ["/DCTDecode"] and jpegs[0]["/ColorSpace"] == "/DeviceRGB"


def test_alpha_becomes_a_soft_mask(built):
    found = image_xobjects(built["pdf"])
    masked = [o for o in found if "/SMask" in o]
    assert [_size(o) for o in masked] == [(100, 100)]
    mask = masked[0]["/SMask"]
    assert mask["/ColorSpace"] == "/DeviceGray" and _size(mask) == (100, 100)


def _render(pdf, scale=4.0):
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return doc[0].render(scale=scale).to_pil().convert("RGB"), scale
    finally:
        doc.close()


def _pixel(page, scale, card: int, fx: float, fy: float):
    """The rendered colour at (fx, fy) of card `card`'s picture box (A4, 3 × 3 butted poker cards)."""
    left, top = (210 - 3 * 63) / 2, (297 - 3 * 88) / 2
    x = left + 63 * (card % 3) + 5 + BOX_MM * fx
    y = top + 88 * (card // 3) + 5 + BOX_MM * fy
    return page.getpixel((int(x * MM * scale), int(y * MM * scale)))  # scale 1 is 72 dpi


def _near(got, want, tolerance=12) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(got, want))


def test_the_rendered_page_shows_the_pictures_where_they_belong(built):
    page, scale = _render(built["pdf"])
    for card in range(3):
        assert _near(_pixel(page, scale, card, 0.5, 0.5), (200, 40, 120))
    for (fx, fy), colour in QUADRANTS.items():
        assert _near(_pixel(page, scale, 3, fx, fy), colour), (fx, fy)
    assert _near(_pixel(page, scale, 4, 0.5, 0.5), PHOTO)
    assert _near(_pixel(page, scale, 5, 0.25, 0.5), GREEN)
    assert _near(_pixel(page, scale, 5, 0.75, 0.5), (255, 255, 255))  # transparent: the paper shows
    assert _near(_pixel(page, scale, 6, 0.5, 0.5), (250, 130, 0))
    assert _near(_pixel(page, scale, 7, 0.5, 0.5), PHOTO)
    assert _near(_pixel(page, scale, 8, 0.5, 0.5), (116, 116, 116))
    assert _near(_pixel(page, scale, 3, 1.1, 0.5), (255, 255, 255))  # nothing beyond the box


def test_a_second_build_reads_encoded_images_from_the_cache(built, monkeypatch):
    cached = sorted((built["cache"] / "images").iterdir())
    assert len(cached) == 5  # big, big photo (resized), alpha, palette, grey16; the others pass through

    def no_encoding(*args, **kwargs):
        raise AssertionError("an image was decoded again")

    monkeypatch.setattr(images, "_decoded", no_encoding)
    again = _build(built["root"], built["base"] / "again")
    assert again.read_bytes() == built["pdf"].read_bytes()


def test_builds_give_identical_bytes_with_or_without_the_cache(built):
    shutil.rmtree(built["cache"] / "images")
    fresh = _build(built["root"], built["base"] / "fresh")
    assert fresh.read_bytes() == built["pdf"].read_bytes()


def test_a_damaged_cache_entry_is_made_again(built):
    folder = built["cache"] / "images"
    _build(built["root"], built["base"] / "fill")
    for entry in folder.iterdir():
        entry.write_bytes(entry.read_bytes()[:-10])
    again = _build(built["root"], built["base"] / "damaged")
    assert again.read_bytes() == built["pdf"].read_bytes()


def test_a_picture_drawn_in_a_smaller_box_reuses_the_larger_form(built):
    path = str(built["kit"] / "art" / "big.png")
    forms = FormCache(Canvas(io.BytesIO()))
    large = forms.image(path, 100, 100)
    assert forms.image(path, 50, 50) == large  # 417 px would do, the 417 px form serves
    assert forms.image(path, 200, 200) != large  # needs more pixels: a form of its own


def test_only_pictures_well_above_the_dpi_are_resampled(tmp_path):
    box = 38 * MM  # needs 449 px at 300 dpi
    for side, want in ((300, 300), (600, 600), (700, 449)):  # 600 px is 401 dpi: below 1.5 x 300, kept
        path = tmp_path / f"{side}.png"
        Image.new("RGB", (side, side), (10, 20, 30)).save(path)
        assert images.target_size((side, side), box, box, 300) == (want, want)
        assert images.target_size((side, side), box, box, None) == (side, side)
    assert images.target_size((700, 700), box, box / 2, 300) == (449, 449)  # keeps its shape
