"""The problems of a sheet page's score-table formulas, located, for the build, the check and the export.

Contract: `table_problems(library, layout, builder, values, where)` lays the page's tables out
(`pnp.layout.formtable`) and returns a `Problem` at `where` for each wrong formula (a column that
names nothing, a column whose cells print, a key that computes no cell, formulas that read each
other in a circle), at the formula's own line in the layout file (else its element's):
`layout 'L', element 'E': formula 'K': what`. `located(library, layout, found)` locates such
triples (the export's, which has the tables' own problems too).
"""
from __future__ import annotations

from ..core.errors import Problem, Ref
from ..layout.face import FaceBuilder
from ..layout.formtable import Problem as Found
from ..layout.formtable import formula_problems
from ..model.layouts import LayoutLibrary


def table_problems(library: LayoutLibrary, layout: str, builder: FaceBuilder, values: dict) -> list[Problem]:
    """The page's wrong formulas, located (see the module docstring)."""
    return located(library, layout, formula_problems(builder, values))


def located(library: LayoutLibrary, layout: str, found: list[Found]) -> list[Problem]:
    """(element, formula key, what) triples of `pnp.layout.formtable` as problems at their lines."""
    refs = library.element_refs(layout)
    return [Problem(text, f"layout {layout!r}, element {name!r}", _ref(refs.get(name, Ref("layouts")), key))
            for name, key, text in found]


def _ref(element: Ref, key: str | None) -> Ref:
    """Where a table's problem is written: the formula's own line, else the element's."""
    return element.child("formulas", key) if key and element.path else element
