"""Card and table texts as plain words, for the files that show text without pnp's markup.

Contract: `plain_text(text)` drops the inline markup of a printed text (`**bold**`, `*italic*`, the
backslash escapes) and writes an inline icon `:name:` as its name's words (`:pique:` → `pique`,
`:dice-six-faces-one:` → `dice six faces one`), squeezing the spaces left; line breaks become
spaces. The words are the kit's own (an icon's alias is the designer's word, in the kit's
language). Spreadsheet cells, CSV files and Tabletop Simulator's names and descriptions use it.
"""
from __future__ import annotations

import re

from ..layout.typography import parse

_SPACES = re.compile(r"\s+")


def plain_text(text: str) -> str:
    joined = "".join(f" {run.icon.replace('-', ' ')} " if run.icon is not None else run.text for run in parse(text))
    return _SPACES.sub(" ", joined).strip()
