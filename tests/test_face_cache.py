"""FaceBuilder: an element compiled once per distinct set of values (the values told apart as they
print), and the layout's own problems (an unknown background colour) reported once."""
from __future__ import annotations

import pytest

from faces import Faces, line_of, pictures, texts, whats

LAYOUTS = """
card:
  palette: {bleu_clair: "#99ccff"}
  elements:
    v: {type: text, text: "v={flag}", size: 10}
    m: {type: text, text: "{m}", size: 6}
    syms: {type: symbols, values: "{sym}", y: 40, h: 20}
"""


@pytest.fixture
def faces(tmp_path):
    return Faces(tmp_path, LAYOUTS)


def _card(faces, **values):
    face, problems = faces.build("card", **{"flag": 0, "m": "", "sym": ["ankh"], **values})
    return face, whats(problems)


@pytest.mark.parametrize("first, second", [(True, 1), (1, True), (False, 0), (0, False), (1, 1.5)])
def test_true_and_1_are_different_values(faces, first, second):
    for value in (first, second):
        face, problems = _card(faces, flag=value)
        assert problems == [] and texts(face)[0] == f"v={value}"


def test_a_mapping_in_another_order_is_another_value(faces):
    order = []
    for sym in ({"ankh": 1, "beer-stein": 2}, {"beer-stein": 2, "ankh": 1}):
        face, problems = _card(faces, sym=sym)
        assert problems == []
        order.append([p.path.rsplit("/", 1)[-1] for p in pictures(face)])
    assert order == [["ankh.svg", "beer-stein.svg"], ["beer-stein.svg", "ankh.svg"]]


def test_a_mapping_with_keys_of_several_types_is_no_crash(faces):
    face, problems = _card(faces, m={1: "a", "b": 2, None: True})
    assert problems == [] and texts(face)[1] == "{1: 'a', 'b': 2, None: True}"


def test_a_missing_field_is_unknown_even_after_a_card_where_it_was_empty(faces):
    assert _card(faces, m=None)[1] == []
    values = {"flag": 0, "sym": ["ankh"]}  # no `m`
    face, problems = faces.build("card", **values)
    assert whats(problems) == ["unknown field {m} (fields: flag, sym)"]


BACKGROUNDS = """
plain:
  palette: {bleu_clair: "#99ccff"}
  background: bleu_ciel
  elements:
    t: {type: text, text: "{t}"}
back:
  extends: plain
  elements:
    t: null
    frame: {type: rect, box: trim, stroke: "#000000"}
"""


@pytest.mark.parametrize("layout, line", [("plain", "bleu_ciel"), ("back", "extends: plain")])
def test_an_unknown_background_colour_is_one_located_problem(tmp_path, layout, line):
    """Located at the value, or at the layout that inherits it."""
    faces = Faces(tmp_path, BACKGROUNDS)
    face, problems = faces.build(layout, t="x")
    assert whats(problems) == ["unknown colour 'bleu_ciel' (did you mean 'bleu_clair'?)"]
    assert problems[0].where == f"layout {layout!r}, background"
    assert faces.located(problems[0]) == ("layouts/l.yaml", line_of(tmp_path / "layouts" / "l.yaml", line))
    assert face.background is None
    assert faces.build(layout, t="y")[1] == []  # once, not on every card


def test_a_known_background_colour_is_the_faces_background(tmp_path):
    faces = Faces(tmp_path, BACKGROUNDS.replace("bleu_ciel", "bleu_clair"))
    face, problems = faces.build("plain", t="x")
    assert problems == [] and face.background == pytest.approx((0.6, 0.8, 1.0))


def test_the_rules_values_are_the_models_printed_values(tmp_path):
    from pnp.rules import Params, Table
    from pnp.rules.printed import printed
    from pnp.core.errors import Ref

    class Rules(Params):
        end: int = 50

    made, problems = printed(Rules(), {"score": Table((), (), "Barème", ("a", "b"))}, Ref("game.yaml"))
    assert problems == [] and made.values == {"rules.end": 50, "rules.score.title": "Barème",
                                              "rules.score.notes": "a\nb"}
    faces = Faces(tmp_path, "card:\n  elements:\n    t: {type: text, text: '{rules.score.title} {rules.end}'}\n",
                  tables=made.tables, rules=made.values)
    face, problems = faces.build("card")
    assert problems == [] and texts(face) == ["Barème 50"]
