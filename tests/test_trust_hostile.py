"""The hostile review's cases, replayed as a user meets them: each in a fresh copy of the project, as a
process of its own (tests/hostile.py's harness), its exit code, output, peak memory, processor time
and the files it changed recorded. Every run must end with its messages — no traceback — change
nothing outside its output and cache folders, and stay within its memory (a runaway reached
gigabytes) and its processor time. The cases are small files that declare big things: a 1.8 kB
workbook declaring the whole grid, a 200 kB one of a million rows, one of fourteen million shared
strings; CSV files of a million rows or delimiters; a 12 MB text for a small box; generators,
templates, SVGs, pictures and paths from the review; a build killed between two renames of its
commit; four builds racing into a fresh output folder; cache entries replaced by FIFOs or by JSON
nested 100 000 deep. All runs share two fork servers, so the file costs seconds, not minutes."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from bigfiles import HEADER, ROW, workbook
from hostile import Case, Outcome, Step, run_cases, tiny_kit

TEXT = '    t: {type: text, x: 5, y: 5, w: 50, h: 20, text: "{a} {b}"}\n'
SVG = '    art: {type: svg, src: art/a.svg, box: trim, fit: stretch}\n'
XLINK = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
CHECK = ("check", "k")
BUILD = ("build", "k", "--out", "{out}")
FORCE = ("build", "k", "--out", "{out}", "--force")


def _data(name: str, data: bytes | str, fields: str = "{nom: text, valeur: int}") -> callable:
    def setup(root: Path) -> None:
        kit = tiny_kit(root, '    t: {type: text, x: 5, y: 5, w: 50, h: 20, text: "{nom}"}\n')
        (kit / name).write_bytes(data if isinstance(data, bytes) else data.encode())
        (kit / "cards.yaml").write_text(f"kind: deck\nname: cards\nlayout: tiny\nfields: {fields}\ndata: {name}\n",
                                        encoding="utf-8")
    return setup


def _layout(elements: str, files: dict[str, bytes | str] | None = None, cards: str = "  - [one, 1]\n") -> callable:
    def setup(root: Path) -> None:
        kit = tiny_kit(root, elements, cards)
        for name, data in (files or {}).items():
            (kit / name).write_bytes(data if isinstance(data, bytes) else data.encode())
    return setup


def _generate(body: str) -> callable:
    def setup(root: Path) -> None:
        kit = tiny_kit(root, TEXT)
        (kit / "cards.yaml").write_text("kind: deck\nname: cards\nlayout: tiny\nfields: {a: text, b: int, c: {type: "
                                        f"text, default: ''}}}}\ngenerate:\n{body}", encoding="utf-8")
    return setup


def _picture(size: tuple[int, int]) -> callable:
    def setup(root: Path) -> None:
        kit = tiny_kit(root, "    art: {type: image, src: art/big.png, box: trim}\n")
        Image.new("1", size).save(kit / "art/big.png")
    return setup


def _photo(root: Path) -> None:
    """Kit k with a picture pnp encodes (and caches): a photograph larger than its box needs."""
    kit = tiny_kit(root, TEXT + "    art: {type: image, src: art/photo.png, x: 5, y: 30, w: 40, h: 30}\n")
    Image.effect_noise((1600, 1200), 40).convert("RGB").save(kit / "art/photo.png")


def _every_cache_entry(make: callable) -> callable:
    def before(root: Path) -> None:
        cache = root.parent / "cache"
        entries = [p for p in cache.rglob("*") if p.is_file() and not p.name.startswith(".")]
        assert entries, "the first build cached nothing"
        for entry in entries:
            entry.unlink()
            make(entry)
    return before


def _title(text: str) -> callable:
    def before(root: Path) -> None:
        game = root / "decks/similis/game.yaml"
        game.write_text(game.read_text(encoding="utf-8").replace("title: Similis", f"title: {text}", 1), encoding="utf-8")
    return before


def _printed_column(root: Path) -> None:
    layout = root / "layouts/dix-mille.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace("PREV(total) + points, chute",
                                                                 "PREV(total) + points + Tour, chute"), encoding="utf-8")


def _break(root: Path) -> None:
    (root / "decks/similis/aide.yaml").write_text("kind: deck\nname: aide\nlayuot: x\n", encoding="utf-8")


SIXTY = "".join(f"      - {{match: {{b: {i}}}, set: {{c: y}}}}\n" for i in range(1, 61))
FAN = (f'<svg {XLINK} viewBox="0 0 100 100"><defs><rect id="l0" width="1" height="1"/>'
       + "".join(f'<g id="l{i}">' + f'<use xlink:href="#l{i - 1}"/>' * 10 + "</g>" for i in range(1, 8))
       + '</defs><use xlink:href="#l7"/></svg>')

CASES = [
    # Data files bounded before they are read (issue 26, item 2)
    Case("xlsx-declaring-the-whole-grid", CHECK, _data("c.xlsx", workbook(
        HEADER + b'<row><c t="inlineStr"><is><t>As</t></is></c><c><v>1</v></c></row>', dimension="A1:XFD1048576")),
        code=0, cpu_s=5),
    Case("xlsx-last-cell-of-the-grid", CHECK, _data("c.xlsx", workbook(
        HEADER + b'<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>', dimension="A1:XFD1048576")),
        says="c.xlsx!Feuil1!XFD1048576: data file: a value past column 256", cpu_s=5),
    Case("xlsx-a-million-rows", CHECK, _data("c.xlsx", workbook([(HEADER, 1), (ROW, 1_000_000)], dimension="A1:B1000001")),
        says="c.xlsx!Feuil1!A20002: data file: the data file has more than 20000 rows", cpu_s=15),
    Case("xlsx-fourteen-million-shared-strings", CHECK, _data("c.xlsx", workbook(
        HEADER + b'<row><c t="s"><v>0</v></c><c><v>1</v></c></row>', [(b"<si><t>As</t></si>", 14_000_000)])),
        code=0, cpu_s=5),
    Case("xlsx-the-last-of-fourteen-million-strings", CHECK, _data("c.xlsx", workbook(
        HEADER + b'<row><c t="s"><v>13999999</v></c><c><v>1</v></c></row>', [(b"<si><t>As</t></si>", 14_000_000)])),
        says="the cell refers to text number 13999999", cpu_s=5),
    Case("xlsx-a-flood-of-elements", CHECK, _data("c.xlsx", workbook([(HEADER, 1), (b"<x/>", 5_000_000)])),
        says="the workbook holds more than 4,000,000 XML elements", cpu_s=20),
    Case("csv-a-million-rows", CHECK, _data("c.csv", "nom,valeur\n" + "As,1\n" * 1_000_000),
        says="c.csv:20002:1: data file: the data file has more than 20000 rows", cpu_s=15),
    Case("csv-a-million-delimiters", CHECK, _data("c.csv", "nom,valeur\nAs,1" + "," * 1_000_000 + "x\n"),
        says="c.csv:2:1000005: data file: a value past column 256", cpu_s=10),
    Case("csv-a-cell-of-a-megabyte", CHECK, _data("c.csv", 'nom,valeur\n"' + "x" * 1_000_000 + '",1\n'),
        says="c.csv:2:1: data file: the cell holds 1,000,000 characters; a cell holds at most 32,767"),
    Case("csv-larger-than-a-yaml-file", CHECK, _data("c.csv", "nom,valeur\n" + "As,1\n" * 3_500_000),
        says="c.csv is too large"),
    Case("yaml-a-text-of-twelve-megabytes", CHECK, _layout(TEXT, cards="  - ['" + "mot " * 3_000_000 + "', 1]\n"),
        says="text overflows its box (50.0 × 20.0 mm) even at 9 pt: its 12,000,002 characters", cpu_s=30),
    # No traceback and nothing lost (issue 26, item 3)
    Case("generator-range-of-twenty-digits", CHECK, _generate('  - each: {a: [x], b: "1..100000000000000000000000"}\n'),
        says="a range's bounds and step are whole numbers of at most 15 digits"),
    Case("generator-overrides-times-combinations", CHECK,
         _generate("  - each: {a: [x], b: 1..20000}\n    overrides:\n" + SIXTY), says="(1,200,000 matches)"),
    Case("templates-pnp-does-not-fill", CHECK, _layout(
        '    t1: {type: text, x: 5, y: 5, w: 50, h: 10, text: "{a!r}"}\n'
        '    t2: {type: text, x: 5, y: 15, w: 50, h: 10, text: "{a:>9} {b"}\n'), says="is not a template pnp fills"),
    Case("svg-viewbox-of-1e-300", BUILD, _layout(SVG, {"art/a.svg": '<svg xmlns="http://www.w3.org/2000/svg" '
                                                                   'viewBox="0 0 1e-300 1e-300"><rect width="1" '
                                                                   'height="1"/></svg>'}),
         says="viewBox='0 0 1e-300 1e-300' is out of range"),
    Case("svg-use-fan-out", BUILD, _layout(SVG, {"art/a.svg": FAN}), says="make more than 10,000 copies"),
    Case("svg-what-svglib-logs", BUILD, _layout(SVG, {"art/a.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox'
                                                                  '="0 0 10 10"><rect width="5" height="5" fill="no'
                                                                  'colour"/></svg>'}),
         says="pnp: kit 'k': a.svg: svglib cannot draw it as written (Can't handle color: nocolour)"),
    Case("picture-path-of-5000-characters", CHECK,
         _layout(f'    art: {{type: image, src: "art/{"x" * 5000}.png", box: trim}}\n'), says="(File name too long)"),
    Case("picture-decompression-bomb", CHECK, _picture((12_000, 9_000)),
         says="big.png has 12000 × 9000 pixels; pnp draws 1 to 80,000,000 pixels"),
    Case("yaml-in-latin-1", CHECK, _layout(TEXT, {"cards.yaml": "kind: deck\nname: cards\nlayout: tiny\nfields: {a: "
                                                                "text, b: text}\ncolumns: [a, b]\nrows:\n  - [caf"
                                                                "\xe9, 1]\n".encode("latin-1")}),
         says="decks/k/cards.yaml:7:9: YAML: not UTF-8 text: the byte 0xe9"),
    Case("csv-in-latin-1", CHECK, _data("c.csv", "nom,valeur\nCaf\xe9,1\n".encode("latin-1")),
         says="decks/k/c.csv:2:4: data file: not UTF-8 text: the byte 0xe9"),
    Case("list-outside-a-project", ("list",), says="pnp: kits: no kit found under decks/"),
    Case("builds-racing-into-a-fresh-folder", BUILD, _layout(TEXT), code=0, together=4, fault="slow_folders"),
    Case("cache-entries-replaced-by-fifos", FORCE, _photo, code=0, steps=(Step(BUILD),),
         before=_every_cache_entry(os.mkfifo)),
    Case("cache-entries-nested-100000-deep", FORCE, _photo, code=0, steps=(Step(BUILD),),
         before=_every_cache_entry(lambda entry: entry.write_text("[" * 100_000))),
    Case("formula-reading-a-printed-column", ("export", "dix-mille", "--sheets", "--out", "{out}"),
         _printed_column, kits=("dix-mille",), says="formula 'total': the column 'Tour' prints its cells"),
    Case("killed-between-two-renames", ("build", "similis", "--out", "{out}"), kits=("similis",),
         steps=(Step(("build", "similis", "--out", "{out}")),
                Step(("build", "similis", "--out", "{out}"), fault="kill_on_second_rename", before=_title("Bis"),
                     code=-9)),
         before=_break, says="unknown key 'layuot'"),
]


@pytest.fixture(scope="module")
def base(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("hostile")


@pytest.fixture(scope="module")
def ran(base) -> dict[str, list[Outcome]]:
    return run_cases(CASES, base)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_a_hostile_case_ends_cleanly_changes_nothing_and_stays_bounded(ran, case):
    outcomes = ran[case.name]
    for outcome in outcomes:
        assert not outcome.tracebacks, outcome.stderr[-3000:]
        assert outcome.changed == [], outcome.changed
        assert outcome.peak_mb < case.memory_mb, f"{outcome.peak_mb:.0f} MB"
        assert outcome.cpu_s < case.cpu_s, f"{outcome.cpu_s:.1f} s"
        assert "Warning" not in outcome.stderr  # no library's raw warning or log
    assert [o.code for o in outcomes[:len(case.steps)]] == [step.code for step in case.steps], outcomes
    for outcome in outcomes[len(case.steps):]:
        assert outcome.code == case.code, outcome.stdout + outcome.stderr
        assert case.says in outcome.stdout + outcome.stderr, outcome.stdout + outcome.stderr


def test_a_commit_killed_between_two_renames_is_completed_by_the_next_run(ran, base):
    """The killed build had renamed one PDF of six; the next run (which itself fails: the kit was
    broken meanwhile) finished the commit from its journal before anything else: all six are the
    killed build's, none is left half-renamed, and no journal or part file remains."""
    out = base / "killed-between-two-renames" / "out"
    pdfs = sorted((out / "similis").glob("*.pdf"))
    assert [p.name for p in pdfs] == ["aide-a4.pdf", "boite-a4.pdf", "cartes-a4.pdf", "regles-a4.pdf",
                                      "regles-livret-a4.pdf", "score-a4.pdf"]
    assert {PdfReader(p).metadata.title.split(" — ")[0] for p in pdfs} == {"Bis"}
    assert [p.name for p in out.rglob(".*")] == []


def test_four_builds_racing_into_a_fresh_folder_all_write_it(ran, base):
    out = base / "builds-racing-into-a-fresh-folder" / "out"
    assert [p.name for p in (out / "k").iterdir()] == ["cards-a4.pdf"]
