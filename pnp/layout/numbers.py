"""Numbers written in the kit's language: its decimal mark and its thousands separator.

Contract: `format_number(value, spec, language)` writes a number with a Python format spec (`d`,
`+d`, `.1f`, `,d`, `,.2f`, `%`, `.0%`) in the way the kit's language writes numbers: `4,5` and
`12 345,5` (a narrow no-break space) in French, `4.5` and `12,345.5` in English; a minus is the
typographic `−` (U+2212). `decimal(value, language)` writes a number that is not whole, as printed
without a spec (`4,5` in French). The decimal mark and grouping separator come from CLDR through
Babel, which is imported only for a number that has one of them, in a language other than English
(a kit that prints only whole numbers never imports it). A language Babel does not know is
written as English. A spec Python refuses is a `ValueError` with its message.
"""
from __future__ import annotations

from functools import lru_cache

MINUS = "\u2212"


def format_number(value: float, spec: str, language: str) -> str:
    text = format(value, spec)
    if "%" in spec and language.startswith("fr"):  # "45 %": French sets a narrow no-break space before it
        text = text.replace("%", "\u202f%")
    return _localised(text, language).replace("-", MINUS)


def decimal(value: float, language: str) -> str:
    """A number printed as it is (`repr`'s shortest digits), with the language's decimal mark."""
    return _localised(repr(value), language)


def _localised(text: str, language: str) -> str:
    """Python's `,` and `.` in `text` as the language writes them."""
    if language.startswith("en") or ("," not in text and "." not in text):
        return text
    group, mark = _symbols(language)
    return text.replace(",", "\0").replace(".", mark).replace("\0", group)


@lru_cache(maxsize=16)
def _symbols(language: str) -> tuple[str, str]:
    """The thousands separator and the decimal mark of `language` (CLDR, through Babel)."""
    from babel import Locale, UnknownLocaleError
    from babel.numbers import get_decimal_symbol, get_group_symbol

    try:
        locale = Locale.parse(language.replace("-", "_"))
    except (UnknownLocaleError, ValueError, TypeError):
        return ",", "."
    return get_group_symbol(locale), get_decimal_symbol(locale)
