"""Faces drawn one to a page, for the exports that turn them into pictures.

Contract: `face_pages(placements, font, image_dpi, image_cache)` returns the bytes of a PDF with
one page per `Placement`: a page of `width` × `height` points with the face drawn at `scale` about
the page's centre (its trim box's centre at the page's), bleed and all (what lies beyond the page is
cut). The PDF is made like a build's (deterministic, bundled fallback font, shared forms), so a
picture rasterised from it shows what the printed card shows.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from ..layout.items import Face
from ..output import make_canvas
from .forms import FormCache
from .paint import Painter


@dataclass(frozen=True)
class Placement:
    face: Face
    width: float
    height: float
    scale: float = 1.0


def face_pages(placements: list[Placement], font: str, image_dpi: int | None = 300,
               image_cache: Path | None = None) -> bytes:
    buffer = io.BytesIO()
    first = placements[0]
    canvas = make_canvas(buffer, (first.width, first.height), font, {})
    painter = Painter(canvas, FormCache(canvas, image_dpi, image_cache))
    for place in placements:
        canvas.setPageSize((place.width, place.height))
        s, face = place.scale, place.face
        canvas.saveState()
        canvas.translate((place.width - face.width * s) / 2, place.height - (place.height - face.height * s) / 2)
        canvas.scale(s, s)
        painter.face(face)
        canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
