"""SVG art drawn with svglib, from a tree pnp sanitized: svglib opens no file and looks up no font.

Contract: `drawing(path, root, fonts)` reads the SVG at `path` through `pnp.sources.svg.load_svg`
(confined to the project `root`, sanitized; an `InputError` when it is refused or changed) and
returns a fresh ReportLab drawing of a copy of its tree (svglib writes into the tree it renders),
whose width and height are finite and positive (else `SvgError`). svglib's font lookup is answered
from the project's fonts (`fonts`, a `FontBook`: a family the project lacks is set in its default
family; without one, in the canvas's initial font), so it never searches the system's fonts nor
runs fc-match. The raster pictures the SVG embeds (PNG and JPEG `data:` URIs, which the sanitizer
checked whole) are drawn as image XObjects: ReportLab's inline images cannot be written into a
form with binary streams, so svglib's `Image` nodes are replaced by `_Raster` nodes that draw them
with `drawImage` (on a CMYK canvas, as CMYK pixels through its `pnp.colour.convert.CmykInk`). What
svglib logs while it renders (a warning or worse: content it skips or draws otherwise than written)
is never printed: the first message becomes an `SvgError`. Imported only when an SVG is drawn.
"""
from __future__ import annotations

import copy
import logging
import math
from pathlib import Path
from typing import Any

from reportlab.graphics.shapes import DirectDraw, Drawing, Group, Image

from ..sources.svg import SvgError, load_svg
from .images import GREY_MODES

_BOLD = ("bold", "bolder", "600", "700", "800", "900")


def drawing(path: Path, root: Path, fonts: Any = None) -> Drawing:
    from svglib.svglib import SvgRenderer

    safe = load_svg(root, path)
    renderer = SvgRenderer(str(path), font_map=_FontMap(fonts), external_reference_root=str(root))
    with _Told() as told:
        made = renderer.render(copy.deepcopy(safe.root))
    if told.said:  # what svglib logs it skips or draws otherwise than written: never printed raw
        raise SvgError(f"{path.name}: svglib cannot draw it as written ({told.said[0][:120]})")
    if not all(math.isfinite(v) and v > 0 for v in (made.width, made.height)):
        raise SvgError(f"{path.name} has no size svglib can draw (check its width, height and viewBox)")
    _rasters(made)
    return made


class _Told(logging.Handler):
    """While svglib renders, what it logs (a warning or worse: content it skips, a colour it cannot
    read) is kept here instead of being printed, for the caller to report."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.said: list[str] = []
        self.logger = logging.getLogger("svglib")

    def emit(self, record: logging.LogRecord) -> None:
        self.said.append(record.getMessage())

    def __enter__(self) -> "_Told":
        self.kept = self.logger.propagate
        self.logger.addHandler(self)
        self.logger.propagate = False
        return self

    def __exit__(self, *exc: object) -> None:
        self.logger.removeHandler(self)
        self.logger.propagate = self.kept


class _FontMap:
    """svglib's font lookup, answered from the project's fonts: svglib neither searches the system's
    fonts nor runs fc-match. A family the project lacks is set in its default family."""

    def __init__(self, fonts: Any):
        self.fonts = fonts

    def find_font(self, font_name: str, weight: str = "normal", style: str = "normal") -> tuple[str, bool]:
        from reportlab import rl_config

        if self.fonts is None or not self.fonts.families:
            return rl_config.canvas_basefontname, True
        family = font_name if font_name in self.fonts.families else self.fonts.default_face().family
        wanted = ("bold" if str(weight).lower() in _BOLD else "") + ("italic" if style in ("italic", "oblique") else "")
        faces, problem = self.fonts.faces(family, frozenset({wanted or "regular"}))
        if problem:
            return self.fonts.default_face().name, False
        return faces[wanted or "regular"].name, family == font_name


class _Raster(DirectDraw):
    """A raster picture of an SVG, drawn as an image XObject (ReportLab's inline images cannot be
    written into a form with binary streams)."""

    def __init__(self, image: Image):
        self.image = image

    def drawDirectly(self, renderer: Any) -> None:  # noqa: N802 (ReportLab's name; its renderPDF._PDFRenderer)
        from reportlab.lib.utils import ImageReader

        i = self.image
        if i.path is None or not hasattr(i.path, "mode"):  # not a PIL image (svglib decodes data: URIs)
            return
        canvas = renderer._canvas  # noqa: SLF001 (svglib's renderer hands no public canvas to its shapes)
        ink = getattr(canvas, "_enforceColorSpace", None)
        if hasattr(ink, "picture") and i.path.mode not in GREY_MODES:  # a CMYK build
            _cmyk_picture(canvas, ink, i)
        else:
            canvas.drawImage(ImageReader(i.path), i.x, i.y, i.width, i.height, mask="auto")

    def copy(self) -> "_Raster":
        return _Raster(self.image)


def _cmyk_picture(canvas: Any, ink: Any, image: Image) -> None:
    """An SVG's picture as CMYK pixels (its alpha a soft mask), named by a digest of its pixels."""
    import hashlib
    import zlib
    from dataclasses import replace

    from .images import Encoded, _flate, draw_unit

    inks, alpha = ink.picture(image.path, "a picture inside SVG art")
    encoded = Encoded(inks.width, inks.height, "DeviceCMYK", 8, ("FlateDecode",), zlib.compress(inks.tobytes(), 6))
    if alpha is not None:
        encoded = replace(encoded, smask=_flate(alpha))
    name = "svgpx" + hashlib.blake2b(inks.tobytes() + (alpha.tobytes() if alpha else b""), digest_size=8).hexdigest()
    canvas.saveState()
    canvas.transform(image.width, 0, 0, image.height, image.x, image.y)
    draw_unit(canvas, name, encoded)
    canvas.restoreState()


def _rasters(node: object) -> None:
    """Replace svglib's raster images by `_Raster` nodes, throughout the drawing."""
    contents = getattr(node, "contents", None)
    if not contents:
        return
    for i, child in enumerate(contents):
        if isinstance(child, Image):
            contents[i] = _Raster(child)
        elif isinstance(child, Group) or hasattr(child, "contents"):
            _rasters(child)
