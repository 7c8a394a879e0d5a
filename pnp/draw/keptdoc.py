"""A resident drawing's document written out with the pages it copied taken as formatted bytes
(issue 23, item 2).

Contract: `KeptDocument` is the class a resident's canvas's `PDFDocument` takes once a page of it
is kept (`draw.kept.PageRun.ended`; a cold build never uses it). Its `format` is ReportLab's
`PDFDocument.format` (reportlab 5.x: the Catalog and Info registered, every object formatted as an
indirect object in object-number order, objects made while formatting included, then the cross-
reference table and the trailer) but for a page's formatted content stream (`_Formatted`) and a kept
page's dictionary (`_KeptPage`), which are written as `N 0 obj\n…\nendobj\n` around their own
`format` without the `PDFIndirectObject` and the generic `format` dispatch — the bytes those give
them (no `__Comment__` is written: `rl_config.pdfComments` is off or `rl_config.invariant` on, else
ReportLab's own `format` runs); the classes `WHOLE` holds (draw.kept adds those two). A TrueType
font's dictionary, a stream (a font's program, its ToUnicode map) and the page tree are formatted
once for all they are formatted from (`_SIGNED`: every attribute, the content, the filters, the
object numbers referred to; anything else in them, an object formatting would register: formatted
every time), their bytes kept in a memo of this process (`MEMO` entries, then forgotten at once);
so are a plain dictionary (a font's descriptor) and a form XObject as `canvas.endForm` leaves it.
The cross-reference table is written in one pass, as `PDFCrossReferenceTable` writes it.
ReportLab's own `format` runs for anything else it could change: an encrypted document,
signatures, another ReportLab version. So the PDF is byte for byte what ReportLab writes
(tests/test_kept_document.py and test_kept_pages.py compare whole documents; bench/latency.py the
watcher's PDF with a cold build's).
"""
from __future__ import annotations

from typing import Any

import reportlab
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc

WHOLE: set[type] = set()  # objects whose own `format` gives their bytes whole (draw.kept's: it adds them)
# ReportLab releases whose `PDFDocument.format` this one is (read against 5.1.0); another runs ReportLab's own
VERSIONS = ("5.1.",)


def applies(document: Any) -> bool:
    """Whether `KeptDocument.format` writes this document as ReportLab's `format` would."""
    return reportlab.Version.startswith(VERSIONS) and type(document.encrypt) is pdfdoc.NoEncryption \
        and (rl_config.invariant or not rl_config.pdfComments) and not getattr(document, "_digiSigs", None)


class KeptDocument(pdfdoc.PDFDocument):
    def format(self) -> bytes:
        if not applies(self):
            written: bytes = super().format()
            return written
        self.encrypt.prepare(self)
        cat, info = self.Catalog, self.info
        self.Reference(cat)
        self.Reference(info)
        self.__accum__ = out = pdfdoc.PDFFile(self._pdfVersion)
        ids = self._objects(out)
        del self.__accum__
        count = len(self.numberToId)
        if len(ids) != count:
            raise ValueError(f"counter {len(ids)} doesn't match number to id dictionary {count}")
        offset = out.add(self._xref(ids))
        trailer = pdfdoc.PDFTrailer(startxref=offset, Size=count + 1, Root=self.Reference(cat),
                                    Info=self.Reference(info), Encrypt=None, ID=self.ID())
        out.add(trailer.format(self))
        data: bytes = out.format(self)
        return data

    def _xref(self, ids: list[str]) -> bytes:
        """The cross-reference table of objects 1 to N, `ids` in number order (what
        `PDFCrossReferenceTable` with one section from 0 writes: the free entry, then each object's
        offset and version)."""
        offsets, named = self.idToOffset, self.idToObjectNumberAndVersion
        lines = [f"0 {len(ids) + 1}", "0000000000 65535 f "]
        lines += ["%0.10d %0.5d n " % (offsets[oid], named[oid][1]) for oid in ids]
        lines.append("")
        return b"xref\n" + "\n".join(lines).encode("ascii")  # (digits, spaces, n and f: what pdfdocEnc gives them)

    def _objects(self, out: Any) -> list[str]:
        """Every object formatted into `out` in number order (new ones appear while formatting), the
        offset of each noted; their ids in that order."""
        numbers, named, objects, offsets = self.numberToId, self.idToObjectNumberAndVersion, self.idToObject, self.idToOffset
        ids: list[str] = []
        counter = 1
        while counter in numbers:
            oid = numbers[counter]
            obj = objects[oid]
            kind = type(obj)
            if kind in WHOLE:
                formatted = _indirect(named[oid], obj.format(self))
            elif kind in _SIGNED and (key := _SIGNED[kind](obj, self)) is not None:
                data = _FORMATTED.get(key)
                if data is None:
                    data = pdfdoc.format(obj, self, toplevel=1)
                    if len(_FORMATTED) >= MEMO:
                        _FORMATTED.clear()
                    _FORMATTED[key] = data
                formatted = _indirect(named[oid], data)
            else:
                formatted = pdfdoc.PDFIndirectObject(oid, obj).format(self)
            offsets[oid] = out.add(formatted)
            ids.append(oid)
            counter += 1
        return ids


def _indirect(number: tuple[int, int], data: bytes) -> bytes:
    """An object's formatted bytes as `PDFIndirectObject.format` writes them."""
    return b"%d %d obj\n" % number + data + (b"" if data.endswith(b"\n") else b"\n") + b"endobj\n"


MEMO = 512  # objects' formatted bytes kept by what they are formatted from
_FORMATTED: dict[tuple, bytes] = {}


def _value(value: Any, document: Any) -> Any:
    """What formatting a value inside a dictionary or an array gives its bytes from, or None when it
    holds anything else (a float, an object formatting would register...): an int, a text, an array
    of such, a reference to an object numbered in this document."""
    kind = type(value)
    if kind is int or kind is str:
        return kind, value
    if kind is float:  # (`fp_str` of it: its exact value, -0.0 apart)
        return kind, value.hex()
    if kind is pdfdoc.PDFArray:
        items = value.sequence
        signed = tuple(items) if set(map(type, items)) <= _PLAIN else tuple(_value(item, document) for item in items)
        return None if None in signed else ("array", value.multiline, signed)
    if kind is pdfdoc.PDFObjectReference:
        number = document.idToObjectNumberAndVersion.get(value.name)
        return None if number is None else ("ref", number)
    return None


_PLAIN = frozenset((int,))


def _values(pairs: Any, document: Any) -> tuple | None:
    signed = tuple((name, _value(value, document)) for name, value in pairs)
    return None if any(value is None for _, value in signed) else signed


def _font(font: Any, document: Any) -> tuple | None:
    """A TrueType font dictionary (`PDFType1Font.format`: its name attributes as names, its local
    ones as they are), by its attributes."""
    names = tuple((name, getattr(font, name)) for name in font.name_attributes if hasattr(font, name))
    if any(type(value) is not str for _, value in names):
        return None
    local = _values(((name, getattr(font, name)) for name in font.local_attributes if hasattr(font, name)), document)
    return None if local is None else ("font", rl_config.pdfMultiLine, names, local)


def _stream(stream: Any, document: Any) -> tuple | None:
    """A stream (a font's program, its ToUnicode map) by its content, filters and dictionary."""
    content, dictionary = stream.content, stream.dictionary
    if type(content) not in (str, bytes) or type(dictionary) is not pdfdoc.PDFDictionary \
            or type(dictionary.dict) is not dict:
        return None
    filters = stream.filters if stream.filters is not None else document.defaultStreamFilters
    entries = _values(dictionary.dict.items(), document)
    return None if entries is None else ("stream", rl_config.pdfMultiLine, dictionary.multiline, content,
                                         tuple(filters) if filters is not None else None, entries)


def _pages(pages: Any, document: Any) -> tuple | None:
    """The page tree (`PDFCatalog.format` after `PDFPages.check_format`: its type, its pages as
    references, their count), by the object numbers of its pages, when it holds nothing else."""
    if not pages.__dict__.keys() <= {"pages", "Kids", "Count", "__InternalName__"}:
        return None
    named = document.idToObjectNumberAndVersion
    numbers = tuple(named.get(getattr(page, "__InternalName__", None)) for page in pages.pages)
    return None if None in numbers else ("pages", rl_config.pdfMultiLine, numbers)


def _dictionary(dictionary: Any, document: Any) -> tuple | None:
    """A plain dictionary (a font's descriptor) by its entries, when it holds nothing else."""
    if type(dictionary.dict) is not dict or not dictionary.__dict__.keys() <= _DICTIONARY:
        return None
    entries = _values(dictionary.dict.items(), document)
    return None if entries is None else ("dictionary", rl_config.pdfMultiLine, dictionary.multiline, entries)


_DICTIONARY = frozenset(("dict", "__InternalName__", "__Comment__"))
_FORM = frozenset(("lowerx", "lowery", "upperx", "uppery", "compression", "stream", "_colorsUsed", "ExtGState",
                   "XObjects", "Annots", "__InternalName__", "__Comment__"))


def _form(form: Any, document: Any) -> tuple | None:
    """A form XObject as `canvas.endForm` leaves it (`PDFFormXObject.format`: its box, its operators,
    compressed or not, resources naming the standard fonts' dictionary alone), by those."""
    found = form.__dict__
    if not found.keys() <= _FORM or found.get("Annots") or found.get("_colorsUsed") or type(form.stream) is not bytes \
            or form.ExtGState is not None or form.XObjects is not None or form.BBox is not None \
            or form.Matrix is not None or form.Contents is not None or form.Resources is not None:
        return None
    corners = tuple(_value(getattr(form, name), document) for name in ("lowerx", "lowery", "upperx", "uppery"))
    fonts = document.idToObjectNumberAndVersion.get(pdfdoc.BasicFonts)
    if None in corners or fonts is None or type(form.compression) is not int or form.hasImages != 1:
        return None
    filters = document.defaultStreamFilters  # (an uncompressed form's stream takes the document's)
    return ("form", rl_config.pdfMultiLine, rl_config.useA85, corners, form.compression, form.stream, fonts,
            tuple(filters) if filters is not None else None)


_SIGNED = {pdfdoc.PDFTrueTypeFont: _font, pdfdoc.PDFStream: _stream, pdfdoc.PDFPages: _pages,
           pdfdoc.PDFDictionary: _dictionary, pdfdoc.PDFFormXObject: _form}
