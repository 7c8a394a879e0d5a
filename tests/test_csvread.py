"""The CSV reader: what Python's csv module writes it reads back, with the line and column of each cell."""
from __future__ import annotations

import csv
import io

from hypothesis import given
from hypothesis import strategies as st

from pnp.core.errors import Ref
from pnp.sources.csvread import parse_csv, sniff
from pnp.sources.locator import CsvLocator, LocatorRegistry, SheetLocator, column_name

CELL = st.text(alphabet=st.sampled_from('ab é;,"\n '), max_size=6)  # a bare \r ends a record, as in spreadsheets


@given(st.lists(st.lists(CELL, min_size=1, max_size=4), min_size=1, max_size=5), st.sampled_from([",", ";"]),
       st.sampled_from(["\r\n", "\n"]))
def test_what_the_csv_module_writes_is_read_back(rows, delimiter, newline):
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=delimiter, lineterminator=newline).writerows(rows)
    assert parse_csv(buffer.getvalue(), delimiter).cells == rows


def test_cells_know_where_they_start_and_records_where_they_end():
    records = parse_csv('a;"b\nc";d\r\ne;;"f""g"\n', ";")
    assert records.cells == [["a", "b\nc", "d"], ["e", "", 'f"g']]
    assert records.starts == [[(1, 1), (1, 3), (2, 4)], [(3, 1), (3, 3), (3, 4)]]
    assert records.ends == [(2, 5), (3, 10)]
    assert records.unclosed is None
    assert parse_csv('a,"b\n', ",").unclosed == (1, 3)


def test_the_delimiter_is_the_more_frequent_outside_quotes():
    assert sniff("nom;valeur;prix\n") == ";"
    assert sniff('"a;b;c",d\n') == ","
    assert sniff("\nnom,valeur\n") == ","
    assert sniff("nom\n") == ","


def test_locators_render_csv_positions_and_spreadsheet_cells():
    registry = LocatorRegistry()
    registry.add(CsvLocator("c.csv", [[(1, 1), (1, 5)]], [(1, 9)]))
    registry.add(SheetLocator("c.xlsx", "Feuil1"))
    assert str(registry.locate(Ref("c.csv", (0, 1)))) == "c.csv:1:5"
    assert str(registry.locate(Ref("c.csv", (0, 7)))) == "c.csv:1:9"  # a cell the row lacks: its end
    assert str(registry.locate(Ref("c.csv", (0,)))) == "c.csv:1:1"
    assert str(registry.locate(Ref("c.xlsx", (3, 2)))) == "c.xlsx!Feuil1!C4"
    assert [column_name(i) for i in (0, 25, 26, 27, 701, 702)] == ["A", "Z", "AA", "AB", "ZZ", "AAA"]
