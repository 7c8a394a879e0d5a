"""The must-show of issue 21: a 57-card symbol-matching deck (the projective plane of order 7), its
eight symbols around a circle from one list field, with sizes and angles that vary, in under 40
lines of kit and layout YAML; its "every two cards share exactly one symbol" and "each symbol is on
8 cards" declared in game.yaml; built, read back and rendered."""
from __future__ import annotations

import math
import shutil
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from pnp.build import check
from pnp.core.options import Options

from conftest import ROOT, build_ok, edit, line_of, make_project
from pdfread import page_count
from symbol_plane import cards, lines

DATA = ROOT / "tests" / "data" / "symboles"
YAML = [DATA / "decks" / "symboles" / "game.yaml", DATA / "decks" / "symboles" / "cartes.yaml",
        DATA / "layouts" / "symboles.yaml"]


def symbol_project(tmp: Path) -> Path:
    root = make_project(tmp, ())
    shutil.copytree(DATA / "decks", root / "decks", dirs_exist_ok=True)
    shutil.copy(DATA / "layouts" / "symboles.yaml", root / "layouts" / "symboles.yaml")
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = symbol_project(tmp_path_factory.mktemp("symboles") / "project")
    out = root.parent / "out"
    reports = build_ok(root, ["symboles"], Options(out=out, paper="a4"))
    return root, out, reports


def test_the_plane_is_a_symbol_matching_deck():
    found = lines()
    assert len(found) == 57 and {len(line) for line in found} == {8}
    assert all(len(set(a) & set(b)) == 1 for a, b in combinations(found, 2))
    assert set(Counter(p for line in found for p in line).values()) == {8}


def test_the_committed_cards_are_the_plane():
    rows = (DATA / "decks" / "symboles" / "cartes.csv").read_text(encoding="utf-8").splitlines()
    assert rows == ["symboles"] + [" ".join(card) for card in cards()]


def test_kit_and_layout_take_under_40_lines_of_yaml():
    assert sum(len(p.read_text(encoding="utf-8").splitlines()) for p in YAML) < 40


def test_it_builds_57_cards_without_a_problem(built):
    root, out, reports = built
    assert [p.render() for r in reports for p in r.problems] == []
    pdf = out / "symboles" / "cartes-a4.pdf"
    assert page_count(pdf) == 16  # 8 square cards a sheet, fronts and backs


def test_each_card_draws_its_eight_symbols_on_a_circle_with_varied_sizes_and_angles(built):
    root, _, _ = built
    faces = _faces(root)
    plane = cards()
    for index, (face, symbols) in enumerate(zip(faces, plane)):
        icons = [i for i in face.items() if getattr(i, "kind", "") == "icon"]
        assert [Path(i.path).stem for i in icons] == symbols
        centre = (35 * 72 / 25.4, 35 * 72 / 25.4)
        ring = [math.dist(centre, (i.x + i.w / 2, i.y + i.h / 2)) for i in icons[1:]]
        assert math.dist(centre, (icons[0].x + icons[0].w / 2, icons[0].y + icons[0].h / 2)) < 1e-6
        assert max(ring) - min(ring) < 1e-6  # the seven others on one circle
        assert len({round(i.w, 3) for i in icons}) >= 3 and len({i.rotate for i in icons}) == 8
    assert len({tuple(round(i.w, 3) for i in f.items() if getattr(i, "kind", "") == "icon") for f in faces}) > 5


def _faces(root: Path) -> list:
    from pnp.layout.assets import IconLibrary
    from pnp.layout.face import BuildEnv, FaceBuilder
    from pnp.layout.fonts import FontBook
    from pnp.model.fonts import read_fonts
    from pnp.model.load import Project

    project = Project.open(root)
    kit, problems = project.load_kit(root / "decks" / "symboles")
    layout = kit.layouts["symboles-face"]
    env = BuildEnv(root, kit.root, FontBook(read_fonts(root)), IconLibrary(root), True, {}, project.library.element_refs)
    builder = FaceBuilder(env, layout, layout.card_size(), layout.bleed)
    deck = kit.deck("cartes")
    values = [{**card.fields, "id": card.id, "index": card.index + 1, "count": len(deck.cards), "deck": deck.title,
               "kit": kit.game.title} for card in deck.cards]
    return [builder.build(v, "card", card.ref)[0] for v, card in zip(values, deck.cards)]


def test_the_render_shows_a_symbol_at_every_card_centre_and_nothing_past_the_disc(built):
    pdfium = pytest.importorskip("pypdfium2")
    _, out, _ = built
    page = pdfium.PdfDocument(str(out / "symboles" / "cartes-a4.pdf"))[0]
    image = page.render(scale=2).to_pil().convert("L")
    scale = image.width / page.get_width()
    from pdfread import card_boxes

    side = 70 * 72 / 25.4
    slots = card_boxes(out / "symboles" / "cartes-a4.pdf", 0, (side, side))
    assert len(slots) == 8
    for x0, top, x1, bottom in slots.values():
        cx, cy = (x0 + x1) / 2 * scale, (top + bottom) / 2 * scale
        patch = [image.getpixel((int(cx) + dx, int(cy) + dy)) for dx in range(-20, 21, 4) for dy in range(-20, 21, 4)]
        assert min(patch) < 160  # ink of the centre symbol
        assert image.getpixel((int(x0 * scale) + 8, int(top * scale) + 8)) > 240  # the corner, outside the disc


def test_a_card_that_shares_two_symbols_fails_the_declared_check(tmp_path):
    root = symbol_project(tmp_path / "project")
    data = root / "decks" / "symboles" / "cartes.csv"
    rows = data.read_text(encoding="utf-8").splitlines()
    first, second = rows[1].split(" "), rows[2].split(" ")
    broken = [first[0]] + second[1:]  # card 2 takes card 1's first symbol: it shares two with card 1
    rows[2] = " ".join(broken)
    data.write_text("\n".join(rows) + "\n", encoding="utf-8")
    found = [p.render() for r in check(root, ["symboles"]) for p in r.problems]
    game = root / "decks" / "symboles" / "game.yaml"
    assert f"decks/symboles/cartes.csv:3:1: deck 'cartes': card '1' and card '2' share 2 values ({', '.join(sorted(set(first) & set(broken)))}); " \
           "checks[0] wants every two cards to share exactly 1" in found
    counts = [f for f in found if "checks[1]" in f]
    assert counts and all(f.startswith(f"decks/symboles/game.yaml:{line_of(game, 'count: symboles')}:") for f in counts)
    assert any(f"7 cards hold {second[0]} in symboles; the check wants exactly 8" in f for f in counts)


def test_a_symbol_outside_the_declared_values_is_named(tmp_path):
    root = symbol_project(tmp_path / "project")
    deck = root / "decks" / "symboles" / "cartes.yaml"
    edit(deck, 'symboles: {type: list, separator: " "}', 'symboles: {type: list, separator: " ", values: [anchor]}')
    found = [p.render() for r in check(root, ["symboles"]) for p in r.problems]
    assert found[0].startswith("decks/symboles/cartes.csv:2:1: deck 'cartes', card '1': field 'symboles': item 'castle' "
                               "must be one of: anchor")
