"""What an export makes: its options, the print services' picture presets, and how a card fits one.

Contract: `ExportOptions` is a frozen record of `pnp export`'s options; `cache_key()` names every
option but `out` (with `export|` first, so an export's cache entry is never a build's). `PRESETS`
are the services' pictures: `poker-bleed` (825 × 1125 px: a 2.5 × 3.5 in card and 1/8 in of bleed
at 300 dpi, The Game Crafter and most services) and `poker-mpc` (822 × 1122 px: the same card with
36 px of bleed, MakePlayingCards and PrinterStudio); `custom` takes the card size (default: each
deck's own), the bleed (default: each layout's) and the resolution from the options.
`picture_fit(card, bleed, options)` returns a `PictureFit` (the picture's pixels, the scale that
takes the card to the preset's trim) or the reason the card is refused: a card more than
`TOLERANCE` off the preset's trim is never stretched. Lengths are points. Standard library only.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, fields
from pathlib import Path

POINTS_PER_INCH = 72.0
MM = POINTS_PER_INCH / 25.4
TOLERANCE = 0.02  # a card within 2 % of the preset's trim (each side) is scaled to it


@dataclass(frozen=True)
class Preset:
    name: str
    canvas: tuple[int, int]  # pixels, portrait
    trim: tuple[int, int]  # pixels, portrait
    dpi: int
    services: str


PRESETS = {p.name: p for p in (
    Preset("poker-bleed", (825, 1125), (750, 1050), 300, "The Game Crafter and most services"),
    Preset("poker-mpc", (822, 1122), (750, 1050), 300, "MakePlayingCards, PrinterStudio"),
)}
PRESET_NAMES = tuple(PRESETS) + ("custom",)
FORMATS = ("png", "tts", "sheets", "showcase", "fan", "rules_html")


@dataclass(frozen=True)
class ExportOptions:
    png: bool = False
    tts: bool = False
    sheets: bool = False
    out: Path = Path("output")
    preset: str = "poker-bleed"
    size: tuple[float, float] | None = None  # custom: the card's trim in points (None: each deck's)
    bleed: float | None = None  # custom: points (None: each layout's)
    dpi: int = 300  # custom
    paper: str = "a4"  # the fillable sheets' paper, and the paper the kit is checked on
    tts_base: str | None = None  # TTS pictures' URL prefix (None: file:// URIs of the files)
    showcase: bool = False  # cards side by side, for crowdfunding and forum pages (showcase.py)
    fan: bool = False  # cards fanned as a hand holds them
    cards: tuple[str, ...] = ()  # the cards of the showcase and fan (ids, or deck:id); () each deck's first
    width: int = 1600  # pixels across a showcase or fan picture
    rules_html: bool = False  # each rulebook as one self-contained HTML file

    def cache_key(self) -> str:
        return "export|" + "|".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.name != "out")

    @property
    def formats(self) -> tuple[str, ...]:
        return tuple(name for name in FORMATS if getattr(self, name))


@dataclass(frozen=True)
class PictureFit:
    pixels: tuple[int, int]
    dpi: float
    scale: float  # card -> picture trim
    note: str = ""  # said to the user when the card is scaled

    @property
    def page(self) -> tuple[float, float]:
        """The picture's size in points, the page it is rendered from."""
        width, height = self.pixels
        return width * POINTS_PER_INCH / self.dpi, height * POINTS_PER_INCH / self.dpi

    def art_box(self, size: tuple[float, float], bleed: float) -> tuple[int, int, int, int]:
        """The pixels (left, top, right, bottom) that a card's bleed box covers, centred and scaled."""
        px = self.dpi / POINTS_PER_INCH * self.scale
        w, h = ((side + 2 * bleed) * px for side in size)
        left, top = (self.pixels[0] - w) / 2, (self.pixels[1] - h) / 2
        return (math.ceil(left), math.ceil(top), math.floor(left + w), math.floor(top + h))


def picture_fit(card: tuple[float, float], bleed: float, options: ExportOptions) -> PictureFit | str:
    """How cards of `card` trim size (points) and `bleed` (the custom preset's default) become pictures."""
    if options.preset == "custom":
        return _custom(card, bleed, options)
    preset = PRESETS[options.preset]
    landscape = card[0] > card[1]
    turn = (lambda pair: pair[::-1]) if landscape else (lambda pair: pair)
    trim = tuple(px * POINTS_PER_INCH / preset.dpi for px in turn(preset.trim))
    return _fit(card, trim, turn(preset.canvas), preset.dpi, preset.name)


def _custom(card: tuple[float, float], bleed: float, options: ExportOptions) -> PictureFit | str:
    trim = options.size or card
    margin = options.bleed if options.bleed is not None else bleed
    pixels = tuple(round((side + 2 * margin) * options.dpi / POINTS_PER_INCH) for side in trim)
    return _fit(card, trim, pixels, options.dpi, "custom")


def _fit(card: tuple[float, float], trim: tuple[float, ...], pixels: tuple[int, ...], dpi: float,
         name: str) -> PictureFit | str:
    ratios = [t / c for t, c in zip(trim, card)]
    off = max(abs(r - 1) for r in ratios)
    if off > TOLERANCE:
        return (f"cards of {_mm(card)} are {off:.0%} off the {_mm(trim)} trim of preset {name!r}: "
                f"they are never stretched; use --preset custom (each deck at its own size)")
    scale = max(ratios)  # covers the trim; the side a little over goes into the bleed
    note = "" if math.isclose(scale, 1.0, abs_tol=1e-4) else \
        f"cards of {_mm(card)} scaled by {scale:.3f} to the {_mm(trim)} trim of preset {name!r}"
    return PictureFit((pixels[0], pixels[1]), dpi, scale, note)


def _mm(size: tuple[float, ...]) -> str:
    return " × ".join(f"{side / MM:.1f}".rstrip("0").rstrip(".") for side in size) + " mm"
