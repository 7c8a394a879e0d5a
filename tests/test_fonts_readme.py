"""fonts/README.md says which characters each bundled font has: every cell of its coverage table is
checked against the font file, and every game symbol the fonts lack is drawn as an icon that exists."""
from __future__ import annotations

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from pnp.layout.elements import SYMBOL_ICONS

from conftest import ROOT

README = (ROOT / "fonts" / "README.md").read_text(encoding="utf-8")
# The characters of each column of the table, as its header names them.
COLUMNS = {"French": "éèêëàâçîïôûùüÿœæÉÈÊÀÇŒÆ«»’…–—", "U+202F": "\u202f", "€": "€", "× − ± ÷": "×−±÷",
           "•": "•", "Greek αβγΩ": "αβγΩ", "Cyrillic Жд": "Жд", "← → ↑ ↓": "←→↑↓", "✓ ✗": "✓✗", "★": "★",
           "♠ ♥ ♦ ♣": "♠♥♦♣", "⚀ … ⚅": "⚀⚁⚂⚃⚄⚅"}


def table() -> tuple[list[str], list[list[str]]]:
    lines = [line for line in README[README.index("## Glyph coverage"):].splitlines() if line.startswith("|")]
    split = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines]
    return split[0], split[2:]


def test_the_table_has_every_font_file_and_every_column_is_known():
    header, rows = table()
    assert header[:2] == ["file", "glyphs"] and set(header[2:]) == set(COLUMNS)
    assert {row[0].strip("`") for row in rows} == {p.name for p in (ROOT / "fonts").glob("*.ttf")}


@pytest.mark.parametrize("row", table()[1], ids=lambda row: row[0])
def test_each_cell_says_what_the_font_file_has(row):
    header = table()[0]
    charset = {chr(c) for c in TTFont("coverage", str(ROOT / "fonts" / row[0].strip("`"))).face.charToGlyph}
    assert int(row[1]) == len(charset)
    for column, cell in zip(header[2:], row[2:]):
        has = all(ch in charset for ch in COLUMNS[column])
        assert cell == ("yes" if has else "no"), f"{row[0]}: {column}"


def test_every_symbol_drawn_as_an_icon_is_named_in_the_readme_and_exists():
    for char, icon in SYMBOL_ICONS.items():
        assert char in README and (ROOT / "icons" / f"{icon}.svg").is_file()
