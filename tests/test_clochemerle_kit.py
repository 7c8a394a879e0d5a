"""The Clochemerle kit: it checks and builds, its PDFs hold what the game needs where it belongs,
and broken copies of the kit fail with the precise problem at the precise file:line."""
from __future__ import annotations

import json
import os
import re
import shutil
from collections import Counter
from functools import cached_property
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from pnp.build import check, open_project
from pnp.cli import main
from pnp.layout.typography import french
from pnp.model.load import Project
from pnp.model.units import MM
from pnp.core.options import Options
from pnp.rules import run_rules

from conftest import ROOT, build_ok, edit, line_of, make_project
from pdfread import boxes, card_boxes, font_programs, page, page_count, reader, text, words_in

KIT = Path("decks", "clochemerle")  # in a project root
CARD_W, CARD_H = 63 * MM, 88 * MM
PLACES = ["L’église", "La mairie", "Le bar PMU", "Le marché en plein air", "Le boulodrome", "Le médecin"]
COMPONENTS = {"lieux": 4, "clochemerle": 2, "piste": 1, "score": 1, "jetons": 2, "boite-lieux": 1}


def squash(text: str | None) -> str:
    return " ".join((text or "").replace("\u00a0", " ").replace("\u202f", " ").split())


@pytest.fixture(scope="module")
def kit(shipped):
    loaded, problems = Project.open(shipped).load_kit(shipped / KIT)
    assert loaded is not None and problems == []
    return loaded


@pytest.fixture(scope="module")
def built(shipped, tmp_path_factory) -> dict:
    """The kit built once on A4 by `pnp build --json`: its manifest, what it printed on stderr (every
    problem found, warnings too), and its files by component."""
    out = tmp_path_factory.mktemp("clochemerle-a4")
    result = CliRunner().invoke(main, ["--project", str(shipped), "build", str(shipped / KIT), "--out", str(out),
                                       "--json"])
    assert result.exit_code == 0, result.output
    manifest = json.loads(result.stdout)
    return {"manifest": manifest, "stderr": result.stderr,
            "files": {f["component"]: f for f in manifest["kits"][0]["files"]}}


@pytest.fixture(scope="module")
def pdfs(built) -> dict[str, Path]:
    return {name: Path(f["path"]) for name, f in built["files"].items()}


@pytest.fixture(scope="module")
def letter_pdfs(shipped, tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("clochemerle-letter")
    reports = build_ok(shipped, [str(shipped / KIT)], Options(paper="letter", out=out))
    return {f.component: Path(f.path) for r in reports for f in r.files}


# --- the kit as shipped -------------------------------------------------------------------------

def test_the_kit_checks_clean(built):
    # the build checks the kit first, and prints every problem it finds on stderr
    assert built["stderr"] == ""
    assert built["manifest"]["ok"]
    assert [(k["warnings"], k["errors"]) for k in built["manifest"]["kits"]] == [([], [])]


def test_build_lists_every_pdf_in_the_json_manifest(built):
    files = built["files"]
    assert {name: f["pages"] for name, f in files.items()} == {**COMPONENTS, "regles": 5, "regles-livret": 8}
    assert files["lieux"]["cards"] == 12 and files["clochemerle"]["cards"] == 9
    assert files["lieux"]["card_size_mm"] == [63.0, 88.0] and files["lieux"]["backs"] == "long-edge"
    assert all(Path(f["path"]).is_file() for f in files.values())


def test_pdf_pages_sizes_boxes_and_embedded_fonts(pdfs):
    a4, a4_landscape = (595.28, 841.89), (841.89, 595.28)
    for name, pages in COMPONENTS.items():
        assert page_count(pdfs[name]) == pages
        for index, read in enumerate(reader(pdfs[name]).pages):
            size = (round(float(read.mediabox.width), 2), round(float(read.mediabox.height), 2))
            assert size == (a4_landscape if name in ("piste", "score", "lieux") else a4)  # lieux: 8 with gutters
            assert "/TrimBox" in read and "/BleedBox" in read
            programs = font_programs(pdfs[name], index)
            assert programs, name
            assert all(program == "/FontFile2" for program in programs.values()), programs  # TrueType, embedded


# --- what the cards print -----------------------------------------------------------------------

class Sheet:
    """One printed page: its words (with positions and sizes, read once), size and TrimBox."""

    def __init__(self, path: Path, index: int):
        plumbed = page(path, index)
        self.path, self.index = path, index
        self.words = plumbed.extract_words(extra_attrs=["size"])
        self.width, self.height = float(plumbed.width), float(plumbed.height)
        self.trim = boxes(path, index)["trimbox"]
        self.dashes = [bool(line.get("dash") and line["dash"][0]) for line in plumbed.lines]

    @cached_property
    def slots(self) -> dict[tuple[int, int], tuple[float, float, float, float]]:
        """Boxes (x0, top, x1, bottom; top-down) of the butted card slots, by (row, col)."""
        return card_boxes(self.path, self.index, (CARD_W, CARD_H))


@pytest.fixture(scope="module")
def sheets(pdfs) -> dict[str, list[Sheet]]:
    return {name: [Sheet(pdfs[name], index) for index in range(page_count(pdfs[name]))]
            for name in ("lieux", "clochemerle", "jetons")}


def text_in(sheet: Sheet, box, top: float = 0.0, bottom: float = CARD_H) -> str:
    """The words wholly inside a card's box between `top` and `bottom` (from the card's top), in reading
    order."""
    x0, y0, x1, _ = box
    return squash(words_in((x0, y0 + top, x1, y0 + bottom), sheet.words, whole=True))


def place_of(text: str) -> str | None:
    return next((name for name in PLACES if name in text), None)


def test_recto_and_verso_of_each_place_card_line_up_in_long_edge_duplex(sheets):
    seen = Counter()
    for front, back in (sheets["lieux"][0:2], sheets["lieux"][2:4]):
        fx0, fy0, fx1, fy1 = front.trim
        across = front.width > front.height  # a landscape sheet turns over its long, horizontal edge
        flipped = (fx0, front.height - fy1, fx1, front.height - fy0) if across else \
            (front.width - fx1, fy0, front.width - fx0, fy1)
        assert back.trim == pytest.approx(flipped, abs=0.01)
        fronts, backs = front.slots, back.slots
        rows, cols = 1 + max(r for r, _ in fronts), 1 + max(c for _, c in fronts)
        for (r, c), box in fronts.items():
            recto = text_in(front, box, 0, 14 * MM)  # the name band
            if not recto:
                continue  # an empty slot of the last sheet
            mirror = backs[(rows - 1 - r, c) if across else (r, cols - 1 - c)]
            if across:
                assert mirror[1] == pytest.approx(front.height - box[3], abs=0.01)
            else:
                assert mirror[0] == pytest.approx(front.width - box[2], abs=0.01)
            verso = text_in(back, mirror)
            assert place_of(recto) and place_of(recto) == place_of(verso), (recto, verso)
            order = re.match(r"(\d) ", recto).group(1)
            assert verso.startswith(order) and "Trifouilly-Les-Oies" in verso
            seen[place_of(recto)] += 1
    assert seen == Counter({name: 2 for name in PLACES})


def test_place_cards_print_the_numbers_of_their_grid(sheets, kit):
    cards = {card.id: card for card in kit.deck("lieux").cards}
    checked = 0
    for page_no, ids in ((0, ["eglise-1", "eglise-2", "mairie-1", "mairie-2"]), (2, ["boulodrome-1", "boulodrome-2"])):
        sheet = sheets["lieux"][page_no]
        slots = sheet.slots
        for key, card_id in zip(sorted(slots), ids):
            if card_id is None:
                continue
            grid = cards[card_id].fields["grid"]
            wanted = Counter(str(v) for row in grid for cell in row if cell for v in cell.values())
            printed = Counter(w for w in text_in(sheet, slots[key], 14 * MM, 58 * MM).split() if w.isdigit())
            assert printed == wanted, card_id
            checked += 1
    assert checked == 6


def test_place_cards_show_rule_die_slot_and_legend(sheets):
    sheet = sheets["lieux"][0]
    bottom = text_in(sheet, sheet.slots[(0, 0)], 58 * MM)
    assert "dé" in bottom.split() and "Rang au choix" in bottom
    assert "plus d’un pion" in bottom and "absent : −1" in bottom and "semaines" in bottom


def test_event_cards_print_title_text_and_six_signs(sheets, kit):
    events = kit.deck("clochemerle").cards
    sheet = sheets["clochemerle"][0]
    slots = sheet.slots
    assert len(events) == len(slots) == 9
    for card, key in zip(events, sorted(slots)):
        assert squash(french(card.fields["title"])) in text_in(sheet, slots[key])
        signs = text_in(sheet, slots[key], 64 * MM).split()
        wanted = ["−" if card.fields["signs"][place] in "-−" else "+"
                  for place in ("eglise", "mairie", "bar", "marche", "boulodrome", "medecin")]
        assert signs == wanted and Counter(signs) == Counter({"+": 4, "−": 2}), card.fields["title"]
    assert "Clochemerle" in squash(" ".join(w["text"] for w in sheets["clochemerle"][1].words))


# --- the track, the score sheet, the tokens ----------------------------------------------------

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_track_has_weeks_1_to_52_in_four_named_quarters_with_cells_of_18mm(paper, request):
    path = request.getfixturevalue("pdfs" if paper == "a4" else "letter_pdfs")["piste"]
    words = page(path, 0).extract_words(extra_attrs=["size"])
    printed = squash(text(path, 0))
    weeks = {}
    for word in words:
        if word["text"].isdigit() and word["size"] > 12:  # the week numbers, not the bands nor the table
            assert word["text"] not in weeks, word
            weeks[word["text"]] = word
    assert sorted(map(int, weeks)) == list(range(1, 53))
    assert "Départ" in printed and "52 Fin" in printed
    for number, label in enumerate(("1er", "2e", "3e", "4e")):
        first, last = 13 * number + 1, 13 * number + 13
        assert f"{label} trimestre · semaines {first} à {last}" in printed
        assert weeks[str(first)]["x0"] == pytest.approx(weeks["1"]["x0"], abs=0.5)  # one row per quarter
    for number in range(1, 4):  # each quarter's row below the row before
        first = 13 * number + 1
        assert weeks[str(first)]["top"] > weeks[str(first - 1)]["top"]
    pitch = weeks["2"]["x0"] - weeks["1"]["x0"]
    assert pitch - 1.3 * MM >= 18 * MM  # cell width = pitch - gap
    assert weeks["14"]["top"] - weeks["1"]["top"] >= 18 * MM


def test_score_sheet_has_a_row_per_scoring_and_the_penalty_table(pdfs):
    printed = squash(text(pdfs["score"], 0))
    for row in ("1er trimestre", "2e trimestre", "3e trimestre", "4e trimestre (× 2)"):
        assert printed.count(row) == 6, row
    for column in ("Église", "Mairie", "Bar PMU", "Marché", "Boulodrome", "Médecin", "Malus"):
        assert printed.count(column) == 6, column
    assert printed.count("Pénalité de temps") >= 6 and printed.count("Total") >= 12
    assert "Semaines manquantes 1 2 3 4 5 6 7 8" in printed
    assert "Pénalité −1 −3 −6 −10 −15 −21 −28 −36" in printed


def test_token_sheet_and_dice_nets(sheets):
    tokens, dice = sheets["jetons"]
    assert Counter(w["text"] for w in tokens.words if w["size"] > 20) == Counter({"+": 8, "−": 4, "N": 1})
    words = Counter(w["text"] for w in tokens.words)
    assert all(words[colour] == 1 for colour in ("Rouge", "Bleu", "Vert", "Jaune", "Noir", "Blanc"))
    assert "12 dés à plier" in squash(" ".join(w["text"] for w in dice.words))
    # each net: 5 folds between faces + 7 tab bases dashed; 7 cut edges + 3 per tab solid
    assert Counter(dice.dashes) == Counter({True: 12 * 12, False: 12 * (7 + 7 * 3)})


# --- broken copies fail precisely ----------------------------------------------------------------

def broken_copy(project, file: str, old: str, new: str) -> Path:
    """A copy of the project holding the kit, with `old` replaced by `new` once in the kit's `file`."""
    root = project("clochemerle")
    edit(root / KIT / file, old, new)
    return root


def problems_of(root: Path) -> list[str]:
    return [p.render() for r in check(root, [str(root / KIT)]) for p in r.problems]


def assert_reported(found: list[str], file: str, line: int, message: str) -> None:
    head = f"decks/clochemerle/{file}:{line}:"
    assert any(p.startswith(head) and message in p for p in found), "\n".join(found)


CASES = ROOT / "tests" / "data" / "broken" / "clochemerle"  # one broken copy a file: what it breaks, what it gives


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    """The project with the kit, copied once: each broken copy is its hard links, but the file broken."""
    return make_project(tmp_path_factory.mktemp("clochemerle-base") / "project", ("clochemerle",))


def rules_problems(root: Path) -> list[str]:
    """What loading the kit and its rules model's checks report, located (no layout, no play-out:
    what a broken copy breaks is found there; the CLI test below goes the whole way once)."""
    session = open_project(root)
    kit, problems = session.project.load_kit(root / KIT)
    if kit is not None and not [p for p in problems if p.severity == "error"]:
        problems += run_rules(kit, playouts=False)[1]
    return [session.project.locators.resolve(p).render() for p in problems]


@pytest.mark.parametrize("case", sorted(p.stem for p in CASES.glob("*.yaml")))
def test_broken_copy_fails_with_the_precise_problem(case, base, tmp_path):
    spec = yaml.safe_load((CASES / f"{case}.yaml").read_text(encoding="utf-8"))
    root = tmp_path / "project"
    shutil.copytree(base, root, copy_function=os.link)
    broken = root / KIT / spec["file"]
    text = broken.read_text(encoding="utf-8")
    if "cut" in spec:
        text = text[:text.index(spec["cut"]["from"])] + text[text.index(spec["cut"]["to"]):]
    else:
        assert spec["replace"] in text, spec["replace"]
        text = text.replace(spec["replace"], spec["with"], 1)
    broken.unlink()  # (a hard link of the base's file: the base stays whole)
    broken.write_text(text, encoding="utf-8")
    assert_reported(rules_problems(root), spec["file"], line_of(broken, spec["at"]) + spec["below"], spec["problem"])


def test_fifty_week_track_also_names_the_short_quarter(project):
    root = broken_copy(project, "piste.yaml", '{label: "4e trimestre", weeks: 13}',
                       '{label: "4e trimestre", weeks: 11}')
    assert_reported(problems_of(root), "piste.yaml", line_of(root / KIT / "piste.yaml", "4e trimestre"),
                    "time track: quarter 4 has 11 weeks, the rules need 13")


def test_cli_check_exits_1_on_a_broken_copy_and_writes_nothing(project, tmp_path):
    root = broken_copy(project, "clochemerle.yaml", 'bar: "+", marche: "−"', 'bar: "−", marche: "−"')
    runner = CliRunner()
    result = runner.invoke(main, ["--project", str(root), "check", str(root / KIT)])
    assert result.exit_code == 1 and "has 3 '−' signs" in result.output
    out = tmp_path / "out"
    result = runner.invoke(main, ["--project", str(root), "build", str(root / KIT), "--out", str(out)])
    assert result.exit_code == 1 and not list(out.rglob("*.pdf"))
