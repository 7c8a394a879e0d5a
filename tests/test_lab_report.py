"""`pnp playtest --report DIR`: a PDF page a run, drawn with reportlab.graphics, and a PNG a page."""
from __future__ import annotations

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
