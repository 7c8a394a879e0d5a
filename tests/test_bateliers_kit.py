"""Les Bateliers: a kit whose cards live in CSV files, checked by declarative inventory checks only;
built on A4 and Letter, exported; a spreadsheet mistake is located to its cell and writes nothing."""
from __future__ import annotations

import csv

import pytest

from pdfread import page_count, page_sizes_mm, text
from pnp.export import ExportOptions, export

from conftest import Options, build_ok, check, edit

DECKS = {"evenements": 16, "modernite": 8, "achats": 10}


@pytest.fixture(scope="module")
def built(shipped, tmp_path_factory):
    out = tmp_path_factory.mktemp("bateliers")
    for paper in ("a4", "letter"):
        build_ok(shipped, ["bateliers"], Options(paper=paper, out=out))
    return out / "bateliers"


def test_the_kit_checks_clean_without_a_rules_model(shipped):
    (report,) = check(shipped, ["bateliers"])
    assert report.problems == [] and report.title == "Les Bateliers"
    game = (shipped / "decks/bateliers/game.yaml").read_text(encoding="utf-8")
    assert "rules:" not in game and "checks:" in game and "Pas de\n  modèle de règles" in game


# cards a sheet: the event and purchase cards' bands meet the paper of the card above (a gutter
# between rows), the modernity cards' two colours meet side by side too (gutters both ways)
PER_SHEET = {"a4": {"evenements": (9, "P"), "modernite": (8, "L"), "achats": (9, "P")},
             "letter": {"evenements": (8, "L"), "modernite": (6, "L"), "achats": (8, "L")}}


@pytest.mark.parametrize("paper, size", [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_every_component_on_a4_and_letter(built, paper, size):
    for deck, cards in DECKS.items():
        pdf = built / f"{deck}-{paper}.pdf"
        per_sheet, orientation = PER_SHEET[paper][deck]
        assert page_count(pdf) == 2 * -(-cards // per_sheet)  # fronts and backs
        assert set(page_sizes_mm(pdf)) == {size if orientation == "P" else size[::-1]}
    assert page_sizes_mm(built / f"piste-{paper}.pdf") == [size[::-1]]  # landscape
    assert page_sizes_mm(built / f"jetons-{paper}.pdf") == [size]


def test_each_card_prints_its_row_of_the_csv(built, shipped):
    for deck, title in (("evenements", "titre"), ("modernite", "nom"), ("achats", "nom")):
        rows = list(csv.DictReader((shipped / f"decks/bateliers/{deck}.csv").open(encoding="utf-8"), delimiter=";"))
        assert len(rows) == DECKS[deck]
        pdf = built / f"{deck}-a4.pdf"
        printed = " ".join(text(pdf, i) for i in range(0, page_count(pdf), 2)).replace("’", "'")
        words = set(printed.split())  # a long title wraps, between the lines of its neighbours
        for row in rows:
            assert set(row[title].split()) <= words, row[title]
    assert "Golfech" in text(built / "modernite-a4.pdf", 0)


def test_the_inventory_checks_catch_a_card_too_many(project):
    root = project("bateliers")
    edit(root / "decks/bateliers/achats.csv", "champs;Travail aux champs;0;0;fermier", "champs;Travail aux champs;0;0;boeuf")
    errors = [p.render() for r in check(root, []) for p in r.errors]
    assert len(errors) == 1 and errors[0].startswith("decks/bateliers/game.yaml:")
    assert errors[0].endswith("checks[4]: 2 cards with icone boeuf; the check wants exactly 1")


def test_three_spreadsheet_mistakes_three_located_problems_nothing_written(project, tmp_path):
    root = project("bateliers")
    path = root / "decks/bateliers/achats.csv"
    edit(path, "id;nom;prix;pv;icone", "idd;nom;prix;pv;icone")  # a typo in the header
    edit(path, "cheval;Cheval de halage;3;", "cheval;Cheval de halage;trois;")  # text in an int column
    edit(path, "boeufs;Paire de bœufs;4;", "boeufs;;4;")  # an empty required cell
    reports = export(root, [], ExportOptions(png=True, tts=True, out=tmp_path / "out"))
    errors = [p.render() for r in reports for p in r.errors]
    assert len(errors) == 3, errors
    assert errors == [
        "decks/bateliers/achats.csv:1:1: deck 'achats', header: unknown field 'idd' (did you mean 'id'?)",
        "decks/bateliers/achats.csv:2:25: deck 'achats', card '1': field 'prix' must be a whole number (got 'trois')",
        "decks/bateliers/achats.csv:3:8: deck 'achats', card '2': missing field 'nom'"]
    assert not (tmp_path / "out").exists() or not any(p.is_file() for p in (tmp_path / "out").rglob("*"))


def test_exports_for_print_services_and_tabletop_simulator(shipped, tmp_path):
    reports = export(shipped, ["bateliers"], ExportOptions(png=True, tts=True, out=tmp_path))
    assert not [p for r in reports for p in r.errors]
    pictures = sorted(p.name for p in (tmp_path / "bateliers/png").iterdir())
    assert len(pictures) == 2 * sum(DECKS.values())
    assert "evenements-016-back.png" in pictures and "achats-010-front.png" in pictures
    assert sorted(p.name for p in (tmp_path / "bateliers/tts").iterdir() if p.suffix == ".json") == [
        "achats.json", "evenements.json", "jetons.json", "modernite.json", "piste.json"]  # track, counters: tiles
