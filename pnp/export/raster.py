"""Pictures of faces: vector pages rasterised by PDFium, encoded as plain sRGB PNG files.

Contract: `rasterise(pdf, sizes)` renders page i of the PDF bytes (pages made by
pnp.draw.facepages, each `sizes[i]` pixels at the page's own resolution) and yields a Pillow RGB
image of exactly that many pixels, anti-aliased like a viewer shows the PDF. `extend_edges` carries
a picture's edge pixels outwards (bleed art stopping short of the picture's edge). `png_bytes(image,
dpi)` encodes a picture with the sRGB ICC profile (the colours ReportLab writes are sRGB) and its
resolution (pHYs, so a print service reads 300 dpi), and nothing else: no date, no text chunk; the
profile's own creation date is fixed, so the same picture gives the same bytes. PDFium comes with
the `pypdfium2` wheel (the `export` extra): `MISSING_RASTER` says so when it is absent.
"""
from __future__ import annotations

import io
import math
from functools import lru_cache
from typing import TYPE_CHECKING, Iterator

from ..core.extras import install_hint

if TYPE_CHECKING:  # pragma: no cover
    from PIL import Image

MISSING_RASTER = "pictures need PDFium, the pypdfium2 wheel: " + install_hint("export")
POINTS_PER_INCH = 72.0
_PROFILE_DATE = slice(24, 36)  # the ICC header's creation date and time (six 16-bit numbers)


def available() -> bool:
    try:
        import pypdfium2  # noqa: F401
    except ImportError:
        return False
    return True


def rasterise(pdf: bytes, sizes: list[tuple[int, int]]) -> Iterator:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        for index, (width, height) in enumerate(sizes):
            page = document[index]
            scale = width / page.get_width()
            over_w = math.ceil(page.get_width() * scale) - width
            over_h = math.ceil(page.get_height() * scale) - height
            bitmap = page.render(scale=scale, crop=(0, 0, max(over_w, 0), max(over_h, 0)))
            image = bitmap.to_pil().convert("RGB")
            yield image if image.size == (width, height) else image.resize((width, height))
    finally:
        document.close()


@lru_cache(maxsize=1)
def srgb_profile() -> bytes:
    """Little CMS's sRGB profile, dated 2000-01-01 00:00:00 instead of the moment it is made."""
    from PIL import ImageCms

    data = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    data[_PROFILE_DATE] = bytes.fromhex("07d0 0001 0001 0000 0000 0000")
    return bytes(data)


def extend_edges(image: Image.Image, box: tuple[int, int, int, int]) -> Image.Image:
    """The picture with the pixels outside `box` (left, top, right, bottom) repeating the box's edge
    rows and columns: bleed art carried out to the picture's edge."""
    left, top, right, bottom = max(box[0], 0), max(box[1], 0), min(box[2], image.width), min(box[3], image.height)
    if (left, top, right, bottom) == (0, 0, image.width, image.height):
        return image
    out = image.copy()
    _spread(out, image.crop((left, top, right, bottom)), left, top)
    return out


def _spread(out: Image.Image, inner: Image.Image, left: int, top: int) -> None:
    """Stretch the edge rows and columns of `inner` (at left, top of `out`) out to the edges of
    `out`, and its corner pixels over the corners."""
    (w, h), (iw, ih) = out.size, inner.size
    right, bottom = left + iw, top + ih
    strips = {(0, 0, iw, 1): (left, 0, right, top), (0, ih - 1, iw, ih): (left, bottom, right, h),
              (0, 0, 1, ih): (0, top, left, bottom), (iw - 1, 0, iw, ih): (right, top, w, bottom)}
    for source, (x0, y0, x1, y1) in strips.items():
        if x1 > x0 and y1 > y0:
            out.paste(inner.crop(source).resize((x1 - x0, y1 - y0)), (x0, y0))
    corners = {(0, 0): (0, 0, left, top), (iw - 1, 0): (right, 0, w, top), (0, ih - 1): (0, bottom, left, h),
               (iw - 1, ih - 1): (right, bottom, w, h)}
    for corner, (x0, y0, x1, y1) in corners.items():
        colour = inner.getpixel(corner) if x1 > x0 and y1 > y0 else None  # (Pillow's None: an image without bands)
        if colour is not None:
            out.paste(colour, (x0, y0, x1, y1))


def png_bytes(image: Image.Image, dpi: float) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", icc_profile=srgb_profile(), dpi=(dpi, dpi), compress_level=6)
    return buffer.getvalue()
