"""Cards of a deck, from every source of card data, checked field by field.

Contract: `build_cards(spec, ref, table)` returns `(cards, problems)`. Every entry that
`pnp.model.entries` yields (the data file's rows in `table`, `columns:` + `rows:`, generated
combinations, `cards:` entries) is checked the same way: each key is a reserved one (`id`,
`copies`, `layout`, `back`) or a field the deck declares; a value is converted to its field's type
(`pnp.model.values`) and checked against the field's list of allowed values, when declared (written
in any YAML type, and converted to the field's: `values: [1, 2]` of a text field are "1" and "2").
Missing values take the deck's `defaults`, then the field's `default`; a required field left empty
is a problem, once at the source when none of its entries can hold it (a header without the column).
Those defaults are checked once per deck, where they are written (a `defaults` entry for no field is
a problem too). Two cards of a deck may not share an id. Every problem points at the value (or the
card) in the source file; one met on many cards at one place (a generator's domain value) is
reported once, with the number of cards.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import TYPE_CHECKING, Callable

from ..core.errors import Problem, Ref, collapse, suggest
from .entries import Entry, Group, RowRefs, deck_entries, row_entry
from .kit import RESERVED_CARD_KEYS, SEPARATOR, Card, DeckFile, FieldSpec
from .values import ITEM_WORDS, MAX_LIST, TYPE_WORDS, convert, convert_list

if TYPE_CHECKING:  # pragma: no cover
    from ..sources.tables import Table

MAX_COPIES = 1000  # of one card
PLAIN = {"text": str, "int": int, "number": int, "bool": bool}  # values `convert` gives back as they are (`type` is exact: no
# bool, no CellText, which converts from its text), for a field with no list of allowed values


def build_cards(spec: DeckFile, ref: Ref, table: "Table | None" = None,
                kept: dict | None = None) -> tuple[list[Card], list[Problem]]:
    """The deck's cards from every source (`pnp.model.entries`), and the problems of all of them.
    Given `kept` (a resident session's), a row's card is the one built from the same row before."""
    cards: list[Card] = []
    problems: list[Problem] = []
    fields = _deck_fields(spec, ref, problems)
    known = frozenset(fields) | frozenset(RESERVED_CARD_KEYS)
    group: Group | None = None
    lacking: frozenset[str] = frozenset()
    rows = _KeptRows(kept, spec, ref, partial(_card, spec=spec, deck_fields=fields, known=known)) \
        if kept is not None else None
    only_rows = rows is not None and table is None and not spec.generate and not spec.cards and bool(spec.rows)
    made = rows.whole(spec, ref, fields, problems) if only_rows else None  # type: ignore[union-attr]
    if made is not None:  # a resident's deck whose rows are last build's, but a few
        return made, collapse(problems) + _same_ids(spec.name, made)
    each: list[list[Problem]] = []
    for entry in deck_entries(spec, ref, table, problems):
        if entry.group is not group:
            group, lacking = entry.group, _lacking(entry.group, fields, spec.name, problems)
        card, found_here = rows.card(entry, lacking) if rows is not None else \
            _card(entry, spec, fields, known, lacking)
        problems += found_here
        cards.append(card)
        each.append(found_here)
    if only_rows and group is not None and len(cards) == len(spec.rows or ()):  # (no row skipped)
        rows.keep_deck(spec, group, cards, each)  # type: ignore[union-attr]
    return cards, collapse(problems) + _same_ids(spec.name, cards)


KEPT_ROWS = 50_000  # cards a resident session remembers, then forgets at once
CHANGED_ROWS = 64  # rows changed since the last build past which a kept deck is read row by row


class _KeptRows:
    """A resident session's cards by what they were built from: the deck's inputs to a card (its
    name, layout, back, fields, defaults, file), the row's place, its keys' columns, its values as
    written (by their text: `repr`) and the keys it could not read. The same row gives back the same
    `Card` object (the faces' memory knows it by identity) and its problems; the very row object
    read at that place last time (a resident's kept YAML hands an unchanged row out again) is found
    by identity, without its text made. Rows only (`columns:` +
    `rows:`, a data file): their refs are made from the row's place and its columns."""

    def __init__(self, kept: dict, spec: DeckFile, ref: Ref, build: Callable[..., tuple[Card, list[Problem]]]):
        self.kept, self.build = kept, build
        self.deck = repr((spec.name, spec.layout, spec.back, spec.fields, spec.defaults, ref))
        self._positions: dict[int, tuple[dict, str]] = {}
        self._lacking: tuple[frozenset | None, tuple] = (None, ())  # the group's lacking fields, sorted once

    def card(self, entry: Entry, lacking: frozenset) -> tuple[Card, list[Problem]]:
        if not isinstance(entry.refs, RowRefs) or (entry.refs.card_ref is not entry.ref and entry.refs.card_ref != entry.ref):
            return self.build(entry, lacking=lacking)
        if self._lacking[0] is not lacking:
            self._lacking = (lacking, tuple(sorted(lacking)))
        place = (self.deck, self._columns(entry.refs.positions), self._lacking[1], entry.index, entry.ref)
        last = self.kept.get(place) if entry.row is not None else None
        if last is not None and last[0] is entry.row and last[1] == entry.unread:
            return last[2][0], list(last[2][1])
        key = place + (repr(entry.values), entry.unread)
        known = self.kept.get(key)
        if known is None:
            if len(self.kept) >= KEPT_ROWS:
                self.kept.clear()
            known = self.kept[key] = self.build(entry, lacking=lacking)
        if entry.row is not None:
            self.kept[place] = (entry.row, entry.unread, known)
        return known[0], list(known[1])

    def whole(self, spec: DeckFile, ref: Ref, fields: dict, problems: list[Problem]) -> list[Card] | None:
        """A `rows:`-only deck's cards when its rows are the very row objects of the last build at
        the same places but at most `CHANGED_ROWS` (a resident's kept YAML hands unchanged rows out
        again): last build's cards and problems, each changed row's made as `card` makes it; the
        deck's own problems (its fields', its group's) appended to `problems` as the loop would.
        None: the deck is read row by row."""
        last = self.kept.get(("deck", self.deck, tuple(spec.columns or ())))
        rows = spec.rows or []
        if last is None or len(last[0]) != len(rows):
            return None
        changed = [i for i, (old, new) in enumerate(zip(last[0], rows)) if old is not new]
        width = len(spec.columns or ())
        if len(changed) > CHANGED_ROWS or any(len(rows[i]) != width for i in changed):
            return None
        group, cards, each = last[1], list(last[2]), list(last[3])
        lacking = _lacking(group, fields, spec.name, problems)
        columns, positions = spec.columns or [], {c: j for j, c in enumerate(spec.columns or [])}
        for i in changed:
            card_ref = Ref(ref.file, ref.path + ("rows", i))
            cards[i], each[i] = self.card(row_entry(i, rows[i], columns, positions, card_ref, group), lacking)
        for found in each:
            problems += found
        self.keep_deck(spec, group, cards, each)
        return cards

    def keep_deck(self, spec: DeckFile, group: Group, cards: list[Card], each: list[list[Problem]]) -> None:
        """A `rows:`-only deck's rows, group, cards and each card's problems, for `whole` next build."""
        self.kept[("deck", self.deck, tuple(spec.columns or ()))] = (tuple(spec.rows or ()), group, cards, each)

    def _columns(self, positions: dict) -> str:
        """The columns of a row's keys, as text (made once a deck: its rows share them)."""
        made = self._positions.get(id(positions))
        if made is None or made[0] is not positions:
            made = self._positions[id(positions)] = (positions, repr(sorted(positions.items())))
        return made[1]


def _lacking(group: Group, fields: dict[str, "_Field"], deck: str, problems: list[Problem]) -> frozenset:
    """Required fields that no entry of `group` can hold: one problem each, at the group."""
    if group.keys is None:
        return frozenset()
    lacking = frozenset(name for name, field in fields.items() if not field.optional and name not in group.keys)
    problems += [Problem(group.lacking.format(name=name), f"deck {deck!r}", group.ref) for name in sorted(lacking)]
    return lacking


def _same_ids(deck: str, cards: list[Card]) -> list[Problem]:
    """A card id names one card: rules models and messages find cards by it. Generated ids that clash
    at one template are reported once, with their number."""
    first: dict[str, Card] = {}
    at: dict[Ref, list] = {}
    for card in cards:
        seen = first.setdefault(card.id, card)
        if seen is not card:
            ref = card.field_refs.get("id", card.ref)
            at.setdefault(ref, [card, seen, 0])[2] += 1
    return [Problem(f"card id {card.id!r} is already the id of card {seen.index + 1} of the deck"
                    + (f" (and {n - 1} more clashing id{'s' if n > 2 else ''})" if n > 1 else ""),
                    f"deck {deck!r}", ref) for ref, (card, seen, n) in at.items()]


class _Field:
    """A field as the cards of a deck use it: its allowed values converted to its type, and the value
    a card that leaves it out takes (the deck's default, else the field's), each checked once."""

    __slots__ = ("name", "type", "values", "optional", "fallback", "of", "separator", "plain")

    def __init__(self, name: str, spec: FieldSpec, defaults: dict, ref: Ref, problems: list[Problem]):
        self.name, self.type = name, spec.type
        self.of, self.separator = spec.item_type, spec.separator or SEPARATOR
        self.values = _allowed(name, spec, ref.child("fields", name, "values"), problems)
        self.plain = PLAIN.get(self.type) if self.values is None else None  # a value of that very type is itself
        self.optional = name in defaults or spec.default is not None or not spec.required
        self.fallback = None
        if spec.default is not None:
            self.fallback = self._checked(spec.default, ref.child("fields", name, "default"), problems)
        if name in defaults:
            self.fallback = self._checked(defaults[name], ref.child("defaults", name), problems)

    def _checked(self, value: object, ref: Ref, problems: list[Problem]) -> object:
        where = "deck." + ".".join(str(part) for part in ref.path)
        checked, problem = _typed(self, value, self.convert(value), ref, where)
        problems += [problem] if problem else []
        return checked

    def convert(self, value: object) -> object:
        """`value` as a value of the field (None when it cannot be one)."""
        if self.type == "list":
            return convert_list(value, self.of, self.separator)
        return convert(self.type, value)

    def allows(self, converted: object) -> bool:
        """Whether a converted value is among the allowed values (each item, for a list)."""
        if self.values is None:
            return True
        if self.type == "list":
            return all(item in self.values for item in converted)  # type: ignore[attr-defined]
        return converted in self.values


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
    kind = spec.item_type if spec.type == "list" else spec.type
    for i, value in enumerate(spec.values):
        converted = convert(kind, value)
        if converted is None:
            problems.append(Problem(f"an allowed value of field {name!r} must be {TYPE_WORDS[kind]}",
                                    f"deck.fields.{name}.values[{i}]", ref.child(i), got=value))
        else:
            allowed.append(converted)
    return allowed


def _card(entry: Entry, spec: DeckFile, deck_fields: dict[str, _Field], known: frozenset,
          lacking: frozenset) -> tuple[Card, list[Problem]]:
    values, refs, card_ref = entry.values, entry.refs, entry.ref
    card_id = values.get("id")
    card_id = str(entry.index + 1 if card_id is None else card_id)
    where = _Where(spec.name, card_id)
    problems = [] if values.keys() <= known else _unknown_keys(values, refs, known, str(where))
    fields: dict[str, object] = {}
    for name, field in deck_fields.items():
        value = values.get(name)
        if type(value) is field.plain:  # (a str of a text field, an int of an int field: the most written)
            fields[name] = value
            continue
        value, problem = _field_value(field, values, refs, card_ref, where)
        if problem and name not in lacking and name not in entry.unread:
            problems.append(problem)
        fields[name] = value
    copies = values.get("copies", 1)
    copies = copies if type(copies) is int else convert("int", copies)
    if not isinstance(copies, int) or not 0 <= copies <= MAX_COPIES:
        problems.append(Problem(f"copies is a whole number from 0 to {MAX_COPIES}", str(where),
                                refs.get("copies", card_ref), got=values.get("copies")))
        copies = 1
    layout = values.get("layout") or spec.layout
    card = Card(entry.index, card_id, fields, copies, str(layout), _back(values, spec), card_ref, refs)
    return card, problems


def _words(field: _Field) -> str:
    if field.type != "list":
        return TYPE_WORDS[field.type]
    return f"a list of {ITEM_WORDS[field.of]} (a YAML list, or a cell of items split by {field.separator!r}; " \
           f"at most {MAX_LIST:,})"


class _Where:
    """"deck 'x', card 'y'", written only when a problem needs it."""

    __slots__ = ("deck", "card")

    def __init__(self, deck: str, card: str):
        self.deck, self.card = deck, card

    def __str__(self) -> str:
        return f"deck {self.deck!r}, card {self.card!r}"


def _back(values: Mapping[str, object], spec: DeckFile) -> str | None:
    back = values.get("back", spec.back)
    return None if back is None else str(back)


def _unknown_keys(values: Mapping[str, object], refs: Mapping[str, Ref], known: frozenset, where: str) -> list[Problem]:
    return [Problem(f"unknown field {key!r}", where, refs.get(key), suggestion=suggest(str(key), sorted(known)),
                    at_key=True) for key in values if key not in known]


def _field_value(field: _Field, values: Mapping[str, object], refs: Mapping[str, Ref], card_ref: Ref,
                 where: _Where) -> tuple[object, Problem | None]:
    value = values.get(field.name)
    if value is None:
        if field.optional:
            return field.fallback, None  # checked once, in _Field
        return None, Problem(f"missing field {field.name!r}", str(where), refs.get(field.name, card_ref))
    converted = convert(field.type, value) if field.type != "list" else field.convert(value)
    if converted is not None and (field.values is None or field.allows(converted)):
        return converted, None
    return _typed(field, value, converted, refs.get(field.name, card_ref), str(where))


def _typed(field: _Field, value: object, converted: object, ref: Ref, where: str) -> tuple[object, Problem | None]:
    """`value` (`converted` to the field's type, None if it cannot be) checked, with its problem."""
    if converted is None:
        return value, Problem(f"field {field.name!r} must be {_words(field)}", where, ref, got=value)
    if field.type == "list" and field.values is not None:
        choices = [str(v) for v in field.values]
        stray = next(item for item in converted if item not in field.values)  # type: ignore[attr-defined]
        return converted, Problem(f"field {field.name!r}: item {stray!r} must be one of: {', '.join(choices)}", where,
                                  ref, suggestion=suggest(str(stray), choices))
    if field.values is not None and converted not in field.values:
        choices = [str(v) for v in field.values]
        return converted, Problem(f"field {field.name!r} must be one of: {', '.join(choices)}", where, ref,
                                  got=value, suggestion=suggest(str(converted), choices))
    return converted, None
