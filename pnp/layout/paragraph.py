"""Setting a paragraph of a rulebook into lines of one width: justified or ragged, hyphenated.

Contract: `set_lines(runs, width, setting)` breaks markup runs (`pnp.layout.typography.Run`, the
cards' markup already parsed and French-spaced) into lines (`pnp.layout.textfit.Line`: fragments
placed from the line's left edge, `baseline` from the line's top) at the setting's size, never
shrinking it: greedy, line by line, breaking at ordinary spaces (never at the no-break spaces that
French typography puts before « ; : ! ? »), at hard line breaks, and, when `setting.hyphens` is given
(a `Hyphens`: pyphen's patterns for the kit's language), inside a word that would otherwise leave a
line loose, after at least two letters and before at least three, adding the hyphen the line ends
with, never on more than two lines in a row (but for a word wider than the whole line). Justified
lines spread their word gaps to the full width, but the last line of a paragraph and a line before
a hard break stay ragged. The answer is `(lines, problem)`: a word wider than the width that
cannot be hyphenated to fit is the problem (a `Problem`, which the caller locates). Pure geometry:
no canvas, no file reading.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..core.errors import Problem
from .fonts import Face
from .textfit import EPS, Frag, Line
from .typography import Run

HYPHEN = "-"
LOOSE = 2.0  # a line is hyphenated only when the room left would spread its gaps by this many spaces or more
MOST_IN_ROW = 2  # lines ended by a hyphen one after the other, at most (a ladder of hyphens reads badly)
_LETTERS = re.compile(r"[^\W\d_]{5,}")  # a run of letters worth hyphenating


class Hyphens:
    """Hyphenation points of words, from pyphen's patterns for a language (`fr`, `en`…)."""

    def __init__(self, language: str):
        import pyphen  # (only rulebooks hyphenate)

        lang = pyphen.language_fallback(language) or "fr"
        self._dic = pyphen.Pyphen(lang=lang, left=2, right=3)
        self.points = lru_cache(maxsize=20_000)(self._points)

    def _points(self, word: str) -> tuple[int, ...]:
        """Where `word` may break: offsets inside its runs of letters (punctuation kept whole)."""
        out: list[int] = []
        for found in _LETTERS.finditer(word):
            out += [found.start() + p for p in self._dic.positions(found.group(0))]
        return tuple(out)


@dataclass(frozen=True)
class Setting:
    faces: dict[str, Face]  # style name -> face
    size: float
    leading: float
    align: str = "justify"  # justify, left or center
    hyphens: Hyphens | None = None
    icon_scale: float = 1.0

    @property
    def pitch(self) -> float:
        return self.size * self.leading


@dataclass(frozen=True, slots=True)
class _Piece:
    text: str
    style: str
    icon: str | None = None


_Word = tuple[_Piece, ...]


def words(runs: list[Run]) -> list[list[_Word]]:
    """Runs cut into hard lines (at `\\n`) of words (styled pieces between ordinary spaces)."""
    lines: list[list[_Word]] = [[]]
    word: list[_Piece] = []
    for run in runs:
        if run.icon:
            word.append(_Piece("", run.style, run.icon))
            continue
        for i, chunk in enumerate(run.text.split("\n")):
            if i:
                _close(lines, word)
                word = []
                lines.append([])
            for j, part in enumerate(chunk.split(" ")):
                if j:
                    _close(lines, word)
                    word = []
                if part:
                    word.append(_Piece(part, run.style))
    _close(lines, word)
    return lines


def _close(lines: list[list[_Word]], word: list[_Piece]) -> None:
    if word:
        lines[-1].append(tuple(word))


def _width(word: _Word, st: Setting) -> float:
    return sum(st.size * st.icon_scale if p.icon else st.faces[p.style].width(p.text, st.size) for p in word)


def set_lines(runs: list[Run], width: float, st: Setting) -> tuple[list[Line], Problem | None]:
    out: list[Line] = []
    problem: str | None = None
    for hard in words(runs):
        lines, found = _break(hard, width, st)
        problem = problem or found
        for k, line in enumerate(lines):
            out.append(_placed(line, width, st, last=k == len(lines) - 1))
    return out, Problem(problem) if problem else None


def _break(hard: list[_Word], width: float, st: Setting) -> tuple[list[list[_Word]], str | None]:
    """Greedy breaking of one hard line's words into lines, hyphenating a word that overflows."""
    space = st.faces["regular"].width(" ", st.size)
    lines: list[list[_Word]] = []
    current: list[_Word] = []
    used, problem = 0.0, None
    in_row = 0  # lines ended by a hyphen, one after the other
    queue = list(hard)
    while queue:
        word = queue.pop(0)
        w = _width(word, st)
        room = width - used - (space if current else 0.0)
        if w <= room + EPS:
            current.append(word)
            used += (space if len(current) > 1 else 0.0) + w
            continue
        worth = room >= LOOSE * space and in_row < MOST_IN_ROW
        cut = _hyphenate(word, room, st) if st.hyphens is not None and (worth or not current) else None
        in_row = in_row + 1 if cut is not None else 0
        if cut is not None:
            current.append(cut[0])
            queue.insert(0, cut[1])
        elif not current:  # alone and too wide: kept whole, said
            current.append(word)
            problem = problem or f"the word {''.join(p.text for p in word)!r} is wider than its column"
        else:
            queue.insert(0, word)
        lines.append(current)
        current, used = [], 0.0
    if current or not lines:
        lines.append(current)
    return lines, problem


def _hyphenate(word: _Word, room: float, st: Setting) -> tuple[_Word, _Word] | None:
    """The word cut at its last hyphenation point whose head (and its hyphen) fits `room`."""
    if len(word) != 1 or word[0].icon or st.hyphens is None:
        return None  # (a word of several styles or an icon is kept whole)
    piece = word[0]
    face = st.faces[piece.style]
    for point in reversed(st.hyphens.points(piece.text)):
        head = piece.text[:point]
        if face.width(head + HYPHEN, st.size) <= room + EPS:
            return (_Piece(head + HYPHEN, piece.style),), (_Piece(piece.text[point:], piece.style),)
    return None


def _placed(line: list[_Word], width: float, st: Setting, last: bool) -> Line:
    """The line's fragments, placed from its left edge: justified lines spread their gaps."""
    space = st.faces["regular"].width(" ", st.size)
    widths = [_width(w, st) for w in line]
    natural = sum(widths) + space * max(len(line) - 1, 0)
    gap = space
    if st.align == "justify" and not last and len(line) > 1:
        gap = space + (width - natural) / (len(line) - 1)
        natural = width
    x = (width - natural) / 2 if st.align == "center" else 0.0
    frags: list[Frag] = []
    for word, w in zip(line, widths):
        frags += _frags(word, x, st)
        x += w + gap
    baseline = (st.pitch + st.faces["regular"].cap * st.size) / 2
    return Line(baseline, natural, _joined(frags, space, gap))


def _frags(word: _Word, x: float, st: Setting) -> list[Frag]:
    out: list[Frag] = []
    for piece in word:
        if piece.icon:
            out.append(Frag(x, "", None, st.size * st.icon_scale, piece.icon))
            x += st.size * st.icon_scale
        else:
            face = st.faces[piece.style]
            out.append(Frag(x, piece.text, face, st.size))
            x += face.width(piece.text, st.size)
    return out


def _joined(frags: list[Frag], space: float, gap: float) -> tuple[Frag, ...]:
    """Neighbouring words of one face a natural space apart as one fragment (fewer PDF operators)."""
    if abs(gap - space) > 1e-9:
        return tuple(frags)
    out: list[Frag] = []
    for frag in frags:
        prev = out[-1] if out else None
        if prev is not None and prev.face is not None and frag.face is prev.face and frag.icon is None and \
                abs(prev.x + prev.face.width(prev.text, prev.size) + space - frag.x) < 1e-6:
            out[-1] = Frag(prev.x, f"{prev.text} {frag.text}", prev.face, prev.size)
        else:
            out.append(frag)
    return tuple(out)
