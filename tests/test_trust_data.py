"""Data files bounded while they are read. pnp's guarded XLSX reader reads what openpyxl reads —
shared and inline strings, rich text and phonetic runs, numbers, truth values, formulas' stored
results, dates, times and durations in both date systems, prefixed XML — and stays bounded where
openpyxl runs away: a declared dimension is never read, shared strings are read only as far as the
sheet uses them, and every limit stops the reading at its row or cell. CSV files are read a record
at a time under the same limits. (The runaway files of the hostile review are also run as
processes, with their memory measured: tests/test_trust_hostile.py.)"""
from __future__ import annotations

import datetime
import io
import time
import warnings

import openpyxl
import pytest

from pnp.core.errors import Ref
from pnp.sources.tables import MAX_CELL_CHARS, MAX_DATA_BYTES, Limits, read_table
from pnp.sources.xlsxread import read_xlsx
from pnp.sources.xlsxzip import MAX_ELEMENTS

from bigfiles import HEADER, MAIN, RELS, ROW, TYPE, workbook, zip_bytes

STYLES = (b'<styleSheet ' + MAIN + b'><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/>'
          b'<numFmt numFmtId="165" formatCode="[h]:mm:ss"/></numFmts><cellXfs count="5"><xf numFmtId="0"/>'
          b'<xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="20"/><xf numFmtId="165"/></cellXfs></styleSheet>')
STRINGS = (b'<si><t>As</t></si><si><r><t>Roi </t></r><r><rPr><b/></rPr><t>de c\xc5\x93ur</t></r></si>'
           b'<si><t>\xe7\x8c\xab</t><rPh sb="0" eb="1"><t>\xe3\x81\xad\xe3\x81\x93</t></rPh></si><si><t xml:space="preserve">  007 </t></si>')
SHEET = (b'<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>'
         b'<c r="D1" t="inlineStr"><is><r><t>en </t></r><r><t>ligne</t></r></is></c></row>'
         b'<row r="3"><c r="A3"><v>12</v></c><c r="B3"><v>1.5</v></c><c r="C3"><v>-2E3</v></c><c r="D3" t="b"><v>1</v></c>'
         b'<c r="E3" t="str"><f>A1&amp;"x"</f><v>Asx</v></c><c r="F3"><f>A3*2</f><v>24</v></c><c r="G3" t="s"><v>3</v></c></row>'
         b'<row r="4"><c r="A4" s="1"><v>45413</v></c><c r="B4" s="2"><v>45413.5</v></c><c r="C4" s="3"><v>0.75</v></c>'
         b'<c r="D4" s="4"><v>1.5</v></c><c r="E4" s="1"><v>1</v></c></row>')


def _book(sheet: bytes = SHEET, strings: bytes = STRINGS, date1904: bool = False, prefix: bytes = b"") -> bytes:
    """A workbook with a styles part; `prefix` (b"x:") writes SpreadsheetML with a namespace prefix."""
    def ml(xml: bytes) -> bytes:
        if not prefix:
            return xml
        import re
        xml = xml.replace(b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"',
                          b'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"')
        return re.sub(rb"<(/?)(?!\?)([A-Za-z])", rb"<\1" + prefix + rb"\2", xml)

    pr = b'<workbookPr date1904="1"/>' if date1904 else b""
    rels = b"".join(b'<Relationship Id="rId%d" Type="' % i + TYPE + kind + b'" Target="' + target + b'"/>'
                    for i, (kind, target) in enumerate([(b"worksheet", b"worksheets/sheet1.xml"),
                                                        (b"sharedStrings", b"sharedStrings.xml"),
                                                        (b"styles", b"styles.xml")], 1))
    return zip_bytes({
        "[Content_Types].xml": b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                               b'<Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" '
                               b'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                               b'<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
                               b'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/'
                               b'sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.'
                               b'worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.'
                               b'openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/'
                               b'sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.'
                               b'spreadsheetml.sharedStrings+xml"/></Types>',
        "_rels/.rels": b"<Relationships " + RELS + b'><Relationship Id="rId1" Type="' + TYPE
                       + b'officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": ml(b"<workbook " + MAIN + b' xmlns:r="http://schemas.openxmlformats.org/officeDocument/'
                              b'2006/relationships">' + pr + b'<sheets><sheet name="Feuil1" sheetId="1" r:id="rId1"/>'
                              b"</sheets></workbook>"),
        "xl/_rels/workbook.xml.rels": b"<Relationships " + RELS + b">" + rels + b"</Relationships>",
        "xl/styles.xml": ml(STYLES),
        "xl/sharedStrings.xml": ml(b"<sst " + MAIN + b">" + strings + b"</sst>"),
        "xl/worksheets/sheet1.xml": ml(b"<worksheet " + MAIN + b"><sheetData>" + sheet + b"</sheetData></worksheet>"),
    })


def _read(data: bytes, rows: int = 100) -> tuple[list, list[str], Limits]:
    limits = Limits("c.xlsx", rows, [])
    found, _ = read_xlsx(data, "c.xlsx", None, Ref("d.yaml"), limits)
    return found or [], [p.what for p in limits.problems], limits


def _as_pnp(value: object) -> object:
    """openpyxl's value as pnp keeps it: text stripped, dates and times as ISO text."""
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, datetime.timedelta):
        return str(value)
    return value


def _openpyxl(data: bytes) -> list:
    with warnings.catch_warnings():  # "Workbook contains no default style": the styles part is a minimal one
        warnings.simplefilter("ignore", UserWarning)
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    rows = [(i, [_as_pnp(v) for v in row]) for i, row in enumerate(book.worksheets[0].iter_rows(values_only=True))]
    book.close()
    return [(i, row[:max(j for j, v in enumerate(row) if v is not None) + 1]) for i, row in rows
            if any(v is not None for v in row)]


@pytest.mark.parametrize("date1904", [False, True])
@pytest.mark.parametrize("prefix", [b"", b"x:"])
def test_the_reader_reads_what_openpyxl_reads(date1904, prefix):
    data = _book(date1904=date1904, prefix=prefix)
    rows, problems, _ = _read(data)
    assert problems == []
    assert rows == _openpyxl(data)
    assert rows[0] == (0, ["As", "Roi de cœur", "猫", "en ligne"])  # rich runs joined, the phonetic run left out
    assert rows[1] == (2, [12, 1.5, -2000.0, True, "Asx", 24, "007"])
    assert rows[2][1][:2] == (["2028-05-02", "2028-05-02T12:00:00"] if date1904 else ["2024-05-01", "2024-05-01T12:00:00"])


def test_escaped_control_characters_are_read_as_characters():
    rows, problems, _ = _read(_book(sheet=b'<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
                                    strings=b"<si><t>un_x000D_deux_x005F_x</t></si>"))
    assert (rows, problems) == ([(0, ["un\rdeux_x"])], [])


def test_cells_a_reader_cannot_take_are_problems_at_them():
    sheet = (b'<row r="1"><c r="A1"><v>1</v></c><c r="B1" t="e"><v>#N/A</v></c><c r="C1"><v>1e9999</v></c>'
             b'<c r="D1"><v>douze</v></c><c r="E1" t="b"><v>oui</v></c><c r="F1"><f>1/0</f></c>'
             b'<c r="G1" t="s"><v>9</v></c><c r="H1" t="s"><v>1000000</v></c></row>')
    rows, problems, limits = _read(_book(sheet=sheet))
    assert rows == [(0, [1])]
    assert [(p.ref.path, p.what) for p in limits.problems] == [
        ((0, 1), "the cell holds the error #N/A"),
        ((0, 2), "the cell holds a number pnp cannot read (got '1e9999')"),
        ((0, 3), "the cell holds a number pnp cannot read (got 'douze')"),
        ((0, 4), "the cell holds a truth value pnp cannot read (got 'oui')"),
        ((0, 5), "the formula =1/0 has no computed value in the file: open it in a spreadsheet program and save it"),
        ((0, 7), "the cell refers to text number 1000000; pnp reads the first 1,000,000 texts of a workbook"),
        ((0, 6), "the cell refers to a text the workbook does not hold")]


def test_a_sheet_declaring_the_whole_grid_is_read_for_its_cells(tmp_path):
    data = workbook(HEADER + b'<row r="2"><c r="A2" t="inlineStr"><is><t>As</t></is></c><c r="B2"><v>1</v></c></row>',
                    dimension="A1:XFD1048576")
    assert len(data) < 2000
    started = time.process_time()
    assert _read(data)[:2] == ([(0, ["nom", "valeur"]), (1, ["As", 1])], [])
    assert time.process_time() - started < 1


def test_a_value_in_the_last_cell_of_the_grid_is_a_problem_at_it():
    rows, problems, limits = _read(workbook(HEADER + b'<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'))
    assert rows == [(0, ["nom", "valeur"])]
    assert [(p.ref.path, p.what) for p in limits.problems] == [
        ((1048575, 16383), "a value past column 256: a data file has at most 256 columns")]


def test_a_million_rows_stop_at_the_first_row_past_the_deck():
    data = workbook([(HEADER, 1), (ROW, 1_000_000)])
    assert len(data) < 300_000
    started = time.process_time()
    rows, problems, limits = _read(data, rows=20_000)
    assert len(rows) == 20_001 and problems == ["the data file has more than 20000 rows; a deck holds at most 20000 "
                                                "card entries"]
    assert limits.problems[0].ref.path == (20_001,) and time.process_time() - started < 5


def test_fourteen_million_shared_strings_are_read_as_far_as_the_sheet_uses_them():
    data = workbook(HEADER + b'<row><c t="s"><v>0</v></c><c><v>1</v></c></row>', [(b"<si><t>As</t></si>", 14_000_000)])
    assert len(data) < 1_000_000
    started = time.process_time()
    assert _read(data)[:2] == ([(0, ["nom", "valeur"]), (1, ["As", 1])], [])
    assert time.process_time() - started < 1


def test_a_cell_longer_than_a_spreadsheet_holds_is_a_problem_at_it():
    text = b"x" * (MAX_CELL_CHARS + 1)
    rows, _, limits = _read(workbook(HEADER + b'<row><c t="inlineStr"><is><t>' + text + b"</t></is></c><c><v>1</v></c></row>"))
    assert rows == [(0, ["nom", "valeur"]), (1, [None, 1])]
    assert [(p.ref.path, p.what) for p in limits.problems] == [((1, 0), "the cell holds 32,768 characters; a cell "
                                                                         "holds at most 32,767")]


def test_a_flood_of_elements_or_of_blank_rows_stops_the_reading():
    junk = workbook([(HEADER, 1), (b"<x/>", MAX_ELEMENTS)])
    blank = workbook([(HEADER, 1), (b"<row/>", 1_100_000)])
    assert _read(junk)[1] == ["the workbook holds more than 4,000,000 XML elements"]
    assert _read(blank)[1] == ["the data file has more than 1,048,576 rows"]


@pytest.mark.parametrize("data, why", [
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512), "an Excel 97-2003 workbook (.xls), not an .xlsx one: save it as .xlsx"),
    (workbook(b'<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa">]><row><c t="inlineStr"><is><t>&a;</t></is></c></row>'),
     "xl/worksheets/sheet1.xml is not well-formed XML"),
    (zip_bytes({"xl/workbook.xml": b'<!DOCTYPE w [<!ENTITY a "a">]><workbook/>'}),
     "a part of the workbook declares a DTD or an entity, which no spreadsheet program writes"),
    (workbook(b'<row r="0"/>'), "a row of the sheet has no valid number (got '0')"),
    (workbook(b'<row><c r="A-1"/></row>'), "a cell of the sheet has no valid reference (got 'A-1')"),
])
def test_what_is_no_workbook_is_one_problem(data, why):
    assert _read(data)[1][0].startswith(why)


# CSV -------------------------------------------------------------------------------------------

def _csv(tmp_path, text: str | bytes, rows: int = 20_000) -> tuple[list, list[str]]:
    path = tmp_path / "c.csv"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    table, locator, problems = read_table(path, "c.csv", None, None, Ref("d.yaml"), rows)
    shown = [f"{p.loc or (locator.loc(p.ref.path) if locator else p.ref.file)}: {p.what}" for p in problems]
    return (table.rows if table else []), shown


def test_a_million_csv_rows_stop_at_the_first_row_past_the_deck(tmp_path):
    started = time.process_time()
    rows, problems = _csv(tmp_path, "nom,valeur\n" + "As,1\n" * 1_000_000)
    assert len(rows) == 20_000 and problems == [
        "c.csv:20002:1: the data file has more than 20000 rows; a deck holds at most 20000 card entries"]
    assert time.process_time() - started < 5


def test_a_line_of_a_million_delimiters_keeps_256_columns(tmp_path):
    rows, problems = _csv(tmp_path, "nom,valeur\nAs,1" + "," * 1_000_000 + "x\n")
    assert rows == [(1, ["As", "1"] + [None] * 254)]
    assert problems == ["c.csv:2:1000005: a value past column 256: a data file has at most 256 columns"]


def test_a_csv_cell_longer_than_a_spreadsheet_holds_is_a_problem_at_it(tmp_path):
    rows, problems = _csv(tmp_path, 'nom,valeur\n"' + "x" * 40_000 + '",1\n')
    assert rows == [(1, [None, "1"])]
    assert problems == ["c.csv:2:1: the cell holds 40,000 characters; a cell holds at most 32,767"]


def test_blank_csv_records_count_too(tmp_path):
    assert _csv(tmp_path, "nom,valeur\n" + "\n" * 1_100_000)[1] == ["c.csv:1048577:1: the data file has more than "
                                                                        "1,048,576 rows"]


def test_a_data_file_larger_than_a_yaml_file_is_refused_before_it_is_read(tmp_path):
    assert _csv(tmp_path, b"x" * (MAX_DATA_BYTES + 1))[1] == ["c.csv: c.csv is too large (16 MB; at most 16 MB)"]
