"""What an element draws beyond the box it is clipped to: a card's bleed box, a page's content box.

Contract: pure geometry on laid-out items (points, top-down, relative to the trim box or the page's
content box). `extent(items, ink)` is the box the items mark: each item's box (strokes included),
or with `ink` what each is meant to print: a text's wrapped lines rather than its box
(`legibility.ink_box`; a text with no line marks nothing), so that a tall text box whose lines stop
short is not taken for what it frames, and a shape's geometry without the outer half of its stroke
(a frame drawn on the box's edge).
`sides_past(extent, box)` gives how far it runs past each side of `box` (beyond `SLACK`, half a
thick stroke), `wholly_outside(extent, box)` whether nothing of it is inside. `card_overrun` and
`page_overrun` say it in words for a warning at the element, or None when it fits: a card's
element beyond the bleed ("reaches beyond the card's bleed: it is cut off"), a page's element
beyond the page's content box on its paper ("runs 14.2 mm past the bottom of the page's content
box on Letter (…): it is cut off"). `page_box_words` names a page's box in those messages.
`page_clip(face)` is the box a page face is clipped to when drawn, None when it needs no clip.
"""
from __future__ import annotations

from typing import Sequence

from ..model.units import MM
from .items import Face, Item, Shape, TextItem, item_bounds
from .legibility import ink_box

Box = tuple[float, float, float, float]
SLACK = 0.75  # points an element may stray past its box (half a thick stroke)
PAPER_WORDS = {"a4": "A4", "letter": "Letter", "a3": "A3"}


def extent(items: Sequence[Item], ink: bool = False) -> Box | None:
    """The box (x0, y0, x1, y1) that `items` mark; None when they mark nothing."""
    boxes = [_drawn(item) if ink else item_bounds(item) for item in items]
    found = [b for b in boxes if b is not None]
    if not found:
        return None
    return (min(b[0] for b in found), min(b[1] for b in found), max(b[2] for b in found),
            max(b[3] for b in found))


def _drawn(item: Item) -> Box | None:
    """What an item is meant to print: a text's lines, a shape's geometry (a stroke centred on the
    box's edge is a frame or a cut line: its outer half may fall outside), a picture's box."""
    if isinstance(item, TextItem):
        return ink_box(item)
    x0, y0, x1, y1 = item_bounds(item)
    pad = item.width / 2 if isinstance(item, Shape) and item.stroke is not None else 0.0
    return (x0 + pad, y0 + pad, x1 - pad, y1 - pad)


def sides_past(span: Box, box: Box) -> dict[str, float]:
    """Side name -> points `span` runs past that side of `box`, for the sides it passes by more than SLACK."""
    past = {"top": box[1] - span[1], "bottom": span[3] - box[3], "left": box[0] - span[0], "right": span[2] - box[2]}
    return {side: amount for side, amount in past.items() if amount > SLACK}


def wholly_outside(span: Box, box: Box) -> bool:
    return span[2] <= box[0] or span[3] <= box[1] or span[0] >= box[2] or span[1] >= box[3]


def card_overrun(span: Box, bleed_box: Box) -> str | None:
    """A card element beyond the card's bleed box, in words; None when it stays inside."""
    if not sides_past(span, bleed_box):
        return None
    what = ("lies wholly outside the card's bleed: it never prints" if wholly_outside(span, bleed_box) else
            "reaches beyond the card's bleed: it is cut off")
    return what + f" (it spans {_mm_box(span)} mm; the bleed box is {_mm_box(bleed_box)} mm)"


def page_overrun(span: Box, size: tuple[float, float], box_words: str) -> str | None:
    """A page element beyond the page's box (0, 0, width, height), in words; None when it stays inside."""
    box = (0.0, 0.0, size[0], size[1])
    past = sides_past(span, box)
    if not past:
        return None
    if wholly_outside(span, box):
        return f"lies wholly outside {box_words}: it never prints"
    runs = " and ".join(f"{amount / MM:.1f} mm past the {side}" for side, amount in past.items())
    return f"runs {runs} of {box_words}: it is cut off"


def page_box_words(size: tuple[float, float], paper: str | None, margin: float, landscape: bool) -> str:
    """`the page's content box on Letter (191.9 × 255.4 mm, the paper less the layout's 12 mm
    margin)`, or for a page of its own size (`paper` None) `the page (380.0 × 260.0 mm, the layout's size)`."""
    w, h = size[0] / MM, size[1] / MM
    if paper is None:
        return f"the page ({w:.1f} × {h:.1f} mm, the layout's size)"
    turned = " landscape" if landscape else ""
    return (f"the page's content box on {PAPER_WORDS.get(paper, paper)}{turned} ({w:.1f} × {h:.1f} mm, "
            f"the paper less the layout's {margin / MM:g} mm margin)")


def _mm_box(box: Box) -> str:
    x0, y0, x1, y1 = (v / MM for v in box)
    return f"{x0:.1f}..{x1:.1f} × {y0:.1f}..{y1:.1f}"


def page_clip(face: Face) -> Box | None:
    """Where a page face is cut when something of it runs past its box, as `page_overrun` warns:
    the box grown by half the face's widest stroke (frames on its edge keep their width); None
    when everything fits, and the page needs no clip."""
    items = face.items()
    span = extent(items, ink=True)
    if span is None or not sides_past(span, (0.0, 0.0, face.width, face.height)):
        return None
    grow = SLACK + max((i.width / 2 for i in items if isinstance(i, Shape) and i.stroke is not None), default=0.0)
    return (-grow, -grow, face.width + grow, face.height + grow)
