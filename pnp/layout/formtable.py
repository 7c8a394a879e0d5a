"""Score tables as forms: which cells are filled in, which are computed, and from which cells.

Contract: `form_tables(builder, values)` returns `(tables, problems)`: a `FormTable` for each
`table` element of a page layout that has a cell to fill in (a cell that prints nothing: the body
cells of a score sheet, the empty header cells where players write their names), in the layout's
order; other tables (a rules table, every cell printed) are none. Each cell to fill is a `Field`
named `<element>-r<row>-c<col>` (row 0: the header). A body field takes the table's formula for
its `column@row`, else for `@row`, else for its `column` (`formulas:` of the element, parsed by
pnp.model.formula), resolved here: a name is the column of that name in the cell's own group of sub
columns (a player's), else the one column of that name in the table; `LEFT` and `UP` are the fields
left of the cell in its row and above it in its column; `PREV(name)` lists the fields above in
that column, nearest first. `FormTable.order` lists the computed fields so that each comes after
the fields it reads. Problems are (element, formula key or None, text) triples (an unknown column,
a column whose cells print, a key that names nothing, formulas that read each other in a circle),
with suggestions; `formula_problems(builder, values)` the formulas' problems alone (what `pnp check`
and `pnp build` report of a score table; the export reports them all). (A printed cell is not read as the number it prints: rejected, as a total that
silently ignored what a player types over it in the spreadsheet.)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.errors import suggest
from ..model.formula import Bin, Call, Neg, Node, Num, Range, Ref, children, parse
from ..model.layout import Table, formula_key
from .tables import GridCell, table_cells

if TYPE_CHECKING:  # pragma: no cover
    from .face import FaceBuilder


@dataclass(frozen=True)
class At:
    """A cell of the table, by body row (0: header) and leaf column."""

    row: int
    col: int


@dataclass(frozen=True)
class Cells:
    """The fields of a range (LEFT, UP), or those above a cell for PREV (nearest first)."""

    cells: tuple[At, ...]


Resolved = Num | At | Cells | Call["Resolved"] | Bin["Resolved"] | Neg["Resolved"]


@dataclass(frozen=True)
class Field:
    name: str
    cell: GridCell
    formula: Resolved | None = None
    source: str = ""  # the formula as written


@dataclass
class FormTable:
    element: str
    cells: list[GridCell]
    fields: dict[At, Field] = field(default_factory=dict)
    order: list[At] = field(default_factory=list)

    @property
    def leaves(self) -> int:
        return 1 + max((c.col for c in self.cells), default=-1)


Problem = tuple[str, str | None, str]  # element, formula key (None: the table itself), what


def form_tables(builder: "FaceBuilder", values: dict) -> tuple[list[FormTable], list[Problem]]:
    tables: list[FormTable] = []
    problems: list[Problem] = []
    for name, element in builder.layout.elements.items():
        if isinstance(element, Table):
            found, found_problems = table_cells(element, builder.context(values))
            problems += [(name, None, p.what) for p in found_problems]
            table = _form(name, element, found, problems)
            if table is not None:
                tables.append(table)
    return tables, problems


def formula_problems(builder: "FaceBuilder", values: dict) -> list[Problem]:
    """The problems of the tables' formulas alone, as `form_tables` finds them (the tables' own
    problems, an unknown column of the table itself, are the face's: reported with it)."""
    problems: list[Problem] = []
    for name, element in builder.layout.elements.items():
        if isinstance(element, Table) and element.formulas:
            _form(name, element, table_cells(element, builder.context(values))[0], problems)
    return problems


def _form(name: str, table: Table, cells: list[GridCell], problems: list[Problem]) -> FormTable | None:
    empty = {At(c.row, c.col): c for c in cells if not c.text.strip()}
    if not empty:
        return None
    form = FormTable(name, cells)
    form.fields = {at: Field(f"{name}-r{at.row}-c{at.col}", cell) for at, cell in empty.items()}
    _Formulas(form, table.formulas, problems).resolve()
    return form


class _Formulas:
    """The formulas of one table applied to its fields."""

    def __init__(self, form: FormTable, formulas: dict[str, str], problems: list[Problem]):
        self.form, self.problems = form, problems
        self.by_key = {formula_key(key): text for key, text in formulas.items()}
        self.leaves = {c.col: c for c in form.cells if c.row > 0}
        self.used: set[tuple] = set()

    def resolve(self) -> None:
        for at, entry in list(self.form.fields.items()):
            if at.row == 0:
                continue
            name = entry.cell.name
            key = next((k for k in ((name, at.row), (None, at.row), (name, None)) if k in self.by_key), None)
            if key is not None:
                self.used.add(key)
                node = self._resolve(parse(self.by_key[key]), at, key)
                self.form.fields[at] = Field(entry.name, entry.cell, node, self.by_key[key])
        self._unused()
        self.form.order = self._order()

    def _resolve(self, node: Node, at: At, key: tuple) -> Resolved:
        if isinstance(node, Ref):
            col = self._column(node.name, at, key)
            if col is not None and At(at.row, col) not in self.form.fields:  # its cell prints: no field to read
                self._problem(key, f"formula {_key_text(key)!r}: the column {node.name!r} prints its cells: a "
                                   "formula reads the cells players fill in and those it computes")
                return Num(0.0)
            return Num(0.0) if col is None else At(at.row, col)
        if isinstance(node, Range):
            return Cells(self._range(node.kind, at))
        if isinstance(node, Call) and node.fn == "PREV" and isinstance(name := node.args[0], Ref):
            col = self._column(name.name, at, key)
            above = () if col is None else tuple(a for r in range(at.row - 1, 0, -1)
                                                 if (a := At(r, col)) in self.form.fields)
            return Call("PREV", (Cells(above),))
        if isinstance(node, Call):
            return Call(node.fn, tuple(self._resolve(arg, at, key) for arg in node.args))
        if isinstance(node, Bin):
            return Bin(node.op, self._resolve(node.left, at, key), self._resolve(node.right, at, key))
        if isinstance(node, Neg):
            return Neg(self._resolve(node.arg, at, key))
        return node

    def _column(self, name: str, at: At, key: tuple) -> int | None:
        group = self.leaves[at.col].group
        found = sorted({c.col for c in self.leaves.values() if c.name == name})
        own = [col for col in found if self.leaves[col].group == group]
        if own or len(found) == 1:
            return (own or found)[0]
        what = f"formula {_key_text(key)!r}: "
        if not found:
            names = sorted({c.name for c in self.leaves.values() if c.name})
            hint = suggest(name, names)
            self._problem(key, what + f"no column {name!r}" + (f" (did you mean {hint!r}?)" if hint else
                                                          f" (columns: {', '.join(names)})"))
        else:
            self._problem(key, what + f"{len(found)} columns are named {name!r} and none is in this cell's group")
        return None

    def _range(self, kind: str, at: At) -> tuple[At, ...]:
        if kind == "LEFT":
            return tuple(a for a in sorted(self.form.fields, key=lambda a: a.col) if a.row == at.row and a.col < at.col)
        return tuple(a for a in sorted(self.form.fields, key=lambda a: a.row) if a.col == at.col and 0 < a.row < at.row)

    def _problem(self, key: tuple | None, text: str) -> None:
        entry = (self.form.element, _key_text(key) if key else None, text)
        if entry not in self.problems:
            self.problems.append(entry)

    def _unused(self) -> None:
        names = sorted({c.name for c in self.leaves.values() if c.name})
        for key in self.by_key:
            if key not in self.used:
                hint = suggest(key[0], names) if key[0] and key[0] not in names else None
                self._problem(key, f"formula {_key_text(key)!r} computes no cell to fill" +
                              (f" (did you mean {hint!r}?)" if hint else ""))

    def _order(self) -> list[At]:
        """Computed fields, each after the computed fields it reads (row by row otherwise)."""
        computed = {at: f for at, f in self.form.fields.items() if f.formula is not None}
        order: list[At] = []
        state: dict[At, int] = {}
        for at in sorted(computed, key=lambda a: (a.row, a.col)):
            self._visit(at, computed, state, order)
        return order

    def _visit(self, at: At, computed: dict, state: dict, order: list[At]) -> None:
        if state.get(at) == 2:
            return
        if state.get(at) == 1:
            self._problem(None, f"the formula of {computed[at].name} reads its own result "
                                "(through the cells it reads)")
            return
        state[at] = 1
        for dep in reads(computed[at].formula):
            if dep in computed:
                self._visit(dep, computed, state, order)
        state[at] = 2
        order.append(at)


def reads(node: Resolved, through_prev: bool = True) -> list[At]:
    """Every cell a resolved formula reads (without `through_prev`, none of those PREV reads)."""
    if isinstance(node, At):
        return [node]
    if isinstance(node, Cells):
        return list(node.cells)
    if isinstance(node, Num) or (isinstance(node, Call) and node.fn == "PREV" and not through_prev):
        return []
    return [cell for child in children(node) for cell in reads(child, through_prev)]


def _key_text(key: tuple) -> str:
    column, row = key
    return (column or "") + (f"@{row}" if row is not None else "")
