"""Things layouts point at: colours, icons, pictures, and `{field}` templates.

Contract: `fill(template, context)` substitutes `{name}` from the context (`{{` and `}}` escape
braces) and reports unknown names. `colour(value, palette)` gives an RGB tuple, None for `none`,
or a problem text. `IconLibrary` knows the vendored icons (`icons/*.svg` of the project) and
resolves a name through a layout's `icons` aliases.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..errors import suggest
from ..model.units import hex_to_rgb, is_hex_colour
from .items import RGB

_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][\w.-]*)\}")


def has_template(value: object) -> bool:
    return isinstance(value, str) and "{" in value


def fill(template: str, context: dict) -> tuple[str, list[str]]:
    """`template` with `{name}` replaced; the list names unknown fields."""
    if "{" not in template and "}" not in template:
        return template, []
    missing: list[str] = []

    def replace(match: re.Match) -> str:
        token = match.group(0)
        if token in ("{{", "}}"):
            return token[0]
        name = match.group(1)
        if name not in context:
            missing.append(name)
            return token
        value = context[name]
        return "" if value is None else _text(value)

    return _FIELD.sub(replace, template), missing


def _text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def colour(value: str | None, palette: dict[str, str]) -> tuple[RGB | None, str | None]:
    if value is None or value == "none":
        return None, None
    seen = value
    for _ in range(4):  # palette entries may name other entries
        if is_hex_colour(seen):
            return hex_to_rgb(seen), None
        if seen not in palette:
            break
        seen = palette[seen]
    hint = suggest(value, palette)
    return None, f"unknown colour {value!r}" + (f" (did you mean {hint!r}?)" if hint else
                                                  " (give #rrggbb or a palette name)")


class IconLibrary:
    def __init__(self, root: Path):
        self.folder = root / "icons"
        self.names = {p.stem: p for p in sorted(self.folder.glob("*.svg"))} if self.folder.is_dir() else {}

    def resolve(self, name: str, aliases: dict[str, str]) -> tuple[str | None, str | None]:
        """The SVG path of icon `name` (through the layout's aliases), or a problem text."""
        target = aliases.get(name, name)
        if target in self.names:
            return str(self.names[target]), None
        hint = suggest(name, list(aliases) + list(self.names))
        return None, f"unknown icon {name!r}" + (f" (did you mean {hint!r}?)" if hint else "")
