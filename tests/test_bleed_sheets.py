"""Issue 26 item 4: every card's bleed on every side where the paper has room (the fold, an empty
neighbour slot), the bleed check, the notes of every sheet, what `--backs none` leaves out, empty
slots without marks or boxes, and the minus sign in the kits' fonts."""
from __future__ import annotations

from dataclasses import replace

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import build_ok, make_project
from minikit import KIT, write_kit
from pdfread import boxes, text, words
from pnp.cli import main
from pnp.core.errors import Problem
from pnp.core.options import Options
from pnp.layout.bleedcheck import cut_bleeds
from pnp.layout.items import Face, Shape
from pnp.layout.imposition import SheetPlan, SheetSpec, Slot, plan_sheet
from pnp.layout.occupancy import filled_plan
from pnp.model.units import MM, PAPERS

A4 = tuple(v * MM for v in PAPERS["a4"])
LETTER = tuple(v * MM for v in PAPERS["letter"])
W, H = 63 * MM, 88 * MM


def _spec(paper=A4, backs="long-edge", bleed=3.0, **kw) -> SheetSpec:
    return SheetSpec(W, H, bleed * MM, 0.0, paper, backs=backs, **kw)


def _bleeds(slot: Slot) -> tuple[float, float, float, float]:
    """Left, right, bottom, top: a slot's bleed on each side, in mm."""
    x0, y0, x1, y1 = slot.clip
    return ((slot.x - x0) / MM, (x1 - slot.x - W) / MM, (slot.y - y0) / MM, (y1 - slot.y - H) / MM)


def _butted(slot: Slot, others: tuple[Slot, ...]) -> tuple[bool, bool, bool, bool]:
    """Whether a card sits against the slot's left, right, bottom and top side."""
    def at(dx: float, dy: float) -> bool:
        return any(abs(o.x - slot.x - dx) < 0.01 and abs(o.y - slot.y - dy) < 0.01 for o in others)
    return at(-W, 0), at(W, 0), at(0, -H), at(0, H)


def _plan(spec: SheetSpec) -> SheetPlan:
    plan = plan_sheet(spec)
    assert isinstance(plan, SheetPlan)
    return plan


def test_folded_letter_backs_get_their_bleed_on_the_fold_side_and_the_outer_side():
    """The case: on Letter with --backs fold the backs had no side bleed at all (0.1 mm), even on the
    fold side where 4 mm are free."""
    for paper in (A4, LETTER):
        plan = _plan(_spec(paper, "fold"))
        for slots in (plan.fronts, plan.backs):
            for slot in slots:
                for side, (bleed, butted) in enumerate(zip(_bleeds(slot), _butted(slot, slots))):
                    assert butted or bleed >= 1.0, (paper, slot, side, bleed)
        fold_x = plan.fold[0]
        for front in plan.fronts:
            if abs(front.x + W - (fold_x - 4 * MM)) < 0.01:  # the column against the fold
                assert abs(_bleeds(front)[1] - 3.0) < 1e-6 and front.clip[2] < fold_x


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 0.01 and b[0] < a[2] - 0.01 and a[1] < b[3] - 0.01 and b[1] < a[3] - 0.01


def _trim(slot: Slot):
    return (slot.x, slot.y, slot.x + W, slot.y + H)


def test_a_last_sheets_cards_take_their_bleed_into_the_empty_slots_which_get_no_marks_or_boxes():
    """The case: a card beside an empty slot on a deck's last sheet got no bleed on that side, and
    the empty slots kept their crop marks and their part of the TrimBox."""
    for paper, backs, held in ((A4, "long-edge", 2), (A4, "long-edge", 5), (LETTER, "short-edge", 7),
                               (A4, "fold", 1), (LETTER, "fold", 3)):
        full = _plan(_spec(paper, backs))
        plan = filled_plan(full, [True] * held)
        for slots, before in ((plan.fronts, full.fronts), (plan.backs, full.backs)):
            mine = slots[:held]
            for slot, was in zip(mine, before):
                beside_empty = _butted(slot, before[held:])
                for side, (bleed, old) in enumerate(zip(_bleeds(slot), _bleeds(was))):
                    # the whole bleed beside an empty slot, never less than the full sheet's elsewhere
                    assert bleed >= (3.0 - 1e-6 if beside_empty[side] else old - 1e-6), (backs, held, side, bleed)
                assert not any(_overlap(slot.clip, _trim(o)) for o in mine if o is not slot)
            if backs != "fold":
                marks = plan.marks if slots is plan.fronts else plan.back_marks
                lines = {round(v, 2) for s in mine for v in (s.x, s.x + W)} | \
                        {round(v, 2) for s in mine for v in (s.y, s.y + H)}
                assert marks and all(round(m[0] if m[0] == m[2] else m[1], 2) in lines for m in marks)
                assert not any(_overlap(_box(m), s.clip) for m in marks for s in mine)
                trim = plan.trim_box if slots is plan.fronts else plan.back_trim_box
                assert _close(trim, (min(s.x for s in mine), min(s.y for s in mine),
                                     max(s.x for s in mine) + W, max(s.y for s in mine) + H))
        assert len(plan.marks) < len(full.marks) or held not in (1, 2, 5)  # (7 of 9, 3 of 4: every cut line in use)
        assert filled_plan(full, [True] * full.per_page) == full


def _box(mark):
    return (min(mark[0], mark[2]), min(mark[1], mark[3]), max(mark[0], mark[2]), max(mark[1], mark[3]))


def _close(a, b) -> bool:
    return all(abs(x - y) < 0.01 for x, y in zip(a, b))


# --- notes on every sheet --------------------------------------------------------------------

TALL = """
haute:
  size: [63mm, 92mm]
  bleed: 2mm
  background: "#203050"
  elements:
    nom: {type: text, box: safe, text: "{nom}", size: 12, align: center, valign: middle, color: "#ffffff"}
"""


def _tall_kit(tmp_path, cards: int = 9):
    root = make_project(tmp_path / "project", ())
    (root / "layouts" / "t.yaml").write_text(TALL, encoding="utf-8")
    deck = "kind: deck\nname: d\nlayout: haute\nback: haute\nfields: {nom: text}\ncards:\n" + \
        "".join(f"  - {{nom: c{i}}}\n" for i in range(cards))
    write_kit(root, {"d.yaml": deck})
    return root


def test_a_sheet_of_butted_cards_filling_a4_to_its_crop_marks_carries_both_notes(tmp_path):
    """The case: nine 63 × 92 mm cards (Bateliers' purchases and events, Clochemerle's events, the
    Similis rules cards, the lutins' counters) leave 3.5 mm between their bleed and the printer's
    margin on A4, which held neither the print note nor the sheet's label."""
    root = _tall_kit(tmp_path)
    reports = build_ok(root, [KIT], Options(out=tmp_path / "out", paper="a4"))
    assert [p.what for r in reports for p in r.problems] == []
    pdf = tmp_path / "out" / KIT / "d-a4.pdf"
    for index in (0, 1):
        found = text(pdf, index)
        assert "Imprimer à 100 %" in found and "Mini · d · planche 1/1" in found, (index, found)
        trim = boxes(pdf, index)["trimbox"]
        for w in words(pdf, index):
            if w["text"] == "Imprimer":  # outside the cards' bleed, inside the printable area
                top, bottom = 297 * MM - w["bottom"], 297 * MM - w["top"]
                assert bottom < trim[1] - 2 * MM or top > trim[3] + 2 * MM
                assert top >= 5 * MM - 0.01 and bottom <= 292 * MM + 0.01


def test_a_note_that_finds_no_room_is_a_warning_naming_the_component(tmp_path):
    root = _tall_kit(tmp_path)
    reports = build_ok(root, [KIT], Options(out=tmp_path / "out", paper="a4", printer_margin=7.5))
    warned = [p for r in reports for p in r.problems if "no room in the page's margins" in p.what]
    assert len(warned) == 1 and warned[0].severity == "warning" and warned[0].where == "deck 'd'"
    assert "Imprimer à 100\u00a0%" in warned[0].what and "planche 1/1" in warned[0].what


# --- --backs none ----------------------------------------------------------------------------

def test_backs_none_says_which_backs_it_leaves_out(tmp_path):
    """The case: `--backs none` dropped the Clochemerle versos without a word."""
    root = _tall_kit(tmp_path, cards=4)
    result = CliRunner().invoke(main, ["--project", str(root), "build", KIT, "--backs", "none",
                                       "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if "d-a4.pdf" in line)
    assert line.endswith("(1 page, 4 cards; --backs none: 4 backs left out)"), line
    both = build_ok(root, [KIT], Options(out=tmp_path / "both"))
    assert [f.backs_left_out for r in both for f in r.files] == [0]


# --- the minus sign --------------------------------------------------------------------------

def test_a_negative_number_prints_with_the_minus_sign_every_shipped_font_has(tmp_path):
    """The case: Bateliers printed its purchases' negative victory points ("-1", "-2") with a
    hyphen, where the other kits print "−" (U+2212)."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    from conftest import ROOT

    fonts = sorted((ROOT / "fonts").glob("*.ttf"))
    assert fonts and all(0x2212 in TTFontFile(str(f)).charToGlyph for f in fonts)
    root = make_project(tmp_path / "project", ())
    (root / "layouts" / "t.yaml").write_text(TALL.replace('"{nom}"', '"pv {pv} · {bonus}"'), encoding="utf-8")
    deck = "kind: deck\nname: d\nlayout: haute\nfields: {nom: text, pv: int, bonus: number}\n" \
           "cards:\n  - {nom: a, pv: -1, bonus: -2.5}\n  - {nom: b, pv: 3, bonus: 1.0}\n"
    write_kit(root, {"d.yaml": deck}, game="language: fr\n")
    build_ok(root, [KIT], Options(out=tmp_path / "out"))
    printed = text(tmp_path / "out" / KIT / "d-a4.pdf", 0)
    assert "pv \u22121 · \u22122,5" in printed and "pv 3 · 3" not in printed and "pv 3 · 1" in printed
    assert "-1" not in printed


# --- the bleed check -------------------------------------------------------------------------

NAVY = Face(W, H, 3 * MM, (), background=(0.1, 0.15, 0.3))
PLAIN = Face(W, H, 3 * MM, ((None, (Shape("rect", 20.0, 20.0, 20.0, 20.0, fill=(0.5, 0.1, 0.1)),)),))


def test_the_bleed_check_fails_a_full_bleed_face_beside_an_empty_slot_or_the_fold():
    full = _plan(_spec())
    faces = [NAVY, NAVY] + [None] * 7
    cuts = cut_bleeds(full, faces, faces)  # the old last sheet: drawn on the full sheet's plan
    assert {(c.index, c.side, c.back) for c in cuts} >= {(0, "bottom", False), (1, "right", False), (1, "bottom", False)}
    assert all(abs(c.want - 3 * MM) < 1e-6 and c.have < 1e-6 for c in cuts)
    assert cut_bleeds(filled_plan(full, [True] * 2), faces, faces) == []
    assert cut_bleeds(full, [PLAIN, PLAIN] + [None] * 7, []) == []  # nothing in its bleed: nothing cut
    assert cut_bleeds(full, [NAVY] * 9, [NAVY] * 9) == []  # butted neighbours: the paper has no room
    assert cut_bleeds(_plan(_spec(LETTER)), [NAVY] * 9, [NAVY] * 9) == []  # Letter: the margin holds the marks
    fold = _plan(_spec(LETTER, "fold"))
    old = replace(fold, fronts=tuple(replace(s, clip=(s.clip[0], s.clip[1], min(s.clip[2], s.x + W), s.clip[3]))
                                     for s in fold.fronts))  # the fronts' bleed stopping at their trim
    assert [(c.index, c.side) for c in cut_bleeds(old, [NAVY] * 4, [])] == [(1, "right"), (3, "right")]
    assert cut_bleeds(fold, [NAVY] * 4, [NAVY] * 4) == []


def test_a_deck_whose_sheet_cuts_a_full_bleed_back_is_warned(tmp_path, monkeypatch):
    """The build's side of the check: a part-filled sheet drawn on the full sheet's plan (the
    imposition before this issue) is a warning naming the card and the side."""
    import pnp.pipeline.deck as deck

    root = _tall_kit(tmp_path, cards=2)
    assert [p.what for r in build_ok(root, [KIT], Options(out=tmp_path / "a")) for p in r.problems] == []
    monkeypatch.setattr(deck, "filled_plan", lambda plan, taken: plan)
    found = [p for r in build_ok(root, [KIT], Options(out=tmp_path / "b")) for p in r.problems]
    assert len(found) == 1 and found[0].severity == "warning" and found[0].where == "deck 'd'"
    assert "front of card '1'" in found[0].what and "bottom side" in found[0].what and "white line" in found[0].what and "2.0 mm" in found[0].what


@settings(max_examples=80, deadline=None)
@given(w=st.floats(25, 130), h=st.floats(25, 130), bleed=st.floats(0, 5), gap=st.floats(0, 8),
       paper=st.sampled_from([A4, LETTER]), backs=st.sampled_from(["none", "long-edge", "short-edge", "fold"]),
       printer=st.sampled_from([0.0, 5.0]), offset=st.sampled_from([(0.0, 0.0), (1.0, -1.0)]), part=st.floats(0, 1))
def test_any_part_filled_sheet_keeps_its_bleed_off_its_cards_and_its_marks_off_their_bleed(
        w, h, bleed, gap, paper, backs, printer, offset, part):
    full = plan_sheet(SheetSpec(w * MM, h * MM, bleed * MM, gap * MM, paper, backs=backs, printer_margin=printer * MM,
                                back_offset=(offset[0] * MM, offset[1] * MM)))
    if isinstance(full, Problem):
        return
    held = max(1, round(part * full.per_page))
    plan = filled_plan(full, [True] * held)
    size = (w * MM, h * MM)
    for slots, marks in ((plan.fronts, plan.marks), (plan.backs, plan.back_marks if backs != "fold" else plan.marks)):
        mine = slots[:held]
        trims = [(s.x, s.y, s.x + size[0], s.y + size[1]) for s in mine]
        for i, slot in enumerate(mine):
            assert not any(_overlap(slot.clip, t) for j, t in enumerate(trims) if j != i)
            p = plan.printable
            assert slot.clip[0] >= p[0] - 0.02 and slot.clip[1] >= p[1] - 0.02
            assert slot.clip[2] <= p[2] + 0.02 and slot.clip[3] <= p[3] + 0.02
        for m in marks:
            assert not any(_overlap(_box(m), s.clip) for s in mine), "a crop mark prints on a card's bleed"
    for box, inner in ((plan.bleed_box, plan.trim_box), (plan.back_bleed_box, plan.back_trim_box)):
        if backs != "none" or box is plan.bleed_box:
            assert box[0] <= inner[0] + 0.01 and box[1] <= inner[1] + 0.01
            assert box[2] >= inner[2] - 0.01 and box[3] >= inner[3] - 0.01
