"""The project's fonts file: `fonts/fonts.yaml`, validated, with the bytes of the fonts it names.

Contract: `read_fonts(root, cache)` reads `fonts/fonts.yaml` (through `pnp.sources`: inside the
project, strict YAML, positions kept) into a `FontsFile`: `families` (family -> style -> .ttf file
as written, relative to fonts/), the `problems` of the file (missing, outside the project, bad YAML,
a family that maps no style, an unknown style — with the closest name —, a style that names no
file; located by `locator`), and the named font files (`data`, a `FontFiles`: a mapping from a
file as written to its bytes, each file read on its first look-up — `name in data` reads it —,
through `sources.files`, inside the project and within `MAX_FONT_BYTES`, not noted as one kit's
input: the build cache covers the fonts folder; a build reads only the fonts its texts use) or the
reason it cannot be (`unreadable`, filled by that look-up, reported by the font book only when a
text needs that font). `parsed` says the file was read and parsed without a problem, so its
default face can be judged (`layout.fonts.FontBook`). Nothing here measures or registers a font.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import Problem, Ref, short, suggest
from ..sources import Locator, load_yaml
from ..sources.files import InputError, confine, inside, read_input
from ..sources.parsecache import ParseCache

STYLES = ("regular", "bold", "italic", "bolditalic")
FONTS_YAML = "fonts/fonts.yaml"
MAX_FONT_BYTES = 64 * 1024 * 1024
Families = dict[str, dict[str, str]]


class FontFiles(Mapping[str, bytes]):
    """The font files fonts.yaml names (as written, relative to fonts/), each read on its first
    look-up; one that cannot be read is absent, and `unreadable` says why."""

    def __init__(self, root: Path | None = None, names: tuple[str, ...] = ()) -> None:
        self.root, self.names = root, names
        self.unreadable: dict[str, str] = {}
        self._read: dict[str, bytes] = {}

    def __contains__(self, written: object) -> bool:
        return self._bytes(written) is not None if isinstance(written, str) else False

    def __getitem__(self, written: str) -> bytes:
        found = self._bytes(written)
        if found is None:
            raise KeyError(written)
        return found

    def __iter__(self) -> Iterator[str]:
        return (name for name in self.names if name in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def _bytes(self, written: str) -> bytes | None:
        if written in self._read or written in self.unreadable or written not in self.names or self.root is None:
            return self._read.get(written)
        try:
            self._read[written] = read_input(confine(self.root, self.root / "fonts", written), MAX_FONT_BYTES,
                                             note=False)
        except InputError as exc:
            self.unreadable[written] = str(exc)
        return self._read.get(written)


@dataclass
class FontsFile:
    """The project's fonts file read: its families, its problems, the font files' bytes and those that
    cannot be read."""

    families: Families
    problems: list[Problem]
    locator: Locator | None = None
    data: FontFiles = field(default_factory=FontFiles)  # font file as written -> its bytes, read on first use
    unreadable: dict[str, str] = field(default_factory=dict)  # font file as written -> why it cannot be read
    parsed: bool = False


def read_fonts(root: Path, cache: ParseCache | None = None) -> FontsFile:
    if not (root / FONTS_YAML).exists():
        return FontsFile({}, [Problem("no fonts/fonts.yaml in the project", "fonts", Ref(FONTS_YAML))])
    try:
        path = inside(root, root / FONTS_YAML)
    except InputError as exc:
        return FontsFile({}, [Problem(str(exc), "fonts", Ref(FONTS_YAML))])
    data, locator, problems = load_yaml(path, FONTS_YAML, cache if cache is not None else ParseCache.of(root))
    families, found = families_of(data) if data is not None else ({}, [])
    files = FontFiles(root, tuple(sorted({file for styles in families.values() for file in styles.values()})))
    return FontsFile(families, problems + found, locator, files, files.unreadable, parsed=not problems)


def families_of(data: object) -> tuple[Families, list[Problem]]:
    """fonts.yaml's families (family -> style -> file name), and what is wrong with it."""
    if not isinstance(data, dict):
        return {}, [Problem("fonts.yaml maps font families to their styles", "fonts", Ref(FONTS_YAML))]
    families: Families = {}
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
