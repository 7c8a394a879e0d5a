"""A picture's natural size: read again when its file changes, and a size of 0 is a problem (it used
to pass layout and crash drawing)."""
from __future__ import annotations

import pytest

from faces import Faces, pictures, whats

LAYOUT = "card:\n  elements:\n    art: {type: svg, src: art/a.svg, w: 20, h: 20}\n"
SVG = '<svg xmlns="http://www.w3.org/2000/svg" {}><rect width="1" height="1"/></svg>'


def _art(tmp_path, attributes: str):
    art = tmp_path / "decks" / "k" / "art"
    art.mkdir(parents=True, exist_ok=True)
    (art / "a.svg").write_text(SVG.format(attributes), encoding="utf-8")
    face, problems = Faces(tmp_path, LAYOUT).build("card")  # a new builder: no compiled element kept
    return face, whats(problems)


def test_a_changed_file_is_measured_again(tmp_path):
    face, problems = _art(tmp_path, 'viewBox="0 0 10 20"')
    assert problems == [] and pictures(face)[0].w == pytest.approx(pictures(face)[0].h / 2)
    face, problems = _art(tmp_path, 'viewBox="0 0 40 10" width="400"')
    assert problems == [] and pictures(face)[0].w == pytest.approx(pictures(face)[0].h * 4)


@pytest.mark.parametrize("attributes, problem", [
    ('width="0" height="10"', "a.svg: its size '0' is not a positive length (like 20mm or 64)"),
    ('width="10" height="0mm"', "a.svg: its size '0mm' is not a positive length (like 20mm or 64)"),
    ('viewBox="0 0 0 5"', "a.svg: viewBox='0 0 0 5' is not four numbers with a positive width and height"),
    ('width="10"', "a.svg has no size: give its <svg> a viewBox, or a width and a height")])
def test_a_picture_of_no_size_is_a_problem(tmp_path, attributes, problem):
    face, problems = _art(tmp_path, attributes)
    assert problems == [problem] and pictures(face) == []
