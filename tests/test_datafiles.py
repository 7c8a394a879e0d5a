"""Card data from CSV and XLSX files: values keep their meaning, every problem is located to the cell,
the file stays inside the kit folder, and incremental builds see edits to it."""
from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.model.entries import MAX_ENTRIES

from conftest import edit
from minikit import KIT, cards_of, found, write_kit

FIELDS = """kind: deck
name: d
layout: poker-card
fields:
  nom: text
  valeur: int
  prix: {type: number, default: 0}
  rare: {type: bool, default: false}
"""


def _csv_kit(project, csv: str | bytes, data: str = "data: cartes.csv\n", extra: dict | None = None) -> Path:
    root = project()
    write_kit(root, {"d.yaml": FIELDS + data, "cartes.csv": csv, **(extra or {})})
    return root


def test_csv_values_keep_their_meaning(project):
    root = _csv_kit(project, "nom,valeur,prix,rare,copies\n007,3,1.5,TRUE,2\nRoi,13,,false,\n")
    cards = cards_of(root)
    assert [dict(c.fields) for c in cards] == [{"nom": "007", "valeur": 3, "prix": 1.5, "rare": True},
                                              {"nom": "Roi", "valeur": 13, "prix": 0, "rare": False}]
    assert [(c.id, c.copies) for c in cards] == [("1", 2), ("2", 1)]


def test_french_csv_semicolons_decimal_commas_bom_quotes_and_blank_rows(project):
    text = '\ufeffnom;valeur;prix\r\n"Roi; le grand";13;2,5\r\n\r\n"dit ""le sage""\nsur deux lignes";4;\r\n'
    root = _csv_kit(project, text.encode("utf-8"))
    cards = cards_of(root)
    assert [(c.fields["nom"], c.fields["valeur"], c.fields["prix"]) for c in cards] == [
        ("Roi; le grand", 13, 2.5), ('dit "le sage"\nsur deux lignes', 4, 0)]


def test_the_delimiter_can_be_given(project):
    root = _csv_kit(project, "nom|valeur\nA, B|1\n", data="data: {file: cartes.csv, delimiter: '|'}\n")
    assert [c.fields["nom"] for c in cards_of(root)] == ["A, B"]


def test_data_rows_come_before_rows_generators_and_entries(project):
    root = _csv_kit(project, "nom,valeur\ncsv,1\n", data="data: cartes.csv\ncolumns: [nom, valeur]\nrows:\n"
                    "  - [row, 2]\ngenerate:\n  - each: {valeur: 3..3}\n    set: {nom: gen}\ncards:\n"
                    "  - {nom: card, valeur: 4}\n")
    assert [(c.id, c.fields["nom"]) for c in cards_of(root)] == [("1", "csv"), ("2", "row"), ("3", "gen"),
                                                                ("4", "card")]


def test_three_mistakes_in_a_spreadsheet_three_located_problems_nothing_written(project, tmp_path):
    """Issue #15's must-show: a typo in a header, a wrong type in a cell and an empty required cell."""
    root = _csv_kit(project, "nom;valuer;prix\nAs;1;1,5\nRoi;13;x\n;12;3\n",
                    data="data: cartes.csv\ndefaults: {valeur: 0}\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["--project", str(root), "build", KIT, "--out", str(out)])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output.splitlines() == [
        "decks/mini/cartes.csv:1:5: deck 'd', header: unknown field 'valuer' (did you mean 'valeur'?)",
        "decks/mini/cartes.csv:3:8: deck 'd', card '2': field 'prix' must be a number (got 'x')",
        "decks/mini/cartes.csv:4:1: deck 'd', card '3': missing field 'nom'",
        "3 errors, nothing written."]
    assert not out.exists() or not any(p.is_file() for p in out.rglob("*"))


CSV_BROKEN = {
    "a header named twice": ("nom,valeur,nom\nA,1,B\n",
                             ["decks/mini/cartes.csv:1:12: deck 'd', header: the header names 'nom' twice"]),
    "a column without a name": ("nom,valeur,\nA,1,x\n",
                                ["decks/mini/cartes.csv:1:12: deck 'd', header: this column has values but no name "
                                 "in the header"]),
    "a value beyond the header": ("nom,valeur\nA,1,x\n",
                                  ["decks/mini/cartes.csv:2:5: deck 'd': a value beyond the last column of the header"]),
    "a required field without a column": ("nom\nA\nB\n",
                                          ["decks/mini/cartes.csv:1:1: deck 'd': the header has no column for required "
                                           "field 'valeur'"]),
    "a quoted cell never closed": ('nom,valeur\n"A,1\nB,2\n',
                                   ["decks/mini/cartes.csv:2:1: data file: this quoted cell is never closed "
                                    "(a \" is missing)", "decks/mini/cartes.csv:2:1: deck 'd': this row has 1 cell, "
                                    "the header has 2: a cell or a delimiter is missing"]),
    "a whole number with decimals": ("nom,valeur\nA,1.5\n",
                                     ["decks/mini/cartes.csv:2:3: deck 'd', card '1': field 'valeur' must be a whole "
                                      "number (got '1.5')"]),
    "copies not a number": ("nom,valeur,copies\nA,1,deux\n",
                            ["decks/mini/cartes.csv:2:5: deck 'd', card '1': copies is a whole number from 0 to 1000 "
                             "(got 'deux')"]),
    "an empty file": ("\n\n", ["decks/mini/cartes.csv: data file: the data file holds no rows: its first row names "
                               "the fields"]),
}


@pytest.mark.parametrize("case", list(CSV_BROKEN))
def test_every_csv_problem_is_located_to_the_cell(project, case):
    text, expected = CSV_BROKEN[case]
    assert found(_csv_kit(project, text)) == expected


def test_csv_text_must_be_utf8(project):
    root = _csv_kit(project, "nom,valeur\nCœur,1\n".encode("latin-1", errors="replace").replace(b"?", b"\xe9"))
    assert found(root) == ["decks/mini/cartes.csv:2:2: data file: not UTF-8 text: the byte 0xe9 cannot be read (a "
                           "file saved as Latin-1 or Windows-1252? save it as 'CSV UTF-8')"]


DATA_PATHS = {
    "outside the kit folder": ("data: ../cartes.csv\n",
                               ["decks/mini/d.yaml:9:7: deck.data: the data file '../cartes.csv' lies outside the kit "
                                "folder"]),
    "no such file": ("data: crates.csv\n",
                     ["decks/mini/d.yaml:9:7: deck.data: no file 'crates.csv' in the kit folder (did you mean "
                      "'cartes.csv'?)"]),
    "not a spreadsheet": ("data: {file: d.yaml}\n",
                          ["decks/mini/d.yaml:9:14: deck.data: a data file is a .csv or .xlsx file (save a "
                           "spreadsheet in one of those formats) (got 'd.yaml')"]),
}


@pytest.mark.parametrize("case", list(DATA_PATHS))
def test_the_data_file_is_a_spreadsheet_inside_the_kit_folder(project, case):
    data, expected = DATA_PATHS[case]
    assert found(_csv_kit(project, "nom,valeur\nA,1\n", data=data)) == expected


def test_a_symlink_out_of_the_kit_folder_is_refused(project, tmp_path):
    outside = tmp_path / "ailleurs.csv"
    outside.write_text("nom,valeur\nsecret,1\n", encoding="utf-8")
    root = _csv_kit(project, "nom,valeur\nA,1\n", data="data: lien.csv\n")
    (root / "decks" / KIT / "lien.csv").symlink_to(outside)
    assert found(root) == ["decks/mini/d.yaml:9:7: deck.data: the data file 'lien.csv' lies outside the kit folder"]


def test_a_data_file_may_not_hold_more_rows_than_a_deck_holds(project):
    rows = "".join(f"c{i},{i}\n" for i in range(MAX_ENTRIES + 2))
    assert found(_csv_kit(project, "nom,valeur\n" + rows)) == [
        f"decks/mini/cartes.csv:{MAX_ENTRIES + 2}:1: data file: the data file has more than {MAX_ENTRIES} rows; a "
        f"deck holds at most {MAX_ENTRIES} card entries"]


# XLSX -------------------------------------------------------------------------------------------

def _xlsx(path: Path, sheets: dict[str, list[list]], cached: dict[str, object] | None = None) -> None:
    """A workbook of `sheets` (name -> rows); `cached` gives formula cells of the first sheet (by name)
    the value a spreadsheet program stores with them (openpyxl writes formulas without one)."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book.save(path)
    if cached:
        _store_values(path, cached)


def _store_values(path: Path, cached: dict[str, object]) -> None:
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    xml = parts["xl/worksheets/sheet1.xml"].decode()
    for cell, value in cached.items():
        xml, n = re.subn(rf'(<c r="{cell}"[^>]*>)<f>([^<]*)</f><v\s*/?>(</v>)?', rf"\1<f>\2</f><v>{value}</v>", xml)
        assert n == 1, (cell, xml)
    parts["xl/worksheets/sheet1.xml"] = xml.encode()
    with zipfile.ZipFile(path, "w") as target:
        for name, data in parts.items():
            target.writestr(name, data)


def _xlsx_kit(project, rows, data="data: cartes.xlsx\n", sheets: dict | None = None, **kw) -> Path:
    root = project()
    write_kit(root, {"d.yaml": FIELDS + data})
    _xlsx(root / "decks" / KIT / "cartes.xlsx", sheets or {"Feuil1": rows}, **kw)
    return root


def test_xlsx_values_formulas_as_their_computed_values_and_a_named_sheet(project):
    rows = [["nom", "valeur", "prix", "rare"], ["As", 1, "=B2*1.5", True], ["007", "12", None, None]]
    root = _xlsx_kit(project, None, data="data: {file: cartes.xlsx, sheet: Cartes}\n",
                     sheets={"Cartes": rows, "Autre": [["x"]]}, cached={"C2": 1.5})
    cards = cards_of(root)
    assert [dict(c.fields) for c in cards] == [{"nom": "As", "valeur": 1, "prix": 1.5, "rare": True},
                                              {"nom": "007", "valeur": 12, "prix": 0, "rare": False}]


def test_without_a_sheet_name_the_first_sheet_is_read(project):
    root = _xlsx_kit(project, None, sheets={"Cartes": [["nom", "valeur"], ["As", 1]], "Autre": [["x"]]})
    assert [c.fields["nom"] for c in cards_of(root)] == ["As"]


def test_three_mistakes_in_a_workbook_three_problems_at_their_cells(project):
    root = _xlsx_kit(project, [["nom", "valuer", "prix"], ["As", 1, 1.5], ["Roi", 13, "beaucoup"], [None, 12, 3]],
                     data="data: cartes.xlsx\ndefaults: {valeur: 0}\n")
    assert found(root) == [
        "decks/mini/cartes.xlsx!Feuil1!B1: deck 'd', header: unknown field 'valuer' (did you mean 'valeur'?)",
        "decks/mini/cartes.xlsx!Feuil1!C3: deck 'd', card '2': field 'prix' must be a number (got 'beaucoup')",
        "decks/mini/cartes.xlsx!Feuil1!A4: deck 'd', card '3': missing field 'nom'"]


def test_a_formula_without_a_stored_value_and_an_error_cell_are_problems_once(project):
    root = _xlsx_kit(project, [["nom", "valeur", "prix"], ["As", "=1+0", "=B2*2"], ["Roi", "#DIV/0!", 2]])
    assert found(root) == [
        "decks/mini/cartes.xlsx!Feuil1!B2: data file: the formula =1+0 has no computed value in the file: open it "
        "in a spreadsheet program and save it",
        "decks/mini/cartes.xlsx!Feuil1!C2: data file: the formula =B2*2 has no computed value in the file: open it "
        "in a spreadsheet program and save it",
        "decks/mini/cartes.xlsx!Feuil1!B3: data file: the cell holds the error #DIV/0!"]


def test_an_unknown_sheet_is_named_with_the_closest(project):
    root = _xlsx_kit(project, [["nom", "valeur"], ["As", 1]], data="data: {file: cartes.xlsx, sheet: feuil1}\n")
    assert found(root) == ["decks/mini/d.yaml:9:34: deck.data.sheet: the workbook has no sheet 'feuil1' (its sheets: "
                           "Feuil1) (did you mean 'Feuil1'?)"]


def test_a_file_that_is_no_workbook_is_one_problem(project):
    root = project()
    write_kit(root, {"d.yaml": FIELDS + "data: cartes.xlsx\n", "cartes.xlsx": b"not a zip"})
    assert found(root) == ["decks/mini/cartes.xlsx: data file: not an XLSX workbook: the file is no zip archive, or a "
                           "damaged one"]


def test_dates_read_as_iso_text(project):
    import datetime

    root = _xlsx_kit(project, [["nom", "valeur"], [datetime.date(2024, 5, 1), 1]])
    assert cards_of(root)[0].fields["nom"] == "2024-05-01"


# builds -----------------------------------------------------------------------------------------

def _build(root: Path, out: Path) -> dict:
    result = CliRunner().invoke(main, ["--project", str(root), "build", KIT, "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)["kits"][0]


def test_a_csv_deck_builds_incrementally(project, tmp_path):
    from pypdf import PdfReader

    root = _csv_kit(project, "nom,valeur\nAs,1\nRoi,13\n", data="data: cartes.csv\nlayout: mini-front\n")
    edit(root / "decks" / KIT / "d.yaml", "layout: poker-card\n", "")
    (root / "layouts" / "mini.yaml").write_text(
        "mini-front:\n  extends: poker-card\n  elements:\n    nom: {type: text, text: \"{nom}\", box: safe}\n")
    out = tmp_path / "out"
    first = _build(root, out)
    assert not first["up_to_date"] and first["cards"] == 2
    assert _build(root, out)["up_to_date"]
    edit(root / "decks" / KIT / "cartes.csv", "Roi,13", "Reine,12")
    again = _build(root, out)
    assert not again["up_to_date"]
    assert "Reine" in PdfReader(out / KIT / "d-a4.pdf").pages[0].extract_text()
    assert _build(root, out)["up_to_date"]


def test_the_json_report_names_the_cell(project):
    root = _xlsx_kit(project, [["nom", "valeur"], ["As", "un"]])
    result = CliRunner().invoke(main, ["--project", str(root), "check", KIT, "--json"])
    assert result.exit_code == 1
    errors = json.loads(result.stdout)["kits"][0]["errors"]
    assert [(e["file"], e["line"], e["cell"], e["what"]) for e in errors] == [
        ("decks/mini/cartes.xlsx", None, "Feuil1!B2", "field 'valeur' must be a whole number")]


def test_without_openpyxl_an_xlsx_deck_says_how_to_get_it(project, monkeypatch):
    import sys

    root = _xlsx_kit(project, [["nom", "valeur"], ["As", 1]])
    monkeypatch.setitem(sys.modules, "openpyxl", None)
    assert found(root) == ["decks/mini/cartes.xlsx: data file: reading .xlsx files needs openpyxl: pip install "
                           "openpyxl (or, in pnp's folder, pip install '.[xlsx]')"]
