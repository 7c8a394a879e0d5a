"""The names a kit chooses that become part of an output file's name or of script text.

Contract: one rule for them all — a kit's folder name given to `pnp new`, deck, sheet and tuck-box
names, and a `table` element's name (its CSV files, its worksheets, its form's fields and their
calculate scripts) — is lowercase letters, digits and dashes, starting with a letter or a digit, at
most `MAX_NAME` (64) characters: never a path (`/`, `..`), a NUL, a quote, a name too long for a
file system, or code. A name that breaks the rule is refused at its line, never slugged in
silence: `check_name(value)` returns it or raises ValueError with `RULE` (the model validators'
way), and `slug(value)` is the name to suggest ("did you mean …?"), or None when there is none.
"""
from __future__ import annotations

import re

MAX_NAME = 64
NAME = re.compile(rf"[a-z0-9][a-z0-9-]{{0,{MAX_NAME - 1}}}")
RULE = f"a name is lowercase letters, digits and dashes (at most {MAX_NAME}), like 'cartes-lieu'"


def is_name(value: object) -> bool:
    return isinstance(value, str) and NAME.fullmatch(value) is not None


def check_name(value: str) -> str:
    if not is_name(value):
        raise ValueError(RULE)
    return value


def slug(value: str) -> str | None:
    """`value` made a name (runs of other characters as one dash), if anything of it is left."""
    made = re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")[:MAX_NAME].strip("-")
    return made if made and made != value else None
