"""The project's bundled fonts: families, styles, metrics and glyph coverage.

Contract: `FontBook(fonts)` is the font book of a project's fonts file (`model.fonts.FontsFile`,
read by `model.fonts.read_fonts`: families, the file's problems, the fonts' bytes) and registers
its default face (Noto Sans regular, else the first family's), so an empty fonts.yaml and a bad
default font are among its `problems` before anything is laid out (`locator` places them in
fonts.yaml). `face(family, style)` checks the TrueType file's bytes on first use (a TrueType font —
not CFF outlines —, every table within the file: not truncated), registers it with ReportLab's
font registry (again when the file's bytes changed, which a resident process sees: the font
registered before is unregistered through ReportLab's `TTFont.unregister`, its face name kept while
another name is registered as its font). A font's face name is its file's PostScript name, which
ReportLab's `registerFont` takes as the font's identity: a second font of that face name would be
registered as the first, whose glyphs and widths would be drawn instead. So a font of other bytes
whose face name is another's takes it over (ReportLab then registers it as itself; the other keeps
its own name and is drawn as before: the PDF bytes are those of a process that never saw it), and
only when the same font book (one project's fonts.yaml) registered that face name already, for
other bytes, does it get a face name of its own, the name and the start of its digest: one document
cannot embed two fonts of one face name. The parsed face comes from the user's font cache when these bytes were parsed before,
`fontcache` (the file then opened, not read: its digest remembered for its times and its table
directory checked on its first bytes, `model.fonts.FontSource`; its bytes read if a subset is made
from them, and `fileio.FileChanged` if they are no longer the file's), and embeds its subsets
through `fontsubset`) and returns a `Face`:
its PDF name (the file's stem; with the start of its digest when two files of fonts.yaml share a
stem), metrics (ascent, descent, cap height as fractions of the size), `width(text, size)` and
`covers(ch)` (`same_space(font, regular, size)`: whether two registered faces' spaces are as
wide, cached, forgotten with the widths); a file that fails (or that could not be read) raises `FontError`, which `faces()`
reports as a problem of the text that needs it. `default_bold()` is the default family's bold (its
default face without one: titles on sheets). Unknown families or styles are reported by
`problem()` with a suggestion. Measuring text is pure geometry: nothing here reads a project's
file or draws (draw/ does).
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont

from ..core.collector import held_off
from ..core.errors import Problem, Ref, suggest
from ..core.fileio import digest
from ..model.fonts import FONTS_YAML, FontSource, FontsFile, InputError
from . import fontcache, fontsubset

_REGISTERED: dict[str, tuple[str, TTFont]] = {}  # PDF font name -> digest of the file registered under it, font


class FontError(ValueError):
    """A font file that cannot be used; `str()` says which and why."""


@dataclass(frozen=True)
class Face:
    """One registered font face: its family and style, its vertical metrics (fractions of the size) and the
    characters it has glyphs for."""

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


@lru_cache(maxsize=4096)
def same_space(font: str, regular: str, size: float) -> bool:
    """Whether registered `font`'s space is as wide as `regular`'s at `size` (text fitting sets
    every space in the regular face: a one-line text in another face takes the general path
    when its space differs)."""
    return abs(_unit_width(font, " ") * size - _unit_width(regular, " ") * size) <= 1e-9


def _forget(font: TTFont) -> None:
    """Unregister a font whose file changed: ReportLab keeps the first font registered under a name
    or a face name, and widths measured with it are cached here. Its face name stays taken while
    another name is registered as the font of that face name (`TTFont.unregister` would free it:
    a font of other bytes would then take it too, and one document cannot embed both)."""
    faces = pdfmetrics._dynFaceNames  # noqa: SLF001 (ReportLab's registry by face name)
    owner = faces.get(font.face.name)
    font.unregister()
    if owner is not None and any(f is owner for f in pdfmetrics._fonts.values()):  # noqa: SLF001
        faces[font.face.name] = owner
    _unit_width.cache_clear()
    same_space.cache_clear()


class FontBook:
    def __init__(self, fonts: FontsFile):
        self.fonts = fonts
        self.families = fonts.families
        self.locator = fonts.locator  # fonts.yaml's, for the problems located in it
        self._faces: dict[tuple[str, str], Face] = {}
        self._sets: dict[tuple, tuple] = {}
        self._named: dict[bytes, str] = {}  # face names this book registered -> the digest of their file
        self.problems = list(fonts.problems) + (self._default_problems() if fonts.parsed else [])

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
        what = f"font {family!r} {style}"
        source = self.fonts.data.source(written)
        try:
            sha = source.sha if source is not None else ""
        except InputError as exc:
            self.fonts.unreadable[written] = str(exc)
            source = None
        if source is None:
            raise FontError(f"{what}: {self.fonts.unreadable[written]}")
        font = _registered(self._pdf_name(written, sha), written, source, what, self._named)
        face = font.face
        cap = getattr(face, "capHeight", 700) / 1000.0
        return Face(font.fontName, family, style, face.ascent / 1000.0, -face.descent / 1000.0, cap,
                    _charset(face.charToGlyph))

    def _pdf_name(self, written: str, sha: str) -> str:
        """The font's PDF name: its file's stem, with the start of its digest when another file of
        fonts.yaml has that stem too (or the stem is a base-14 font's name)."""
        stem = Path(written).stem
        files = {f for styles in self.families.values() for f in styles.values()}
        if sum(Path(f).stem == stem for f in files) > 1 or stem in pdfmetrics.standardFonts:
            return f"{stem}-{sha[:8]}"
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


def _charset(char_to_glyph: dict[int, int]) -> frozenset[str]:
    """The characters a font maps to glyphs (codes beyond Unicode's, which a broken cmap may hold, left out)."""
    codes = char_to_glyph.keys()
    if max(codes, default=0) >= 0x110000:
        codes = [c for c in codes if c < 0x110000]  # type: ignore[assignment]
    return frozenset(map(chr, codes))


def _registered(name: str, written: str, source: FontSource, what: str, named: dict[bytes, str]) -> TTFont:
    """The TrueType font of the file `source` registered with ReportLab under `name` (registered again
    when the bytes under that name changed: a font file edited under a resident process); `named`:
    the face names the calling font book registered, by digest (the contract's face names)."""
    sha = source.sha
    kept = _REGISTERED.get(name)
    if kept is None or kept[0] != sha:
        font, sha = _parsed(name, Path(written).name, source, sha, what)
        if kept is not None:
            _forget(kept[1])
        _face_name(font, sha, named)
        pdfmetrics.registerFont(font)
        kept = _REGISTERED[name] = (sha, font)
    named.setdefault(kept[1].face.name, sha)
    return kept[1]


def _face_name(font: TTFont, sha: str, named: dict[bytes, str]) -> None:
    """Make `font`'s face name its own before it is registered (the contract): a face name of its own
    when its font book registered that face name for other bytes, else its PostScript name taken
    over from a font of other bytes that has it. A font of the same bytes shares it (the same glyphs:
    ReportLab's aliasing is right)."""
    faces = pdfmetrics._dynFaceNames  # noqa: SLF001 (ReportLab's registry by face name)
    if named.get(font.face.name, sha) != sha:
        font.face.name = TTFNameBytes(font.face.name + b"-" + sha[:8].encode())
        return
    owner = faces.get(font.face.name)
    if owner is not None and not any(f is owner and s == sha for s, f in _REGISTERED.values()):
        faces[font.face.name] = font  # (registerFont then registers `font` as itself)


@held_off()  # (its tables live as long as the font: core.collector)
def _parsed(name: str, file: str, source: FontSource, sha: str, what: str) -> tuple[TTFont, str]:
    """The font of the file `source` and the digest of its bytes: from the font cache (`fontcache`:
    the file's bytes read only if a subset is made from them) or parsed by ReportLab (then cached),
    its subsets made once (`fontsubset`)."""
    font = fontcache.cached(name, file, lambda: source.checked(sha), sha, source.head)
    if font is None:
        try:
            data = source.whole()
        except InputError as exc:
            raise FontError(f"{what}: {exc}") from None
        sha = digest(data)  # (the bytes read: a digest remembered for the file's times is not trusted here)
        font = _parse(name, file, data, what)
        fontcache.store(font, file, data, sha)
    fontsubset.adopt(font.face, sha)
    return font, sha


def _parse(name: str, file: str, data: bytes, what: str) -> TTFont:
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
