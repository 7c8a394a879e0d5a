"""Declarative checks of a kit's decks, written in game.yaml for games without a Python rules model.

Contract: `Check` validates one entry of game.yaml's `checks:` list (unknown keys refused). A check
is about one deck (`deck:`, which may be left out when the kit has one deck), looks at the cards
that match `where:` (field -> a value or a list of values) and is one of:
- `product:` fields -> domains (a list, or a range `1..10` as in generators), or a list of fields
  whose declared `values` are the domains, or `generate` (`generate[N]`: the deck's generator N,
  from 0) whose `each` are the domains: every combination is there exactly `times` times (1); with
  a generator's domains, cards outside them (listed apart: an Excuse, the trumps) are not looked at;
- `unique:` a field or a list of fields whose combination no two cards share;
- `count:` a field or a list of fields (the number of cards of each of their values), or a mapping
  like `where:` (the number of cards that match it), with `per:` (a field or list of fields) to count
  per value of other fields; bounded by `exactly`, or `at_least` and/or `at_most`; a list field (or
  several fields with `across: true`) counts the cards that hold each value in any of them;
- `pairs:` a list field or a list of fields: every two cards share (values in common, across
  those fields) `exactly`, `at_least` and/or `at_most` N values;
- `sum:` a number field, summed over the cards (copies included), with `per:` and the same bounds;
- `supply:` field -> number, about a sheet (`sheet:`, not a deck): the material list of its tokens
  (8 horses, 30 coins): each field of the sheet holds that number, and the sheet's layout prints it
  (an element whose `count` is that `{field}`).
The shape is checked here, where game.yaml is read; `pnp.rules.declared` checks the names of decks,
fields and values against the kit, and the cards against the checks.
"""
from __future__ import annotations

from typing import Self, Union

from ..core.lazyre import lazy
from .frame import Scalar
from .schema import Field, model_validator
from .validate import StrictModel

KINDS = ("product", "unique", "count", "sum", "pairs", "supply")
BOUNDS = ("exactly", "at_least", "at_most")
Filter = dict[str, Union[Scalar, list[Scalar]]]
Number = Union[int, float]


class Check(StrictModel):
    deck: str | None = None
    sheet: str | None = None  # a supply check's sheet (tokens, pawns, coins)
    supply: dict[str, int] | None = None  # field -> how many the material list says the sheet prints
    where: Filter = {}
    product: Union[dict[str, Union[list, str]], list[str], str, None] = None
    times: int | None = Field(default=None, ge=1)
    unique: Union[list[str], str, None] = None
    count: Union[Filter, list[str], str, None] = None
    sum: str | None = None
    per: Union[list[str], str, None] = None
    pairs: Union[list[str], str, None] = None
    across: bool = False
    exactly: Number | None = None
    at_least: Number | None = None
    at_most: Number | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Self:
        kinds = [k for k in KINDS if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise ValueError(f"a check is one of {', '.join(KINDS)} (found {', '.join(kinds) or 'none'})")
        kind = kinds[0]
        bounds = [b for b in BOUNDS if getattr(self, b) is not None]
        if kind in ("count", "sum", "pairs"):
            _bounds(self, bounds, "a pairs check" if kind == "pairs" else "a count or sum check")
            if kind == "pairs" and self.per is not None:
                raise ValueError("a pairs check takes no per")
        elif bounds or self.per is not None:
            raise ValueError(f"a {kind} check takes no {(bounds or ['per'])[0]}: it goes with count and sum")
        if self.times is not None and kind != "product":
            raise ValueError("times goes with product")
        if self.across and kind != "count":
            raise ValueError("across goes with count")
        if isinstance(self.product, str) and not _GENERATOR.match(self.product):
            raise ValueError(f"product names fields, or a generator: generate, generate[1] (got {self.product!r})")
        if (kind == "supply") != (self.sheet is not None) or (kind == "supply" and (self.deck or self.where)):
            raise ValueError("a supply check names a sheet (sheet: jetons), and only a supply check does")
        return self

    def kind(self) -> str:
        return next(k for k in KINDS if getattr(self, k) is not None)


_GENERATOR = lazy(r"^generate(\[\d+\])?$")


def generator_index(text: str) -> int:
    """0 for `generate`, N for `generate[N]`."""
    return int(text[9:-1]) if text.endswith("]") else 0


def _bounds(check: Check, bounds: list[str], kind: str) -> None:
    if not bounds:
        raise ValueError(f"{kind} needs exactly, at_least or at_most")
    if check.exactly is not None and len(bounds) > 1:
        raise ValueError("exactly goes alone: at_least and at_most are for a range")
    if check.at_least is not None and check.at_most is not None and check.at_least > check.at_most:
        raise ValueError(f"at_least ({check.at_least:g}) is greater than at_most ({check.at_most:g})")
