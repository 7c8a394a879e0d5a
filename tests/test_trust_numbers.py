"""Hostile numbers and sizes: every number that reaches a PDF is finite and in range, refused at its
source line otherwise; counts, copies, board sizes, nesting and `extends` depth are bounded with a
clear message, fast (no hang, no runaway memory); long values are quoted cut short."""
from __future__ import annotations

import json
import re
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from pnp.core.errors import short
from pnp.sources import parse_yaml

from conftest import make_project
from hostile import errors, pnp, tiny_kit

TEXT = '    t: {{type: text, text: "{{a}}", x: 5, y: 5, w: 50, h: 10, {}}}\n'
RECT = '    r: {{type: rect, fill: "#ff0000", {}}}\n'


def _line_of(root, text: str, file: str = "layouts/tiny.yaml") -> int:
    lines = (root / file).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


@pytest.mark.parametrize("element, value, message", [
    (RECT, "x: .nan", "YAML: '.nan' is not a finite number: write a number pnp can print"),
    (RECT, "y: -.inf", "YAML: '-.inf' is not a finite number: write a number pnp can print"),
    (RECT, "x: 1.0e+400", "YAML: '1.0e+400' is not a finite number: write a number pnp can print"),
    (RECT, "x: " + "1" * 4000, "YAML: '1111111111111111111...' has 4000 digits: numbers have at most 15"),
    (RECT, "x: '" + "9" * 400 + "mm'", "layout 'tiny'.elements.r.x: a length is at most 5000mm (5 m) either way"),
    (RECT, "stroke: '#000000', stroke_width: -1", "layout 'tiny'.elements.r.stroke_width: a length here is 0 or more"),
    (RECT, "dash: [3, -2]", "layout 'tiny'.elements.r.dash: a dash is lengths in points from 0 to 1000, not all 0"),
    (RECT, "dash: [0, 0]", "layout 'tiny'.elements.r.dash: a dash is lengths in points from 0 to 1000, not all 0"),
    (RECT, "w: 0", "layout 'tiny'.elements.r.w: a size must be more than 0"),
    (RECT, "h: -5mm", "layout 'tiny'.elements.r.h: a size must be more than 0"),
    (TEXT, "size: 0", "layout 'tiny'.elements.t.size: a font size is more than 0 and at most 1000 pt"),
    (TEXT, "size: -9", "layout 'tiny'.elements.t.size: a font size is more than 0 and at most 1000 pt"),
    (TEXT, "size: .inf", "YAML: '.inf' is not a finite number: write a number pnp can print"),
    (TEXT, "size: 1.0e+300", "YAML: '1.0e+300' is beyond 15 digits: write a number pnp can print"),
    (TEXT, "size: 5000", "layout 'tiny'.elements.t.size: a font size is more than 0 and at most 1000 pt"),
    (TEXT, "min_size: '-2pt'", "layout 'tiny'.elements.t.min_size: a length here is 0 or more"),
])
def test_a_number_out_of_range_is_refused_at_its_line(project, element, value, message):
    """Once written `nan` into the content stream, mirrored or hid text, or hung (`size: .inf`)."""
    root = project()
    tiny_kit(root, element.format(value))
    start = time.perf_counter()
    found = errors(root)
    assert time.perf_counter() - start < 10
    assert len(found) == 1 and found[0].startswith(f"layouts/tiny.yaml:{_line_of(root, value[:6])}:"), found
    assert message in found[0] and len(found[0]) < 250, found
    result = pnp(root, "build", "--out", str(root.parent / "out"))
    assert result.exit_code == 1 and not (root.parent / "out").exists()


@pytest.mark.parametrize("layout, message", [
    ("  bleed: -3mm\n", "layout 'tiny'.bleed: a length here is 0 or more"),
    ("  size: [0.063, 0.088]\n", "layout 'tiny'.size: a side is at least 10mm (a number is millimetres: 63, "
                                 "not 0.063)"),
    ("  size: [63mm, 0]\n", "layout 'tiny'.size: a custom size is [width, height], two positive lengths"),
])
def test_a_card_size_or_bleed_out_of_range_is_refused(project, layout, message):
    """A card size typed in metres once imposed millions of cards a page (6 GB)."""
    root = project()
    tiny_kit(root, RECT.format("opacity: 1"), layout=layout)
    found = errors(root)
    assert len(found) == 1 and message in found[0], found


def test_copies_are_bounded_at_the_card_and_the_deck(project):
    """`copies: 1000000000` once made a list of a billion cards."""
    root = project()
    kit = tiny_kit(root, RECT.format("opacity: 1"), cards="  - [one, 1]\n")
    cards = kit / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("columns: [a, b]", "columns: [a, b, copies]")
                     .replace("[one, 1]", "[one, 1, 1000000000]"), encoding="utf-8")
    start = time.perf_counter()
    assert errors(root) == ["decks/k/cards.yaml:7:14: deck 'cards', card '1': copies is a whole number from 0 to 1000 "
                            "(got 1000000000)"]
    rows = "".join(f"  - [c{i}, 1, 1000]\n" for i in range(21))
    cards.write_text(cards.read_text(encoding="utf-8").split("rows:\n")[0] + "rows:\n" + rows, encoding="utf-8")
    assert errors(root) == ["decks/k/cards.yaml:2:7: deck 'cards': the deck holds 21000 cards, copies included; "
                            "at most 20000"]
    assert time.perf_counter() - start < 10


def test_a_diamond_of_extends_is_merged_once_and_a_long_chain_refused(project):
    """A 40-level diamond once took 2**40 merges."""
    root = project()
    tiny_kit(root, RECT.format("opacity: 1"))
    levels = ["d0a: {elements: {r: {type: rect, fill: '#00ff00'}}}\nd0b: {extends: d0a}\n"]
    levels += [f"d{i}a: {{extends: [d{i - 1}a, d{i - 1}b]}}\nd{i}b: {{extends: [d{i - 1}b, d{i - 1}a]}}\n"
               for i in range(1, 40)]
    (root / "layouts/diamond.yaml").write_text("".join(levels), encoding="utf-8")
    tiny = root / "layouts/tiny.yaml"
    tiny.write_text(tiny.read_text(encoding="utf-8").replace("tiny:\n", "tiny:\n  extends: d39a\n"), encoding="utf-8")
    start = time.perf_counter()
    found = errors(root)
    assert time.perf_counter() - start < 10
    assert found and all("extends a chain of more than 16 layouts" in e for e in found), found
    tiny.write_text(tiny.read_text(encoding="utf-8").replace("extends: d39a", "extends: d12a"), encoding="utf-8")
    assert errors(root) == []


def test_a_board_of_too_many_squares_is_refused(project):
    """A board of 10**5 squares once exhausted memory."""
    root = project()
    kit = tiny_kit(root, "    b: {type: board, data: '{b}', layers: [{area: [0, 0, side, 250], fill: '#ffffff'}]}\n")
    (kit / "cards.yaml").write_text("kind: deck\nname: cards\nlayout: tiny\nfields: {b: data}\n"
                                    "cards:\n  - {b: {side: 400}}\n", encoding="utf-8")
    start = time.perf_counter()
    found = errors(root)
    assert time.perf_counter() - start < 10
    assert len(found) == 1 and "layer 1: `area` holds 400 × 250 squares; a board has at most 10,000" in found[0]


def test_a_page_tiled_over_too_many_sheets_is_refused(project):
    root = project()
    kit = tiny_kit(root, RECT.format("opacity: 1"))
    (root / "layouts/big.yaml").write_text("big: {kind: page, size: [4900mm, 4900mm], elements: {}}\n",
                                           encoding="utf-8")
    (kit / "board.yaml").write_text("kind: sheet\nname: board\nlayout: big\n", encoding="utf-8")
    game = kit / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("[cards.yaml]", "[cards.yaml, board.yaml]"),
                    encoding="utf-8")
    found = errors(root)
    assert len(found) == 1 and "a 4900 × 4900 mm page would need 532 pages" in found[0] and "at most 200" in found[0]


def test_yaml_nested_too_deep_is_a_problem_not_a_crash(project):
    """Values nested ~490 deep once overflowed Python's stack."""
    root = project()
    kit = tiny_kit(root, RECT.format("opacity: 1"))
    cards = kit / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + "extra: " + "[" * 490 + "]" * 490 + "\n", encoding="utf-8")
    assert errors(root)[0].startswith("decks/k/cards.yaml:8:71: YAML: values are nested more than 64 levels deep")


def test_a_billion_laughs_is_refused_and_long_values_are_quoted_short(project):
    """A value that aliases make enormous, reported as a type error, once took 3 GB and 55 s to quote."""
    root = project()
    kit = tiny_kit(root, RECT.format("opacity: 1"))
    laughs = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    laughs += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9)}]" for i in range(1, 10)]
    cards = kit / "cards.yaml"
    text = cards.read_text(encoding="utf-8").replace("rows:\n  - [one, 1]", "rows:\n  - [*l9, 1]")
    cards.write_text("\n".join(laughs) + "\n" + text, encoding="utf-8")
    start = time.perf_counter()
    found = errors(root)
    assert time.perf_counter() - start < 5
    assert found[0] == ("decks/k/cards.yaml:7:5: YAML: aliases expand this value to more than 1,000,000 values "
                        "(a \"billion laughs\"); pnp refuses it")
    shared: object = ["lol"] * 9
    for _ in range(30):
        shared = [shared] * 9  # 9**31 strings, if written out
    start = time.perf_counter()
    assert len(short(shared)) <= 60 and len(short("x" * 10**7)) <= 60 and short(10**5000).startswith("a number")
    assert time.perf_counter() - start < 0.1


def test_a_control_character_in_yaml_is_located():
    for char, name in (("\x0b", "000B"), ("\x00", "0000")):
        _, _, problems = parse_yaml(f"title: Tiny\nnotes: a{char}b\n", "game.yaml")
        assert [p.render() for p in problems] == [
            f"game.yaml:2:9: YAML: the character U+{name} is not allowed in YAML (a control character): delete it"]


_KEYS = ["x", "y", "w", "h", "size", "min_size", "leading", "stroke_width", "radius", "opacity", "gap", "repeat"]
_NUMBERS = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-10**20, 10**20),
                     st.sampled_from(["3mm", "-1pt", "1e999mm", "50%", "-400%", "0pt", "99999in", "", "mm"]))


def _yaml(value) -> str:
    if isinstance(value, float) and value != value:
        return ".nan"
    if isinstance(value, float) and abs(value) == float("inf"):
        return ".inf" if value > 0 else "-.inf"
    return json.dumps(value)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_KEYS), _NUMBERS), min_size=1, max_size=3, unique_by=lambda kv: kv[0]))
def test_any_number_anywhere_is_a_problem_or_a_clean_pdf(tmp_path_factory, values):
    """Hostile numbers in an element's keys: `pnp check` reports problems or nothing; a kit it passes
    builds into a PDF whose content has no `nan` or `inf`."""
    root = make_project(tmp_path_factory.mktemp("numbers") / "project", ())
    extra = ", ".join(f"{key}: {_yaml(value)}" for key, value in values)
    for element in (TEXT.format(extra).replace("x: 5, y: 5, w: 50, h: 10, ", ""),
                    '    i: {{type: icon, name: ankh, {}}}\n'.format(extra)):
        tiny_kit(root, element)
        if errors(root):
            continue
        out = tmp_path_factory.mktemp("out")
        assert pnp(root, "build", "--out", str(out), "--backs", "none").exit_code == 0
        streams = b"".join(page.get_contents().get_data() for page in PdfReader(out / "k/cards-a4.pdf").pages)
        assert not re.search(rb"(?i)\b(nan|inf)\b", streams)
