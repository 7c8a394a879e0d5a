"""Where a sheet note goes along its margin (pnp/layout/notes.py): on the page's centre when that is
free; else in the free stretch that comes nearest to it, ROOMY from its marks, or centred in a stretch
narrower than that: never pressed CLEAR from a mark when there is room."""
from __future__ import annotations

import pytest

from pnp.layout.notes import CLEAR, ROOMY, Metrics, NotePage, NoteText, place_notes

PAGE = NotePage(842.0, 595.0, (14.0, 14.0, 828.0, 581.0))  # A4 landscape, a 5 mm printer margin
CONTENT = (30.0, 40.0, 812.0, 560.0)
METRICS = Metrics(0.9, 0.25)
TEXT = NoteText("Imprimer à 100 %", 100.0, ("bottom",))
HALF = TEXT.width / 2


def cuts(*xs: float) -> list[tuple[float, float, float, float]]:
    """Crop marks in the bottom margin, one at each x, from the content's edge outwards."""
    return [(x, 20.0, x, 37.0) for x in xs]


def placed(marks: list) -> float:
    (note,) = place_notes(PAGE, CONTENT, marks, [TEXT], METRICS)
    assert note.rotate == 0 and 14.0 < note.y < 40.0
    return note.x


def test_a_note_is_centred_on_the_page_when_the_centre_is_free():
    assert placed(cuts(200.0, 640.0)) == pytest.approx(421.0)
    assert placed(cuts(200.0, 421.0 + HALF + CLEAR)) == pytest.approx(421.0)  # (a free centre, however near)


def test_a_centre_between_two_marks_sends_the_note_roomy_of_the_nearer_stretchs_mark():
    x = placed(cuts(200.0, 412.0, 426.0, 640.0))  # (a gutter's two marks around the centre)
    assert x - HALF - 426.0 == pytest.approx(ROOMY)  # not CLEAR, against the mark
    assert ROOMY > 2 * CLEAR


def test_a_stretch_holding_the_centre_too_near_a_mark_keeps_the_note_roomy_of_it():
    x = placed(cuts(380.0, 560.0))  # the centre (421) is 41 pt from a mark: the text's half is 50
    assert x - HALF - 380.0 == pytest.approx(ROOMY)


def test_a_stretch_with_less_room_than_that_centres_the_note_between_its_marks():
    x = placed(cuts(300.0, 420.0, 430.0))  # the stretch 300-420 reaches nearest to the centre
    assert x == pytest.approx(360.0)
    assert (x - HALF - 300.0) < ROOMY and x - HALF - 300.0 > CLEAR


def test_a_stretch_out_to_the_printable_edge_keeps_the_note_near_the_centre():
    mark = 300.0 + TEXT.width + 2 * CLEAR  # (the stretch from it to the printable edge holds the centre)
    x = placed(cuts(300.0, mark))
    assert x - HALF - mark == pytest.approx(ROOMY)  # not the middle of that stretch, 200 pt off


def test_marks_closer_than_the_note_leave_it_no_room():
    assert place_notes(PAGE, CONTENT, cuts(*[30.0 + 90.0 * i for i in range(10)]), [TEXT], METRICS) == ()
