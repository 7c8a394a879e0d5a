"""The one path of card data into a deck: every source yields the same card entries.

Contract: `deck_entries(spec, ref, table, problems)` returns an iterator of `Entry` (its position
in the deck, its keys and values as written, the `Ref` of each value and of the entry, and the
`Group` it comes from; the keys whose value the source could not read; for `rows:`, the row
itself, by which a resident session finds an unchanged row's card), and appends to `problems` those of the sources themselves (a header naming
no field, a generator's domain), as it meets them. Sources come in this order: the
data file's rows (`data:`, read by pnp.sources into `table`), then `columns:` + `rows:`, then the
generators (`generate:`), then the `cards:` entries; a card's default id is its position in that
order. `pnp.model.cards` checks every entry the same way, whichever source gave it. A deck holds at
most `MAX_ENTRIES` entries: generators are measured before any card is made, a data file is refused
beyond it, so a typo in a range never fills the memory. A `Group` says which keys all its entries
can hold (a header, `columns`, a generator's keys; None for `cards:`), so a required field that no
column gives is one problem at the group, not one per card.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterator

from ..core.errors import Problem, Ref, counted, suggest
from .generate import plan
from .kit import RESERVED_CARD_KEYS, DeckFile

if TYPE_CHECKING:  # pragma: no cover
    from ..sources.tables import Table

MAX_ENTRIES = 20_000


@dataclass(frozen=True)
class Group:
    """Where a run of entries comes from: `keys` its entries may hold, `lacking` the problem text for a
    required field none of them holds (formatted with `name`), at `ref`."""

    ref: Ref
    keys: frozenset | None
    lacking: str = ""


@dataclass(frozen=True)
class Entry:
    """One card as its source wrote it (cards:, rows, a generator, a data file): its values, their refs and
    its group."""

    index: int
    values: Mapping[str, object]
    refs: Mapping[str, Ref]
    ref: Ref
    group: Group
    unread: frozenset = frozenset()  # keys the source could not read (their problem is reported)
    row: object = field(default=None, compare=False)  # a `rows:` entry's row itself (never changed once read)


def deck_entries(spec: DeckFile, ref: Ref, table: "Table | None", problems: list[Problem]) -> Iterator[Entry]:
    types = {name: field.type for name, field in spec.specs().items()}
    known = frozenset(types) | frozenset(RESERVED_CARD_KEYS)
    where = f"deck {spec.name!r}"
    header = _header(table, known, where, problems) if table is not None else None
    plans = _plans(spec, ref, types, len(table.rows) if table else 0, problems)
    return _entries(spec, ref, table, header, plans, problems)


def _entries(spec: DeckFile, ref: Ref, table: "Table | None", header: dict | None, plans: list,
             problems: list[Problem]) -> Iterator[Entry]:
    index = 0
    if table is not None and header is not None:
        for entry in _table_rows(table, header, f"deck {spec.name!r}", problems):
            yield Entry(index, *entry)
            index += 1
    for row_entry in _rows(spec, ref, problems, index):  # (made there: a deck of thousands of rows)
        yield row_entry
        index += 1
    for generated in plans:
        group = Group(generated.ref, frozenset(generated.keys()),
                      "the generator gives no value to required field {name!r} (add it to `set`)")
        for values, refs in generated.combinations():
            yield Entry(index, values, refs, generated.ref, group)
            index += 1
    for i, values in enumerate(spec.cards or []):
        card_ref = ref.child("cards", i)
        yield Entry(index, values, {k: card_ref.child(k) for k in values}, card_ref, _CARDS)
        index += 1


_CARDS = Group(Ref(""), None)


def _plans(spec: DeckFile, ref: Ref, types: Mapping[str, str], rows: int, problems: list[Problem]) -> list:
    """The deck's generators, checked and measured: none is kept once the deck would pass MAX_ENTRIES."""
    total = rows + len(spec.rows or []) + len(spec.cards or [])
    plans = []
    for i, gen in enumerate(spec.generate or []):
        gen_ref = ref.child("generate", i)
        found, bad = plan(gen, gen_ref, types, f"deck {spec.name!r}, generate[{i}]", MAX_ENTRIES)
        problems += bad
        if found is None:
            continue
        total += found.size
        if total > MAX_ENTRIES:
            problems.append(Problem(f"with this generator the deck holds {total} card entries or more; a deck "
                                    f"holds at most {MAX_ENTRIES}", f"deck {spec.name!r}, generate[{i}]",
                                    gen_ref.child("each")))
            return []
        plans.append(found)
    return plans


def _rows(spec: DeckFile, ref: Ref, problems: list[Problem], index: int) -> Iterator[Entry]:
    """The entries of `columns:` + `rows:`, numbered from `index` (a row of the wrong length skipped)."""
    columns = spec.columns or []
    positions = {c: j for j, c in enumerate(columns)}
    group = rows_group(ref, columns)
    width = len(columns)
    file, path = ref.file, ref.path + ("rows",)
    for i, row in enumerate(spec.rows or []):
        card_ref = Ref(file, path + (i,))  # (ref.child("rows", i))
        if len(row) != width:
            problems.append(Problem(f"a row has {len(row)} values for {len(columns)} columns "
                                    f"({', '.join(columns)})", f"row {i + 1}", card_ref))
            continue
        yield row_entry(index, row, columns, positions, card_ref, group)
        index += 1


def rows_group(ref: Ref, columns: list[str]) -> Group:
    """The group of a deck's `columns:` + `rows:` entries."""
    return Group(ref.child("columns"), frozenset(columns), "no column holds required field {name!r}")


def row_entry(index: int, row: list, columns: list[str], positions: dict[str, int], card_ref: Ref,
              group: Group) -> Entry:
    """The entry of one row of the right length (`_rows`; a resident's kept deck makes a changed row's)."""
    values = dict(zip(columns, row)) if None not in row else \
        {c: v for c, v in zip(columns, row) if v is not None or c not in RESERVED_CARD_KEYS}
    return Entry(index, values, RowRefs(card_ref, positions), card_ref, group, frozenset(), row)


def _header(table: "Table", known: frozenset, where: str, problems: list[Problem]) -> dict[str, int]:
    """Key -> column of the data file's header; problems at the header cells that name no key."""
    positions: dict[str, int] = {}
    where += ", header"
    for j, name in enumerate(table.header):
        cell = table.ref(table.header_row, j)
        if name is None:
            if any(j < len(row) and row[j] is not None for _, row in table.rows):
                problems.append(Problem("this column has values but no name in the header", where, cell))
        elif name not in known:
            problems.append(Problem(f"unknown field {name!r}", where, cell, suggestion=suggest(name, sorted(known))))
        elif name in positions:
            problems.append(Problem(f"the header names {name!r} twice", where, cell))
        else:
            positions[name] = j
    return positions


def _table_rows(table: "Table", header: dict[str, int], where: str, problems: list[Problem]) -> Iterator[tuple]:
    group = Group(table.ref(table.header_row), frozenset(header),
                  "the header has no column for required field {name!r}")
    width = len(table.header)
    named = max(header.values(), default=-1) + 1  # the cells a row needs: up to the header's last named column
    for number, row in table.rows:
        for j in range(width, len(row)):
            if row[j] is not None:
                problems.append(Problem("a value beyond the last column of the header", where, table.ref(number, j)))
        values = {k: row[j] for k, j in header.items() if j < len(row) and row[j] is not None}
        unread = frozenset(k for k, j in header.items() if (number, j) in table.unread)
        if table.ragged and len(row) < named:  # a cell (a delimiter) missing: one problem at the row, not a missing last field
            problems.append(Problem(f"this row has {counted(len(row), 'cell')}, the header has {named}: a cell or a "
                                    "delimiter is missing", where, table.ref(number)))
            unread |= frozenset(k for k, j in header.items() if j >= len(row))
        yield values, RowRefs(table.ref(number), header), table.ref(number), group, unread


class RowRefs(Mapping[str, Ref]):
    """The refs of a row's values, made on demand (a deck of thousands of rows needs few)."""

    __slots__ = ("card_ref", "positions")

    def __init__(self, card_ref: Ref, positions: dict[str, int]):
        self.card_ref, self.positions = card_ref, positions

    def __getitem__(self, name: str) -> Ref:
        return self.card_ref.child(self.positions[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self.positions)

    def __len__(self) -> int:
        return len(self.positions)

    def __contains__(self, name: object) -> bool:
        return name in self.positions
