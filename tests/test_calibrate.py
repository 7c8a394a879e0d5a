"""`pnp calibrate`: the duplex calibration sheet, and a clear error where the project's fonts
cannot give its text."""
from __future__ import annotations

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
