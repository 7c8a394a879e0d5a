"""Reading built PDFs back: page sizes, boxes, fonts, crop marks, words in card cells."""
from __future__ import annotations

from pathlib import Path

import pdfplumber
from pypdf import PdfReader

MM = 72 / 25.4


def page_sizes_mm(path: Path) -> list[tuple[float, float]]:
    return [(round(float(p.mediabox.width) / MM, 1), round(float(p.mediabox.height) / MM, 1))
            for p in PdfReader(str(path)).pages]


def boxes(path: Path, index: int) -> dict[str, tuple[float, ...]]:
    page = PdfReader(str(path)).pages[index]
    return {name: tuple(float(v) for v in getattr(page, name)) for name in ("trimbox", "bleedbox", "mediabox")}


def fonts(path: Path) -> dict[str, bool]:
    """Every font a page uses, by base name, and whether its program is embedded."""
    found: dict[str, bool] = {}
    reader = PdfReader(str(path))
    for page in reader.pages:
        _collect(page.get("/Resources"), found, set())
    return found


def _collect(resources, found: dict, seen: set) -> None:
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        descriptor = font.get("/FontDescriptor")
        if descriptor is None and "/DescendantFonts" in font:
            descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
        descriptor = descriptor.get_object() if descriptor is not None else {}
        embedded = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        found[str(font.get("/BaseFont"))] = embedded
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if id(xobject) not in seen and xobject.get("/Subtype") == "/Form":
            seen.add(id(xobject))
            _collect(xobject.get("/Resources"), found, seen)


def crop_marks(path: Path, index: int) -> tuple[list[float], list[float]]:
    """x of vertical marks and y (from the top) of horizontal marks, in points, deduplicated."""
    with pdfplumber.open(str(path)) as pdf:
        lines = pdf.pages[index].lines
    thin = [ln for ln in lines if abs(ln["linewidth"] - 0.25) < 0.01]
    xs = sorted({round(ln["x0"], 2) for ln in thin if abs(ln["x0"] - ln["x1"]) < 0.01})
    ys = sorted({round(ln["top"], 2) for ln in thin if abs(ln["top"] - ln["bottom"]) < 0.01})
    return xs, ys


def words(path: Path, index: int) -> list[dict]:
    with pdfplumber.open(str(path)) as pdf:
        return pdf.pages[index].extract_words(keep_blank_chars=False, use_text_flow=True)


def text(path: Path, index: int) -> str:
    with pdfplumber.open(str(path)) as pdf:
        return pdf.pages[index].extract_text() or ""


def cells(xs: list[float], ys: list[float]) -> list[tuple[float, float, float, float]]:
    """Card cells (x0, top, x1, bottom) between consecutive cut lines, row by row."""
    return [(x0, y0, x1, y1) for y0, y1 in zip(ys, ys[1:]) for x0, x1 in zip(xs, xs[1:])]


def words_in(cell, found: list[dict]) -> str:
    x0, top, x1, bottom = cell
    inside = [w for w in found if x0 <= (w["x0"] + w["x1"]) / 2 <= x1 and top <= (w["top"] + w["bottom"]) / 2 <= bottom]
    return " ".join(w["text"] for w in sorted(inside, key=lambda w: (round(w["top"]), w["x0"])))
