"""draw.keptdoc: a resident's document, written with kept pages' bytes and fonts' objects formatted
once, is byte for byte what ReportLab's `PDFDocument.format` writes — fonts whose subsets grew,
streams, forms, pages copied or not — and ReportLab's own `format` runs where it would write
otherwise (comments, encryption)."""
from __future__ import annotations

import io

import pytest
from reportlab import rl_config
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pnp.draw import keptdoc
from pnp.draw.kept import KeptPages
from pnp.draw.keptdoc import KeptDocument

from conftest import ROOT


def _font() -> str:
    if "KeptDocNoto" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("KeptDocNoto", str(ROOT / "fonts" / "NotoSans-Regular.ttf")))
    return "KeptDocNoto"


def _draw(texts: list[str], kept: bool, encrypt: str | None = None) -> tuple[bytes, type]:
    """Pages of `texts` (TrueType and a standard font, a form shown on each, a rectangle), in a
    `KeptDocument` or ReportLab's own."""
    out = io.BytesIO()
    c = Canvas(out, pagesize=(200, 200), invariant=1, pageCompression=1, initialFontName="Helvetica",
               encrypt=encrypt)
    if kept:
        c._doc.__class__ = KeptDocument  # noqa: SLF001 (what draw.kept does to a resident's document)
    c.beginForm("mark")
    c.rect(1, 1, 8, 8, fill=1)
    c.endForm()
    for text in texts:
        c.setFont(_font(), 11)
        c.drawString(20, 100, text)
        c.setFont("Helvetica", 9)
        c.drawString(20, 50, text[::-1])
        c.doForm("mark")
        c.showPage()
    c.save()
    return out.getvalue(), type(c._doc)  # noqa: SLF001


TEXTS = [["une carte", "deux cartes"], ["une carte", "déjà vu", "ŒUVRE ½"], ["x" * 40, "Ω≈ç√∫"], []]


@pytest.mark.parametrize("texts", TEXTS)
def test_a_kept_document_writes_reportlabs_bytes_and_again_from_its_memo(texts):
    cold = _draw(texts, kept=False)[0]
    assert _draw(texts, kept=True)[0] == cold
    assert _draw(texts, kept=True)[0] == cold  # (the fonts' objects now from the memo)


def test_the_fonts_objects_are_formatted_once_and_a_grown_subset_anew(monkeypatch):
    keptdoc._FORMATTED.clear()
    _draw(["abc"], kept=True)
    kinds = sorted(key[0] for key in keptdoc._FORMATTED)
    assert kinds.count("font") == 1 and kinds.count("stream") >= 2  # its dictionary, program and ToUnicode map
    formatted = []
    real = pdfdoc.format
    monkeypatch.setattr(pdfdoc, "format", lambda *a, **k: (formatted.append(type(a[0]) if k.get("toplevel") else None),
                                                           real(*a, **k))[1])
    _draw(["abc"], kept=True)
    assert pdfdoc.PDFTrueTypeFont not in formatted
    monkeypatch.undo()
    assert _draw(["abcé"], kept=True)[0] == _draw(["abcé"], kept=False)[0]  # another subset: formatted


def test_reportlabs_own_format_writes_a_document_with_comments_or_encryption(monkeypatch):
    from reportlab.lib.pdfencrypt import StandardEncryption

    document = pdfdoc.PDFDocument(invariant=1)
    document.encrypt = StandardEncryption("pw")
    assert not keptdoc.applies(document)
    assert _draw(["abc"], kept=True, encrypt="pw")[0] == _draw(["abc"], kept=False, encrypt="pw")[0]
    cold = _draw(["abc"], kept=False)[0]
    monkeypatch.setattr(rl_config, "pdfComments", 1)
    assert not keptdoc.applies(pdfdoc.PDFDocument(invariant=1))
    with_comments = _draw(["abc"], kept=True)[0]
    assert with_comments == _draw(["abc"], kept=False)[0] != cold
    assert b"% page tree" in with_comments or b"%" in with_comments.split(b"\n", 3)[3]


def test_a_resident_drawing_writes_its_document_as_a_kept_document():
    out = io.BytesIO()
    c = Canvas(out, pagesize=(200, 200), invariant=1, pageCompression=1, initialFontName="Helvetica")
    run = KeptPages().run("doc.pdf")
    begun = run.begin(c)
    c.drawString(20, 100, "page")
    run.record(c, ("page", 0), (), begun)
    c.showPage()
    run.ended(c)
    run.end()
    assert type(c._doc) is KeptDocument  # noqa: SLF001
    c.save()
    assert out.getvalue() == _plain_page()


def _plain_page() -> bytes:
    out = io.BytesIO()
    c = Canvas(out, pagesize=(200, 200), invariant=1, pageCompression=1, initialFontName="Helvetica")
    c.drawString(20, 100, "page")
    c.showPage()
    c.save()
    return out.getvalue()


def test_the_page_tree_is_formatted_by_its_pages_numbers():
    keptdoc._FORMATTED.clear()
    assert _draw(["a", "b", "c"], kept=True)[0] == _draw(["a", "b", "c"], kept=False)[0]
    assert [key for key in keptdoc._FORMATTED if key[0] == "pages"]
    assert _draw(["a", "b"], kept=True)[0] == _draw(["a", "b"], kept=False)[0]  # two pages: another tree
    assert _draw(["a", "b", "c"], kept=True)[0] == _draw(["a", "b", "c"], kept=False)[0]


def _forms(compression: int, kept: bool, box: float = 8) -> bytes:
    """Two pages showing two forms (one of them drawn in a box of `box`), compressed or not."""
    out = io.BytesIO()
    c = Canvas(out, pagesize=(200, 200), invariant=1, pageCompression=compression, initialFontName="Helvetica")
    if kept:
        c._doc.__class__ = KeptDocument  # noqa: SLF001
    for name, size in (("a", box), ("b", 3.5)):
        c.beginForm(name, lowerx=-0.0, lowery=-size, upperx=size * 1.5, uppery=0.0)
        c.rect(0, -size, size, size, fill=1)
        c.endForm()
    for _ in range(2):
        c.setFont(_font(), 11)
        c.drawString(20, 100, "forme")
        c.doForm("a")
        c.doForm("b")
        c.showPage()
    c.save()
    return out.getvalue()


@pytest.mark.parametrize("compression", [0, 1])
def test_forms_and_a_fonts_descriptor_are_formatted_once_and_written_as_reportlab_writes_them(compression, monkeypatch):
    keptdoc._FORMATTED.clear()
    assert _forms(compression, kept=True) == _forms(compression, kept=False)
    kinds = sorted(key[0] for key in keptdoc._FORMATTED)
    assert kinds.count("form") == 2 and kinds.count("dictionary") >= 1  # (the font's descriptor)
    formatted = []
    real = pdfdoc.format

    def kind(obj: object) -> str:
        entries = getattr(obj, "dict", None) or {}
        return "descriptor" if entries.get("Type") == "/FontDescriptor" else type(obj).__name__

    monkeypatch.setattr(pdfdoc, "format", lambda *a, **k: (formatted.append(kind(a[0]) if k.get("toplevel") else None),
                                                           real(*a, **k))[1])
    again = _forms(compression, kept=True)
    monkeypatch.undo()
    assert again == _forms(compression, kept=False)
    assert "PDFDictionary" in formatted  # (the standard fonts' dictionary holds font objects: formatted each time)
    assert "PDFFormXObject" not in formatted and "descriptor" not in formatted
    assert _forms(compression, kept=True, box=9) == _forms(compression, kept=False, box=9)  # another box: formatted
