"""Benchmark: what a rulebook adds to a build, against plain ReportLab's own typesetter (platypus).

`python bench/rulebook.py [--pages 12] [--rounds 3]` copies the project's belote kit into a temporary
project, gives it a generated rulebook of about `--pages` A4 pages in two columns (headings, lists,
notes, examples, the kit's own figures: its regles.md repeated with more paragraphs), and times,
best of `--rounds`, in fresh processes: `pnp build belote --force` without the rulebook, with it,
and platypus (SimpleDocTemplate, Paragraphs with hyphenation off, two frames a page) setting the
same paragraphs on the same paper with the same font. It prints the rulebook's own cost (with -
without), its pages (flat and booklet), and that cost as a ratio of platypus's time.
"""
from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORDS = ("la carte du joueur une défausse le marché la pioche chaque adversaire reçoit l'ensemble des "
         "combinaisons possibles et les points correspondants d'une manche qui se termine").split()


def text(pages: int) -> str:
    """The belote rulebook, and more sections of generated paragraphs, to about `pages` pages."""
    rng = random.Random(1)
    base = (ROOT / "decks" / "belote" / "regles.md").read_text(encoding="utf-8")
    parts = [base]
    for section in range(max(0, pages - 2) * 2):
        parts.append(f"# Partie {section} {{#partie-{section}}}\n")
        for sub in range(2):
            parts.append(f"## Règle {section}.{sub}\n")
            parts.append(" ".join(rng.choice(WORDS) for _ in range(70)).capitalize() + ".\n")
            parts.append("- " + " ".join(rng.choice(WORDS) for _ in range(14)) + "\n- "
                         + " ".join(rng.choice(WORDS) for _ in range(20)) + "\n")
        parts.append("::: note\n" + " ".join(rng.choice(WORDS) for _ in range(40)) + "\n:::\n")
    return "\n".join(parts)


def project(tmp: Path, pages: int, with_book: bool) -> Path:
    root = tmp / ("with" if with_book else "without")
    for part in ("layouts", "fonts", "icons"):
        shutil.copytree(ROOT / part, root / part)
    shutil.copytree(ROOT / "decks" / "belote", root / "decks" / "belote")
    kit = root / "decks" / "belote"
    (kit / "regles.yaml").write_text((kit / "regles.yaml").read_text(encoding="utf-8").replace("pages: 8", "pages: 40"),
                                     encoding="utf-8")
    (kit / "regles.md").write_text(text(pages), encoding="utf-8")
    if not with_book:
        game = kit / "game.yaml"
        game.write_text(game.read_text(encoding="utf-8").replace("  - regles.yaml\n", ""), encoding="utf-8")
        (kit / "regles.yaml").unlink()
    return root


def timed(args: list[str], cwd: Path, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run(args, cwd=cwd, check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


PLATYPUS = r'''
import re, sys, time
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph
START = time.perf_counter()
root = sys.argv[1]
for name, file in (("N", "NotoSans-Regular.ttf"), ("B", "BreeSerif-Regular.ttf")):
    pdfmetrics.registerFont(TTFont(name, f"{root}/fonts/{file}"))
body = ParagraphStyle("b", fontName="N", fontSize=9.5, leading=13.1, alignment=4)
head = ParagraphStyle("h", fontName="B", fontSize=13, leading=15)
story = []
for block in open(sys.argv[2], encoding="utf-8").read().split("\n\n"):
    block = block.strip()
    if not block or block.startswith(("```", ":::", "|")):
        continue
    style = head if block.startswith("#") else body
    story.append(Paragraph(re.sub(r"[*#{}]", "", block).replace("&", "&amp;").replace("<", "&lt;"), style))
w, h = A4
m = 45
frames = [Frame(m, m, (w - 2 * m - 20) / 2, h - 2 * m), Frame(m + (w - 2 * m + 20) / 2, m, (w - 2 * m - 20) / 2, h - 2 * m)]
doc = BaseDocTemplate(sys.argv[3], pagesize=A4, pageTemplates=[PageTemplate(frames=frames)])
doc.build(story)
print(time.perf_counter() - START)
'''


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    pnp = [str(Path(sys.executable).parent / "pnp")]
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        without = project(base, args.pages, False)
        with_book = project(base, args.pages, True)
        build = pnp + ["build", "belote", "--force", "--out", str(base / "out")]
        t0 = timed(build, without, args.rounds)
        t1 = timed(build, with_book, args.rounds)
        out = subprocess.run(build + ["--json"], cwd=with_book, check=True, capture_output=True, text=True).stdout
        pages = {f["component"]: f["pages"] for kit in json.loads(out)["kits"] for f in kit["files"]
                 if f["kind"] == "rulebook"}
        script = base / "platypus.py"
        script.write_text(PLATYPUS, encoding="utf-8")
        plain = min(float(subprocess.run([sys.executable, str(script), str(ROOT), str(with_book / "decks/belote/regles.md"),
                                          str(base / "plain.pdf")], check=True, capture_output=True,
                                         text=True).stdout) for _ in range(args.rounds))
    cost = t1 - t0
    print(f"build without the rulebook: {t0:.2f} s; with it: {t1:.2f} s; the rulebook: {cost:.2f} s "
          f"({pages.get('regles', '?')} A4 pages, booklet {pages.get('regles-livret', '?')} sheet sides)")
    print(f"platypus, the same paragraphs on A4 in two columns (no figure, no booklet): {plain:.2f} s; the "
          f"rulebook (flat and booklet, with figures) costs {cost / max(plain, 1e-3):.1f}x that")


if __name__ == "__main__":
    main()
