"""Issue 26 item 4: every card's bleed on every side where the paper has room (the fold, an empty
neighbour slot), the bleed check, the notes of every sheet, what `--backs none` leaves out, empty
slots without marks or boxes, and the minus sign in the kits' fonts."""
from __future__ import annotations

from pnp.layout.imposition import SheetPlan, SheetSpec, Slot, plan_sheet
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
