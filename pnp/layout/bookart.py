"""The geometry of a rulebook's figures: faces of the kit's material placed in a column.

Contract: `arrange(faces, arrange, room, width, most_height)` places laid-out faces (card sides or
a sheet's page, `pnp.layout.items.Face`) for a figure and answers `(places, width, height)` or a
`Problem` (its place is the caller's): `single` (one face), `row` (side by side), `grid` (rows of up to five), `fan` (turned
about a point under the cards, as a hand is held), `page` (a sheet's page, or the `region` of it
that `clip` gives). A figure takes `width` (points) when given, else the faces' own size; either
way it is shrunk to fit `room` (the column) and `most_height`. A `width` wider than the column is
the problem ("a figure larger than its column"); a figure that would have to shrink below a fifth of
its size to fit, too. Pure geometry.
"""
from __future__ import annotations

import math
from dataclasses import replace

from ..core.errors import Problem
from ..model.units import MM
from .bookflow import FacePlace
from .items import Face, Item, item_bounds

GAP = 2.5 * MM
PER_ROW = 5
FAN_STEP = 7.0  # degrees between two cards of a fan
MIN_SCALE = 0.2

Placed = tuple[tuple[FacePlace, ...], float, float]


def arrange(faces: list[Face], how: str, room: float, width: float | None, most_height: float,
            clip: tuple[float, float, float, float] | None = None) -> Placed | Problem:
    if width is not None and width > room + 0.01:
        return Problem(f"the figure is {width / MM:.0f} mm wide, larger than its column ({room / MM:.0f} mm): "
                       "give it a smaller `width` (a % of the column)")
    places, w, h = _natural(faces, how, clip)
    scale = min(1.0, room / w) if width is None else width / w
    scale = min(scale, most_height / h)
    if scale < MIN_SCALE:
        return Problem(f"the figure ({w / MM:.0f} × {h / MM:.0f} mm) would print at {scale:.0%} of its size to fit "
                       f"its column ({room / MM:.0f} × {most_height / MM:.0f} mm): draw fewer cards or a region")
    return tuple(_scaled(p, scale) for p in places), w * scale, h * scale


def _scaled(place: FacePlace, scale: float) -> FacePlace:
    return FacePlace(place.face, place.x * scale, place.y * scale, place.scale * scale, place.angle, place.clip,
                     place.outline)


def _natural(faces: list[Face], how: str, clip: tuple[float, float, float, float] | None) -> Placed:
    """The arrangement at the faces' own size, from its top-left corner."""
    if how == "page":
        face = faces[0]
        x, y, w, h = clip or (0.0, 0.0, face.width, face.height)
        shown = _within(face, (x, y, x + w, y + h)) if clip else face
        return (FacePlace(shown, -x, -y, 1.0, 0.0, (x, y, w, h), outline=True),), w, h
    if how == "fan" and len(faces) > 1:
        return _fan(faces)
    per_row = 1 if how == "single" else len(faces) if how == "row" else min(PER_ROW, len(faces))
    return _grid(faces, per_row)


def _within(face: Face, box: tuple[float, float, float, float]) -> Face:
    """The face with only the items that reach into `box` (a region shown): what the clip hides is
    not in the PDF at all (no hidden words for a reader or a search to find), so its shared layers
    are drawn as the face's own items."""
    x0, y0, x1, y1 = box

    def meets(item: Item) -> bool:
        a, b, c, d = item_bounds(item)
        return a < x1 and c > x0 and b < y1 and d > y0
    layers = tuple((None, tuple(i for i in items if meets(i))) for _, items in face.layers)
    return replace(face, layers=layers)


def _grid(faces: list[Face], per_row: int) -> Placed:
    cw = max(f.width for f in faces)
    ch = max(f.height for f in faces)
    places = []
    for i, face in enumerate(faces):
        row, col = divmod(i, per_row)
        places.append(FacePlace(face, col * (cw + GAP), row * (ch + GAP), 1.0))
    rows = math.ceil(len(faces) / per_row)
    cols = min(per_row, len(faces))
    return tuple(places), cols * cw + (cols - 1) * GAP, rows * ch + (rows - 1) * GAP


def _fan(faces: list[Face]) -> Placed:
    """Cards turned about a pivot below their centres, the first on the left, each over the last."""
    cw, ch = faces[0].width, faces[0].height
    step = min(FAN_STEP, 60.0 / (len(faces) - 1))
    radius = ch * 1.6  # pivot below the card's top edge
    corners: list[tuple[float, float]] = []
    raw: list[tuple[Face, float, float, float]] = []
    for i, face in enumerate(faces):
        angle = (i - (len(faces) - 1) / 2) * step
        a = math.radians(angle)
        # the card's top-centre at the pivot's radius, turned; its top-left corner from there
        cx, cy = radius * math.sin(a), -radius * math.cos(a)
        x, y = cx - cw / 2 * math.cos(a), cy - cw / 2 * math.sin(a)
        raw.append((face, x, y, angle))
        corners += [_turned(x, y, a, dx, dy) for dx, dy in ((0, 0), (cw, 0), (0, ch), (cw, ch))]
    x0, y0 = min(c[0] for c in corners), min(c[1] for c in corners)
    x1, y1 = max(c[0] for c in corners), max(c[1] for c in corners)
    places = tuple(FacePlace(face, x - x0, y - y0, 1.0, angle) for face, x, y, angle in raw)
    return places, x1 - x0, y1 - y0


def _turned(x: float, y: float, a: float, dx: float, dy: float) -> tuple[float, float]:
    """The point (dx, dy) of a face whose top-left corner is at (x, y), turned by `a` (radians,
    clockwise on the page, y growing downwards)."""
    return x + dx * math.cos(a) - dy * math.sin(a), y + dx * math.sin(a) + dy * math.cos(a)
