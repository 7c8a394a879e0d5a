"""What would the profile's remedies gain? Candidate changes to pnp, applied in memory, measured.

Usage: python bench/whatif.py [--kit bench-5400] [--repeat 5] [--check]

Each candidate below replaces one pnp function *in this process only* (pnp's files are untouched) by
a version doing what bench/README.md recommends; the script builds the kit in-process with each
candidate alone and with all of them, `--repeat` times each in a fresh process, and prints the
smallest CPU time of the build (imports excluded). `--check` also compares every glyph's position in
the candidate PDFs with the unpatched one (pdfplumber, first two pages): they must be identical.
These are estimates for the lead, not code to keep: they reach into pnp's internals as they are
at the time of writing and will stop working when those change.

Candidates:
  lines     draw a line of text with one textOut (words joined by spaces) instead of one per word
  icons     elements._resolve_icons returns the block untouched when the text has no icons
  colour    memoise assets.colour (regex + palette walk for every colour of every card)
  oneline   fit_text fast path: one run, no line break, fits at full size -> one line, one fragment
  textmemo  memoise a text element's layout by (element, filled text, colour): repeated texts laid out once
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CANDIDATES = ("lines", "icons", "colour", "oneline", "textmemo")


def apply(patches: set[str]) -> None:
    from pnp.draw import paint
    from pnp.layout import elements, textfit

    if "lines" in patches:
        paint.Painter._text = _text_by_line
    if "icons" in patches:
        resolve = elements._resolve_icons
        elements._resolve_icons = lambda block, paths: block if not paths else resolve(block, paths)
    if "colour" in patches:
        colour, memo = elements.colour, {}

        def cached(value, palette):
            key = (value, tuple(sorted(palette.items())))
            if key not in memo:
                memo[key] = colour(value, palette)
            return memo[key]
        elements.colour = cached
    if "oneline" in patches:
        elements.fit_text = _one_line(elements.fit_text, textfit)
    if "textmemo" in patches:
        from pnp.model.layout import Text
        elements._COMPILERS[Text] = _memo_text(elements._COMPILERS[Text])


def _text_by_line(self, t) -> None:
    """paint.Painter._text, one textOut a line when its fragments share a face and sit a space apart."""
    c = self.c
    text = c.beginText()
    if t.outline is not None:
        text.setTextRenderMode(2)
        c.setStrokeColorRGB(*t.outline)
        c.setLineWidth(t.block.size * 0.12)
    text.setFillColorRGB(*t.color)
    current = None
    for line in t.block.lines:
        y = -(t.y + line.baseline)
        frags = line.frags
        groups = [frags] if _spaced(frags) else [(f,) for f in frags]
        for group in groups:
            first = group[0]
            font = (first.face.name, first.size)
            if font != current:
                text.setFont(*font)
                current = font
            text.setTextOrigin(t.x + first.x, y)
            text.textOut(" ".join(f.text for f in group))
    c.drawText(text)


def _spaced(frags) -> bool:
    if not frags or any(f.icon is not None for f in frags):
        return False
    first = frags[0]
    if any(f.face is not first.face or f.size != first.size for f in frags):
        return False
    space = first.face.width(" ", first.size)
    return all(abs(a.x + a.face.width(a.text, a.size) + space - b.x) < 1e-6 for a, b in zip(frags, frags[1:]))


def _one_line(fit_text, textfit):
    def fast(runs, w, h, style):
        if len(runs) == 1 and not runs[0].icon and "\n" not in runs[0].text and "  " not in runs[0].text:
            run, size = runs[0], style.size
            face = style.faces[run.style]
            width, pitch = face.width(run.text, size), size * style.leading
            if width <= w + textfit.EPS and pitch <= h + textfit.EPS:
                top = {"top": 0.0, "middle": (h - pitch) / 2, "bottom": h - pitch}[style.valign]
                x = {"left": 0.0, "justify": 0.0, "center": (w - width) / 2, "right": w - width}[style.align]
                baseline = top + (pitch + style.faces["regular"].cap * size) / 2
                line = textfit.Line(baseline, width, (textfit.Frag(x, run.text, face, size),))
                return textfit.TextBlock((line,), size, pitch)
        return fit_text(runs, w, h, style)
    return fast


def _memo_text(compile_text):
    memo = {}

    def cached(element, ctx, problems):
        found = []
        content = ctx.text(element.text, found)
        colour = ctx.text(element.color, found)
        if found or (element.outline and "{" in element.outline):
            return compile_text(element, ctx, problems)
        key = (id(element), id(ctx.layout), ctx.width, ctx.height, ctx.french, content, colour)
        if key not in memo:
            own: list[str] = []
            memo[key] = (compile_text(element, ctx, own), own)
        items, own = memo[key]
        problems += own
        return items
    return cached


def child(kit: str, patches: set[str], keep: Path | None) -> float:
    """Run in a fresh process: build `kit` with `patches`, print the CPU time of the build."""
    sys.path.insert(0, str(ROOT))
    from pnp.build import build
    from pnp.runner import Options

    apply(patches)
    with tempfile.TemporaryDirectory() as tmp:
        start = time.process_time()
        reports = build(HERE / "project", [f"decks/{kit}"], Options(out=Path(tmp)))
        cpu = time.process_time() - start
        if any(p.severity == "error" for r in reports for p in r.problems):
            raise SystemExit("the build failed")
        if keep:
            shutil.copy(next(Path(tmp).rglob("*.pdf")), keep)
    return cpu


def glyphs(path: Path) -> list:
    import pdfplumber

    with pdfplumber.open(path, pages=[1, 2]) as pdf:
        return [[(ch["text"], round(ch["x0"], 3), round(ch["top"], 3)) for ch in page.chars if ch["text"] != " "]
                for page in pdf.pages]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Estimate the gains of the recommended changes to pnp.")
    parser.add_argument("--kit", default="bench-5400")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--check", action="store_true", help="compare glyph positions with the unpatched PDF")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--keep", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        print(child(args.kit, set(filter(None, args.child.split(","))), args.keep))
        return
    sys.path.insert(0, str(HERE))
    import make_kits

    n = int(args.kit.rsplit("-", 1)[1])
    make_kits.make_kit(make_kits.make_project(), args.kit, n)
    variants = [""] + list(CANDIDATES) + [",".join(CANDIDATES)]
    with tempfile.TemporaryDirectory() as tmp:
        base = None
        for variant in variants:
            keep = Path(tmp) / f"{variant or 'none'}.pdf"
            times = [float(subprocess.run([sys.executable, __file__, "--kit", args.kit, "--child", variant, "--keep",
                                           str(keep)], capture_output=True, text=True, check=True).stdout)
                     for _ in range(args.repeat)]
            best = min(times)
            base = base if base is not None else best
            same = ""
            if args.check and variant:
                same = glyphs(keep) == glyphs(Path(tmp) / "none.pdf")
                same = "  same glyph positions" if same else "  POSITIONS DIFFER"
            print(f"{variant or 'pnp as it is':42s} build CPU {best:.3f} s  ({best - base:+.3f} s, "
                  f"{(best - base) / base * 100:+.0f} %){same}  size {keep.stat().st_size / 1e6:.2f} MB", flush=True)


if __name__ == "__main__":
    main()
