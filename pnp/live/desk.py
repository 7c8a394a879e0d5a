"""The studio's desk: what the preview page asks of the kits, answered after each build.

Contract: `Studio(root, options)` answers the page's questions about the last build: `page(kit,
component, number)` the faces on a page (and a rulebook page's figures), `face(kit, component, number, slot)` one face's elements
and fields (`studio.KitMap`, made on demand once per build and kit, one at a time), and writes what
the designer changes: `edit(request)` turns new geometry for one element of one face (lengths in
points, the angle in degrees) into edits of the YAML files that define it (`keys.plan_edit`) and
writes them (`edits.History`), `undo()` and `redo()`. `built(number, reports)` is told of each
build (the maps are made again). Answers are plain data; refusals raise `EditError` or `MapError`
with a sentence the page shows. Every method may be called from any thread.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from ..core.options import Options
from ..core.report import KitReport
from .edits import Edit, History
from .keys import geometry_keys, plan_edit
from .studio import KitMap, MapError
from .yamledit import EditError

MAX_KEYS = 8  # geometry keys in one edit


class Studio:
    def __init__(self, root: Path, options: Options):
        self.root = Path(root).resolve()
        self.options = options
        self.history = History(self.root)
        self.build = 0
        self._kits: dict[str, Path] = {}
        self._maps: dict[str, KitMap | MapError] = {}
        self._lock = threading.Lock()

    def built(self, number: int, reports: list[KitReport]) -> None:
        with self._lock:
            self.build = number
            self._kits = {r.kit: self.root / r.path for r in reports if r.kit}
            self._maps = {}

    def map(self, kit: str) -> KitMap:
        with self._lock:
            if kit not in self._kits:
                raise MapError(f"no kit {kit!r} is watched")
            if kit not in self._maps:
                try:
                    self._maps[kit] = KitMap.open(self.root, self._kits[kit], self.options)
                except MapError as error:
                    self._maps[kit] = error
            found = self._maps[kit]
        if isinstance(found, MapError):
            raise found
        return found

    def page(self, kit: str, component: str, number: int) -> dict:
        kit_map = self.map(kit)
        faces = kit_map.page(component, number)
        return {"build": self.build, "kit": kit, "component": component, "page": number,
                "faces": [face.head() for face in faces], "figures": kit_map.figures(component, number)}

    def face(self, kit: str, component: str, number: int, slot: int) -> dict:
        kit_map = self.map(kit)
        with self._lock:  # one layout at a time: a map's builders are not shared between threads
            return {"build": self.build, "kit": kit, **kit_map.face(component, number, slot)}

    def edit(self, request: dict[str, Any]) -> dict:
        kit, component = str(request.get("kit", "")), str(request.get("component", ""))
        number, slot, name = _int(request, "page"), _int(request, "slot"), str(request.get("element", ""))
        values, opened = request.get("values"), request.get("open") or []
        if not isinstance(values, dict) or not values or len(values) > MAX_KEYS or not isinstance(opened, list):
            raise EditError("an edit names an element, its new values and the layouts opened")
        kit_map = self.map(kit)
        place = kit_map.placed(component, number, slot)
        layout = kit_map.kit.layouts[place.layout]
        element = layout.elements.get(name)
        if element is None:
            raise EditError(f"layout {place.layout!r} has no element {name!r}")
        numbers = {str(k): _number(v, k) for k, v in values.items() if str(k) in geometry_keys(element)}
        if len(numbers) != len(values):
            raise EditError(f"element {name!r} has no key {sorted(set(values) - set(numbers))[0]!r} to edit")
        texts = plan_edit(self.root, kit_map.session.project.library, layout, name, element, place.size, numbers,
                          {str(o) for o in opened})
        edit = self.history.apply(texts, f"{', '.join(numbers)} of {name!r}")
        return self._answer(edit)

    def undo(self) -> dict:
        return self._answer(self.history.undo())

    def redo(self) -> dict:
        return self._answer(self.history.redo())

    def _answer(self, edit: Edit) -> dict:
        return {"ok": True, "label": edit.label, "files": [name for name, _, _ in edit.files],
                "history": self.history.counts()}


def _int(request: dict[str, Any], key: str) -> int:
    value = request.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 100_000:
        raise EditError(f"an edit's {key!r} is a whole number")
    return value


def _number(value: object, key: object) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not abs(value) < 1e5:
        raise EditError(f"the new {key} is a number (got {value!r})")
    return float(value)
