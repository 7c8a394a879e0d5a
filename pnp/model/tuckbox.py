"""The tuck box component: a box printed to hold one of the kit's decks.

Contract: `TuckBoxFile` validates a `kind: tuckbox` file (unknown keys refused); `TuckBox` is what
the later stages read. The box's inside is the deck's card size plus `clearance`, and a depth of
`depth` if given, else the deck's cards (`cards`, default: every card of the deck and of the
decks named in `also` — the rules cards that travel with it —, copies included) times `thickness` (a card's, 0.3 mm by default), plus `clearance`. `art` puts on the
front and back panels the deck's back (`back`, the default), the first card's front (`front`), or
the front of the card of that id. Which deck and card the names point at is checked by the run
(`pnp/pipeline/tuckbox.py`), which knows the kit's decks.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..core.errors import Ref
from .schema import Field, field_validator
from .names import check_name
from .units import MM, Length
from .validate import StrictModel


class TuckBoxFile(StrictModel):
    kind: Literal["tuckbox"]
    name: str
    title: str = ""
    deck: str
    art: str = "back"
    cards: int | None = Field(None, ge=1, le=2000)
    also: list[str] = []  # other decks the box holds too (the rules cards): their cards are counted
    thickness: Length = 0.3 * MM
    depth: Length | None = None
    clearance: Length = 1.0 * MM

    @field_validator("name")
    @classmethod
    def _slug(cls, value: str) -> str:
        return check_name(value)  # names its PDF: pnp.model.names's rule

    @field_validator("thickness", "depth")
    @classmethod
    def _positive(cls, value: float | None) -> float | None:
        if value is not None and not 0.05 * MM <= value <= 200 * MM:
            raise ValueError("must be between 0.05 mm and 200 mm")
        return value

    @field_validator("clearance")
    @classmethod
    def _clearance(cls, value: float) -> float:
        if not 0 <= value <= 10 * MM:
            raise ValueError("must be between 0 and 10 mm")
        return value


@dataclass(frozen=True)
class TuckBox:
    name: str
    title: str
    spec: TuckBoxFile
    ref: Ref
