"""The benchmark's committed kits: they are what bench/make_kits.py generates, and pnp builds them.

Contract: (a) bench/kits/bench-{54,540,5400}/ (game.yaml, cards.yaml) and layouts/bench.yaml are
byte-identical to what make_kits writes into an empty destination, so the committed kits cannot
drift from the workload (shared/bench-workload.md) that bench/plain.py draws; (b) building
bench/kits/bench-54 from the project root, as `pnp build bench/kits/bench-54` does there, gives the
workload's sheets: 6 front pages and 6 back pages, the first card's title in the top-left slot.
The build runs in the session's copy of the project (`shipped`), so nothing is written into the
repository.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from pnp.core.options import Options

from conftest import ROOT, build_ok
from pdfread import MM, cells, page_sizes_mm, text, words, words_in


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


def slots(page_w_mm: float, page_h_mm: float) -> list[tuple[float, float, float, float]]:
    """The card slots (x0, top, x1, bottom) in points, row by row, top-down as pdfplumber measures: the
    3 x 3 grid of butted cards is centred, so its top-left corner lies half the spare width and height in."""
    left = (page_w_mm - COLS * CARD_W) / 2  # (210 - 189) / 2 = 10.5 mm on A4
    top = (page_h_mm - ROWS * CARD_H) / 2  # (297 - 264) / 2 = 16.5 mm on A4
    return cells([(left + col * CARD_W) * MM for col in range(COLS + 1)],
                 [(top + row * CARD_H) * MM for row in range(ROWS + 1)])


def words_within(path: Path, index: int, box) -> str:
    """The words of a page lying wholly inside `box`, in reading order, joined by spaces."""
    return words_in(box, words(path, index), whole=True, tol=0.01)


def test_bench_54_builds_from_the_project_root(shipped: Path, tmp_path: Path, monkeypatch):
    n = 54
    monkeypatch.chdir(shipped)  # `pnp build bench/kits/bench-54`, run from the project root (".")
    build_ok(Path("."), [make_kits.kit_path(f"bench-{n}")], Options(out=tmp_path, paper="a4", backs="long-edge"))
    pdf_path = tmp_path / f"bench-{n}" / "cards-a4.pdf"
    sheets = -(-n // PER_PAGE)  # 6 sheets of 9 cards
    sizes = page_sizes_mm(pdf_path)
    assert len(sizes) == 2 * sheets  # each front page followed by its (mirrored) back page
    assert sizes[0] == A4 and sizes[1] == A4
    grid = slots(*A4)
    top_left = words_within(pdf_path, 0, grid[0])
    assert top_left.startswith("Card 1: Merchant"), top_left
    assert "Card 2: Merchant" in words_within(pdf_path, 0, grid[1])
    assert "Card" not in text(pdf_path, 1)
    assert all(words_within(pdf_path, 1, cell) == "BENCH" for cell in grid)
