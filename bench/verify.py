"""Check that pnp's bench PDF and the plain baseline draw the same thing.

Usage: python bench/verify.py [N] [--tolerance-mm 0.5]

Builds the committed kit bench/kits/bench-N with pnp (`python -m pnp build bench/kits/bench-N --out
DIR --paper a4 --backs long-edge`, run from the repository root, the default project; the kit is
written again by bench/make_kits.py if missing) and the plain script twice (Noto Sans, the faces pnp
bundles, and the default DejaVu Sans), then reads the PDFs back with pdfplumber and compares:
- the number of pages;
- per card slot of every page, the words (in reading order): identical in all three PDFs (words are
  split at spaces and at gaps over 1 pt);
- per word, its position (x0, x1, top, bottom) in pnp's PDF and the plain Noto one: within the
  tolerance (positions in the DejaVu PDF differ by the fonts' widths, so only words are compared);
- the crop marks (short lines outside the grid): same set within the tolerance;
- the card backgrounds' fill colours, within one 8-bit step.
Exit status 1 when something differs. Words outside the card grid (pnp's margin notes) are ignored.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import make_kits  # noqa: E402
import plain  # noqa: E402

MM = plain.MM


def build(n: int, tmp: Path) -> dict[str, Path]:
    kit = f"bench-{n}"
    make_kits.make_kit(make_kits.make_layouts(), kit, n)  # the repository root; unchanged files untouched
    out = {"pnp": tmp / kit / "cards-a4.pdf", "noto": tmp / "plain-noto.pdf",
           "dejavu": tmp / "plain-dejavu.pdf"}
    subprocess.run([sys.executable, "-m", "pnp", "build", make_kits.kit_path(kit), "--out", str(tmp),
                    "--paper", "a4", "--backs", "long-edge"], check=True, cwd=make_kits.ROOT)
    for font in ("noto", "dejavu"):
        subprocess.run([sys.executable, str(HERE / "plain.py"), str(n), str(out[font]), "--font", font], check=True)
    return out


def slot_of(page_w: float, page_h: float, x: float, y_top: float) -> int | None:
    """The card slot (0..8, top row first) holding the point (pdfplumber top-down coordinates)."""
    gx, gy = plain.grid_origin(page_w, page_h)
    top = page_h - gy - plain.ROWS * plain.CARD_H
    col, row = int((x - gx) // plain.CARD_W), int((y_top - top) // plain.CARD_H)
    if 0 <= col < plain.COLS and 0 <= row < plain.ROWS:
        return row * plain.COLS + col
    return None


def read(path: Path) -> list[dict]:
    import pdfplumber

    pages = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            cards: dict[int, list] = {}
            for w in page.extract_words(x_tolerance=1.0, keep_blank_chars=False, use_text_flow=False):
                slot = slot_of(page.width, page.height, (w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2)
                if slot is not None:
                    cards.setdefault(slot, []).append(w)
            for words in cards.values():
                words.sort(key=lambda w: (round(w["bottom"]), w["x0"]))
            marks = sorted((round(l["x0"], 1), round(l["top"], 1), round(l["x1"], 1), round(l["bottom"], 1))
                           for l in page.lines if _is_mark(l, page.width, page.height))
            fills = sorted(tuple(round(v * 255) for v in r["non_stroking_color"])
                           for r in page.rects if _is_card_rect(r) and r.get("fill"))
            pages.append({"cards": cards, "marks": marks, "fills": fills})
    return pages


def _is_mark(line: dict, w: float, h: float) -> bool:
    return slot_of(w, h, (line["x0"] + line["x1"]) / 2, (line["top"] + line["bottom"]) / 2) is None


def _is_card_rect(rect: dict) -> bool:
    return abs(rect["width"] - plain.CARD_W) < 0.5 and abs(rect["height"] - plain.CARD_H) < 0.5 \
        and isinstance(rect.get("non_stroking_color"), (tuple, list)) and len(rect["non_stroking_color"]) == 3


def compare(a: list[dict], b: list[dict], tol: float, positions: bool, label: str) -> list[str]:
    problems = []
    if len(a) != len(b):
        return [f"{label}: {len(a)} pages against {len(b)}"]
    worst = 0.0
    for number, (pa, pb) in enumerate(zip(a, b), 1):
        if sorted(pa["cards"]) != sorted(pb["cards"]):
            problems.append(f"{label}: page {number}: cards in slots {sorted(pa['cards'])} "
                            f"against {sorted(pb['cards'])}")
            continue
        for slot in pa["cards"]:
            wa, wb = pa["cards"][slot], pb["cards"][slot]
            ta, tb = [w["text"] for w in wa], [w["text"] for w in wb]
            if ta != tb:
                problems.append(f"{label}: page {number} slot {slot}: words differ:\n  {ta}\n  {tb}")
                continue
            if positions:
                for x, y in zip(wa, wb):
                    d = max(abs(x[k] - y[k]) for k in ("x0", "x1", "top", "bottom"))
                    worst = max(worst, d)
                    if d > tol:
                        problems.append(f"{label}: page {number} slot {slot}: {x['text']!r} is {d / MM:.2f} mm away")
        if positions:
            if len(pa["marks"]) != len(pb["marks"]) or any(
                    max(abs(p - q) for p, q in zip(m, n)) > tol for m, n in zip(pa["marks"], pb["marks"])):
                problems.append(f"{label}: page {number}: crop marks differ: {pa['marks']} against {pb['marks']}")
            if len(pa["fills"]) != len(pb["fills"]) or any(
                    max(abs(p - q) for p, q in zip(m, n)) > 1 for m, n in zip(pa["fills"], pb["fills"])):
                problems.append(f"{label}: page {number}: card colours differ: {pa['fills']} against {pb['fills']}")
    if positions:
        print(f"{label}: largest word offset {worst / MM:.3f} mm")
    return problems


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Compare pnp's bench PDF with the plain baseline.")
    parser.add_argument("n", type=int, nargs="?", default=54)
    parser.add_argument("--tolerance-mm", type=float, default=0.5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        paths = build(args.n, Path(tmp))
        read_ = {k: read(p) for k, p in paths.items()}
    tol = args.tolerance_mm * MM
    problems = compare(read_["pnp"], read_["noto"], tol, True, "pnp vs plain (Noto)")
    problems += compare(read_["pnp"], read_["dejavu"], tol, False, "pnp vs plain (DejaVu)")
    pages = len(read_["pnp"])
    cards = sum(len(p["cards"]) for p in read_["pnp"])
    marks = sum(len(p["marks"]) for p in read_["pnp"])
    fills = sum(len(p["fills"]) for p in read_["pnp"])
    print(f"{pages} pages, {cards} card faces with words, {marks} crop marks, {fills} card fills compared")
    for p in problems[:40]:
        print(p)
    print("OK: same pages, words and positions" if not problems else f"{len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
