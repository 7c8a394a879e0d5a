"""`{rules.…}` templates: a model's parameters, tables and texts as template values, the filters
that write them (thousands, plural, ordinal, count, and/or), card and sheet texts that name them,
clashes between a parameter and a printed value, and the kit's `{players.min}` / `{players.max}`."""
from __future__ import annotations

import pytest

import pdfread

from conftest import Options, build, check, edit, line_of
from faces import Faces
from pnp.core.errors import Ref
from pnp.layout.assets import fill
from pnp.rules import Params, Table
from pnp.rules.printed import printed, with_players


class Rules(Params):
    target: int = 10000
    hand: int = 10
    names: list[str] = ["forme", "couleur", "valeur"]
    pair: dict[str, str] = {"first": "forme"}
    series: list[dict[str, int]] = [{"cards": 4}]


VALUES = printed(Rules(), {"turn": Table(("a",), (), "Tour", ("x", "y")), "gift": "aucune carte"},
                 Ref("game.yaml"))[0].values


@pytest.mark.parametrize("template, french, text", [
    ("{rules.target}", True, "10000"),
    ("{rules.target|thousands}", True, "10\u202f000"),
    ("{rules.target|thousands}", False, "10,000"),
    ("{rules.hand|plural:carte:cartes}", True, "10 cartes"),
    ("{rules.series.0.cards|plural:carte:cartes}", True, "4 cartes"),
    ("{rules.names|count|plural:attribut:attributs}", True, "3 attributs"),
    ("{rules.names}", True, "forme, couleur, valeur"),
    ("{rules.names|and}", True, "forme, couleur et valeur"),
    ("{rules.names|or}", False, "forme, couleur or valeur"),
    ("{rules.names.1}", True, "couleur"),
    ("{rules.pair.first}", True, "forme"),
    ("{rules.hand|ordinal} trimestre", True, "10e trimestre"),
    ("{rules.turn.title} : {rules.turn.notes}", True, "Tour : x\ny"),
    ("{rules.gift}", True, "aucune carte"),
    ("{{rules.hand}}", True, "{rules.hand}"),
])
def test_a_template_writes_a_rules_value(template, french, text):
    assert fill(template, VALUES, french) == (text, [], [])


@pytest.mark.parametrize("value, filters, text", [
    (1, "plural:carte:cartes", "1 carte"), (0, "plural:carte:cartes", "0 carte"), (2, "plural:carte:cartes", "2 cartes"),
    (1, "ordinal", "1er"), (2, "ordinal", "2e"), (1500, "thousands", "1\u202f500"), (999, "thousands", "999"),
])
def test_french_filters(value, filters, text):
    assert fill("{v|" + filters + "}", {"v": value}, True) == (text, [], [])


@pytest.mark.parametrize("value, filters, text", [(1, "plural:card:cards", "1 card"), (0, "plural:card:cards", "0 cards"),
                                                  (1, "ordinal", "1st"), (12, "ordinal", "12th"), (23, "ordinal", "23rd")])
def test_english_filters(value, filters, text):
    assert fill("{v|" + filters + "}", {"v": value}, False) == (text, [], [])


@pytest.mark.parametrize("template, problem", [
    ("{rules.pair}", "{rules.pair}: a mapping cannot be printed as it is (keys: first): name one of its keys, "
                     "as in {name.KEY}"),
    ("{rules.series}", "{rules.series}: a list of mappings or lists cannot be printed as it is: name one item, "
                       "as in {name.0}"),
    ("{rules.hand|plurl:a:b}", "{rules.hand}: unknown filter 'plurl' (did you mean 'plural'?); filters: thousands, "
                               "plural, ordinal, count, and, or, format"),
    ("{rules.hand|plural:carte}", "{rules.hand}: filter 'plural': write it |plural:SINGULAR:PLURAL, as in "
                                  "|plural:carte:cartes"),
    ("{rules.names|thousands}", "{rules.names}: filter 'thousands': needs a number (got ['forme', 'couleur', 'valeur'])"),
])
def test_a_value_that_cannot_be_printed_is_a_problem(template, problem):
    text, missing, problems = fill(template, VALUES, True)
    assert (text, missing, [p.what for p in problems]) == ("", [], [problem])


def test_an_unknown_rules_value_is_named_with_the_closest(tmp_path):
    faces = Faces(tmp_path, "card:\n  elements:\n    t: {type: text, text: 'fin à {rules.targte}'}\n", rules=VALUES)
    face, problems = faces.build("card")
    assert [p.what for p in problems] == ["unknown rules value {rules.targte} (did you mean {rules.target}?)"]


def test_a_parameter_and_a_printed_value_of_one_name_clash():
    _, problems = printed(Rules(), {"hand": "dix cartes", "turn": Table((), ())}, Ref("game.yaml", ("rules", "model")))
    assert [(p.what, p.ref.path) for p in problems] == [
        ("the model prints {rules.hand} and has a parameter of that name: templates could not tell them apart "
         "(rename the parameter or the printed value)", ("rules", "model"))]


def test_a_card_text_names_a_parameter_and_follows_it(project, tmp_path):
    root = project("similis")  # its aide.yaml: "**Mise en place :** {rules.hand|plural:carte:cartes} par joueur"
    edit(root / "decks/similis/game.yaml", "hand: 10", "hand: 1")
    reports = build(root, ["similis"], Options(out=tmp_path / "out"))
    assert not [p for r in reports for p in r.errors]
    assert "Mise en place : 1 carte par joueur" in " ".join(pdfread.text(tmp_path / "out/similis/aide-a4.pdf", 0).split())


def test_an_unknown_rules_value_in_a_card_text_is_at_its_line(project):
    root = project("similis")
    aide = root / "decks/similis/aide.yaml"
    edit(aide, "{rules.hand|plural:carte:cartes} par joueur", "{rules.hnad} cartes par joueur")
    line = line_of(aide, "texte: >-")  # a folded text is located at its start
    problems = [p.render() for r in check(root, ["similis"]) for p in r.errors]
    assert problems == [f"decks/similis/aide.yaml:{line}:12: kit 'similis', deck 'aide', card '1': "
                        "unknown rules value {rules.hnad} (did you mean {rules.hand}?)"]


def test_a_kit_without_a_rules_model_prints_its_player_range(project, tmp_path):
    root = project("belote")  # no rules model: its range is the only printed value
    edit(root / "decks/belote/game.yaml", "players: {min: 4, max: 4}", "players: {min: 3, max: 4}")
    edit(root / "decks/belote/score.yaml", "Une ligne par donne", "De {players.min} à {players.max} joueurs. Une ligne par donne")
    reports = build(root, ["belote"], Options(out=tmp_path / "out"))
    assert not [p for r in reports for p in r.errors]
    assert "De 3 à 4 joueurs. Une ligne par donne" in " ".join(pdfread.text(tmp_path / "out/belote/score-a4.pdf", 0).split())


def test_an_unknown_player_value_is_named_with_the_closest(tmp_path):
    rules = {**VALUES, "players.min": 2, "players.max": 4}
    faces = Faces(tmp_path, "card:\n  elements:\n    t: {type: text, text: '{players.min} à {players.mx}'}\n", rules=rules)
    _, problems = faces.build("card")
    assert [p.what for p in problems] == ["unknown value {players.mx} (did you mean {players.max}?)"]


def test_a_rules_value_in_a_kit_without_a_rules_model_says_so(project):
    root = project("belote")
    score = root / "decks/belote/score.yaml"
    edit(score, "Une ligne par donne", "{rules.hand} cartes. Une ligne par donne")
    problems = [p.render() for r in check(root, ["belote"]) for p in r.errors]
    assert problems == [f"decks/belote/score.yaml:{line_of(score, 'consigne:')}:13: kit 'belote', sheet 'score', page 1: "
                        "unknown rules value {rules.hand} (the kit's rules model prints none)"]


@pytest.mark.parametrize("template, low, high, french, written", [
    ("{players.range|plural:joueur:joueurs}", 2, 4, True, "2 à 4 joueurs"),
    ("{players.range|plural:joueur:joueurs}", 2, 2, True, "2 joueurs"),
    ("{players.range|plural:joueur:joueurs}", 1, 1, True, "1 joueur"),
    ("{players.range|plural:joueur:joueurs}", 1, 4, True, "1 à 4 joueurs"),
    ("{players.range|plural:player:players}", 2, 4, False, "2 to 4 players"),
    ("{players.range|plural:player:players}", 1, 1, False, "1 player"),
    ("({players.range} joueurs)", 3, 6, True, "(3 à 6 joueurs)"),
    ("({players.range} joueurs)", 4, 4, True, "(4 joueurs)"),
])
def test_the_players_range_is_written_as_one_expression(template, low, high, french, written):
    values = printed(None, {}, Ref("game.yaml"))[0]
    assert fill(template, with_players(values, low, high).values, french) == (written, [], [])


def test_a_range_a_filter_cannot_take_is_named_as_a_range():
    values = {"players.range": range(2, 5)}
    assert [p.what for p in fill("{players.range|thousands}", values, True)[2]] == ["{players.range}: filter 'thousands': needs a number (got 2..4)"]


def test_a_kit_of_one_player_count_prints_it_once(project, tmp_path):
    root = project("belote")  # players: {min: 4, max: 4}
    edit(root / "decks/belote/score.yaml", "Une ligne par donne", "À {players.range|plural:joueur:joueurs}. Une ligne par donne")
    reports = build(root, ["belote"], Options(out=tmp_path / "out"))
    assert not [p for r in reports for p in r.errors]
    assert "À 4 joueurs. Une ligne par donne" in " ".join(pdfread.text(tmp_path / "out/belote/score-a4.pdf", 0).split())
