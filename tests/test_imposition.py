"""Imposition geometry: counts, margins, crop marks, duplex mirroring, gutterfold — as properties."""
from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pnp.core.errors import Problem
from pnp.layout.imposition import SheetSpec, plan_sheet
from pnp.layout.marks import MARK_GAP
from pnp.model.units import MM, PAPERS

A4 = tuple(v * MM for v in PAPERS["a4"])
LETTER = tuple(v * MM for v in PAPERS["letter"])


def spec(w=63, h=88, bleed=3, gap=0, paper=A4, backs="long-edge", **kw):
    return SheetSpec(w * MM, h * MM, bleed * MM, gap * MM, paper, backs=backs, **kw)


def test_nine_poker_cards_butted_on_a4_and_letter():
    for paper in (A4, LETTER):
        plan = plan_sheet(spec(paper=paper))
        assert (plan.cols, plan.rows, plan.per_page) == (3, 3, 9)
        assert plan.width < plan.height


def test_the_known_fits_of_the_print_conventions():
    assert plan_sheet(spec(70, 120)).per_page == 4            # tarot
    assert plan_sheet(spec(44, 63)).per_page == 18            # mini, A4 landscape 6 x 3
    assert plan_sheet(spec(63, 88, gap=3)).per_page == 9      # poker with 3 mm gaps
    assert plan_sheet(spec(70, 70, paper=LETTER)).per_page == 6
    assert isinstance(plan_sheet(spec(200, 280)), Problem)        # too big for A4 with marks


def test_gutterfold_pairs_each_front_with_its_back_across_the_fold():
    plan = plan_sheet(spec(backs="fold"))
    assert plan.mode == "fold" and plan.per_page == 4 and plan.width > plan.height
    fold_x = plan.fold[0]
    for front, back in zip(plan.fronts, plan.backs):
        assert abs((front.x + 63 * MM / 2) + (back.x + 63 * MM / 2) - 2 * fold_x) < 1e-6
        assert front.y == back.y and front.x + 63 * MM < fold_x < back.x


def test_short_edge_mirrors_rows_and_long_edge_mirrors_columns():
    long_edge, short_edge = plan_sheet(spec()), plan_sheet(spec(backs="short-edge"))
    f, b = long_edge.fronts[0], long_edge.backs[0]
    assert abs(b.x - (A4[0] - f.x - 63 * MM)) < 1e-6 and b.y == f.y
    f, b = short_edge.fronts[0], short_edge.backs[0]
    assert b.x == f.x and abs(b.y - (A4[1] - f.y - 88 * MM)) < 1e-6


def test_the_back_offset_moves_backs_only():
    plain, nudged = plan_sheet(spec()), plan_sheet(spec(back_offset=(1 * MM, 2 * MM)))
    assert plain.fronts == nudged.fronts
    for a, b in zip(plain.backs, nudged.backs):
        assert abs(b.x - a.x - 1 * MM) < 1e-6 and abs(b.y - a.y + 2 * MM) < 1e-6  # +2 mm down


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def _segment_box(mark):
    x0, y0, x1, y1 = mark
    return (min(x0, x1) - 0.01, min(y0, y1) - 0.01, max(x0, x1) + 0.01, max(y0, y1) + 0.01)


@settings(max_examples=150, deadline=None)
@given(w=st.floats(20, 140), h=st.floats(20, 140), bleed=st.floats(0, 5), gap=st.floats(0, 10),
       paper=st.sampled_from([A4, LETTER, tuple(v * MM for v in PAPERS["a3"])]),
       backs=st.sampled_from(["none", "long-edge", "short-edge", "fold"]),
       printer=st.sampled_from([0.0, 5.0, 8.0]), gutter=st.tuples(st.booleans(), st.booleans()),
       offset=st.sampled_from([(0.0, 0.0), (1.0, -1.0), (-3.0, 4.0)]))
def test_any_plan_keeps_cards_apart_on_the_page_and_marks_off_the_cards(w, h, bleed, gap, paper, backs, printer,
                                                                        gutter, offset):
    plan = plan_sheet(spec(w, h, bleed, gap, paper, backs, printer_margin=printer * MM, gutter=gutter,
                           back_offset=(offset[0] * MM, offset[1] * MM)))
    if isinstance(plan, Problem):
        return
    slots = list(plan.fronts) + (list(plan.backs) if backs == "fold" else [])
    trims = [(s.x, s.y, s.x + w * MM, s.y + h * MM) for s in slots]
    for i, a in enumerate(trims):
        assert not any(_overlap(a, b) for b in trims[i + 1:])
    clips = [s.clip for s in slots]
    p = printer * MM
    for box in clips + [s.clip for s in plan.backs] + [_segment_box(m) for m in plan.marks + plan.back_marks]:
        # nothing in the printer's margin, fronts or backs (however far the back offset pushes them)
        assert box[0] >= p - 0.02 and box[1] >= p - 0.02
        assert box[2] <= plan.width - p + 0.02 and box[3] <= plan.height - p + 0.02
    for a, b in ((a, b) for i, a in enumerate(clips) for b in clips[i + 1:]):
        assert not _overlap(a, b), "bleeds of two cards overlap"
    for mark in plan.marks:
        box = _segment_box(mark)
        assert not any(_overlap(box, clip) for clip in clips), "a crop mark prints over a card"
    assert plan.per_page == plan.cols * plan.rows
    for axis, on in enumerate(gutter):  # a gutter leaves every card its whole bleed on that axis
        if on and backs != "fold":
            assert plan.gaps[axis] >= 2 * bleed * MM - 1e-6


def _lines(xs) -> list[float]:
    """Distinct positions, those closer than 0.02 pt taken as one line (a gap of a millionth of a
    millimetre puts two cut lines on one; rounding would split them at a rounding boundary)."""
    out: list[float] = []
    for x in sorted(xs):
        if not out or x - out[-1] >= 0.02:
            out.append(x)
    return out


@settings(max_examples=60, deadline=None)
@example(w=39.499972136836455, h=30, bleed=0, gap=6.1e-05)  # two cut lines 0.0002 pt apart
@given(w=st.floats(30, 100), h=st.floats(30, 120), bleed=st.floats(0, 4), gap=st.floats(0, 6))
def test_every_cut_line_gets_marks_on_both_sides_of_the_grid(w, h, bleed, gap):
    plan = plan_sheet(spec(w, h, bleed, gap))
    if isinstance(plan, Problem):
        return
    verticals = _lines(m[0] for m in plan.marks if m[0] == m[2])
    cut_xs = _lines([s.x for s in plan.fronts] + [s.x + w * MM for s in plan.fronts])
    assert len(verticals) == len(cut_xs) and all(abs(a - b) < 0.02 for a, b in zip(verticals, cut_xs))
    for mark in plan.marks:
        length = abs(mark[2] - mark[0]) + abs(mark[3] - mark[1])
        assert length >= 2 * MM - 1e-6
    assert MARK_GAP > 0


def test_the_sides_that_lack_outer_bleed_are_named_for_the_report():
    """Butted poker cards: A4 leaves room for every outer bleed; Letter's 7.7 mm above and below the
    grid hold the printer's 5 mm and the crop marks only, so the top and bottom rows are named (and
    their bleed box stops at the trim there); a gap-less sheet without bleed names none."""
    from pnp.cli.common import short_bleed

    assert plan_sheet(spec(paper=A4)).short_bleed == ()
    letter = plan_sheet(spec(paper=LETTER))
    assert letter.short_bleed == ("top", "bottom")
    assert letter.bleed_box[3] - letter.trim_box[3] < 3 * MM and letter.bleed_box[0] < letter.trim_box[0] - 2.9 * MM
    assert plan_sheet(spec(paper=LETTER, bleed=0)).short_bleed == ()
    assert short_bleed(("top", "bottom")) == ("no outer bleed on the top and bottom rows: the margin holds the "
                                               "printer's band and the crop marks only")
