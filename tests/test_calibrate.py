"""`pnp calibrate`: the duplex calibration sheet, and a clear error where the project's fonts
cannot give its text."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main


def _calibrate(root, out):
    return CliRunner().invoke(main, ["--project", str(root), "calibrate", "--out", str(out)])


def test_a_project_without_fonts_gets_a_clear_error_and_no_file(tmp_path):
    result = _calibrate(tmp_path, tmp_path / "out")
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit), result.exception  # no traceback
    assert "no fonts/fonts.yaml in the project" in result.output
    assert not (tmp_path / "out").exists()


def test_an_empty_fonts_file_gets_a_clear_error(tmp_path):
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "fonts.yaml").write_text("{}\n", encoding="utf-8")  # valid YAML, no family
    result = _calibrate(tmp_path, tmp_path / "out")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit), result.exception
    assert "no font family" in result.output


def test_the_sheet_is_written(tmp_path, shipped):
    result = _calibrate(shipped, tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "calibration-a4-long-edge.pdf"
    assert pdf.read_bytes().startswith(b"%PDF") and result.output == f"wrote {pdf}\n"


def test_fonts_that_give_no_face_are_problems_not_an_exception(tmp_path):
    from pnp.calibration import write_calibration

    path, problems = write_calibration(tmp_path, tmp_path / "out", "a4", "long-edge", (0.0, 0.0))
    from pnp.model.fonts import shipped_fonts

    assert path is None and [p.render() for p in problems] == [
        f"fonts/fonts.yaml: fonts: no fonts/fonts.yaml in the project: pnp's own fonts, with their licences and a "
        f"fonts.yaml, are in {shipped_fonts()}: copy that folder into the project as fonts/ (pnp new does so in a "
        "project without one)"]
    assert (Path(shipped_fonts()) / "fonts.yaml").is_file()
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("backs", ["long-edge", "short-edge"])
def test_the_pages_are_laid_out_20_mm_inside_the_paper(shipped, paper, backs):
    """Laid out as items (layout/), painted by draw/: nothing nearer the edges than 20 mm, the back's
    pointers at the mirror image of the scales' zeros, shifted by the offset."""
    from pnp.layout.calibration import calibration_pages
    from pnp.layout.fonts import FontBook
    from pnp.layout.items import Shape, TextItem, item_bounds
    from pnp.model.fonts import read_fonts
    from pnp.model.units import MM, paper_points

    face = FontBook(read_fonts(shipped)).default_face()
    width, height = paper_points(paper)
    front, back = calibration_pages(face, width, height, backs, (1.0, -2.0), ["Title", "step"])
    for page in (front, back):
        for item in page.items():
            x0, y0, x1, y1 = item_bounds(item)
            assert x0 >= 20 * MM - 0.5 and y0 >= 20 * MM - 0.5 and x1 <= width - 20 * MM and y1 <= height - 20 * MM
    texts = [i.block.lines[0].frags[0].text for i in front.items() if isinstance(i, TextItem)]
    assert texts[:2] == ["Title", "step"] and {"DX", "DY", "0", "+5", "-10"} <= set(texts)
    pointers = [i for i in back.items() if isinstance(i, Shape)]
    assert len(pointers) == 2 and all(p.stroke == (0.85, 0.1, 0.1) for p in pointers)
    vertical, horizontal = sorted(pointers, key=lambda p: p.w)  # the centre mirrors onto itself
    assert vertical.x == pytest.approx(width / 2 + 1.0 * MM)  # DX to the right
    assert horizontal.y == pytest.approx(height / 2 - 2.0 * MM)  # a DY of -2 mm: 2 mm higher
