"""draw.kept: a page copied from the last drawing, its dictionary formatted once, writes the bytes a
cold drawing writes — also when the objects numbered after it are not the same as last time."""
from __future__ import annotations

import io

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.kept import KeptPages

from conftest import ROOT


def _document(kept: KeptPages | None, extra: int = 0) -> bytes:
    """Three pages of text (through a `PageRun` of `kept`), then `extra` objects registered before the
    document is written: they come before the pages' content streams, whose numbers they move."""
    out = io.BytesIO()
    c = Canvas(out, pagesize=(200, 200), invariant=1, pageCompression=1, initialFontName="Helvetica")
    run = kept.run("doc.pdf") if kept is not None else None
    for n in range(3):
        if run is None or not run.reuse(c, ("page", n), ()):
            begun = run.begin(c) if run is not None else None
            c.drawString(20, 100, f"page {n}")
            if run is not None and begun is not None:
                run.record(c, ("page", n), (), begun)
        c.showPage()
        if run is not None:
            run.ended(c)
    if run is not None:
        run.end()
    for i in range(extra):
        c._doc.Reference(pdfdoc.PDFDictionary({"Extra": i}))  # noqa: SLF001 (an object of the document's)
    c.save()
    return out.getvalue()


def test_copied_pages_write_a_cold_drawings_bytes_as_their_numbers_move():
    kept = KeptPages()
    assert _document(kept) == _document(None)
    assert _document(kept) == _document(None) and kept.reused["doc.pdf"] >= 2
    formatted = [page.dictionary for page in kept.run("doc.pdf").old]
    assert all(formatted[1:])  # (formatting the first registers the font too: formatted every time)
    assert _document(kept, extra=2) == _document(None, extra=2)  # the streams' numbers moved by 2
    assert _document(kept, extra=2) == _document(None, extra=2)
    assert _document(kept) == _document(None)


SHOWN: list[int] = []


def _copied(kept: KeptPages | None, texts: list[str]) -> tuple[bytes, list[str]]:
    """Pages of `texts` in a bundled TrueType font, ended as a resident's sheets end them: copied whole
    (`PageRun.copy`) when they can be, else copied or drawn, then shown; with the page digests the
    page callback gives (`output._page_digest`, as a resident's batch records them)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    from pnp.output import _page_digest

    if "KeptNoto" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("KeptNoto", str(ROOT / "fonts" / "NotoSans-Regular.ttf")))
    out, digests = io.BytesIO(), []
    c = Canvas(out, pagesize=(200, 200), invariant=1, pageCompression=1, initialFontName="KeptNoto")
    c.setPageCallBack(lambda _number: digests.append(_page_digest(c)))
    show = c.showPage
    c.showPage = lambda: (SHOWN.append(1), show())  # type: ignore[method-assign] (a page ended by ReportLab)
    run = kept.run("doc.pdf") if kept is not None else None
    for text in texts:
        key, trim, bleed = ("page", text), (10.0, 10.0, 190.0, 190.0), (5.0, 5.0, 195.0, 195.0)
        if run is not None and run.copy(c, key, (), trim, bleed):
            continue
        if run is None or not run.reuse(c, key, ()):
            begun = run.begin(c) if run is not None else None
            c.setFont("KeptNoto", 12)
            c.drawString(20, 100, text)
            if run is not None and begun is not None:
                run.record(c, key, (), begun)
        c.setTrimBox(trim)
        c.setBleedBox(bleed)
        c.showPage()
        if run is not None:
            run.ended(c)
    if run is not None:
        run.end()
    c.save()
    return out.getvalue(), digests


def test_pages_copied_whole_write_a_cold_drawings_bytes_and_digests_and_a_new_glyph_draws_what_follows():
    """ASCII characters have their own codes in a subset; any other is assigned the next code as it comes:
    a page that assigns one (or first uses the font) is drawn every time, and the pages after it are
    copied only when the subsets are as they were."""
    kept = KeptPages()
    first = ["ab", "éa", "éb", "éc"]
    assert _copied(kept, first) == _copied(None, first)
    assert _copied(kept, first) == _copied(None, first) and kept.reused["doc.pdf"] == 2
    assert [page.shown is not None for page in kept.run("doc.pdf").old] == [False, False, True, True]
    glyph = ["ab", "ñé", "éb", "éc"]  # a new character before é: é's code moves, the pages after are drawn
    assert _copied(kept, glyph) == _copied(None, glyph) and kept.reused["doc.pdf"] == 0
    same = ["ba", "ñé", "éb", "éc"]  # no new character: the pages after the first two are copied whole
    SHOWN.clear()
    assert _copied(kept, same)[0] == _copied(None, same)[0] and kept.reused["doc.pdf"] == 2
    assert len(SHOWN) == 2 + 4  # (ReportLab's showPage: the two pages drawn, and the cold drawing's four)
    assert _copied(kept, same) == _copied(None, same)
    late = ["ba", "ñé", "éb", "Ωc"]  # a new character on the last page alone
    assert _copied(kept, late) == _copied(None, late) and kept.reused["doc.pdf"] == 1
