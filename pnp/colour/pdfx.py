"""A canvas's document made a PDF/X-4 (ISO 15930-7): output intent, XMP metadata, Info keys.

Contract: `mark(canvas, title)` (before any page is shown) makes the document PDF 1.6 and adds
what PDF/X-4 asks of a file besides its pages: an output intent (`/GTS_PDFX`, condition `FOGRA39`
of the ICC registry, the bundled profile embedded as its `DestOutputProfile`), an XMP packet in the
catalog naming the version (`pdfxid:GTS_PDFXVersion`), the title, the producer, dates and ids
matching the Info dictionary, and `GTS_PDFXVersion` and `Trapped /False` in the Info dictionary.
What the pages must be — CMYK or grey only (the canvas's `convert.CmykInk` hook), fonts embedded
(pnp embeds every font), a TrimBox and a BleedBox on every page (pnp's pages carry them) — is
the build's. PDF/X-4 rather than X-1a: X-4 keeps live transparency (a PNG's alpha, a shape's
`opacity`, SVG opacity), which X-1a forbids and which pnp could only flatten by rasterising. The
same input gives the same bytes: the dates are ReportLab's invariant ones (2000-01-01) and the ids
are digests of the title. ReportLab has no public call for output intents or XMP: this module
writes the catalog and Info objects itself (`tests/test_cmyk.py` holds them to what a reader sees).
"""
from __future__ import annotations

import hashlib
import uuid
import zlib
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfdoc

from .convert import OUTPUT_CONDITION, OUTPUT_CONDITION_TEXT, profile_bytes

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas

VERSION = "PDF/X-4"
REGISTRY = "http://www.color.org"
DATE = "2000-01-01T00:00:00+00:00"  # ReportLab's invariant CreationDate and ModDate, as XMP writes them
PRODUCER = "pnp (ReportLab)"


def mark(canvas: Canvas, title: str) -> None:
    doc = canvas._doc  # noqa: SLF001 (ReportLab's canvas hands no public document to add an output intent to)
    doc._pdfVersion = (1, 6)  # noqa: SLF001 (PDF/X-4 is PDF 1.6; ReportLab has no setter)
    catalog = doc.Catalog
    catalog.__NoDefault__ = [*catalog.__NoDefault__, "OutputIntents"]  # (this catalog's own list)
    catalog.OutputIntents = pdfdoc.PDFArray([_intent(doc)])
    catalog.Metadata = _Stream(xmp(title).encode("utf-8"), {"Type": "Metadata", "Subtype": "XML"}, compress=False)
    doc.info.__class__ = _PdfxInfo


def _intent(doc: pdfdoc.PDFDocument) -> pdfdoc.PDFDictionary:
    profile = doc.Reference(_Stream(profile_bytes(), {"N": 4}), "pnpOutputProfile")
    return pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("OutputIntent"), "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString(OUTPUT_CONDITION),
        "OutputCondition": pdfdoc.PDFString(OUTPUT_CONDITION_TEXT),
        "RegistryName": pdfdoc.PDFString(REGISTRY),
        "Info": pdfdoc.PDFString(OUTPUT_CONDITION_TEXT), "DestOutputProfile": profile})


def xmp(title: str) -> str:
    """The XMP packet of a PDF/X-4 named `title`: the same title, the same bytes."""
    digest = hashlib.sha256(title.encode("utf-8")).digest()
    document = uuid.UUID(bytes=digest[:16], version=5)
    return f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>{DATE}</xmp:CreateDate>
   <xmp:ModifyDate>{DATE}</xmp:ModifyDate>
   <xmp:MetadataDate>{DATE}</xmp:MetadataDate>
   <xmp:CreatorTool>pnp</xmp:CreatorTool>
   <pdf:Producer>{PRODUCER}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{document}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{document}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>{VERSION}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""


class _Stream(pdfdoc.PDFObject):
    """A stream of bytes written as they are (Flate-compressed unless told not to)."""

    def __init__(self, data: bytes, entries: dict[str, object], compress: bool = True):
        self.data, self.entries, self.compress = data, entries, compress

    def format(self, document: pdfdoc.PDFDocument) -> bytes:
        stream = pdfdoc.PDFStream(content=zlib.compress(self.data, 9) if self.compress else self.data)
        for key, value in self.entries.items():
            stream.dictionary[key] = pdfdoc.PDFName(value) if isinstance(value, str) else value
        stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName("FlateDecode")] if self.compress else [])
        formatted: bytes = stream.format(document)
        return formatted


class _PdfxInfo(pdfdoc.PDFInfo):
    """ReportLab's Info dictionary with `GTS_PDFXVersion` (and its `Trapped /False`)."""

    def format(self, document: pdfdoc.PDFDocument) -> bytes:  # ReportLab's PDFInfo.format, one key more
        date = pdfdoc.PDFDate(ts=document._timeStamp,  # noqa: SLF001 (as ReportLab's PDFInfo.format reads it)
                              dateFormatter=self._dateFormatter)
        entries = {"Title": pdfdoc.PDFString(self.title), "Author": pdfdoc.PDFString(self.author),
                   "CreationDate": date, "ModDate": date, "Producer": pdfdoc.PDFString(self.producer),
                   "Creator": pdfdoc.PDFString(self.creator), "Subject": pdfdoc.PDFString(self.subject),
                   "Keywords": pdfdoc.PDFString(self.keywords), "Trapped": pdfdoc.PDFName("False"),
                   "GTS_PDFXVersion": pdfdoc.PDFString(VERSION)}
        formatted: bytes = pdfdoc.PDFDictionary(entries).format(document)
        return formatted
