"""The parts of an XLSX workbook (a zip of XML files), streamed through a guarded XML parser.

Contract: `Package(data)` opens a workbook's bytes (a zip; `WorkbookError`, whose text says why,
for anything that is not one: an Excel 97-2003 `.xls`, a damaged or encrypted zip, a compression
zipfile cannot read) and refuses one that unpacks to more than `MAX_UNPACKED` bytes (as its zip
says: zipfile never inflates a member past its stated size). `Package.has(name)` tells a part
(names compared without case, as Office does); `Package.relations(part)` reads the part's
relationships (`_rels/<name>.rels`): `{id: (type, target part)}`, targets resolved from the part's
folder, external ones left out. `Package.stream(part, handler)` feeds a part to expat, 64 kB at a
time, calling `handler.start(name, attrs)`, `handler.end(name)` and `handler.text(data)` with
element
names without their prefix (`x:c` is `c`; attribute names as written: `r:id`); nothing is
kept but what the handler keeps. A part that declares a DTD or an entity, or that is not
well-formed XML, is a `WorkbookError`; past `MAX_ELEMENTS` elements in the whole workbook, reading
stops (`TooMuch`, its problem recorded in `Limits`): time, like memory, is bounded by what the file
holds, whatever it declares. Standard library only.
"""
from __future__ import annotations

import io
import posixpath
import zipfile
import zlib
from typing import Any, Protocol
from xml.parsers import expat

from ..core.errors import Problem, Ref
from .datalimits import Limits, TooMuch

MAX_UNPACKED = 256 * 1024 * 1024  # a workbook larger once unpacked is refused before any part is read
MAX_ELEMENTS = 4_000_000  # XML elements read in one workbook
_CHUNK = 1 << 16
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an Excel 97-2003 (.xls) file


class WorkbookError(Exception):
    """The file is not a workbook pnp can read; `str()` says why."""


class Handler(Protocol):
    def start(self, name: str, attrs: dict[str, str]) -> None: ...
    def end(self, name: str) -> None: ...
    def text(self, data: str) -> None: ...


class Package:
    def __init__(self, data: bytes, limits: Limits):
        self.limits, self.elements = limits, 0
        if data.startswith(_OLE):
            raise WorkbookError("an Excel 97-2003 workbook (.xls), not an .xlsx one: save it as .xlsx")
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data))
            infos = self.zip.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError):
            raise WorkbookError("not an XLSX workbook: the file is no zip archive, or a damaged one") from None
        unpacked = sum(info.file_size for info in infos)
        if unpacked > MAX_UNPACKED:
            limits.problems.append(Problem(f"the workbook unpacks to {unpacked // 1_000_000} MB; pnp reads workbooks of "
                                           f"at most {MAX_UNPACKED // 1_000_000} MB", "data file", Ref(limits.display)))
            raise TooMuch
        self.names = {info.filename.lower(): info for info in infos if not info.is_dir()}

    def has(self, part: str) -> bool:
        return part.lower() in self.names

    def relations(self, part: str) -> dict[str, tuple[str, str]]:
        folder, name = posixpath.split(part)
        rels = posixpath.join(folder, "_rels", name + ".rels")
        found = _Relations(folder)
        if self.has(rels):
            self.stream(rels, found)
        return found.relations

    def stream(self, part: str, handler: Handler) -> None:
        parser = expat.ParserCreate()
        parser.buffer_text = True
        parser.StartElementHandler = lambda name, attrs: self._root(parser, handler, name, attrs)
        parser.CharacterDataHandler = handler.text
        parser.StartDoctypeDeclHandler = _no_dtd
        parser.EntityDeclHandler = _no_dtd
        try:
            with self.zip.open(self.names[part.lower()]) as source:
                while chunk := source.read(_CHUNK):
                    parser.Parse(chunk, False)
            parser.Parse(b"", True)
        except expat.ExpatError as exc:
            raise WorkbookError(f"{part} is not well-formed XML ({expat.ErrorString(exc.code)}, line {exc.lineno})"
                                ) from None
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, NotImplementedError, RuntimeError) as exc:
            raise WorkbookError(f"the zip archive cannot be read ({_reason(exc)})") from None

    def _root(self, parser: Any, handler: Handler, name: str, attrs: dict[str, str]) -> None:
        """At the root element, the handlers for the rest: element names as the part writes them, or
        without their prefix (`x:c`) when it writes one. Every element counts against MAX_ELEMENTS."""
        start, end = handler.start, handler.end
        prefixed = ":" in name

        def on_start(name: str, attrs: dict[str, str]) -> None:
            self.elements += 1
            if self.elements > MAX_ELEMENTS:
                self._too_many()
            start(name.rpartition(":")[2] if prefixed else name, attrs)

        parser.StartElementHandler = on_start
        parser.EndElementHandler = (lambda name: end(name.rpartition(":")[2])) if prefixed else end
        on_start(name, attrs)

    def _too_many(self) -> None:
        self.limits.problems.append(Problem(f"the workbook holds more than {MAX_ELEMENTS:,} XML elements",
                                            "data file", Ref(self.limits.display)))
        raise TooMuch


def _no_dtd(*_: Any) -> None:
    raise WorkbookError("a part of the workbook declares a DTD or an entity, which no spreadsheet program writes")


def _reason(exc: BaseException) -> str:
    return str(exc)[:80] or type(exc).__name__


class _Relations:
    """A part's relationships: id -> (type, target part), from its `.rels` file."""

    def __init__(self, folder: str):
        self.folder = folder
        self.relations: dict[str, tuple[str, str]] = {}

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if name != "Relationship" or attrs.get("TargetMode") == "External":
            return
        target = attrs.get("Target", "")
        path = target.lstrip("/") if target.startswith("/") else posixpath.join(self.folder, target)
        path = posixpath.normpath(path)
        if attrs.get("Id") and not path.startswith(".."):
            self.relations[attrs["Id"]] = (attrs.get("Type", ""), path)

    def end(self, name: str) -> None:
        pass

    def text(self, data: str) -> None:
        pass
