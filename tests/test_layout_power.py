"""Expressions, arrangements, any angle, templated and safe-box geometry (issue 21, items 1-4), read
back from the faces laid out; and the expression language refusing hostile input fast."""
from __future__ import annotations

import math
import time

import pytest

from pnp.core.expressions import ExpressionError, compile_expression
from pnp.layout.items import Picture, TextItem, item_bounds
from pnp.model.units import MM

from faces import Faces, pictures, shapes, texts, whats

LAYOUTS = """
calcul:
  maps: {encre: {0: "#ff0000", 1: "#0000ff"}}
  elements:
    double: {type: text, x: 2, y: 2, w: 50, h: 8, text: "{value * 2} / {'haut' if value > 3 else 'bas'}"}
    place: {type: rect, x: "{index * 12}mm", y: 20, w: 10, h: "{5 + index}mm", fill: "{encre[index % 2]}"}
    item: {type: text, x: 2, y: 40, w: 50, h: 8, text: "{symboles[1]} {symboles[-1]} {symboles|count} {len(symboles)}"}
    penche: {type: rect, x: 10, y: 60, w: 20, h: 10, fill: "#000000", rotate: 30}
    tourne: {type: text, x: 10, y: 45, w: 40, h: 8, text: tourne, rotate: "{index * 15}"}
    sur: {type: rect, x: 10%safe, y: 0%safe, w: 50%safe, h: 10, fill: "#00ff00"}
rangs:
  elements:
    ligne:
      type: icon
      name: "{item}"
      x: 0
      y: 0
      w: 60
      h: 10
      arrange: {over: "{symboles}", along: row, gap: 2}
    colonne: {type: rect, x: 0, y: 20, w: 10, h: 60, fill: "#000000", arrange: {over: 3, along: column, gap: 3}}
    grille: {type: ellipse, x: 20, y: 20, w: 40, h: 40, fill: "#000000", arrange: {over: 6, along: grid, columns: 3}}
ronds:
  elements:
    cercle:
      type: icon
      name: "{item}"
      rotate: "{i * 10}"
      x: 0
      y: 0
      w: 60
      h: 60
      arrange: {over: "{symboles}", along: circle, radius: 40%, size: "{8 + i}mm", turn: true}
    arc: {type: rect, x: 0, y: 0, w: 60, h: 80, fill: "#000000", arrange: {over: 3, along: arc, start: -90, end: 90, radius: 20mm, size: 4}}
points:
  elements:
    p: {type: rect, fill: "#000000", arrange: {over: 2, along: points, points: [[10, 10], [50%, 50%]], size: [4, 6]}}
    nuage: {type: ellipse, x: 5, y: 5, w: 50, h: 70, fill: "#000000", arrange: {over: 12, along: scatter, size: 9}}
    trop: {type: ellipse, x: 0, y: 0, w: 20, h: 20, fill: "#000000", arrange: {over: 5, along: scatter, size: 9}, when: {trop: oui}}
table:
  elements:
    t: {type: table, x: 5, y: 30, w: 40, h: 20, rotate: 90, columns: [{header: A}, {header: B}], rows: [x, y]}
"""
SYMBOLS = ["anchor", "ankh", "moon", "sun"]


@pytest.fixture
def faces(tmp_path):
    return Faces(tmp_path, LAYOUTS)


def _mm(value: float) -> float:
    return round(value / MM, 2)


def test_expressions_compute_text_geometry_and_colours(faces):
    face, problems = faces.build("calcul", value=4.5, index=3, symboles=SYMBOLS)
    assert problems == []
    assert texts(face)[:2] == ["9 / haut", "ankh sun 4 4"]
    rect = next(s for s in shapes(face) if s.y == 20 * MM)
    assert (_mm(rect.x), _mm(rect.h), rect.fill) == (36.0, 8.0, (0.0, 0.0, 1.0))
    low, _ = faces.build("calcul", value=1, index=2, symboles=SYMBOLS)
    assert texts(low)[0] == "2 / bas" and next(s for s in shapes(low) if s.y == 20 * MM).fill == (1.0, 0.0, 0.0)


def test_any_angle_turns_an_element_and_its_bounds(faces):
    face, _ = faces.build("calcul", value=1, index=3, symboles=SYMBOLS)
    penche = next(s for s in shapes(face) if s.rotate == 30)
    x0, y0, x1, y1 = item_bounds(penche)
    w, h = 20 * MM, 10 * MM  # the box that holds a 20 x 10 mm rect turned 30°
    assert x1 - x0 == pytest.approx(w * math.cos(math.radians(30)) + h * math.sin(math.radians(30)))
    assert y1 - y0 == pytest.approx(w * math.sin(math.radians(30)) + h * math.cos(math.radians(30)))
    tourne = next(i for i in face.items() if isinstance(i, TextItem) and i.rotate)
    assert tourne.rotate == 45


def test_lengths_in_percent_of_the_safe_box(faces):
    face, _ = faces.build("calcul", value=1, index=0, symboles=SYMBOLS)
    sur = next(s for s in shapes(face) if s.fill == (0.0, 1.0, 0.0))
    safe, width = 3 * MM, 63 * MM  # a poker card's safe box: 3 mm inside the cut
    assert (sur.x, sur.y, sur.w) == pytest.approx((safe + 0.1 * (width - 2 * safe), safe, 0.5 * (width - 2 * safe)))


def test_row_column_and_grid_place_one_item_per_cell(faces):
    face, problems = faces.build("rangs", symboles=SYMBOLS)
    assert problems == []
    icons = pictures(face)
    assert [p.path.rsplit("/", 1)[-1] for p in icons] == [s + ".svg" for s in SYMBOLS]
    cell = (60 - 3 * 2) / 4  # four cells 2 mm apart across 60 mm
    assert [_mm(p.x) for p in icons] == [round(k * (cell + 2) + (cell - 10) / 2, 2) for k in range(4)]
    column = [s for s in shapes(face) if s.kind == "rect"]
    assert [_mm(s.y) for s in column] == [20.0, 41.0, 62.0] and {_mm(s.h) for s in column} == {18.0}
    grid = [s for s in shapes(face) if s.kind == "ellipse"]
    assert sorted({_mm(s.x) for s in grid}) == [20.0, 33.33, 46.67] and sorted({_mm(s.y) for s in grid}) == [20.0, 40.0]


def test_a_circle_places_items_around_its_centre_with_sizes_and_turns_per_item(faces):
    face, problems = faces.build("ronds", symboles=SYMBOLS)
    assert problems == []
    icons = pictures(face)[:4]
    centres = [((p.x + p.w / 2) / MM - 30, (p.y + p.h / 2) / MM - 30) for p in icons]
    assert [round(math.hypot(*c), 3) for c in centres] == [24.0] * 4  # 40 % of the 60 mm region
    assert [round(c[0], 3) for c in centres] == [0.0, 24.0, 0.0, -24.0]  # 0° at the top, clockwise
    assert [_mm(p.w) for p in icons] == [8.0, 9.0, 10.0, 11.0]
    assert [p.rotate for p in icons] == [0, 100, 200, 300]  # its own turn (i × 10) and the circle's
    arc = shapes(face)
    assert [round((s.x + s.w / 2) / MM - 30, 3) for s in arc] == [-20.0, 0.0, 20.0]


def test_points_and_a_seeded_scatter_that_never_overlaps(faces):
    face, problems = faces.build("points", id="c1", deck="d")
    assert problems == []
    rects = [s for s in shapes(face) if s.kind == "rect"]
    assert [(_mm(s.x + s.w / 2), _mm(s.y + s.h / 2), _mm(s.w), _mm(s.h)) for s in rects] == [
        (10.0, 10.0, 4.0, 6.0), (31.5, 44.0, 4.0, 6.0)]
    dots = [s for s in shapes(face) if s.kind == "ellipse"]
    assert len(dots) == 12
    for a in dots:
        assert 5 * MM <= a.x and a.x + a.w <= 55 * MM + 1e-6 and 5 * MM <= a.y and a.y + a.h <= 75 * MM + 1e-6
        for b in dots:
            if a is not b:
                assert math.dist((a.x, a.y), (b.x, b.y)) >= 9 * MM * math.sqrt(2) - 1e-6
    again, _ = faces.build("points", id="c1", deck="d")
    other, _ = faces.build("points", id="c2", deck="d")
    assert [s.x for s in shapes(again)] == [s.x for s in shapes(face)] != [s.x for s in shapes(other)]


def test_a_scatter_that_cannot_fit_is_a_problem_never_an_overlap(faces):
    _, problems = faces.build("points", id="c1", deck="d", trop="oui")
    assert whats(problems) == ["arrange: 5 items cannot be scattered in the region without overlapping (1 placed); "
                               "make them smaller or fewer"]


def test_a_table_turns_as_a_whole(faces):
    face, problems = faces.build("table")
    assert problems == []
    frame = max(shapes(face), key=lambda s: s.w * s.h)
    cx, cy = (frame.x + frame.w / 2) / MM, (frame.y + frame.h / 2) / MM
    assert (round(cx, 3), round(cy, 3), frame.rotate) == (25.0, 40.0, 90)
    assert all(i.rotate == 90 for i in face.items())


@pytest.mark.parametrize("text, message", [
    ("9**9**9", "the result is too large (numbers have at most 15 digits)"),
    ("4000000**4000000", "the result is too large (numbers have at most 15 digits)"),
    ("'a' * 10**9", "the result is too long (at most 10,000 characters or items)"),
    ("(1).__class__", "no name starts with '_' (got '__class__')"),
    ("value.__class__.__bases__", "no name starts with '_' (got '__bases__')"),
    ("__import__('os')", "only these functions may be called: len, min, max, abs, round, int, float, str, sum, sqrt, "
                         "sin, cos, tan, radians, degrees, floor, ceil"),
    ("open('/etc/passwd')", "only these functions may be called: len, min, max, abs, round, int, float, str, sum, "
                            "sqrt, sin, cos, tan, radians, degrees, floor, ceil"),
    ("[x for x in 'abc']", "comprehensions are not allowed in an expression"),
    ("lambda: 1", "lambdas are not allowed in an expression"),
    ("f'{value}'", "f-strings are not allowed in an expression"),
    ("value | 2", "BitOr are not allowed in an expression"),
    ("1e308 * 10", "the result is too large (numbers have at most 15 digits)"),
    ("1 / 0", "division by zero"),
    ("nope + 1", "unknown name 'nope'"),
])
def test_hostile_expressions_are_refused_fast(text, message):
    start = time.perf_counter()
    with pytest.raises(ExpressionError) as caught:
        compile_expression(text).evaluate({"value": 1}.__getitem__)
    assert time.perf_counter() - start < 0.5
    assert caught.value.message == message


def test_a_templated_length_that_is_no_length_is_a_problem(faces):
    _, problems = faces.build("calcul", value=1, index=-6, symboles=SYMBOLS)
    assert [w for w in whats(problems) if w.startswith("h:")] == [
        "h: a size must be more than 0 (got '\u22121mm' from '{5 + index}mm')"]


def test_pictures_of_an_arrangement_are_its_items(faces):
    face, _ = faces.build("rangs", symboles=["anchor"])
    assert len([p for p in pictures(face) if isinstance(p, Picture)]) == 1


def test_a_templated_length_reads_in_a_french_kit_too(faces):
    faces.env.french, faces.env.language = True, "fr"
    face, problems = faces.build("calcul", value=1, index=1.5, symboles=SYMBOLS)
    assert [w for w in whats(problems) if w.startswith(("x:", "h:"))] == []
    rect = next(s for s in shapes(face) if s.y == 20 * MM)
    assert (_mm(rect.x), _mm(rect.h)) == (18.0, 6.5)
