"""Form fields on a PDF page: the cells of a score sheet to fill in on a screen.

Contract: a `FormFields` belongs to one canvas. `add(box)` puts a text field (a widget of
ReportLab's `canvas.acroForm`) on the current page over `box` (PDF points, bottom-left origin):
transparent, borderless, printable, its text centred and sized to fit, so the page prints as
before and a filled-in value prints where a pen would write it. A box with a `script` gets it as
its calculate action (`/AA /C`, JavaScript); `finish(order, helpers)` writes the AcroForm's
calculation order (`/CO`: the fields with scripts, each after those it reads), puts `helpers` (the
functions the scripts call) in the document-level JavaScript (`/Names /JavaScript`, run when the
PDF opens) and asks viewers to draw the fields' appearances (`/NeedAppearances`). Field text uses
the viewer's Helvetica (form fields can only name the standard fonts); the printed page itself
keeps its embedded fonts.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.pdfbase.acroform import PDFFromString
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFString

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas

CENTRED = 1  # /Q: quadding
PRINT = 4  # /F: the annotation prints


@dataclass(frozen=True)
class FieldBox:
    name: str
    x: float
    y: float
    w: float
    h: float
    tip: str = ""
    script: str | None = None


class FormFields:
    def __init__(self, canvas: Canvas):
        self.c = canvas
        self.refs: dict[str, object] = {}

    def add(self, box: FieldBox) -> None:
        """A text field widget of our own making (ReportLab's `textfield` writes an appearance
        stream and a font object per field: a 600-field sheet would weigh 600 kB)."""
        form, doc = self.c.acroForm, self.c._doc  # noqa: SLF001 (ReportLab: no public call for a widget of our own)
        if not form.fonts:
            form.makeFont("Helvetica")  # the AcroForm's /DR and /DA name it
        entry = {"Type": PDFName("Annot"), "Subtype": PDFName("Widget"), "FT": PDFName("Tx"),
                 "T": PDFString(box.name), "V": PDFString(""), "DV": PDFString(""), "F": PRINT, "Q": CENTRED,
                 "DA": PDFString("/Helv 0 Tf 0 g"), "P": doc.thisPageRef(),
                 "Rect": PDFArray([round(v, 3) for v in (box.x, box.y, box.x + box.w, box.y + box.h)])}
        if box.tip:
            entry["TU"] = PDFString(box.tip)
        if box.script:
            entry["AA"] = PDFDictionary({"C": PDFDictionary({"S": PDFName("JavaScript"), "JS": PDFString(box.script)})})
        widget = PDFDictionary(entry)
        self.c._addAnnotation(widget)  # noqa: SLF001 (ReportLab: the page's /Annots, as its own widgets do)
        self.refs[box.name] = form.getRef(widget)
        form.fields.append(self.refs[box.name])

    def finish(self, order: list[str], helpers: str = "") -> None:
        extras = self.c.acroForm.extras
        extras["NeedAppearances"] = PDFFromString("true")
        if order:
            extras["CO"] = PDFArray([self.refs[name] for name in order])
        if helpers:
            script = PDFDictionary({"S": PDFName("JavaScript"), "JS": PDFString(helpers)})
            doc = self.c._doc  # noqa: SLF001 (ReportLab: no public call for document-level scripts)
            tree = PDFDictionary({"Names": PDFArray([PDFString("pnp"), doc.Reference(script)])})
            doc.Catalog.Names = PDFDictionary({"JavaScript": tree})
