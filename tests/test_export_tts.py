"""`pnp export --tts`: deck sheets within Tabletop Simulator's limits (10 x 7 cells, 4 096 px a side,
the last cell kept for the hidden card), the back, and a saved object that loads and names every
card once."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from PIL import Image

from pnp.export import ExportOptions, export

SEVENTY = """\
title: Septante
players: {min: 2, max: 4}
components: [cartes.yaml]
"""
LAYOUTS = """\
septante:
  extends: poker-card
  background: "#fdf6e3"
  elements:
    n: {type: text, text: "{n}", size: 40, align: center, valign: middle}
septante-dos:
  extends: poker-card
  background: "#204060"
"""


def _tts(root: Path, out: Path, names: list[str], **options) -> list:
    reports = export(root, names, ExportOptions(tts=True, out=out, **options))
    assert not [p.render() for r in reports for p in r.errors]
    return reports


@pytest.fixture(scope="module")
def similis_tts(tmp_path_factory, shipped):
    out = tmp_path_factory.mktemp("tts") / "out"
    _tts(shipped, out, ["similis"])
    return out / "similis" / "tts"


def test_ninety_cards_give_two_sheets_within_the_limits(similis_tts):
    assert sorted(p.name for p in similis_tts.iterdir()) == [
        "aide-1.png", "aide-back.png", "aide.json", "cartes-1.png", "cartes-2.png", "cartes-back.png", "cartes.json"]
    with Image.open(similis_tts / "cartes-1.png") as first, Image.open(similis_tts / "cartes-2.png") as second:
        assert first.size == (10 * 409, 7 * 572) and max(first.size) <= 4096  # 69 cards and the hidden cell
        assert second.size == (10 * 409, 3 * 572)  # 21 cards and the hidden cell


def test_the_saved_object_names_every_card_once(similis_tts, shipped):
    saved = json.loads((similis_tts / "cartes.json").read_text(encoding="utf-8"))
    deck = saved["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom"
    nicknames = [card["Nickname"] for card in deck["ContainedObjects"]]
    assert len(set(nicknames)) == 90 and "1 ankh bleu pierre" in nicknames  # each card once, by its fields
    first = next(c for c in deck["ContainedObjects"] if c["Nickname"] == "1 ankh bleu pierre")
    assert first["Description"] == "valeur: 1\nforme: ankh\ncouleur: bleu\nfond: pierre"
    assert deck["DeckIDs"] == [100 + i for i in range(69)] + [200 + i for i in range(21)]
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    sheets = deck["CustomDeck"]
    assert sorted(sheets) == ["1", "2"]
    assert (sheets["1"]["NumWidth"], sheets["1"]["NumHeight"], sheets["2"]["NumWidth"], sheets["2"]["NumHeight"]) \
        == (10, 7, 10, 3)
    assert all(s["BackIsHidden"] and not s["UniqueBack"] for s in sheets.values())
    for sheet in sheets.values():
        for url in (sheet["FaceURL"], sheet["BackURL"]):
            assert urlparse(url).scheme == "file" and Path(url2pathname(urlparse(url).path)).is_file()
    card = deck["ContainedObjects"][80]
    assert card["CustomDeck"] == {"2": sheets["2"]} and len({c["GUID"] for c in deck["ContainedObjects"]}) == 90


def test_the_hidden_cell_shows_the_back(similis_tts):
    with Image.open(similis_tts / "cartes-2.png") as sheet, Image.open(similis_tts / "cartes-back.png") as back:
        hidden = sheet.crop((9 * 409, 2 * 572, 10 * 409, 3 * 572))
        assert hidden.size == back.size and hidden.tobytes() == back.tobytes()
        assert sheet.getpixel((5 * 409, 2 * 572 + 10)) == (255, 255, 255)  # an empty cell between


def test_a_seventy_card_deck_gives_two_sheets_and_urls_take_the_base(project, tmp_path):
    root = project()
    kit = root / "decks/septante"
    kit.mkdir(parents=True)
    (kit / "game.yaml").write_text(SEVENTY, encoding="utf-8")
    rows = "".join(f"  - [{n}]\n" for n in range(1, 71))
    (kit / "cartes.yaml").write_text("kind: deck\nname: cartes\nlayout: septante\nback: septante-dos\ncount: 70\n"
                                     "fields: {n: int}\ncolumns: [n]\nrows:\n" + rows, encoding="utf-8")
    (root / "layouts/septante.yaml").write_text(LAYOUTS, encoding="utf-8")
    _tts(root, tmp_path / "out", [], tts_base="https://example.org/septante/")
    folder = tmp_path / "out/septante/tts"
    assert sorted(p.name for p in folder.iterdir()) == ["cartes-1.png", "cartes-2.png", "cartes-back.png",
                                                       "cartes.json"]
    deck = json.loads((folder / "cartes.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    assert len(deck["ContainedObjects"]) == 70 and deck["DeckIDs"][-2:] == [168, 200]
    assert deck["CustomDeck"]["2"] == {"FaceURL": "https://example.org/septante/cartes-2.png",
                                           "BackURL": "https://example.org/septante/cartes-back.png",
                                           "NumWidth": 2, "NumHeight": 1, "BackIsHidden": True,
                                           "UniqueBack": False, "Type": 0}
    with Image.open(folder / "cartes-2.png") as second:
        assert second.size == (2 * 409, 572)
        assert second.getpixel((409 + 200, 300)) == second.getpixel((409 + 5, 5))  # the back's plain colour


def test_cards_with_backs_of_their_own_get_back_sheets(shipped, tmp_path):
    _tts(shipped, tmp_path, ["clochemerle"])
    folder = tmp_path / "clochemerle/tts"
    deck = json.loads((folder / "lieux.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    sheet = deck["CustomDeck"]["1"]
    assert sheet["UniqueBack"] and sheet["BackURL"].endswith("/lieux-back-1.png")
    with Image.open(folder / "lieux-1.png") as faces, Image.open(folder / "lieux-back-1.png") as backs:
        assert faces.size == backs.size == (10 * 409, 2 * 572)


SHAPES = """\
rond:
  extends: poker-card
  size: [18mm, 18mm]
  radius: 9mm
  bleed: 1mm
  safe: 1mm
  background: "#c0392b"
  elements:
    n: {type: text, text: "{n}", size: 8, align: center, valign: middle, color: "#ffffff"}
tarot:
  extends: poker-card
  size: tarot
  radius: 0
  background: "#fdf6e3"
  elements:
    nom: {type: text, text: "{nom}", x: 5, y: 5, w: 60, h: 10, size: 12}
rond-dos:
  extends: rond
  background: "#204060"
  elements: {}
carte:
  kind: page
  size: [120mm, 80mm]
  background: "#2e7d32"
  elements:
    titre: {type: text, text: "{titre}", x: 10, y: 10, w: 100, h: 12, size: 14, color: "#ffffff"}
"""


def _shapes_kit(root: Path) -> None:
    kit = root / "decks/formes"
    kit.mkdir(parents=True)
    (kit / "game.yaml").write_text("title: Formes\nplayers: {min: 2, max: 4}\ncomponents: [jetons.yaml, "
                                   "grandes.yaml, disques.yaml, carte.yaml]\n", encoding="utf-8")
    (kit / "disques.yaml").write_text("kind: deck\nname: disques\nlayout: rond\nback: rond-dos\nfields: {n: int}\n"
                                      "columns: [n]\nrows: [[7]]\n", encoding="utf-8")
    (kit / "carte.yaml").write_text("kind: sheet\nname: carte\ntitle: la carte\nlayout: carte\n"
                                    "fields: {titre: Le pays}\n", encoding="utf-8")
    (kit / "jetons.yaml").write_text("kind: deck\nname: jetons\nlayout: rond\nfields: {n: int}\n"
                                     "columns: [n]\nrows: [[1], [2]]\n", encoding="utf-8")
    (kit / "grandes.yaml").write_text("kind: deck\nname: grandes\nlayout: tarot\n"
                                      "fields: {nom: text, force: int}\ncards:\n"
                                      "  - {nom: \"**Le** Mage\", force: 3}\n", encoding="utf-8")
    (root / "layouts/formes.yaml").write_text(SHAPES, encoding="utf-8")


def test_shapes_and_scales_come_from_the_cards(project, tmp_path):
    root = project()
    _shapes_kit(root)
    _tts(root, tmp_path / "out", ["formes"], tts_base="https://example.org/formes")  # no trailing slash
    folder = tmp_path / "out/formes/tts"
    bag = json.loads((folder / "jetons.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    assert bag["Name"] == "Bag" and [c["Nickname"] for c in bag["ContainedObjects"]] == ["1", "2"]
    counter = bag["ContainedObjects"][0]  # round counters: tiles, TTS's circle, 18 mm high
    assert counter["Name"] == "Custom_Tile" and counter["CustomImage"]["CustomTile"]["Type"] == 2
    assert counter["CustomImage"]["ImageURL"] == counter["CustomImage"]["ImageSecondaryURL"] == \
        "https://example.org/formes/jetons-001.png"  # no back: the front on both sides
    assert counter["Transform"]["scaleX"] == counter["Transform"]["scaleZ"] == round(18 / 25.4 / (29 / 22), 4)
    with Image.open(folder / "jetons-001.png") as picture:
        assert picture.size == (213, 213)  # the trimmed counter at 300 dpi
    backed = json.loads((folder / "disques.json").read_text(encoding="utf-8"))["ObjectStates"][0]["ContainedObjects"]
    assert backed[0]["CustomImage"]["ImageSecondaryURL"] == "https://example.org/formes/disques-back.png"
    with Image.open(folder / "disques-back.png") as back:
        assert back.getpixel((30, 106)) == (32, 64, 96)  # the back's ground
    board = json.loads((folder / "carte.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    assert (board["Name"], board["Nickname"], board["CustomImage"]["CustomTile"]["Type"]) == \
        ("Custom_Tile", "la carte", 0)  # a board: one box tile
    assert board["Transform"]["scaleZ"] == round(80 / 25.4 / (29 / 22), 4)  # its height, 80 mm
    with Image.open(folder / "carte-1.png") as picture:
        assert picture.size == (1417, 945) and picture.getpixel((700, 600)) == (46, 125, 50)
    big = json.loads((folder / "grandes.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    assert big["CustomDeck"]["1"]["Type"] == 1  # square corners: a rectangle
    card = big["ContainedObjects"][0]
    assert (card["Transform"]["scaleX"], card["Transform"]["scaleY"], card["Transform"]["scaleZ"]) == \
        (round(70 / 63.5, 4), 1.0, round(70 / 63.5, 4))  # 70 mm wide against TTS's 2.5 in card, the cell's shape
    with Image.open(folder / "grandes-1.png") as sheet:  # ...which is 70 x 120 (the card's own shape)
        assert sheet.width // 2 / (sheet.height) == pytest.approx(70 / 120, abs=0.01)
    assert (card["Nickname"], card["Description"]) == ("Le Mage", "nom: Le Mage\nforce: 3")


@pytest.mark.parametrize("base", ["not a url", "ftp://example.org/x/", "https:///nohost/", "https://h/x?y=1"])
def test_a_bad_tts_base_is_a_usage_error(base, project):
    from click.testing import CliRunner

    from pnp.cli import main

    root = project()
    result = CliRunner().invoke(main, ["--project", str(root), "export", "similis", "--tts", "--tts-base", base])
    assert result.exit_code == 2 and "--tts-base" in result.output and "Traceback" not in result.output


TOKEN_LAYOUT = """\
planche:
  kind: page
  elements:
    ronds: {type: counters, each: "{couleurs}", count: 3, x: 0, y: 0, w: 100, h: 60, side: 20mm, gap: 3mm,
            fill: "{item}", ring: "#ffffff", text: "+", color: "#ffffff"}
    carres: {type: counters, shape: square, count: 2, x: 0, y: 70, w: 100, h: 20, side: 15mm, fill: "#204060"}
    titre: {type: text, text: "Jetons", x: 0, y: 100, w: 100, h: 10, size: 12}
"""


def test_counters_printed_on_a_sheet_become_tiles_one_picture_per_distinct_counter(project, tmp_path):
    root = project()
    kit = root / "decks/planche"
    kit.mkdir(parents=True)
    (kit / "game.yaml").write_text("title: Planche\nplayers: {min: 2, max: 4}\ncomponents: [jetons.yaml]\n",
                                   encoding="utf-8")
    (kit / "jetons.yaml").write_text("kind: sheet\nname: jetons\nlayout: planche\n"
                                     "fields: {couleurs: ['#c0392b', '#2e7d32']}\ncopies: 2\n", encoding="utf-8")
    (root / "layouts/planche.yaml").write_text(TOKEN_LAYOUT, encoding="utf-8")
    _tts(root, tmp_path / "out", ["planche"])
    folder = tmp_path / "out/planche/tts"
    assert sorted(p.name for p in folder.iterdir()) == [
        "jetons-carres-1.png", "jetons-ronds-1.png", "jetons-ronds-2.png", "jetons.json"]  # the text: left out
    bag = json.loads((folder / "jetons.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    tiles = bag["ContainedObjects"]
    assert [t["Nickname"] for t in tiles[::2]] == ["ronds #c0392b"] * 3 + ["ronds #2e7d32"] * 3 + ["carres"] * 2
    assert len(tiles) == 2 * 8 and len({t["GUID"] for t in tiles}) == 16  # the sheet's two copies
    round_one, square = tiles[0], tiles[-1]
    assert round_one["CustomImage"]["CustomTile"]["Type"] == 2 and square["CustomImage"]["CustomTile"]["Type"] == 0
    assert round_one["Transform"]["scaleX"] == round(20 / 25.4 / (29 / 22), 4)
    assert square["Transform"]["scaleZ"] == round(15 / 25.4 / (29 / 22), 4)
    with Image.open(folder / "jetons-ronds-2.png") as green, Image.open(folder / "jetons-carres-1.png") as blue:
        assert green.size == (236, 236) and blue.size == (177, 177)  # 20 and 15 mm at 300 dpi
        assert green.getpixel((40, 118)) == (46, 125, 50) and blue.getpixel((20, 20)) == (32, 64, 96)
