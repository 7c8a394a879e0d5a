"""The bleed check: a full-bleed face whose bleed a sheet cuts where the paper had room for it.

Contract: `cut_bleeds(plan, fronts, backs)` checks one sheet (the plan of that sheet, its faces slot
by slot, None for an empty slot) and returns a `Cut` per side of a face that paints into its bleed
(something other than paper shows just beyond its trim) and gets less bleed than
`min(face.bleed, room)`. The room of a side is worked out here from the page alone, apart from the
imposition that made the plan: half the gap to a card beside it; all of it towards an empty slot;
towards the paper, the printable area less the room a crop mark needs (`MARK_GAP + MARK_GOOD`, when
the sheet has marks); towards a fold, up to `MARK_GAP` short of it. A duplex back has the room of
its front's side it turns over onto, cut back to its own page's printable area (the back offset
moves it). A sheet template's slots are the template's: not checked. A cut shows as a white line
when the sheet is cut, or its back printed, a millimetre off. Pure geometry in PDF points.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from ..core.errors import Problem
from ..model.units import MM
from .ground import PAPER, paint_at
from .imposition import SheetPlan, Slot
from .items import Face
from .marks import MARK_GAP, MARK_GOOD

SIDES = ("left", "bottom", "right", "top")  # page sides, in the order of a box's coordinates
TURNED = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}
PROBE = 0.5 * MM  # how far beyond the trim a face's bleed is looked at
TOL = 0.05


@dataclass(frozen=True)
class Cut:
    """A slot's face side whose bleed reaches less far beyond the cut (`have`) than the sheet needs there
    (`want`), in points."""

    index: int  # the slot
    back: bool
    side: str  # the face's own side (before a slot's turn)
    have: float  # points
    want: float


def cut_bleeds(plan: SheetPlan, fronts: Sequence[Face | None], backs: Sequence[Face | None]) -> list[Cut]:
    if plan.template:
        return []
    out = _cuts(plan, plan.fronts, fronts, False, None)
    if backs and plan.mode == "fold":
        out += _cuts(plan, plan.backs, backs, True, None)
    elif backs and plan.duplex:
        out += _cuts(plan, plan.backs, backs, True, fronts)
    return out


def _cuts(plan: SheetPlan, slots: tuple[Slot, ...], faces: Sequence[Face | None], back: bool,
          fronts: Sequence[Face | None] | None) -> list[Cut]:
    held = _held(faces, len(slots))
    fronts_held = None if fronts is None else _held(fronts, len(plan.fronts))
    out: list[Cut] = []
    for i, short in _short_sides(plan, back, held, fronts_held):
        face, slot = faces[i], slots[i]
        assert face is not None  # (held)
        for k, have, room in short:
            want = min(face.bleed, room)
            if have < want - TOL:  # (the paint looked at only where the bleed is short)
                own = TURNED[SIDES[k]] if slot.rotate == 180 else SIDES[k]
                if _inked(face, own):
                    out.append(Cut(i, back, own, have, want))
    return out


def _held(faces: Sequence[Face | None], slots: int) -> tuple[bool, ...]:
    """Which of the `slots` slots hold a face."""
    if len(faces) == slots:
        return tuple([face is not None for face in faces])
    return tuple(i < len(faces) and faces[i] is not None for i in range(slots))


_BY_PLAN: dict[tuple, tuple[SheetPlan, tuple]] = {}  # (id(plan), back, held, fronts held): (plan, sides)


def _short_sides(plan: SheetPlan, back: bool, held: tuple[bool, ...],
                 fronts_held: tuple[bool, ...] | None) -> tuple[tuple[int, tuple[tuple[int, float, float], ...]], ...]:
    """`_short`'s slots that have a short side, with those sides; found by the very plan object
    first (a deck's sheets share their plan: hashing it, field by field, cost more than the check),
    kept with the plan so that its id stays its own."""
    key = (id(plan), back, held, fronts_held)
    kept = _BY_PLAN.get(key)
    if kept is not None and kept[0] is plan:
        sides: tuple = kept[1]
        return sides
    sides = tuple((i, short) for i, short in enumerate(_short(plan, back, held, fronts_held)) if short)
    if len(_BY_PLAN) >= 32:
        _BY_PLAN.clear()
    _BY_PLAN[key] = (plan, sides)
    return sides


@lru_cache(maxsize=16)
def _short(plan: SheetPlan, back: bool, held: tuple[bool, ...],
           fronts_held: tuple[bool, ...] | None) -> tuple[tuple[tuple[int, float, float], ...], ...]:
    """Each slot's sides (k, bleed it has, room the page leaves it) where it has less bleed than the
    room (no face can be cut elsewhere: it wants at most the room): the same on every sheet of a
    deck filled alike, so worked out once."""
    slots = plan.backs if back else plan.fronts
    out = []
    for i, slot in enumerate(slots):
        sides = [(k, _have(plan, slot, k), _room(plan, slots, held, i, k) if fronts_held is None
                  else _back_room(plan, i, k, fronts_held)) for k in range(len(SIDES))] if held[i] else []
        out.append(tuple((k, have, room) for k, have, room in sides if have < room - TOL))
    return tuple(out)


def _inked(face: Face, side: str) -> bool:
    """Whether the face paints beyond its trim on `side` (its own, top-down coordinates)."""
    if face.bleed <= 0:
        return False
    x0, y0, x1, y1 = face.extent
    reach = {"left": -x0, "right": x1 - face.width, "top": -y0, "bottom": y1 - face.height}[side]
    if reach < min(face.bleed, PROBE) - TOL:
        return False
    items = face.items()
    d = min(face.bleed, PROBE) / 2
    for t in (0.25, 0.5, 0.75):
        x, y = {"left": (-d, face.height * t), "right": (face.width + d, face.height * t),
                "top": (face.width * t, -d), "bottom": (face.width * t, face.height + d)}[side]
        if paint_at(items, face.background, x, y) != PAPER:
            return True
    return False


def _trim(plan: SheetPlan, slot: Slot) -> tuple[float, float, float, float]:
    return (slot.x, slot.y, slot.x + plan.card[0], slot.y + plan.card[1])


def _have(plan: SheetPlan, slot: Slot, k: int) -> float:
    trim = _trim(plan, slot)
    return trim[k] - slot.clip[k] if k < 2 else slot.clip[k] - trim[k]


def _room(plan: SheetPlan, slots: tuple[Slot, ...], held: Sequence[bool], i: int, k: int) -> float:
    """The room the page leaves slot i on its side k (page coordinates)."""
    (w, h), (gx, gy) = plan.card, plan.gaps
    slot = slots[i]
    step = ((-(w + gx), 0.0), (0.0, -(h + gy)), (w + gx, 0.0), (0.0, h + gy))[k]
    beside = next((j for j, s in enumerate(slots) if abs(s.x - slot.x - step[0]) < TOL
                   and abs(s.y - slot.y - step[1]) < TOL), None)
    edge = _to_printable(plan, slot, k)
    if beside is not None:
        return (gx if k in (0, 2) else gy) / 2 if held[beside] else edge
    room = edge - (MARK_GAP + MARK_GOOD if plan.marks or plan.back_marks else 0.0)
    fold = _to_fold(plan, slot, k)
    return min(room, fold - MARK_GAP) if fold is not None else room


def _to_printable(plan: SheetPlan, slot: Slot, k: int) -> float:
    trim, area = _trim(plan, slot), plan.printable
    return trim[k] - area[k] if k < 2 else area[k] - trim[k]


def _to_fold(plan: SheetPlan, slot: Slot, k: int) -> float | None:
    """How far the fold line lies beyond side k of the slot, None when it does not lie that way."""
    if plan.fold is None:
        return None
    x0, y0, x1, y1 = _trim(plan, slot)
    vertical = plan.fold[0] == plan.fold[2]
    at = plan.fold[0] if vertical else plan.fold[1]
    if vertical and k in (0, 2) or not vertical and k in (1, 3):
        d = {0: x0 - at, 1: y0 - at, 2: at - x1, 3: at - y1}[k]
        return d if d >= -TOL else None
    return None


def _back_room(plan: SheetPlan, i: int, k: int, held: Sequence[bool]) -> float:
    """A duplex back's room: its front's on the side it turns over onto (`held`: the fronts' slots
    that hold a face), within its own page."""
    mirror_x = (plan.mode == "long-edge") == (plan.height >= plan.width)
    front_k = ({0: 2, 2: 0} if mirror_x else {1: 3, 3: 1}).get(k, k)
    return min(_room(plan, plan.fronts, held, i, front_k), _to_printable(plan, plan.backs[i], k))


def bleed_problem(cuts: list[Cut], card: str, where: str) -> Problem:
    """The first cut of a deck's sheets as a warning (the others are alike)."""
    c = cuts[0]
    face = "back" if c.back else "front"
    return Problem(f"the {face} of card {card!r} paints into its bleed, but the sheet leaves it "
                   f"{c.have / MM:.1f} mm of bleed on its {c.side} side where the paper has room for "
                   f"{c.want / MM:.1f} mm: a cut or a back 1 mm off shows a white line"
                   + (f" (and {len(cuts) - 1} more sides on that sheet)" if len(cuts) > 1 else ""), where, severity="warning")
