"""A cache of parsed TrueType fonts, so that a build does not parse an unchanged font file again.

Contract: ReportLab's `TTFont(name, stream)` parses a font file in Python (`TTFontFile.extractInfo`:
~6 ms a Noto face). `cached(name, file, data, sha)` answers the `TTFont` that call would make for
the bytes `data` of the font file named `file` (their SHA-256 `sha`, `core.fileio.digest`), built
from its entry in the user's cache folder (`<cache>/fonts/<key>.font`, `pnp.core.fileio`; never in
the project), or None when there is no usable entry; `store(font, file, data, sha)` keeps a
font that ReportLab parsed, atomically (`fileio.write_atomic`), unless caches are read-only. The
key is the digest of the bytes, the file's name (ReportLab's parser reads it) and what else the
parser depends on (ReportLab's version and its subsetting setting). An entry is the face's
attributes as plain data (`fontcodec`: a line of JSON and packed arrays of numbers — never code,
never pickle), after a line of JSON with the format, the key and the SHA-256 of the rest; one that
does not parse, has another checksum or shape (`fontcodec.decode`), lacks an attribute the face
needs, or whose table directory is not the file's own, is a miss: the font is parsed and the
entry written again. The face built from an entry is a `CachedFace` (a `TTFontFace`, and the font book's
`fontsubset.EmbeddedFace`) with the very attributes a parse gives (its `_pdfScale` made again from
the units per em), the font a `TTFont` set up as its constructor does: widths, subsets and PDF bytes
are the same (tests/test_fontcache.py compares them). The runs only a subset made from the file or
HarfBuzz's shaping read (`LATER`: the glyphs' characters, metrics and positions; a build whose
subsets are cached reads none) are decoded on their first read (then every attribute is in the
parse's order again; `complete(face)` does it at once, and a copy of the face has them all);
were such a run to fail then (a key given twice), the face's file is parsed for them. Given a
function for the file's bytes and the file's first bytes (`cached(..., head=)`: the table
directory is checked on them), the face's `_ttf_data` waits too, read with the runs. `store`
keeps only what `fontcodec` gives back exactly and `cached` would take (anything else — a font
ReportLab named itself, for one — is parsed every run), and the first write of a process trims the folder to the newest `KEEP` entries.
"""
from __future__ import annotations

import hashlib
import io
import json
import struct
import threading
from contextlib import suppress
from fnmatch import fnmatch
from pathlib import Path
from typing import Any, Callable
from weakref import WeakKeyDictionary

import reportlab
from reportlab import rl_config
from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from ..core.cacheentry import read_entry, write_entry
from ..core.fileio import cache_folder, writes_allowed
from . import fontcodec
from .fontsubset import EmbeddedFace

FORMAT = 1
KEEP = 64
SUFFIX = ".font"
MAX_ENTRY = 64 * 1024 * 1024
_NEEDED = {"name": TTFNameBytes, "unitsPerEm": int, "numGlyphs": int, "charToGlyph": dict, "charWidths": dict,
           "glyphToChar": dict, "hmetrics": list, "glyphPos": list, "tables": list,
           "bbox": list, "flags": int, "stemV": int, "subfontNameX": bytes, "_full_font": bool,
           "filename": str}  # what the face's users read, by type
_NUMBERS = ("ascent", "descent", "capHeight", "italicAngle", "defaultWidth")
_MADE = ("_ttf_data", "_pdfScale", "table")  # the file's bytes, a function, the directory by tag: made again
LATER = ("glyphToChar", "hmetrics", "glyphPos")  # read by a subset made from the file, or by shaping
_PENDING: WeakKeyDictionary[TTFontFace, tuple[list[str], dict[str, Callable[[], object]]]] = WeakKeyDictionary()
_LOCK = threading.RLock()


class CachedFace(EmbeddedFace):
    """A face built from a cache entry: the runs of `LATER` decoded on their first read."""

    def __getattr__(self, name: str) -> Any:
        if (name in LATER or name == "_ttf_data") and complete(self):
            return self.__dict__[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> Any:  # (a copy holds every attribute)
        complete(self)
        return super().__getstate__()


def complete(face: TTFontFace) -> bool:
    """Decode the face's pending runs, its attributes then in their parsed order; whether it had any."""
    with _LOCK:
        pending = _PENDING.get(face)
        if pending is None:
            return False
        order, later = pending
        made = {"_ttf_data": later["_ttf_data"]()} if "_ttf_data" in later else {}  # (its errors are the caller's)
        try:
            made.update({name: run() for name, run in later.items() if name not in made})
        except ValueError:  # (an entry planted with a key twice: the file says what they are)
            parsed = vars(_parsed_face(made.get("_ttf_data", face.__dict__.get("_ttf_data")), face.filename))
            made.update({name: parsed[name] for name in later if name not in made})
        del _PENDING[face]
        values = {**face.__dict__, **made}
        face.__dict__.clear()
        face.__dict__.update({k: values.pop(k) for k in order if k in values}, **values)
        return True


def _parsed_face(data: Any, file: str) -> TTFontFace:
    stream = io.BytesIO(data)
    stream.name = file
    return TTFontFace(stream)


def key(file: str, sha: str) -> str:
    setting = json.dumps(list(getattr(rl_config, "allowTTFSubsetting", [])))
    return hashlib.sha256(f"{FORMAT}\0{reportlab.Version}\0{setting}\0{file}\0{sha}".encode()).hexdigest()


def entry_path(file: str, sha: str) -> Path:
    return cache_folder("fonts") / f"{key(file, sha)}{SUFFIX}"


def cached(name: str, file: str, data: bytes | Callable[[], bytes], sha: str, head: bytes | None = None) -> TTFont | None:
    """The font `TTFont(name, <data named file>)` would make, from its cache entry, or None. `data`
    may be a function answering the bytes, called when the face first needs them (a subset made
    from the file), given the file's first bytes (`head`: its table directory, checked now)."""
    attrs = _read(entry_path(file, sha), key(file, sha))
    if attrs is None or not _fits(attrs, file, head if head is not None else data):  # type: ignore[arg-type]
        return None
    return font_of(name, face_of(attrs, data))


def store(font: TTFont, file: str, data: bytes, sha: str) -> None:
    """Keep the parsed `font`'s face for the next run (nothing when caches are read-only, or when its
    attributes would not come back exactly)."""
    body = _body(font, file, data) if writes_allowed() else None
    if body is None:
        return
    with suppress(OSError):  # a cache that cannot be written only makes the next run slower
        write_entry(entry_path(file, sha), FORMAT, key(file, sha), body, KEEP)


def _body(font: TTFont, file: str, data: bytes) -> bytes | None:
    """An entry's body for the face (its description's JSON line, then its arrays), or None unless
    it decodes back to the very same attributes and `cached` would take it."""
    attrs = {k: None if k in _MADE else v for k, v in vars(font.face).items()}  # (in their order)
    encoded = fontcodec.encode(attrs)
    if encoded is None or not _scales(font.face) or not fontcodec.unsigned_map(encoded[0], "charToGlyph"):
        return None
    decoded = fontcodec.decode(*encoded)
    if not (_same(decoded, attrs) and _fits(decoded, file, data) and font.face.table == _by_tag(decoded["tables"])):
        return None
    spec, blob = encoded
    return json.dumps(spec, allow_nan=False, separators=(",", ":")).encode() + b"\n" + blob


def face_of(attrs: dict, data: bytes | Callable[[], bytes]) -> TTFontFace:
    """A `CachedFace` holding `attrs` (as `fontcodec` decoded them: its `Later` runs pending) over
    the file's bytes (pending too when `data` is the function that reads them)."""
    face: TTFontFace = CachedFace.__new__(CachedFace)
    later: dict[str, Callable[[], object]] = {k: v.value for k, v in attrs.items() if isinstance(v, fontcodec.Later)}
    if callable(data):
        later = {"_ttf_data": data, **later}  # (read first: a run that fails is parsed from them)
    face.__dict__.update({k: v for k, v in attrs.items() if k not in later})
    if later:
        _PENDING[face] = (list(attrs), later)
    if not callable(data):
        face._ttf_data = data  # noqa: SLF001 (the attributes ReportLab's parser sets: no public way in)
    face._pdfScale = _scale(attrs["unitsPerEm"])  # noqa: SLF001 (as above)
    face.table = _by_tag(attrs["tables"])
    return face


def font_of(name: str, face: TTFontFace) -> TTFont:
    """The `TTFont` named `name` over `face`, set up as `TTFont.__init__` sets up a parsed one."""
    font: TTFont = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable  # noqa: SLF001 (what TTFont.__init__ sets)
    font.shapable = not any(fnmatch(name, glob) for glob in ttfonts.unShapedFontGlob)
    return font


def _scale(units: int) -> Callable[[float], float]:
    """The face's scale to thousandths of the size, as `extractInfo` makes it."""
    if units == 1000:
        return lambda x: x
    mult = 1000 / units
    return lambda x: x * mult


def _scales(face: TTFontFace) -> bool:
    """Whether the parsed face's scale is the one `_scale` makes again."""
    again = _scale(face.unitsPerEm)
    return all(_identical(face._pdfScale(x), again(x))  # noqa: SLF001 (the parser's own scale)
               for x in (0, 1, -7, 1000, 2048, 0.5))


def _by_tag(tables: Any) -> dict:
    """The table directory by tag, holding the very records of the list, as the parser's does."""
    return {record["tag"]: record for record in tables}


def _read(path: Path, wanted: str) -> dict | None:
    """The decoded attributes of an entry, or None when it is absent, damaged or of another shape."""
    found = read_entry(path, FORMAT, wanted, limit=MAX_ENTRY)
    if found is None:
        return None
    try:
        spec_line, _, blob = found[1].partition(b"\n")
        spec = json.loads(spec_line, parse_constant=_no_constant)
        return fontcodec.decode(spec, blob, LATER) if fontcodec.unsigned_map(spec, "charToGlyph") else None
    except (OSError, ValueError, KeyError, TypeError, IndexError, RecursionError, OverflowError):
        return None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} in a cache entry")


def _fits(attrs: dict, file: str, data: bytes) -> bool:
    """Whether decoded attributes have the shape of a parsed face of this very file (its character
    codes and glyphs whole numbers from 0: `fontcodec.unsigned_map`, checked on the entry)."""
    if any(_kind(attrs.get(k)) is not kind for k, kind in _NEEDED.items()) or attrs["filename"] != file:
        return False
    if any(type(attrs.get(k)) not in (int, float) for k in _NUMBERS) or attrs["unitsPerEm"] <= 0:
        return False
    glyphs = attrs["numGlyphs"]
    if len(attrs["glyphPos"]) != glyphs + 1 or len(attrs["hmetrics"]) != glyphs or len(attrs["bbox"]) != 4:
        return False
    return _directory(attrs["tables"]) == file_directory(data)


def _kind(value: object) -> type:
    """The type of a decoded value, or the one a `fontcodec.Later` will have."""
    return value.type if isinstance(value, fontcodec.Later) else type(value)


def _directory(tables: list) -> list[tuple] | None:
    try:
        return [(t["tag"], t["checksum"], t["offset"], t["length"]) for t in tables]
    except (TypeError, KeyError):
        return None


def file_directory(data: bytes) -> list[tuple] | None:
    """The font file's table directory (tag, checksum, offset, length), its first font's in a
    collection, as ReportLab reads it; None when it cannot be read."""
    try:
        start = struct.unpack_from(">L", data, 12)[0] if data[:4] == b"ttcf" else 0
        count = struct.unpack_from(">H", data, start + 4)[0]
        found = []
        for at in range(start + 12, start + 12 + 16 * count, 16):
            tag, checksum, offset, length = struct.unpack_from(">4sLLL", data, at)
            found.append((tag.decode("utf8"), checksum, offset, length))
        return found
    except (struct.error, UnicodeDecodeError):
        return None


def _same(decoded: object, attrs: dict) -> bool:
    """Whether decoded attributes are the face's own, types and order included."""
    return isinstance(decoded, dict) and list(decoded) == list(attrs) and all(
        _identical(decoded[k], attrs[k]) for k in attrs)


def _identical(a: Any, b: Any) -> bool:
    """Equal values of the very same types, all the way down (1 and 1.0 differ; so do str and bytes)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(map(_identical, a, b))
    if isinstance(a, dict):
        return len(a) == len(b) and all(_identical(k, k2) and _identical(v, b[k2]) for (k, v), k2 in zip(a.items(), b))
    if hasattr(a, "__dict__"):  # (a name's bytes and their text)
        return bool(a == b) and vars(a) == vars(b)
    return bool(a == b) or (a != a and b != b)

