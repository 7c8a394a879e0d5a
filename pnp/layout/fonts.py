"""The project's bundled fonts: families, styles, metrics and glyph coverage.

Contract: `FontBook.open(root)` reads `fonts/fonts.yaml` (family -> style -> .ttf file). `face(family,
style)` registers the TrueType file with ReportLab on first use (again when the file changed, which
a resident process sees) and returns a `Face`: its PDF name, metrics (ascent, descent, cap height
as fractions of the size), `width(text, size)` and `covers(ch)`.
Unknown families or styles are reported by `problem()` with a suggestion. Measuring text is pure
geometry; drawing happens in draw/.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..errors import Problem, Ref, suggest
from ..sources import load_yaml
from ..sources.parsecache import ParseCache

STYLES = ("regular", "bold", "italic", "bolditalic")


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
    return pdfmetrics.stringWidth(text, font, 1.0)


_REGISTERED: dict[str, tuple] = {}  # font name -> the version of the file registered under it


def _forget(name: str) -> None:
    """Unregister a font whose file changed: ReportLab keeps the first font registered under a name
    or a face name (in private tables), and widths measured with it are cached here."""
    old = pdfmetrics._fonts.pop(name, None)
    if old is not None and getattr(old, "_dynamicFont", False):
        pdfmetrics._dynFaceNames.pop(old.face.name, None)
    _unit_width.cache_clear()


def _version(file: Path) -> tuple:
    try:
        stat = file.stat()
    except OSError:
        return (str(file),)
    return str(file.resolve()), stat.st_size, stat.st_mtime_ns


class FontBook:
    def __init__(self, root: Path, families: dict[str, dict[str, str]], problems: list[Problem]):
        self.root = root
        self.families = families
        self.problems = problems
        self._faces: dict[tuple[str, str], Face] = {}
        self._sets: dict[tuple, tuple] = {}

    @classmethod
    def open(cls, root: Path) -> "FontBook":
        path = root / "fonts" / "fonts.yaml"
        if not path.is_file():
            return cls(root, {}, [Problem("no fonts/fonts.yaml in the project", "fonts", Ref("fonts/fonts.yaml"))])
        data, _, problems = load_yaml(path, "fonts/fonts.yaml", ParseCache.of(root))
        families = data if isinstance(data, dict) else {}
        return cls(root, {str(k): dict(v) for k, v in families.items() if isinstance(v, dict)}, problems)

    def problem(self, family: str, style: str) -> str | None:
        """Why (family, style) cannot be used, or None."""
        if family not in self.families:
            hint = suggest(family, self.families)
            return f"unknown font {family!r}" + (f" (did you mean {hint!r}?)" if hint else
                                                 f"; fonts: {', '.join(self.families)}")
        if style not in self.families[family]:
            return f"font {family!r} has no {style} style (it has {', '.join(self.families[family])})"
        return None

    def faces(self, family: str, styles: frozenset) -> tuple[dict[str, Face], str | None]:
        """The faces of `styles` in `family`, or the reason one cannot be used."""
        key = (family, styles)
        if key not in self._sets:
            problem = next(filter(None, (self.problem(family, s) for s in sorted(styles))), None)
            self._sets[key] = ({}, problem) if problem else ({s: self.face(family, s) for s in styles}, None)
        return self._sets[key]

    def face(self, family: str, style: str = "regular") -> Face:
        key = (family, style)
        if key not in self._faces:
            self._faces[key] = self._register(family, style)
        return self._faces[key]

    def _register(self, family: str, style: str) -> Face:
        file = self.root / "fonts" / self.families[family][style]
        name = file.stem
        stamp = _version(file)
        if _REGISTERED.get(name) == stamp:  # (getFont would first search Type 1 fonts)
            font = pdfmetrics.getFont(name)
        else:  # a first use, or a font file changed under a resident process (pnp watch)
            font = TTFont(name, str(file))
            if name in _REGISTERED:
                _forget(name)
            pdfmetrics.registerFont(font)
            _REGISTERED[name] = stamp
        face = font.face
        cap = getattr(face, "capHeight", 700) / 1000.0
        return Face(name, family, style, face.ascent / 1000.0, -face.descent / 1000.0, cap,
                    frozenset(chr(c) for c in face.charToGlyph if c < 0x110000))

    def default_face(self) -> Face:
        family = "Noto Sans" if "Noto Sans" in self.families else next(iter(self.families))
        return self.face(family, "regular")
