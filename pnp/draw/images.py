"""How a picture becomes a PDF image XObject: the only module that knows it.

Contract:
- `target_size(natural, w, h, dpi)` gives the pixel size to embed a picture of `natural` pixels
  drawn in a box of w × h points: its own size, or less when it has more than 1.5 × the pixels the
  box needs at `dpi` (downsampled to `dpi`, never upsampled; `dpi=None` keeps every picture whole).
- `ImageStore(folder).get(data, digest, size, info)` returns an `Encoded` image (size, colour space,
  bits, filters, data and an optional soft mask for alpha) of a picture's bytes, already checked
  whole by `pnp.sources.pictures` (`info`), or None for what it does not handle (CMYK JPEGs): the
  caller then lets ReportLab embed the picture itself. JPEG (grey or RGB) and 8-bit,
  non-interlaced grey or RGB PNGs without transparency pass through untouched when they need no
  resize (DCTDecode; FlateDecode with the PNG predictor). Everything else is decoded with Pillow,
  resized if needed (Lanczos), and stored as RGB or grey pixels, Flate-compressed with PNG row
  filters (Pillow's PNG encoder), alpha as an /SMask image; a downsampled JPEG is stored as a JPEG
  again (quality 92). What is decoded goes to a disk cache in `folder` (None: no cache; the
  user's cache folder in a build, `pnp.core.fileio`), one file per picture, size and encoder
  (`<digest>-<w>x<h>-v<ENCODER_VERSION>-pil<version>.img`): a line of JSON describing the parts
  and the SHA-256 of their bytes, then the bytes; an entry that does not match is made again, and
  so is one whose parts are not whole pictures of the size asked (its pixel data inflated and
  counted, its JPEG frame read), or that is no regular file (`fileio.read_cached`).
  Nothing is written when caches are read-only. Pass-through images are not stored: they cost
  nothing to prepare.
- `cmyk_encoded(data, size, ink, name)` is a colour picture for a CMYK build: decoded, resized
  (Lanczos), converted by `ink` (`pnp.colour.convert.CmykInk`, which records its highest ink under
  `name`) and stored as Flate-compressed DeviceCMYK pixels, alpha as an /SMask; not cached (a CMYK
  build is a print service's, made once). Grey pictures (`GREY_MODES`) stay grey in any build.
- `draw_unit(canvas, name, encoded)` registers the image in the canvas's document and paints it
  over the unit square at the origin (inside the caller's unit form).
The same bytes, size and encoder give the same PDF bytes: no dates, names chosen by the caller.
"""
from __future__ import annotations

import hashlib
import io
import json
import math
import struct
import zlib
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from typing import TYPE_CHECKING, Any

from reportlab.pdfbase import pdfdoc

from ..core.fileio import read_cached, write_atomic, writes_allowed
from ..sources.pictures import PictureInfo

if TYPE_CHECKING:  # pragma: no cover
    from PIL import Image
    from reportlab.pdfgen.canvas import Canvas

ENCODER_VERSION = 1  # part of every cache name: bump when the bytes `_decoded` makes would change
PNG_LEVEL = 1  # zlib level of the Flate data: as fast as ReportLab's level 6 on raw pixels and, with the
# PNG row filters, 20-25 % smaller on photographs; level 6 saves 10 % more in 3-5 x the time
JPEG_QUALITY = 92  # a downsampled JPEG is encoded again as JPEG at this quality
RESAMPLE_ABOVE = 1.5  # downsample only pictures above 1.5 x dpi (450 ppi at 300), as Acrobat Distiller
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True)
class Encoded:
    width: int
    height: int
    colour_space: str  # "DeviceRGB", "DeviceGray" or (a CMYK build's) "DeviceCMYK"
    bits: int
    filters: tuple[str, ...]  # PDF filter names: ("DCTDecode",) or ("FlateDecode",)
    data: bytes
    predictor_colours: int = 0  # > 0: the data are PNG rows with predictor bytes (Predictor 15)
    smask: "Encoded | None" = None  # the alpha channel, a DeviceGray image of the same size


def target_size(natural: tuple[int, int], w: float | None, h: float | None, dpi: int | None) -> tuple[int, int]:
    nw, nh = natural
    if dpi is None or not w or not h:
        return nw, nh
    need_w, need_h = _ceil(abs(w) * dpi / 72.0), _ceil(abs(h) * dpi / 72.0)
    factor = max(need_w / nw, need_h / nh)  # the scale that keeps `dpi` along both sides
    if factor * RESAMPLE_ABOVE >= 1.0:
        return nw, nh
    return max(1, _ceil(nw * factor)), max(1, _ceil(nh * factor))


def _ceil(value: float) -> int:
    return math.ceil(value - 1e-6)  # 237.00000000000003 is 237


def passthrough(data: bytes, info: PictureInfo, size: tuple[int, int]) -> Encoded | None:
    """The picture's own compressed data, when a PDF reader can decode them as they are."""
    w, h = info.width, info.height
    if (w, h) != tuple(size):
        return None
    if info.format == "JPEG" and info.mode in ("RGB", "L"):
        return Encoded(w, h, "DeviceRGB" if info.mode == "RGB" else "DeviceGray", 8, ("DCTDecode",), data)
    if info.format == "PNG" and info.mode in ("RGB", "L"):
        return _png_rows(data)
    return None


def _png_rows(data: bytes) -> Encoded | None:
    """An 8-bit grey or RGB, non-interlaced PNG without tRNS: its IDAT data are a zlib stream of
    filtered rows, which PDF's FlateDecode undoes with /Predictor 15 (PDF 32000-1, 7.4.4.4)."""
    if not data.startswith(_PNG_SIGNATURE):
        return None
    pos, header, idat = 8, None, []
    while pos + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        crc = data[pos + 8 + length:pos + 12 + length]
        if len(body) != length or crc != struct.pack(">I", zlib.crc32(kind + body)):
            return None  # truncated or damaged: let the decoder report or repair it
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"tRNS":
            return None  # a transparent colour: needs a mask
        elif kind == b"IEND":
            break
        pos += 12 + length
    if header is None or not idat:
        return None
    w, h, depth, colour_type, compression, filtering, interlace = header
    if depth != 8 or colour_type not in (0, 2) or compression or filtering or interlace:
        return None
    colours = 3 if colour_type == 2 else 1
    return Encoded(w, h, "DeviceRGB" if colours == 3 else "DeviceGray", 8, ("FlateDecode",), b"".join(idat),
                   predictor_colours=colours)


_OPAQUE = {"1": "L", "L": "L", "P": "RGB", "RGB": "RGB"}  # modes Pillow reads from PNG and JPEG
_ALPHA = {"LA": "LA", "PA": "RGBA", "RGBA": "RGBA", "L": "LA", "P": "RGBA", "RGB": "RGBA"}
_WIDE_GREY = ("I", "I;16", "I;16B", "I;16L")  # 16-bit grey PNGs: Pillow's convert("L") would clip them


def _decoded(data: bytes, size: tuple[int, int]) -> Encoded | None:
    from PIL import Image

    with Image.open(io.BytesIO(data)) as opened:
        img: Image.Image = opened
        jpeg = img.format == "JPEG"
        if img.mode in _WIDE_GREY:
            mode = "L"
            img = img.convert("I").point(lambda v: v * (1 / 257)).convert("L")
        else:
            transparent = img.mode in ("LA", "PA", "RGBA") or "transparency" in img.info
            wanted = _ALPHA.get(img.mode) if transparent else _OPAQUE.get(img.mode)
            if wanted is None:  # CMYK and other modes: ReportLab's own path
                return None
            mode = wanted
            if jpeg and img.size != tuple(size):
                img.draft(img.mode, size)  # decode at 1/2, 1/4 or 1/8 scale when that stays >= size
            img = img.convert(mode) if img.mode != mode else img
        img.load()
    if img.size != tuple(size):
        img = img.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)  # alpha is premultiplied meanwhile
    if jpeg:  # a photograph already lossy: a JPEG again, not pixels 5-10 times the size
        return _jpeg(img)
    alpha = None
    if mode in ("LA", "RGBA"):
        alpha = img.getchannel("A")
        img = img.convert(mode[:-1])
        if alpha.getextrema() == (255, 255):  # an alpha channel with nothing transparent
            alpha = None
    return replace(_flate(img), smask=None if alpha is None else _flate(alpha))


def _jpeg(img: Image.Image) -> Encoded:
    out = io.BytesIO()
    img.save(out, "JPEG", quality=JPEG_QUALITY, subsampling=0)  # 4:4:4: sharp coloured edges in print
    grey = img.mode == "L"
    return Encoded(img.width, img.height, "DeviceGray" if grey else "DeviceRGB", 8, ("DCTDecode",), out.getvalue())


def _flate(img: Image.Image) -> Encoded:
    """Grey or RGB pixels as Flate data with PNG row filters (Pillow's PNG encoder, in C)."""
    img.info.pop("transparency", None)  # no tRNS chunk: transparency is the soft mask's job
    out = io.BytesIO()
    img.save(out, "PNG", compress_level=PNG_LEVEL)
    encoded = _png_rows(out.getvalue())
    assert encoded is not None, "Pillow wrote an 8-bit, non-interlaced PNG"
    return encoded


GREY_MODES = ("1", "L", "LA", "I", "I;16", "I;16B", "I;16L")


def cmyk_encoded(data: bytes, size: tuple[int, int], ink: Any, name: str) -> Encoded:
    from PIL import Image

    with Image.open(io.BytesIO(data)) as opened:
        img: Image.Image = opened
        if img.mode not in ("RGB", "RGBA", "CMYK"):
            img = img.convert("RGBA" if img.mode in ("LA", "PA") or "transparency" in img.info else "RGB")
        img.load()
    if img.size != tuple(size):
        img = img.resize(size, Image.Resampling.LANCZOS, reducing_gap=3.0)
    inks, alpha = ink.picture(img, name)
    pixels = Encoded(inks.width, inks.height, "DeviceCMYK", 8, ("FlateDecode",), zlib.compress(inks.tobytes(), 6))
    return replace(pixels, smask=None if alpha is None else _flate(alpha))


class ImageStore:
    """Pictures encoded (see the module docstring), with a disk cache (a folder, or None for none). A
    missing, damaged or unreadable entry is made again; a cache that cannot be written is only slower."""

    def __init__(self, folder: Path | None):
        self.folder = Path(folder) if folder is not None else None

    def get(self, data: bytes, digest: str, size: tuple[int, int], info: PictureInfo) -> Encoded | None:
        found = passthrough(data, info, size)
        if found is not None or self.folder is None:
            return found or _decoded(data, size)
        entry = self.folder / f"{digest}-{size[0]}x{size[1]}-v{ENCODER_VERSION}-{_pillow()}.img"
        found = _read(entry, size)
        if found is None:
            found = _decoded(data, size)
            if found is not None and writes_allowed():
                _write(entry, found)
        return found


@lru_cache(maxsize=1)
def _pillow() -> str:
    """Pillow's version: another one may resample or compress to other bytes, so it makes new entries
    (a build from the cache then gives the same bytes as one without)."""
    import PIL

    return f"pil{PIL.__version__}"


def _parts(enc: Encoded) -> list[Encoded]:
    return [enc] if enc.smask is None else [enc, enc.smask]


def _write(entry: Path, enc: Encoded) -> None:
    """One JSON line describing the image (and its mask) with the SHA-256 of their bytes, then the bytes."""
    heads = [{"width": p.width, "height": p.height, "colour_space": p.colour_space, "bits": p.bits,
              "filters": list(p.filters), "predictor_colours": p.predictor_colours, "length": len(p.data)}
             for p in _parts(enc)]
    body = b"".join(p.data for p in _parts(enc))
    head = {"version": ENCODER_VERSION, "sha256": hashlib.sha256(body).hexdigest(), "images": heads}
    try:
        write_atomic(entry, json.dumps(head).encode() + b"\n" + body)  # whole or absent
    except OSError:
        pass


def _read(entry: Path, size: tuple[int, int]) -> Encoded | None:
    """The entry's image, or None when it is absent, damaged, not of this encoder, or not a whole
    picture of `size` (its pixel data checked: a crafted entry would draw a broken picture)."""
    try:
        line, _, rest = read_cached(entry).partition(b"\n")
        head = json.loads(line)
        if head["version"] != ENCODER_VERSION or head["sha256"] != hashlib.sha256(rest).hexdigest():
            return None
        parts, pos = [], 0
        for p in head["images"][:2]:
            part = _part(p, rest[pos:pos + p["length"]])
            parts.append(part)
            pos += p["length"]
        if pos != len(rest) or not parts or not all(_whole(part, size) for part in parts):
            return None
    except (OSError, ValueError, KeyError, TypeError, RecursionError, zlib.error):
        return None
    return parts[0] if len(parts) == 1 else replace(parts[0], smask=parts[1])


def _whole(enc: Encoded, size: tuple[int, int]) -> bool:
    """Whether `enc` is a picture of `size` whose data a reader decodes to just its pixels: Flate
    rows (a predictor byte and the pixels of each row), or a JPEG of that size and colours."""
    colours = 3 if enc.colour_space == "DeviceRGB" else 1
    if (enc.width, enc.height) != tuple(size):
        return False
    if enc.filters == ("DCTDecode",):
        return _jpeg_frame(enc.data) == (enc.width, enc.height, colours)
    expected = enc.height * (1 + enc.width * colours)
    inflate = zlib.decompressobj()
    rows = inflate.decompress(enc.data, expected + 1)
    return enc.predictor_colours == colours and len(rows) == expected and inflate.eof and not inflate.unused_data


def _jpeg_frame(data: bytes) -> tuple[int, int, int] | None:
    """(width, height, components) of a JPEG's frame header (SOF0 to SOF2), or None."""
    pos = 2 if data.startswith(b"\xff\xd8") else len(data)
    while pos + 9 < len(data) and data[pos] == 0xFF:
        marker, length = data[pos + 1], struct.unpack(">H", data[pos + 2:pos + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", data[pos + 5:pos + 9])
            return width, height, data[pos + 9] if pos + 9 < len(data) else 0
        pos += 2 + length
    return None


def _part(p: dict, data: bytes) -> Encoded:
    """One image of an entry, its description checked (a ValueError when it is not one pnp writes)."""
    fields = (p["width"], p["height"], p["bits"], p["predictor_colours"], p["length"])
    if not all(type(v) is int and v >= 0 for v in fields) or p["bits"] != 8 or min(p["width"], p["height"]) < 1 \
            or p["colour_space"] not in ("DeviceRGB", "DeviceGray") \
            or p["filters"] not in (["DCTDecode"], ["FlateDecode"]) or p["predictor_colours"] not in (0, 1, 3):
        raise ValueError("not an image entry of pnp")
    return Encoded(p["width"], p["height"], p["colour_space"], 8, tuple(p["filters"]), data, p["predictor_colours"])


def draw_unit(canvas: Canvas, name: str, enc: Encoded) -> None:
    """Paint `enc` over the unit square at the origin of `canvas`, registering it as the image
    XObject `name` (its mask as `name.mask`) in the canvas's document on first use.

    ReportLab has no public call for image data that are already encoded, so this does what
    `Canvas.drawImage` does after reading a file (reportlab/pdfgen/canvas.py, ReportLab 4 and 5):
    - `doc.getXObjectName(name)` is the resource name ("FormXob.<name>") of the object;
    - `doc.Reference(obj, that name)` registers the object (numbered in order of registration, so
      the output stays deterministic) and returns a reference to it (the image's /SMask entry);
    - `canvas._formsinuse` lists the XObjects the current page or form uses: `endForm()` and
      `showPage()` build the /Resources /XObject dictionary from it;
    - `canvas._currentPageHasImages` adds /ImageB /ImageC /ImageI to the page's /ProcSet.
    """
    doc = canvas._doc  # noqa: SLF001 (ReportLab internals, as the docstring says)
    resource = doc.getXObjectName(name)
    if resource not in doc.idToObject:
        smask = None
        if enc.smask is not None:
            smask = doc.Reference(_ImageXObject(enc.smask, None), doc.getXObjectName(name + ".mask"))
        doc.Reference(_ImageXObject(enc, smask), resource)
    canvas._currentPageHasImages = 1  # noqa: SLF001 (ReportLab internals, as the docstring says)
    canvas._formsinuse.append(name)  # noqa: SLF001
    canvas._code.append(f"/{resource} Do")  # noqa: SLF001


class _ImageXObject(pdfdoc.PDFObject):
    """An image XObject stream of `Encoded` data, written as they are. (`pdfdoc.PDFImageXObject`
    reads files itself and cannot carry /DecodeParms, which the PNG predictor needs.)"""

    def __init__(self, enc: Encoded, smask: pdfdoc.PDFObjectReference | None):
        self.enc, self.smask = enc, smask

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        enc = self.enc
        stream = pdfdoc.PDFStream(content=enc.data)
        d = stream.dictionary
        d["Type"] = pdfdoc.PDFName("XObject")
        d["Subtype"] = pdfdoc.PDFName("Image")
        d["Width"], d["Height"], d["BitsPerComponent"] = enc.width, enc.height, enc.bits
        d["ColorSpace"] = pdfdoc.PDFName(enc.colour_space)
        d["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(f) for f in enc.filters])  # so PDFStream adds none
        if enc.predictor_colours:
            parms = pdfdoc.PDFDictionary({"Predictor": 15, "Colors": enc.predictor_colours,
                                          "BitsPerComponent": enc.bits, "Columns": enc.width})
            d["DecodeParms"] = pdfdoc.PDFArray([parms])  # one per filter, as /Filter is an array
        if self.smask is not None:
            d["SMask"] = self.smask
        formatted: bytes = stream.format(document)  # adds /Length
        return formatted
