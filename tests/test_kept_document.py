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
