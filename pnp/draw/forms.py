"""PDF form XObjects for everything drawn more than once: icons, SVG art, pictures, shared layers.

Contract: a `FormCache` belongs to one canvas. `icon(path, rgb)`, `svg(path)` and
`image(path, w, h)` return the name of a form of unit size (1 × 1 point, to be scaled by the
caller), creating it on first use: an icon is recoloured, SVGs stay vectors (svglib). A picture is
keyed by the hash of its bytes (`file_digest`, computed again when the file changes) and the pixel
size it is embedded at (`images.target_size` for a box of w × h points at `image_dpi`; None keeps
every picture whole): the same picture in many files is embedded once, and a form already made at
a size at least as large is reused. Pictures are encoded by `images.py`, through its disk cache
when `image_cache` is a folder. `layer(key, box, draw)` records a shared layer once, over `box`
(x0, y0, x1, y1, in points). Form names are counters, so the same input gives the same names and
bytes.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from reportlab.lib.colors import Color

from ..fileio import file_hash
from .images import ImageStore, draw_unit, per_file_version, target_size


class FormCache:
    def __init__(self, canvas, image_dpi: int | None = 300, image_cache: Path | None = None):
        self.canvas = canvas
        self.image_dpi = image_dpi
        self._names: dict[tuple, str] = {}
        self._images = ImageStore(image_cache)
        self._image_sizes: dict[str, list[tuple[int, int, str]]] = {}  # digest -> forms made (w, h, name)

    def _name(self, key: tuple, prefix: str, make: Callable[[str], None]) -> str:
        name = self._names.get(key)
        if name is None:
            name = f"{prefix}{len(self._names)}"
            self._names[key] = name
            make(name)
        return name

    def icon(self, path: str, rgb) -> str:
        return self._name(("icon", path, rgb), "Ic", lambda n: self._svg_form(n, path, rgb))

    def svg(self, path: str) -> str:
        return self._name(("svg", path), "Sv", lambda n: self._svg_form(n, path, None))

    def image(self, path: str, w: float | None = None, h: float | None = None) -> str:
        digest = file_digest(path)
        size = target_size(path, w, h, self.image_dpi)
        made = self._image_sizes.setdefault(digest, [])
        for mw, mh, name in made:
            if mw >= size[0] and mh >= size[1]:
                return name
        name = self._name(("image", digest, size), "Im", lambda n: self._image_form(n, path, digest, size))
        made.append((*size, name))
        return name

    def layer(self, key: str, box: tuple[float, float, float, float], draw: Callable[[], None]) -> str:
        return self._name(("layer", key), "Ly", lambda n: self._layer_form(n, box, draw))

    def _svg_form(self, name: str, path: str, rgb) -> None:
        from reportlab.graphics import renderPDF

        drawing = _drawing(path) if rgb is None else _recoloured(path, rgb)
        c = self.canvas
        c.beginForm(name, 0, 0, 1, 1)
        c.scale(1.0 / drawing.width, 1.0 / drawing.height)
        renderPDF.draw(drawing, c, 0, 0)
        c.endForm()

    def _image_form(self, name: str, path: str, digest: str, size: tuple[int, int]) -> None:
        encoded = self._images.get(path, digest, size)
        c = self.canvas
        c.beginForm(name, 0, 0, 1, 1)
        if encoded is None:  # what images.py leaves to ReportLab (CMYK JPEGs): embedded whole
            from reportlab.lib.utils import ImageReader

            c.drawImage(ImageReader(path), 0, 0, 1, 1, mask="auto")
        else:
            draw_unit(c, f"{name}.px", encoded)
        c.endForm()

    def _layer_form(self, name: str, box, draw: Callable[[], None]) -> None:
        c = self.canvas
        c.beginForm(name, *box)
        draw()
        c.endForm()


def _parsed(path: str):
    from svglib.svglib import svg2rlg

    drawing = svg2rlg(path)
    if drawing is None:
        raise ValueError(f"{path}: not a drawable SVG")
    return drawing


file_digest = per_file_version(1024)(file_hash)
_drawing = per_file_version(256)(_parsed)  # parsed once per version of the file, never changed


def _recoloured(path: str, rgb):
    """A fresh drawing of `path` with every filled or stroked shape in `rgb`."""
    drawing = _parsed(path)
    _paint(drawing, Color(*rgb))
    return drawing


def _paint(node, colour: Color) -> None:
    for child in getattr(node, "contents", []):
        _paint(child, colour)
    if getattr(node, "fillColor", None) is not None:
        node.fillColor = colour
    if getattr(node, "strokeColor", None) is not None:
        node.strokeColor = colour
