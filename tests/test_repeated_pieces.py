"""Pieces laid out once and repeated (counters, dice nets, board squares) land where they belong and
report a problem once; a `uniform` table sets its body cells at one size."""
from __future__ import annotations

import pytest

from pnp.model.units import MM

from faces import Faces, shapes, texts, whats

LAYOUTS = """
jetons:
  kind: page
  elements:
    pions: {type: counters, each: "{colours}", count: 3, x: 0, y: 0, w: 60, h: 40, side: 10mm, gap: 2mm,
            label: "{item}", label_w: 14mm, fill: "{item}", text: "{item}", size: 6}
des:
  kind: page
  elements:
    des: {type: dienets, count: 2, x: 0, y: 0, w: 200, h: 60, edge: 10mm, tab: 3mm, gap: 4mm, fill: "{fond}",
          tab_fill: "{pli}"}
bareme:
  kind: page
  elements:
    t: {type: table, columns: [{header: Combinaison}, {header: Points}], uniform: true, w: 60, h: 26,
        rows: ["1", "Une combinaison au nom bien trop long pour sa case", "5"]}
"""


@pytest.fixture
def faces(tmp_path):
    return Faces(tmp_path, LAYOUTS)


def test_counters_of_each_group_sit_in_rows_beside_its_label(faces):
    face, problems = faces.build("jetons", colours=["#ff0000", "#0000ff"])
    assert whats(problems) == []
    outlines = [s for s in shapes(face) if s.fill]
    assert [(round(s.x / MM, 6), round(s.y / MM, 6), s.fill) for s in outlines] == [
        (14.0, 0.0, (1.0, 0.0, 0.0)), (26.0, 0.0, (1.0, 0.0, 0.0)), (38.0, 0.0, (1.0, 0.0, 0.0)),
        (14.0, 12.0, (0.0, 0.0, 1.0)), (26.0, 12.0, (0.0, 0.0, 1.0)), (38.0, 12.0, (0.0, 0.0, 1.0))]
    assert texts(face) == ["#ff0000"] * 4 + ["#0000ff"] * 4


def test_dice_nets_are_the_same_net_side_by_side_and_a_wrong_colour_is_one_problem(faces):
    face, problems = faces.build("des", fond="creme", pli="gris")  # a literal colour: tests/data/invalid
    assert whats(problems) == ["unknown colour 'creme' (give #rrggbb or a palette name)",
                               "unknown colour 'gris' (give #rrggbb or a palette name)"]
    lines = [s for s in shapes(face) if s.kind == "line"]
    first, second = lines[:len(lines) // 2], lines[len(lines) // 2:]
    step = 4 * 10 * MM + 3 * MM + 4 * MM
    assert len(first) == 5 + 14 + 7 * 3 and all(
        (b.x - a.x, b.y - a.y, b.w, b.h) == pytest.approx((step, 0.0, a.w, a.h)) for a, b in zip(first, second))


def test_a_uniform_table_sets_every_body_cell_at_the_smallest_fitting_size(faces):
    face, problems = faces.build("bareme")
    assert whats(problems) == []
    body = [item for item in face.items() if hasattr(item, "block")][2:]
    assert len(body) == 3 and len({item.block.size for item in body}) == 1 and body[0].block.size < 8.0
