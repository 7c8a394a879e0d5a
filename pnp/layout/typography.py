"""Inline markup and French typography for card texts.

Contract: `parse(text)` turns a text with `**bold**`, `*italic*`, `:icon-name:` and line breaks
into a list of `Run`s (text with a style, or an icon). `french(text)` applies French typographic
rules to plain text: a narrow no-break space (U+202F) before `; ! ?`, a no-break space (U+00A0)
before `:` and inside « », typographic apostrophes and ellipses. Icon tokens are never touched.
A backslash escapes `*` and `:`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ..core.lazyre import lazy

NNBSP = "\u202f"
NBSP = "\u00a0"
_LOWER = "a-zà-öø-ÿœæ"  # an icon's name: lowercase letters, accented ones too (`:cœur:`, `:trèfle:`)
_NAME = f"[{_LOWER}][{_LOWER}0-9_-]*"
ICON_TOKEN = re.compile(f":({_NAME}):")
_MARKUP = re.compile(r"[*\n\\]")  # (a `:` is markup only in an icon token)
_TOKENS = lazy(f"(\\\\[*:\\\\]|\\*\\*|\\*|:{_NAME}:|\n)")

_RULES = (  # (compiled by the first French text, `_rules`: a build without one does not pay for them)
    (r"'", "\u2019"),
    (r"\.\.\.", "\u2026"),
    (r"[ \u00a0]+([;!?])", NNBSP + r"\1"),
    (r"(?<=[\w\u2019»)])([;!?])", NNBSP + r"\1"),
    (r"[ \u202f]+:", NBSP + ":"),
    (r"«[ \u00a0\u202f]*", "«" + NBSP),
    (r"[ \u00a0\u202f]*»", NBSP + "»"),
)


@dataclass(frozen=True)
class Run:
    """A piece of text in one style (bold, italic), or an inline icon."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None

    @property
    def style(self) -> str:
        return _STYLES[self.bold, self.italic]


_STYLES = {(False, False): "regular", (True, False): "bold", (False, True): "italic", (True, True): "bolditalic"}


def french(text: str) -> str:
    """French typography on `text`, leaving `:icon:` tokens alone."""
    icon_parts, rules = _rules()
    return "".join(p if ICON_TOKEN.fullmatch(p) else _french_plain(p, rules) for p in icon_parts.split(text))


@cache
def _rules() -> tuple[re.Pattern[str], tuple[tuple[re.Pattern[str], str], ...]]:
    """The icon tokens' splitter and French typography's rules, compiled once."""
    return re.compile(f"(:{_NAME}:)"), tuple((re.compile(pattern), replacement) for pattern, replacement in _RULES)


def _french_plain(text: str, rules: tuple[tuple[re.Pattern[str], str], ...]) -> str:
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text


def parse(text: str, base_bold: bool = False, base_italic: bool = False) -> list[Run]:
    """Runs of `text`; `**` toggles bold, `*` toggles italic, `:name:` is an icon."""
    if not _MARKUP.search(text) and (":" not in text or not ICON_TOKEN.search(text)):  # plain text: one run
        return [Run(text, base_bold, base_italic)] if text else []
    runs: list[Run] = []
    bold, italic = base_bold, base_italic
    for token in _TOKENS.split(text):
        if not token:
            continue
        if token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token.startswith("\\") and len(token) == 2:
            runs.append(Run(token[1], bold, italic))
        elif ICON_TOKEN.fullmatch(token):
            runs.append(Run("", bold, italic, icon=token[1:-1]))
        else:
            runs.append(Run(token, bold, italic))
    return _merge(runs)


def _merge(runs: list[Run]) -> list[Run]:
    out: list[Run] = []
    for run in runs:
        if out and run.icon is None and out[-1].icon is None and out[-1].style == run.style:
            out[-1] = Run(out[-1].text + run.text, run.bold, run.italic)
        else:
            out.append(run)
    return out
