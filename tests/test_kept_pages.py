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

    from pnp.output import _frame, _page_digest

    if "KeptNoto" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("KeptNoto", str(ROOT / "fonts" / "NotoSans-Regular.ttf")))
    out, digests = io.BytesIO(), []
    c = Canvas(out, pagesize=(200, 200), invariant=1, pageCompression=1, initialFontName="KeptNoto")
    c.setPageCallBack(lambda _number: digests.append(_page_digest(c, _frame(c))))
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
        _end_page(c, run, trim, bleed)
    _end_document(c, run)
    return out.getvalue(), digests


def _end_page(c: Canvas, run: object, trim: tuple, bleed: tuple) -> None:
    """A page drawn ends as a sheet's does (its boxes, `showPage`, the run told)."""
    c.setTrimBox(trim)
    c.setBleedBox(bleed)
    c.showPage()
    if run is not None:
        run.ended(c)  # type: ignore[attr-defined]


def _end_document(c: Canvas, run: object) -> None:
    if run is not None:
        run.end()  # type: ignore[attr-defined]
    c.save()


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


class _Face:
    """A stand-in face: its text, painted at its slot's corner (the spans know a face by identity)."""

    def __init__(self, text: str):
        self.text = text


def _faces_document(kept: KeptPages | None, pages: list[list[_Face]], slots: list[object]) -> tuple[bytes, int]:
    """Pages of faces in slots, a translate to each slot and back around each (which ReportLab joins to
    the next one's: `Canvas.transform`), painted through `PageRun.face` on pages not copied whole."""
    _copied(None, [])  # (the font registered)
    out = io.BytesIO()
    c = Canvas(out, pagesize=(200, 200), invariant=1, pageCompression=1, initialFontName="KeptNoto")
    run = kept.run("faces.pdf") if kept is not None else None
    for faces in pages:
        key, box = ("sheet",), (0.0, 0.0, 200.0, 200.0)
        if run is not None and run.copy(c, key, faces, box, box):  # type: ignore[arg-type]
            continue
        begun = run.begin(c) if run is not None else None
        for n, (slot, face) in enumerate(zip(slots, faces)):
            def paint(face: _Face = face, n: int = n) -> None:
                c.translate(10 + 60 * n, 150)
                c.setFont("KeptNoto", 10)
                c.drawString(0, 0, face.text)
                c.translate(-(10 + 60 * n), -150)
            if run is None:
                paint()
            else:
                run.face(c, slot, face, paint)  # type: ignore[arg-type]
        if run is not None and begun is not None:
            run.record(c, key, faces, begun)  # type: ignore[arg-type]
        _end_page(c, run, box, box)
    _end_document(c, run)
    return out.getvalue(), run.spans.copied if run is not None else 0


def test_faces_painted_last_time_in_the_same_state_are_copied_into_a_page_drawn_again():
    """The first face of the document registers its font (painted every time); a face after a new
    glyph is met in another state (painted again)."""
    kept, slots = KeptPages(), [object(), object(), object()]
    a, b, c, d = _Face("one"), _Face("two"), _Face("three"), _Face("four")

    def same(pages: list[list[_Face]]) -> int:
        made, copied = _faces_document(kept, pages, slots)
        assert made == _faces_document(None, pages, slots)[0]
        return copied

    assert same([[a, b, c], [d, a, b]]) == 0
    assert same([[a, _Face("deux"), c], [d, a, b]]) == 1  # its page drawn, the face after it copied
    assert same([[a, _Face("deüx"), c], [d, a, b]]) == 0  # a new glyph: the face after it painted again
    assert same([[a, _Face("deüx"), c], [d, a, b]]) == 1  # (another face object, the same state)
    assert same([[a, _Face("deüx"), c], [d, _Face("un"), b]]) == 3  # c, d and b: both pages drawn


def test_a_face_shown_on_several_pages_has_a_span_on_each():
    """A deck's back is one face on every back page: each page's span of it is its own (the document's
    objects differ from page to page), so an edit on any page copies it."""
    kept, slots = KeptPages(), [object(), object(), object()]
    back, other = _Face("back"), _Face("verso")

    def same(pages: list[list[_Face]]) -> int:
        made, copied = _faces_document(kept, pages, slots)
        assert made == _faces_document(None, pages, slots)[0]
        return copied

    first = [[_Face("one"), back, other], [_Face("two"), back, other], [_Face("three"), back, other]]
    assert same(first) == 0
    for page, copied in ((2, 4), (1, 4), (0, 2)):  # (the first page registers the font: drawn every time)
        first[page][0] = _Face(f"new {page}")
        assert same(first) == copied
