"""Font subsets made once: the TrueType program of each subset a PDF embeds, kept compressed.

Contract: when a document is written, ReportLab makes each subset of each TrueType font it used
(`TTFontFile.makeSubset`: the glyphs of up to 256 characters, read again from the file's tables)
and compresses it. `adopt(face, sha)` makes a face of the font book (parsed, or built by
`fontcache`; `sha` the digest of its file's bytes) an `EmbeddedFace`, whose subsets come from a
memo of this process (a resident build writes the same subsets every build) or from the user's
cache folder (`<cache>/fonts/<key>.subset`, `pnp.core.fileio`), keyed by the file's digest, the
subset's characters, ReportLab's and zlib's versions: the program and its compressed bytes as
`PDFZCompress` makes them, set on the stream ReportLab made, with the filter it would have named.
The PDF bytes are the ones ReportLab writes (tests/test_fontcache.py compares them). An entry is a
line of JSON (format, key, the SHA-256 of the rest, the program's length), the program and its
compressed bytes; one of another shape, whose compressed bytes do not inflate to the program, or
whose program is no TrueType font is a miss, made again. Nothing is written when caches are
read-only; the first write of a process trims the folder to the newest `KEEP` subsets.
"""
from __future__ import annotations

import hashlib
import struct
import zlib
from contextlib import suppress
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import reportlab
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTFontFace

from ..core.cacheentry import read_entry, write_entry
from ..core.fileio import cache_folder

FORMAT = 1
KEEP = 256
SUFFIX = ".subset"
MAX_ENTRY = 64 * 1024 * 1024
MEMO = 256  # subsets kept in this process
_SHAS: WeakKeyDictionary[TTFontFace, str] = WeakKeyDictionary()  # an adopted face -> its file's digest
_MEMO: dict[tuple[str, tuple[int, ...]], tuple[bytes, bytes]] = {}  # (digest, characters) -> program, compressed


class EmbeddedFace(TTFontFace):
    """A font book's face: its subsets made once, from the memo or the cache."""

    def makeSubset(self, subset: list[int]) -> bytes:
        return _subset(self, subset)[0]

    def addSubsetObjects(self, doc: Any, fontname: str, subset: list[int]) -> Any:
        found = super().addSubsetObjects(doc, fontname, subset)
        program, compressed = _subset(self, subset)
        stream = doc.idToObject.get(f"fontFile:{self.filename}({fontname})")
        if (isinstance(stream, pdfdoc.PDFStream) and stream.content is program
                and stream.filters == [pdfdoc.PDFZCompress] and "Filter" not in stream.dictionary.dict):
            stream.content = compressed  # what PDFStream.format would make, made once
            stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
        return found


def adopt(face: TTFontFace, sha: str) -> None:
    """Make `face` (of the file whose digest is `sha`) an `EmbeddedFace`."""
    if not isinstance(face, EmbeddedFace):  # (a face from the font cache is one already)
        face.__class__ = EmbeddedFace
    _SHAS[face] = sha


def _subset(face: TTFontFace, subset: list[int]) -> tuple[bytes, bytes]:
    """The subset's program and its compressed bytes: from the memo, the cache, or made."""
    sha = _SHAS.get(face)
    if sha is None:  # (not adopted: a copy of the face)
        program = TTFontFace.makeSubset(face, subset)
        return program, pdfdoc.PDFZCompress.encode(program)
    codes = tuple(subset)
    found = _MEMO.get((sha, codes))
    if found is None:
        path = cache_folder("fonts") / f"{key(sha, codes)}{SUFFIX}"
        found = _read(path, key(sha, codes))
        if found is None:
            program = TTFontFace.makeSubset(face, subset)
            found = program, pdfdoc.PDFZCompress.encode(program)
            _write(path, key(sha, codes), found)
        if len(_MEMO) >= MEMO:
            _MEMO.clear()
        _MEMO[(sha, codes)] = found
    return found


def key(sha: str, codes: tuple[int, ...]) -> str:
    text = f"{FORMAT}\0{reportlab.Version}\0{zlib.ZLIB_RUNTIME_VERSION}\0{sha}\0{','.join(map(str, codes))}"
    return hashlib.sha256(text.encode()).hexdigest()


def _read(path: Path, wanted: str) -> tuple[bytes, bytes] | None:
    found = read_entry(path, FORMAT, wanted, ("program",), MAX_ENTRY)
    if found is None or type(found[0]["program"]) is not int:
        return None
    size, body = found[0]["program"], found[1]
    program, compressed = body[:size], body[size:]
    try:
        if not _sfnt(program) or zlib.decompress(compressed) != program:
            return None
    except zlib.error:
        return None
    return program, compressed


def _sfnt(program: bytes) -> bool:
    """Whether the bytes begin as a TrueType font whose table directory lies within them."""
    if len(program) < 12 or program[:4] != b"\0\1\0\0":
        return False
    count: int = struct.unpack_from(">H", program, 4)[0]
    return 0 < count and 12 + 16 * count <= len(program)


def _write(path: Path, wanted: str, found: tuple[bytes, bytes]) -> None:
    program, compressed = found
    with suppress(OSError):  # a cache that cannot be written only makes the next run slower
        write_entry(path, FORMAT, wanted, program + compressed, KEEP, program=len(program))
