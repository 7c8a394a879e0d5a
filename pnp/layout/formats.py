"""How a template writes a value: plain, or through filters (`{rules.target|thousands}`).

Contract: `shown(value, filters, french, strict)` returns `(text, problem)`: the value written as
a card shows it, after the filters of the template, left to right (`problem` None when all went
well, else the text is empty). A value alone: text as it is, a whole number without ".0", a list
of plain values joined with ", ", a negative number with the typographic minus (U+2212, as
`format:` writes it and as the kits' fonts all have it); a mapping or a list of mappings is a problem naming what to write
instead — for rules values and filtered values (`strict`); a card's own field without a filter is
written as before, as Python writes it (its sign the typographic minus). A `range` of whole numbers (the kit's `players.range`) is
written "2 à 4" ("2 to 4" in English), or "2" when it holds one number. A filter is `|name` or
`|name:arg:arg`:
- `thousands`: a number with its thousands grouped, "10 000" in French (a narrow no-break space),
  "10,000" otherwise;
- `plural:SINGULAR:PLURAL`: the number and the word that agrees with it, "1 carte", "10 cartes"
  (French takes the singular below 2, as in "0 carte"; English for 1 only); a range, "2 à 4
  joueurs" or "2 joueurs", the word agreeing with its largest number;
- `ordinal`: "1er", "2e", "4e" in French; "1st", "2nd", "4th" otherwise;
- `count`: the number of items of a list or mapping;
- `and`, `or`: a list as words, "a, b et c" ("a, b and c" in English), "a, b ou c";
- `format:SPEC`: a number written with a Python format spec in the kit's language (`{prix|format:.2f}`
  is "4,50" in French; pnp/layout/numbers.py).
`FILTERS` names them, for "did you mean". With the kit's `language`, a number that is not whole
prints with the language's decimal mark ("4,5" in French); without it, as Python writes it.
"""
from __future__ import annotations

from typing import Callable

from ..core.errors import suggest
from .numbers import MINUS

NNBSP = "\u202f"  # the French thousands separator


class FilterError(ValueError):
    """A value a filter cannot take; the message says why."""


def shown(value: object, filters: tuple[tuple[str, tuple[str, ...]], ...], french: bool,
          strict: bool = True, language: str = "") -> tuple[str, str | None]:
    if not (strict or filters):  # a card's structured field, printed as before (not a rules value)
        return plain_or_repr(value, language), None
    for name, args in filters:
        if name == "format":
            try:
                value = _format(value, args, language or ("fr" if french else "en"))
            except FilterError as exc:
                return "", f"filter {name!r}: {exc}"
            continue
        apply = FILTERS.get(name)
        if apply is None:
            hint = suggest(name, NAMES)
            return "", f"unknown filter {name!r}" + (f" (did you mean {hint!r}?)" if hint else "") + \
                f"; filters: {', '.join(NAMES)}"
        try:
            value = apply(value, args, french)
        except FilterError as exc:
            return "", f"filter {name!r}: {exc}"
    try:
        return (span(value, french) if isinstance(value, range) else plain(value, language)), None
    except FilterError as exc:
        return "", str(exc)


def span(value: range, french: bool) -> str:
    """A range of whole numbers as words: "2" for one number, "2 à 4" ("2 to 4" in English)."""
    low, high = value[0], value[-1]
    return str(low) if low == high else f"{low} {'à' if french else 'to'} {high}"


def _got(value: object) -> str:
    """A value as a message quotes it (a range as `2..4`)."""
    return f"{value[0]}..{value[-1]}" if isinstance(value, range) and value else repr(value)


def plain_or_repr(value: object, language: str = "") -> str:
    if isinstance(value, float) and language:
        return plain(value, language)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _signed(str(int(value)) if isinstance(value, float) and value.is_integer() else str(value))
    return "" if value is None else str(value)


def _signed(text: str) -> str:
    """A number's text with the typographic minus (U+2212) for its sign, as `format` writes it."""
    return MINUS + text[1:] if text.startswith("-") else text


def plain(value: object, language: str = "") -> str:
    """A value as printed without a filter (a number that is not whole in the kit's `language`)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return _signed(str(int(value)))
    if isinstance(value, float) and language:
        from .numbers import decimal

        return _signed(decimal(value, language))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return _signed(str(value))
    if isinstance(value, dict):
        raise FilterError(f"a mapping cannot be printed as it is (keys: {', '.join(map(str, value))}): "
                          "name one of its keys, as in {name.KEY}")
    if isinstance(value, (list, tuple)):
        if any(isinstance(item, (dict, list, tuple)) for item in value):
            raise FilterError("a list of mappings or lists cannot be printed as it is: name one item, as in {name.0}")
        return ", ".join(plain(item, language) for item in value)
    return str(value)


def _number(value: object) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise FilterError(f"needs a number (got {_got(value)})")
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _args(args: tuple[str, ...], count: int, usage: str) -> None:
    if len(args) != count:
        raise FilterError(f"write it {usage}")


def thousands(value: object, args: tuple[str, ...], french: bool) -> str:
    _args(args, 0, "|thousands")
    number = _number(value)
    text = f"{number:,}"
    return text.replace(",", NNBSP).replace(".", ",") if french else text


def plural(value: object, args: tuple[str, ...], french: bool) -> str:
    _args(args, 2, "|plural:SINGULAR:PLURAL, as in |plural:carte:cartes")
    if isinstance(value, range) and value:  # "2 à 4 joueurs", "2 joueurs": the word agrees with the most
        return f"{span(value, french)} {args[0] if _one(value[-1], french) else args[1]}"
    number = _number(value)
    return f"{plain(number)} {args[0] if _one(number, french) else args[1]}"


def _one(number: int | float, french: bool) -> bool:
    """Whether a word agreeing with `number` is singular (French: below 2, as in "0 carte")."""
    return -2 < number < 2 if french else number == 1


def ordinal(value: object, args: tuple[str, ...], french: bool) -> str:
    _args(args, 0, "|ordinal")
    number = _number(value)
    if not isinstance(number, int):
        raise FilterError(f"needs a whole number (got {value!r})")
    if french:
        return f"{number}er" if number == 1 else f"{number}e"
    tens = number % 100 in (11, 12, 13)
    return f"{number}{'th' if tens else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def count(value: object, args: tuple[str, ...], french: bool) -> int:
    _args(args, 0, "|count")
    if not isinstance(value, (list, tuple, dict)):
        raise FilterError(f"needs a list or a mapping (got {_got(value)})")
    return len(value)


def _joined(last: str, last_en: str) -> Callable[[object, tuple[str, ...], bool], str]:
    def join(value: object, args: tuple[str, ...], french: bool) -> str:
        _args(args, 0, f"|{last_en}")
        if not isinstance(value, (list, tuple)):
            raise FilterError(f"needs a list (got {_got(value)})")
        words = [plain(item) for item in value]
        if len(words) < 2:
            return "".join(words)
        return f"{', '.join(words[:-1])} {last if french else last_en} {words[-1]}"
    return join


def _format(value: object, args: tuple[str, ...], language: str) -> str:
    from .numbers import format_number

    if len(args) != 1 or not args[0]:
        raise FilterError("write it |format:SPEC, as in |format:.1f")
    number = _number(value)
    try:
        return format_number(number, args[0], language)
    except ValueError as exc:
        raise FilterError(f"{args[0]!r} is no format for {_got(value)} ({exc})") from None


FILTERS: dict[str, Callable[[object, tuple[str, ...], bool], object]] = {
    "thousands": thousands, "plural": plural, "ordinal": ordinal, "count": count,
    "and": _joined("et", "and"), "or": _joined("ou", "or"),
}
NAMES = (*FILTERS, "format")  # every filter, for "did you mean"
