"""Which elements are the same on every face (a shared layer): those reading no field of the face,
at any depth of their settings; the names an element fills itself (a table's `{n}`, a track's
`{label}`, a counter's `{item}`) are no fields. One reading of `{field}` templates for all."""
from __future__ import annotations

import pytest

from pnp.layout.assets import field_names, single_field
from pnp.layout.face import is_static, template_fields

from faces import Faces, shapes, texts, whats

LAYOUTS = """
sheet:
  kind: page
  elements:
    score: {type: table, columns: [{header: "J{n}", repeat: 2}], row_count: 3, h: 40}
    team: {type: table, columns: [{header: "Équipe"}], row_count: 2, h: 30, y: 50, header_fill: "{team}"}
    striped: {type: table, columns: [{header: "A", fill: "{column}"}], row_count: 2, h: 30, y: 90,
              stripe: "{stripe}", emphasis: {1: "{hot}"}, color: "{ink}"}
    track: {type: track, segments: "{segs}", y: 130, h: 60}
    grid: {type: grid, cells: "{grid}", caption: "Action {n}", y: 200, h: 40}
    pawns: {type: counters, each: "{colours}", count: 2, text: "{item}", fill: "{item}", y: 250, h: 20}
    literal: {type: text, text: "{{x}} and {{y}}", y: 265, h: 8}
"""


@pytest.fixture
def faces(tmp_path):
    return Faces(tmp_path, LAYOUTS)


def _elements(faces):
    return faces.builder("sheet").layout.elements


def test_a_templated_colour_of_a_table_is_read_from_the_face(faces):
    elements = _elements(faces)
    assert not is_static(elements["team"]) and template_fields(elements["team"]) == ("team",)
    assert template_fields(elements["striped"]) == ("column", "hot", "ink", "stripe")
    face, problems = faces.build("sheet", team="#ff0000", column="#00ff00", stripe="#0000ff", hot="#ffff00",
                                 ink="#000000", segs=[{"label": "a", "weeks": 2}], grid=[[1, 2]],
                                 colours=["#111111"])
    assert whats(problems) == []
    fills = {s.fill for s in shapes(face)}
    assert {(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (1.0, 1.0, 0.0)} <= fills


def test_names_an_element_fills_itself_are_no_fields(faces):
    elements = _elements(faces)
    assert is_static(elements["score"]) and template_fields(elements["score"]) == ()
    assert template_fields(elements["track"]) == ("segs",)  # not its band_text's {label}
    assert template_fields(elements["grid"]) == ("grid",)  # not its caption's {n}
    assert template_fields(elements["pawns"]) == ("colours",)  # not {item}
    face, _ = faces.build("sheet", team="#ffffff", column="#ffffff", stripe="#ffffff", hot="#ffffff",
                          ink="#000000", segs=[{"label": "a", "weeks": 2}], grid=[[1, 2]], colours=["#111111"])
    assert {"J1", "J2", "Action 1", "Action 2", "a"} <= set(texts(face))


def test_escaped_braces_are_no_field(faces):
    element = _elements(faces)["literal"]
    assert is_static(element) and template_fields(element) == ()
    face, problems = faces.build("sheet", team="#ffffff", column="#ffffff", stripe="#ffffff", hot="#ffffff",
                                 ink="#000000", segs=[{"label": "a", "weeks": 2}], grid=[[1, 2]],
                                 colours=["#111111"])
    assert problems == [] and "{x} and {y}" in texts(face)


def test_a_static_element_naming_an_unknown_name_is_reported_once_at_the_layout(tmp_path):
    faces = Faces(tmp_path, 'card:\n  elements:\n    n: {type: table, rows: ["{n}"], columns: [{header: a}]}\n')
    problems = faces.build("card")[1]
    assert whats(problems) == ["unknown field {n}"] and problems[0].where == "layout 'card', element 'n'"
    assert faces.build("card")[1] == []


def test_field_names_and_single_field():
    assert field_names("{a} and {b.c} but {{d}} and {{{e}}}") == ["a", "b.c", "e"]
    assert field_names("no field") == [] and field_names("{{x}}") == []
    assert single_field(" {grid} ") == "grid"
    assert [single_field(t) for t in ("{a}{b}", "x{a}", "{{a}}", "{a} x", "", "{1a}")] == [None] * 6
