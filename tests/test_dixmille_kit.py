"""The Le 10 000 kit read back from its PDFs: the reference card is the rules model's table for the
kit's parameters (and follows a tweak), `pnp check` refuses inconsistent parameters at their line,
the score sheet holds 2 to 7 players on one page, the dice nets are cut/fold drawings at scale."""
from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.build import check
from pnp.cli import main
from pnp.layout.typography import french
from pnp.model.load import Project
from pnp.rules import run_rules
from pnp.core.options import Options

from conftest import build_ok, edit, line_of, make_project
from pdfread import MM, boxes, card_boxes, fonts, page, page_sizes_mm, text

KIT = "dix-mille"
GAME = f"decks/{KIT}/game.yaml"
CARD_W, CARD_H = 70 * MM, 120 * MM  # tarot
FACE_NAMES = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
WS = re.compile(r"\s+")  # spaces, no-break and narrow no-break spaces


@pytest.fixture(scope="module")
def kit_pdfs(tmp_path_factory) -> dict:
    """The shipped kit built once, on A4 and on Letter: the folders of its PDFs, and the reports."""
    base = tmp_path_factory.mktemp("dix-mille")
    root = make_project(base / "project", (KIT,))
    reports = {paper: build_ok(root, [KIT], Options(out=base / paper, paper=paper)) for paper in ("a4", "letter")}
    return {"root": root, "reports": reports, "a4": base / "a4" / KIT, "letter": base / "letter" / KIT}


def model_tables(root: Path) -> dict:
    """The tables the rules model computes for the kit's parameters, as the build gets them."""
    project = Project.open(root)
    kit, problems = project.load_kit(root / "decks" / KIT)
    assert kit is not None and not problems, problems
    printed, problems = run_rules(kit)
    assert not problems, problems
    return printed.tables


# --- reading the reference card back ---------------------------------------------------------

def first_card(path: Path, index: int = 0) -> tuple[float, float]:
    """(x0, top) of the top-left card of page `index`."""
    x0, top, _, _ = card_boxes(path, index, (CARD_W, CARD_H))[(0, 0)]
    return x0, top


def card_rows(path: Path) -> tuple[list[str], list[tuple[float, tuple[int, ...], str]]]:
    """The scoring table of the first front: header words and, per row, (y, dice faces, points).

    Dice are drawn as icons: a die is a rounded square (about 3 mm) with its pips cut out as
    small discs, so a die's face is the number of small discs inside its square."""
    x0, top = first_card(path)
    card = page(path, 0).crop((x0, top, x0 + CARD_W, top + CARD_H))
    curves, chars = card.curves, card.chars
    words = card.extract_words()
    squares = [c for c in curves if 2 * MM < c["width"] < 4.5 * MM and abs(c["width"] - c["height"]) < 0.5]
    table_top = min(s["top"] for s in squares) - 6 * MM
    pips = [c for c in curves if c["width"] < 1 * MM and c["top"] > table_top]
    points_x = x0 + (4 + 62 * 0.66) * MM  # the Points column starts at 66 % of the 62 mm table
    rows = []
    for y, dice in sorted(_cluster(squares, lambda c: (c["top"] + c["bottom"]) / 2).items()):
        dice.sort(key=lambda c: c["x0"])
        faces = tuple(sum(1 for p in pips if _inside(p, d)) for d in dice)
        text = "".join(ch["text"] for ch in sorted(chars, key=lambda ch: ch["x0"])
                       if ch["x0"] >= points_x and abs((ch["top"] + ch["bottom"]) / 2 - y) < 1.5 * MM)
        rows.append((y, faces, WS.sub("", text)))
    header = [w["text"] for w in words if table_top <= w["top"] < min(s["top"] for s in squares) - 0.5 * MM]
    return header, rows


def _cluster(items, key, tolerance: float = 1.0) -> dict[float, list]:
    groups: dict[float, list] = defaultdict(list)
    for item in sorted(items, key=key):
        anchor = next((a for a in groups if abs(a - key(item)) <= tolerance), key(item))
        groups[anchor].append(item)
    return groups


def _inside(small, big) -> bool:
    cx, cy = (small["x0"] + small["x1"]) / 2, (small["top"] + small["bottom"]) / 2
    return big["x0"] < cx < big["x1"] and big["top"] < cy < big["bottom"]


def expected_rows(table) -> list[tuple[tuple[int, ...], str]]:
    return [(tuple(int(f) for f in label.split()), WS.sub("", points)) for label, points in table.rows]


def card_text(path: Path, index: int, box=(0, 0, 70, 120)) -> str:
    """The text of the first card of page `index` (or of `box`, in mm on that card), spaces normalized."""
    x0, top = first_card(path, index)
    left, up, right, down = (v * MM for v in box)
    crop = page(path, index).crop((x0 + left, top + up, x0 + right, top + down))
    return WS.sub(" ", crop.extract_text() or "")


def test_reference_card_is_the_models_scoring_table(kit_pdfs):
    table = model_tables(kit_pdfs["root"])["scoring"]
    header, rows = card_rows(kit_pdfs["a4"] / "aide-a4.pdf")
    assert header == list(table.header) == ["Combinaison", "Points"]
    assert [(faces, points) for _, faces, points in rows] == expected_rows(table)
    assert len(rows) == 22  # 1 and 5 alone, 6 brelans, 6 carrés, 6 five of a kind, 2 straights
    heights = [b - a for (a, _, _), (b, _, _) in zip(rows, rows[1:])]
    assert min(heights) > 3.8 * MM  # a row is tall enough for dice of 3 mm


def test_back_of_the_card_is_the_turn_table_and_the_notes(kit_pdfs):
    """The back (long-edge duplex: page 2, mirrored) shows the turn table, then the notes."""
    tables = model_tables(kit_pdfs["root"])
    path = kit_pdfs["a4"] / "aide-a4.pdf"
    situations = card_text(path, 1, (4.5, 11, 4.5 + 61 * 0.25, 96.7))
    rules = card_text(path, 1, (4.5 + 61 * 0.25, 11, 65.5, 96.7))
    assert situations == " ".join(["Situation"] + [s for s, _ in tables["turn"].rows])
    assert rules == WS.sub(" ", french(" ".join(["Règle"] + [r for _, r in tables["turn"].rows])))
    assert "Retour à 0 pts, ou à 5 000 pts si vous aviez dépassé 5 000 pts." in rules
    notes = card_text(path, 1, (4, 96.7, 66, 117))
    assert notes == WS.sub(" ", french(" ".join(["À savoir", *tables["scoring"].notes])))
    assert "Variante" not in notes


def test_a_tweaked_straight_reprints_the_card(tmp_path):
    root = make_project(tmp_path / "project", (KIT,))
    edit(root / GAME, "    straight: 1500\n", "    straight: 2000\n")
    edit(root / GAME, '    straights: ["1 2 3 4 5", "2 3 4 5 6"]', '    straights: ["2 3 4 5 6"]')
    edit(root / GAME, "    five_ones_wins: false", "    five_ones_wins: true")
    build_ok(root, [KIT], Options(out=tmp_path / "out"))
    path = tmp_path / "out" / KIT / "aide-a4.pdf"
    tables = model_tables(root)
    _, rows = card_rows(path)
    assert [(faces, points) for _, faces, points in rows] == expected_rows(tables["scoring"])
    assert rows[-1][1:] == ((2, 3, 4, 5, 6), "2000") and len(rows) == 21
    assert "Variante : 1 1 1 1 1 fait gagner immédiatement la partie." in card_text(path, 1)


# --- pnp check -------------------------------------------------------------------------------

def test_check_passes_on_the_kit(kit_pdfs):
    # the builds check the kit before drawing: no problem at all, not even a warning
    for paper, reports in kit_pdfs["reports"].items():
        assert [p.render() for r in reports for p in r.problems] == [], paper


@pytest.mark.parametrize("old, new, where, reason", [
    ("    target: 10000", "    target: 10025", "rules.target",
     r"the target is not a multiple of 50, .*no sum of scores reaches it exactly \(got 10025; did you mean '10000'\?\)"),
    ("    floor: 5000", "    floor: 9980", "rules.floor",
     r"from the floor no sum of scores reaches the target exactly"),
    ("    floor: 5000", "    floor: 10000", "rules.floor", r"the floor \(10000\) must be below the target"),
    ("      3: 300", "      3: -300", r"rules.three_of_a_kind.3", r"the value of face 3 must be positive \(got -300\)"),
    ("    straight: 1500", "    straight: 0", "rules.straight", r"straight must be positive"),
])
def test_check_refuses_inconsistent_parameters_at_their_line(project, old, new, where, reason):
    root = project(KIT)
    edit(root / GAME, old, new)
    line = line_of(root / GAME, new)
    result = CliRunner().invoke(main, ["--project", str(root), "check", KIT])
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    pattern = rf"decks/dix-mille/game\.yaml:{line}:\d+: {re.escape(where)}: {reason}"
    assert re.search(pattern, result.output), f"/{pattern}/ not in:\n{result.output}"


def test_a_useless_carre_is_a_warning_at_its_entry(project):
    root = project(KIT)
    edit(root / GAME, "    four_of_a_kind_exceptions:\n      1: 5000", "    four_of_a_kind_exceptions:\n      1: 900")
    reports = check(root, [KIT])
    problems = [p for r in reports for p in r.problems]
    assert [p.severity for p in problems] == ["warning"]
    assert problems[0].loc.line == line_of(root / GAME, "      1: 900")
    assert problems[0].where == "rules.four_of_a_kind_exceptions.1"


# --- the score sheet ---------------------------------------------------------------------------

@pytest.mark.parametrize("paper, size", [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_score_sheet_holds_seven_players_on_one_page(kit_pdfs, paper, size):
    path = kit_pdfs[paper] / f"score-{paper}.pdf"
    assert page_sizes_mm(path) == [size]
    sheet = page(path, 0)
    words = sheet.extract_words()
    width, height = float(sheet.width), float(sheet.height)
    header = max(_cluster([w for w in words if w["text"] in ("points", "total", "chute")],
                          lambda w: w["top"]).values(), key=len)  # the sub-header row (not the instructions)
    totals = sorted((w for w in header if w["text"] == "total"), key=lambda w: w["x0"])
    falls = sorted((w for w in header if w["text"] == "chute"), key=lambda w: w["x0"])
    points = sorted((w for w in header if w["text"] == "points"), key=lambda w: w["x0"])
    assert len(totals) == 7 and len(falls) == 7 and len(points) == 7
    assert len({round(w["top"]) for w in totals + falls + points}) == 1  # one header row
    centres = [(w["x0"] + w["x1"]) / 2 for w in totals]
    pitch = [b - a for a, b in zip(centres, centres[1:])]
    assert min(pitch) > 24 * MM and max(pitch) - min(pitch) < 0.5  # equal columns, 24 mm and more
    for point, fall, total in zip(points, falls, totals):  # « points », « chute », then « total »
        assert point["x1"] < fall["x0"] < fall["x1"] < total["x0"] < point["x1"] + 20 * MM
    tour = next(w for w in words if w["text"] == "Tour")
    assert 12 * MM < tour["x0"] < tour["x1"] < points[0]["x0"] and totals[-1]["x1"] < width - 12 * MM
    reminder = next(w for w in words if w["text"] == "Rappel")
    labels = [w for w in words if w["text"].isdigit() and w["x1"] < points[0]["x0"]
              and tour["top"] < w["top"] < reminder["top"]]
    assert [int(w["text"]) for w in sorted(labels, key=lambda w: w["top"])] == list(range(1, 31))
    tops = sorted(w["top"] for w in labels)
    assert min(b - a for a, b in zip(tops, tops[1:])) > 5 * MM  # rows tall enough to write in
    footer = next(w for w in words if w["text"] == "Imprimer")["top"]
    header_line = min(w["top"] for w in words)
    content = [w for w in words if header_line < w["top"] < footer - 1]
    assert all(12 * MM - 0.5 < w["top"] and w["bottom"] < height - 12 * MM for w in content)  # one page


def test_score_sheet_reminder_follows_the_parameters(kit_pdfs):
    printed = WS.sub(" ", text(kit_pdfs["a4"] / "score-a4.pdf", 0))
    assert "Retour à 0 pts, ou à 5 000 pts si vous aviez dépassé 5 000 pts." in printed
    assert "Plus de 10 000 pts à la marque : vous chutez." in printed


# --- the dice nets -----------------------------------------------------------------------------

def test_five_dice_nets_at_scale_with_solid_cuts_and_dashed_folds(kit_pdfs):
    path = kit_pdfs["a4"] / "des-a4.pdf"
    assert page_sizes_mm(path) == [(210.0, 297.0)]
    sheet = page(path, 0)
    curves, lines = sheet.curves, sheet.lines
    outlines = [c for c in curves if c["stroke"] and not c["fill"] and c["width"] > 40 * MM]
    assert len(outlines) == 5 and all(not c["dash"][0] for c in outlines)  # solid cut lines
    for net in outlines:  # a cross of 19 mm faces, 3 wide and 4 high, plus a 5.5 mm tab
        assert abs(net["width"] - 57 * MM) < 0.3 and abs(net["height"] - 81.5 * MM) < 0.3
    folds = [ln for ln in lines if ln["dash"][0]]
    assert len(folds) == 5 * 12  # 5 folds between faces and 7 tab folds per die
    assert all(abs(max(ln["width"], ln["height"]) - 19 * MM) < 0.2 for ln in folds)
    pips = [c for c in curves if c["fill"] and c["width"] < 5 * MM and abs(c["width"] - c["height"]) < 0.1]
    assert len(pips) == 5 * (1 + 2 + 3 + 4 + 5 + 6)
    red = [c for c in pips if c["non_stroking_color"] != pips[0]["non_stroking_color"]]
    assert len(red) in (5 * 6, 5 * 15)  # the scoring faces (1 and 5) in red, the others in ink


# --- files -------------------------------------------------------------------------------------

def test_pages_and_embedded_fonts(kit_pdfs):
    for paper, size in (("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))):
        folder = kit_pdfs[paper]
        assert sorted(p.name for p in folder.glob("*.pdf")) == [f"{n}-{paper}.pdf" for n in ("aide", "des", "regles", "regles-livret", "score")]
        assert page_sizes_mm(folder / f"aide-{paper}.pdf") == [size] * 2  # fronts, then backs
        x0, y0, x1, y1 = boxes(folder / f"aide-{paper}.pdf", 0)["trimbox"]
        assert (round((x1 - x0) / MM), round((y1 - y0) / MM)) == (140, 246)  # 2 x 2 tarot cards, a gutter between rows
        for name in ("aide", "score", "des"):
            used = fonts(folder / f"{name}-{paper}.pdf")
            assert used and all(used.values()), (name, used)
            assert {f.split("+")[-1] for f in used} <= {"NotoSans-Regular", "NotoSans-Bold", "NotoSans-Italic",
                                                        "BreeSerif-Regular"}


# --- the table options the kit relies on ------------------------------------------------------

def test_table_column_options_are_validated():
    from pnp.model.schema import ValidationError

    from pnp.model.layout import Column

    column = Column.model_validate({"sub": ["total", "chute"], "sub_widths": [2.4, 1], "icons": {1: "de"}})
    assert column.icons == {"1": "de"}  # YAML reads the digit keys as integers; cells hold words
    with pytest.raises(ValidationError, match="one positive weight per sub column"):
        Column.model_validate({"sub": ["total", "chute"], "sub_widths": [1]})
