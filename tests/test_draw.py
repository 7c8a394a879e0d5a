"""draw/ without pixels: a recording canvas logs every call, compared with a golden log.

Set PNP_REGOLD=1 to rewrite the golden file after an intended change, then read its diff.
"""
from __future__ import annotations

import os
from pathlib import Path

from pnp.draw.forms import FormCache
from pnp.draw.paint import Painter
from pnp.layout.fonts import FontBook
from pnp.model.fonts import read_fonts
from pnp.layout.items import Face, Picture, Shape, TextItem
from pnp.layout.textfit import TextStyle, fit_text
from pnp.layout.typography import parse

GOLDEN = Path(__file__).parent / "golden" / "painter.log"


def _show(value, recorder) -> str:
    if value is recorder:
        return "<text>"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{float(value):.2f}"
    return repr(value)


class Recorder:
    """Stands in for a ReportLab canvas (and its text objects): records calls, rounded."""

    def __init__(self):
        self.calls: list[str] = []
        self._x = 0.0

    def __getattr__(self, name):
        def record(*args, **kwargs):
            shown = [_show(a, self) for a in args]
            shown += [f"{k}={v!r}" for k, v in sorted(kwargs.items())]
            self.calls.append(f"{name}({', '.join(shown)})")
            if name == "setTextOrigin":
                self._x = args[0]
            return None
        return record

    def beginText(self):
        self.calls.append("beginText()")
        return self

    def getX(self):
        return self._x

    def textOut(self, text):
        self.calls.append(f"textOut({text!r})")
        self._x = float("nan")  # the painter must not rely on the recorder's metrics


def face(root: Path) -> Face:
    fonts = FontBook(read_fonts(root))
    faces = {s: fonts.face("Noto Sans", s) for s in ("regular", "bold")}
    block = fit_text(parse("Pose **deux** cartes :ankh:"), 100.0, 40.0, TextStyle(faces, 10, 10, 1.2, "center", "top", 1.0))
    items = (Shape("rect", -8.5, -8.5, 195.6, 266.5, fill=(0.9, 0.8, 0.7)),
             Shape("rect", 10, 20, 50, 30, stroke=(0, 0, 1), width=2, radius=4),
             Shape("ellipse", 5, 5, 20, 20, fill=(1, 0, 0), stroke=(0, 0, 0), width=1),
             Shape("line", 0, 100, 178.6, 0, stroke=(0, 0, 0), width=0.5, dash=(3.0, 2.0)),
             TextItem(20, 60, 100, 40, block, (0.1, 0.1, 0.1)),
             Picture("icon", 70, 150, 30, 30, str(root / "icons" / "ankh.svg"), (0, 0.5, 0)),
             TextItem(20, 200, 100, 40, block, (0, 0, 0), rotate=180))
    return Face(178.6, 249.4, 8.5, ((None, items),))


def test_painter_calls_match_the_golden_log(shipped):
    canvas = Recorder()
    forms = FormCache(canvas)
    forms._svg_form = lambda name, path, rgb: canvas.calls.append(f"<form {name} {Path(path).name} {rgb}>")
    Painter(canvas, forms).face(face(shipped))
    log = "\n".join(canvas.calls) + "\n"
    if os.environ.get("PNP_REGOLD"):
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(log, encoding="utf-8")
    assert log == GOLDEN.read_text(encoding="utf-8")


def test_layout_coordinates_become_pdf_coordinates():
    canvas = Recorder()
    Painter(canvas, FormCache(canvas)).items([Shape("rect", 10, 20, 50, 30, fill=(1, 0, 0))])
    assert "rect(10.00, -50.00, 50.00, 30.00, fill=1, stroke=0)" in canvas.calls  # y flips at the top edge
