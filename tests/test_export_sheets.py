"""`pnp export --sheets`: score sheets as fillable PDFs (a field in each cell to fill, totals computed
by calculate scripts), XLSX with the total formulas and CSV without; filled by a script and read back."""
from __future__ import annotations

import csv
import json
import shutil
import subprocess
from pathlib import Path

import pypdfium2
import pytest
from openpyxl import load_workbook
from pypdf import PdfReader, PdfWriter

from pnp.build import check
from pnp.export import ExportOptions, export

from conftest import Options, build_ok, edit, line_of

NODE = shutil.which("node")


def _sheets(root: Path, out: Path, names: list[str], **options) -> list:
    reports = export(root, names, ExportOptions(sheets=True, out=out, **options))
    assert not [p.render() for r in reports for p in r.errors]
    return reports


@pytest.fixture(scope="module")
def dix_mille(tmp_path_factory, shipped):
    out = tmp_path_factory.mktemp("sheets") / "out"
    reports = _sheets(shipped, out, ["dix-mille", "similis", "clochemerle"])
    return {"out": out, "folder": out / "dix-mille/sheets", "reports": reports}


def test_every_score_sheet_and_only_those(dix_mille):
    out = dix_mille["out"]
    written = {Path(f.path).relative_to(out).as_posix() for r in dix_mille["reports"] for f in r.files}
    assert written == {"dix-mille/sheets/score-a4-form.pdf", "dix-mille/sheets/score.xlsx",
                       "dix-mille/sheets/score-grille.csv", "similis/sheets/score-a4-form.pdf",
                       "similis/sheets/score.xlsx", "similis/sheets/score-table-1.csv",
                       "similis/sheets/score-table-2.csv", "clochemerle/sheets/score-a4-form.pdf",
                       "clochemerle/sheets/score.xlsx"} | {f"clochemerle/sheets/score-bloc-{n}.csv" for n in range(1, 7)}


def test_the_form_has_a_field_in_each_cell_to_fill(dix_mille):
    fields = PdfReader(dix_mille["folder"] / "score-a4-form.pdf").get_fields()
    assert len(fields) == 7 + 30 * 7 * 3  # a name per player, points, chute and total per round
    assert {f"p1-grille-r0-c{1 + 3 * p}" for p in range(7)} <= set(fields)  # the players' names
    assert all(f.get("/FT") == "/Tx" for f in fields.values())


def test_totals_carry_calculate_scripts_in_calculation_order(dix_mille):
    reader = PdfReader(dix_mille["folder"] / "score-a4-form.pdf")
    form = reader.trailer["/Root"]["/AcroForm"]
    order = [ref.get_object()["/T"] for ref in form["/CO"]]
    assert len(order) == 30 * 7 and set(order) == {f"p1-grille-r{r}-c{3 + 3 * p}" for r in range(1, 31)
                                                    for p in range(7)}
    assert order.index("p1-grille-r1-c3") < order.index("p1-grille-r2-c3") < order.index("p1-grille-r30-c3")
    scripted = {f.get_object()["/T"]: f.get_object()["/AA"]["/C"]["/JS"]
                for f in form["/Fields"] if "/AA" in f.get_object()}
    assert set(scripted) == set(order)
    assert 'pnpP(["p1-grille-r1-c3"])' in scripted["p1-grille-r2-c3"] and "pnpV" in scripted["p1-grille-r2-c3"]
    helpers = reader.trailer["/Root"]["/Names"]["/JavaScript"]["/Names"][1].get_object()["/JS"]
    assert "function pnpP(" in helpers


def _fill(path: Path, values: dict, target: Path) -> dict:
    """Fill the form with pypdf, save it, and read the fields back."""
    writer = PdfWriter(clone_from=PdfReader(path))
    writer.update_page_form_field_values(writer.pages[0], values, auto_regenerate=False)
    writer.write(target)
    return {name: field.get("/V") for name, field in PdfReader(target).get_fields().items()}


PLAY = {"p1-grille-r0-c1": "Albert", "p1-grille-r0-c4": "Béatrice",
        "p1-grille-r1-c1": "350", "p1-grille-r1-c4": "900",
        "p1-grille-r2-c1": "3 450", "p1-grille-r2-c4": "—",
        "p1-grille-r3-c1": "50", "p1-grille-r3-c5": "0",  # Béatrice falls back to 0
        "p1-grille-r4-c4": "−50"}


def test_filled_by_a_script_and_read_back(dix_mille, tmp_path):
    read = _fill(dix_mille["folder"] / "score-a4-form.pdf", PLAY, tmp_path / "filled.pdf")
    assert {name: read[name] for name in PLAY} == PLAY
    assert read["p1-grille-r5-c1"] in ("", None)


def _calculate(path: Path, values: dict) -> dict:
    """What a viewer computes: the document's script, then each calculate script in /CO order (Node)."""
    reader = PdfReader(path)
    root = reader.trailer["/Root"]
    form = root["/AcroForm"]
    scripts = {f.get_object()["/T"]: f.get_object()["/AA"]["/C"]["/JS"]
               for f in form["/Fields"] if "/AA" in f.get_object()}
    program = (f"var values={json.dumps(values)}, order={json.dumps([r.get_object()['/T'] for r in form['/CO']])},"
               f"scripts={json.dumps(scripts)};"
               "globalThis.getField=function(n){return {valueAsString: n in values ? values[n] : ''};};"
               f"(0,eval)({json.dumps(root['/Names']['/JavaScript']['/Names'][1].get_object()['/JS'])});"
               "order.forEach(function(n){var event={value:''};(new Function('event',scripts[n]))(event);"
               "values[n]=String(event.value);});console.log(JSON.stringify(values));")
    return json.loads(subprocess.run([NODE, "-"], input=program, capture_output=True, text=True, check=True).stdout)


@pytest.mark.skipif(NODE is None, reason="no JavaScript engine (node) to run the calculate scripts")
def test_the_totals_a_viewer_computes(dix_mille, tmp_path):
    filled = tmp_path / "filled.pdf"
    values = {k: v for k, v in _fill(dix_mille["folder"] / "score-a4-form.pdf", PLAY, filled).items() if v}
    totals = _calculate(filled, values)
    albert = [totals[f"p1-grille-r{r}-c3"] for r in range(1, 6)]
    beatrice = [totals[f"p1-grille-r{r}-c6"] for r in range(1, 6)]
    assert albert == ["350", "3800", "3850", "", ""]  # a row with nothing written stays empty
    assert beatrice == ["900", "900", "0", "-50", ""]  # "—" counts 0; the fall lands on 0


@pytest.mark.skipif(NODE is None, reason="no JavaScript engine (node) to run the calculate scripts")
def test_clochemerle_rows_and_the_doubled_quarter(dix_mille):
    form = dix_mille["out"] / "clochemerle/sheets/score-a4-form.pdf"
    values = {"p1-bloc-2-r1-c1": "3", "p1-bloc-2-r1-c2": "4", "p1-bloc-2-r4-c1": "5", "p1-bloc-2-r5-c7": "−6"}
    totals = _calculate(form, values)
    assert [totals[f"p1-bloc-2-r{r}-c8"] for r in range(1, 7)] == ["7", "", "", "10", "-6", "11"]


def test_the_form_prints_as_the_build_does(dix_mille, shipped, tmp_path):
    build_ok(shipped, ["dix-mille"], Options(out=tmp_path))
    printed = pypdfium2.PdfDocument(tmp_path / "dix-mille/score-a4.pdf")[0].render(scale=1).to_pil()
    form = pypdfium2.PdfDocument(dix_mille["folder"] / "score-a4-form.pdf")[0].render(scale=1).to_pil()
    assert form.tobytes() == printed.tobytes()


def test_the_workbook_has_the_players_columns_and_the_total_formulas(dix_mille):
    book = load_workbook(dix_mille["folder"] / "score.xlsx")
    assert book.sheetnames == ["grille"]
    sheet = book["grille"]
    assert [sheet.cell(2, c).value for c in range(2, 8)] == ["points", "chute", "total"] * 2
    assert {str(r) for r in sheet.merged_cells.ranges} == {f"{a}1:{b}1" for a, b in
                                                           zip("BEHKNQT", "DGJMPSV")}  # a name over 3 columns
    assert [sheet.cell(r, 1).value for r in range(3, 33)] == list(range(1, 31))
    assert sheet["D3"].value == '=IF(LEN(C3)+LEN(B3)=0,"",IF(LEN(C3)=0,(0+N(B3)),N(C3)))'
    assert sheet["G10"].value == \
        '=IF(LEN(F10)+LEN(E10)=0,"",IF(LEN(F10)=0,(IFERROR(LOOKUP(9.99E+307,G3:G9),0)+N(E10)),N(F10)))'
    formulas = [sheet.cell(r, c).value for r in range(3, 33) for c in range(4, 23, 3)]
    assert len(formulas) == 210 and all(f.startswith("=IF(") for f in formulas)
    assert sheet["B3"].value is None and sheet["C3"].value is None  # cells to fill


def test_the_csv_has_the_grid_without_formulas(dix_mille):
    rows = list(csv.reader((dix_mille["folder"] / "score-grille.csv").open(encoding="utf-8")))
    assert rows[0][0] == "Tour" and rows[1][1:4] == ["points", "chute", "total"] and len(rows) == 32
    assert [row[0] for row in rows[2:]] == [str(n) for n in range(1, 31)]
    assert not any(cell for row in rows[2:] for cell in row[1:])


def test_the_same_sheets_give_the_same_bytes(dix_mille, shipped, tmp_path):
    _sheets(shipped, tmp_path, ["dix-mille"])
    for name in ("score-a4-form.pdf", "score.xlsx", "score-grille.csv"):
        assert (tmp_path / "dix-mille/sheets" / name).read_bytes() == (dix_mille["folder"] / name).read_bytes()


WRONG_FORMULAS = [
    ("PREV(total) + points", "PREV(total) + pionts", "pionts", "no column 'pionts' (did you mean 'points'?)"),
    ("PREV(total) + points, chute", "PREV(total) + points + Tour, chute", "+ Tour",  # (a KeyError traceback once)
     "the column 'Tour' prints its cells: a formula reads the cells players fill in and those it computes"),
]


@pytest.mark.parametrize("command", ["export", "check"])
@pytest.mark.parametrize("old, new, marker, what", WRONG_FORMULAS)
def test_a_formula_reading_no_column_to_fill_is_located_and_nothing_is_written(project, tmp_path, old, new, marker,
                                                                              what, command):
    """The export and `pnp check` (the build's own problems) say the same of a wrong formula."""
    root = project("dix-mille")
    edit(root / "layouts/dix-mille.yaml", old, new)
    if command == "export":
        reports = export(root, [], ExportOptions(sheets=True, out=tmp_path / "out"))
    else:
        reports = check(root, ["dix-mille"], Options(code=False))
    line = line_of(root / "layouts/dix-mille.yaml", marker)
    assert [p.render() for r in reports for p in r.errors] == [
        f"layouts/dix-mille.yaml:{line}:25: layout 'dix-mille-score', element 'grille': formula 'total': {what}"]
    assert not (tmp_path / "out").exists() or not any(p.is_file() for p in (tmp_path / "out").rglob("*"))


def test_a_formula_that_does_not_parse_fails_the_check(project):
    from pnp.build import check

    root = project("similis")
    edit(root / "layouts/similis.yaml", '"PREV(total) + manche"', '"PREV(total) + "')
    errors = [p.render() for r in check(root, []) for p in r.errors]
    line = line_of(root / "layouts/similis.yaml", "formulas:")
    assert errors == [f"layouts/similis.yaml:{line}:17: layout 'similis-score'.elements.{table}.formulas: "
                      "formula 'total': the formula ends too early (got 'PREV(total) + ')"
                      for table in ("table-1", "table-2")]  # one layout line, merged into both tables


def test_printed_text_is_text_in_the_workbook_even_when_it_reads_like_a_formula(project, tmp_path):
    """A kit's header "=1+1" (or a planted =WEBSERVICE(…)) is text to read, not a formula to run."""
    root = project("dix-mille")
    edit(root / "layouts/dix-mille.yaml", 'header: "Tour"', 'header: "=1+1"')
    _sheets(root, tmp_path, ["dix-mille"])
    sheet = load_workbook(tmp_path / "dix-mille/sheets/score.xlsx")["grille"]
    assert (sheet["A1"].value, sheet["A1"].data_type) == ("=1+1", "s")
    assert sheet["D3"].data_type == "f" and sheet["A3"].value == 1  # formulas and numbers as they were
