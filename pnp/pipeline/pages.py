"""The pages of a sheet component, laid out one by one and drawn copy by copy.

Contract: `sheet_pages(ctx, sheet, builder, opened, per_copy, draw)` lays out each page of the sheet
(`KitContext.page_face`: its problems reported once) with its score tables' wrong formulas
(`formulas.table_problems`, each told once), calls `draw(face, page)` for each of its
copies while the kit has no error and a canvas is open (`per_copy` pages each: one for a page of the
paper, the tiles and assembly map of a larger one), counts them for the progress display, then saves
the file and reports it, kind "sheet", with every page it has (drawn or, for `pnp check`, not).
Shared by the full-page sheet (sheet.py) and the tiled sheet (tiled.py).
"""
from __future__ import annotations

from typing import Callable

from ..layout.face import FaceBuilder
from ..layout.items import Face
from ..model.kit import Page, Sheet
from .context import KitContext, Opened
from .faces import page_values
from .formulas import table_problems


def sheet_pages(ctx: KitContext, sheet: Sheet, builder: FaceBuilder, opened: Opened | None, per_copy: int,
                draw: Callable[[Face, Page], None]) -> None:
    ctx.expect(per_copy * sum(page.copies for page in sheet.pages))
    pages, told = 0, set()
    library = ctx.session.project.library
    for page in sheet.pages:
        face = ctx.page_face(builder, sheet, page)
        values = page_values(ctx.kit, page, ctx.env.bound(page.fields)[0])  # (its score tables' formulas: once)
        found = [p for p in table_problems(library, sheet.spec.layout, builder, values) if p not in told]
        told.update(found)
        ctx.report(*found)
        for _ in range(page.copies):
            if opened is not None and not ctx.failed:
                draw(face, page)
            pages += per_copy
            ctx.tick(per_copy)
    ctx.save(opened, sheet.name, "sheet", pages)
