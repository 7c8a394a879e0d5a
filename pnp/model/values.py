"""Card values converted to their field's type, whichever source wrote them.

Contract: `convert(kind, value)` returns `value` as a value of the field type `kind` (`text`, `int`,
`number`, `bool`, `data`), or None when it cannot be one: a YAML number is text "3" for a text
field, 3.0 is the whole number 3, text is never a number. `CellText` (pnp.sources.tables) is text read from a
spreadsheet cell (CSV, XLSX), where numbers and booleans are written as text: it converts to
`int`, `number` (a decimal comma is taken, as French spreadsheets write it) and `bool` (`true`,
`false`, any case) when it reads as one, and stays the exact text for a text field ("007" stays
"007"). `TYPE_WORDS` names each type in messages; `shown(value)` writes a value as a card shows it, `quoted(value)` as a message quotes it.
"""
from __future__ import annotations

from ..core.lazyre import lazy
from ..sources.datalimits import CellText  # (re-exported by pnp.sources.tables, whose readers a deck without a data file does not need)

TYPE_WORDS = {"text": "text", "int": "a whole number", "number": "a number", "bool": "true or false",
              "data": "YAML data", "list": "a list"}
ITEM_WORDS = {"text": "texts", "int": "whole numbers", "number": "numbers", "bool": "true or false values"}
MAX_LIST = 1000  # items of one list field
_INT = lazy(r"^[+-]?\d+$")
_NUMBER = lazy(r"^[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?$")


def convert(kind: str, value: object) -> object:
    if kind == "data":  # structured YAML (lists, mappings) kept as is, for rules models and elements
        return str(value) if type(value) is CellText else value
    if isinstance(value, (dict, list)):
        return None
    if type(value) is CellText:
        return _from_cell(kind, value)
    if kind == "text":
        return value if isinstance(value, str) else (None if isinstance(value, bool) else str(value))
    if kind == "bool":
        return value if isinstance(value, bool) else None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if kind == "int" and not isinstance(value, int):
        return int(value) if float(value).is_integer() else None
    return value


def convert_list(value: object, of: str, separator: str) -> list | None:
    """A list field's value: a YAML list, or a text (a spreadsheet cell) split by `separator`
    (items stripped, empty ones dropped), each item converted to `of`; None when one cannot be."""
    if isinstance(value, str):
        cell = type(value) is CellText
        raw: list = [CellText(p.strip()) if cell else p.strip() for p in value.split(separator) if p.strip()]
    elif isinstance(value, list):
        raw = value
    else:
        return None
    if len(raw) > MAX_LIST:
        return None
    items = [convert(of, item) for item in raw]
    return None if any(item is None for item in items) else items


def _from_cell(kind: str, text: CellText) -> object:
    if kind == "text":
        return str(text)
    if kind == "bool":
        return {"true": True, "false": False}.get(text.lower())
    if not _NUMBER.match(text):
        return None
    if _INT.match(text):
        return int(text)
    number = float(text.replace(",", "."))
    return convert(kind, number)


def shown(value: object) -> str:
    """A value as text, the way ids and messages write it (true/false, 7, 1.5)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def quoted(value: object) -> str:
    """A value in a message: text in quotes, numbers and booleans as written (7, true)."""
    return repr(value) if isinstance(value, str) else shown(value)
