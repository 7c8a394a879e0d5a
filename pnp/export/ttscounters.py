"""`pnp export --tts` for the counters printed on a sheet: each one a Tabletop Simulator tile.

Contract: `export_sheet_counters(target)` takes every sheet that is no board (`ttsobject.board_sheets`)
and whose page layout holds `counters` elements, lays out its pages as the build does (on the
paper's content box, turned for a landscape layout), and finds each counter on the page: its cut
outline, the largest square-boxed circle or square of the element (`pieces`; the inner ring is
smaller), and the items within it (`own`). Each distinct counter (the same items: a piece laid out
once and repeated) is drawn alone at 300 dpi as `tts/<sheet>-<element>-<n>.png` (n counting the
element's distinct counters, in the page's order). `tts/<sheet>.json` is a `Bag` of one tile per counter as printed, pages and copies
expanded: a circle tile (type 2) for a round counter, a box (type 0) for a square one, scaled from
its side like every tile (`ttsobject.tile_scale`), named after its element ("pieces 1"), with the
entry of its group (`each: "{familles}"`: "bateliers rouge") when each group has its own picture,
else its number among the element's distinct counters when there are several. Text, dice nets and whatever
else the sheet prints is left out: what TTS gets is the counters.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..layout.face import FaceBuilder
from ..layout.items import Face, Item, Shape, item_bounds
from ..model.kit import Sheet
from ..pipeline.faces import page_values
from .ttsobject import TILE_BOX, TILE_CIRCLE, bag_state, board_sheets, guid, tile_state
from .ttstiles import board_size, pictures, url, write_saved

if TYPE_CHECKING:  # pragma: no cover
    from .run import Target

Box = tuple[float, float, float, float]  # x, y, side, side (points, top-down)


def pieces(items: tuple[Item, ...]) -> list[tuple[str, Box]]:
    """(shape, box) of each counter among a `counters` element's items: its outline, a circle or
    square as large as the element's largest."""
    outlines = [i for i in items if isinstance(i, Shape) and i.kind in ("ellipse", "rect") and abs(i.w - i.h) < 0.01]
    side = max((i.w for i in outlines), default=0.0)
    return [(i.kind, (i.x, i.y, i.w, i.h)) for i in outlines if abs(i.w - side) < 0.01]


def export_sheet_counters(target: "Target") -> None:
    boards = {sheet.name for sheet in board_sheets(target.kit)}
    for sheet in target.kit.sheets:
        layout = target.kit.layouts[sheet.spec.layout]
        names = [n for n, el in layout.elements.items() if el.type == "counters"]
        if sheet.name not in boards and names:
            _Counters(target, sheet, set(names)).write()


class _Counters:
    def __init__(self, target: "Target", sheet: Sheet, names: set[str]):
        self.target, self.sheet, self.names = target, sheet, names
        self.found: list[tuple[str, tuple[Item, ...]]] = []
        env = replace(target.checked.env, inspect=self._collect)
        self.builder = FaceBuilder(env, target.kit.layouts[sheet.spec.layout], board_size(target, sheet), 0.0)
        self.drawn: dict[str, tuple[str, Face]] = {}  # a counter's items, as text -> (its file, its face)
        self.counts: dict[str, int] = {}  # distinct counters of each element so far
        self.tiles: list[dict] = []

    def _collect(self, layout: object, parts: list, face: object, where: object) -> list:
        self.found = [(name, items) for name, items in parts if name in self.names]
        return []

    def write(self) -> None:
        kit, sheet = self.target.kit, self.sheet
        for page in sheet.pages:
            values = page_values(kit, page, self.target.checked.env.bound(page.fields)[0])
            # the check laid this page out and told its problems: they are not told twice
            self.builder.build(values, f"kit {kit.name!r}, sheet {sheet.name!r}, page {page.index + 1}", sheet.ref)
            for name, items in self.found:
                self._element(page.index, page.copies, name, items, self._groups(name, values))
        if not self.tiles:
            return
        self._pictures()
        title = sheet.title or sheet.name
        write_saved(self.target, sheet.name, title, bag_state(guid(kit.name, sheet.name), (title, kit.game.title),
                                                               self.tiles))

    def _groups(self, name: str, values: dict) -> list[str]:
        """The entries of the list field an element's `each: "{field}"` names (none without one)."""
        each = getattr(self.target.kit.layouts[self.sheet.spec.layout].elements[name], "each", None)
        entries = values.get(each[1:-1]) if isinstance(each, str) and each.startswith("{") else None
        return [str(entry) for entry in entries] if isinstance(entries, list) else []

    def _element(self, page: int, copies: int, name: str, items: tuple[Item, ...], groups: list[str]) -> None:
        """A tile per counter of element `name` (and per copy of its page), named after its group's
        entry when there is one per distinct counter, else numbered."""
        kit, sheet = self.target.kit, self.sheet
        found = pieces(items)
        files = [self._file(name, own(items, box)) for _, box in found]
        distinct = list(dict.fromkeys(files))
        for n, ((shape, (_, _, side, _)), file) in enumerate(zip(found, files)):
            at = distinct.index(file)
            label = name.replace("-", " ") + (f" {groups[at]}" if len(groups) == len(distinct) > 1 else
                                              f" {at + 1}" if len(distinct) > 1 else "")
            kind = TILE_CIRCLE if shape == "ellipse" else TILE_BOX
            self.tiles += [tile_state(guid(kit.name, sheet.name, str(page), name, str(n), str(c)),
                                      (label, f"{sheet.title or sheet.name} — {kit.game.title}"),
                                      (url(self.target, file),) * 2, (side, side), kind) for c in range(copies)]

    def _file(self, name: str, face: Face) -> str:
        """The file of a counter's picture (one for alike counters: the same items)."""
        key = repr((name, face))
        if key not in self.drawn:
            self.counts[name] = self.counts.get(name, 0) + 1
            self.drawn[key] = (f"{self.sheet.name}-{name}-{self.counts[name]}.png", face)
        return self.drawn[key][0]

    def _pictures(self) -> None:
        """Each distinct counter drawn alone, at 300 dpi."""
        pictures(self.target, self.sheet.name, [(file, face, (face.width, face.height))
                                                for file, face in self.drawn.values()])


def own(items: tuple[Item, ...], box: Box) -> Face:
    """The counter at `box`: the items that lie within it, moved to its corner (rounded to 1/1000 pt:
    the same piece repeated gives the same face), as a face of its own."""
    x, y, side, _ = box
    inside = [i for i in items if _within(item_bounds(i), box)]
    moved = tuple(replace(i, x=float(round(i.x - x, 3)), y=float(round(i.y - y, 3))) for i in inside)
    return Face(side, side, 0.0, ((None, moved),))


def _within(bounds: Box, box: Box, slack: float = 1.0) -> bool:
    x, y, side, _ = box
    return bounds[0] >= x - slack and bounds[1] >= y - slack and bounds[2] <= x + side + slack and \
        bounds[3] <= y + side + slack
