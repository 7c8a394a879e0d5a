"""The kit model: a game file, its decks and sheets, as validated, immutable objects.

Contract: `GameFile`, `DeckFile` and `SheetFile` validate the YAML files of a kit (unknown keys
refused). `Card`, `Deck`, `Sheet` and `Kit` are what the later stages read: a card's fields are
already checked against its deck's field declarations and carry the `Ref` of every value, so rules
and layout problems point at the exact line of the card. Reserved card keys: `id`, `copies`,
`layout`, `back`; every other key of a card is a field the deck declares. A `data` field (and a
sheet's fields) may hold structured YAML (lists, mappings) that rules models and elements read.
A deck's cards come from `cards:`, `columns:` + `rows:`, `generate:` (pnp.model.generate) and a
`data:` file (pnp.model.datafile); game.yaml's `checks:` are declarative checks (pnp.model.checks).
`card_values(kit, deck, card)` is what a card's templates read: the one definition the faces and
the layouts' lint share.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Mapping, Self, Union

from .schema import Field, field_validator, model_validator

from ..core.errors import Ref
from .checks import Check
from .datafile import DataFile
from .frame import Scalar
from .generate import Generator
from .layout import Layout
from .names import check_name
from .units import FontSize, Length
from .validate import StrictModel

if TYPE_CHECKING:  # pragma: no cover
    from .rulebook import Rulebook
    from .tuckbox import TuckBox

FieldValue = Union[Scalar, list, dict]  # a `data` field or a sheet field: structured YAML kept as is
RESERVED_CARD_KEYS = ("id", "copies", "layout", "back")
FieldType = Literal["text", "int", "number", "bool", "data", "list"]
ItemType = Literal["text", "int", "number", "bool"]
SEPARATOR = "|"  # what splits a list field's spreadsheet cell into its items, unless the field says


class Players(StrictModel):
    min: int = Field(ge=1, le=20)
    max: int = Field(ge=1, le=20)

    @model_validator(mode="after")
    def _order(self) -> Self:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")
        return self


class RulesRef(StrictModel):
    model: str
    params: dict = {}


class GameFile(StrictModel):
    title: str = Field(min_length=1)
    subtitle: str = ""
    authors: list[str] = []
    players: Players
    duration: str = ""
    age: str = ""
    language: str = "fr"
    licence: str = ""
    notes: str = ""
    rules: RulesRef | None = None
    checks: list[Check] = []
    components: list[str] = Field(min_length=1)
    min_text_size: FontSize = Field(default=6.0, ge=1.0, le=24.0)  # text printed smaller is a warning
    literal: list[str] = []  # phrases whose numbers are meant as written (pnp.rules.drift)


class FieldSpec(StrictModel):
    """A deck's field: its type, whether a card must give it, its default and allowed values; a
    `list` field holds items of type `of` (allowed values: each item's), which a spreadsheet cell
    writes split by `separator` (default `|`)."""

    type: FieldType = "text"
    required: bool = True
    default: Scalar | list[Scalar] | None = None
    values: list[Scalar] | None = None
    of: ItemType | None = None
    separator: str | None = Field(default=None, min_length=1)

    @model_validator(mode="after")
    def _list_keys(self) -> Self:
        if self.type != "list" and (self.of is not None or self.separator is not None):
            raise ValueError("`of` and `separator` describe the items of a field of type list")
        if self.type != "list" and isinstance(self.default, list):
            raise ValueError("a list default is for a field of type list")
        return self

    @property
    def item_type(self) -> str:
        return self.of or "text"


class Imposition(StrictModel):
    """How the cards of a deck sit on the sheet: gap between cards, gutters, crop marks; or the
    slots of a sheet template (`sheet`: a layout of kind template); `after`: the deck's cards follow
    another deck's of the same size on its sheets (mixed imposition)."""

    gap: Length = 0.0
    gutter: Union[bool, Literal["auto"]] = "auto"  # a gap of twice the bleed; auto: where card edges differ
    marks: bool = True
    sheet: str | None = None
    after: str | None = None


def _slug(value: str) -> str:
    """Deck, sheet and tuck-box names name their PDFs (and exported files): pnp.model.names's rule."""
    return check_name(value)


class DeckFile(StrictModel):
    kind: Literal["deck"]
    name: str
    title: str = ""
    layout: str
    back: str | None = None
    count: int | None = Field(default=None, ge=0)
    fields: dict[str, Union[FieldType, FieldSpec]] = {}
    defaults: dict[str, Scalar] = {}
    imposition: Imposition = Field(default_factory=Imposition)
    cards: list[dict] | None = None
    columns: list[str] | None = None
    rows: list[list] | None = None
    generate: list[Generator] | None = None
    data: str | DataFile | None = None

    _name = field_validator("name")(lambda cls, v: _slug(v))

    @field_validator("fields")
    @classmethod
    def _no_reserved(cls, value: dict[str, object]) -> dict[str, object]:
        clash = [k for k in value if k in RESERVED_CARD_KEYS]
        if clash:
            raise ValueError(f"{clash[0]!r} is a reserved card key, not a field")
        return value

    @model_validator(mode="after")
    def _one_source(self) -> Self:
        if self.cards is None and self.rows is None and self.generate is None and self.data is None:
            raise ValueError("a deck's cards come from `cards:`, `columns:` + `rows:`, `generate:` or `data:`")
        if (self.rows is None) != (self.columns is None):
            raise ValueError("`rows:` need `columns:` naming what each position holds")
        return self

    def specs(self) -> dict[str, FieldSpec]:
        return {k: FieldSpec(type=v) if isinstance(v, str) else v for k, v in self.fields.items()}


class PageSpec(StrictModel):
    fields: dict[str, FieldValue] = {}
    copies: int = Field(default=1, ge=1, le=50)


class SheetFile(StrictModel):
    kind: Literal["sheet"]
    name: str
    title: str = ""
    layout: str
    fields: dict[str, FieldValue] = {}
    copies: int = Field(default=1, ge=1, le=50)
    pages: list[PageSpec] | None = None

    _name = field_validator("name")(lambda cls, v: _slug(v))


@dataclass(frozen=True)
class Card:
    """A validated card: its fields (checked against the deck's declarations), copies, layouts and the ref
    of every value."""

    index: int
    id: str
    fields: Mapping[str, object]
    copies: int
    layout: str
    back: str | None
    ref: Ref
    field_refs: Mapping[str, Ref]

    def label(self) -> str:
        return f"card {self.id!r}"

    def field_ref(self, name: str) -> Ref:
        return self.field_refs.get(name, self.ref)

    @cached_property
    def texts(self) -> tuple[tuple[str, str], ...]:
        """Its text fields' values and names (the drift scan reads them; `field_ref(name)` places a
        warning); made once a card, and a resident session's unchanged row is the same card
        (pnp.model.cards)."""
        return tuple((value, name) for name, value in self.fields.items() if isinstance(value, str))

    @cached_property
    def shown(self) -> str:
        """What its faces show of its own model, written out (its part of a component's fingerprint)."""
        return repr((self.index, self.id, self.fields, self.copies, self.layout, self.back))


@dataclass(frozen=True)
class Deck:
    """A validated deck: its file's spec and its cards."""

    name: str
    title: str
    spec: DeckFile
    cards: tuple[Card, ...]
    ref: Ref

    def total(self) -> int:
        return sum(card.copies for card in self.cards)


@dataclass(frozen=True)
class Page:
    """One page of a sheet: its fields and copies."""

    index: int
    fields: Mapping[str, object]
    copies: int


@dataclass(frozen=True)
class Sheet:
    """A validated sheet: its file's spec and its pages."""

    name: str
    title: str
    spec: SheetFile
    pages: tuple[Page, ...]
    ref: Ref


@dataclass
class Kit:
    """A validated kit: its game file, decks, sheets, layouts, tuck boxes and rulebooks."""

    name: str
    root: Path
    game: GameFile
    game_ref: Ref
    decks: list[Deck] = field(default_factory=list)
    sheets: list[Sheet] = field(default_factory=list)
    layouts: dict[str, Layout] = field(default_factory=dict)
    tuckboxes: list[TuckBox] = field(default_factory=list)
    rulebooks: list[Rulebook] = field(default_factory=list)

    def deck(self, name: str) -> Deck | None:
        return next((d for d in self.decks if d.name == name), None)

    def sheet(self, name: str) -> Sheet | None:
        return next((s for s in self.sheets if s.name == name), None)


def card_values(kit: Kit, deck: Deck, card: Card, fields: Mapping | None = None) -> dict:
    """The values a card's templates read: its fields (or `fields`: its fields with their `{rules.…}`
    texts filled, `BuildEnv.bound`), `id`, `index`, `count`, `deck` and `kit` (the faces lay out
    from them; the layouts' lint checks the names templates read against them)."""
    return {**(card.fields if fields is None else fields), "id": card.id, "index": card.index + 1, "count": len(deck.cards),
            "deck": deck.title, "kit": kit.game.title}
