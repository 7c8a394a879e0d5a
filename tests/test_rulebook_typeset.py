"""Rulebook typesetting, checked on the placed lines: hyphenation and justification, headings kept
with what follows, no orphan or widow at a column edge, boxes across a column break, page and
column breaks; and the rulebook's texts where they are printed elsewhere (a card's `{rulebook.…}`),
following the rules values (`::: when` / `::: unless`) after a tweak."""
from __future__ import annotations

import random

import pytest

import pdfread
from pnp.core.options import Options
from pnp.layout.assets import IconLibrary
from pnp.layout.bookflow import PageFrame, Placed, flow
from pnp.layout.booktype import Typesetter
from pnp.layout.elements import ElementContext
from pnp.layout.fonts import FontBook
from pnp.model.fonts import read_fonts
from pnp.layout.paragraph import Hyphens, Setting, set_lines
from pnp.layout.typography import french, parse
from pnp.model.layout import Layout
from pnp.model.rulebook import RulebookStyle
from pnp.model.units import MM
from pnp.pipeline.rulebook import style_look
from pnp.sources.markdown import parse_rules

from conftest import ROOT, build_ok
from minikit import write_kit

FONTS = FontBook(read_fonts(ROOT))
WORDS = ("la carte du joueur, une défausse ; le marché, la pioche : chaque adversaire reçoit "
         "l'ensemble des combinaisons possibles et les points correspondants d'une manche").split()


def _text(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words)).capitalize() + "."


def typeset(md: str, columns: int = 2) -> tuple[Placed, Typesetter, PageFrame]:
    frame = PageFrame(210 * MM, 297 * MM, 18 * MM, 18 * MM, 16 * MM, 16 * MM, columns, 7 * MM)
    blocks, problems = parse_rules(md, "t.md", "rulebook 't'")
    assert not problems
    look, bad = style_look(RulebookStyle(), FONTS, "fr")
    assert look is not None and not bad
    ctx = ElementContext({}, Layout(kind="page", size="page"), frame.column_width(), frame.text_height(), FONTS,
                         IconLibrary(ROOT), ROOT, ROOT, True, {}, {}, 6.0)
    ts = Typesetter(look, frame.column_width(), ctx)
    placed = flow(ts.units(blocks), frame)
    assert not ts.problems
    return placed, ts, frame


def _columns(placed: Placed) -> list[list]:
    cols: list[list] = []
    for page in placed.pages:
        for column in sorted({u.column for u in page}):
            cols.append([u for u in page if u.column == column])
    return cols


def _paragraph_lines(placed: Placed) -> dict[int, int]:
    """Each paragraph (by its source line) and its number of lines."""
    count: dict[int, int] = {}
    for page in placed.pages:
        for u in page:
            if u.unit.kind == "text":
                count[u.unit.line] = count.get(u.unit.line, 0) + 1
    return count


def test_french_text_is_hyphenated_and_justified_to_the_column():
    faces = {s: FONTS.face("Noto Sans", s) for s in ("regular", "bold", "italic", "bolditalic")}
    setting = Setting(faces, 9.5, 1.35, "justify", Hyphens("fr"))
    text = french("Le joueur qui possède l'ensemble des combinaisons correspondantes remporte immédiatement la "
                  "manche ; ses adversaires additionnent les points de leurs cartes restantes. ") * 3
    width = 55 * MM
    lines, problem = set_lines(parse(text), width, setting)
    assert problem is None
    words = ["".join(f.text for f in line.frags) for line in lines]
    hyphenated = [w for w in words if w.endswith("-") and not w.endswith(" -")]
    assert hyphenated  # long French words break inside
    for line in lines[:-1]:
        assert line.width == pytest.approx(width, abs=0.01)  # justified
        ends = line.frags[-1]
        assert ends.x + ends.face.width(ends.text, 9.5) == pytest.approx(width, abs=0.01)
    assert lines[-1].width < width
    rejoined = " ".join(" ".join(f.text for f in line.frags) for line in lines).replace("- ", "")
    assert text.split() == rejoined.split()  # (no-break spaces count as spaces here)
    for line in hyphenated:
        head = line.split()[-1][:-1]
        assert len(head.strip("’'")) >= 2  # at least two letters before the break


def test_no_line_is_set_wider_than_its_column_and_no_break_falls_at_a_no_break_space():
    placed, ts, frame = typeset("\n\n".join(_text(random.Random(i), 60) for i in range(8)))
    for page in placed.pages:
        for u in page:
            for item in u.unit.items:
                for line in item.block.lines:
                    assert line.width <= frame.column_width() + 0.01
                    first = line.frags[0].text if line.frags else ""
                    assert not first.startswith((";", ":", "!", "?"))  # kept with the word before


def test_headings_keep_with_what_follows_and_paragraphs_leave_no_orphan_or_widow():
    rng = random.Random(7)
    parts = []
    for i in range(40):
        parts.append(f"## Règle {i}" if i % 3 == 0 else _text(rng, rng.choice((6, 25, 40, 60, 90))))
    placed, _, _ = typeset("\n\n".join(parts))
    lines = _paragraph_lines(placed)
    columns = _columns(placed)
    assert len(columns) >= 4
    for k, column in enumerate(columns[:-1]):
        last = column[-1].unit
        assert last.kind != "heading", k
        if last.kind == "text" and lines[last.line] > 1:  # no first line alone at the bottom
            assert sum(1 for u in column if u.unit.kind == "text" and u.unit.line == last.line) >= 2, k
        first = columns[k + 1][0].unit
        if first.kind == "text" and lines[first.line] > 1:  # no last line alone at the top
            assert sum(1 for u in columns[k + 1] if u.unit.kind == "text" and u.unit.line == first.line) >= 2, k


def test_a_long_note_runs_across_a_column_break_in_two_frames():
    rng = random.Random(3)
    md = _text(rng, 500) + "\n\n::: note\n" + "\n\n".join(_text(rng, 80) for _ in range(6)) + "\n:::\n"
    placed, _, _ = typeset(md)
    frames = [(page, f) for page in range(len(placed.pages)) for f in placed.frames(page)]
    assert len(frames) == 2
    (_, first), (_, second) = frames
    assert first[0] == second[0]  # the same box
    assert first[4] and not first[5] and not second[4] and second[5]  # opens in one column, closes in the next


def test_page_and_column_breaks_start_a_new_page_and_a_new_column():
    placed, _, _ = typeset("# Un\n\nTexte.\n\n<!-- columnbreak -->\n\n# Deux\n\nTexte.\n\n<!-- pagebreak -->\n\n"
                           "# Trois\n\nTexte.\n")
    assert placed.anchors == {"un": 1, "deux": 1, "trois": 2}
    deux = next(u for u in placed.pages[0] if u.unit.anchor == "deux")
    assert deux.column == 1 and deux.y == pytest.approx(18 * MM)


def test_a_card_prints_a_section_of_the_rulebook(project, tmp_path):
    root = project("belote")
    aide = ("kind: deck\nname: aide\nlayout: belote-aide\nfields: {titre: text, valeurs: data, primes: text}\n"
            "cards:\n  - titre: Aide\n    valeurs: [[Valet, 20, 2]]\n    primes: \"{rulebook.belote}\"\n")
    md = ("# La belote {#belote}\n\nLe roi et la dame d'atout font **20 points**.\n\n- Annoncez « belote ».\n\n"
          "# Ensuite\n\nAutre chose.\n")
    write_kit(root, {"aide.yaml": aide, "regles.yaml": "kind: rulebook\nname: regles\nsource: regles.md\n",
                     "regles.md": md})
    build_ok(root, ["mini"], Options(out=tmp_path / "out"))
    card = " ".join(pdfread.text(tmp_path / "out" / "mini" / "aide-a4.pdf", 0).split())
    assert "Le roi et la dame d’atout font 20 points." in card and "• Annoncez « belote »." in card.replace(
        "\u00a0", " ")
    assert "Autre chose" not in card


@pytest.mark.parametrize("market, shown, hidden", [(3, "3 cartes", "pas de marché"), (0, "pas de marché", "cartes du marché")])
def test_a_rules_value_shows_and_hides_its_text_after_a_tweak(project, tmp_path, market, shown, hidden):
    root = project("similis")
    kit = root / "decks" / "similis"
    game = (kit / "game.yaml").read_text(encoding="utf-8")
    game = game.replace("    market: 3\n", f"    market: {market}\n")  # (the kit lists its regles.yaml)
    (kit / "game.yaml").write_text(game, encoding="utf-8")
    (kit / "regles.yaml").write_text("kind: rulebook\nname: regles\nsource: regles.md\nbooklet: false\n",
                                     encoding="utf-8")
    (kit / "regles.md").write_text("# Le marché\n\n::: when rules.market\nLe marché montre "
                                   "{rules.market|plural:carte:cartes} du marché.\n:::\n\n::: unless rules.market\n"
                                   "Il n'y a pas de marché.\n:::\n\n# Quand la pioche est vide {#pioche-vide}\n\n"
                                   "On mélange la défausse.\n", encoding="utf-8")  # (the rules card prints it)
    build_ok(root, ["similis"], Options(out=tmp_path / "out"))
    text = " ".join(pdfread.text(tmp_path / "out" / "similis" / "regles-a4.pdf", 0).split()).replace("\u00a0", " ")
    assert shown in text and hidden not in text


def test_figures_of_a_tiled_board_s_region_and_a_deck_s_grid(project, tmp_path):
    """A board larger than a sheet (tiled when printed) shows a region of itself, whole, in the book;
    a deck shows as a grid of its cards."""
    root = project("lutins")
    kit = root / "decks" / "lutins"
    # (the kit lists its regles.yaml: the test writes its own text)
    (kit / "regles.yaml").write_text("kind: rulebook\nname: regles\nsource: regles.md\nbooklet: false\n",
                                     encoding="utf-8")
    (kit / "regles.md").write_text("# Le plateau\n\n```figure\nsheet: plateau\nregion: [0mm, 0mm, 150mm, 100mm]\n"
                                   "caption: Le coin du plateau.\n```\n\n```figure\ndeck: pions\narrange: grid\n"
                                   "caption: Les pions.\n```\n", encoding="utf-8")
    build_ok(root, ["lutins"], Options(out=tmp_path / "out"))
    path = tmp_path / "out" / "lutins" / "regles-a4.pdf"
    text = pdfread.text(path, 0)
    assert "Le coin du plateau." in text and "Les pions." in text
    forms = pdfread.reader(path).pages[0]["/Resources"]["/XObject"]
    assert len(forms) >= 2  # the board's and the pawns' drawings (shared layers, icons), as vectors


def test_a_table_the_model_prints_and_a_long_table_split_by_rows(project, tmp_path):
    """`{rules.scoring}` alone in a paragraph draws the model's table; a table taller than a column
    goes on in the next with its header again."""
    root = project("dix-mille")
    kit = root / "decks" / "dix-mille"
    # (the kit lists its regles.yaml: the test writes its own text)
    (kit / "regles.yaml").write_text("kind: rulebook\nname: regles\nsource: regles.md\nbooklet: false\ncolumns: 2\n",
                                     encoding="utf-8")
    rows = "\n".join(f"| Ligne {i} | {i * 50} |" for i in range(1, 121))
    (kit / "regles.md").write_text(f"# Le décompte\n\n{{rules.scoring}}\n\n# Une longue table\n\n| Lancer | Points |\n"
                                   f"|:--|--:|\n{rows}\n", encoding="utf-8")
    build_ok(root, ["dix-mille"], Options(out=tmp_path / "out"))
    path = tmp_path / "out" / "dix-mille" / "regles-a4.pdf"
    text = " ".join(pdfread.text(path, i) for i in range(pdfread.page_count(path)))
    assert "Combinaison" in text and "10 000" in text.replace("\u202f", " ").replace("\u00a0", " ")
    assert "Ligne 1 " in text and "Ligne 120" in text
    assert text.count("Lancer Points") >= 3  # 120 rows: the header over each column's part


def test_no_more_than_two_lines_in_a_row_end_with_a_hyphen():
    faces = {s: FONTS.face("Noto Sans", s) for s in ("regular", "bold", "italic", "bolditalic")}
    setting = Setting(faces, 9.5, 1.35, "justify", Hyphens("fr"))
    text = " ".join(["anticonstitutionnellement", "incompréhensiblement", "extraordinairement"] * 12)
    lines, _ = set_lines(parse(text), 40 * MM, setting)
    ends = [line.frags[-1].text.endswith("-") for line in lines]
    assert any(ends)
    assert not any(a and b and c for a, b, c in zip(ends, ends[1:], ends[2:]))


def test_a_long_cell_makes_its_own_row_tall_not_every_row():
    """Each row of a rulebook's table is as high as its own cells need (the table's `row_heights`):
    one long cell does not make the short rows tall; read from the compiled table's rules."""
    from pnp.core.blocks import PipeTable
    from pnp.layout.booktables import table_art
    from pnp.layout.items import Shape

    _, ts, frame = typeset("Un.\n")
    long = " ".join(["une règle longue à dire en entier"] * 6)
    table = PipeTable(("Icône", "Sens"), ("left", "left"), (("A", "court"), ("B", long), ("C", "court")), 1)
    [art], problems = table_art(table, ts.width, ts.ctx, ts.look, frame.text_height())
    assert not problems
    rules = sorted({round(i.y, 2) for i in art.items if isinstance(i, Shape) and i.kind == "line" and i.h == 0})
    header, short, tall = rules[0], rules[1] - rules[0], rules[2] - rules[1]
    assert short == pytest.approx(ts.look.size * 0.92 * 1.25 + 2.2 * MM, abs=0.05)  # one line
    assert tall > 2.5 * short
    assert art.height == pytest.approx(header + 2 * short + tall, abs=0.05)


def test_a_tables_columns_are_sized_by_the_fonts_widths_not_by_characters():
    """Two columns of as many characters: the one of wide glyphs gets the more room; a bold header
    wider than its column's cells keeps its width (measured in the bold face, padding added)."""
    from pnp.layout.booktables import PADDING, column_widths, table_setting

    _, ts, _ = typeset("Un.\n")
    setting = table_setting(ts.ctx, ts.look, ts.look.size * 0.92)
    wide, narrow = column_widths(["A", "B"], [["MMMMMMMM", "iiiiiiii"]], 120 * MM, setting)
    assert wide > 2 * narrow and wide + narrow == pytest.approx(120 * MM)
    header = "ÉQUIPEMENT MAXIMUM"
    first, _ = column_widths([header, "x"], [["a", "b"]], 200 * MM, setting)
    bold = setting.faces["bold"].width(header, setting.size)
    assert bold > setting.faces["regular"].width(header, setting.size)
    assert first > bold + 2 * PADDING  # (all fits: the room left shared out on top)


def test_a_cell_a_little_too_long_wraps_at_the_tables_size_rather_than_shrink():
    """Every cell of a rulebook's table prints at the table's size: one a little too long for its
    column grows its row a line (as a browser wraps it) instead of printing a few points smaller
    than its neighbours (a column at mixed sizes, the forest's arrivals, read as an error)."""
    from pnp.core.blocks import PipeTable
    from pnp.layout.booktables import table_art
    from pnp.layout.items import TextItem

    _, ts, frame = typeset("Un.\n")
    size = ts.look.size * 0.92
    rows = tuple((f"c{i}", f"mot{i}", "nord, sur les cases violettes") for i in range(4))
    table = PipeTable(("Couleur", "Symbole", "Arrivée"), ("left",) * 3, rows, 1)
    [art], problems = table_art(table, 75 * MM, ts.ctx, ts.look, frame.text_height())
    assert not problems
    sizes = {round(i.block.size, 2) for i in art.items if isinstance(i, TextItem)}
    assert sizes == {round(size, 2)}
    last = [i for i in art.items if isinstance(i, TextItem)][-1]  # (75 mm: it fit at 91 % of the size)
    assert len(last.block.lines) == 2
