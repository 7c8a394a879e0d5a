"""Text as pnp lays it out from a kit: markup runs, their faces, every character and icon checked.

Contract: `prepare_text(content, font, style, french, ctx, problems)` returns the markup runs of
`content` (`pnp.layout.typography`), the faces they use and their inline icons' paths, with every
character checked against its font and every icon against the library; None (and problems) when
one fails. A game symbol a font lacks (♠ ♥ ♦ ♣ ★ ⚀…⚅, `SYMBOL_ICONS`) is drawn as its bundled icon;
a font without the narrow no-break space gets a no-break space; a literal `\\n` (a backslash and an
n) is a warning. `resolve_icons(block, paths)` gives a fitted block's icon fragments their files.
All text that pnp lays out from a kit goes through here.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from ..core.errors import Problem
from .assets import warning
from .fonts import Face, FontBook
from .textfit import TextBlock
from .typography import NBSP, NNBSP, Run, french, parse

if TYPE_CHECKING:  # pragma: no cover
    from .elementcontext import ElementContext


def prepare_text(content: str, font: str, style: str, use_french: bool, ctx: "ElementContext",
                 problems: list[Problem]) -> tuple[list[Run], dict[str, Face], dict[str, str | None]] | None:
    """Markup runs of `content`, their faces and their icons' paths, with every character checked
    against its font and every icon against the library; None (and problems) when one fails.
    All text that pnp lays out from a kit goes through here."""
    if LITERAL_NEWLINE in content:
        problems.append(warning(f"the text holds a literal \\n (a backslash and an n): '{_excerpt(content)}'; "
                             "break the line in the YAML itself, or write \\n inside double quotes"))
    runs = parse(french(content) if use_french else content,
                 style in ("bold", "bolditalic"), style in ("italic", "bolditalic"))
    faces, font_problem = _faces(font, runs, ctx.fonts)
    found = [Problem(font_problem)] if font_problem else []
    if not found:
        runs, found = _glyphs(runs, faces)
    paths: dict[str, str | None] = {}  # None: the icon's problem is in `found`
    for run in runs if not found else ():
        if run.icon and run.icon not in paths:
            paths[run.icon], problem = ctx.icons.resolve(run.icon, ctx.layout.icons)
            found += [problem] if problem else []
    problems.extend(found)
    return None if found else (runs, faces, paths)


LITERAL_NEWLINE = "\\n"


def _excerpt(text: str) -> str:
    at = text.index(LITERAL_NEWLINE)
    return text[max(0, at - 15):at + 17]


def _faces(family: str, runs: list[Run], fonts: FontBook) -> tuple[dict[str, Face], str | None]:
    if len(runs) == 1:  # (most texts: one run, its style's set made once)
        return fonts.faces(family, _STYLE_SETS[runs[0].style] if runs[0].text else _REGULAR)
    return fonts.faces(family, frozenset({"regular"} | {r.style for r in runs if r.text}))


_REGULAR = frozenset({"regular"})
_STYLE_SETS = {s: frozenset({"regular", s}) for s in ("regular", "bold", "italic", "bolditalic")}


def _glyphs(runs: list[Run], faces: dict[str, Face]) -> tuple[list[Run], list[Problem]]:
    """Replace U+202F by U+00A0 where a font lacks it, and a game symbol (♠ ♥ ♦ ♣ ★ ⚀…⚅) the font
    lacks by its bundled icon; report any other missing character."""
    out: list[Run] = []
    problems: list[Problem] = []
    for run in runs:
        face = faces.get(run.style)
        text = run.text
        if face is not None and NNBSP not in text and face.charset.issuperset(text):
            out.append(run)  # (the common case: every character in the font)
            continue
        if face and NNBSP in text and not face.covers(NNBSP):
            text = text.replace(NNBSP, NBSP)
        missing = set(text) - face.charset if face else set()
        symbols = {ch for ch in missing if ch in SYMBOL_ICONS}
        if face is not None:
            problems += [Problem(f"character {ch!r} (U+{ord(ch):04X}) is missing from font {face.family!r} "
                                 f"{face.style}") for ch in sorted(missing - symbols - {"\n"})]
        out += _symbol_runs(type(run), text, run, symbols)
    return out, problems


# Game symbols that no bundled font has, drawn as the bundled icons (fonts/README.md).
SYMBOL_ICONS = {"♠": "spades", "♤": "spades", "♥": "hearts", "♡": "hearts", "♦": "diamonds", "♢": "diamonds",
                "♣": "clubs", "♧": "clubs", "★": "round-star", "⌛": "hourglass", "⏳": "hourglass",
                "⚀": "dice-six-faces-one", "⚁": "dice-six-faces-two", "⚂": "dice-six-faces-three",
                "⚃": "dice-six-faces-four", "⚄": "dice-six-faces-five", "⚅": "dice-six-faces-six"}


def _symbol_runs(kind: type[Run], text: str, run: Run, symbols: set[str]) -> list[Run]:
    """`run` with `text`, cut around each symbol of `symbols`, which becomes an icon run."""
    if not symbols:
        return [kind(text, run.bold, run.italic, run.icon)]
    out, start = [], 0
    for i, ch in enumerate(text):
        if ch in symbols:
            if i > start:
                out.append(kind(text[start:i], run.bold, run.italic))
            out.append(kind("", run.bold, run.italic, icon=SYMBOL_ICONS[ch]))
            start = i + 1
    if start < len(text):
        out.append(kind(text[start:], run.bold, run.italic))
    return out


def resolve_icons(block: TextBlock, paths: Mapping[str, str | None]) -> TextBlock:
    lines = tuple(replace(line, frags=tuple(replace(f, icon=paths.get(f.icon)) if f.icon else f
                                            for f in line.frags)) for line in block.lines)
    return replace(block, lines=lines)
