"""Things layouts point at: colours, icons, pictures, and `{field}` templates.

Contract: `fill(template, context)` substitutes `{name}` from the context (`{{` and `}}` escape
braces) and reports unknown names; `field_names(text)` lists the names a template reads and
`single_field(text)` the one name of a template that is just `{name}` (the one reading of templates
that every module uses). `colour(value, palette)` gives an RGB tuple, None for `none`,
or a problem text. `IconLibrary` knows the vendored icons (`icons/*.svg` of the project) and
resolves a name through a layout's `icons` aliases.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from ..errors import suggest
from ..model.units import hex_to_rgb, is_hex_colour
from .items import RGB

_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][\w.-]*)\}")


def field_names(text: str) -> list[str]:
    """The names that `text`'s `{name}` templates read, in order (escaped braces read none)."""
    if "{" not in text:
        return []
    return [name for _, name in _parts(text) if name is not None]


def single_field(text: str) -> str | None:
    """`name` when `text` is just `{name}` (spaces around it allowed), else None."""
    parts = _parts(text.strip())
    return parts[0][1] if len(parts) == 2 and parts[0][0] == "" and parts[1] == ("", None) else None


def fill(template: str, context: Mapping) -> tuple[str, list[str]]:
    """`template` with `{name}` replaced; the list names unknown fields."""
    if "{" not in template and "}" not in template:
        return template, []
    out: list[str] = []
    missing: list[str] = []
    for literal, name in _parts(template):
        out.append(literal)
        if name is None:
            continue
        if name not in context:
            missing.append(name)
            out.append("{" + name + "}")
            continue
        value = context[name]
        out.append("" if value is None else _text(value))
    return "".join(out), missing


@lru_cache(maxsize=4096)
def _parts(template: str) -> tuple[tuple[str, str | None], ...]:
    """A template cut once into (literal text, field name or None) pairs."""
    parts: list[tuple[str, str | None]] = []
    last = 0
    for match in _FIELD.finditer(template):
        token = match.group(0)
        literal = template[last:match.start()]
        if token in ("{{", "}}"):
            parts.append((literal + token[0], None))
        else:
            parts.append((literal, match.group(1)))
        last = match.end()
    parts.append((template[last:], None))
    return tuple(parts)


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
        self.used: set[str] = set()

    def resolve(self, name: str, aliases: dict[str, str]) -> tuple[str | None, str | None]:
        """The SVG path of icon `name` (through the layout's aliases), or a problem text."""
        target = aliases.get(name, name)
        if target in self.names:
            self.used.add(target)
            return str(self.names[target]), None
        hint = suggest(name, list(aliases) + list(self.names))
        return None, f"unknown icon {name!r}" + (f" (did you mean {hint!r}?)" if hint else "")
