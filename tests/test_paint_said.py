"""draw/paint.py's `Said`: the text operators it writes without ReportLab's `textOut` (a run met
before, a run of characters already coded in the font's subsets, a line's start) are the ones
ReportLab writes, byte for byte, and leave the text object and the font's subsets as it does."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pnp.draw.paint import Said

FONTS = Path(__file__).resolve().parent.parent / "fonts"
# Runs in two fonts: new ones, repeats, new runs of known letters, a no-break space, a character the
# font lacks (U+E000), and, past the first 256 codes, runs in the second subset and across both.
MANY = "".join(chr(c) for c in range(0x100, 0x17F)) + "".join(chr(c) for c in range(0x391, 0x3C9))
RUNS = [("R", 11, "Card 1: Merchant"), ("R", 11, "Card 11: Merchant"), ("B", 8, "Card 11: Merchant"),
        ("B", 8, "Merchant: 1 Card"), ("R", 11, "a\u00a0b"), ("R", 11, "b a"), ("R", 11, "x\ue000y"),
        ("R", 11, "x\ue000y"), ("R", 9, MANY), ("R", 9, MANY[-20:]), ("R", 9, MANY[-5:] + "Card"),
        ("R", 9, "Card"), ("B", 20, "12"), ("R", 9, MANY[-7:]), ("R", 9, MANY[-9:-2])]


@pytest.fixture(scope="module")
def fonts() -> dict[str, str]:
    names = {"R": "SaidTest-Regular", "B": "SaidTest-Bold"}
    for key, file in (("R", "NotoSans-Regular.ttf"), ("B", "NotoSans-Bold.ttf")):
        if names[key] not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(names[key], str(FONTS / file)))
    return names


def _draw(fonts: dict[str, str], said: Said | None) -> tuple[str, list, list[float]]:
    """The runs set one after the other (twice: the second time every run is known), by ReportLab
    or through `said`: the text's operators, the fonts' subsets, the cursor after each run."""
    canvas = Canvas(io.BytesIO(), invariant=1)
    text = canvas.beginText()
    cursors = []
    for rounds in range(2):
        for i, (font, size, run) in enumerate(RUNS):
            text.setFont(fonts[font], size)
            x, y = 10.0 + i, 700.0 - 12 * i
            text.setTextOrigin(x, y) if said is None else said.origin(text, x, y)
            text.textOut(run) if said is None else said.out(text, run)
            cursors.append(text.getX())
    subsets = [pdfmetrics.getFont(name).state[canvas._doc].subsets for name in fonts.values()]  # noqa: SLF001
    return text.getCode(), subsets, cursors


def test_said_writes_what_reportlab_writes(fonts):
    assert _draw(fonts, Said()) == _draw(fonts, None)


def test_a_new_run_of_coded_characters_is_not_encoded_by_reportlab(fonts, monkeypatch):
    encoded: list[str] = []
    real = TTFont.splitString

    def spy(self, text, doc, encoding="utf-8"):
        encoded.append(text)
        return real(self, text, doc, encoding)
    monkeypatch.setattr(TTFont, "splitString", spy)
    _draw(fonts, Said())
    assert "Merchant: 1 Card" not in encoded and MANY[-20:] not in encoded and MANY[-7:] not in encoded
    assert encoded.count("Card 11: Merchant") == 1  # (coded in the regular font, new to the bold one)
    assert "Card 1: Merchant" in encoded  # (new letters: ReportLab assigns their codes)
    assert "x\ue000y" in encoded and MANY[-5:] + "Card" in encoded  # (a lacking character; two subsets)
