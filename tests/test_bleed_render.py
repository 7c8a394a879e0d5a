"""Issue 26 item 4, rendered: every deck of every shipped kit built with `--backs fold` on A4 and
Letter, its cards' full-bleed sides cut 1 mm off (the back shifted 1 mm against its front, or the
front cut 1 mm off), shows no white line: the 1 mm beyond each trim that a card paints up to is
painted. Read from renders (pypdfium2), the cards found from the crop marks."""
from __future__ import annotations

from pathlib import Path

import pypdfium2
import pytest

from conftest import Options, build_ok
from pdfread import MM, card_boxes, page_count

pytestmark = pytest.mark.slow

KITS = ("bateliers", "belote", "clochemerle", "lutins", "similis", "similis-reglisse")  # the kits with decks
SCALE = 2.0  # 144 dpi: a pixel is 0.18 mm
SHIFT = 1.0 * MM


@pytest.fixture(scope="module")
def fold_decks(shipped, tmp_path_factory) -> list[tuple[Path, tuple[float, float]]]:
    out = tmp_path_factory.mktemp("bleed-fold")
    found = []
    for paper in ("a4", "letter"):
        for report in build_ok(shipped, list(KITS), Options(paper=paper, backs="fold", out=out / paper)):
            found += [(Path(f.path), tuple(v * MM for v in f.card_size_mm)) for f in report.files
                      if f.kind == "deck" and f.backs == "fold"]
    return found


def _white(pixel) -> bool:
    return min(pixel) >= 245


def _band(image, box) -> list[bytes]:
    """The RGB pixels of a box (top-down points) of the render."""
    x0, y0, x1, y1 = (round(v * SCALE) for v in box)
    data = image.crop((x0, y0, x1, y1)).tobytes()
    return [data[i:i + 3] for i in range(0, len(data), 3)]


def _strips(card: tuple[float, float, float, float], side: str, depth: float) -> tuple[tuple, tuple]:
    """Just inside the trim on `side` (0.2 mm to 0.8 mm in), and the `depth` beyond it (top-down
    points), each less 1.5 mm at its ends (the corners, rounded or met by a neighbour's bleed)."""
    x0, top, x1, bottom = card
    e = 1.5 * MM
    return {"left": ((x0 + 0.2 * MM, top + e, x0 + 0.8 * MM, bottom - e), (x0 - depth, top + e, x0, bottom - e)),
            "right": ((x1 - 0.8 * MM, top + e, x1 - 0.2 * MM, bottom - e), (x1, top + e, x1 + depth, bottom - e)),
            "top": ((x0 + e, top + 0.2 * MM, x1 - e, top + 0.8 * MM), (x0 + e, top - depth, x1 - e, top)),
            "bottom": ((x0 + e, bottom - 0.8 * MM, x1 - e, bottom - 0.2 * MM), (x0 + e, bottom, x1 - e, bottom + depth))}[side]


def white_lines(path: Path, index: int, card_size: tuple[float, float]) -> list[tuple]:
    """The sides of the cards of page `index` painted up to their trim whose 1 mm beyond is partly
    paper: what a 1 mm shift shows as a white line."""
    image = pypdfium2.PdfDocument(path)[index].render(scale=SCALE).to_pil().convert("RGB")
    out = []
    for key, card in card_boxes(path, index, card_size).items():
        for side in ("left", "right", "top", "bottom"):
            inner, outer = _strips(card, side, SHIFT)
            inked = _band(image, inner)
            if not inked or sum(map(_white, inked)) > 0.02 * len(inked):
                continue  # not painted up to its trim on that side: a shift shows no line
            beyond = _band(image, outer)
            white = sum(map(_white, beyond))
            if white > 0.02 * len(beyond):
                out.append((path.name, index, key, side, round(white / len(beyond), 2)))
    return out


def test_no_white_line_on_any_full_bleed_card_of_a_folded_sheet_shifted_1_mm(fold_decks):
    assert len(fold_decks) >= 2 * 9 and {p.parent.parent.name for p, _ in fold_decks} == {"a4", "letter"}
    checked, found = 0, []
    for path, size in fold_decks:
        last = page_count(path) - 1
        for index in sorted({0, last}):  # a full sheet and the last, part-filled, one
            found += white_lines(path, index, size)
            checked += 1
    assert found == []
    assert checked >= 2 * 9


def test_the_measure_finds_the_white_line_of_a_bleed_cut_at_the_trim(tmp_path):
    """The same measure on a folded sheet whose cards have no bleed finds a white line on every side
    of them that does not meet a neighbour: the test can fail."""
    from pnp.layout.imposition import SheetSpec, plan_sheet
    from pnp.model.units import paper_points
    from reportlab.pdfgen.canvas import Canvas

    w, h = 63 * MM, 88 * MM
    plan = plan_sheet(SheetSpec(w, h, 0.0, 0.0, paper_points("letter"), backs="fold"))
    path = tmp_path / "cut.pdf"
    canvas = Canvas(str(path), pagesize=(plan.width, plan.height))
    canvas.setFillColorRGB(0.1, 0.15, 0.3)
    for slot in plan.fronts + plan.backs:
        canvas.rect(slot.x, slot.y, w, h, stroke=0, fill=1)
    canvas.setLineWidth(0.25)
    canvas.lines(list(plan.marks))
    canvas.save()
    found = white_lines(path, 0, (w, h))
    assert len(found) == 2 * 4 * 2 and {side for *_, side, _ in found} == {"left", "right", "top", "bottom"}
