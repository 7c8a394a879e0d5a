"""Laying out one face (a card side or a sheet page) from its layout and its values.

Contract: a `FaceBuilder` belongs to one layout and one build. `build(values, where, ref)` returns
`(Face, problems)`: it evaluates `when`/`unless`, compiles each element, and groups runs of elements
that are the same on every face (no condition, no field of the face in their `{...}` templates,
nested ones included; names an element fills itself, such as a table's `{n}`, are not fields) into
a shared layer, laid out once and drawn once as a PDF form. Any other element is compiled once per
distinct set of the values it reads (values of different types or orders are different; each
element keeps its own `CACHE_SIZE` sets, so values that never repeat evict none of another's). Problems
name the kit, the card (or page) and the element, and point at the card's source line; problems of
a shared layer and of the layout itself (an unknown `background` colour) point at the layout file
and are reported once, with the first face. A layout's `{map[field]}` values are looked up once per
face (pnp/layout/conditions.py); elements whose definition is broken (`BuildEnv.skip`, reported
where they are written by pnp/layout/lint.py) are left out, as are the problems of an element that
are `told` (reported at their cause, pnp/layout/assets.py). An element that runs past the box it is
clipped to (a card's bleed box; a page's content box on the build's paper, `BuildEnv.paper`, or
its own size) is a warning at its definition, once per builder (pnp/layout/overrun.py says how far,
on which side). With an `inspect` in the build's environment, each face laid out is handed to it as
its elements in drawing order, and the warnings it returns are the face's too (`layout.inspect`:
contrast, edges near the cut); a face drawn otherwise than written (an element, shared layer or
background with an error: a broken palette colour falls back to black ink or no fill) is not, since
its warnings would judge the fallback.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence
from pathlib import Path

from ..core.errors import Problem, Ref
from ..model.layout import Element, Layout
from .assets import PRINTED, IconLibrary, colour, fill, names_printed, placed
from .conditions import face_reads, is_static, lookups, shown, template_fields, with_lookups  # noqa: F401
from .elements import ElementContext, compile_element, unknown_printed
from .fonts import FontBook
from .items import Face, Item, item_bounds
from .overrun import SLACK, card_overrun, extent, page_box_words, page_overrun


@dataclass
class BuildEnv:
    """What every face of a kit's build shares."""

    project: Path
    kit_dir: Path
    fonts: FontBook
    icons: IconLibrary
    french: bool
    tables: dict
    layout_refs: Callable[[str], dict]  # layout name -> {element name -> Ref}, asked only for problems
    skip: frozenset = frozenset()  # (layout, element) pairs whose definition is broken (reported there)
    min_text: float = 6.0  # text printed smaller is a warning (game.yaml `min_text_size`)
    rules: dict = field(default_factory=dict)  # the values of `{rules.…}` templates (pnp.rules.printed)
    inspect: Callable | None = None  # (layout, parts, face, where) -> warnings (layout.inspect.FaceInspector)
    paper: str = "a4"  # the build's paper, named when a page's element runs past its content box
    language: str = ""  # the kit's (game.yaml `language`): how numbers are written; "" for English or French by `french`
    saver: bool = False  # an ink-saving build (`--ink saver`): faces go through layout.saver

    def bound(self, fields: Mapping[str, object]) -> tuple[Mapping[str, object], list[tuple[str, str]]]:
        """A card's or page's fields, each text that names `{rules.…}` (or `{players.…}`) filled from the rules values
        (its other `{…}` left as written); the problems, as (field name, what)."""
        texts = {name: value for name, value in fields.items() if isinstance(value, str) and names_printed(value)}
        if not texts:
            return fields, []
        out, problems = dict(fields), []
        for name, text in texts.items():
            out[name], missing, unprintable = fill(text, self.rules, self.french, only=PRINTED)
            problems += [(name, unknown_printed(m, self.rules)) for m in missing]
            problems += [(name, p.what) for p in unprintable]
        return out, problems


CACHE_SIZE = 2048  # compiled values kept per element of a layout (repeated values: copies, shared texts)


class FaceBuilder:
    def __init__(self, env: BuildEnv, layout: Layout, size: tuple[float, float], bleed: float):
        self.env, self.layout = env, layout
        self.width, self.height = size
        self.bleed = bleed
        self.elements = {n: e for n, e in layout.elements.items() if (layout.name, n) not in env.skip}
        self.static = {name: is_static(e) for name, e in self.elements.items()}
        self._fields = {name: face_reads(template_fields(e), layout.maps) for name, e in self.elements.items()
                        if not self.static[name]}
        self._lookups = lookups(layout)
        self._lookup_names = {n for names in self._lookups.values() for n in names}
        self._outside: set[str] = set()  # elements already reported outside the bleed
        self._shared: dict[str, tuple[tuple[Item, ...], list[Problem]]] = {}
        self._shared_parts: dict[str, list[tuple[str, tuple[Item, ...]]]] = {}  # a shared layer, element by element
        self._compiled: dict[str, dict[object, tuple[tuple[Item, ...], list[Problem]]]] = {
            name: {} for name in self._fields}  # per element: one whose values never repeat (a title) evicts none of another's
        self._static_face: Face | None = None
        self._context: ElementContext | None = None  # the last face's
        self._colours: dict[str, tuple[tuple[float, float, float] | None, Problem | None]] = {}  # literal colours
        self._plan = self._make_plan()
        self._steps = [self._step(key, names) for key, names in self._plan]
        self.background, problem = colour(layout.background, layout.palette)
        self._misdrawn = problem is not None  # the background or a shared layer drawn otherwise than written
        # (an error: a colour fallen back): every face is, and none is inspected
        self._pending = placed([problem], f"layout {layout.name!r}, background", self._layout_ref("background")
                               ) if problem else []

    def build(self, values: dict, where: object, ref: Ref) -> tuple[Face, list[Problem]]:
        """The face for `values` and its problems; the layout's own problems come with the first."""
        if self._fields or self._static_face is None:
            face, problems = self._build(values, where, ref)
            if not self._fields:  # every element static: the same face for every card (a shared back)
                self._static_face = face
        else:
            face, problems = self._static_face, []
        problems, self._pending = self._pending + problems, []
        return face, problems

    def fixed(self) -> Face | None:
        """The face of a layout that reads no value, once laid out and its problems told (what
        `build` would answer for any values), else None."""
        return self._static_face if not self._fields and not self._pending else None

    def _layout_ref(self, key: str) -> Ref:
        """Where the layout's `key` is written, as near as its elements' refs tell: the layout's
        own file (or a parent's, when it has no element of its own)."""
        refs = [r for r in self.env.layout_refs(self.layout.name).values() if r.path]
        own = [r for r in refs if r.path[0] == self.layout.name] or refs
        return Ref(own[0].file, (own[0].path[0], key)) if own else Ref("layouts")

    def _build(self, values: dict, where: object, ref: Ref) -> tuple[Face, list[Problem]]:
        layers: list[tuple[str | None, tuple[Item, ...]]] = []
        parts: list[tuple[str, tuple[Item, ...]]] = []  # (element name, items) in drawing order
        problems: list[Problem] = []
        misdrawn = False  # (an element of this face whose problems include an error)
        values, missing = with_lookups(values, self._lookup_names, self.layout.maps) if self._lookups else (values, {})
        for key, names, element, name, conditional, one in self._steps:
            if key is not None:  # a run of static elements: one shared layer
                layers.append((key, self._shared_items(key, names, problems)))
                parts += self._shared_parts[key]
                continue
            if conditional and not shown(element, values):
                continue
            gaps = [missing[n] for n in self._lookups.get(name, ()) if n in missing] if missing else None
            known = None if gaps or one is None else self._compiled[name].get(_one_key(values.get(one, _ABSENT)))
            if known is not None:  # (the common case, inline: an element of one field, compiled before)
                items, found, fresh = known[0], known[1], False
            else:
                items, found, fresh = ((), gaps, False) if gaps else self._dynamic(name, element, values)
            if found:
                problems += self._problems(found, f"{where}, element {name!r}", ref)
                misdrawn = misdrawn or _errors(found)
            if fresh:  # laid out anew: where it lands is checked once per distinct layout
                problems += self._outside_bleed(name, items, where)
            layers.append((None, items))
            parts.append((name, items))
        face = Face(self.width, self.height, self.bleed, tuple(layers), self.background)
        if self.env.saver:  # the print as it comes out: the checks below judge it
            face, parts = self._saved(face, parts)
        if self.env.inspect is not None and not (misdrawn or self._misdrawn):  # (drawn otherwise than written)
            problems += self.env.inspect(self.layout, parts, face, where)
        return face, problems

    def _saved(self, face: Face, parts: list[tuple[str, tuple[Item, ...]]]) -> tuple[Face, list]:
        """The face as an ink-saving print draws it (layout.saver), its layers grouped as laid out."""
        from .saver import SaverPlan, saved

        groups, at = [], 0
        for key, _ in face.layers:
            count = len(self._shared_parts[key]) if key is not None else 1
            groups.append((key, parts[at:at + count]))
            at += count
        return saved(face, groups, SaverPlan.of(self.layout))

    def _problems(self, found: list[Problem], where: str, ref: Ref) -> list[Problem]:
        """An element's problems where the face says (`told` ones left out: reported at their cause)."""
        return placed(found, where, ref)

    def _outside_bleed(self, name: str, items: Sequence[Item], first: object = None) -> list[Problem]:
        """A warning, once per element, when what it draws runs past the box it is clipped to: a
        card's bleed box, a page's content box (its text counted by its lines)."""
        if name in self._outside or not items:
            return []
        card = self.layout.kind == "card"
        span = item_bounds(items[0]) if card and len(items) == 1 else extent(items, ink=not card)  # (the same)
        if span is None:
            return []
        b, w, h = self.bleed, self.width, self.height
        if card and max(-b - span[1], span[3] - (h + b), -b - span[0], span[2] - (w + b)) <= SLACK:
            return []  # inside the bleed box (overrun.sides_past finds no side): checked on every fresh compile
        what = card_overrun(span, (-b, -b, w + b, h + b)) if card else page_overrun(span, (w, h), self._box_words())
        if what is None:
            return []
        self._outside.add(name)
        ref = self.env.layout_refs(self.layout.name).get(name, Ref("layouts"))
        on = f" (first on {first})" if first is not None else ""  # (the face it is first found on, in words only now)
        return [Problem(what, f"layout {self.layout.name!r}, element {name!r}{on}", ref, severity="warning")]

    def _box_words(self) -> str:
        """The page's box in words: its content box on the build's paper, or its own size."""
        own = self.layout.page_size() is not None
        return page_box_words((self.width, self.height), None if own else self.env.paper, self.layout.margin,
                              self.layout.orientation == "landscape")

    def _step(self, key: str | None, names: tuple[str, ...]) -> tuple:
        """A step of the plan as `_build` reads it: its key, names, first element and that one's
        name, whether it has a condition, and the field it reads when it reads one alone."""
        element = self.elements[names[0]]
        fields = self._fields.get(names[0], ())
        return (key, names, element, names[0], bool(element.when or element.unless),
                fields[0] if key is None and len(fields) == 1 else None)

    def _make_plan(self) -> list[tuple[str | None, tuple[str, ...]]]:
        """Runs of static elements (keyed shared layers) and single dynamic elements, in order."""
        plan: list[tuple[str | None, tuple[str, ...]]] = []
        group: list[str] = []
        for name in self.elements:
            if self.static[name]:
                group.append(name)
                continue
            if group:
                plan.append((f"{self.layout.name}:{group[0]}..{group[-1]}", tuple(group)))
                group = []
            plan.append((None, (name,)))
        if group:
            plan.append((f"{self.layout.name}:{group[0]}..{group[-1]}", tuple(group)))
        return plan

    def _shared_items(self, key: str, names: tuple[str, ...], problems: list[Problem]) -> tuple[Item, ...]:
        if key not in self._shared:
            self._shared[key] = self._shared_layer(list(names))
            problems += self._shared[key][1]
        return self._shared[key][0]

    def _shared_layer(self, names: list[str]) -> tuple[tuple[Item, ...], list[Problem]]:
        items: list[Item] = []
        problems: list[Problem] = []
        parts = self._shared_parts.setdefault(f"{self.layout.name}:{names[0]}..{names[-1]}", [])
        for name in names:
            found_items, found = self._compile(self.elements[name], {})
            items += found_items
            where = f"layout {self.layout.name!r}"
            parts.append((name, tuple(found_items)))
            if found:
                ref = self.env.layout_refs(self.layout.name).get(name, Ref("layouts"))
                problems += self._problems(found, f"{where}, element {name!r}", ref)
                self._misdrawn = self._misdrawn or _errors(found)
            problems += self._outside_bleed(name, found_items)
        return tuple(items), problems

    def _dynamic(self, name: str, element: Element, values: dict) -> tuple[tuple[Item, ...], list[Problem], bool]:
        """An element that depends on the card, compiled once per distinct set of the values it reads
        (the flag: compiled now, not found in the cache)."""
        fields = self._fields[name]
        key = _one_key(values.get(fields[0], _ABSENT)) if len(fields) == 1 else _values_key(fields, values)
        cache = self._compiled[name]
        found = cache.get(key)
        if found is not None:
            return found + (False,)
        items, problems = self._compile(element, values)
        found = (tuple(items), problems)
        if len(cache) >= CACHE_SIZE:
            cache.pop(next(iter(cache)))
        cache[key] = found
        return found + (True,)

    def _compile(self, element: Element, values: dict) -> tuple[list[Item], list[Problem]]:
        return compile_element(element, self.context(values))

    def context(self, values: dict) -> ElementContext:
        """What an element of this layout is compiled with, for a face of `values` (the same
        context for the same values object: the elements of one face share it)."""
        if self._context is not None and self._context.values is values:
            return self._context
        env = self.env
        self._context = ElementContext(values, self.layout, self.width, self.height, env.fonts, env.icons,
                                       env.project, env.kit_dir, env.french, env.tables, env.rules, env.min_text,
                                       self._colours, env.language or ("fr" if env.french else "en"))
        return self._context


_ABSENT = object()  # in a cache key: the face has no such field (not the same as a None value)


_PLAIN = frozenset({str, int, float, bool, type(None)})  # values that are their own key, with their type


def _values_key(fields: Sequence[str], values: Mapping[str, object]) -> tuple:
    """An element's cache key for `values`: `_key` of each field it reads, `_ABSENT` for one the
    face lacks (a loop rather than a generator: it runs for every element of every face)."""
    out: list[object] = []
    for f in fields:
        value = values.get(f, _ABSENT)
        kind = type(value)
        out.append((kind, value) if kind in _PLAIN else value if value is _ABSENT else _key(value))
    return tuple(out)


def _one_key(value: object) -> object:
    """`_values_key` of an element that reads one field (a key of its own cache: never mixed
    with keys of another length)."""
    kind = type(value)
    return (kind, value) if kind in _PLAIN else value if value is _ABSENT else _key(value)


def _key(value: object) -> tuple[object, object]:
    """`value` as a cache key that tells apart values printed differently: True from 1 (and 1.0),
    a mapping from the same mapping in another order."""
    if isinstance(value, dict):
        return dict, tuple((_key(k), _key(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return type(value), tuple(_key(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset, frozenset(_key(v) for v in value)
    return type(value), value


def _errors(found: list[Problem]) -> bool:
    """Whether an element's problems include an error (a `told` one too: a broken palette entry)."""
    return any(p.severity == "error" for p in found)
