"""Checks of a kit's layouts where they are written, before any face is laid out.

Contract: `lint(kit, fonts, icons, ref, kept=None)` returns `(problems, skip)`; `kept` (a resident
session's, `memo.Kept.lint`) keeps each card's values as the lint reads them, made again only for
another `Card` object or deck (a one-card edit's other cards are the same objects).
`ref(layout, *path)` says where a value of a resolved layout is written (a parent's line when it is
inherited through `extends`). Each problem is reported once, at its definition, however many layouts inherit it and
however many cards draw it, with the layouts (and their components) that use it as context; "did
you mean" never offers the name that was typed. Checked:
- palette entries that lead to no colour (or name each other in a cycle), icon aliases to no icon;
- values written as literals in elements: fonts and their styles, colours, icon names; a `{field}`
  that no card (or page) drawn with the layout has;
- conditions: a `when`/`unless` field that no card (or page) using the layout has is an error; a
  value outside the field's declared `values`, or that no card has, a warning;
- maps: `{map[field]}` naming no map of the layout or no field is an error; a card value the map
  lacks is an error at the map, a map key that no card's field has a warning at the key;
- a card's content (text, icons, tables: not its backgrounds and frames) placed in mm whose box runs
  past the card's edge, where it is cut — what a resize of the card pushes out — is a warning that
  names the side and how far, and says to place it in `%` of the card or of its safe box;
- templates: an expression that cannot be read (`{index *}`) is an error at its element.
`skip` names the `(layout, element)` pairs with an error here: faces leave them out.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator

from ..core.errors import Problem, Ref, Severity, suggest
from ..model.kit import Card, Deck, Kit, card_values
from ..model.layout import Element, Layout
from ..model.units import MM, Dim
from .assets import PRINTED, IconLibrary, colour, expressions, is_told, key_text, lookup, palette_entry, unreadable
from .conditions import condition_values, shown, template_fields
from .elements import element_box, local_fields

BACKGROUNDS = frozenset({"rect", "ellipse", "line", "image", "svg"})  # may bleed on purpose
from .fonts import FontBook

RefOf = Callable[..., Ref]
COLOUR_KEYS = frozenset({"fill", "stroke", "color", "outline", "ring", "header_fill", "stripe", "band_color",
                         "mark_color", "weeks_color", "points_color", "number_color", "start_fill", "end_fill",
                         "tab_fill", "pips", "fold", "alternate", "icon_color", "background"})
COLOUR_LISTS = frozenset({"fills", "band_fills"})
COLOUR_MAPS = frozenset({"emphasis", "colors"})
CYCLE = "palette entries name each other in a cycle: "
ICON_KEYS = frozenset({"icon", "weeks_icon", "points_icon", "start_icon", "end_icon", "first_icon"})


@dataclass
class _Use:
    """The faces a layout draws: their values, the declared values of their fields, who uses it."""

    values: list[dict] = field(default_factory=list)
    declared: dict[str, list[str]] = field(default_factory=dict)
    users: list[str] = field(default_factory=list)
    _known: set[str] | None = None
    _had: dict[str, set[str]] = field(default_factory=dict)

    @property
    def known(self) -> set[str]:
        """The names of the values some face has."""
        if self._known is None:
            self._known = set().union(*self.values)  # (a mapping's items are its keys)
        return self._known

    def had(self, name: str) -> set[str]:
        """The values (as text) that the faces have for field `name`."""
        if name not in self._had:
            self._had[name] = {key_text(v[name]) for v in self.values if name in v}
        return self._had[name]


@dataclass
class _Found:
    """A lint problem and the layouts it was found in (one problem for a fault the layouts share)."""

    problem: Problem
    layouts: list[str]


class Linter:
    def __init__(self, kit: Kit, fonts: FontBook, icons: IconLibrary, ref: RefOf,
                 kept: dict[int, tuple] | None = None):
        self.kit, self.fonts, self.icons, self.ref = kit, fonts, icons, ref
        self.found: dict[tuple, _Found] = {}
        self.skip: set[tuple[str, str]] = set()
        self.uses = _uses(kit, kept)

    def run(self) -> tuple[list[Problem], frozenset]:
        for name, layout in self.kit.layouts.items():
            self._palette(name, layout)
            self._aliases(name, layout)
            for elem, element in layout.elements.items():
                self._expressions(name, elem, element)
                self._pushed_out(name, elem, element, layout)
                self._literals(name, elem, element)
                self._fields(name, elem, element)
                self._conditions(name, elem, element)
                self._lookups(name, elem, element)
            self._map_keys(name, layout)
        return [self._with_context(f) for f in self.found.values()], frozenset(self.skip)

    def report(self, layout: str, path: tuple, what: str, severity: Severity = "error",
               suggestion: str | None = None, element: str | None = None) -> None:
        ref = self.ref(layout, *path)
        key = (ref, what)
        if key not in self.found:
            where = f"layout {ref.path[0] if ref.path else layout!r}"
            where += f", element {element!r}" + _dotted(path[2:]) if element else ", " + _dotted(path)[1:]
            self.found[key] = _Found(Problem(what, where, ref, suggestion=suggestion, severity=severity), [])
        if layout not in self.found[key].layouts:
            self.found[key].layouts.append(layout)
        if element is not None and severity == "error":
            self.skip.add((layout, element))

    def _with_context(self, found: _Found) -> Problem:
        """The problem with who uses its definition: the components, and the layouts that inherit it."""
        problem = found.problem
        defining = problem.ref.path[0] if problem.ref and problem.ref.path else None
        users = []
        for name in found.layouts:
            components = ", ".join(self.uses.get(name, _Use()).users)
            if name == defining and len(found.layouts) == 1:
                users.append(components)
            else:
                users.append(f"layout {name!r}" + (f" ({components})" if components else ""))
        users = [u for u in users if u]
        return problem if not users else Problem(problem.what, f"{problem.where} (used by {', '.join(users)})",
                                                 problem.ref, suggestion=problem.suggestion,
                                                 severity=problem.severity)

    def _palette(self, name: str, layout: Layout) -> None:
        cycles: set[str] = set()
        for entry in layout.palette:
            _, problem = palette_entry(entry, layout.palette)
            if problem and entry not in cycles:  # a cycle is one mistake: reported at its first entry
                self.report(name, ("palette", entry), problem.what)
                if problem.what.startswith(CYCLE):
                    cycles.update(problem.what.removeprefix(CYCLE).split(" -> "))
        if layout.background and "{" not in layout.background:
            _, problem = colour(layout.background, layout.palette)
            if problem and layout.background not in layout.palette:
                self.report(name, ("background",), problem.what)

    def _aliases(self, name: str, layout: Layout) -> None:
        for alias, target in layout.icons.items():
            problem = self.icons.problem(target)
            if problem:
                self.report(name, ("icons", alias), problem.what)

    def _literals(self, name: str, elem: str, element: Element) -> None:
        for path, key, value in _scalars(element):
            if not isinstance(value, str) or "{" in value:
                continue
            problem = self._literal(key, value, element, path, layout=self.kit.layouts[name])
            if problem:
                self.report(name, ("elements", elem) + path, problem.what, element=elem)

    def _literal(self, key: object, value: str, element: Element, path: tuple, layout: Layout) -> Problem | None:
        parent = path[-2] if len(path) > 1 else None
        if key in COLOUR_KEYS or parent in COLOUR_LISTS or parent in COLOUR_MAPS:
            if value in layout.palette:
                return None  # checked once, at the palette entry
            return colour(value, layout.palette)[1]
        if key == "font":
            style = getattr(element, "style", "regular") if len(path) == 1 else "regular"
            font_problem = self.fonts.problem(value, style)
            return Problem(font_problem) if font_problem else None
        is_icon = key in ICON_KEYS or parent == "icons" or (key == "name" and element.type == "icon" and len(path) == 1)
        if is_icon:
            _, problem = self.icons.resolve(value, layout.icons)
            return None if problem is None or is_told(problem) else problem  # a broken alias: reported at the alias
        return None

    def _expressions(self, name: str, elem: str, element: Element) -> None:
        """An expression of the element's templates that cannot be read, or that reads no name and
        cannot be evaluated (`{9**9**9}`): an error where it is written, once."""
        for path, _, value in _scalars(element):
            text = value.template if isinstance(value, Dim) else value
            for written in expressions(text) if isinstance(text, str) else ():
                from ..core.expressions import ExpressionError, compile_expression  # (a kit with expressions)

                try:
                    expression = compile_expression(written)
                    if not expression.names:  # the same on every face: evaluated here
                        expression.evaluate(_no_name)
                except ExpressionError as exc:
                    self.report(name, ("elements", elem) + path, unreadable(written, exc.message), element=elem)

    def _pushed_out(self, name: str, elem: str, element: Element, layout: Layout) -> None:
        """Content placed in mm past the card's edge: what a resize pushes out."""
        if layout.kind != "card" or element.type in BACKGROUNDS or element.box is not None:
            return
        dims = [d for d in (element.x, element.y, element.w, element.h) if d is not None]
        if any(d.relative or d.template is not None for d in dims):
            return
        width, height = layout.card_size()
        x, y, w, h = element_box(element, layout, width, height)
        past = {side: amount for side, amount in (("left", -x), ("top", -y), ("right", x + w - width),
                                                    ("bottom", y + h - height)) if amount > 0.25 * MM}
        if past and max(past.values()) <= layout.bleed:  # (beyond the bleed: the face's own warning says it)
            side, amount = max(past.items(), key=lambda kv: kv[1])
            self.report(name, ("elements", elem), f"its box runs {amount / MM:.1f} mm past the {side} edge of the "
                        f"{width / MM:g} × {height / MM:g} mm card, where it is cut: a place in mm does not follow "
                        "a resize of the card (give x, y, w, h in % of the card, or in %safe of its safe box)",
                        "warning")

    def _fields(self, name: str, elem: str, element: Element) -> None:
        """A `{field}` that no card (or page) drawn with the layout has: an error at the element."""
        use = self.uses.get(name)
        if use is None or not use.values:
            return
        known, maps = use.known, self.kit.layouts[name].maps
        for used in template_fields(element):
            if used not in known and not lookup(used) and not used.startswith(PRINTED) and used not in maps:
                self.report(name, ("elements", elem), f"unknown field {{{used}}}" +
                            (f" (fields: {', '.join(sorted(known))})" if len(known) < 20 else ""),
                            suggestion=suggest(used, sorted(known)), element=elem)

    def _conditions(self, name: str, elem: str, element: Element) -> None:
        use = self.uses.get(name)
        if use is None or not use.values:
            return
        known = use.known
        for rule in ("when", "unless"):
            for fname, expected in (getattr(element, rule) or {}).items():
                path = ("elements", elem, rule, fname)
                if fname not in known:
                    self.report(name, path, f"condition on unknown field {fname!r}", element=elem,
                                suggestion=suggest(fname, sorted(known - {fname})))
                    continue
                self._condition_values(name, elem, rule, fname, expected, use)

    def _condition_values(self, name: str, elem: str, rule: str, fname: str, expected: object, use: _Use) -> None:
        path = ("elements", elem, rule, fname)
        had = use.had(fname)
        declared = use.declared.get(fname)
        for i, value in enumerate(condition_values(expected)):
            at = path + (i,) if isinstance(expected, list) else path
            if declared is not None and value not in declared:
                self.report(name, at, f"{fname} {value!r} is not one of the field's values ({', '.join(declared)})",
                            "warning", suggest(value, [d for d in declared if d != value]), element=elem)
            elif value not in had:
                never = "holds" if rule == "when" else "hides the element"
                self.report(name, at, f"no card has {fname} {value!r}: the condition never {never}", "warning",
                            None if value.lstrip("-").isdigit() else suggest(value, sorted(had - {value})),
                            element=elem)

    def _lookups(self, name: str, elem: str, element: Element) -> None:
        layout = self.kit.layouts[name]
        use = self.uses.get(name, _Use())
        known = use.known
        for used in template_fields(element):
            parts = lookup(used)
            if parts is None:
                continue
            table, fname = parts
            if fname in local_fields(element):
                known_here = known | {fname}
            else:
                known_here = known
            if table not in layout.maps and table in known_here:  # an item of a list field: `{symbols[3]}`
                continue
            if table not in layout.maps:
                self.report(name, ("elements", elem), f"unknown map {table!r} in {{{used}}}" +
                            (f" (maps: {', '.join(layout.maps)})" if layout.maps else " (the layout has no `maps`)"),
                            suggestion=suggest(table, [m for m in layout.maps if m != table]), element=elem)
            elif use.values and fname not in known_here:
                self.report(name, ("elements", elem), f"unknown field {fname!r} in {{{used}}}",
                            suggestion=suggest(fname, sorted(known - {fname})), element=elem)

    def _map_keys(self, name: str, layout: Layout) -> None:
        """Per map and field looked up: the values of the cards that show an element reading it
        must be keys of the map (an error at the map); a key no such card has is a warning."""
        use = self.uses.get(name)
        if use is None or not use.values:
            return
        for (table, fname), elements in _lookups_of(layout).items():
            entries = layout.maps.get(table)
            if entries is None:
                continue
            faces = [v for v in use.values if any(shown(e, v) for e in elements)]
            had = sorted({key_text(v[fname]) for v in faces if fname in v}, key=_natural)
            lacking = [v for v in had if v not in entries]
            if lacking:
                self.report(name, ("maps", table), f"map {table!r} has no entry for {fname} "
                            f"{', '.join(repr(v) for v in lacking)}, which cards have")
            for key in entries:
                if had and key not in had:
                    self.report(name, ("maps", table, key), f"no card has {fname} {key!r}: the entry is never used",
                                "warning")


def _no_name(name: str) -> object:
    raise KeyError(name)


def _dotted(path: tuple) -> str:
    """`.when.rank[1]`: a path as the messages of pnp/model/validate.py write it."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def _natural(text: str) -> tuple:
    return (0, int(text), "") if text.lstrip("-").isdigit() else (1, 0, text)


def _lookups_of(layout: Layout) -> dict[tuple[str, str], list]:
    """(map, field) -> the elements that look the field up in the map (a face's field, not a name
    the element fills itself, such as a counter's `{item}`)."""
    found: dict[tuple[str, str], list] = {}
    for element in layout.elements.values():
        for used in template_fields(element):
            parts = lookup(used)
            if parts and parts[1] not in local_fields(element):
                found.setdefault(parts, []).append(element)
    return found


_SCALARS: dict[int, tuple[Element, tuple]] = {}  # by id(element): its scalars (`_scalars`), this process's
SCALARS_KEPT = 4096  # elements whose scalars are remembered, then forgotten at once


def _scalars(element: Element) -> tuple[tuple[tuple, object, object], ...]:
    """(path, key, value) of every scalar of an element as dumped (`_walk`), once an element object:
    two checks read them, and a resident session's layouts are the same objects from build to build
    (an element is never changed once validated)."""
    known = _SCALARS.get(id(element))
    if known is None or known[0] is not element:
        if len(_SCALARS) >= SCALARS_KEPT:
            _SCALARS.clear()
        known = _SCALARS[id(element)] = (element, tuple(_walk(element.model_dump(), ())))
    return known[1]


def _walk(value: object, path: tuple) -> Iterator[tuple[tuple, object, object]]:
    """(path, key, value) of every scalar in a dumped element (lists give index keys)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _walk(item, path + (i,))
    elif path:
        yield path, path[-1], value


def _uses(kit: Kit, kept: dict[int, tuple] | None = None) -> dict[str, _Use]:
    """Per layout of the kit: the values of the faces it draws, the fields' declared values, users."""
    uses: dict[str, _Use] = {}
    if kept is not None and len(kept) > KEPT_VALUES:
        kept.clear()
    for deck in kit.decks:
        declared = {n: [key_text(v) for v in s.values] for n, s in deck.spec.specs().items() if s.values}
        for name in {n for card in deck.cards for n in (card.layout, card.back) if n}:
            use = uses.setdefault(name, _Use())
            for fname, allowed in declared.items():
                use.declared.setdefault(fname, allowed)
            _add_user(use, f"deck {deck.name!r}")
        shared = (len(deck.cards), deck.title, kit.game.title)
        for card in deck.cards:
            known = kept.get(id(card)) if kept is not None else None  # (looked up inline: a deck's thousands)
            values = known[2] if known is not None and known[0] is card and known[1] == shared else \
                _values(kit, deck, card, shared, kept)
            uses[card.layout].values.append(values)
            if card.back:
                uses[card.back].values.append(values)
    for sheet in kit.sheets:
        use = uses.setdefault(sheet.spec.layout, _Use())
        use.values += [{**page.fields, "kit": kit.game.title, "page": page.index + 1} for page in sheet.pages]
        _add_user(use, f"sheet {sheet.name!r}")
    return uses


KEPT_VALUES = 50_000  # cards' values a resident session keeps (`kept`), then forgets at once


def _values(kit: Kit, deck: Deck, card: Card, shared: tuple[int, str, str],
            kept: dict[int, tuple] | None = None) -> dict[str, object]:
    """A card's values as its faces have them (`model.kit.card_values`); kept in `kept` (a
    resident's) for the very same card with the same `shared` (its deck's count and title, the
    kit's title: what else they are made of; the lint only reads them)."""
    values = card_values(kit, deck, card)
    if kept is not None:
        kept[id(card)] = (card, shared, values)
    return values


def _add_user(use: _Use, user: str) -> None:
    if user not in use.users:
        use.users.append(user)


def lint(kit: Kit, fonts: FontBook, icons: IconLibrary, ref: RefOf,
         kept: dict[int, tuple] | None = None) -> tuple[list[Problem], frozenset]:
    return Linter(kit, fonts, icons, ref, kept).run()
