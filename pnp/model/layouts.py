"""The layout library: every `layouts/*.yaml` of a project, with `extends` resolved.

Contract: `LayoutLibrary.load(root, locators)` reads each YAML file of `layouts/` (a mapping of
layout name to layout) and records problems (duplicate names across files, non-mapping entries).
`get(name, ref)` resolves `extends` — one parent or a list, merged left to right, then the child;
`palette`, `icons` and `maps` merge key by key; `elements` merge by element name, keeping the
parent's order, a child's element overriding only the keys it gives, `null` removing it — and
validates the result as a `Layout` (a `table` element's name follows pnp.model.names's rule).
Cycles, unknown parents and chains of more than `MAX_EXTENDS` layouts are problems located at the
`extends` value; each layout is merged once (a diamond of parents costs no more than a chain).
Every merged value keeps the `Ref` of the file it came from, so errors point at the right line.
`needed(names)` (those layouts and all they extend), `file_of(name)`, `written(name)` and
`defined_in(file)` say which files a kit's layouts come from and what they write (`pnp new --from`
a kit of another project brings them).
A layout file is read through `pnp.sources.files` (one leaving the project through
a symbolic link is a problem).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable, TypeVar

from ..core.errors import Problem, Ref, suggest
from ..sources import LocatorRegistry, load_yaml
from ..sources.files import InputError, inside
from ..sources.parsecache import ParseCache
from .layout import Counters, Layout, Table
from .names import RULE, is_name, slug
from .schema import Model
from .validate import validate

M = TypeVar("M", bound=Model)

_MERGED_BY_KEY = ("palette", "icons", "maps")
MAX_EXTENDS = 16  # layouts in one `extends` chain


@dataclass
class _Raw:
    """A layout's mapping as read, with where it was written."""

    data: dict
    ref: Ref


@dataclass
class _Merged:
    """A layout's mapping with the layouts it extends merged in, and where each part was written."""

    data: dict
    origins: dict[tuple, Ref] = field(default_factory=dict)

    def ref_for(self, path: tuple, default: Ref) -> Ref:
        for cut in range(len(path), -1, -1):
            found = self.origins.get(tuple(path[:cut]))
            if found is not None:
                return found.child(*path[cut:])
        return default


class LayoutLibrary:
    def __init__(self) -> None:
        self._raw: dict[str, _Raw] = {}
        self._memo: dict[str, _Merged] = {}
        self.problems: list[Problem] = []
        self._merges: dict[str, tuple[_Merged, list[Problem], int]] = {}  # merged once: with its problems
        # and the length of its longest `extends` chain
        self._resolved: dict[tuple, tuple] = {}  # (name, where, model) -> what `get` answered

    @classmethod
    def load(cls, root: Path, locators: LocatorRegistry, cache: ParseCache | None = None) -> "LayoutLibrary":
        library = cls()
        folder = root / "layouts"
        for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
            display = path.relative_to(root).as_posix()
            try:
                library._load_file(inside(root, path), display, locators, cache)
            except InputError as exc:
                library.problems.append(Problem(str(exc), "layouts", Ref(display)))
        return library

    def add(self, name: str, data: dict, ref: Ref) -> None:
        self._raw[name] = _Raw(data, ref)
        self._memo.clear()
        self._merges.clear()
        self._resolved.clear()

    def _load_file(self, path: Path, display: str, locators: LocatorRegistry, cache: ParseCache | None) -> None:
        data, locator, problems = load_yaml(path, display, cache)
        locators.add(locator)
        self.problems += problems
        if data is None:
            return
        if not isinstance(data, dict):
            self.problems.append(Problem("a layout file maps layout names to layouts", "layouts",
                                         Ref(display)))
            return
        for name, body in data.items():
            self._add_checked(str(name), body, Ref(display, (name,)))

    def _add_checked(self, name: str, body: object, ref: Ref) -> None:
        if name in self._raw:
            first = self._raw[name].ref.file
            self.problems.append(Problem(f"layout {name!r} is already defined in {first}", "layouts", ref))
        elif not isinstance(body, dict):
            self.problems.append(Problem("a layout is a mapping of keys", f"layout {name!r}", ref))
        else:
            self.add(name, body, ref)

    def __contains__(self, name: object) -> bool:
        """Whether a layouts file of the project defines a layout so named (valid or not)."""
        return name in self._raw

    def needed(self, names: Iterable[str]) -> list[str]:
        """`names` and every layout they extend, known ones only, each once (sorted)."""
        found: set[str] = set()
        todo = list(names)
        while todo:
            name = todo.pop()
            if name in self._raw and name not in found:
                found.add(name)
                todo += _parents(self._raw[name].data.get("extends"))
        return sorted(found)

    def file_of(self, name: str) -> str:
        """The file (`layouts/x.yaml`, from the project root) that defines the known layout `name`."""
        return self._raw[name].ref.file

    def written(self, name: str) -> dict:
        """The known layout `name`'s mapping as its file writes it (its `extends` not merged)."""
        return self._raw[name].data

    def defined_in(self, file: str) -> list[str]:
        """The layouts that `file` (`layouts/x.yaml`) defines, in its order."""
        return [name for name, raw in self._raw.items() if raw.ref.file == file]

    def get(self, name: str, ref: Ref, where: str = "layout", model: type[M] = Layout) -> tuple[M | None, list[Problem]]:  # type: ignore[assignment]
        """The resolved layout `name`, or the problems that prevent it (`where` names the key that
        names it, `deck.back`); `model` validates it (a rulebook's style is no card or page layout)."""
        if name not in self._raw:
            return None, [self.unknown("unknown layout", name, where, ref)]
        known = self._resolved.get((name, where, model))  # (a resident's library: every build asks again)
        if known is not None:
            return known[0], list(known[1])
        found = self._resolve(name, where, model)
        self._resolved[(name, where, model)] = found
        return found[0], list(found[1])

    def _resolve(self, name: str, where: str, model: type[M]) -> tuple[M | None, list[Problem]]:
        problems: list[Problem] = []
        merged = self._merge(name, (), problems)
        if merged is None or problems:
            return None, problems
        layout, errors = validate(model, {**merged.data, "name": name}, self._raw[name].ref, f"layout {name!r}")
        errors = [self._relocate(p, merged, name) for p in errors] + self._table_names(layout, merged, name)
        return (None if errors else layout), errors

    def _table_names(self, layout: object, merged: _Merged, name: str) -> list[Problem]:
        """A table's name names its CSV files, worksheets and form fields (pnp.export.sheets), a
        counters element's its Tabletop Simulator pictures (pnp.export.ttscounters): they follow
        pnp.model.names's rule, refused at their key."""
        elements = getattr(layout, "elements", None) or {}
        named = {Table: "a table's name names its spreadsheet files and its form's fields",
                 Counters: "a counters element's name names its Tabletop Simulator pictures"}
        return [Problem(f"{what}: {RULE}", f"layout {name!r}.elements",
                        merged.ref_for(("elements", elem), self._raw[name].ref),
                        got=elem, suggestion=slug(elem), at_key=True)
                for elem, element in elements.items()
                for kind, what in named.items() if isinstance(element, kind) and not is_name(elem)]

    def unknown(self, what: str, name: str, where: str, ref: Ref) -> Problem:
        """The problem of a layout name no `layouts/*.yaml` defines: the closest name, else how many
        layouts were looked through."""
        hint = suggest(name, sorted(self._raw))
        what = what if hint else f"{what}: none of the {len(self._raw)} layouts of layouts/*.yaml is named so"
        return Problem(what, where, ref, got=name, suggestion=hint)

    def element_refs(self, name: str) -> dict[str, Ref]:
        """Where each element of layout `name` (extends resolved) was last defined."""
        if name not in self._raw:
            return {}
        merged = self._merged(name)
        base = self._raw[name].ref
        return {elem: merged.ref_for(("elements", elem), base) for elem in merged.data.get("elements") or {}}

    def ref(self, name: str, *path: str | int) -> Ref:
        """Where the value at `path` of layout `name` (extends resolved) is written: in the layout
        itself or in the parent it comes from (`ref("card", "palette", "rouge")`)."""
        if name not in self._raw:
            return Ref("layouts", (name,) + path)
        return self._merged(name).ref_for(tuple(path), self._raw[name].ref)

    def _merged(self, name: str) -> _Merged:
        """The merge of layout `name` (problems dropped: `get` reports them), made once."""
        if name not in self._memo:
            self._memo[name] = self._merge(name, (), []) or _Merged({})
        return self._memo[name]

    def _relocate(self, problem: Problem, merged: _Merged, name: str) -> Problem:
        base = self._raw[name].ref
        path = problem.ref.path[len(base.path):] if problem.ref else ()
        return replace(problem, ref=merged.ref_for(tuple(path), base))

    def _merge(self, name: str, chain: tuple[str, ...], problems: list[Problem]) -> _Merged | None:
        if name not in self._merges:
            own: list[Problem] = []
            merged, height = self._merge_once(name, chain, own)
            if height == MAX_EXTENDS + 1:
                own.append(Problem(f"extends a chain of more than {MAX_EXTENDS} layouts", f"layout {name!r}",
                                   self._raw[name].ref.child("extends")))
            self._merges[name] = (merged, own, height)
        merged, found, _ = self._merges[name]
        problems += [p for p in found if p not in problems]
        return merged

    def _merge_once(self, name: str, chain: tuple[str, ...], problems: list[Problem]) -> tuple[_Merged, int]:
        raw = self._raw[name]
        merged = _Merged({}, {})
        height = 1
        for parent in _parents(raw.data.get("extends")):
            base = self._parent(parent, name, chain, problems)
            if base is not None:
                _merge_into(merged, base.data, base.origins)
                height = max(height, self._merges[parent][2] + 1)
        own = {k: v for k, v in raw.data.items() if k != "extends"}
        _merge_into(merged, own, _deep_origins(own, raw.ref))
        return merged, height

    def _parent(self, parent: str, name: str, chain: tuple, problems: list[Problem]) -> _Merged | None:
        ref = self._raw[name].ref.child("extends")
        if parent in chain + (name,):
            cycle = " -> ".join(chain + (name, parent))
            problems.append(Problem(f"layouts extend each other in a cycle: {cycle}", f"layout {name!r}", ref))
            return None
        if parent not in self._raw:
            problems.append(self.unknown("extends an unknown layout", parent, f"layout {name!r}", ref))
            return None
        if len(chain) > MAX_EXTENDS:  # (reported where the chain first grew too long)
            return None
        return self._merge(parent, chain + (name,), problems)


def _parents(value: object) -> list[str]:
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _deep_origins(data: dict, ref: Ref) -> dict[tuple, Ref]:
    out: dict[tuple, Ref] = {}
    for key, value in data.items():
        out[(key,)] = ref.child(key)
        if key in _MERGED_BY_KEY and isinstance(value, dict):
            out.update({(key, entry): ref.child(key, entry) for entry in value})
        if key == "elements" and isinstance(value, dict):
            for elem, body in value.items():
                out[(key, elem)] = ref.child(key, elem)
                for prop in body if isinstance(body, dict) else ():
                    out[(key, elem, prop)] = ref.child(key, elem, prop)
    return out


def _merge_into(merged: _Merged, data: dict, origins: dict[tuple, Ref]) -> None:
    for key, value in data.items():
        if key in _MERGED_BY_KEY and isinstance(value, dict) and isinstance(merged.data.get(key), dict):
            merged.data[key] = {**merged.data[key], **value}
        elif key == "elements" and isinstance(value, dict) and isinstance(merged.data.get(key), dict):
            merged.data[key] = _merge_elements(merged.data[key], value)
        else:
            merged.data[key] = value
    merged.origins.update(origins)


def _merge_elements(base: dict, child: dict) -> dict:
    out = dict(base)
    for name, body in child.items():
        if body is None:
            out.pop(name, None)
        elif isinstance(body, dict) and isinstance(out.get(name), dict):
            out[name] = {**out[name], **body}
        else:
            out[name] = body
    return out
