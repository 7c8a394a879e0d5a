"""Cards of a deck, read from `cards:` entries or `columns:` + `rows:`, checked field by field.

Contract: `build_cards(spec, ref)` returns `(cards, problems)`. Each card's keys are the reserved
ones (`id`, `copies`, `layout`, `back`) or fields the deck declares; a value is checked against
its field's type and, when declared, its list of allowed values (written in any YAML type, and
converted to the field's: `values: [1, 2]` of a text field are "1" and "2"). Missing values take
the deck's `defaults`, then the field's `default`; a required field left empty is a problem. Those
defaults are checked once per deck, where they are written (a `defaults` entry for no field is a
problem too). Two cards of a deck may not share an id. Every problem points at the value (or the card) in the source file.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Iterator

from ..errors import Problem, Ref, suggest
from .kit import RESERVED_CARD_KEYS, Card, DeckFile, FieldSpec

_TYPE_WORDS = {"text": "text", "int": "a whole number", "number": "a number", "bool": "true or false",
               "data": "YAML data"}


def build_cards(spec: DeckFile, ref: Ref) -> tuple[list[Card], list[Problem]]:
    cards: list[Card] = []
    problems: list[Problem] = []
    fields = _deck_fields(spec, ref, problems)
    known = frozenset(fields) | frozenset(RESERVED_CARD_KEYS)
    for index, values, refs, card_ref in _entries(spec, ref, problems):
        card, found = _card(index, values, refs, card_ref, spec, fields, known)
        problems += found
        if card is not None:
            cards.append(card)
    return cards, problems + _same_ids(spec.name, cards)


def _same_ids(deck: str, cards: list[Card]) -> list[Problem]:
    """A card id names one card: rules models and messages find cards by it."""
    first: dict[str, Card] = {}
    problems = []
    for card in cards:
        seen = first.setdefault(card.id, card)
        if seen is not card:
            problems.append(Problem(f"card id {card.id!r} is already the id of card {seen.index + 1} of the deck",
                                    f"deck {deck!r}", card.field_refs.get("id", card.ref)))
    return problems


class _Field:
    """A field as the cards of a deck use it: its allowed values converted to its type, and the value
    a card that leaves it out takes (the deck's default, else the field's), each checked once."""

    __slots__ = ("name", "type", "values", "optional", "fallback")

    def __init__(self, name: str, spec: FieldSpec, defaults: dict, ref: Ref, problems: list[Problem]):
        self.name, self.type = name, spec.type
        self.values = _allowed(name, spec, ref.child("fields", name, "values"), problems)
        self.optional = name in defaults or spec.default is not None or not spec.required
        self.fallback = None
        if spec.default is not None:
            self.fallback = self._checked(spec.default, ref.child("fields", name, "default"), problems)
        if name in defaults:
            self.fallback = self._checked(defaults[name], ref.child("defaults", name), problems)

    def _checked(self, value: object, ref: Ref, problems: list[Problem]) -> object:
        where = "deck." + ".".join(str(part) for part in ref.path)
        checked, problem = _typed(self, value, _convert(self.type, value), ref, where)
        problems += [problem] if problem else []
        return checked


def _deck_fields(spec: DeckFile, ref: Ref, problems: list[Problem]) -> dict[str, _Field]:
    specs = spec.specs()
    for name in spec.defaults:
        if name not in specs:
            problems.append(Problem(f"unknown field {name!r}", "deck.defaults", ref.child("defaults", name),
                                    suggestion=suggest(name, sorted(specs)), at_key=True))
    return {name: _Field(name, field, spec.defaults, ref, problems) for name, field in specs.items()}


def _allowed(name: str, spec: FieldSpec, ref: Ref, problems: list[Problem]) -> list | None:
    """The field's `values:` converted to its type (`[1, 2]` of a text field are "1", "2")."""
    if spec.values is None:
        return None
    allowed = []
    for i, value in enumerate(spec.values):
        converted = _convert(spec.type, value)
        if converted is None:
            problems.append(Problem(f"an allowed value of field {name!r} must be {_TYPE_WORDS[spec.type]}",
                                    f"deck.fields.{name}.values[{i}]", ref.child(i), got=value))
        else:
            allowed.append(converted)
    return allowed


def _entries(spec: DeckFile, ref: Ref, problems: list[Problem]) -> Iterator[tuple]:
    """(index, values, refs, card ref) of every card: the rows first, then the entries."""
    columns = spec.columns or []
    positions = {c: j for j, c in enumerate(columns)}
    rows = spec.rows or []
    for i, row in enumerate(rows):
        card_ref = ref.child("rows", i)
        if len(row) != len(columns):
            problems.append(Problem(f"a row has {len(row)} values for {len(columns)} columns "
                                    f"({', '.join(columns)})", f"row {i + 1}", card_ref))
            continue
        values = {c: v for c, v in zip(columns, row) if v is not None or c not in RESERVED_CARD_KEYS}
        yield i, values, _RowRefs(card_ref, positions), card_ref
    for i, entry in enumerate(spec.cards or []):
        card_ref = ref.child("cards", i)
        yield len(rows) + i, entry, {k: card_ref.child(k) for k in entry}, card_ref


class _RowRefs(Mapping):
    """The refs of a row's values, made on demand (a deck of thousands of rows needs few)."""

    __slots__ = ("card_ref", "positions")

    def __init__(self, card_ref: Ref, positions: dict[str, int]):
        self.card_ref, self.positions = card_ref, positions

    def __getitem__(self, name: str) -> Ref:
        return self.card_ref.child(self.positions[name])

    def __iter__(self):
        return iter(self.positions)

    def __len__(self) -> int:
        return len(self.positions)

    def __contains__(self, name: object) -> bool:
        return name in self.positions


def _card(index: int, values: dict, refs, card_ref: Ref, spec: DeckFile,
          deck_fields: dict[str, _Field], known: frozenset) -> tuple[Card | None, list[Problem]]:
    card_id = values.get("id")
    card_id = str(index + 1 if card_id is None else card_id)
    where = _Where(spec.name, card_id)
    problems = [] if values.keys() <= known else _unknown_keys(values, refs, known, str(where))
    fields: dict[str, object] = {}
    for name, field in deck_fields.items():
        value, problem = _field_value(field, values, refs, card_ref, where)
        if problem:
            problems.append(problem)
        fields[name] = value
    copies = values.get("copies", 1)
    if not isinstance(copies, int) or isinstance(copies, bool) or copies < 0:
        problems.append(Problem("copies is a whole number, 0 or more", str(where), refs.get("copies", card_ref),
                                got=copies))
        copies = 1
    layout = values.get("layout") or spec.layout
    card = Card(index, card_id, fields, copies, str(layout), _back(values, spec), card_ref, refs)
    return card, problems


class _Where:
    """"deck 'x', card 'y'", written only when a problem needs it."""

    __slots__ = ("deck", "card")

    def __init__(self, deck: str, card: str):
        self.deck, self.card = deck, card

    def __str__(self) -> str:
        return f"deck {self.deck!r}, card {self.card!r}"


def _back(values: dict, spec: DeckFile) -> str | None:
    back = values.get("back", spec.back)
    return None if back is None else str(back)


def _unknown_keys(values: dict, refs, known: frozenset, where: str) -> list[Problem]:
    return [Problem(f"unknown field {key!r}", where, refs.get(key), suggestion=suggest(str(key), sorted(known)),
                    at_key=True) for key in values if key not in known]


def _field_value(field: _Field, values: dict, refs, card_ref: Ref, where: _Where) -> tuple[object, Problem | None]:
    value = values.get(field.name)
    if value is None:
        if field.optional:
            return field.fallback, None  # checked once, in _Field
        return None, Problem(f"missing field {field.name!r}", str(where), refs.get(field.name, card_ref))
    converted = _convert(field.type, value)
    if converted is not None and (field.values is None or converted in field.values):
        return converted, None
    return _typed(field, value, converted, refs.get(field.name, card_ref), str(where))


def _typed(field: _Field, value: object, converted: object, ref: Ref, where: str) -> tuple[object, Problem | None]:
    """`value` (`converted` to the field's type, None if it cannot be) checked, with its problem."""
    if converted is None:
        return value, Problem(f"field {field.name!r} must be {_TYPE_WORDS[field.type]}", where, ref, got=value)
    if field.values is not None and converted not in field.values:
        choices = [str(v) for v in field.values]
        return converted, Problem(f"field {field.name!r} must be one of: {', '.join(choices)}", where, ref,
                                  got=value, suggestion=suggest(str(converted), choices))
    return converted, None


def _convert(kind: str, value: object) -> object:
    if kind == "data":  # structured YAML (lists, mappings) kept as is, for rules models and elements
        return value
    if isinstance(value, (dict, list)):
        return None
    if kind == "text":
        return value if isinstance(value, str) else (None if isinstance(value, bool) else str(value))
    if kind == "bool":
        return value if isinstance(value, bool) else None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if kind == "int" and not isinstance(value, int):
        return int(value) if float(value).is_integer() else None
    return value
