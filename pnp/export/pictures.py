"""`pnp export --png`: one picture per card face, at a print service's size, for upload.

Contract: `export_png(target)` writes, for every deck of the kit, `png/<deck>-<NNN>-front.png` and
(when the card has a back) `png/<deck>-<NNN>-back.png` for every card of the deck, copies
expanded (a service counts the files it is given: the folder is the deck as printed), numbered
from 001 in the deck's order, so that a listing sorted by name pairs each front with its back. The
picture's size is the preset's (`settings.picture_fit`): a card a little off the preset's trim is
scaled to it, uniformly, and a warning says so; where the picture's bleed reaches beyond the
card's own bleed art (a scaled card: a pixel or two), the art's edge pixels are carried out to the
picture's edge; a card further off is refused (an error naming the deck). Each distinct
face is drawn once (pnp.draw.facepages) and rasterised (raster.py); pictures of a deck are made a
batch of faces at a time, so memory does not grow with the deck.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..draw.facepages import Placement, face_pages
from ..core.errors import Problem
from ..model.kit import Deck
from .raster import MISSING_RASTER, available, extend_edges, png_bytes, rasterise
from .settings import PictureFit, picture_fit

if TYPE_CHECKING:  # pragma: no cover
    from .run import Target

BATCH = 48  # faces drawn into one PDF and rasterised before the next


def export_png(target: "Target") -> None:
    if not available():
        target.problems.append(Problem(MISSING_RASTER, "export --png"))
        return
    for deck in target.kit.decks:
        if deck.cards:
            _deck(target, deck)


def _deck(target: "Target", deck: Deck) -> None:
    front = target.kit.layouts[deck.cards[0].layout]
    fit = picture_fit(front.card_size(), front.bleed, target.options)
    if isinstance(fit, str):
        target.problems.append(Problem(fit, f"deck {deck.name!r}", deck.ref.child("layout")))
        return
    if fit.note:
        target.warn(fit.note, f"deck {deck.name!r}", deck.ref.child("layout"))
    sides = _sides(target, deck, fit)
    width = max(3, len(str(len(sides))))
    names = [(f"png/{deck.name}-{n + 1:0{width}d}-{side}.png", face)
             for n, faces in enumerate(sides) for side, face in zip(("front", "back"), faces) if face is not None]
    _write(target, deck, fit, names)


def _sides(target: "Target", deck: Deck, fit: PictureFit) -> list[tuple]:
    """(front, back or None) of every card as printed, copies expanded."""
    out = []
    for card in deck.cards:
        front = target.card_face(deck, card, card.layout)
        back = target.card_face(deck, card, card.back) if card.back else None
        out += [(front, back)] * card.copies
    return out


def _write(target: "Target", deck: Deck, fit: PictureFit, names: list[tuple]) -> None:
    """Each distinct face rendered once (by identity: copies and a shared back), in batches; a
    picture is kept only until its last file is written."""
    rendered: dict[int, bytes] = {}
    left = Counter(id(face) for _, face in names)
    for start in range(0, len(names), BATCH):
        chunk = names[start:start + BATCH]
        todo = list({id(face): face for _, face in chunk if id(face) not in rendered}.values())
        if todo:
            page = fit.page
            pdf = face_pages([Placement(face, *page, fit.scale) for face in todo], target.font)
            for face, image in zip(todo, rasterise(pdf, [fit.pixels] * len(todo))):
                box = fit.art_box((face.width, face.height), face.bleed)
                rendered[id(face)] = png_bytes(extend_edges(image, box), fit.dpi)
        for name, face in chunk:
            target.write(name, rendered[id(face)], deck.name, "png")
            left[id(face)] -= 1
            if not left[id(face)]:
                del rendered[id(face)]
