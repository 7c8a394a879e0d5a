"""draw.kept: a page copied from the last drawing, its dictionary formatted once, writes the bytes a
cold drawing writes — also when the objects numbered after it are not the same as last time."""
from __future__ import annotations

import io

from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.kept import KeptPages


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
