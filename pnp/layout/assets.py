"""Things layouts point at: colours, icons, pictures, and `{field}` templates.

Contract: `fill(template, context, french)` substitutes `{name}` from the context (`{{` and `}}`
escape braces), written through the template's filters (`{name|thousands}`, formats.py), and
reports unknown names, values that cannot be printed and braces that are no template (`{a!r}`, a
`{` never closed), which would print as written; `field_names(text)` lists the names a template reads and
`single_field(text)` the one name of a template that is just `{name}` (the one reading of templates
that every module uses). A name may look a field's value up in a layout's map: `{pips[rank]}`
(`lookup(name)` splits it). `PRINTED` are the prefixes of the names a build fills from the kit rather
than from the face (`{rules.…}`, `{players.min}`: pnp.rules.printed), and `names_printed(text)` tells
a text that reads one. `colour(value, palette)` gives an RGB tuple, None for `none`, and a
problem or None; `palette_entry(name, palette)` follows a palette entry to its colour, or says which
link is broken, once, where the palette is defined (a use of a broken entry is then a `told`
problem). "Did you mean" never offers the name that was typed. `IconLibrary` knows the vendored
icons (`icons/*.svg` of the project, then the kit's own `icons/`, which win) and resolves a name
through a layout's `icons` aliases to an icon it has checked, once per run (inside the project,
symbolic links included; an SVG `pnp.sources.svg` accepts, with a size).

Problems are `pnp.core.errors.Problem` values, the one problem value of `layout/`: the code that
finds one gives its text and severity (`warning(what)`: the face is still drawn), the caller that
knows the face adds where and which file (`placed`). A problem `told(what)` is already reported
where its cause is written (a broken palette entry, an icon alias to no icon): it makes the element
fail as any error does but is never reported again (`is_told`).
"""
from __future__ import annotations

import re
from contextlib import suppress
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path

from ..core.errors import Problem, Ref, suggest
from ..core.lazyre import lazy
from ..sources.files import InputError, input_digest, inside
from ..model.units import hex_to_rgb, is_hex_colour
from .formats import shown
from .items import RGB

_FILTERS = r"((?:\|[A-Za-z_]+(?::[^{}|:]*)*)*)"
_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][\w.-]*(?:\[[\w.-]+\])?)" + _FILTERS + r"\}|\{([^{}]+?)" + _FILTERS + r"\}")
EXPRESSION = "="  # the mark of a template part that is an expression (`{index * 12}`): "=index * 12"
Filters = tuple[tuple[str, tuple[str, ...]], ...]
PRINTED = ("rules.", "players.", "rulebook.", "deck.")  # names filled from the kit (pnp.rules.printed: a deck's
# `deck.NAME.count` too; a rulebook's sections, pnp.pipeline.rulebook), not from the face
_PRINTED_NAME = re.compile("|".join(re.escape("{" + prefix) for prefix in PRINTED))


def names_printed(text: str) -> bool:
    """Whether `text` has a template that reads a `PRINTED` name (asked of every field of every face:
    one search, none in a text without a brace)."""
    return "{" in text and _PRINTED_NAME.search(text) is not None


TOLD = Ref("(reported where its cause is written)")  # the ref of a `told` problem


def warning(what: str) -> Problem:
    """A problem that is a warning: the face is drawn all the same."""
    return Problem(what, severity="warning")


def told(what: str) -> Problem:
    """A problem already reported where its cause is written (a broken palette entry)."""
    return Problem(what, ref=TOLD)


def is_told(problem: Problem) -> bool:
    return problem.ref == TOLD


def placed(found: Iterable[Problem], where: str, ref: Ref) -> list[Problem]:
    """The problems an element's code found, where the face that found them says (`told` ones left out)."""
    return [Problem(p.what, where, ref, severity=p.severity) for p in found if not is_told(p)]


def lookup(name: str) -> tuple[str, str] | None:
    """`("pips", "rank")` for the template name `pips[rank]`, else None."""
    if not name.endswith("]") or "[" not in name:
        return None
    table, _, key = name[:-1].partition("[")
    return table, key


def field_names(text: str) -> list[str]:
    """The names that `text`'s `{name}` templates read, in order (escaped braces read none); an
    expression's names (`{index * 12}` reads `index`), none for one that cannot be read."""
    if "{" not in text:
        return []
    out: list[str] = []
    for _, name, _ in _parts(text):
        if name is not None:
            out += expression_names(name[1:]) if name[0] == EXPRESSION else [name]
    return out


def expressions(text: str) -> list[str]:
    """The expressions of `text`'s templates (`{index * 12}`), as written between the braces."""
    if "{" not in text:
        return []
    return [name[1:] for _, name, _ in _parts(text) if name is not None and name[0] == EXPRESSION]


@lru_cache(maxsize=4096)
def has_expression(text: str) -> bool:
    """Whether one of `text`'s templates is an expression (asked of templates, cached)."""
    return "{" in text and any(name is not None and name[0] == EXPRESSION for _, name, _ in _parts(text))


def expression_names(text: str) -> list[str]:
    from ..core.expressions import names_read

    return names_read([text])


def key_text(value: object) -> str:
    """A field's value as a map key: YAML keys are read as text (`7:` is "7")."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).lower() if isinstance(value, bool) else str(value)


def single_field(text: str) -> str | None:
    """`name` when `text` is just `{name}` (spaces around it allowed), else None."""
    parts = _parts(text.strip())
    single = len(parts) == 2 and parts[0][0] == "" and not parts[0][2] and parts[1][:2] == ("", None)
    return parts[0][1] if single and parts[0][1] and parts[0][1][0] != EXPRESSION else None


def fill(template: str, context: Mapping, french: bool = False,
         only: str | tuple[str, ...] = "", language: str = "") -> tuple[str, list[str], list[Problem]]:
    """`template` with `{name}` (and `{name|filter:arg}`) replaced: the text, the names that are
    not in `context` (left as written), and the problems of values that cannot be printed. With
    `only` (a prefix or a tuple of them), names that do not start with it are left as written, braces and all, and not reported."""
    if "{" not in template and "}" not in template:
        return template, [], []
    out: list[str] = []
    missing: list[str] = []
    problems: list[Problem] = [] if only else list(_stray(template))
    for literal, name, filters in _parts(template):
        out.append(literal)
        if name is None:
            continue
        if name[0] == EXPRESSION:
            value, problem = _expression(name[1:], context, only, missing)
            if problem is not None:
                problems.append(problem)
            if value is _UNFILLED:
                out.append(_written(name, filters))
                continue
            text, said = shown(value, filters, french, strict=True, language=language)
            out.append(text)
            problems += [Problem(f"{{{name[1:]}}}: {said}")] if said else []
            continue
        if not name.startswith(only):
            out.append(_written(name, filters))
            continue
        if name not in context:
            missing.append(name)
            out.append("{" + name + "}")
            continue
        text, said = shown(context[name], filters, french, strict=name.startswith(PRINTED), language=language)
        out.append(text)
        problems += [Problem(f"{{{name}}}: {said}")] if said else []
    return "".join(out), missing, problems


_UNFILLED = object()  # an expression left as written (its names missing, or outside `only`)


def _expression(text: str, context: Mapping, only: str | tuple[str, ...],
                missing: list[str]) -> tuple[object, Problem | None]:
    """The value of the expression `text` over `context`, or `_UNFILLED` and its problem; a name
    it reads that `context` lacks goes to `missing` (reported as any unknown name)."""
    from ..core.expressions import ExpressionError, compile_expression

    try:
        expression = compile_expression(text)
    except ExpressionError as exc:
        return _UNFILLED, Problem(unreadable(text, exc.message))
    if only and not all(n.startswith(only) for n in expression.names):
        return _UNFILLED, None
    absent = [n for n in expression.names if n not in context and n.partition(".")[0] not in context]
    if absent:
        missing += [n for n in absent if n not in missing]
        return _UNFILLED, None
    try:
        return expression.evaluate(context.__getitem__), None
    except ExpressionError as exc:
        return _UNFILLED, Problem(f"{{{text}}}: {exc.message}")


_FORMAT_SPEC = lazy(r"[A-Za-z_][\w.]*\s*(?:![rsa])?\s*(?::[^{}]*)?")  # Python's {name!r}, {name:>9}


def unreadable(text: str, message: str) -> str:
    """Why `{text}` is not filled: Python's format syntax named as such, else the expression's error."""
    if _FORMAT_SPEC.fullmatch(text) and ("!" in text or ":" in text):
        return (f"'{{{text}}}' is not a template pnp fills: write {{name}}, with filters after a bar "
                "({name|thousands}); {{ and }} print braces")
    return f"{{{text}}}: {message}"


def template_value(template: str, context: Mapping) -> tuple[object, Problem | None, str | None]:
    """The value (not its text) of a template that is one `{name}` or `{expression}`: the value,
    a problem, or the name that `context` lacks."""
    parts = _parts(template.strip())
    if not (len(parts) == 2 and parts[0][0] == "" and parts[0][1] and not parts[0][2] and parts[1][:2] == ("", None)):
        return None, Problem(f"{template!r} must be one {{name}} or {{expression}}"), None
    name = parts[0][1]
    if name[0] != EXPRESSION:
        return (context[name], None, None) if name in context else (None, None, name)
    missing: list[str] = []
    value, problem = _expression(name[1:], context, "", missing)
    return (None, problem, missing[0] if missing else None) if value is _UNFILLED else (value, None, None)


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
        elif match.group(1) is not None:
            parts.append((literal, match.group(1), _filters(match.group(2))))
        else:  # an expression: `{index * 12}`
            parts.append((literal, EXPRESSION + match.group(3).strip(), _filters(match.group(4))))
        last = match.end()
    parts.append((template[last:], None, ()))
    return tuple(parts)


@lru_cache(maxsize=4096)
def _stray(template: str) -> tuple[Problem, ...]:
    """The problem of a brace that is no `{name}`, `{expression}`, `{{` or `}}` (a brace never
    closed or never opened), which would print as written; () when there is none."""
    rest = _FIELD.sub("", template)
    if "{" in rest:
        return (Problem("a '{' is never closed (write {{ for a brace that prints)"),)
    if "}" in rest:
        return (Problem("a '}' closes nothing (write }} for a brace that prints)"),)
    return ()


def _written(name: str, filters: Filters) -> str:
    """A template field as it was written: `{name|filter:arg}`."""
    return "{" + name.removeprefix(EXPRESSION) + "".join("|" + ":".join((f, *args)) for f, args in filters) + "}"


def _filters(text: str) -> Filters:
    """"|plural:carte:cartes|x" -> (("plural", ("carte", "cartes")), ("x", ()))."""
    out = []
    for part in text.split("|")[1:]:
        name, *args = part.split(":")
        out.append((name, tuple(args)))
    return tuple(out)


def colour(value: str | None, palette: dict[str, str]) -> tuple[RGB | None, Problem | None]:
    if value is None or value == "none":
        return None, None
    if is_hex_colour(value):
        return hex_to_rgb(value), None
    if value in palette:
        found, problem = palette_entry(value, palette)
        return found, told(problem.what) if problem else None
    hint = suggest(value, [name for name in palette if name != value])
    return None, Problem(f"unknown colour {value!r}" + (f" (did you mean {hint!r}?)" if hint else
                                                          " (give #rrggbb or a palette name)"))


def palette_entry(name: str, palette: dict[str, str]) -> tuple[RGB | None, Problem | None]:
    """The colour palette entry `name` stands for (entries may name entries), or what breaks it."""
    chain = [name]
    while True:
        value = palette[chain[-1]]
        if value == "none" or is_hex_colour(value):
            return (None if value == "none" else hex_to_rgb(value)), None
        if value in chain:
            return None, Problem(f"palette entries name each other in a cycle: {' -> '.join(chain + [value])}")
        if value not in palette:
            hint = suggest(value, [n for n in palette if n not in chain and n != value])
            return None, Problem(f"unknown colour {value!r}" + (f" (did you mean {hint!r}?)" if hint else
                                                                  " (give #rrggbb or a palette name)"))
        chain.append(value)


class IconLibrary:
    """The icons a build may draw: the project's `icons/*.svg`, then a kit's own (`with_kit`)."""

    names: dict[str, Path]
    used: set[str]

    def __init__(self, root: Path, shared: "IconLibrary | None" = None, kit_folder: Path | None = None,
                 own: dict[str, Path] | None = None):
        """The project's library, or (`shared`, `kit_folder`, `own`: `with_kit`) one kit's view of it."""
        self.root = root
        self.folder = root / "icons"
        names: dict[str, Path] = shared.names if shared is not None else _svgs(self.folder)
        self.names = {**names, **own} if own else names
        self.used = shared.used if shared is not None else set()
        # the same icons: checked once for every kit (a kit with icons of its own checks its own)
        self._checked: dict[str, tuple[str | None, Problem | None]] = \
            shared.checked_icons() if shared is not None and not own else {}
        self.kit_folder = kit_folder  # a kit's own icons/ (`with_kit`), named when an icon is missing

    def checked_icons(self) -> dict[str, tuple[str | None, Problem | None]]:
        """What this library found of each icon it checked (shared with the kits that add none)."""
        return self._checked

    def with_kit(self, kit_dir: Path) -> "IconLibrary":
        """The library seen by one kit: its own `icons/*.svg` added, winning over the project's."""
        own = _svgs(kit_dir / "icons")
        for path in own.values():  # inputs of the kit's run, for the build cache
            with suppress(InputError):  # (one that leads out of the project is refused where it is used)
                input_digest(inside(self.root, path))
        return IconLibrary(self.root, self, kit_dir / "icons", own)

    def _looked(self, name: str) -> str:
        """Where an icon named `name` was looked for, from the project's root."""
        places = [self.folder] + ([self.kit_folder] if self.kit_folder is not None else [])
        shown = [_from_root(self.root, folder / f"{name}.svg") for folder in places]
        return ": no " + " nor ".join(shown)

    def resolve(self, name: str, aliases: dict[str, str]) -> tuple[str | None, Problem | None]:
        """The SVG path of icon `name` (through the layout's aliases), or a problem (`told` for an
        alias to no icon: reported once, at the alias)."""
        target = aliases.get(name, name)
        if target in self.names:
            self.used.add(target)
            if target not in self._checked:
                self._checked[target] = self._check(target)
            return self._checked[target]
        if name in aliases:
            return None, told(f"icon alias {name!r} names no icon")
        hint = suggest(name, [n for n in list(aliases) + list(self.names) if n != name])
        return None, Problem(f"unknown icon {name!r}{self._looked(name)}"
                             + (f" (did you mean {hint!r}?)" if hint else ""))

    def problem(self, target: str) -> Problem | None:
        """Why `target` (an alias's value) is no icon, or None."""
        if target in self.names:
            return None
        hint = suggest(target, [n for n in self.names if n != target])
        return Problem(f"unknown icon {target!r}{self._looked(target)}"
                       + (f" (did you mean {hint!r}?)" if hint else ""))

    def _check(self, target: str) -> tuple[str | None, Problem | None]:
        from ..sources.svg import load_svg

        try:
            path = inside(self.root, self.names[target])
            load_svg(self.root, path)
        except InputError as exc:
            return None, Problem(f"icon {target!r}: {exc}")
        return str(path), None


def _from_root(root: Path, path: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def _svgs(folder: Path) -> dict[str, Path]:
    return {p.stem: p for p in sorted(folder.glob("*.svg"))} if folder.is_dir() else {}
