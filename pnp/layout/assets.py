"""Things layouts point at: colours, icons, pictures, and `{field}` templates.

Contract: `fill(template, context, french)` substitutes `{name}` from the context (`{{` and `}}`
escape braces), written through the template's filters (`{name|thousands}`, formats.py), and
reports unknown names and values that cannot be printed; `field_names(text)` lists the names a template reads and
`single_field(text)` the one name of a template that is just `{name}` (the one reading of templates
that every module uses). A name may look a field's value up in a layout's map: `{pips[rank]}`
(`lookup(name)` splits it). `PRINTED` are the prefixes of the names a build fills from the kit rather
than from the face (`{rules.…}`, `{players.min}`: pnp.rules.printed), and `names_printed(text)` tells
a text that reads one. `colour(value, palette)` gives an RGB tuple, None for `none`, or a
problem text; `palette_entry(name, palette)` follows a palette entry to its colour, or says which
link is broken, once, where the palette is defined (a use of a broken entry is then a `Known`
problem). "Did you mean" never offers the name that was typed. `IconLibrary` knows the vendored
icons (`icons/*.svg` of the project, then the kit's own `icons/`, which win) and resolves a name
through a layout's `icons` aliases to an icon it has checked, once per run (inside the project,
symbolic links included; an SVG `pnp.sources.svg` accepts, with a size). Problem texts are plain `str`; a `Warn` is a warning (the face
is still drawn) and a `Known` one already reported at its definition (not repeated per face).
"""
from __future__ import annotations

import re
from contextlib import suppress
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from ..core.errors import suggest
from ..sources.files import InputError, input_digest, inside
from ..model.units import hex_to_rgb, is_hex_colour
from .formats import shown
from .items import RGB

_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][\w.-]*(?:\[[\w.-]+\])?)((?:\|[A-Za-z_]+(?::[^{}|:]*)*)*)\}")
Filters = tuple[tuple[str, tuple[str, ...]], ...]
PRINTED = ("rules.", "players.", "rulebook.")  # names filled from the kit (pnp.rules.printed; a rulebook's
# sections, pnp.rulebook), not from the face
_PRINTED_NAME = re.compile("|".join(re.escape("{" + prefix) for prefix in PRINTED))


def names_printed(text: str) -> bool:
    """Whether `text` has a template that reads a `PRINTED` name (asked of every field of every face:
    one search, none in a text without a brace)."""
    return "{" in text and _PRINTED_NAME.search(text) is not None


class Warn(str):
    """A problem text that is a warning: the face is drawn all the same."""


class Known(str):
    """A problem text already reported where its cause is defined (a broken palette entry)."""


def lookup(name: str) -> tuple[str, str] | None:
    """`("pips", "rank")` for the template name `pips[rank]`, else None."""
    if not name.endswith("]") or "[" not in name:
        return None
    table, _, key = name[:-1].partition("[")
    return table, key


def field_names(text: str) -> list[str]:
    """The names that `text`'s `{name}` templates read, in order (escaped braces read none)."""
    if "{" not in text:
        return []
    return [name for _, name, _ in _parts(text) if name is not None]


def key_text(value: object) -> str:
    """A field's value as a map key: YAML keys are read as text (`7:` is "7")."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).lower() if isinstance(value, bool) else str(value)


def single_field(text: str) -> str | None:
    """`name` when `text` is just `{name}` (spaces around it allowed), else None."""
    parts = _parts(text.strip())
    return parts[0][1] if len(parts) == 2 and parts[0][0] == "" and not parts[0][2] and parts[1][:2] == ("", None) \
        else None


def fill(template: str, context: Mapping, french: bool = False,
         only: str | tuple[str, ...] = "") -> tuple[str, list[str], list[str]]:
    """`template` with `{name}` (and `{name|filter:arg}`) replaced: the text, the names that are
    not in `context` (left as written), and the problems of values that cannot be printed. With
    `only` (a prefix or a tuple of them), names that do not start with it are left as written, braces and all, and not reported."""
    if "{" not in template and "}" not in template:
        return template, [], []
    out: list[str] = []
    missing: list[str] = []
    problems: list[str] = []
    for literal, name, filters in _parts(template):
        out.append(literal)
        if name is None:
            continue
        if not name.startswith(only):
            out.append(_written(name, filters))
            continue
        if name not in context:
            missing.append(name)
            out.append("{" + name + "}")
            continue
        text, problem = shown(context[name], filters, french, strict=name.startswith(PRINTED))
        out.append(text)
        problems += [f"{{{name}}}: {problem}"] if problem else []
    return "".join(out), missing, problems


@lru_cache(maxsize=4096)
def _parts(template: str) -> tuple[tuple[str, str | None, Filters], ...]:
    """A template cut once into (literal text, field name or None, its filters) triples."""
    parts: list[tuple[str, str | None, Filters]] = []
    last = 0
    for match in _FIELD.finditer(template):
        token = match.group(0)
        literal = template[last:match.start()]
        if token in ("{{", "}}"):
            parts.append((literal + token[0], None, ()))
        else:
            parts.append((literal, match.group(1), _filters(match.group(2))))
        last = match.end()
    parts.append((template[last:], None, ()))
    return tuple(parts)


def _written(name: str, filters: Filters) -> str:
    """A template field as it was written: `{name|filter:arg}`."""
    return "{" + name + "".join("|" + ":".join((f, *args)) for f, args in filters) + "}"


def _filters(text: str) -> Filters:
    """"|plural:carte:cartes|x" -> (("plural", ("carte", "cartes")), ("x", ()))."""
    out = []
    for part in text.split("|")[1:]:
        name, *args = part.split(":")
        out.append((name, tuple(args)))
    return tuple(out)


def colour(value: str | None, palette: dict[str, str]) -> tuple[RGB | None, str | None]:
    if value is None or value == "none":
        return None, None
    if is_hex_colour(value):
        return hex_to_rgb(value), None
    if value in palette:
        found, problem = palette_entry(value, palette)
        return found, Known(problem) if problem else None
    hint = suggest(value, [name for name in palette if name != value])
    return None, f"unknown colour {value!r}" + (f" (did you mean {hint!r}?)" if hint else
                                                  " (give #rrggbb or a palette name)")


def palette_entry(name: str, palette: dict[str, str]) -> tuple[RGB | None, str | None]:
    """The colour palette entry `name` stands for (entries may name entries), or what breaks it."""
    chain = [name]
    while True:
        value = palette[chain[-1]]
        if value == "none" or is_hex_colour(value):
            return (None if value == "none" else hex_to_rgb(value)), None
        if value in chain:
            return None, f"palette entries name each other in a cycle: {' -> '.join(chain + [value])}"
        if value not in palette:
            hint = suggest(value, [n for n in palette if n not in chain and n != value])
            return None, f"unknown colour {value!r}" + (f" (did you mean {hint!r}?)" if hint else
                                                          " (give #rrggbb or a palette name)")
        chain.append(value)


class IconLibrary:
    """The icons a build may draw: the project's `icons/*.svg`, then a kit's own (`with_kit`)."""

    def __init__(self, root: Path):
        self.root = root
        self.folder = root / "icons"
        self.names = _svgs(self.folder)
        self.used: set[str] = set()
        self._checked: dict[str, tuple[str | None, str | None]] = {}

    def with_kit(self, kit_dir: Path) -> "IconLibrary":
        """The library seen by one kit: its own `icons/*.svg` added, winning over the project's."""
        own = _svgs(kit_dir / "icons")
        if not own:
            return self
        for path in own.values():  # inputs of the kit's run, for the build cache
            with suppress(InputError):  # (one that leads out of the project is refused where it is used)
                input_digest(inside(self.root, path))
        kit = IconLibrary(self.root)
        kit.names, kit.used = {**self.names, **own}, self.used
        return kit

    def resolve(self, name: str, aliases: dict[str, str]) -> tuple[str | None, str | None]:
        """The SVG path of icon `name` (through the layout's aliases), or a problem text (`Known`
        for an alias to no icon: reported once, at the alias)."""
        target = aliases.get(name, name)
        if target in self.names:
            self.used.add(target)
            if target not in self._checked:
                self._checked[target] = self._check(target)
            return self._checked[target]
        if name in aliases:
            return None, Known(f"icon alias {name!r} names no icon")
        hint = suggest(name, [n for n in list(aliases) + list(self.names) if n != name])
        return None, f"unknown icon {name!r}" + (f" (did you mean {hint!r}?)" if hint else "")

    def problem(self, target: str) -> str | None:
        """Why `target` (an alias's value) is no icon, or None."""
        if target in self.names:
            return None
        hint = suggest(target, [n for n in self.names if n != target])
        return f"unknown icon {target!r}" + (f" (did you mean {hint!r}?)" if hint else "")


    def _check(self, target: str) -> tuple[str | None, str | None]:
        from ..sources.svg import load_svg

        try:
            path = inside(self.root, self.names[target])
            load_svg(self.root, path)
        except InputError as exc:
            return None, f"icon {target!r}: {exc}"
        return str(path), None


def _svgs(folder: Path) -> dict[str, Path]:
    return {p.stem: p for p in sorted(folder.glob("*.svg"))} if folder.is_dir() else {}
