"""What a Tabletop Simulator object says about a card: its shape, its size, its name and its text.

Contract: `card_type(size, radius)` is the `CustomDeck` `Type` of cards of `size` (points) whose
corners are rounded by `radius` (the layout's): 1, a rectangle, when the corners are square; 4, a
circle, when a square card's corners are rounded by half its side or more (round counters); else
0, TTS's rounded rectangle. `card_scale(size)` is the object's `Transform` scale from the card's
real size: TTS shapes a card after its cell of the deck sheet ("decks can be square or
rectangular, depending on dimensions of card sheet", its knowledge base) at the width of its
reference card, a poker card 2.5 in wide at scale 1 (saved decks of poker cards keep scale 1), so
the scale is the card's width over 2.5 in, alike both ways (a 70 × 120 mm card: 1.102; an 18 mm
round counter: 0.283); the thickness (`scaleY`) stays 1. `nickname(card, specs)` names a card from its
fields: a text field called `nom`, `name`, `titre` or `title`, else the card's id when the deck
gave it one (a generator's `{rang}-{couleur}`), else the values of its plain fields in the deck's
order ("3 ankh bleu pierre"); `description(card, specs)` writes each plain field as `name: value`,
one a line. Markup (`**bold**`, `:icon:`) is written as plain words (`plain.plain_text`). `base_url(text)`
checks a `--tts-base`: an http(s) URL with a host (a `ValueError` saying why otherwise), returned
with a trailing slash so that a file name joins it as a path segment. Standard library only.
"""
from __future__ import annotations

import math
from typing import Mapping
from urllib.parse import urlsplit

from .plain import plain_text

POINTS_PER_MM = 72.0 / 25.4
REFERENCE_CARD = (2.5 * 72.0, 3.5 * 72.0)  # points: the poker card TTS draws at scale 1
RECTANGLE_ROUNDED, RECTANGLE, CIRCLE = 0, 1, 4  # CustomDeck Type (0-4: rounded, rectangle, hex rounded, hex, circle)
NAME_FIELDS = ("nom", "name", "titre", "title")
PLAIN_TYPES = ("text", "int", "number")


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
