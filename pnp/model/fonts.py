"""The project's fonts file: `fonts/fonts.yaml`, validated, with the bytes of the fonts it names.

Contract: `read_fonts(root, cache)` reads `fonts/fonts.yaml` (through `pnp.sources`: inside the
project, strict YAML, positions kept) into a `FontsFile`: `families` (family -> style -> .ttf file
as written, relative to fonts/), the `problems` of the file (missing, outside the project, bad YAML,
a family that maps no style, an unknown style — with the closest name —, a style that names no
file; located by `locator`), and each named font file read (`data`, through `sources.files`,
inside the project and within `MAX_FONT_BYTES`, not noted as one kit's input: the build cache
covers the fonts folder) or the reason it cannot be (`unreadable`, reported by the font book only
when a text needs that font). `parsed` says the file was read and parsed without a problem, so its
default face can be judged (`layout.fonts.FontBook`). Nothing here measures or registers a font.
"""
from __future__ import annotations

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


@dataclass
class FontsFile:
    """The project's fonts file read: its families, its problems, the font files' bytes and those that
    cannot be read."""

    families: Families
    problems: list[Problem]
    locator: Locator | None = None
    data: dict[str, bytes] = field(default_factory=dict)  # font file as written -> its bytes
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
    fonts = FontsFile(families, problems + found, locator, parsed=not problems)
    for written in sorted({file for styles in families.values() for file in styles.values()}):
        try:
            fonts.data[written] = read_input(confine(root, root / "fonts", written), MAX_FONT_BYTES, note=False)
        except InputError as exc:
            fonts.unreadable[written] = str(exc)
    return fonts


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
