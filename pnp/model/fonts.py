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
text needs that font). `data.source(name)` opens one without reading it whole (`FontSource`: its
first bytes and its digest, remembered across runs by `sources.digestmemo`; its bytes on demand):
a face from the font cache needs no more. A file that cannot be read raises `InputError` (that of
`sources.files`, named here for the font book). `parsed` says the file was read and parsed without a problem, so its
default face can be judged (`layout.fonts.FontBook`). Nothing here measures or registers a font.
"""
from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import Problem, Ref, short, suggest
from ..core.fileio import FileChanged, digest
from ..sources import Locator, digestmemo, load_yaml
from ..sources.files import InputError, confine, inside, read_head, read_input
from ..sources.parsecache import ParseCache

STYLES = ("regular", "bold", "italic", "bolditalic")
FONTS_YAML = "fonts/fonts.yaml"
MAX_FONT_BYTES = 64 * 1024 * 1024
HEAD_BYTES = 4096  # a font file's first bytes: its table directory (`layout.fontcache` checks a cached face by it)
Families = dict[str, dict[str, str]]


class FontSource:
    """One font file of fonts.yaml, opened: its `path`, `stat`, first bytes (`head`), digest
    (`sha`: remembered by `sources.digestmemo` for this very `stat`, else its bytes read and hashed)
    and its bytes (`whole()`, read once; `checked(sha)`: the bytes, which must have that digest)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.head, self.info = read_head(path, HEAD_BYTES, MAX_FONT_BYTES)
        self._whole: bytes | None = None
        self._sha = digestmemo.known(self.info)

    @property
    def sha(self) -> str:
        if self._sha is None:
            hashed_at = time.time_ns()
            self._sha = digest(self.whole())
            digestmemo.remember(self.info, self._sha, hashed_at)
        return self._sha

    def whole(self) -> bytes:
        if self._whole is None:
            self._whole = read_input(self.path, MAX_FONT_BYTES, note=False)
        return self._whole

    def checked(self, sha: str) -> bytes:
        """The file's bytes, if their digest is `sha` (else `FileChanged`: the file changed since)."""
        data = self.whole()
        if digest(data) != sha:
            raise FileChanged(self.path)
        return data


class FontFiles(Mapping[str, bytes]):
    """The font files fonts.yaml names (as written, relative to fonts/), each read on its first
    look-up; one that cannot be read is absent, and `unreadable` says why. `source(name)` opens one
    without reading it whole (`FontSource`), or None (`unreadable` says why)."""

    def __init__(self, root: Path | None = None, names: tuple[str, ...] = ()) -> None:
        self.root, self.names = root, names
        self.unreadable: dict[str, str] = {}
        self._read: dict[str, bytes] = {}
        self._sources: dict[str, FontSource] = {}

    def source(self, written: str) -> FontSource | None:
        if written in self._sources or written in self.unreadable or written not in self.names or self.root is None:
            return self._sources.get(written)
        try:
            self._sources[written] = FontSource(confine(self.root, self.root / "fonts", written))
        except InputError as exc:
            self.unreadable[written] = str(exc)
        return self._sources.get(written)

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
        found = self.source(written)
        try:
            if found is not None:
                self._read[written] = found.whole()
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


_SHIPPED_HINT = "pnp's own fonts, with their licences and a fonts.yaml, are in "
_NEW_HINT = ": copy that folder into the project as fonts/ (pnp new does so in a project without one)"


def shipped_fonts() -> str:
    """Where pnp's own fonts folder is (package data: pnp/shipped/fonts), for the messages."""
    from importlib import resources

    return str(resources.files("pnp") / "shipped" / "fonts")


def read_fonts(root: Path, cache: ParseCache | None = None) -> FontsFile:
    if not (root / FONTS_YAML).exists():
        return FontsFile({}, [Problem(f"no fonts/fonts.yaml in the project: {_SHIPPED_HINT}{shipped_fonts()}{_NEW_HINT}",
                                      "fonts", Ref(FONTS_YAML))])
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
