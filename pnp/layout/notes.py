"""Sheet notes: where a page's one-line notes (the print note, the sheet's label) go in its margins.

Contract: `place_notes(page, content, marks, texts, metrics)` returns one `Note` per text that finds
room, in the order given (`marks`: crop marks, and boxes to keep clear of); each text tries the margins
it names (`NoteText.sides`, of "bottom", "top", "left", "right"), one text per margin. A margin is the
band between the printable area's edge (`page.printable`) and the page's content (`content`: the cards'
bleed, a sheet's content box) less `CLEAR` (when no margin of a text's has room for it so, less `NEAR`:
a narrow margin between butted cards' bleed and the printer's margin still holds a note, wholly outside
the bleed). In it the text lies just beyond the crop marks' outer ends when there is room (or in the
middle of that room when it is narrow), else between them along the edge, `CLEAR` from each; centred on
`page.centre` along the edge when that is free, else in the free stretch (between marks, or a mark and
the printable edge) that comes nearest to it, as near to it as keeps `ROOMY` from the marks, or centred
in the stretch when it is narrower than that: not pressed `CLEAR` from a mark. In the left margin a note
reads upwards (rotated 90°), in the right one downwards (270°). Crop marks leave a strip `NOTE_BAND`
deep along the margins that have room for both (`marks.leave_strips`).
Pure geometry in PDF points; the caller measures the texts (`NoteText.width`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..model.units import MM
from .fonts import Face
from .marks import Box

NOTE_SIZE = 6.0
NOTE_BAND = 4.0 * MM  # the depth a line of notes takes at NOTE_SIZE, with its clearances
CLEAR = 1.0 * MM
NEAR = 0.5 * MM  # the least room between a note and the page's content, in a narrow margin
ROOMY = 8.0 * MM  # a note kept off its page's centre by marks keeps this from them, where its stretch has room
SIDES = ("bottom", "top", "left", "right")


@dataclass(frozen=True)
class Note:
    """A margin note placed on a page: its text, the middle of its baseline, its turn and size."""

    text: str
    x: float  # the middle of the text's baseline
    y: float
    rotate: int  # 0, 90 (reads upwards) or 270 (reads downwards)
    size: float = NOTE_SIZE

    def relabelled(self, text: str) -> "Note":
        """This note with another text, in the same place, turn and size (a page's label on a sheet
        side's notes, 1 200 times a build: cheaper than `dataclasses.replace`; tests/test_notes_relabel.py
        checks that it keeps every other field)."""
        return Note(text, self.x, self.y, self.rotate, self.size)


@dataclass(frozen=True)
class NoteText:
    """A margin note's text, its width at NOTE_SIZE and the page sides it may go on."""

    text: str
    width: float  # at NOTE_SIZE
    sides: tuple[str, ...]


@dataclass(frozen=True)
class NotePage:
    """The page the notes go on: its size, its printable box and where notes are centred along an edge."""

    width: float
    height: float
    printable: Box
    centre: tuple[float, float] | None = None  # where notes are centred along their edge (default: the page's)


@dataclass(frozen=True)
class Metrics:
    """The notes' font's ascent and descent, fractions of the size."""

    ascent: float  # fractions of the size
    descent: float

    @property
    def thickness(self) -> float:
        return (self.ascent + self.descent) * NOTE_SIZE


def place_notes(page: NotePage, content: Box, marks: Sequence[Box], texts: Sequence[NoteText],
                metrics: Metrics) -> tuple[Note, ...]:
    used: set[str] = set()
    out: list[Note] = []
    for text in texts:
        tries = ((side, _Band(page, content, side, metrics, clear)) for clear in (CLEAR, NEAR)
                 for side in text.sides if side not in used)
        found = next(((side, note) for side, band in tries if (note := band.place(text, marks)) is not None), None)
        if found is not None:
            used.add(found[0])
            out.append(found[1])
    return tuple(out)


class _Band:
    """One margin: `depth` runs from the printable edge inwards, `along` along the edge."""

    def __init__(self, page: NotePage, content: Box, side: str, metrics: Metrics, clear: float = CLEAR):
        self.side, self.metrics = side, metrics
        px0, py0, px1, py1 = page.printable
        cx0, cy0, cx1, cy1 = content
        cx, cy = page.centre or (page.width / 2, page.height / 2)
        self.outer, self.depth, self.low, self.high, self.centre = {
            "bottom": (py0, cy0 - clear - py0, px0, px1, cx),
            "top": (py1, py1 - cy1 - clear, px0, px1, cx),
            "left": (px0, cx0 - clear - px0, py0, py1, cy),
            "right": (px1, px1 - cx1 - clear, py0, py1, cy),
        }[side]

    def place(self, text: NoteText, marks: Sequence[Box]) -> Note | None:
        t = self.metrics.thickness
        if self.depth < t:
            return None
        spans = [s for s in map(self._span, marks) if s is not None]
        free_depth = min((d0 for d0, _, _, _ in spans), default=self.depth)
        beyond = max((free_depth - t) / 2, free_depth - t - CLEAR)  # just beyond the marks' ends
        for d0 in (beyond, (self.depth - t) / 2):  # else among them
            if d0 < -1e-6:
                continue
            blocked = [(a0, a1) for s0, s1, a0, a1 in spans if s0 < d0 + t + CLEAR / 2 and s1 > d0 - CLEAR / 2]
            at = self._along(text.width, blocked)
            if at is not None:
                return self._note(text.text, d0, at)
        return None

    def _span(self, box: Box) -> tuple[float, float, float, float] | None:
        """A mark (a segment) or a box seen from this band: depth from and to, along from and to;
        None when it is not in the band."""
        x0, x1 = sorted((box[0], box[2]))
        y0, y1 = sorted((box[1], box[3]))
        d0, d1, a0, a1 = {"bottom": (y0 - self.outer, y1 - self.outer, x0, x1),
                          "top": (self.outer - y1, self.outer - y0, x0, x1),
                          "left": (x0 - self.outer, x1 - self.outer, y0, y1),
                          "right": (self.outer - x1, self.outer - x0, y0, y1)}[self.side]
        if d0 > self.depth + CLEAR or d1 < 0 or a1 < self.low or a0 > self.high:
            return None
        return d0, d1, a0, a1

    def _along(self, width: float, blocked: list[tuple[float, float]]) -> float | None:
        """The middle of the text along the edge, clear of `blocked`: the centre, else in the free
        stretch that reaches nearest to it, `ROOMY` from its marks or centred in it."""
        edges = [(self.low - CLEAR, self.low - CLEAR)] + sorted(blocked) + [(self.high + CLEAR, self.high + CLEAR)]
        best: tuple[float, float] | None = None  # (the distance from the centre it can reach, where it goes)
        reach = edges[0][1]
        for a0, a1 in edges[1:]:
            lo, hi = reach + CLEAR + width / 2, a0 - CLEAR - width / 2
            if lo <= hi:
                near = min(max(self.centre, lo), hi)
                ease = min((hi - lo) / 2, ROOMY - CLEAR)  # (kept from the marks, or centred between them)
                at = near if near == self.centre else min(max(self.centre, lo + ease), hi - ease)
                if best is None or abs(near - self.centre) < best[0]:
                    best = (abs(near - self.centre), at)
            reach = max(reach, a1)
        return None if best is None else best[1]

    def _note(self, text: str, d0: float, at: float) -> Note:
        """The note whose text box starts `d0` in from the printable edge, centred on `at`."""
        asc, desc = self.metrics.ascent * NOTE_SIZE, self.metrics.descent * NOTE_SIZE
        if self.side == "bottom":
            return Note(text, at, self.outer + d0 + desc, 0)
        if self.side == "top":
            return Note(text, at, self.outer - d0 - asc, 0)
        if self.side == "left":
            return Note(text, self.outer + d0 + asc, at, 90)
        return Note(text, self.outer - d0 - asc, at, 270)


def sheet_notes(page: NotePage, content: Box, marks: Sequence[Box], print_note: str, label: str,
                face: Face) -> tuple[Note, ...]:
    """A sheet's two notes: the print note (bottom margin first) and its label (top margin first),
    measured in `face`."""
    texts = [NoteText(print_note, face.width(print_note, NOTE_SIZE), ("bottom", "right", "left", "top")),
             NoteText(label, face.width(label, NOTE_SIZE), ("top", "left", "right", "bottom"))]
    return place_notes(page, content, marks, [t for t in texts if t.text], Metrics(face.ascent, face.descent))
