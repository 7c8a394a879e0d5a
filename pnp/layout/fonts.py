"""The project's bundled fonts: families, styles, metrics and glyph coverage.

Contract: `FontBook.open(root)` reads `fonts/fonts.yaml` (family -> style -> .ttf file, relative to
fonts/ and inside the project) and registers the default face (Noto Sans regular, else the first
family's), so a missing, empty or malformed fonts.yaml and a bad default font are among its
`problems` before anything is laid out (`locator` places them in fonts.yaml). `face(family, style)`
reads the TrueType file through `pnp.sources.files` on first use, checks it (a TrueType font — not
CFF outlines —, every table within the file: not truncated), registers it with ReportLab (again when
the file's bytes changed, which a resident process sees) and returns a `Face`: its PDF name (the
file's stem; with the start of its digest when two files of fonts.yaml share a stem), metrics
(ascent, descent, cap height as fractions of the size), `width(text, size)` and `covers(ch)`; a file
that fails raises `FontError`, which `faces()` reports as a problem of the text that needs it.
`default_bold()` is the default family's bold (its default face without one: titles on sheets).
Unknown families or styles are reported by `problem()` with a suggestion. Measuring text is pure
geometry; drawing happens in draw/.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..core.errors import Problem, Ref, short, suggest
from ..core.fileio import digest
from ..sources import Locator, load_yaml
from ..sources.files import InputError, confine, inside, read_input
from ..sources.parsecache import ParseCache

STYLES = ("regular", "bold", "italic", "bolditalic")
FONTS_YAML = "fonts/fonts.yaml"
MAX_FONT_BYTES = 64 * 1024 * 1024
_REGISTERED: dict[str, str] = {}  # PDF font name -> digest of the file registered under it


class FontError(ValueError):
    """A font file that cannot be used; `str()` says which and why."""


@dataclass(frozen=True)
class Face:
    name: str
    family: str
    style: str
    ascent: float
    descent: float
    cap: float
    charset: frozenset[str] = field(repr=False, compare=False)  # the characters it has glyphs for

    def covers(self, char: str) -> bool:
        return char in self.charset

    def width(self, text: str, size: float) -> float:
        return _unit_width(self.name, text) * size


@lru_cache(maxsize=200_000)
def _unit_width(font: str, text: str) -> float:
    width: float = pdfmetrics.stringWidth(text, font, 1.0)
    return width


def _forget(name: str) -> None:
    """Unregister a font whose file changed: ReportLab keeps the first font registered under a name
    or a face name (in private tables), and widths measured with it are cached here."""
    old = pdfmetrics._fonts.pop(name, None)
    if old is not None and getattr(old, "_dynamicFont", False):
        pdfmetrics._dynFaceNames.pop(old.face.name, None)
    _unit_width.cache_clear()


class FontBook:
    def __init__(self, root: Path, families: dict[str, dict[str, str]], problems: list[Problem]):
        self.root = root
        self.families = families
        self.problems = problems
        self._faces: dict[tuple[str, str], Face] = {}
        self._sets: dict[tuple, tuple] = {}
        self.locator: Locator | None = None  # fonts.yaml's, for the problems located in it

    @classmethod
    def open(cls, root: Path) -> "FontBook":
        if not (root / FONTS_YAML).exists():
            return cls(root, {}, [Problem("no fonts/fonts.yaml in the project", "fonts", Ref(FONTS_YAML))])
        try:
            path = inside(root, root / FONTS_YAML)
        except InputError as exc:
            return cls(root, {}, [Problem(str(exc), "fonts", Ref(FONTS_YAML))])
        data, locator, problems = load_yaml(path, FONTS_YAML, ParseCache.of(root))
        families, found = _families(data) if data is not None else ({}, [])
        book = cls(root, families, problems + found)
        book.locator = locator
        book.problems += book._default_problems() if not problems else []
        return book

    def _default_problems(self) -> list[Problem]:
        if not self.families:
            return [Problem("fonts.yaml names no font family (a family maps styles to .ttf files)", "fonts",
                            Ref(FONTS_YAML))]
        try:
            self.default_face()
        except FontError as exc:
            return [Problem(str(exc), "fonts", Ref(FONTS_YAML, self._default_key()))]
        return []

    def problem(self, family: str, style: str) -> str | None:
        """Why (family, style) cannot be used, or None."""
        if family not in self.families:
            hint = suggest(family, self.families)
            known = f"; fonts: {', '.join(self.families)}" if self.families else " (fonts.yaml names none)"
            return f"unknown font {family!r}" + (f" (did you mean {hint!r}?)" if hint else known)
        if style not in self.families[family]:
            return f"font {family!r} has no {style} style (it has {', '.join(self.families[family])})"
        return None

    def faces(self, family: str, styles: frozenset) -> tuple[dict[str, Face], str | None]:
        """The faces of `styles` in `family`, or the reason one cannot be used."""
        key = (family, styles)
        if key not in self._sets:
            problem = next(filter(None, (self.problem(family, s) for s in sorted(styles))), None)
            try:
                self._sets[key] = ({}, problem) if problem else ({s: self.face(family, s) for s in styles}, None)
            except FontError as exc:
                self._sets[key] = ({}, str(exc))
        return self._sets[key]

    def face(self, family: str, style: str = "regular") -> Face:
        key = (family, style)
        if key not in self._faces:
            self._faces[key] = self._register(family, style)
        return self._faces[key]

    def _register(self, family: str, style: str) -> Face:
        written = self.families[family][style]
        try:
            data = read_input(confine(self.root, self.root / "fonts", written), MAX_FONT_BYTES, note=False)
        except InputError as exc:
            raise FontError(f"font {family!r} {style}: {exc}") from None
        font = _registered(self._pdf_name(written, data), written, data, f"font {family!r} {style}")
        face = font.face
        cap = getattr(face, "capHeight", 700) / 1000.0
        return Face(font.fontName, family, style, face.ascent / 1000.0, -face.descent / 1000.0, cap,
                    frozenset(chr(c) for c in face.charToGlyph if c < 0x110000))

    def _pdf_name(self, written: str, data: bytes) -> str:
        """The font's PDF name: its file's stem, with the start of its digest when another file of
        fonts.yaml has that stem too (or the stem is a base-14 font's name)."""
        stem = Path(written).stem
        files = {f for styles in self.families.values() for f in styles.values()}
        if sum(Path(f).stem == stem for f in files) > 1 or stem in pdfmetrics.standardFonts:
            return f"{stem}-{digest(data)[:8]}"
        return stem

    def _default_key(self) -> tuple[str, str]:
        """The family and style of the default face: Noto Sans regular, else the first family's."""
        family = "Noto Sans" if "Noto Sans" in self.families else next(iter(self.families))
        styles = self.families[family]
        return family, "regular" if "regular" in styles else next(iter(styles))

    def default_face(self) -> Face:
        return self.face(*self._default_key())

    def default_bold(self) -> Face:
        """The default family's bold face, or its default face when it has no bold it can use."""
        regular = self.default_face()
        faces, problem = self.faces(regular.family, frozenset({"bold"}))
        return regular if problem else faces["bold"]


def _families(data: object) -> tuple[dict[str, dict[str, str]], list[Problem]]:
    """fonts.yaml's families (family -> style -> file name), and what is wrong with it."""
    if not isinstance(data, dict):
        return {}, [Problem("fonts.yaml maps font families to their styles", "fonts", Ref(FONTS_YAML))]
    families: dict[str, dict[str, str]] = {}
    problems = []
    for family, styles in data.items():
        ref = Ref(FONTS_YAML, (family,))
        if not isinstance(styles, dict) or not styles:
            problems.append(Problem("a font family maps styles (regular, bold...) to .ttf files",
                                    f"font {family!r}", ref))
            continue
        for style, file in styles.items():
            if style not in STYLES or not isinstance(file, str):
                what = f"unknown style {short(style)} (styles: {', '.join(STYLES)})" if style not in STYLES \
                    else "a style names a .ttf file of fonts/"
                problems.append(Problem(what, f"font {family!r}", ref.child(style), suggestion=suggest(style, STYLES)))
        families[str(family)] = {str(s): f for s, f in styles.items() if s in STYLES and isinstance(f, str)}
    return families, problems


def _registered(name: str, written: str, data: bytes, what: str) -> TTFont:
    """The TrueType font of `data` registered with ReportLab under `name` (registered again when the
    bytes under that name changed: a font file edited under a resident process)."""
    sha = digest(data)
    if _REGISTERED.get(name) == sha:  # (getFont would first search Type 1 fonts)
        return pdfmetrics.getFont(name)
    font = _parsed(name, Path(written).name, data, what)
    if name in _REGISTERED:
        _forget(name)
    pdfmetrics.registerFont(font)
    _REGISTERED[name] = sha
    return font


def _parsed(name: str, file: str, data: bytes, what: str) -> TTFont:
    stream = io.BytesIO(data)
    stream.name = file  # (ReportLab's messages name it)
    try:
        font = TTFont(name, stream)
    except Exception as exc:  # ReportLab raises TTFError, struct.error, IndexError... on a bad file
        reason = "CFF (PostScript) outlines, which cannot be embedded: use a TrueType .ttf" \
            if data[:4] == b"OTTO" else str(exc)[:120]
        raise FontError(f"{what}: {file} is not a usable TrueType font ({reason})") from None
    torn = [t["tag"] for t in font.face.tables if t["offset"] + t["length"] > len(data)]
    if torn:
        raise FontError(f"{what}: {file} is truncated (its {torn[0]!r} table ends beyond the file)")
    return font
