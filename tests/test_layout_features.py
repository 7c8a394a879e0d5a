"""Conditions on lists of values, map lookups, icons at points, recoloured SVG art, a kit's own
icons, typed table cells, game symbols in text: what each lays out, read back from the faces."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.layout.assets import IconLibrary, colour
from pnp.layout.items import TextItem
from pnp.model.units import MM

from conftest import edit
from faces import Faces, pictures, shapes, texts, whats

LAYOUTS = """
carte:
  palette: {rouge: "#cc0000", noir: "#000000", coeur: rouge, pique: noir}
  maps:
    pips:
      1: [[31.5, 44]]
      2: [[31.5, 20], [31.5, 68, 180]]
    encre: {coeur: rouge, pique: noir}
  elements:
    rouge: {type: rect, x: 0, y: 0, w: 5, h: 5, fill: rouge, when: {suit: [coeur, carreau]}}
    as-de-pique: {type: rect, x: 10, y: 0, w: 5, h: 5, fill: noir, when: {suit: pique, rank: [1, 14]}}
    pas-as: {type: rect, x: 20, y: 0, w: 5, h: 5, fill: noir, unless: {rank: 1, suit: carreau}}
    pips: {type: icon, name: "{suit}", color: "{encre[suit]}", at: "{pips[rank]}", w: 10, h: 12}
    coin: {type: text, x: 2, y: 10, w: 10, h: 10, text: "{rank}", color: "{encre[suit]}"}
  icons: {coeur: hearts, pique: spades, carreau: diamonds}
art:
  elements:
    dessin: {type: svg, src: "art.svg", x: 0, y: 0, w: 20, h: 20, color: "#00ff00"}
    brut: {type: svg, src: "art.svg", x: 20, y: 0, w: 20, h: 20}
    propre: {type: icon, name: spades, x: 40, y: 0, w: 10, h: 10}
bareme:
  palette: {rouge: "#cc0000"}
  elements:
    t:
      type: table
      x: 0
      y: 0
      w: 60
      h: 40
      columns: [{header: Carte, align: left}, {header: Atout, format: d}, {header: Écart, format: "+d"}]
      body:
        - [Valet, 20, 2]
        - [{text: "Neuf", bold: true}, {number: 14, fill: rouge, color: "#ffffff"}, -3]
        - [{icon: hearts}, ~, {number: "{bonus}"}]
        - ["{nom}", {number: 0.5, format: ".1f"}, 1]
    champ: {type: table, x: 0, y: 45, w: 60, h: 20, columns: [{header: A}, {header: B}], body: "{lignes}"}
symboles:
  elements:
    t: {type: text, x: 0, y: 0, w: 60, h: 20, text: "Valet ♠, dame ♥ et 10♦"}
"""


@pytest.fixture
def faces(tmp_path):
    found = Faces(tmp_path, LAYOUTS)
    (tmp_path / "decks" / "k" / "art.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
        '<rect x="0" y="0" width="10" height="10" fill="#ff0000"/></svg>', encoding="utf-8")
    return found


def _fills(face) -> set[tuple[int, tuple]]:
    return {(round(s.x / MM), s.fill) for s in shapes(face) if s.fill}


@pytest.mark.parametrize("suit, rank, shown", [
    ("coeur", 1, {0}), ("coeur", 2, {0, 20}), ("carreau", 1, {0}), ("carreau", 2, {0}), ("pique", 1, {10}),
    ("pique", 14, {10, 20}), ("pique", 2, {20})])
def test_when_takes_lists_and_all_fields_unless_hides_on_any(faces, suit, rank, shown):
    face, _ = faces.build("carte", suit=suit, rank=rank)
    assert {x for x, _ in _fills(face)} == shown


def test_a_map_gives_each_card_its_positions_and_colour(faces):
    face, problems = faces.build("carte", suit="coeur", rank=2)
    assert problems == []
    pips = pictures(face)
    assert [(round((p.x + p.w / 2) / MM, 3), round((p.y + p.h / 2) / MM, 3), p.rotate) for p in pips] == [
        (31.5, 20.0, 0), (31.5, 68.0, 180)]
    assert {p.color for p in pips} == {(0.8, 0.0, 0.0)} and pips[0].path.endswith("hearts.svg")
    assert (round(pips[0].w / MM, 3), round(pips[0].h / MM, 3)) == (10.0, 12.0)
    corner = next(i for i in face.items() if isinstance(i, TextItem))
    assert corner.color == (0.8, 0.0, 0.0)
    one, _ = faces.build("carte", suit="pique", rank=1)
    assert [round((p.y + p.h / 2) / MM, 3) for p in pictures(one)] == [44.0]
    assert {p.color for p in pictures(one)} == {(0.0, 0.0, 0.0)}


def test_bad_points_are_a_problem(faces):
    builder = faces.builder("carte")
    builder.layout.maps["pips"]["3"] = [[1, 2, "a quarter"]]
    _, problems = faces.build("carte", suit="pique", rank=3)
    assert whats(problems) == ["`at` takes points [x, y] or [x, y, turn] (a turn in degrees) (got [1, 2, 'a quarter'])"]


def test_a_point_may_turn_its_icon_by_any_angle(faces):
    builder = faces.builder("carte")
    builder.layout.maps["pips"]["4"] = [[10, 20, 45], [30, 20, -30]]
    face, problems = faces.build("carte", suit="pique", rank=4)
    assert not problems
    assert [p.rotate for p in pictures(face)] == [45, 330]


def test_an_svg_with_a_colour_is_recoloured_like_an_icon(faces):
    face, problems = faces.build("art")
    assert problems == []
    dessin, brut, _ = pictures(face)
    assert (dessin.kind, dessin.color) == ("svg", (0.0, 1.0, 0.0)) and brut.color is None


def test_a_kit_icon_wins_over_the_projects(tmp_path):
    root = tmp_path / "p"
    (root / "icons").mkdir(parents=True)
    icon = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>'  # (an icon has a size)
    (root / "icons" / "spades.svg").write_text(icon, encoding="utf-8")
    kit = root / "decks" / "k"
    (kit / "icons").mkdir(parents=True)
    (kit / "icons" / "spades.svg").write_text(icon, encoding="utf-8")
    (kit / "icons" / "meeple-rouge.svg").write_text(icon, encoding="utf-8")
    library = IconLibrary(root).with_kit(kit)
    assert library.resolve("spades", {})[0] == str(kit / "icons" / "spades.svg")
    assert library.resolve("meeple-rouge", {})[0] == str(kit / "icons" / "meeple-rouge.svg")
    assert IconLibrary(root).resolve("meeple-rouge", {})[0] is None  # another kit does not see it


def test_typed_cells_are_written_filled_and_coloured(faces):
    face, problems = faces.build("bareme", bonus="5", nom="As", lignes=[["x", {"number": 3}]])
    assert problems == []
    assert texts(face) == ["Carte", "Atout", "Écart", "Valet", "20", "+2", "Neuf", "14", "−3", "", "+5",
                           "As", "0.5", "+1", "A", "B", "x", "3"]
    cells = [i for i in face.items() if isinstance(i, TextItem)]
    neuf, quatorze = cells[6], cells[7]
    assert neuf.block.lines[0].frags[0].face.style == "bold" and quatorze.color == (1.0, 1.0, 1.0)
    assert (0.8, 0.0, 0.0) in {s.fill for s in shapes(face)}
    valet = cells[3]
    assert valet.block.lines[0].frags[0].x == 0.0  # the first column is aligned left
    coeur = cells[9].block.lines[0].frags[0]
    assert coeur.icon.endswith("hearts.svg")


def test_a_fields_cells_are_checked_as_the_layouts_are(faces):
    _, problems = faces.build("bareme", bonus="5", nom="As", lignes=[["x", {"nombre": 3}]])
    assert whats(problems) == ["a table's `body`, row 1, cell 2.nombre: unknown key 'nombre'"]
    _, problems = faces.build("bareme", bonus="cinq", nom="As", lignes=[])
    assert whats(problems) == ["cannot write 'cinq' with format '+d': could not convert string to float: 'cinq'"]


def test_game_symbols_the_font_lacks_are_drawn_as_icons(faces):
    face, problems = faces.build("symboles")
    assert problems == []
    frags = [f for line in face.items()[0].block.lines for f in line.frags]
    icons = [Path(f.icon).stem for f in frags if f.icon]
    assert icons == ["spades", "hearts", "diamonds"]


def test_did_you_mean_never_offers_the_name_typed():
    def said(value: str, palette: dict[str, str]) -> str:
        problem = colour(value, palette)[1]
        return problem.what if problem else ""
    assert said("coeur", {"coeur": "rogue"}) == "unknown colour 'rogue' (give #rrggbb or a palette name)"
    assert "did you mean 'rouge'" in said("rouje", {"rouge": "#ff0000", "rouje": "rouji"})
    assert said("noire", {"noire2": "#000000"}) == "unknown colour 'noire' (did you mean 'noire2'?)"


def test_strict_makes_a_warning_fail_check_and_build(project):
    root = project("similis")
    edit(root / "layouts/similis.yaml", "forme: {type: icon,", "forme: {type: icon, when: {valeur: [1, 9]},")
    runner = CliRunner()
    loose = runner.invoke(main, ["--project", str(root), "check", "similis"])
    assert loose.exit_code == 0 and "warning: layouts/similis.yaml:" in loose.stderr
    assert "no card has valeur '9': the condition never holds" in loose.stderr
    strict = runner.invoke(main, ["--project", str(root), "check", "--strict", "similis"])
    assert strict.exit_code == 1 and "\nlayouts/similis.yaml:" in strict.stderr  # the warning, now an error
    built = runner.invoke(main, ["--project", str(root), "build", "--strict", "similis", "--out", str(root / "out")])
    assert built.exit_code == 1 and not list((root / "out").rglob("*.pdf"))
    loose = runner.invoke(main, ["--project", str(root), "build", "similis", "--out", str(root / "out")])
    assert loose.exit_code == 0
    cached = runner.invoke(main, ["--project", str(root), "build", "--strict", "similis", "--out", str(root / "out")])
    assert cached.exit_code == 1 and "up to date" not in cached.stdout  # an up-to-date kit's warnings count too


def test_a_kits_own_icons_are_inputs_of_its_build(project):
    root = project("similis")
    own = root / "decks" / "similis" / "icons"
    own.mkdir()
    (own / "ankh.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" '
                                  'height="10"><circle cx="5" cy="5" r="4" fill="#000000"/></svg>', encoding="utf-8")
    from pnp.build import check

    report = check(root, ["similis"])[0]
    assert report.errors == [] and "decks/similis/icons/ankh.svg" in report.inputs
