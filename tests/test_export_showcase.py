"""`pnp export --showcase` and `--fan`: the build's faces side by side or fanned, at the width asked,
on a transparent ground with soft shadows, their corners cut round, the same bytes twice; chosen
cards by id, and an unknown id refused with the closest one."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from pnp.export import ExportOptions, export


def _export(root: Path, out: Path, **options) -> list:
    reports = export(root, ["belote"], ExportOptions(out=out, **options), force=True)
    return reports


@pytest.fixture(scope="module")
def belote(tmp_path_factory, shipped):
    out = tmp_path_factory.mktemp("showcase") / "out"
    reports = _export(shipped, out, showcase=True, fan=True, width=1200)
    assert not [p.render() for r in reports for p in r.errors]
    return out / "belote" / "showcase"


def _runs(row: list[int]) -> int:
    """How many runs of opaque pixels a row of alpha values holds."""
    return sum(1 for a, b in zip([0] + row, row) if a < 250 <= b)


def test_a_showcase_is_the_first_cards_side_by_side_on_a_transparent_ground(belote):
    assert sorted(p.name for p in belote.iterdir()) == ["aide-fan.png", "aide.png", "cartes-fan.png", "cartes.png"]
    with Image.open(belote / "cartes.png") as picture:
        assert picture.mode == "RGBA" and picture.width == 1200
        alpha = picture.getchannel("A")
        middle = [alpha.getpixel((x, picture.height // 2)) for x in range(picture.width)]
        assert _runs(middle) == 5 and alpha.getpixel((0, 0)) == 0  # five cards, the ground transparent
        left = next(x for x, a in enumerate(middle) if a >= 250)
        top = next(y for y in range(picture.height) if alpha.getpixel((left + 40, y)) >= 250)
        assert alpha.getpixel((left + 1, top + 1)) < 250  # a rounded corner, not a square one
        below = [alpha.getpixel((left + 40, y)) for y in range(top, picture.height)]
        edge = next(i for i, a in enumerate(below) if a < 250)
        assert 0 < below[edge + 3] < 200  # a soft shadow under the card's bottom edge


def test_a_fan_turns_the_cards_about_a_point_below_them(belote):
    with Image.open(belote / "cartes-fan.png") as fan:
        assert fan.mode == "RGBA" and fan.width == 1200 and fan.height < fan.width
        alpha = fan.getchannel("A")
        assert alpha.getpixel((0, 0)) == 0 and alpha.getpixel((fan.width // 2, fan.height // 3)) == 255
        bottom = [y for y in range(fan.height) if alpha.getpixel((fan.width // 2, y)) >= 250][-1]
        side = [y for y in range(fan.height) if alpha.getpixel((fan.width // 8, y)) >= 250][-1]
        assert side > bottom  # the outer cards hang lower: a hand's arc


def test_the_same_kit_gives_the_same_bytes(belote, shipped, tmp_path):
    _export(shipped, tmp_path, showcase=True, fan=True, width=1200)
    for name in ("cartes.png", "cartes-fan.png"):
        assert (tmp_path / "belote/showcase" / name).read_bytes() == (belote / name).read_bytes()


def test_chosen_cards_and_an_unknown_one(shipped, tmp_path):
    reports = _export(shipped, tmp_path, fan=True, cards=("A-coeur", "cartes:R-pique"), width=600)
    assert not [p.render() for r in reports for p in r.errors]
    with Image.open(tmp_path / "belote/showcase/cards-fan.png") as fan:
        assert fan.width == 600
    reports = _export(shipped, tmp_path / "bad", showcase=True, cards=("A-coeurr",))
    assert [p.render() for r in reports for p in r.errors] == \
        ["pnp: export --cards: no card 'A-coeurr' in kit 'belote' (did you mean 'A-coeur'?)"]
    assert not (tmp_path / "bad").exists()
