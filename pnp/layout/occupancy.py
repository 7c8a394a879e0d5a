"""A sheet as it is filled: the plan of a sheet whose slots are not all taken (a deck's last sheet).

Contract: `filled_plan(plan, taken)` returns `plan` for a full sheet, else the plan of this sheet
(`taken[i]`: whether front slot i, and its back, hold a card):
- a card beside an empty slot gets its whole bleed (`plan.bleed`) on that side, as far as the
  printable area allows and never over another card's trim (the empty slot is cut away: its room
  is the card's);
- the crop marks are those of the cut lines of the cards it holds, beyond those cards' bleed (in
  the empty slots' room when the sheet has some, which is cut away), as `imposition.marks` places
  them round a full grid (on a sheet template: each held slot's own marks): an empty slot gets none;
- the TrimBox and BleedBox are those of the cards it holds, front and back.
Empty slots keep their place in `fronts` and `backs` (the faces are given slot by slot, None for an
empty one). Pure geometry in PDF points.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from .imposition import FOLD_CLEAR, SheetPlan, Slot
from ..model.units import MM
from .marks import MARK_GAP, MARK_GOOD, Box, crop_ticks, inside, leave_strips
from .notes import NOTE_BAND

TOL = 0.05  # points: two slots whose positions differ by less are one pitch apart
REACH = MARK_GAP + 3.0 * MM + 0.05  # how far a sheet template's own marks lie from their slot


def filled_plan(plan: SheetPlan, taken: Sequence[bool]) -> SheetPlan:
    held = [i < len(taken) and taken[i] for i in range(plan.per_page)]
    if all(held):
        return plan
    fronts = _grown(plan, plan.fronts, held)
    backs = _grown(plan, plan.backs, held) if plan.backs else plan.backs
    mine = [s for s, h in zip(fronts, held) if h]
    theirs = [s for s, h in zip(backs, held) if h]
    if not mine:
        return plan
    if plan.mode == "fold":
        both = mine + theirs
        marks = _marks(plan, plan.marks, mine, _front_half(plan)) + _marks(plan, plan.marks, theirs, _back_half(plan))
        trim, bleed = _trims(plan, both), _hull([s.clip for s in both])
        return replace(plan, fronts=fronts, backs=backs, marks=marks, trim_box=trim, bleed_box=bleed,
                       back_trim_box=trim, back_bleed_box=bleed)
    back_trim, back_bleed = (_trims(plan, theirs), _hull([s.clip for s in theirs])) if theirs else \
        (plan.back_trim_box, plan.back_bleed_box)
    return replace(plan, fronts=fronts, backs=backs, marks=_marks(plan, plan.marks, mine, plan.printable),
                   back_marks=_marks(plan, plan.back_marks, theirs or mine, plan.printable),
                   trim_box=_trims(plan, mine), bleed_box=_hull([s.clip for s in mine]),
                   back_trim_box=back_trim, back_bleed_box=back_bleed)


def _marks(plan: SheetPlan, marks: tuple[Box, ...], held: list[Slot], area: Box) -> tuple[Box, ...]:
    """The crop marks of the held cards: a sheet template's own marks of those slots, else ticks on
    their cut lines beyond their bleed, within `area` and off every card (none when `marks` is)."""
    if not marks or not held:
        return ()
    if plan.template:
        return tuple(m for m in marks if _kept(plan, m, held))
    (w, h), bleed = plan.card, _hull([s.clip for s in held])
    ax0, ay0, ax1, ay1 = leave_strips(area, bleed, NOTE_BAND, MARK_GAP + MARK_GOOD + NOTE_BAND)
    out: list[Box] = []
    for x in _lines([s.x for s in held] + [s.x + w for s in held]):
        out += crop_ticks(x, bleed[1], bleed[3], ay0, ay1, vertical=True)
    for y in _lines([s.y for s in held] + [s.y + h for s in held]):
        out += crop_ticks(y, bleed[0], bleed[2], ax0, ax1, vertical=False)
    return tuple(m for m in out if not any(_overlap(_segment(m), s.clip) for s in held))


def _lines(at: list[float]) -> list[float]:
    """Distinct cut lines (positions closer than `TOL` are one)."""
    out: list[float] = []
    for v in sorted(at):
        if not out or v - out[-1] >= TOL:
            out.append(v)
    return out


def _segment(mark: Box) -> Box:
    return (min(mark[0], mark[2]), min(mark[1], mark[3]), max(mark[0], mark[2]), max(mark[1], mark[3]))


def _front_half(plan: SheetPlan) -> Box:
    """A folded sheet's fronts' half of the printable area, `FOLD_CLEAR` short of the fold."""
    a, fold = plan.printable, plan.fold or (0.0, 0.0, 0.0, 0.0)
    if fold[0] == fold[2]:
        return (a[0], a[1], fold[0] - FOLD_CLEAR, a[3])
    return (a[0], fold[1] + FOLD_CLEAR, a[2], a[3])


def _back_half(plan: SheetPlan) -> Box:
    a, fold = plan.printable, plan.fold or (0.0, 0.0, 0.0, 0.0)
    if fold[0] == fold[2]:
        return (fold[0] + FOLD_CLEAR, a[1], a[2], a[3])
    return (a[0], a[1], a[2], fold[1] - FOLD_CLEAR)


def _grown(plan: SheetPlan, slots: tuple[Slot, ...], held: list[bool]) -> tuple[Slot, ...]:
    """The slots, each held one's bleed grown on the sides facing an empty slot."""
    trims = [_trim(plan, s) for s, h in zip(slots, held) if h]
    return tuple(replace(s, clip=_grow(plan, s, slots, held, trims)) if h else s for s, h in zip(slots, held))


def _grow(plan: SheetPlan, slot: Slot, slots: tuple[Slot, ...], held: list[bool], trims: list[Box]) -> Box:
    (w, h), (gx, gy), b = plan.card, plan.gaps, plan.bleed
    clip = list(slot.clip)
    own = _trim(plan, slot)
    for side, (dx, dy) in enumerate(((-(w + gx), 0.0), (0.0, -(h + gy)), (w + gx, 0.0), (0.0, h + gy))):
        beside = _at(slots, slot.x + dx, slot.y + dy)
        if beside is None or held[beside]:
            continue
        grown = list(clip)
        grown[side] = own[side] - b if side < 2 else own[side] + b
        box = inside((grown[0], grown[1], grown[2], grown[3]), plan.printable)
        if box is not None and not any(_overlap(box, t) for t in trims if t != own):
            clip = [min(clip[0], box[0]), min(clip[1], box[1]), max(clip[2], box[2]), max(clip[3], box[3])]
    return (clip[0], clip[1], clip[2], clip[3])


def _at(slots: tuple[Slot, ...], x: float, y: float) -> int | None:
    return next((i for i, s in enumerate(slots) if abs(s.x - x) < TOL and abs(s.y - y) < TOL), None)


def _trim(plan: SheetPlan, slot: Slot) -> Box:
    return (slot.x, slot.y, slot.x + plan.card[0], slot.y + plan.card[1])


def _trims(plan: SheetPlan, slots: list[Slot]) -> Box:
    return _hull([_trim(plan, s) for s in slots])


def _hull(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - 0.01 and b[0] < a[2] - 0.01 and a[1] < b[3] - 0.01 and b[1] < a[3] - 0.01


def _kept(plan: SheetPlan, mark: Box, held: list[Slot]) -> bool:
    """Whether a crop mark marks a cut of a held card: it lies on one of its edge lines (and, for a
    sheet template's marks, beside that card)."""
    vertical = abs(mark[0] - mark[2]) < 0.01
    for s in held:
        x0, y0, x1, y1 = _trim(plan, s)
        at, low, high, span = (mark[0], y0, y1, sorted((mark[1], mark[3]))) if vertical else \
            (mark[1], x0, x1, sorted((mark[0], mark[2])))
        edges = (x0, x1) if vertical else (y0, y1)
        if not any(abs(at - e) < TOL for e in edges):
            continue
        if not plan.template:
            return True
        if span[1] - span[0] > REACH:  # an outline: the slot's own edge
            if span[0] >= low - TOL and span[1] <= high + TOL:
                return True
        elif span[1] >= low - REACH and span[0] <= high + REACH:  # a corner's tick
            return True
    return False
