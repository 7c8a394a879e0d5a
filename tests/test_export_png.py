"""`pnp export --png`: one picture per card face at each preset's exact size, fronts and backs paired,
the sRGB profile and nothing else in the file, the same bytes twice; kits that fail their checks,
and cards too far from a preset, export nothing."""
from __future__ import annotations

import struct
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image, ImageCms

from pnp.export import ExportOptions, export

from conftest import edit, line_of

pytestmark = pytest.mark.slow  # (pyproject.toml's markers)

MM = 72 / 25.4


def chunks(path: Path) -> list[str]:
    """The chunk types of a PNG file, in order."""
    data, at, out = path.read_bytes(), 8, []
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        out.append(kind.decode())
        at += 12 + length
    return out


def _export(root: Path, out: Path, names: list[str], **options):
    reports = export(root, names, ExportOptions(png=True, out=out, **options))
    return reports, [p.render() for r in reports for p in r.errors], [p.render() for r in reports for p in r.warnings]


@pytest.fixture(scope="module")
def similis_png(tmp_path_factory, shipped):
    out = tmp_path_factory.mktemp("png") / "out"
    reports, errors, warnings = _export(shipped, out, ["similis"])
    assert not errors, errors
    return {"out": out / "similis" / "png", "reports": reports, "warnings": warnings}


def test_one_picture_per_face_paired_by_name(similis_png):
    names = sorted(p.name for p in similis_png["out"].iterdir())
    assert len(names) == 90 * 2 + 2 * 2  # 90 cards and 2 rules cards, front and back each
    assert names[:4] == ["aide-001-back.png", "aide-001-front.png", "aide-002-back.png", "aide-002-front.png"]
    cards = [n for n in names if n.startswith("cartes-")]
    assert cards[0] == "cartes-001-back.png" and cards[-1] == "cartes-090-front.png"
    assert all(f"cartes-{n:03d}-{side}.png" in cards for n in range(1, 91) for side in ("front", "back"))
    report = similis_png["reports"][0]
    assert {f.kind for f in report.files} == {"png"} and len(report.files) == 184


def test_poker_bleed_pictures_are_825_by_1125_with_srgb_and_nothing_else(similis_png):
    for path in sorted(similis_png["out"].iterdir())[::23]:
        with Image.open(path) as image:
            assert image.size == (825, 1125) and image.mode == "RGB"
            profile = ImageCms.ImageCmsProfile(BytesIO(image.info["icc_profile"]))
            assert "sRGB" in ImageCms.getProfileDescription(profile)
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        assert set(chunks(path)) == {"IHDR", "pHYs", "iCCP", "IDAT", "IEND"}  # no text, no time


def test_scaled_cards_are_said_and_their_bleed_reaches_the_edge(similis_png):
    assert any("cards of 63 × 88 mm scaled by 1.010 to the 63.5 × 88.9 mm trim of preset 'poker-bleed'" in w
               and w.startswith("warning: decks/similis/cartes.yaml:") for w in similis_png["warnings"])
    with Image.open(similis_png["out"] / "cartes-001-back.png") as back:  # lapis to the very edge
        edge = [back.getpixel(xy) for xy in ((0, 0), (824, 0), (0, 1124), (824, 1124), (412, 0), (0, 562))]
    assert all(max(abs(a - b) for a, b in zip(px, edge[0])) < 8 for px in edge) and sum(edge[0]) < 300


def test_the_same_kit_gives_the_same_bytes(similis_png, shipped, tmp_path):
    _export(shipped, tmp_path / "again", ["similis"])
    for name in ("cartes-001-front.png", "cartes-045-back.png", "aide-002-front.png"):
        assert (tmp_path / "again/similis/png" / name).read_bytes() == (similis_png["out"] / name).read_bytes()


def test_mpc_preset_is_822_by_1122(shipped, tmp_path):
    reports, errors, _ = _export(shipped, tmp_path, ["similis-reglisse"], preset="poker-mpc")
    assert not errors
    paths = [Path(f.path) for f in reports[0].files]
    assert len(paths) == 2 * (64 + 8) + 2 * 2  # candies and liquorice cards, rules cards; front and back
    for path in paths[::9]:
        with Image.open(path) as image:
            assert image.size == (822, 1122)


def test_a_tarot_card_is_refused_by_a_poker_preset_and_nothing_is_written(shipped, tmp_path):
    reports, errors, _ = _export(shipped, tmp_path, ["dix-mille"])
    line = line_of(shipped / "decks/dix-mille/aide.yaml", "layout:")
    assert errors == [f"decks/dix-mille/aide.yaml:{line}:9: deck 'aide': cards of 70 × 120 mm are 26% off the "
                      "63.5 × 88.9 mm trim of preset 'poker-bleed': they are never stretched; use --preset custom "
                      "(each deck at its own size)"]
    assert not tmp_path.exists() or not any(p.is_file() for p in tmp_path.rglob("*"))


def test_custom_preset_takes_each_decks_own_size_or_the_one_given(shipped, tmp_path):
    reports, errors, _ = _export(shipped, tmp_path / "own", ["dix-mille"], preset="custom")
    assert not errors
    with Image.open(tmp_path / "own/dix-mille/png/aide-001-front.png") as image:
        assert image.size == (round(76 / 25.4 * 300), round(126 / 25.4 * 300))  # 70 x 120 mm + 3 mm bleed
    reports, errors, _ = _export(shipped, tmp_path / "given", ["dix-mille"], preset="custom",
                                 size=(2.75 * 72, 4.75 * 72), bleed=0.125 * 72, dpi=200)
    assert not errors
    with Image.open(tmp_path / "given/dix-mille/png/aide-004-back.png") as image:
        assert image.size == (600, 1000)  # (2.75 + 0.25) x (4.75 + 0.25) in at 200 dpi


def test_a_kit_that_fails_its_checks_exports_nothing(project, tmp_path):
    root = project("similis")
    edit(root / "decks/similis/cartes.yaml", "layout: similis-front", "layout: similis-frnt")
    reports, errors, _ = _export(root, tmp_path / "out", ["similis"])
    assert errors and "did you mean 'similis-front'?" in errors[0]
    assert not (tmp_path / "out").exists() or not any(p.is_file() for p in (tmp_path / "out").rglob("*.png"))


def test_an_unchanged_kit_is_up_to_date_and_stale_pictures_go(project, tmp_path):
    root = project("similis-reglisse")
    out = tmp_path / "out"
    small = {"preset": "custom", "dpi": 72}  # (what is up to date does not hang on the pictures' size)
    first, errors, _ = _export(root, out, [], **small)
    assert not errors and not first[0].up_to_date
    second, _, _ = _export(root, out, [], **small)
    assert second[0].up_to_date and [f.path for f in second[0].files] == [f.path for f in first[0].files]
    stale = out / "similis-reglisse/png/cartes-999-front.png"
    stale.write_bytes(b"left by an older export")
    export(root, [], ExportOptions(png=True, out=out, **small), force=True)
    assert not stale.exists() and (out / "similis-reglisse/png/cartes-001-front.png").exists()


def test_stale_pictures_are_never_deleted_through_a_link(project, tmp_path):
    """A shared project's output folder may link `png/` to a folder of the user's: the export is
    refused (it wrote its pictures there), and the user's files stay (tests/test_trust_names.py)."""
    root = project("similis-reglisse")
    out, own = tmp_path / "out", tmp_path / "photos"
    own.mkdir()
    (own / "holiday.png").write_bytes(b"the user's own picture")
    (out / "similis-reglisse").mkdir(parents=True)
    (out / "similis-reglisse/png").symlink_to(own, target_is_directory=True)
    reports, errors, _ = _export(root, out, [])
    assert errors == [f"pnp: --out: the output folder {(out / 'similis-reglisse/png').as_posix()} is a symbolic link "
                      f"(to {own}): pnp writes only into real folders and files; remove the link"]
    assert [p.name for p in own.iterdir()] == ["holiday.png"]
    assert (own / "holiday.png").read_bytes() == b"the user's own picture"
