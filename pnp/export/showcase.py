"""`pnp export --showcase` and `--fan`: pictures of cards for crowdfunding and forum pages.

Contract: `export_showcase(target)` writes, per deck, `showcase/<deck>.png`: its first distinct
fronts (`SHOWCASE_CARDS`, copies counted once, in the deck's order) side by side; `export_fan(target)`
writes `showcase/<deck>-fan.png`: its first `FAN_CARDS` fronts fanned as a hand holds them, each
turned about a point below the hand, the leftmost undermost. With `--cards` (ids, or `deck:id`),
one picture of those cards instead, in the order given: `showcase/cards.png` or `cards-fan.png`.
Each picture is `--width` pixels wide, on a transparent ground (RGBA), every card trimmed (no
bleed) to its layout's corners (`radius`: a round counter is a disc) with a soft shadow below and
to the right of it. The faces are the build's (`Target.card_face`), rasterised by PDFium
(`raster.py`) at the size they take in the picture; the same kit gives the same bytes (no date,
the sRGB profile, pHYs at 72 dpi: a screen picture). An id no deck has, or one that names cards
in several decks, is an error with the closest ids.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.errors import Problem, suggest
from ..draw.facepages import Placement, face_pages
from .raster import MISSING_RASTER, available, png_bytes, rasterise

if TYPE_CHECKING:  # pragma: no cover
    from PIL import Image

    from ..layout.items import Face
    from ..model.kit import Card, Deck
    from .run import Target

SHOWCASE_CARDS, FAN_CARDS = 5, 7
GAP = 0.10  # between cards in a showcase, of a card's width
MARGIN = 0.12  # around the cards, of a card's width: room for the shadow
SHADOW = (0.025, 0.035, 0.035, 0.45)  # offset right and down, blur radius (of a card's width), opacity
SPREAD = 8.0  # degrees between neighbours in a fan (at most 56 in all)
PIVOT = 2.2  # a fan turns about a point this many card heights below the cards' centres
SCREEN_DPI = 72.0


@dataclass(frozen=True)
class Shown:
    face: Face
    radius: float  # points: the card's corners


def export_showcase(target: Target) -> None:
    _export(target, fan=False)


def export_fan(target: Target) -> None:
    _export(target, fan=True)


def _export(target: Target, fan: bool) -> None:
    if not available():
        target.problems.append(Problem(MISSING_RASTER, "export --fan" if fan else "export --showcase"))
        return
    suffix = "-fan" if fan else ""
    if target.options.cards:
        chosen = _chosen(target)
        if chosen:
            _write(target, "cards", chosen, fan, f"showcase/cards{suffix}.png")
        return
    for deck in target.kit.decks:
        distinct = list({card.id: card for card in deck.cards if card.copies}.values())
        cards = [(deck, card) for card in distinct[:FAN_CARDS if fan else SHOWCASE_CARDS]]
        if cards:
            _write(target, deck.name, cards, fan, f"showcase/{deck.name}{suffix}.png")


def _chosen(target: Target) -> list[tuple[Deck, Card]]:
    """The cards `--cards` names, in its order; an unknown or ambiguous id is an error."""
    out = []
    for wanted in target.options.cards:
        deck_name, _, card_id = wanted.rpartition(":")
        found = [(d, c) for d in target.kit.decks if deck_name in ("", d.name) for c in d.cards if c.id == card_id]
        decks = sorted({d.name for d, _ in found})
        if len(decks) > 1:
            target.problems.append(Problem(f"card {card_id!r} is in decks {', '.join(decks)}: name one, like "
                                           f"{decks[0]}:{card_id}", "export --cards"))
        elif not found:
            ids = [f"{d.name}:{c.id}" if deck_name else c.id for d in target.kit.decks
                   if deck_name in ("", d.name) for c in d.cards]
            hint = suggest(wanted, ids)
            target.problems.append(Problem(f"no card {wanted!r} in kit {target.kit.name!r}"
                                           + (f" (did you mean {hint!r}?)" if hint else ""), "export --cards"))
        else:
            out.append(found[0])
    return out


def _write(target: Target, component: str, cards: list[tuple[Deck, Card]], fan: bool, name: str) -> None:
    shown = [Shown(target.card_face(deck, card, card.layout), target.kit.layouts[card.layout].radius)
             for deck, card in cards]
    picture = (_fan if fan else _row)(target, shown, target.options.width)
    target.write(name, png_bytes(picture, SCREEN_DPI), component, "fan" if fan else "showcase")


def _pictures(target: Target, shown: list[Shown], scale: float) -> list[Image.Image]:
    """Each card at `scale` pixels a point, trimmed, its corners transparent (RGBA)."""
    from PIL import Image, ImageDraw

    sizes = [(max(1, round(s.face.width * scale)), max(1, round(s.face.height * scale))) for s in shown]
    pdf = face_pages([Placement(s.face, s.face.width, s.face.height) for s in shown], target.font)
    out = []
    for s, size, image in zip(shown, sizes, rasterise(pdf, sizes)):
        mask = Image.new("L", size, 0)
        radius = min(s.radius * scale, min(size) / 2)
        ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius=radius, fill=255)
        card = image.convert("RGBA")
        card.putalpha(mask)
        out.append(card)
    return out


def _shadowed(canvas: Image.Image, cards: list[tuple[Image.Image, tuple[int, int]]], unit: float) -> Image.Image:
    """`cards` pasted at their places over their soft shadows (drawn first, all of them)."""
    from PIL import Image, ImageFilter

    dx, dy, blur, opacity = SHADOW
    shadow = Image.new("L", canvas.size, 0)
    for card, (x, y) in cards:
        shadow.paste(card.getchannel("A").point(lambda a: round(a * opacity)), (x + round(dx * unit), y + round(dy * unit)))
    shadow = shadow.filter(ImageFilter.GaussianBlur(blur * unit))
    black = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    black.putalpha(shadow)
    out = Image.alpha_composite(canvas, black)
    for card, (x, y) in cards:
        layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
        layer.paste(card, (x, y))
        out = Image.alpha_composite(out, layer)
    return out


def _row(target: Target, shown: list[Shown], width: int) -> Image.Image:
    from PIL import Image

    unit_pt = max(s.face.width for s in shown)  # the widest card: gaps and margins are of it
    span = sum(s.face.width for s in shown) + unit_pt * (GAP * (len(shown) - 1) + 2 * MARGIN)
    scale = width / span
    pictures = _pictures(target, shown, scale)
    unit = unit_pt * scale
    height = round(max(p.height for p in pictures) + 2 * MARGIN * unit)
    canvas = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    places, x = [], MARGIN * unit
    for picture in pictures:
        places.append((picture, (round(x), round((height - picture.height) / 2))))
        x += picture.width + GAP * unit
    return _shadowed(canvas, places, unit)


def _fan(target: Target, shown: list[Shown], width: int) -> Image.Image:
    """The cards turned about a pivot below them, spread evenly about the upright middle card."""
    from PIL import Image

    n = len(shown)
    angles = [SPREAD * (i - (n - 1) / 2) for i in range(n)]
    unit_w = max(s.face.width for s in shown)
    unit_h = max(s.face.height for s in shown)
    radius = PIVOT * unit_h
    corners = [_turned(x, y, a, radius) for s, a in zip(shown, angles)
               for x in (-s.face.width / 2, s.face.width / 2) for y in (-s.face.height / 2, s.face.height / 2)]
    x0, x1 = min(c[0] for c in corners), max(c[0] for c in corners)
    y0, y1 = min(c[1] for c in corners), max(c[1] for c in corners)
    margin = MARGIN * unit_w
    scale = width / (x1 - x0 + 2 * margin)
    pictures = _pictures(target, shown, scale)
    height = round((y1 - y0 + 2 * margin) * scale)
    canvas = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    places = []
    for picture, angle in zip(pictures, angles):
        turned = picture.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        cx, cy = _turned(0.0, 0.0, angle, radius)
        places.append((turned, (round((cx - x0 + margin) * scale - turned.width / 2),
                                round((cy - y0 + margin) * scale - turned.height / 2))))
    return _shadowed(canvas, places, unit_w * scale)


def _turned(x: float, y: float, angle: float, radius: float) -> tuple[float, float]:
    """A point (x right, y down, from an upright card's centre) of a card turned by `angle` degrees
    clockwise about the pivot `radius` below that centre."""
    a = math.radians(angle)
    px, py = x, y - radius  # from the pivot (y down: the card lies above it)
    return px * math.cos(a) - py * math.sin(a), px * math.sin(a) + py * math.cos(a) + radius
