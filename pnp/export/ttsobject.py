"""What a Tabletop Simulator object says about a card or a tile: its shape, its size, its name and its text.

Contract: `card_type(size, radius)` is the `CustomDeck` `Type` of cards of `size` (points) whose
corners are rounded by `radius` (the layout's): 1, a rectangle, when the corners are square; 4, a
circle, when a square card's corners are rounded by half its side or more (round counters); else
0, TTS's rounded rectangle. `card_scale(size)` is the object's `Transform` scale from the card's
real size: TTS shapes a card after its cell of the deck sheet ("decks can be square or
rectangular, depending on dimensions of card sheet", its knowledge base) at the width of its
reference card, a poker card 2.5 in wide at scale 1 (saved decks of poker cards keep scale 1), so
the scale is the card's width over 2.5 in, alike both ways (a 70 × 120 mm card: 1.102); the
thickness (`scaleY`) stays 1. `nickname(card, specs)` names a card from its
fields: a text field called `nom`, `name`, `titre` or `title`, else the card's id when the deck
gave it one (a generator's `{rang}-{couleur}`), else the values of its plain fields in the deck's
order ("3 ankh bleu pierre"); `description(card, specs)` writes each plain field as `name: value`,
one a line. Markup (`**bold**`, `:icon:`) is written as plain words (`plain.plain_text`). `base_url(text)`
checks a `--tts-base`: an http(s) URL with a host (a `ValueError` saying why otherwise), returned
with a trailing slash so that a file name joins it as a path segment.
Boards and counters are `Custom_Tile`s (`tile_state`): `tile_type(size, radius)` is 2, TTS's circle,
for a round counter, else 0, its box; `tile_scale(size)` makes the tile's top-to-bottom side (the
picture's height; its width follows the picture, `Stretch` off) the real one at `TILE_INCHES` a unit
of scale, the size a tile takes beside poker cards at scale 1 (18 mm: 0.5376; a 256 mm board:
7.6459). `bag_state` holds several objects (a deck of counters, a sheet of several boards);
`saved_file` is the saved object around them; `board_sheets(kit)` the sheets that are boards: a page
layout of its own size (`size: [w, h]`: a board, a play mat), or one drawing a `board` or `track`
element; `guid(*parts)` a stable 6-hex-digit GUID. Standard
library only.
"""
from __future__ import annotations

import hashlib
import math
from typing import TYPE_CHECKING, Mapping
from urllib.parse import urlsplit

from .plain import plain_text

if TYPE_CHECKING:  # pragma: no cover
    from ..model.kit import Kit, Sheet

POINTS_PER_MM = 72.0 / 25.4
REFERENCE_CARD = (2.5 * 72.0, 3.5 * 72.0)  # points: the poker card TTS draws at scale 1
RECTANGLE_ROUNDED, RECTANGLE, CIRCLE = 0, 1, 4  # CustomDeck Type (0-4: rounded, rectangle, hex rounded, hex, circle)
TILE_BOX, TILE_CIRCLE = 0, 2  # CustomTile Type (0-3: box, hex, circle, rounded), the knowledge base's "Custom Tile"
# A tile's height at scale 1, in inches, where a poker card at scale 1 is 2.5 x 3.5 in: a 29 in board is
# a Custom_Tile of scale 22 beside scale-1 cards in Clank Legacy's mod, as measured by frankieliu/tts-tools
# (docs/TTS_SCALING_SOLVED.md: height = 1.318 in x scaleZ, width = height x the picture's aspect).
TILE_INCHES = 29.0 / 22.0
TILE_THICKNESS = 0.1  # units ("about an inch", the knowledge base): TTS's default, as mods save it
UP = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0}  # face up
NAME_FIELDS = ("nom", "name", "titre", "title")
PLAIN_TYPES = ("text", "int", "number")
BOARD_ELEMENTS = ("board", "track")


def card_type(size: tuple[float, float], radius: float) -> int:
    width, height = size
    if math.isclose(width, height, rel_tol=0.02) and radius >= min(width, height) / 2 - 0.5 * POINTS_PER_MM:
        return CIRCLE
    return RECTANGLE if radius < 0.25 * POINTS_PER_MM else RECTANGLE_ROUNDED


def card_scale(size: tuple[float, float]) -> dict[str, float]:
    across = round(size[0] / REFERENCE_CARD[0], 4)
    return {"scaleX": across, "scaleY": 1.0, "scaleZ": across}


def _plain_fields(fields: Mapping[str, object], specs: Mapping[str, str]) -> list[tuple[str, str]]:
    """(name, value as plain text) of the card's text and number fields, in the deck's order."""
    out = []
    for name, kind in specs.items():
        value = fields.get(name)
        if kind in PLAIN_TYPES and value is not None and str(value).strip():
            out.append((name, plain_text(str(value))))
    return out


def nickname(card_id: str, positional: bool, fields: Mapping[str, object], specs: Mapping[str, str]) -> str:
    plain = dict(_plain_fields(fields, specs))
    for name in NAME_FIELDS:
        if specs.get(name) == "text" and plain.get(name):
            return plain[name]
    if not positional:
        return card_id
    return " ".join(plain.values()) or card_id


def description(fields: Mapping[str, object], specs: Mapping[str, str]) -> str:
    return "\n".join(f"{name}: {value}" for name, value in _plain_fields(fields, specs))


def base_url(text: str) -> str:
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or " " in text.strip():
        raise ValueError(f"an http:// or https:// URL naming a host, like https://example.org/my-game/ (got {text!r})")
    if parts.query or parts.fragment:
        raise ValueError(f"a folder's URL, without ?query or #fragment (got {text!r})")
    return text.strip() if text.strip().endswith("/") else text.strip() + "/"


def tile_type(size: tuple[float, float], radius: float) -> int:
    return TILE_CIRCLE if card_type(size, radius) == CIRCLE else TILE_BOX


def tile_scale(size: tuple[float, float]) -> dict[str, float]:
    across = round(size[1] / 72.0 / TILE_INCHES, 4)
    return {"scaleX": across, "scaleY": 1.0, "scaleZ": across}


def tile_state(guid: str, names: tuple[str, str], urls: tuple[str, str], size: tuple[float, float],
               kind: int) -> dict:
    """A `Custom_Tile` of `size` (points) showing `urls` (top, bottom), named `names` (nickname,
    description); counters (circles) stack, boards do not."""
    return {"GUID": guid, "Name": "Custom_Tile", "Transform": {**UP, **tile_scale(size)},
            "Nickname": names[0], "Description": names[1], "Locked": False, "Grid": True,
            "CustomImage": {"ImageURL": urls[0], "ImageSecondaryURL": urls[1], "ImageScalar": 1.0,
                            "WidthScale": 0.0,
                            "CustomTile": {"Type": kind, "Thickness": TILE_THICKNESS,
                                           "Stackable": kind == TILE_CIRCLE, "Stretch": False}}}


def bag_state(guid: str, names: tuple[str, str], contained: list[dict]) -> dict:
    """A `Bag` holding `contained` (the knowledge base's ObjectState: `ContainedObjects`, "objects in bag")."""
    scale = {"scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
    return {"GUID": guid, "Name": "Bag", "Transform": {**UP, **scale}, "Nickname": names[0],
            "Description": names[1], "ContainedObjects": contained}


def saved_file(name: str, states: list[dict]) -> dict:
    """A saved object file (the knowledge base's SaveState) around `states`."""
    return {"SaveName": name, "Date": "", "VersionNumber": "", "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "", "Sky": "", "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "",
            "XmlUI": "", "ObjectStates": states}


def guid(*parts: str) -> str:
    """A stable 6-hex-digit GUID (TTS's width), the same for the same kit, component and object."""
    return hashlib.sha256("/".join(parts).encode()).hexdigest()[:6]


def board_sheets(kit: "Kit") -> list["Sheet"]:
    return [sheet for sheet in kit.sheets if _is_board(kit, sheet)]


def _is_board(kit: "Kit", sheet: "Sheet") -> bool:
    layout = kit.layouts[sheet.spec.layout]
    return layout.page_size() is not None or any(el.type in BOARD_ELEMENTS for el in layout.elements.values())
