"""The files of `pnp playtest --report DIR`: a PDF of the charts and one PNG a page.

Contract: `write_report(document, out, root)` lays out the document's pages (layout/charts.py), paints
them into `out/<kit>-playtest.pdf` (draw/charts.py; an `OutputBatch`: ReportLab's invariant mode, the
project's bundled fonts), renders each page of that PDF to `out/<kit>-playtest-<n>.png` (n from 1)
with pypdfium2 at 2x (144 dpi: the PNG is exactly what the PDF shows), and returns the paths
written. Every page is rendered before the first file lands in `out`, and all the files land
together (one `OutputBatch` confined below `out`: its commit journaled, all or none); `out` or a
file that is a symbolic link, a read-only folder or a full disk is an OSError (`fileio.Unconfined`
for a link) and nothing is written. The same document gives the same bytes. pypdfium2 renders the PNGs, not ReportLab's renderPM:
its wheels exist for every platform and Python pnp supports, where rl_renderPM has none past 3.12.
"""
from __future__ import annotations

import io
from pathlib import Path

PNG_SCALE = 2.0


def write_report(document: dict, out: Path, root: Path) -> list[Path]:
    from .draw.charts import paint_page
    from .layout.charts import report_pages
    from .layout.fonts import FontBook
    from .model.fonts import read_fonts
    from .core.journal import complete
    from .output import OutputBatch

    fonts = FontBook(read_fonts(root))
    regular = fonts.default_face()
    heavy = fonts.default_bold()
    bold = heavy.name
    pages = report_pages(document, lambda text, size, strong: (heavy if strong else regular).width(text, size))
    pdf = out / f"{document['kit']}-playtest.pdf"
    complete(out)  # a report a killed run left half written, finished first (pnp.core.journal)
    with OutputBatch(root=out) as batch:
        meta = {"title": f"{document['title']} — play-test", "author": "pnp", "subject": "pnp playtest"}
        canvas = batch.canvas(pdf, (pages[0].width, pages[0].height), regular.name, meta)
        for page in pages:
            paint_page(canvas, page, regular.name, bold)
        temp = batch.save(canvas)
        written = [pdf]
        for number, data in enumerate(_pngs(temp.read_bytes()), 1):
            written.append(out / f"{document['kit']}-playtest-{number}.png")
            batch.write(written[-1], data)
        batch.commit()
    return written


def _pngs(pdf: bytes) -> list[bytes]:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    out = []
    try:
        for index in range(len(document)):
            buffer = io.BytesIO()
            document[index].render(scale=PNG_SCALE).to_pil().save(buffer, format="PNG")
            out.append(buffer.getvalue())
    finally:
        document.close()
    return out
