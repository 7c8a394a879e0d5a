"""Painting the pages of a play-test report with reportlab.graphics.

Contract: `paint_page(canvas, page, regular, bold)` draws one `layout.charts.ChartPage` as a
reportlab.graphics `Drawing` (rectangles, lines and strings, nothing else) onto the canvas, in the
named fonts (bundled faces the caller registered), and ends the page. No other plotting library.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.graphics import renderPDF
from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib.colors import HexColor

from ..layout.charts import Box, ChartPage, Label, Stroke

if TYPE_CHECKING:  # pragma: no cover
    from reportlab.pdfgen.canvas import Canvas


def drawing(page: ChartPage, regular: str, bold: str) -> Drawing:
    """The page as a reportlab.graphics drawing."""
    out = Drawing(page.width, page.height)
    for shape in page.shapes:
        out.add(_shape(shape, regular, bold))
    return out


def _shape(shape: Box | Stroke | Label, regular: str, bold: str) -> Rect | Line | String:
    if isinstance(shape, Box):
        return Rect(shape.x, shape.y, shape.w, shape.h, fillColor=HexColor(shape.fill),
                    strokeColor=HexColor(shape.stroke) if shape.stroke else None, strokeWidth=0.5 if shape.stroke else 0)
    if isinstance(shape, Stroke):
        return Line(shape.x1, shape.y1, shape.x2, shape.y2, strokeColor=HexColor(shape.colour),
                    strokeWidth=shape.width, strokeDashArray=list(shape.dash) or None)
    return String(shape.x, shape.y, shape.text, fontName=bold if shape.bold else regular, fontSize=shape.size,
                  fillColor=HexColor(shape.colour), textAnchor=shape.anchor)


def paint_page(canvas: Canvas, page: ChartPage, regular: str, bold: str) -> None:
    renderPDF.draw(drawing(page, regular, bold), canvas, 0, 0)
    canvas.showPage()
