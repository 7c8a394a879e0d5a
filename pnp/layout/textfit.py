"""Wrapping and fitting text into a box.

Contract: `fit_text(runs, box_w, box_h, style)` returns a `TextBlock` — lines of positioned
fragments, baselines measured from the top of the box — at the largest size from `style.size` down
to `style.min_size` (in 0.25 pt steps) at which every line fits the width and all lines fit the
height; or a `Problem` saying why it cannot fit even at the minimum size. Breaks happen at ordinary
spaces and at line breaks, never at no-break spaces (U+00A0, U+202F). Icons are square fragments of
`icon_scale` × the font size, sitting on the baseline. A text too long for its box even at the
minimum size is found so from a part of it, before it is laid out (`textbound.hopeless`).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import Problem
from ..model.units import MM
from .fonts import Face, same_space
from .textbound import hopeless
from .typography import Run

STEP = 0.25
EPS = 0.01
PARAGRAPH_GAP = 0.35  # extra space between paragraphs, in line heights


@dataclass(frozen=True, slots=True)
class Frag:
    """A piece of a line: text in one face and size, or an icon (`size` is then its side)."""

    x: float
    text: str
    face: Face | None
    size: float
    icon: str | None = None


@dataclass(frozen=True, slots=True)
class Line:
    """One laid-out line: its baseline, its width and its fragments."""

    baseline: float
    width: float
    frags: tuple[Frag, ...]


@dataclass(frozen=True)
class TextBlock:
    """A fitted text: its lines, the size it fitted at and its height."""

    lines: tuple[Line, ...]
    size: float
    height: float


@dataclass(frozen=True)
class TextStyle:
    """How a text box sets its text: faces by style, sizes, leading, alignment, icon scale."""

    faces: dict[str, Face]  # style name -> Face
    size: float
    min_size: float
    leading: float
    align: str
    valign: str
    icon_scale: float


@dataclass(frozen=True, slots=True)
class _Piece:
    """A run of a word in one style, or an icon."""

    text: str
    style: str
    icon: str | None


_Word = tuple[_Piece, ...]
_Wrapped = tuple[list[tuple[_Word, float]], bool]  # a line's words with their widths; whether it ends a paragraph


def fit_text(runs: list[Run], box_w: float, box_h: float, style: TextStyle) -> TextBlock | Problem:
    unfit = hopeless(runs, box_w, box_h, style)  # a long text known unfit from a part of it (textbound.py)
    if unfit is not None:
        return unfit
    quick = _one_line(runs, box_w, box_h, style)
    if quick is not None:
        return quick
    paragraphs = _paragraphs(runs)
    sizes = _sizes(style.size, style.min_size)
    best = _search(paragraphs, sizes, box_w, box_h, style)
    if best is None:
        return _why(paragraphs, sizes[-1], box_w, box_h, style)
    size, lines = best
    return _place(lines, size, box_w, box_h, style)


def _one_line(runs: list[Run], box_w: float, box_h: float, style: TextStyle) -> TextBlock | None:
    """The common case, without the search: one run of plain text that fits on one line at full
    size (titles, numbers, labels), placed by the same rules (`_start`, `_first_baseline`) as the
    general path, which gives the same result, without its cost (the hot path of large decks)."""
    if len(runs) != 1:
        return None
    run = runs[0]
    text = run.text
    if run.icon or not text or text[0] == " " or text[-1] == " " or "\n" in text or "  " in text:
        return None
    faces, size = style.faces, style.size
    face = faces[run.style]
    width = face.width(text, size)
    pitch = size * style.leading
    if width > box_w + EPS or pitch > box_h + EPS or \
            (face is not (regular := faces["regular"]) and not same_space(face.name, regular.name, size)):
        return None
    baseline = _start(box_h - pitch, style.valign) + _first_baseline(pitch, size, style)
    return TextBlock((Line(baseline, width, (Frag(_start(box_w - width, style.align), text, face, size),)),),
                     size, pitch)


def _start(free: float, align: str) -> float:
    """Where a block (or a line) starts in a box that has `free` room beside it, for `align`
    (`valign`): top or left (or justify), middle or center, bottom or right."""
    if align in ("top", "left", "justify"):
        return 0.0
    return free / 2 if align in ("middle", "center") else free


def _first_baseline(pitch: float, size: float, style: TextStyle) -> float:
    """The first line's baseline under the block's top: its cap height centred in the line box."""
    return (pitch + style.faces["regular"].cap * size) / 2


def _sizes(size: float, min_size: float) -> list[float]:
    out = [size]
    while out[-1] - STEP >= min_size - EPS:
        out.append(round(out[-1] - STEP, 4))
    return out


def _search(paragraphs: list[list[_Word]], sizes: list[float], box_w: float, box_h: float,
            style: TextStyle) -> tuple[float, list[_Wrapped]] | None:
    """The largest size that fits: try the full size, then bisect the steps below it."""
    first = _try(paragraphs, sizes[0], box_w, box_h, style)
    if first is not None:
        return sizes[0], first
    found: tuple[float, list[_Wrapped]] | None = None
    lo, hi = 1, len(sizes) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        lines = _try(paragraphs, sizes[mid], box_w, box_h, style)
        if lines is not None:
            found, hi = (sizes[mid], lines), mid - 1
        else:
            lo = mid + 1
    return found


def _try(paragraphs: list[list[_Word]], size: float, box_w: float, box_h: float,
         style: TextStyle) -> list[_Wrapped] | None:
    lines = _wrap(paragraphs, size, box_w, style)
    if lines is None or _height(lines, size, style) > box_h + EPS:
        return None
    return lines


def _height(lines: list[_Wrapped], size: float, style: TextStyle) -> float:
    pitch = size * style.leading
    gaps = sum(1 for _, end in lines[:-1] if end)
    return pitch * (len(lines) + PARAGRAPH_GAP * gaps)


def _why(paragraphs: list[list[_Word]], size: float, box_w: float, box_h: float, style: TextStyle) -> Problem:
    lines = _wrap(paragraphs, size, box_w, style)
    dims = f"{box_w / MM:.1f} × {box_h / MM:.1f} mm"
    if lines is None:
        return Problem(f"a word is wider than the box ({dims}) even at {size:g} pt")
    need = _height(lines, size, style) / MM
    return Problem(f"text overflows its box ({dims}) even at {size:g} pt: it needs {need:.1f} mm of height")


def _paragraphs(runs: list[Run]) -> list[list[_Word]]:
    """Split runs into paragraphs (hard line breaks) of words (lists of styled pieces)."""
    if len(runs) == 1 and not runs[0].icon:  # one run (most texts): its words are its parts
        style = runs[0].style
        return [[(_Piece(part, style, None),) for part in chunk.split(" ") if part]
                for chunk in runs[0].text.split("\n")]
    paragraphs: list[list[_Word]] = [[]]
    word: list[_Piece] = []
    for run in runs:
        if run.icon:
            word.append(_Piece("", run.style, run.icon))
            continue
        for i, chunk in enumerate(run.text.split("\n")):
            if i:
                _end_word(paragraphs, word)
                word = []
                paragraphs.append([])
            for j, part in enumerate(chunk.split(" ")):
                if j:
                    _end_word(paragraphs, word)
                    word = []
                if part:
                    word.append(_Piece(part, run.style, None))
    _end_word(paragraphs, word)
    return paragraphs


def _end_word(paragraphs: list[list[_Word]], word: list[_Piece]) -> None:
    if word:
        paragraphs[-1].append(tuple(word))


def _piece_width(piece: _Piece, size: float, style: TextStyle) -> float:
    if piece.icon:
        return size * style.icon_scale
    return style.faces[piece.style].width(piece.text, size)


def _word_width(word: _Word, size: float, style: TextStyle) -> float:
    if len(word) == 1:
        return _piece_width(word[0], size, style)
    return sum(_piece_width(p, size, style) for p in word)


def _wrap(paragraphs: list[list[_Word]], size: float, box_w: float, style: TextStyle) -> list[_Wrapped] | None:
    """Greedy line breaking into lines of (word, width); None when a word is wider than the box."""
    lines: list[_Wrapped] = []
    space = style.faces["regular"].width(" ", size)
    for words in paragraphs:
        current: list[tuple[_Word, float]] = []
        used = 0.0
        for word in words:
            width = _word_width(word, size, style)
            if width > box_w + EPS:
                return None
            if current and used + space + width > box_w + EPS:
                lines.append((current, False))
                current, used = [], 0.0
            used += (space if current else 0.0) + width
            current.append((word, width))
        lines.append((current, True))
    return lines


def _place(lines: list[_Wrapped], size: float, box_w: float, box_h: float, style: TextStyle) -> TextBlock:
    pitch = size * style.leading
    height = _height(lines, size, style)
    top = _start(box_h - height, style.valign)
    offset = _first_baseline(pitch, size, style)
    space = style.faces["regular"].width(" ", size)
    placed: list[Line] = []
    y = top
    for words, paragraph_end in lines:
        placed.append(_line(words, y + offset, size, box_w, space, style, paragraph_end))
        y += pitch * (1 + (PARAGRAPH_GAP if paragraph_end else 0.0))
    return TextBlock(tuple(placed), size, height)


def _line(words: list[tuple[_Word, float]], baseline: float, size: float, box_w: float, space: float,
          style: TextStyle, last: bool) -> Line:
    natural = sum(width for _, width in words) + space * max(len(words) - 1, 0)
    gap = space
    if style.align == "justify" and not last and len(words) > 1:
        gap = space + (box_w - natural) / (len(words) - 1)
        natural = box_w
    x = _start(box_w - natural, style.align)
    frags: list[Frag] = []
    joinable = gap == space  # words sit one natural space apart: one fragment can hold them
    joins: dict[str, bool] = {}  # a face's name: its space is the line's (a word of it joins the one before)
    texts: list[str] = []  # the words of the last fragment, while words join it
    for word, width in words:
        for i, (at, text, face, side, icon) in enumerate(_frags(word, x, size, style)):
            if (i == 0 and joinable and frags and face is not None and frags[-1].face is face
                    and _joins(joins, face, size, space)):
                texts.append(text)
                continue
            _close(frags, texts)
            frags.append(Frag(at, text, face, side, icon))
            texts = [text]
        x += width + gap
    _close(frags, texts)
    return Line(baseline, natural, tuple(frags))


def _joins(joins: dict[str, bool], face: Face, size: float, space: float) -> bool:
    """Whether `face`'s space at `size` is the line's `space` (asked once per face and line)."""
    found = joins.get(face.name)
    if found is None:
        found = joins[face.name] = abs(face.width(" ", size) - space) < 1e-9
    return found


def _close(frags: list[Frag], texts: list[str]) -> None:
    """The last fragment with the words joined to it, one space apart."""
    if len(texts) > 1:
        last = frags[-1]
        frags[-1] = Frag(last.x, " ".join(texts), last.face, last.size)


_FragArgs = tuple[float, str, Face | None, float, str | None]  # a Frag's x, text, face, size, icon


def _frags(word: _Word, x: float, size: float, style: TextStyle) -> list[_FragArgs]:
    """The fragments of a word set at `x`, as `Frag` arguments (most are joined to the one before)."""
    if len(word) == 1 and not word[0].icon:
        return [(x, word[0].text, style.faces[word[0].style], size, None)]
    out: list[_FragArgs] = []
    for piece in word:
        if piece.icon:  # an icon's `size` is its side
            out.append((x, "", None, size * style.icon_scale, piece.icon))
        else:
            out.append((x, piece.text, style.faces[piece.style], size, None))
        x += _piece_width(piece, size, style)
    return out
