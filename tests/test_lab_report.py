"""`pnp playtest --report DIR`: a PDF page a run, drawn with reportlab.graphics, and a PNG a page."""
from __future__ import annotations

import pdfplumber
import pypdfium2
from click.testing import CliRunner
from pypdf import PdfReader

from pnp.cli import main
from pnp.lab import playtest
from pnp.labreport import write_report


def test_the_report_has_a_page_a_run_with_its_charts_and_a_png_of_each(shipped, tmp_path):
    document, _ = playtest(shipped, "similis", [3, 6], 600, 0, ["random"])
    written = write_report(document, tmp_path / "lab", shipped)
    assert [p.name for p in written] == ["similis-playtest.pdf", "similis-playtest-1.png", "similis-playtest-2.png"]
    reader = PdfReader(written[0])
    assert len(reader.pages) == 2
    assert [round(float(v)) for v in reader.pages[0].mediabox[2:]] == [842, 595]  # A4 landscape
    text = reader.pages[1].extract_text()
    for words in ("Similis · 6 players · random agent", "seat 1", "seat 6", "fair share", "Game length in turns",
                  "pile exhausted", "above the fair share: seat 1"):
        assert words in text, words
    fonts = {str(f["/BaseFont"]) for f in reader.pages[1]["/Resources"]["/Font"].values()}
    assert fonts and not any("Helvetica" in f for f in fonts)
    image = pypdfium2.PdfDocument(str(written[0]))[1].render(scale=1).to_pil().convert("RGB")
    data = image.tobytes()
    reds = sum(1 for i in range(0, len(data), 3) if data[i:i + 3] == bytes((0xC0, 0x39, 0x2B)))
    assert reds > 500  # the flagged first seat's bar is red
    from PIL import Image
    assert Image.open(written[2]).size == (1684, 1191)


def test_the_same_document_gives_the_same_bytes_and_the_cli_writes_it(shipped, tmp_path):
    document, _ = playtest(shipped, "dix-mille", [2], 20, 0, ["greedy"])
    one = [p.read_bytes() for p in write_report(document, tmp_path / "a", shipped)]
    two = [p.read_bytes() for p in write_report(document, tmp_path / "b", shipped)]
    assert one == two
    result = CliRunner().invoke(main, ["--project", str(shipped), "playtest", "lutins", "--players", "3", "--games", "4",
                                       "--agent", "greedy", "--report", str(tmp_path / "c")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "c").iterdir()) == ["lutins-playtest-1.png", "lutins-playtest.pdf"]


def _run(seats: list[tuple[float, float, float]], fair: float, bins: list[list[int]], median: float,
         p90: float) -> dict:
    """A run of a play-test document, made up: (win rate, low, high) a seat, the length histogram."""
    return {"players": len(seats), "agent": "random", "games": 1, "ended": 1, "shared_wins": 1, "fair_share": fair,
            "seats": [{"seat": i, "win_rate": r, "low": lo, "high": hi, "flag": None, "wins": 0}
                      for i, (r, lo, hi) in enumerate(seats, 1)],
            "length": {"turns": {"mean": median, "median": median, "p90": p90, "max": bins[-1][1],
                                 "histogram": bins}},
            "situations": {"a situation whose name is rather long for its column": {"per_game": 123.45, "games": 1.0},
                           "rare": {"per_game": 0.0, "games": 0.0}},
            "endings": {}, "timing": {"games_per_second": 0}}


def _boxes_that_meet(page) -> list[tuple[str, str]]:
    """Pairs of (word, word or 'line'/'rect') whose boxes meet on a report page, and words off the
    page's margins."""
    words = page.extract_words()
    found = [(a["text"], b["text"]) for i, a in enumerate(words) for b in words[i + 1:] if _meet(a, b)]
    for word in words:
        found += [(word["text"], "line") for line in page.lines if _meet(word, _thick(line))]
        found += [(word["text"], "rect") for rect in page.rects if _meet(word, rect)]
        if not (36 - 1 <= word["x0"] and word["x1"] <= page.width - 36 + 1):
            found.append((word["text"], "margin"))
    return found


def _thick(line: dict) -> dict:
    half = line.get("linewidth", 1) / 2
    return {"x0": line["x0"] - half, "x1": line["x1"] + half, "top": line["top"] - half, "bottom": line["bottom"] + half}


def _meet(a: dict, b: dict) -> bool:
    return a["x0"] < b["x1"] and b["x0"] < a["x1"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def test_no_label_of_the_report_meets_another_label_a_line_or_a_bar(shipped, tmp_path):
    """The median label once sat on the 'tallest bar' caption, a seat's percentage on the fair-share
    line; labels close to each other stack, clear of the strokes."""
    made_up = {"kit": "made-up", "title": "Made up", "seed": 0, "runs": [
        _run([(0.3, 0.25, 0.329), (0.2, 0.1, 0.3), (0.5, 0.45, 0.55)], 0.333,
             [[10, 11, 5], [11, 12, 40], [12, 13, 9]], 11, 12),  # marks near the right edge, side by side
        _run([(0.1, 0.05, 0.245), (0.3, 0.2, 0.4)], 0.25, [[k, k + 1, 50 - k] for k in range(40)], 2, 3)]}
    documents = [made_up, playtest(shipped, "similis", [6], 400, 1, ["random"])[0],
                 playtest(shipped, "clochemerle", [5], 400, 1, ["random"])[0]]
    for document in documents:
        pdf = write_report(document, tmp_path / document["kit"], shipped)[0]
        with pdfplumber.open(pdf) as opened:
            for page in opened.pages:
                assert _boxes_that_meet(page) == [], (document["kit"], page.page_number)
                # a model's own length measure gets its histogram, beside the situations
                assert ("Game length in weeks" in page.extract_text()) == (document["kit"] == "clochemerle")
