"""`pnp export --tts` for what is no card: boards and round counters as Tabletop Simulator tiles.

Contract: `export_boards(target)` writes, for each board sheet (`ttsobject.board_sheets`: a page
layout of its own size, or a `board` or `track` element on the paper's page, whose size is then the
paper's content box, turned for a landscape layout), `tts/<sheet>-<n>.png` (page n as printed, at
up to 300 dpi and 4 096 px a side) and `tts/<sheet>.json`, a saved object of one `Custom_Tile` box
per page and copy (a `Bag` of them when there are several), scaled from the board's real size.
`export_counters(target, deck)` does the same for a deck of round counters (`ttsobject.card_type`:
a circle): `tts/<deck>-<NNN>.png` per card (its trimmed front), `tts/<deck>-back.png` (the back all
share) or `tts/<deck>-<NNN>-back.png` (backs that differ), and `tts/<deck>.json`, a `Bag` of one
stackable `Custom_Tile` circle per counter as printed, copies expanded, each named from its fields
like a card; a counter without a back shows its front on both sides. Shapes, scales, URLs and the
objects' JSON are `ttsobject.py`'s; the faces are laid out as the build lays them out
(`Target.card_face`, the sheet's page builder) and rasterised by `raster.py`.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Sequence

from ..draw.facepages import Placement, face_pages
from ..model.kit import Deck, Sheet
from ..model.units import paper_points
from ..pipeline.faces import page_values
from .raster import png_bytes, rasterise
from .ttsobject import (TILE_BOX, bag_state, base_url, board_sheets, description, guid, nickname, saved_file,
                        tile_state, tile_type)

if TYPE_CHECKING:  # pragma: no cover
    from ..layout.items import Face
    from .run import Target

DPI, SIDE = 300.0, 4096


def board_size(target: "Target", sheet: Sheet) -> tuple[float, float]:
    """The board's size in points: its layout's own, else the paper's content box."""
    layout = target.kit.layouts[sheet.spec.layout]
    own = layout.page_size()
    if own is not None:
        return own
    width, height = paper_points(target.options.paper)
    if layout.orientation == "landscape":
        width, height = height, width
    return width - 2 * layout.margin, height - 2 * layout.margin


def pixels(size: tuple[float, float]) -> tuple[tuple[int, int], float]:
    """Pixels of a picture of `size` points at 300 dpi, fewer when a side would pass 4 096 px; and its dpi."""
    dpi = min(DPI, SIDE * 72.0 / max(size))
    return (max(1, round(size[0] * dpi / 72.0)), max(1, round(size[1] * dpi / 72.0))), dpi


def export_boards(target: "Target") -> None:
    for sheet in board_sheets(target.kit):
        _board(target, sheet)


def _board(target: "Target", sheet: Sheet) -> None:
    size, kit = board_size(target, sheet), target.kit
    faces = _pages(target, sheet, size)
    names = [f"{sheet.name}-{n}.png" for n in range(1, len(faces) + 1)]
    _pictures(target, sheet.name, list(zip(names, faces)), size)
    title = sheet.title or sheet.name
    tiles = [tile_state(guid(kit.name, sheet.name, str(page.index), str(copy)), (title, kit.game.title),
                        (url(target, name),) * 2, size, TILE_BOX)
             for page, name in zip(sheet.pages, names) for copy in range(page.copies)]
    state = tiles[0] if len(tiles) == 1 else bag_state(guid(kit.name, sheet.name), (title, kit.game.title), tiles)
    write_saved(target, sheet.name, title, state)


def _pages(target: "Target", sheet: Sheet, size: tuple[float, float]) -> list["Face"]:
    """The sheet's pages laid out as the build lays them out (the builder the check used)."""
    builder, kit, faces = target.builder(sheet.spec.layout, size, 0.0), target.kit, []
    for page in sheet.pages:
        values = page_values(kit, page, target.checked.env.bound(page.fields)[0])
        face, found = builder.build(values, f"kit {kit.name!r}, sheet {sheet.name!r}, page {page.index + 1}",
                                    sheet.ref)
        target.problems += found
        faces.append(face)
    return faces


def export_counters(target: "Target", deck: Deck) -> None:
    kit = target.kit
    front = kit.layouts[deck.cards[0].layout]
    size = front.card_size()
    files = _counter_pictures(target, deck, size)
    specs = {name: spec.type for name, spec in deck.spec.specs().items()}
    kind, tiles = tile_type(size, front.radius), []
    for card, (face, back) in zip(deck.cards, files):
        names = (nickname(card.id, card.id == str(card.index + 1), card.fields, specs),
                 description(card.fields, specs))
        urls = (url(target, face), url(target, back or face))
        tiles += [tile_state(guid(kit.name, deck.name, card.id, str(copy)), names, urls, size, kind)
                  for copy in range(card.copies)]
    title = deck.title or deck.name
    write_saved(target, deck.name, title, bag_state(guid(kit.name, deck.name), (title, kit.game.title), tiles))


def _counter_pictures(target: "Target", deck: Deck, size: tuple[float, float]) -> list[tuple[str, str | None]]:
    """Each counter's front and back pictures written (a back all share once); their files, card by card."""
    fronts = [(f"{deck.name}-{card.index + 1:03d}.png", target.card_face(deck, card, card.layout))
              for card in deck.cards]
    backs = [target.card_face(deck, card, card.back) if card.back else None for card in deck.cards]
    shared = len({id(face) for face in backs}) == 1
    back_names = [None if face is None else f"{deck.name}-back.png" if shared else
                  f"{deck.name}-{card.index + 1:03d}-back.png" for card, face in zip(deck.cards, backs)]
    drawn = dict(fronts) | {name: face for name, face in zip(back_names, backs) if name and face}
    _pictures(target, deck.name, list(drawn.items()), size)
    return [(name, back) for (name, _), back in zip(fronts, back_names)]


def _pictures(target: "Target", component: str, named: Sequence[tuple[str, "Face"]], size: tuple[float, float]
              ) -> None:
    """Each face, trimmed to `size`, written as `tts/<name>`."""
    pictures(target, component, [(name, face, size) for name, face in named])


def pictures(target: "Target", component: str, named: Sequence[tuple[str, "Face", tuple[float, float]]]) -> None:
    """Each face, trimmed to its size (points), written as `tts/<name>` at up to 300 dpi (`pixels`)."""
    if not named:
        return
    cells = [pixels(size) for _, _, size in named]
    pdf = face_pages([Placement(face, *size) for _, face, size in named], target.font)
    for (name, _, _), (_, dpi), image in zip(named, cells, rasterise(pdf, [cell for cell, _ in cells])):
        target.write(f"tts/{name}", png_bytes(image, dpi), component, "tts")


def url(target: "Target", name: str) -> str:
    """The URL of `tts/<name>`: `--tts-base` joined with the name, else the file's `file://` URI."""
    base = target.options.tts_base
    return base_url(base) + name if base else target.path(f"tts/{name}").resolve().as_uri()


def write_saved(target: "Target", component: str, title: str, state: dict) -> None:
    """`tts/<component>.json`: the saved object holding `state`."""
    saved = saved_file(f"{target.kit.game.title} — {title}", [state])
    data = json.dumps(saved, indent=1, ensure_ascii=False).encode("utf-8")
    target.write(f"tts/{component}.json", data, component, "tts")
