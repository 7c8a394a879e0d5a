"""A long text that cannot fit its box, known from a part of it, before it is laid out.

Contract: `hopeless(runs, box_w, box_h, style)` answers why a text of more than `EARLY` characters
cannot fit its box even at the smallest size (a `Problem`) (`style.min_size`), or None when that is not known
without laying it out (`textfit` then does): the box holds at most `floor(h / line pitch)` lines at
that size, each paragraph takes one at least, and the characters of the text but its spaces (and
its icons) need their width on one of them; the widths are read a chunk at a time, so a text of
30 MB that fills the box within its first thousand characters costs a thousand characters. A text
of more than `MAX_TEXT` characters is refused whatever its widths (zero-width characters fill no
line). Pure geometry: widths come from the faces of `style`.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from ..core.errors import Problem
from ..model.units import MM

if TYPE_CHECKING:  # pragma: no cover
    from .fonts import Face
    from .typography import Run


class TextStyle(Protocol):
    """What of `textfit.TextStyle` the bound reads (textfit imports this module, not the reverse)."""

    @property
    def faces(self) -> Mapping[str, Face]: ...
    @property
    def min_size(self) -> float: ...
    @property
    def leading(self) -> float: ...
    @property
    def icon_scale(self) -> float: ...

EARLY = 20_000  # characters: a shorter text is laid out, for the exact height it needs
MAX_TEXT = 200_000  # characters in one text box, whatever their widths
_CHUNK = 2_048
_EPS = 0.01


def hopeless(runs: list[Run], box_w: float, box_h: float, style: TextStyle) -> Problem | None:
    length = sum(len(run.text) for run in runs)
    if length <= EARLY:
        return None
    size = style.min_size
    lines = max(math.floor((box_h + _EPS) / (size * style.leading)), 0)
    dims = f"{box_w / MM:.1f} × {box_h / MM:.1f} mm"
    if sum(run.text.count("\n") for run in runs) + 1 > lines or _overflows(runs, lines * (box_w + _EPS), style):
        return Problem(f"text overflows its box ({dims}) even at {size:g} pt: its {length:,} characters need "
                       f"more than the {lines} lines it holds")
    if length > MAX_TEXT:
        return Problem(f"a text box holds at most {MAX_TEXT:,} characters (this one has {length:,})")
    return None


def _overflows(runs: list[Run], room: float, style: TextStyle) -> bool:
    """Whether the runs' characters but spaces and line breaks (and their icons) are wider than `room`."""
    size, used = style.min_size, 0.0
    for run in runs:
        if run.icon:
            used += size * style.icon_scale
            continue
        face = style.faces[run.style]
        for start in range(0, len(run.text), _CHUNK):
            used += face.width(run.text[start:start + _CHUNK].replace(" ", "").replace("\n", ""), size)
            if used > room:
                return True
    return used > room
