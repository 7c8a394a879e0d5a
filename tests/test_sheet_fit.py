"""The full-page sheets of the kits (score sheets, tracks, token sheets, dice nets) keep everything
they draw inside their layout's margin on A4 and on Letter: a table laid out for A4's height must
not run under Letter's bottom margin, where the page clips it (the Similis score sheet's second
game lost its last rows so). Read from the PDFs: every rectangle, line, curve and character of the
page (less pnp's 6 pt sheet notes, which live in the margin) lies inside the margin."""
from __future__ import annotations

from pathlib import Path

import pytest

import pdfread
from conftest import Options, build_ok
from pdfread import MM

# (kit, sheet): the layout's margin in mm
SHEETS = {("similis", "score"): 12, ("dix-mille", "score"): 12, ("dix-mille", "des"): 12,
          ("clochemerle", "score"): 10, ("clochemerle", "piste"): 10, ("clochemerle", "jetons"): 10,
          ("belote", "score"): 14, ("belote", "jetons"): 14, ("bateliers", "piste"): 10, ("bateliers", "jetons"): 10}
PAPERS = ("a4", "letter")
SLACK_MM = 0.3  # half a thick stroke may stray past the margin


@pytest.fixture(scope="module")
def built(shipped, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sheet-fit")
    kits = sorted({kit for kit, _ in SHEETS})
    for paper in PAPERS:
        build_ok(shipped, kits, Options(paper=paper, out=out / paper))
    return out


def room(path: Path, index: int) -> tuple[float, float, float, float]:
    """The mm between what a page draws and its top, bottom, left and right edges."""
    plumbed = pdfread.page(path, index)
    drawn = plumbed.rects + plumbed.lines + plumbed.curves + [ch for ch in plumbed.chars if ch["size"] > 6.01]
    height, width = float(plumbed.height), float(plumbed.width)
    return (min(o["top"] for o in drawn) / MM, (height - max(o["bottom"] for o in drawn)) / MM,
            min(o["x0"] for o in drawn) / MM, (width - max(o["x1"] for o in drawn)) / MM)


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("kit, sheet", sorted(SHEETS))
def test_a_full_page_sheet_stays_inside_its_margin(built, kit, sheet, paper):
    path = built / paper / kit / f"{sheet}-{paper}.pdf"
    for index in range(pdfread.page_count(path)):
        assert min(room(path, index)) >= SHEETS[kit, sheet] - SLACK_MM, (index, room(path, index))

