"""The studio's map of a kit: which card lies where on each page, and where each of its elements is.

Contract: `KitMap.open(root, kit_dir, options)` checks the kit as `pnp check` does (while no build runs,
`loop.RUNS`), laid out with
the build's options (`pnp.pipeline.KitRun` without drawing, the exports' way; the only module of the
preview that knows the run, through the pipeline's public names), and keeps the run's context: its
kit, layouts, face environment and sheet plans (`KitContext.plans`). `page(component,
number)` answers the faces on a page of a component's PDF (1-based): for a deck, one per card
copy and side, in its slot (`layout.imposition.page_slots`), the cards of the decks imposed after it
(`imposition.after`) following its own; for a sheet, its page in the content
box (a board, a sheet of its own size: its page, or its tile's part, `layout.tiling.plan_tiles`);
tuck boxes have none (their pieces are `figures`).
`figures(component, number)` answers the faces of the kit's material a rulebook's page shows
(`KitContext.material`: its figures), each with its corners on the page, the card (or sheet page)
it is, where that card's YAML is written and its fields, and where the figure is written; on a
tuck box's page, each piece of its net (showing its art card) with where the box is written.
`face(component, number, slot)` lays that face out again (`layout.face.FaceBuilder`, its elements
handed back through `BuildEnv.inspect`) and answers its elements in drawing order with their box,
what they mark, and each geometry key's value and where it is written (`keys.key_spots`), and the
card's fields with where each is written. Coordinates are points: a face's from the top-left of its
trim box, y down; a slot's trim box on the page from the page's top-left, y down. Every answer is
plain data (JSON).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import Problem, Ref
from ..core.fileio import read_only
from ..core.options import Options
from ..layout.elements import element_box
from ..layout.face import FaceBuilder
from ..layout.imposition import page_slots
from ..layout.items import Item, item_bounds
from ..layout.tiling import plan_tiles
from ..model.kit import Card, Deck, Kit, Sheet
from ..model.units import MM, paper_points
from .keys import key_spots
from .loop import RUNS

if TYPE_CHECKING:  # pragma: no cover
    from ..model.layout import Layout
    from ..pipeline import KitContext, Session


class MapError(LookupError):
    """What the map cannot answer (a page or slot that is not there)."""


@dataclass(frozen=True)
class Placed:
    """One face on a page: a card copy's side in its slot, or a sheet's page in its content box."""

    slot: int
    layout: str
    card: Card | None  # None for a sheet's page
    copy: int  # the card's copy in the deck (0-based), or the sheet's page index
    back: bool
    trim: tuple[float, float, float, float]  # on the page, top-down points
    rotate: int
    size: tuple[float, float]
    bleed: float
    deck: str | None = None  # the card's deck (a deck imposed after the page's own: its name)

    def head(self) -> dict:
        side = "page" if self.card is None else "back" if self.back else "front"
        return {"slot": self.slot, "layout": self.layout, "side": side, "copy": self.copy,
                "card": self.card.id if self.card else None, "deck": self.deck, "trim": [round(v, 3) for v in self.trim],
                "rotate": self.rotate}


class KitMap:
    def __init__(self, run: "KitContext", session: "Session", root: Path):
        self.run, self.session, self.root = run, session, root
        self.kit: Kit = run.kit
        self._builders: dict[tuple, FaceBuilder] = {}
        self._parts: list[tuple[str, tuple[Item, ...]]] = []

    @classmethod
    def open(cls, root: Path, kit_dir: Path, options: Options) -> "KitMap":
        from ..pipeline import KitRun, open_project

        with RUNS, read_only():
            session = open_project(root)
            run = KitRun(session, kit_dir, options, None, None)
            report = run.run()
        if run.context is None or report.errors:
            raise MapError(f"kit {kit_dir.name!r} does not check cleanly: its pages are not mapped")
        return cls(run.context, session, Path(root))

    def component(self, name: str) -> Deck | Sheet | None:
        found: list[Deck | Sheet] = [*self.kit.decks, *self.kit.sheets]
        return next((c for c in found if c.name == name), None)

    def page(self, component: str, number: int) -> list[Placed]:
        found = self.component(component)
        if isinstance(found, Deck):
            return self._deck_page(found, number)
        if isinstance(found, Sheet):
            return self._sheet_page(found, number)
        return []

    def _deck_page(self, deck: Deck, number: int) -> list[Placed]:
        plan = self.run.plans.get(deck.name)
        if plan is None:
            return []
        decks = (deck, *(d for d in self.kit.decks if d.spec.imposition.after == deck.name))
        copies = [(d, card) for d in decks for card in d.cards for _ in range(card.copies)]
        out = []
        for index, (copy, back, slot) in enumerate(page_slots(plan, len(copies), number - 1)):
            owner, card = copies[copy]
            name = card.back if back else card.layout
            if not name:
                continue
            layout = self.kit.layouts[name]
            w, h = layout.card_size()
            trim = (slot.x, plan.height - slot.y - h, slot.x + w, plan.height - slot.y)
            out.append(Placed(index, name, card, copy, back, trim, slot.rotate, (w, h), layout.bleed, owner.name))
        return out

    def _sheet_page(self, sheet: Sheet, number: int) -> list[Placed]:
        layout = self.kit.layouts[sheet.spec.layout]
        if layout.page_size() is not None:
            return self._board_page(sheet, layout, number)
        index = _page_index(sheet, number)
        width, height = paper_points(self.run.options.paper)
        if layout.orientation == "landscape":
            width, height = height, width
        m = layout.margin
        return [Placed(0, layout.name, None, index, False, (m, m, width - m, height - m), 0,
                       (width - 2 * m, height - 2 * m), 0.0)]

    def _board_page(self, sheet: Sheet, layout: "Layout", number: int) -> list[Placed]:
        """A board (a sheet of its own size): its one centred page, or one of its tiles (the
        assembly map, first of several, shows none), planned as pnp.pipeline.tiled plans it."""
        size = layout.page_size()
        if size is None:
            return []
        options = self.run.options
        plan = plan_tiles(size, paper_points(options.paper), layout.margin, layout.overlap, options.orientation,
                          layout.orientation, options.printer_margin * MM)
        if isinstance(plan, Problem):
            return []
        count = 0
        for page in sheet.pages:
            if number <= count + page.copies * plan.pages:
                tile = (number - count - 1) % plan.pages - (0 if plan.single else 1)
                break
            count += page.copies * plan.pages
        else:
            raise MapError(f"sheet {sheet.name!r} has {count} pages, not {number}")
        if tile < 0:
            return []
        x, y = plan.tiles[tile].to_page(0.0, 0.0)  # the board's top-left corner (PDF, y up)
        top = plan.height - y
        return [Placed(0, layout.name, None, page.index, False, (x, top, x + size[0], top + size[1]), 0,
                       size, 0.0)]

    def figures(self, component: str, number: int) -> list[dict]:
        """The figures' faces on page `number` of a rulebook's PDF, in drawing order."""
        spots = enumerate(p for p in self.run.material.get(component, []) if p.page == number)
        box = next((b for b in self.kit.tuckboxes if b.name == component), None)
        return [{**self._figure(index, spot), **(self._box(box) if box is not None else {})} for index, spot in spots]

    def _box(self, box: Any) -> dict:
        """A tuck box's own lines (its YAML, its deck and art keys), which a click on it opens."""
        keys = [{"name": key, "value": _shown(getattr(box.spec, key)), **self._where(box.ref.child(key))}
                for key in ("deck", "art")]
        return {"box": box.name, "figure_at": self._where(box.ref), "keys": keys}

    def _figure(self, index: int, spot: Any) -> dict:
        deck, sheet = self.kit.deck(spot.component), self.component(spot.component)
        card = next((c for c in deck.cards if c.id == spot.item), None) if deck is not None else None
        if card is not None:
            at, fields = self._where(card.ref), self._card_fields(card)
        else:
            at = self._where(sheet.ref) if sheet is not None else {}
            pages = sheet.pages if isinstance(sheet, Sheet) else ()
            fields = [{"name": k, "value": _shown(v)} for k, v in pages[int(spot.item) - 1].fields.items()] \
                if spot.item.isdigit() and 0 < int(spot.item) <= len(pages) else []
        return {"index": index, "corners": [list(c) for c in spot.corners], "component": spot.component,
                "card": spot.item if card is not None else None, "page": None if card is not None else int(spot.item),
                "side": spot.side, "at": at, "fields": fields,
                "figure_at": {"file": spot.file, "line": spot.line, "col": 1, "cell": None}}

    def placed(self, component: str, number: int, slot: int) -> Placed:
        found = next((p for p in self.page(component, number) if p.slot == slot), None)
        if found is None:
            raise MapError(f"no face in slot {slot} of page {number} of {component!r}")
        return found

    def face(self, component: str, number: int, slot: int) -> dict:
        with RUNS:  # laid out while no build runs
            return self._face(component, number, slot)

    def _face(self, component: str, number: int, slot: int) -> dict:
        place = self.placed(component, number, slot)
        layout = self.kit.layouts[place.layout]
        parts = self._laid_out(component, place)
        elements = [self._element(layout, place, name, items) for name, items in parts]
        return {**place.head(), "component": component, "page": number, "size": [round(v, 3) for v in place.size],
                "bleed": round(place.bleed, 3), "layout_at": self._where(self.session.project.library.ref(place.layout)),
                "fields": self._fields(component, place), "elements": elements}

    def _laid_out(self, component: str, place: Placed) -> list[tuple[str, tuple[Item, ...]]]:
        """The face's elements in drawing order, each with its items, laid out as the build does."""
        from ..pipeline import CardWhere, card_values, page_values

        builder = self._builder(place)
        self._parts = []
        found = self.component(component)
        deck = self.kit.deck(place.deck) if place.deck else None
        if place.card is not None and deck is not None:
            values = card_values(self.kit, deck, place.card, self.run.env.bound(place.card.fields)[0])
            builder.build(values, CardWhere(self.kit.name, deck.name, place.card.id), place.card.ref)
        elif isinstance(found, Sheet):
            page = found.pages[place.copy]
            builder.build(page_values(self.kit, page, self.run.env.bound(page.fields)[0]), "studio", found.ref)
        parts, self._parts = self._parts, []
        return parts

    def _builder(self, place: Placed) -> FaceBuilder:
        """A builder of the run's environment whose faces hand their elements to the map (a new one
        per face for layouts every card shares, which a builder lays out once)."""
        key = (place.layout, place.size, place.bleed)
        builder = self._builders.get(key)
        if builder is None or builder.fixed() is not None:
            env = replace(self.run.env, inspect=self._inspect)
            builder = FaceBuilder(env, self.kit.layouts[place.layout], place.size, place.bleed)
            self._builders[key] = builder
        return builder

    def _inspect(self, layout: "Layout", parts: list, face: object, where: object) -> list:
        self._parts = list(parts)
        return []

    def _element(self, layout: "Layout", place: Placed, name: str, items: tuple[Item, ...]) -> dict:
        element = layout.elements[name]
        w, h = place.size
        box = list(element_box(element, layout, w, h)) if element.type != "line" else \
            _line_box(element, w, h)
        marks = [item_bounds(item) for item in items]
        ink = [min(b[0] for b in marks), min(b[1] for b in marks), max(b[2] for b in marks),
               max(b[3] for b in marks)] if marks else None
        library = self.session.project.library
        return {"name": name, "type": element.type, "box": [round(v, 3) for v in box],
                "ink": [round(v, 3) for v in ink] if ink else None, "rotate": getattr(element, "rotate", 0),
                "named_box": getattr(element, "box", None),
                "at": self._where(library.element_refs(layout.name).get(name, Ref("layouts"))),
                "keys": key_spots(self.root, library, layout, name, element, (w, h),
                                  self.session.project.locators)}

    def _fields(self, component: str, place: Placed) -> list[dict]:
        if place.card is None:
            found = self.component(component)
            fields = found.pages[place.copy].fields if isinstance(found, Sheet) else {}
            return [{"name": k, "value": _shown(v)} for k, v in fields.items()]
        return self._card_fields(place.card)

    def _card_fields(self, card: Card) -> list[dict]:
        return [{"name": k, "value": _shown(v), **self._where(card.field_ref(k))} for k, v in card.fields.items()] + \
            [{"name": "id", "value": card.id, **self._where(card.ref)}]

    def _where(self, ref: Ref) -> dict:
        loc = self.session.project.locators.locate(ref)
        return {"file": loc.file, "line": loc.line, "col": loc.col, "cell": loc.cell}


def _line_box(element: Any, w: float, h: float) -> list[float]:
    x1, y1, x2, y2 = element.x.pt(w), element.y.pt(h), element.x2.pt(w), element.y2.pt(h)
    return [min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1)]


def _page_index(sheet: Sheet, number: int) -> int:
    """The index of the sheet's page that PDF page `number` (1-based) prints (copies repeat it)."""
    count = 0
    for page in sheet.pages:
        count += page.copies
        if number <= count:
            return page.index
    raise MapError(f"sheet {sheet.name!r} has {count} pages, not {number}")


def _shown(value: object) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 200 else text[:199] + "…"


def to_mm(points: float) -> float:
    return round(points / MM, 3)
