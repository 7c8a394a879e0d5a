"""A score table's resolved formulas written for spreadsheets and for PDF viewers.

Contract: `excel(node, address)` writes a formula (pnp.layout.formtable's resolved tree) for a
spreadsheet cell, `address(at)` giving each cell's `A1` name; `calculate_script(node, name)` writes
the JavaScript of a fillable PDF field's calculate action, `name(at)` giving each field's name
(written as a JSON string, whatever it holds: a name is never code); the functions it calls are
`JS_HELPERS`, the PDF's document-level script. Both
mean the same: a cell is its number (nothing or text counts 0; in the PDF a typed "1 500", "−3" or
"2,5" reads as a number), `ISBLANK` is true of a cell where nothing is written (or computed),
`PREV` is the last value written above (0 if none), `SUM` adds what it is given, and a computed
cell stays empty while every cell it reads (PREV's aside) is empty, so a running total does not
run down the rows nobody has played yet.
"""
from __future__ import annotations

import json
from typing import Callable

from ..layout.formtable import At, Cells, Resolved, reads
from ..model.formula import Bin, Call, Neg, Num

Address = Callable[[At], str]

_JS_OPS = {"=": "==", "<>": "!="}

# The functions the calculate scripts call, put once in the PDF as document-level JavaScript.
JS_HELPERS = (
    'var pnpDoc=this;'
    'function pnpS(n){var f=pnpDoc.getField(n);return f?String(f.valueAsString):"";}'
    'function pnpV(n){var t=pnpS(n).replace(/[\\s\\u00a0\\u202f]/g,"").replace(/\\u2212/g,"-").replace(",",".");'
    'var x=Number(t);return t===""||isNaN(x)?0:x;}'
    'function pnpE(n){return pnpS(n).replace(/\\s/g,"")==="";}'
    'function pnpP(a){for(var i=0;i<a.length;i++){if(!pnpE(a[i]))return pnpV(a[i]);}return 0;}'
    'function pnpT(a){var r=0;for(var i=0;i<a.length;i++)r+=pnpV(a[i]);return r;}'
    'function pnpR(x){return Math.round(x*1e6)/1e6;}'
)


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else repr(value)


def blank_reads(node: Resolved) -> list[At]:
    """The cells whose emptiness empties a computed cell: every cell it reads but through PREV."""
    return list(dict.fromkeys(reads(node, through_prev=False)))


# --- spreadsheets ----------------------------------------------------------------------------


def excel(node: Resolved, address: Address) -> str:
    empties = blank_reads(node)
    body = _x(node, address)
    if not empties:
        return f"={body}"
    empty = "+".join(f"LEN({address(a)})" for a in empties)
    return f'=IF({empty}=0,"",{body})'


def _x(node: Resolved, address: Address) -> str:
    if isinstance(node, Num):
        return _number(node.value)
    if isinstance(node, At):
        return f"N({address(node)})"
    if isinstance(node, Neg):
        return f"-({_x(node.arg, address)})"
    if isinstance(node, Bin):
        return f"({_x(node.left, address)}{node.op}{_x(node.right, address)})"
    if isinstance(node, Call):
        return _x_call(node, address)
    return _x_range(node, address)  # (cells stand only in SUM and PREV)


def _x_call(node: Call[Resolved], address: Address) -> str:
    if node.fn == "ISBLANK":
        return f"LEN({address(_cell(node))})=0"
    if node.fn == "PREV":
        cells = _cells_above(node)
        if not cells:
            return "0"
        return f"IFERROR(LOOKUP(9.99E+307,{address(cells[-1])}:{address(cells[0])}),0)"
    if node.fn == "SUM":
        parts = [_x_range(arg, address) for arg in node.args]
        return f"SUM({','.join(p for p in parts if p)})" if any(parts) else "0"
    test, then, other = (_x(arg, address) for arg in node.args)
    return f"IF({test},{then},{other})"


def _cell(call: Call[Resolved]) -> At:
    """The cell ISBLANK reads (formtable resolves its column's name to it)."""
    cell = call.args[0]
    if not isinstance(cell, At):
        raise ValueError(f"{call.fn} reads a cell, not {cell!r}")
    return cell


def _cells_above(call: Call[Resolved]) -> tuple[At, ...]:
    """The cells PREV reads, nearest first (formtable resolves its column's name to them)."""
    cells = call.args[0]
    if not isinstance(cells, Cells):
        raise ValueError(f"{call.fn} reads the cells above, not {cells!r}")
    return cells.cells


def _x_range(node: Resolved, address: Address) -> str:
    """A SUM argument: a range as `B5:H5` when its cells are side by side, else listed."""
    if isinstance(node, At):
        return address(node)
    if not isinstance(node, Cells):
        return _x(node, address)
    cells = node.cells
    if not cells:
        return ""
    side_by_side = all(b.row == a.row and b.col == a.col + 1 for a, b in zip(cells, cells[1:])) or \
        all(b.col == a.col and b.row == a.row + 1 for a, b in zip(cells, cells[1:]))
    if side_by_side and len(cells) > 1:
        return f"{address(cells[0])}:{address(cells[-1])}"
    return ",".join(address(a) for a in cells)


# --- PDF viewers -----------------------------------------------------------------------------


def calculate_script(node: Resolved, name: Callable[[At], str]) -> str:
    def text(at: At) -> str:  # a field's name as a JavaScript string: JSON, ASCII (U+2028 escaped too)
        return json.dumps(name(at))

    empties = blank_reads(node)
    empty = "&&".join(f"pnpE({text(a)})" for a in empties) or "false"
    return f'event.value=({empty})?"":pnpR({_js(node, text)});'


def _js(node: Resolved, name: Callable[[At], str]) -> str:
    """`node` as JavaScript, `name(at)` writing each field's name as a string literal."""
    if isinstance(node, Num):
        return _number(node.value)
    if isinstance(node, At):
        return f"pnpV({name(node)})"
    if isinstance(node, Cells):
        return f"pnpT([{','.join(name(a) for a in node.cells)}])"
    if isinstance(node, Neg):
        return f"(-{_js(node.arg, name)})"
    if isinstance(node, Bin):
        return f"({_js(node.left, name)}{_JS_OPS.get(node.op, node.op)}{_js(node.right, name)})"
    if node.fn == "ISBLANK":
        return f"pnpE({name(_cell(node))})"
    if node.fn == "PREV":
        return f"pnpP([{','.join(name(a) for a in _cells_above(node))}])"
    if node.fn == "SUM":
        return "(" + "+".join(_js(arg, name) for arg in node.args) + ")"
    test, then, other = (_js(arg, name) for arg in node.args)
    return f"(({test})?({then}):({other}))"
