"""The benchmark's committed kits: they are what bench/make_kits.py generates, and pnp builds them.

Contract: (a) bench/kits/bench-{54,540,5400}/ (game.yaml, cards.yaml) and layouts/bench.yaml are
byte-identical to what make_kits writes into an empty destination, so the committed kits cannot
drift from the workload (shared/bench-workload.md) that bench/plain.py draws; (b) building
bench/kits/bench-54 from the repository root, as `pnp build bench/kits/bench-54` does, gives the
workload's sheets: 6 front pages and 6 back pages, the first card's title in the top-left slot.
Nothing is written into the repository except pnp's parse cache (`.pnp-cache/`, gitignored).
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pdfplumber
import pytest

from pnp.build import build
from pnp.runner import Options

ROOT = Path(__file__).resolve().parents[1]
MM = 72 / 25.4


def _make_kits():
    spec = importlib.util.spec_from_file_location("bench_make_kits", ROOT / "bench" / "make_kits.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_kits = _make_kits()


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_committed_layouts_are_generated(tmp_path: Path):
    make_kits.make_layouts(tmp_path)
    committed = (ROOT / make_kits.LAYOUT_FILE).read_bytes()
    assert committed == (tmp_path / make_kits.LAYOUT_FILE).read_bytes(), \
        "layouts/bench.yaml differs from what bench/make_kits.py writes: run `python bench/make_kits.py`"
    assert committed.startswith(b"# The layouts of the benchmark workload")


@pytest.mark.parametrize("n", make_kits.SIZES)
def test_committed_kit_is_generated(tmp_path: Path, n: int):
    name = f"bench-{n}"
    generated = _files(make_kits.make_kit(tmp_path, name, n))
    committed = _files(ROOT / make_kits.KITS / name)
    assert sorted(generated) == ["cards.yaml", "game.yaml"]
    assert sorted(committed) == sorted(generated), f"bench/kits/{name} holds other files than the generator's"
    for file, data in generated.items():
        assert committed[file] == data, \
            f"bench/kits/{name}/{file} differs from what bench/make_kits.py writes: run `python bench/make_kits.py`"
    assert generated["cards.yaml"].count(b"\n  - [") == n


# The workload (shared/bench-workload.md): poker cards 63 x 88 mm, imposed 3 x 3 on A4 portrait
# (210 x 297 mm), butted (no gap between slots) and centred on the page.
CARD_W, CARD_H = 63.0, 88.0
COLS, ROWS = 3, 3
A4 = (210.0, 297.0)
PER_PAGE = COLS * ROWS


def slot(page_w_mm: float, page_h_mm: float, row: int, col: int) -> tuple[float, float, float, float]:
    """The card slot (x0, top, x1, bottom) in points, top-down as pdfplumber measures: the 3 x 3 grid
    of butted cards is centred, so its top-left corner lies half the spare width and height in."""
    left = (page_w_mm - COLS * CARD_W) / 2  # (210 - 189) / 2 = 10.5 mm on A4
    top = (page_h_mm - ROWS * CARD_H) / 2  # (297 - 264) / 2 = 16.5 mm on A4
    x0, y0 = left + col * CARD_W, top + row * CARD_H
    return x0 * MM, y0 * MM, (x0 + CARD_W) * MM, (y0 + CARD_H) * MM


def words_within(page, box) -> str:
    """The words lying wholly inside `box`, in reading order, joined by spaces."""
    x0, top, x1, bottom = box
    eps = 0.01
    inside = [w for w in page.extract_words() if w["x0"] >= x0 - eps and w["x1"] <= x1 + eps
              and w["top"] >= top - eps and w["bottom"] <= bottom + eps]
    return " ".join(w["text"] for w in sorted(inside, key=lambda w: (round(w["top"]), w["x0"])))


def test_bench_54_builds_from_the_repository_root(tmp_path: Path):
    n = 54
    reports = build(ROOT, [make_kits.kit_path(f"bench-{n}")], Options(out=tmp_path, paper="a4", backs="long-edge"))
    assert not [p for r in reports for p in r.errors], [p.render() for r in reports for p in r.errors]
    pdf_path = tmp_path / f"bench-{n}" / "cards-a4.pdf"
    sheets = -(-n // PER_PAGE)  # 6 sheets of 9 cards
    with pdfplumber.open(pdf_path) as pdf:
        assert len(pdf.pages) == 2 * sheets  # each front page followed by its (mirrored) back page
        front, back = pdf.pages[0], pdf.pages[1]
        w_mm, h_mm = front.width / MM, front.height / MM
        assert (round(w_mm, 1), round(h_mm, 1)) == A4
        top_left = words_within(front, slot(w_mm, h_mm, 0, 0))
        assert top_left.startswith("Card 1: Merchant"), top_left
        assert "Card 2: Merchant" in words_within(front, slot(w_mm, h_mm, 0, 1))
        assert "Card" not in back.extract_text()
        assert all(words_within(back, slot(w_mm, h_mm, r, c)) == "BENCH" for r in range(ROWS) for c in range(COLS))
