"""draw/ops.py's memos (`Moves`, `Spoken`, `Drawn`, `Said.fill`, `Said.centred`): a canvas painted through them
holds the operators ReportLab's own calls give, byte for byte, and the same state after; and the
repeats are served from memory (each test fails if its memo stops being used or stops being right)."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.draw import ops
from pnp.draw.forms import FormCache
from pnp.draw.paint import Painter
from pnp.layout.fonts import FontBook
from pnp.layout.items import Face, Shape, TextItem
from pnp.layout.textfit import TextStyle, fit_text
from pnp.layout.typography import parse
from pnp.model.fonts import read_fonts

ROOT = Path(__file__).resolve().parent.parent
MOVES = [(29.76378, 795.1181), (-29.76378, -795.1181), (178.5827, 795.1181), (1, 2), (1.0, 2.0), (-0.0, 0.0),
         (0.0, -0.0), (-178.5827, -795.1181)]


def _moved(moves: ops.Moves | None, canvas: Canvas) -> tuple[list[str], tuple]:
    for round_ in range(3):
        for i, (dx, dy) in enumerate(MOVES):
            if i % 3 == round_:  # (sometimes after another operator: a move not merged into a `cm`)
                canvas.setLineWidth(i)
            canvas.translate(dx, dy) if moves is None else moves.translate(dx, dy)
    return list(canvas._code), canvas._currentMatrix  # noqa: SLF001


def test_moves_write_what_reportlab_writes():
    canvas = Canvas(io.BytesIO())
    moves = ops.Moves(canvas)
    assert _moved(moves, canvas) == _moved(None, Canvas(io.BytesIO()))
    assert 0 < len(moves.known) < 3 * len(MOVES)  # (the repeats found)


@pytest.fixture(scope="module")
def items() -> list:
    fonts = FontBook(read_fonts(ROOT))
    faces = {s: fonts.face("Noto Sans", s) for s in ("regular", "bold")}
    style = TextStyle(faces, 10, 10, 1.2, "center", "top", 1.0)
    title = [fit_text(parse(f"Card {n}: Merchant"), 120.0, 20.0, style) for n in range(3)]
    body = fit_text(parse("Gain **2** gold and draw a card. Each other player discards a card."), 120.0, 60.0, style)
    return [Shape("rect", 0, 0, 178.6, 249.4, fill=(0.9, 0.8, 0.7)),
            Shape("rect", 10, 20, 50, 30, stroke=(0, 0, 1), width=2, radius=4),
            Shape("ellipse", 5, 5, 20, 20, fill=(1, 0, 0), stroke=(0, 0, 0), width=1),
            Shape("rect", 5, 5, 20, 20, fill=(0, 1, 0), opacity=0.5)] + \
        [TextItem(20, 30, 120, 20, block, (0.1, 0.1, 0.1)) for block in title] + \
        [TextItem(20, 60, 120, 60, body, (0, 0, 0)), TextItem(20, 160, 120, 60, body, (0.5, 0, 0))]


def _faces(items: list) -> list[Face]:
    """Faces that share some items and not others, in changing orders (every text state met twice)."""
    shapes, titles, bodies = items[:4], items[4:7], items[7:]
    return [Face(178.6, 249.4, 0.0, ((None, (shapes[i % 4], titles[i % 3], bodies[i % 2], shapes[(i + 1) % 4])),
                                     ("shared", (shapes[1], bodies[0])), (None, (bodies[(i + 1) % 2], titles[i % 2]))))
            for i in range(12)]


def _painted(items: list, remember: bool) -> tuple[list[str], tuple, Painter]:
    canvas = Canvas(io.BytesIO(), invariant=1)
    painter = Painter(canvas, FormCache(canvas))
    if not remember:  # every item drawn by ReportLab's calls, the moves too
        painter.spoken.replay = lambda *args: False  # type: ignore[method-assign]
        painter.drawn.replay = lambda *args: False  # type: ignore[method-assign]
        painter.moves.known = _Forgetful()
        painter.said.colours = _Forgetful()
    for i, face in enumerate(_faces(items)):
        painter.placed(face, 20.0 + 180 * (i % 3), 800.0 - 250 * (i // 3 % 3))
        if i % 9 == 8:
            canvas.showPage()
    state = (canvas._fillColorObj, canvas._strokeColorObj, canvas._lineWidth, canvas._currentMatrix)  # noqa: SLF001
    return list(canvas._code), state, painter  # noqa: SLF001


class _Forgetful(dict):
    def get(self, key, default=None):  # type: ignore[override]
        return None


def test_items_painted_again_are_the_operators_reportlab_writes(items):
    code, state, painter = _painted(items, True)
    reference, reference_state, _ = _painted(items, False)
    assert code == reference and state == reference_state
    assert painter.spoken.items and painter.drawn.items and painter.said.colours  # (what they served was remembered)
    assert all(known[0] is not items[3] for known in painter.drawn.items.values())  # (a translucent shape: never)


def test_a_print_note_is_the_text_reportlab_writes():
    def noted(said: ops.Said | None) -> list[str]:
        canvas = Canvas(io.BytesIO(), invariant=1)
        for page in range(3):
            canvas.setFont("Helvetica", 6 + page % 2)
            for x, y, text in ((240.5, 20.5, "Print at 100 % (actual size)"), (233.3, 816.7, f"sheet {page}")):
                canvas.drawCentredString(x, y, text) if said is None else said.centred(canvas, x, y, text)
        return list(canvas._code)  # noqa: SLF001
    said = ops.Said()
    assert noted(said) == noted(None)
    assert len(said.notes) == 5  # (the print note in two sizes, three labels)
