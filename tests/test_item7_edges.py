"""Issue 21, item 7: the edges met by a new user, each fixed and held here — accented icon aliases,
numbers in the kit's locale, ranges inside lists, one error per mistake in a layout, where icons were
looked for, a short CSV row, a `when` value no card has under --strict; and the checks across
fields and pairs, products over a generator's domains, lists in spreadsheet cells."""
from __future__ import annotations

import subprocess
import sys

from click.testing import CliRunner

from pnp.cli import main

from conftest import ROOT, line_of
from minikit import KIT, cards_of, found, write_kit

LAYOUT = """
carte:
  icons: {cœur: hearts, trèfle: clubs}
  elements:
    t: {type: text, x: 3, y: 3, w: 57, h: 20, text: "{nom} :cœur: :trèfle:"}
"""


def _project(root, layouts: str = LAYOUT):
    import shutil

    for part in ("fonts", "icons"):
        shutil.copytree(ROOT / part, root / part)
    (root / "layouts").mkdir()
    (root / "layouts" / "l.yaml").write_text(layouts, encoding="utf-8")
    return root


def _deck(body: str) -> str:
    return "kind: deck\nname: d\nlayout: carte\n" + body


def test_accented_icon_aliases_draw_their_icons(tmp_path):
    root = _project(tmp_path)
    write_kit(root, {"d.yaml": _deck("fields: {nom: text}\ncards:\n  - {nom: As}\n")})
    assert found(root) == []
    from faces import Faces, pictures, texts

    face, problems = Faces(root, LAYOUT).build("carte", nom="As")
    assert problems == [] and texts(face) == ["As "] or "".join(texts(face)).startswith("As")
    icons = [f.icon for item in face.items() for line in item.block.lines for f in line.frags if f.icon]
    assert [i.rsplit("/", 1)[-1] for i in icons] == ["hearts.svg", "clubs.svg"] and not pictures(face)


def test_a_format_prints_numbers_in_the_kit_s_language(tmp_path):
    from faces import Faces, texts

    layouts = """
chiffres:
  elements:
    a: {type: text, x: 3, y: 3, w: 57, h: 8, text: "{prix|format:.1f} {gros|format:,d} {prix * 2}"}
    t: {type: table, x: 3, y: 20, w: 57, h: 20, columns: [{header: A, format: .1f}, {header: B, format: ",d"}],
        body: [[4.5, 12345]]}
"""
    faces = Faces(tmp_path, layouts)
    faces.env.french, faces.env.language = True, "fr"
    face, problems = faces.build("chiffres", prix=4.5, gros=12345)
    assert problems == []
    assert texts(face)[0] == "4,5 12\u202f345 9"
    assert texts(face)[-2:] == ["4,5", "12\u202f345"]
    faces.env.french, faces.env.language = False, "en"
    faces.builders.clear()
    face, _ = faces.build("chiffres", prix=4.25, gros=12345)
    assert texts(face)[0] == "4.2 12,345 8.5"


def test_babel_stays_off_the_path_of_a_kit_that_formats_no_number(tmp_path):
    script = ("import sys; from pnp.build import check; from pathlib import Path; "
              f"check(Path({str(ROOT)!r}), ['similis']); print('babel' in sys.modules, 'simpleeval' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_ranges_inside_a_list_of_values(tmp_path):
    root = _project(tmp_path)
    deck = _deck("fields: {nom: text}\ngenerate:\n  - each: {nom: [1..10, V, D, R]}\n")
    write_kit(root, {"d.yaml": deck})
    assert [c.fields["nom"] for c in cards_of(root)] == [str(n) for n in range(1, 11)] + ["V", "D", "R"]
    write_kit(root, {"d.yaml": _deck("fields: {nom: text}\ngenerate:\n  - each: {nom: [1..3, 2, R]}\n")})
    assert found(root) == [f"decks/{KIT}/d.yaml:6:24: deck 'd', generate[0]: 2 is listed twice in the domain of 'nom'"]


def test_an_extends_typo_is_one_error_with_its_users(tmp_path):
    layouts = "base: {size: poker}\ncarte: {extends: bsae}\n"
    root = _project(tmp_path, layouts)
    cards = "".join(f"  - {{nom: c{i}, layout: carte}}\n" for i in range(21))
    write_kit(root, {"d.yaml": _deck("fields: {nom: text}\ncards:\n" + cards),
                     "e.yaml": "kind: deck\nname: e\nlayout: carte\nfields: {nom: text}\ncards: [{nom: x}]\n"})
    assert found(root) == ["layouts/l.yaml:2:18: layout 'carte' (used by deck 'd', deck 'e'): extends an unknown "
                           "layout (got 'bsae'; did you mean 'base'?)"]


def test_a_missing_icon_says_where_it_was_looked_for(tmp_path):
    root = _project(tmp_path, "carte:\n  elements:\n    i: {type: icon, name: pikachu, x: 3, y: 3, w: 9, h: 9}\n")
    write_kit(root, {"d.yaml": _deck("fields: {nom: text}\ncards: [{nom: x}]\n")})
    assert found(root) == [f"layouts/l.yaml:3:27: layout 'carte', element 'i'.name (used by deck 'd'): unknown icon "
                           f"'pikachu': no icons/pikachu.svg nor decks/{KIT}/icons/pikachu.svg"]


def test_a_short_csv_row_is_named_as_such(tmp_path):
    root = _project(tmp_path)
    header = ",".join(f"c{i}" for i in range(17))
    short = ",".join(str(i) for i in range(16))
    fields = "{" + ", ".join(f"c{i}: text" for i in range(17)) + ", nom: {type: text, default: x}}"
    write_kit(root, {"d.yaml": _deck(f"fields: {fields}\ndata: d.csv\n"), "d.csv": f"{header}\n{short}\n"})
    assert found(root) == [f"decks/{KIT}/d.csv:2:1: deck 'd': this row has 16 cells, the header has 17: a cell or a "
                           "delimiter is missing"]


def test_a_when_value_no_card_has_fails_strict_with_did_you_mean(tmp_path):
    layouts = "carte:\n  elements:\n    r: {type: rect, x: 3, y: 3, w: 9, h: 9, fill: '#000000', when: {rang: roi}}\n"
    root = _project(tmp_path, layouts)
    write_kit(root, {"d.yaml": _deck("fields: {rang: text}\ncards: [{rang: Roi}, {rang: dame}]\n")})
    result = CliRunner().invoke(main, ["--project", str(root), "check", KIT, "--strict"])
    assert result.exit_code == 1
    assert ("layouts/l.yaml:3:75: layout 'carte', element 'r'.when.rang (used by deck 'd'): no card has rang 'roi': "
            "the condition never holds (did you mean 'Roi'?)") in result.output


def test_list_fields_from_yaml_and_from_cells(tmp_path):
    root = _project(tmp_path)
    deck = _deck("fields: {nom: {type: text, default: x}, s: {type: list, of: int, separator: ;}}\ndata: d.csv\n")
    write_kit(root, {"d.yaml": deck, "d.csv": 's\n"1; 2;3"\n4\n'})
    assert [c.fields["s"] for c in cards_of(root)] == [[1, 2, 3], [4]]
    write_kit(root, {"d.yaml": _deck("fields: {s: {type: list, of: int}}\ncards: [{s: [1, deux]}]\n")})
    assert found(root) == [f"decks/{KIT}/d.yaml:5:13: deck 'd', card '1': field 's' must be a list of whole numbers "
                           "(a YAML list, or a cell of items split by '|'; at most 1,000) (got [1, 'deux'])"]


PLAIN = "carte:\n  elements:\n    r: {type: rect, x: 3, y: 3, w: 9, h: 9, fill: '#000000'}\n"
CHECKED = _deck("""fields: {a: text, b: text, c: text}
cards:
  - {a: x, b: y, c: z}
  - {a: y, b: z, c: w}
  - {a: x, b: y, c: y}
""")


def test_a_value_counted_across_fields(tmp_path):
    root = _project(tmp_path, PLAIN)
    checks = "checks:\n  - count: [a, b, c]\n    across: true\n    at_most: 2\n"
    write_kit(root, {"d.yaml": CHECKED}, game=checks)
    assert found(root) == [f"decks/{KIT}/game.yaml:5:5: checks[0]: 3 cards hold y in a or b or c; the check wants at "
                           "most 2"]


def test_every_pair_of_cards_at_least_and_at_most(tmp_path):
    root = _project(tmp_path, PLAIN)
    write_kit(root, {"d.yaml": CHECKED}, game="checks:\n  - pairs: [a, b, c]\n    at_least: 1\n")
    assert found(root) == []
    write_kit(root, {"d.yaml": CHECKED}, game="checks:\n  - pairs: [a, b, c]\n    at_most: 1\n")
    assert found(root) == [f"decks/{KIT}/d.yaml:7:5: deck 'd': card '1' and card '2' share 2 values (y, z); checks[0] "
                           "wants every two cards to share at most 1",
                           f"decks/{KIT}/d.yaml:8:5: deck 'd': card '1' and card '3' share 2 values (x, y); checks[0] "
                           "wants every two cards to share at most 1"]


def test_a_product_over_a_generator_s_domains_ignores_the_cards_listed_apart(tmp_path):
    root = _project(tmp_path, PLAIN)
    deck = _deck("""fields: {couleur: text, rang: text}
generate:
  - each: {couleur: [pique, coeur], rang: [1..3, R]}
cards:
  - {couleur: atout, rang: "21"}
  - {couleur: excuse, rang: "0"}
""")
    write_kit(root, {"d.yaml": deck}, game="checks:\n  - product: generate\n")
    assert found(root) == []
    write_kit(root, {"d.yaml": deck.replace("cards:\n", "cards:\n  - {couleur: pique, rang: R}\n")},
              game="checks:\n  - product: generate\n")
    assert found(root) == [f"decks/{KIT}/d.yaml:{line_of(root / 'decks' / KIT / 'd.yaml', 'rang: R}')}:5: deck 'd', "
                           "card '9': duplicate card for checks[0]: couleur pique, rang R is already card '4'"]


def test_the_watcher_with_strict_fails_a_save_whose_when_value_no_card_has(tmp_path):
    from pnp.core.options import Options
    from pnp.live.changes import PollingWatcher
    from pnp.live.loop import Loop

    layouts = "carte:\n  elements:\n    r: {type: rect, x: 3, y: 3, w: 9, h: 9, fill: '#000000', when: {rang: roi}}\n"
    root = _project(tmp_path, layouts)
    write_kit(root, {"d.yaml": _deck("fields: {rang: text}\ncards: [{rang: Roi}]\n")})
    files = PollingWatcher(0.05)
    try:
        outcome = Loop(root, [KIT], Options(out=tmp_path / "out", strict=True), files, lambda line: None).build(set())
    finally:
        files.close()
    assert not outcome.ok and any("did you mean 'Roi'?" in line for line in outcome.lines)
    assert not (tmp_path / "out" / KIT).exists()


def test_an_expression_that_cannot_be_read_is_one_error_at_its_line(tmp_path):
    layouts = "carte:\n  elements:\n    t: {type: text, x: 3, y: 3, w: 50, h: 9, text: \"{index *} {9**9**9}\"}\n"
    root = _project(tmp_path, layouts)
    write_kit(root, {"d.yaml": _deck("fields: {nom: text}\ncards: [{nom: a}, {nom: b}, {nom: c}]\n")})
    assert found(root) == [
        "layouts/l.yaml:3:52: layout 'carte', element 't'.text (used by deck 'd'): {index *}: cannot read the "
        "expression: invalid syntax",
        "layouts/l.yaml:3:52: layout 'carte', element 't'.text (used by deck 'd'): {9**9**9}: the result is too large "
        "(numbers have at most 15 digits)"]


def test_an_arrangement_of_too_many_items_is_refused(tmp_path):
    layouts = "carte:\n  elements:\n    p: {type: rect, fill: '#000000', arrange: {over: \"{n}\", along: grid}}\n"
    root = _project(tmp_path, layouts)
    write_kit(root, {"d.yaml": _deck("fields: {n: int}\ncards: [{n: 100000}]\n")})
    assert found(root) == [f"decks/{KIT}/d.yaml:5:9: kit '{KIT}', deck 'd', card '1', element 'p': arrange.over: a "
                           "count is a whole number from 0 to 200 (got 100000)"]
