"""Imposing a booklet for saddle stitching: which page goes on which half of which sheet side.

Contract: `impose(pages, sheet, printer)` lays `pages` pages (half the sheet each: A5 on A4,
half-Letter on Letter, `half(sheet)`) on sheets printed on both sides and folded together in the
middle: `pages` is rounded up to a multiple of four (`padded`) with blank pages at the end (`Imposed.blanks`),
and sheet `s` (from 0) of a booklet of `n` pages carries pages `n - 2s` and `2s + 1` on its front
(left, right) and `2s + 2` and `n - 2s - 1` on its back, so the folded stack reads 1…n. The back
is `turned` (half a turn): the sheet turns over about its long edge (pnp's long-edge duplex). Each
side's `marks` are in its margins only: a short fold mark on the fold at the top and at the bottom,
from the printer's band inwards (never inside the band, never on a page's text area), and, on the
outermost sheet's front (the booklet's cover and back page), two staple marks across the fold at a
quarter and three quarters of its height, inside the two pages' inner margins. Pure geometry.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model.units import MM

FOLD_MARK = 4 * MM
STAPLE_MARK = 3 * MM


@dataclass(frozen=True)
class Mark:
    x0: float
    y0: float  # top-down
    x1: float
    y1: float
    width: float = 0.4
    dash: tuple[float, ...] | None = None


@dataclass(frozen=True)
class SheetSide:
    sheet: int  # from 0
    back: bool
    left: int  # page numbers, from 1 (beyond the text: a blank half)
    right: int
    width: float
    height: float
    turned: bool
    marks: tuple[Mark, ...]


@dataclass(frozen=True)
class Imposed:
    sides: tuple[SheetSide, ...]
    pages: int  # the booklet's pages, blanks included
    blanks: int


def half(sheet: tuple[float, float]) -> tuple[float, float]:
    """A booklet page on a sheet (width, height, portrait): half its height wide, its width high."""
    w, h = sorted(sheet)
    return h / 2, w


def padded(pages: int) -> int:
    """The pages of a booklet of `pages` pages of text: the next multiple of four, at least four."""
    return max(4, -(-pages // 4) * 4)


def impose(pages: int, sheet: tuple[float, float], printer: float, inner: float) -> Imposed:
    """`inner`: the pages' inner margin, which the staple marks stay within."""
    total = padded(pages)
    h, w = sorted(sheet)
    width, height = w, h  # landscape: two pages side by side
    sides: list[SheetSide] = []
    for s in range(total // 4):
        fold = _fold_marks(width, height, printer, inner)
        staple = _staple_marks(width, height, inner) if s == 0 else ()
        sides.append(SheetSide(s, False, total - 2 * s, 2 * s + 1, width, height, False, fold + staple))
        sides.append(SheetSide(s, True, 2 * s + 2, total - 2 * s - 1, width, height, True, fold))
    return Imposed(tuple(sides), total, total - pages)


def _fold_marks(width: float, height: float, printer: float, inner: float) -> tuple[Mark, ...]:
    x = width / 2
    start = printer + 0.5 * MM
    return (Mark(x, start, x, start + FOLD_MARK, dash=(2.0, 1.5)),
            Mark(x, height - start, x, height - start - FOLD_MARK, dash=(2.0, 1.5)))


def _staple_marks(width: float, height: float, inner: float) -> tuple[Mark, ...]:
    x = width / 2
    arm = min(STAPLE_MARK, inner * 0.6) / 2
    return tuple(Mark(x - arm, y, x + arm, y, width=0.6) for y in (height / 4, height * 3 / 4))
