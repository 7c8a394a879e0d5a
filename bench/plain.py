"""The plain ReportLab baseline of the benchmark workload (shared/bench-workload.md).

Usage: python bench/plain.py N out.pdf [--font dejavu|noto] [--art DIR] [--no-a85]

N poker cards (63 x 88 mm) imposed 3 x 3 on A4 portrait, butted and centred, crop marks (0.25 pt,
from 1 mm to 6 mm outside the grid) on every cut line, each front page followed by its back page
with the columns mirrored (long-edge duplex). A canvas and `simpleSplit`, nothing else: no checks,
no fitting, no layout objects. Invariant mode; ReportLab's other settings are left at their
defaults unless `--no-a85` is given.

Fonts: DejaVu Sans and DejaVu Sans Bold from the system (the default when present), or the Noto
Sans regular and bold that pnp bundles (`--font noto`, used to compare positions with pnp's PDF).
`--art DIR` adds the image workload: card i draws DIR/card-{i+1:04d}.png with `drawImage(path)`
into a 51 x 38 mm box (aspect kept, centred) 14 mm below the top edge.

The card texts and colours are defined here once; bench/make_kits.py imports them.
"""
from __future__ import annotations

import argparse
import colorsys
import os
from pathlib import Path

MM = 72.0 / 25.4
CARD_W, CARD_H = 63 * MM, 88 * MM
COLS, ROWS = 3, 3
BACK_RGB = (0.15, 0.2, 0.35)
BORDER_GREY = 0.2
ROOT = Path(__file__).resolve().parent.parent
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
FONT_FILES = {
    "dejavu": (DEJAVU / "DejaVuSans.ttf", DEJAVU / "DejaVuSans-Bold.ttf"),
    "noto": (ROOT / "fonts" / "NotoSans-Regular.ttf", ROOT / "fonts" / "NotoSans-Bold.ttf"),
}


# The workload's card data (card i counts from 0).
def title(i: int) -> str:
    return f"Card {i + 1}: Merchant"


def body(i: int) -> str:
    return (f"Gain {i % 7 + 1} gold and draw a card. Each other player discards a card of their choice, "
            f"then you score {i % 5 + 2} points.")


def number(i: int) -> str:
    return str(i % 99 + 1)


def colour(i: int) -> tuple[float, float, float]:
    return colorsys.hsv_to_rgb((i * 0.137) % 1.0, 0.25, 0.97)


def art_name(i: int) -> str:
    return f"card-{i + 1:04d}.png"


def default_font() -> str:
    return "dejavu" if all(p.is_file() for p in FONT_FILES["dejavu"]) else "noto"


def grid_origin(page_w: float, page_h: float) -> tuple[float, float]:
    return (page_w - COLS * CARD_W) / 2, (page_h - ROWS * CARD_H) / 2


def crop_marks(page_w: float, page_h: float) -> list[tuple[float, float, float, float]]:
    x0, y0 = grid_origin(page_w, page_h)
    x1, y1 = x0 + COLS * CARD_W, y0 + ROWS * CARD_H
    marks = []
    for k in range(COLS + 1):
        x = x0 + k * CARD_W
        marks += [(x, y0 - 1 * MM, x, y0 - 6 * MM), (x, y1 + 1 * MM, x, y1 + 6 * MM)]
    for k in range(ROWS + 1):
        y = y0 + k * CARD_H
        marks += [(x0 - 1 * MM, y, x0 - 6 * MM, y), (x1 + 1 * MM, y, x1 + 6 * MM, y)]
    return marks


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("out")
    parser.add_argument("--font", choices=sorted(FONT_FILES), default=None)
    parser.add_argument("--art", default=None, help="folder of card-0001.png ... (image workload)")
    parser.add_argument("--no-a85", action="store_true", help="rl_config.useA85 = 0 (as pnp does)")
    args = parser.parse_args(argv)
    draw(args.n, args.out, args.font or default_font(), args.art, args.no_a85)


def draw(n: int, out: str, font: str, art: str | None, no_a85: bool) -> None:
    from reportlab import rl_config
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    if no_a85:
        rl_config.useA85 = 0
    regular, bold = FONT_FILES[font]
    pdfmetrics.registerFont(TTFont("Body", str(regular)))
    bold_font = TTFont("Bold", str(bold))
    pdfmetrics.registerFont(bold_font)
    back_cap = bold_font.face.capHeight / 1000.0 * 16

    page_w, page_h = A4
    gx, gy = grid_origin(page_w, page_h)
    marks = crop_marks(page_w, page_h)
    c = Canvas(out, pagesize=A4, invariant=1)
    per = COLS * ROWS
    for start in range(0, n, per):
        cards = range(start, min(start + per, n))
        for slot, i in enumerate(cards):  # fronts, top row first
            col, row = slot % COLS, slot // COLS
            x, y = gx + col * CARD_W, gy + (ROWS - 1 - row) * CARD_H
            c.setFillColorRGB(*colour(i))
            c.rect(x, y, CARD_W, CARD_H, stroke=0, fill=1)
            c.setStrokeGray(BORDER_GREY)
            c.setLineWidth(1.5)
            c.roundRect(x + 3 * MM, y + 3 * MM, CARD_W - 6 * MM, CARD_H - 6 * MM, 3 * MM, stroke=1, fill=0)
            c.setFillColorRGB(0, 0, 0)
            c.setFont("Bold", 11)
            c.drawCentredString(x + CARD_W / 2, y + CARD_H - 11 * MM, title(i))
            c.setFont("Body", 8)
            for k, line in enumerate(simpleSplit(body(i), "Body", 8, 51 * MM)[:3]):
                c.drawString(x + 6 * MM, y + 30 * MM - k * 10, line)
            c.setFont("Bold", 20)
            c.drawRightString(x + CARD_W - 6 * MM, y + 7 * MM, number(i))
            if art:
                c.drawImage(os.path.join(art, art_name(i)), x + 6 * MM, y + CARD_H - 52 * MM, 51 * MM, 38 * MM,
                            preserveAspectRatio=True, anchor="c")
        _marks(c, marks)
        c.showPage()
        for slot, i in enumerate(cards):  # backs: long-edge duplex mirrors the columns
            col, row = COLS - 1 - slot % COLS, slot // COLS
            x, y = gx + col * CARD_W, gy + (ROWS - 1 - row) * CARD_H
            c.setFillColorRGB(*BACK_RGB)
            c.rect(x, y, CARD_W, CARD_H, stroke=0, fill=1)
            c.setFillColorRGB(1, 1, 1)
            c.setFont("Bold", 16)
            c.drawCentredString(x + CARD_W / 2, y + CARD_H / 2 - back_cap / 2, "BENCH")
        _marks(c, marks)
        c.showPage()
    c.save()


def _marks(c, marks) -> None:
    c.setLineWidth(0.25)
    c.setStrokeColorRGB(0, 0, 0)
    c.lines(marks)


if __name__ == "__main__":
    main()
