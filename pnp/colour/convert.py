"""sRGB to CMYK through the bundled ICC profile: vector colours once per value, pictures per pixel.

Contract: `CmykInk(limit)` converts through `profiles/pnp-fogra39-240.icc` (FOGRA39 coated offset,
separated with at most 240 % of ink: `profiles/README.md`) with LittleCMS (`PIL.ImageCms`).
- `cmyk(rgb)` is the CMYK (0..1 each) of an sRGB colour (0..1 each), computed once per colour value
  and kept: relative colorimetric with black point compensation, except that a neutral grey
  (r = g = b) prints with black ink alone, at the lightness the profile gives it, so black text and
  hairlines never need four plates in register (white is no ink at all).
- Calling the object (`ink(colour)`) is ReportLab's colour hook (`Canvas._enforceColorSpace`, which
  `setFillColor`, `setStrokeColor` and their RGB forms call, in canvases and text objects alike): an
  RGB tuple or `Color` in, a `CMYKColor` out (its alpha kept), a CMYK colour unchanged.
- `picture(image)` converts a Pillow picture (any mode; alpha returned apart) to CMYK pixels,
  perceptually (photographs), and records its highest ink (`picture_ink`).
- `prefetch(colours)` converts many colours at once (one picture of them: LittleCMS through Pillow
  costs milliseconds a call, whatever its size), so a run converts its kit's colours before it draws
  (`findings.kit_colours`) and only the colours it meets besides one at a time.
- `coverage(cmyk)` is a colour's total ink in percent (TAC, the sum of its four inks); every colour
  converted whose coverage passes `limit` (the `--ink-limit`, percent) is recorded in `over`
  (rgb -> coverage), pictures in `pictures_over` (a name -> their highest coverage), for the run to
  report (`findings.py`).
"""
from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any, Iterable

from reportlab.lib.colors import CMYKColor, Color

if TYPE_CHECKING:  # pragma: no cover
    from PIL import Image

RGB = tuple[float, float, float]
CMYK = tuple[float, float, float, float]
PROFILE = "pnp-fogra39-240.icc"
OUTPUT_CONDITION = "FOGRA39"  # the characterization the profile is made from (ICC registry name)
OUTPUT_CONDITION_TEXT = "Offset printing, ISO 12647-2:2004/Amd 1, coated paper (FOGRA39), 240 % total ink"
SLACK = 0.5  # percent: 8-bit rounding of four inks, never reported as over the limit


@lru_cache(maxsize=1)
def profile_bytes() -> bytes:
    return files(__package__).joinpath("profiles", PROFILE).read_bytes()


@lru_cache(maxsize=1)
def _transforms() -> tuple[Any, Any, Any]:
    """sRGB -> CMYK (relative colorimetric, black point compensated; perceptual) and CMYK -> Lab."""
    import io

    from PIL import ImageCms

    srgb = ImageCms.createProfile("sRGB")
    press = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    bpc = ImageCms.Flags.BLACKPOINTCOMPENSATION
    vectors = ImageCms.buildTransform(srgb, press, "RGB", "CMYK", ImageCms.Intent.RELATIVE_COLORIMETRIC, flags=bpc)
    photos = ImageCms.buildTransform(srgb, press, "RGB", "CMYK", ImageCms.Intent.PERCEPTUAL)
    proof = ImageCms.buildTransform(press, ImageCms.createProfile("LAB"), "CMYK", "LAB",
                                    ImageCms.Intent.RELATIVE_COLORIMETRIC)
    return vectors, photos, proof


@lru_cache(maxsize=1)
def _black_ramp() -> list[float]:
    """The lightness (L*, 0..100) the press gives black ink alone at 0, 1, ... 255 (of 255)."""
    from PIL import Image, ImageCms

    ramp = Image.frombytes("CMYK", (256, 1), bytes(v for k in range(256) for v in (0, 0, 0, k)))
    lab = ImageCms.applyTransform(ramp, _transforms()[2])
    if lab is None:  # (applyTransform returns None only when told to work in place)
        raise ValueError("LittleCMS converted no picture")
    return [lab.getchannel(0).getpixel((k, 0)) * 100 / 255 for k in range(256)]  # type: ignore[operator]


def _srgb_lightness(v: float) -> float:
    """CIE L* (0..100) of the sRGB grey v (0..1)."""
    linear = v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return 116 * linear ** (1 / 3) - 16 if linear > 216 / 24389 else linear * 24389 / 27


def black_for(v: float) -> float:
    """The black ink (0..1) that prints the sRGB grey v at its lightness, paper to solid black
    mapped as white to black (black point compensation)."""
    ramp = _black_ramp()
    paper, solid = ramp[0], ramp[-1]
    target = solid + _srgb_lightness(v) / 100 * (paper - solid)
    for k in range(1, 256):
        if ramp[k] <= target:
            low, high = ramp[k - 1], ramp[k]
            part = (low - target) / (low - high) if low != high else 0.0
            return round((k - 1 + part) / 255, 4)
    return 1.0


def _byte(v: float) -> int:
    return round(min(1.0, max(0.0, v)) * 255)


def coverage(cmyk: CMYK) -> float:
    return sum(cmyk) * 100


class CmykInk:
    def __init__(self, limit: float = 240.0):
        self.limit = limit
        self._cmyk: dict[RGB, CMYK] = {}
        self._colours: dict[tuple[Any, ...], CMYKColor] = {}
        self.over: dict[RGB, float] = {}
        self.pictures_over: dict[str, float] = {}

    def cmyk(self, rgb: RGB) -> CMYK:
        found = self._cmyk.get(rgb)
        if found is None:
            found = self._cmyk[rgb] = self._convert(rgb)
            if coverage(found) > self.limit + SLACK:
                self.over[rgb] = coverage(found)
        return found

    def prefetch(self, colours: Iterable[RGB]) -> None:
        todo = list(dict.fromkeys(c for c in colours if c not in self._cmyk and not c[0] == c[1] == c[2]))
        if not todo:
            return
        from PIL import Image, ImageCms

        row = Image.frombytes("RGB", (len(todo), 1), bytes(_byte(v) for rgb in todo for v in rgb))
        converted = ImageCms.applyTransform(row, _transforms()[0])
        if converted is None:  # (applyTransform returns None only when told to work in place)
            raise ValueError("LittleCMS converted no picture")
        inks = converted.tobytes()
        for i, rgb in enumerate(todo):
            c, m, y, k = (round(v / 255, 4) for v in inks[4 * i:4 * i + 4])
            found = self._cmyk[rgb] = (c, m, y, k)
            if coverage(found) > self.limit + SLACK:
                self.over[rgb] = coverage(found)

    def _convert(self, rgb: RGB) -> CMYK:
        r, g, b = (min(1.0, max(0.0, v)) for v in rgb)
        if r == g == b:  # a grey: black ink alone
            return (0.0, 0.0, 0.0, black_for(r))
        from PIL import Image, ImageCms

        pixel = Image.new("RGB", (1, 1), (_byte(r), _byte(g), _byte(b)))
        converted = ImageCms.applyTransform(pixel, _transforms()[0])
        c, m, y, k = converted.getpixel((0, 0)) if converted is not None else (0, 0, 0, 0)  # type: ignore[misc]
        return (round(c / 255, 4), round(m / 255, 4), round(y / 255, 4), round(k / 255, 4))

    def __call__(self, colour: Any) -> Any:
        """ReportLab's colour hook: RGB in, CMYKColor out (alpha kept); anything else as it is."""
        if isinstance(colour, CMYKColor):
            return colour
        if isinstance(colour, Color):
            key: tuple[Any, ...] = (colour.red, colour.green, colour.blue, colour.alpha)
        elif isinstance(colour, (tuple, list)) and len(colour) == 3:
            key = (*colour, None)
        else:
            return colour
        found = self._colours.get(key)
        if found is None:
            c, m, y, k = self.cmyk((float(key[0]), float(key[1]), float(key[2])))
            found = self._colours[key] = CMYKColor(c, m, y, k, alpha=key[3])
        return found

    def picture(self, image: Image.Image, name: str) -> tuple[Image.Image, Image.Image | None]:
        """The picture's CMYK pixels and its alpha (None when it has none)."""
        from PIL import ImageCms

        alpha = image.getchannel("A") if image.mode in ("RGBA", "LA", "PA") else None
        if alpha is not None and alpha.getextrema() == (255, 255):
            alpha = None
        converted = image if image.mode == "CMYK" else ImageCms.applyTransform(image.convert("RGB"), _transforms()[1])
        if converted is None:  # (applyTransform returns None only when told to work in place)
            raise ValueError("LittleCMS converted no picture")
        inks = converted
        self.picture_ink(inks, name)
        return inks, alpha

    def picture_ink(self, inks: Image.Image, name: str) -> float:
        """The highest total ink of a CMYK picture, recorded when it passes the limit."""
        from PIL import ImageMath

        c, m, y, k = inks.split()
        total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
        highest = total.getextrema()[1] * 100 / 255
        if highest > self.limit + SLACK:
            self.pictures_over[name] = max(highest, self.pictures_over.get(name, 0.0))
        return float(highest)
