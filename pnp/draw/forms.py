"""PDF form XObjects for everything drawn more than once: icons, SVG art, pictures, shared layers.

Contract: a `FormCache` belongs to one canvas and one project (`root`, default: each file's own
folder). `icon(path, rgb)`, `svg(path)` and `image(path, w, h)` return the name of a form of unit
size (1 × 1 point, to be scaled by the caller), creating it on first use. SVGs are read through
`pnp.sources.svg` (untrusted XML, sanitized, confined to the project) and drawn by `svgart` (svglib,
imported only when an SVG is drawn): they stay vectors, an icon is recoloured, and their text is
set in the project's fonts (`fonts`, a `FontBook`). A picture is keyed by the digest of its bytes (read through `pnp.sources.files`) and the
pixel size it is embedded at (`images.target_size` for a box of w × h points at `image_dpi`; None
keeps every picture whole): the same picture in many files is embedded once, and a form already
made at a size at least as large is reused. Pictures are encoded by `images.py`, through its disk
cache when `image_cache` is a folder. `layer(key, box, draw)` records a shared layer once, over
`box` (x0, y0, x1, y1, in points). Form names are counters, so the same input gives the same names
and bytes. A file that changed since it was laid out raises `pnp.sources.files.InputError` (or
`fileio.FileChanged`), which the run reports. On a CMYK canvas (its colour hook a
`pnp.colour.convert.CmykInk`) colour pictures are embedded as CMYK pixels (`images.cmyk_encoded`),
grey ones as they are.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from reportlab.lib.colors import Color

from ..sources.files import read_input
from ..layout.items import RGB

# Pictures (pnp.sources.pictures, .images) are imported by the first image drawn: a deck of shapes
# and text does not load them.

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.graphics.shapes import Drawing

    from .images import ImageStore
    from reportlab.pdfgen.canvas import Canvas


class FormCache:
    def __init__(self, canvas: Canvas, image_dpi: int | None = 300, image_cache: Path | None = None,
                 root: Path | None = None, fonts: Any = None):
        self.canvas = canvas
        self.image_dpi = image_dpi
        self.root, self.fonts = root, fonts
        self._names: dict[tuple, str] = {}
        self._image_cache = image_cache
        self._images: ImageStore | None = None  # made on the first image
        self._image_sizes: dict[str, list[tuple[int, int, str]]] = {}  # digest -> forms made (w, h, name)
        hook = getattr(canvas, "_enforceColorSpace", None)  # a CMYK build's converter (output.make_canvas)
        self.ink = hook if hasattr(hook, "picture") else None

    def _name(self, key: tuple, prefix: str, make: Callable[[str], None]) -> str:
        name = self._names.get(key)
        if name is None:
            name = f"{prefix}{len(self._names)}"
            self._names[key] = name
            make(name)
        return name

    def icon(self, path: str, rgb: RGB) -> str:
        return self._name(("icon", path, rgb), "Ic", lambda n: self._svg_form(n, path, rgb))

    def svg(self, path: str) -> str:
        return self._name(("svg", path), "Sv", lambda n: self._svg_form(n, path, None))

    def image(self, path: str, w: float | None = None, h: float | None = None) -> str:
        from ..sources.pictures import picture_info
        from .images import target_size

        info, digest = picture_info(Path(path))
        size = target_size((info.width, info.height), w, h, self.image_dpi)
        made = self._image_sizes.setdefault(digest, [])
        for mw, mh, name in made:
            if mw >= size[0] and mh >= size[1]:
                return name
        name = self._name(("image", digest, size), "Im", lambda n: self._image_form(n, path, digest, size))
        made.append((*size, name))
        return name

    def layer(self, key: str, box: tuple[float, float, float, float], draw: Callable[[], None]) -> str:
        return self._name(("layer", key), "Ly", lambda n: self._layer_form(n, box, draw))

    def _svg_form(self, name: str, path: str, rgb: RGB | None) -> None:
        from reportlab.graphics import renderPDF

        drawing = self.drawing(path)
        if rgb is not None:
            _paint(drawing, Color(*rgb))
        c = self.canvas
        c.beginForm(name, 0, 0, 1, 1)
        c.scale(1.0 / drawing.width, 1.0 / drawing.height)
        renderPDF.draw(drawing, c, 0, 0)
        c.endForm()

    def drawing(self, path: str) -> Drawing:
        """A fresh svglib drawing of the SVG at `path` (sanitized; its size checked): `svgart.drawing`."""
        from .svgart import drawing

        return drawing(Path(path), self.root or Path(path).parent, self.fonts)

    def _image_form(self, name: str, path: str, digest: str, size: tuple[int, int]) -> None:
        from ..sources.pictures import picture_info
        from .images import GREY_MODES, Encoded, ImageStore, draw_unit

        data = read_input(Path(path))  # the bytes whose digest `image` took, or FileChanged
        info, _ = picture_info(Path(path))
        if self._images is None:
            self._images = ImageStore(self._image_cache)
        if self.ink is not None and info.mode not in GREY_MODES:
            from .images import cmyk_encoded

            encoded: Encoded | None = cmyk_encoded(data, size, self.ink, path)
        else:
            encoded = self._images.get(data, digest, size, info)
        c = self.canvas
        c.beginForm(name, 0, 0, 1, 1)
        if encoded is None:  # what images.py leaves to ReportLab (CMYK JPEGs): embedded whole
            import io

            from reportlab.lib.utils import ImageReader

            c.drawImage(ImageReader(io.BytesIO(data)), 0, 0, 1, 1, mask="auto")
        else:
            draw_unit(c, f"{name}.px", encoded)
        c.endForm()

    def _layer_form(self, name: str, box: tuple[float, float, float, float], draw: Callable[[], None]) -> None:
        c = self.canvas
        c.beginForm(name, *box)
        draw()
        c.endForm()


def _paint(node: Any, colour: Color) -> None:  # a node of a ReportLab drawing
    for child in getattr(node, "contents", []):
        _paint(child, colour)
    if getattr(node, "fillColor", None) is not None:
        node.fillColor = colour
    if getattr(node, "strokeColor", None) is not None:
        node.strokeColor = colour
