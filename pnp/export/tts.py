"""`pnp export --tts`: each deck as Tabletop Simulator deck sheets, a back and a saved object; boards
and round counters as tiles.

Contract: `export_tts(target)` writes, for every deck of cards, `tts/<deck>-<n>.png` (deck sheets of at most
10 × 7 cells and 4 096 px a side; the last cell of each sheet is kept for the hidden card, so a
sheet holds at most 69 cards: a 70-card deck gives two), `tts/<deck>-back.png` (the back every
card shares; a deck whose cards have different backs gets back sheets `tts/<deck>-back-<n>.png`
laid out like its faces, and a deck without backs a plain white one), and `tts/<deck>.json`, a
saved object to put in TTS's "Saved Objects" folder: one `DeckCustom` with a `CustomDeck` entry
per sheet (FaceURL, BackURL, NumWidth, NumHeight, BackIsHidden, UniqueBack), `DeckIDs` (100 ×
sheet + index on the sheet) and one `Card` per card as printed, copies expanded. A deck of round
counters and every board sheet are `Custom_Tile`s instead (ttstiles.py), and so are the counters
printed on a sheet (ttscounters.py). The deck's shape
(`CustomDeck` `Type`: rectangle or rounded rectangle), its scale (from
the card's real size) and each card's `Nickname` and `Description` (from its fields) are
`ttsobject.py`'s. URLs are `file://` URIs of the files, or `--tts-base` (checked as an http(s)
URL by the CLI, a trailing slash added) joined with the file's name for pictures put online. Cells show the trimmed card (no bleed) at up to 300 dpi, every sheet of a deck
at the first sheet's cell size; the hidden-card cell shows the back. Format: the TTS knowledge base
(save file format, custom decks) and saved objects written by other tools (docs/FORMAT.md).
"""
from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Sequence

from ..draw.facepages import Placement, face_pages
from ..core.errors import Problem
from ..model.kit import Deck
from .raster import MISSING_RASTER, available, png_bytes, rasterise
from .ttsobject import CIRCLE, card_scale, card_type, description, guid, nickname, saved_file
from .ttscounters import export_sheet_counters
from .ttstiles import export_boards, export_counters, url

if TYPE_CHECKING:  # pragma: no cover
    from PIL import Image

    from ..layout.items import Face
    from .run import Target

COLUMNS, ROWS, SIDE = 10, 7, 4096
PER_SHEET = COLUMNS * ROWS - 1
DPI = 300.0
TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
             "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def export_tts(target: "Target") -> None:
    if not available():
        target.problems.append(Problem(MISSING_RASTER, "export --tts"))
        return
    for deck in target.kit.decks:
        if not deck.cards:
            continue
        front = target.kit.layouts[deck.cards[0].layout]
        if card_type(front.card_size(), front.radius) == CIRCLE:
            export_counters(target, deck)  # round counters: tiles, not cards
        else:
            _Deck(target, deck).write()
    export_boards(target)
    export_sheet_counters(target)


def grid(cards: int) -> tuple[int, int]:
    """Columns and rows of a sheet of `cards` cards and the hidden card's cell."""
    cols = min(COLUMNS, cards + 1)
    return cols, math.ceil((cards + 1) / cols)


def cell_size(card: tuple[float, float], cols: int, rows: int) -> tuple[int, int]:
    """Pixels of a cell: the card at 300 dpi, smaller when the sheet would pass 4 096 px a side."""
    w, h = (side * DPI / 72.0 for side in card)
    scale = min(1.0, SIDE / (cols * w), SIDE / (rows * h))
    return max(1, math.floor(w * scale)), max(1, math.floor(h * scale))


class _Deck:
    def __init__(self, target: "Target", deck: Deck):
        self.target, self.deck = target, deck
        self.cards = [card for card in deck.cards for _ in range(card.copies)]
        front = target.kit.layouts[deck.cards[0].layout]
        self.card = front.card_size()
        self.type = card_type(self.card, front.radius)
        self.transform = {**TRANSFORM, **card_scale(self.card)}
        self.cell = cell_size(self.card, *grid(min(len(self.cards), PER_SHEET)))
        faces = {card.id: (target.card_face(deck, card, card.layout),
                           target.card_face(deck, card, card.back) if card.back else None) for card in deck.cards}
        self.fronts = [faces[card.id][0] for card in self.cards]
        self.backs = [faces[card.id][1] for card in self.cards]

    def write(self) -> None:
        sheets = [self.cards[i:i + PER_SHEET] for i in range(0, len(self.cards), PER_SHEET)]
        unique = len({id(face) for face in self.backs}) > 1
        back = self._pictures(self.backs[:1])[0]
        entries = {}
        for n, chunk in enumerate(sheets, 1):
            first = (n - 1) * PER_SHEET
            face_name = self._sheet(n, self.fronts[first:first + len(chunk)], back, "")
            back_name = self._sheet(n, self.backs[first:first + len(chunk)], back, "back-") if unique else \
                f"{self.deck.name}-back.png"
            entries[n] = {"FaceURL": self._url(face_name), "BackURL": self._url(back_name),
                          "NumWidth": grid(len(chunk))[0], "NumHeight": grid(len(chunk))[1],
                          "BackIsHidden": True, "UniqueBack": unique, "Type": self.type}
        if not unique:
            self.target.write(f"tts/{self.deck.name}-back.png", png_bytes(back, DPI), self.deck.name, "tts")
        self._json(entries)

    def _pictures(self, faces: Sequence[Face | None]) -> list[Image.Image]:
        """Each face as a cell-sized picture (a missing back: a white card)."""
        from PIL import Image

        drawn = list({id(f): f for f in faces if f is not None}.values())
        images = {}
        if drawn:
            pdf = face_pages([Placement(f, *self.card) for f in drawn], self.target.font)
            images = dict(zip(map(id, drawn), rasterise(pdf, [self.cell] * len(drawn))))
        return [images[id(f)] if f is not None else Image.new("RGB", self.cell, "white") for f in faces]

    def _sheet(self, n: int, faces: Sequence[Face | None], hidden: Image.Image, kind: str) -> str:
        from PIL import Image

        cols, rows = grid(len(faces))
        sheet = Image.new("RGB", (cols * self.cell[0], rows * self.cell[1]), "white")
        for i, picture in enumerate(self._pictures(faces) + [hidden]):
            slot = i if i < len(faces) else cols * rows - 1
            sheet.paste(picture, ((slot % cols) * self.cell[0], (slot // cols) * self.cell[1]))
        name = f"{self.deck.name}-{kind}{n}.png"
        self.target.write(f"tts/{name}", png_bytes(sheet, DPI), self.deck.name, "tts")
        return name

    def _url(self, name: str) -> str:
        return url(self.target, name)

    def _json(self, entries: dict) -> None:
        kit, deck = self.target.kit, self.deck
        ids = [100 * (i // PER_SHEET + 1) + i % PER_SHEET for i in range(len(self.cards))]
        specs = {name: spec.type for name, spec in deck.spec.specs().items()}
        cards = [{"GUID": guid(kit.name, deck.name, str(i)), "Name": "Card", "Transform": self.transform,
                  "Nickname": nickname(card.id, card.id == str(card.index + 1), card.fields, specs),
                  "Description": description(card.fields, specs), "CardID": card_id,
                  "CustomDeck": {str(card_id // 100): entries[card_id // 100]}}
                 for i, (card, card_id) in enumerate(zip(self.cards, ids))]
        state = {"GUID": guid(kit.name, deck.name), "Name": "DeckCustom", "Transform": self.transform,
                 "Nickname": deck.title or deck.name, "Description": kit.game.title, "HideWhenFaceDown": True,
                 "DeckIDs": ids, "CustomDeck": {str(n): entry for n, entry in entries.items()},
                 "ContainedObjects": cards}
        saved = saved_file(f"{kit.game.title} — {deck.title or deck.name}", [state])
        data = json.dumps(saved, indent=1, ensure_ascii=False).encode("utf-8")
        self.target.write(f"tts/{deck.name}.json", data, deck.name, "tts")
