"""Declarative checks in game.yaml: a deck proven complete, unique, counted and summed without Python."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnp.cli import main

from conftest import edit, line_of
from minikit import KIT, found, write_kit

# A traditional 32-card deck: 4 suits x 8 ranks, no rules model.
DECK = """kind: deck
name: cartes
layout: poker-card
count: 32
fields:
  couleur: {type: text, values: [pique, cœur, carreau, trèfle]}
  rang: {type: text, values: [7, 8, 9, 10, valet, dame, roi, as]}
  points: {type: int, default: 0}
generate:
  - each:
      couleur: [pique, cœur, carreau, trèfle]
      rang: [7, 8, 9, 10, valet, dame, roi, as]
    id: "{rang}-{couleur}"
    overrides:
      - match: {rang: as}
        set: {points: 11}
      - match: {rang: [valet, dame, roi]}
        set: {points: 2}
"""
CHECKS = """checks:
  - product: [couleur, rang]
  - unique: [couleur, rang]
  - count: couleur
    exactly: 8
  - count: {rang: as}
    per: couleur
    exactly: 1
  - sum: points
    exactly: 68
  - sum: points
    per: couleur
    at_least: 17
    at_most: 17
"""


def _kit(project, deck: str = DECK, checks: str = CHECKS):
    root = project()
    write_kit(root, {"cartes.yaml": deck}, game=checks)
    return root


def _deck(project, overrides: str = "", checks: str = CHECKS) -> list[str]:
    return found(_kit(project, DECK + overrides, checks))


def test_a_traditional_deck_is_proven_complete_without_python(project):
    assert found(_kit(project)) == []


def test_a_deck_missing_one_combination_of_a_declared_product_is_refused(project):
    """Issue #10's must-show, through `pnp check`: exit 1, the missing card named at the deck's cards."""
    root = _kit(project, DECK + "      - match: {rang: 9, couleur: cœur}\n        set: {copies: 0}\n",
                checks="checks:\n  - product: [couleur, rang]\n")
    result = CliRunner().invoke(main, ["--project", str(root), "check", KIT])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert result.output.splitlines() == [
        "decks/mini/cartes.yaml:4:8: deck 'cartes': the deck declares 32 cards but lists 31 cards (copies included)",
        "decks/mini/cartes.yaml:10:3: deck 'cartes': missing card for checks[0]: couleur cœur, rang 9",
        "2 errors."]


def test_duplicated_and_stray_cards_are_named_at_their_lines(project):
    deck = DECK.replace("count: 32\n", "") + "cards:\n  - {couleur: pique, rang: as}\n  - {couleur: pique, rang: 8, copies: 2}\n"
    root = _kit(project, deck, checks="checks:\n  - product: {couleur: [pique, cœur, carreau, trèfle], "
                                      "rang: 7..10}\n    where: {rang: [7, 8, 9, 10, as]}\n")
    assert found(root) == [
        "decks/mini/cartes.yaml:11:45: deck 'cartes', card 'as-pique': stray card for checks[0]: rang 'as' is not in "
        "the product's domain (7, 8, 9, 10) (and on 3 more cards)",
        "decks/mini/cartes.yaml:19:28: deck 'cartes', card '33': stray card for checks[0]: rang 'as' is not in the "
        "product's domain (7, 8, 9, 10)",
        "decks/mini/cartes.yaml:20:5: deck 'cartes', card '34': duplicate card for checks[0]: couleur pique, rang 8 is "
        "already card '8-pique'"]


TWICE = DECK.replace("count: 32\n", "") + "      - match: {rang: [7, 8]}\n        set: {copies: 2}\n"


def test_each_combination_a_number_of_times(project):
    checks = "checks:\n  - product: {couleur: [pique, cœur, carreau, trèfle], rang: [7, 8]}\n    times: 2\n" \
             "    where: {rang: [7, 8]}\n"
    assert found(_kit(project, TWICE, checks)) == []


def test_a_combination_there_too_seldom_is_named_at_its_card(project):
    checks = "checks:\n  - product: [couleur, rang]\n    times: 2\n    where: {couleur: pique}\n"
    problems = found(_kit(project, TWICE, checks))
    assert problems[0] == ("decks/mini/cartes.yaml:9:5: deck 'cartes', card '9-pique': couleur pique, rang 9 is "
                           "there once (copies: 1); checks[0] wants each combination 2 times")
    assert len(problems) == 6  # 9 to as of pique; `where` narrows the product to pique


def test_missing_cards_are_summarised_past_25(project):
    deck = DECK.replace("count: 32\n", "").split("generate:")[0] + "generate:\n  - each: {couleur: [pique], rang: [7, 8]}\n"
    problems = found(_kit(project, deck, "checks:\n  - product: [couleur, rang]\n"))
    assert len(problems) == 26
    assert problems[0] == "decks/mini/cartes.yaml:9:3: deck 'cartes': missing card for checks[0]: couleur pique, rang 9"
    assert problems[-1] == "decks/mini/cartes.yaml:9:3: deck 'cartes': ... and 5 more missing cards"


def test_unique_names_the_card_that_repeats_an_earlier_one(project):
    checks = "checks:\n  - unique: rang\n    where: {couleur: [pique, cœur]}\n"
    problems = _deck(project, "", checks)
    assert problems[0] == ("decks/mini/cartes.yaml:10:5: deck 'cartes', card '7-cœur': rang 7 is already card "
                           "'7-pique'; checks[0] wants rang unique")
    assert len(problems) == 8


COUNTS = {
    "count per value of a field": ("  - count: couleur\n    at_most: 7\n", [
        "decks/mini/game.yaml:5:5: checks[0]: 8 cards with couleur pique; the check wants at most 7",
        "decks/mini/game.yaml:5:5: checks[0]: 8 cards with couleur cœur; the check wants at most 7",
        "decks/mini/game.yaml:5:5: checks[0]: 8 cards with couleur carreau; the check wants at most 7",
        "decks/mini/game.yaml:5:5: checks[0]: 8 cards with couleur trèfle; the check wants at most 7"]),
    "count of the cards that match": ("  - count: {rang: [as, roi]}\n    exactly: 4\n", [
        "decks/mini/game.yaml:5:5: checks[0]: 8 cards in all; the check wants exactly 4"]),
    "count per combination": ("  - count: [couleur, rang]\n    where: {rang: as, couleur: [pique, cœur]}\n"
                              "    at_least: 2\n", [
        "decks/mini/game.yaml:5:5: checks[0]: 1 card with couleur pique, rang as; the check wants at least 2",
        "decks/mini/game.yaml:5:5: checks[0]: 1 card with couleur cœur, rang as; the check wants at least 2"]),
    "a value no card has counts 0": ("  - count: couleur\n    where: {rang: 7}\n    exactly: 1\n", []),
    "sum": ("  - sum: points\n    where: {couleur: pique}\n    exactly: 18\n", [
        "decks/mini/game.yaml:5:5: checks[0]: the sum of points over the cards is 17; the check wants exactly 18"]),
    "sum per value": ("  - sum: points\n    per: couleur\n    where: {couleur: [cœur, pique]}\n    at_least: 18\n", [
        "decks/mini/game.yaml:5:5: checks[0]: the sum of points over the cards with couleur cœur is 17; the check "
        "wants at least 18",
        "decks/mini/game.yaml:5:5: checks[0]: the sum of points over the cards with couleur pique is 17; the check "
        "wants at least 18"]),
}


def test_a_count_per_value_sees_the_declared_values_no_card_has(project):
    checks = "checks:\n  - count: couleur\n    exactly: 8\n"
    deck = DECK.replace("count: 32\n", "").replace("couleur: [pique, cœur, carreau, trèfle]\n      rang",
                                                   "couleur: [pique, cœur, carreau]\n      rang")
    assert found(_kit(project, deck, checks)) == [
        "decks/mini/game.yaml:5:5: checks[0]: 0 cards with couleur trèfle; the check wants exactly 8"]


BAD_CHECKS = {
    "two kinds": ("  - product: [couleur]\n    unique: rang\n", [
        "decks/mini/game.yaml:5:5: game.checks[0]: a check is one of product, unique, count, sum, pairs, supply (found product, "
        "unique)"]),
    "no bound": ("  - count: couleur\n", [
        "decks/mini/game.yaml:5:5: game.checks[0]: a count or sum check needs exactly, at_least or at_most"]),
    "exactly with at_least": ("  - sum: points\n    exactly: 3\n    at_least: 2\n", [
        "decks/mini/game.yaml:5:5: game.checks[0]: exactly goes alone: at_least and at_most are for a range"]),
    "times elsewhere": ("  - unique: rang\n    times: 2\n", [
        "decks/mini/game.yaml:5:5: game.checks[0]: times goes with product"]),
    "a bound on a product": ("  - product: [rang]\n    at_most: 2\n", [
        "decks/mini/game.yaml:5:5: game.checks[0]: a product check takes no at_most: it goes with count and sum"]),
    "a misspelt key": ("  - unique: rang\n    were: {rang: 7}\n", [
        "decks/mini/game.yaml:6:5: game.checks[0].were: unknown key 'were' (did you mean 'where'?)"]),
    "an unknown deck": ("  - unique: rang\n    deck: carte\n", [
        "decks/mini/game.yaml:6:11: checks[0]: the kit has no deck 'carte' (did you mean 'cartes'?)"]),
    "an unknown field": ("  - product: {couleur: [pique], rnag: [7]}\n", [
        "decks/mini/game.yaml:5:33: checks[0]: deck 'cartes' has no field 'rnag' (did you mean 'rang'?)"]),
    "an unknown field in a list": ("  - unique: [couleur, rnag]\n", [
        "decks/mini/game.yaml:5:23: checks[0]: deck 'cartes' has no field 'rnag' (did you mean 'rang'?)"]),
    "a value no card may have": ("  - count: {rang: cavalir}\n    exactly: 1\n", [
        "decks/mini/game.yaml:5:19: checks[0]: 'cavalir' is not a value of field 'rang' (7, 8, 9, 10, valet, dame, "
        "roi, as)"]),
    "a value of the wrong type": ("  - sum: points\n    where: {points: beaucoup}\n    at_most: 3\n", [
        "decks/mini/game.yaml:6:21: checks[0]: field 'points' holds whole numbers (got 'beaucoup')"]),
    "a sum of text": ("  - sum: couleur\n    exactly: 3\n", [
        "decks/mini/game.yaml:5:10: checks[0]: field 'couleur' holds text; a sum needs a number field"]),
    "a product of a field without values": ("  - product: [points]\n", [
        "decks/mini/game.yaml:5:15: checks[0]: field 'points' declares no values; write its domain: product: "
        "{points: [...]}"]),
    "a product too big": ("  - product: {points: 1..1000000, rang: [7, 8]}\n", [
        "decks/mini/game.yaml:5:14: checks[0]: the product has 2000000 combinations; a check takes at most 100000"]),
}


@pytest.mark.parametrize("case", [*COUNTS, *BAD_CHECKS])
def test_counts_and_sums_held_to_their_bounds_and_checks_that_cannot_run_at_their_lines(project, case):
    checks, expected = {**COUNTS, **BAD_CHECKS}[case]
    assert _deck(project, "", "checks:\n" + checks) == expected


def test_a_field_of_structured_data_cannot_be_checked(project):
    deck = DECK.replace("  points: {type: int, default: 0}\n", "  points: {type: int, default: 0}\n  extra: "
                        "{type: data, required: false}\n")
    assert found(_kit(project, deck, "checks:\n  - unique: [couleur, extra]\n")) == [
        "decks/mini/game.yaml:5:23: checks[0]: field 'extra' holds YAML data; checks compare text, numbers and "
        "true/false"]


def test_a_check_must_name_its_deck_when_the_kit_has_several(project):
    root = project()
    other = DECK.replace("name: cartes", "name: autres").replace("count: 32\n", "")
    write_kit(root, {"cartes.yaml": DECK, "autres.yaml": other}, game="checks:\n  - unique: rang\n")
    assert found(root) == ["decks/mini/game.yaml:5:5: checks[0]: name the deck this check is about: deck: cartes | "
                           "autres"]


def test_similis_s_product_is_its_declarative_check(project):
    """Similis's deck is proven the product of its attributes by the check in its game.yaml (on the
    domains of rules.params.attributes, through a YAML alias), not by its model: a missing card is
    named once."""
    root = project("similis")
    assert [p for p in found_in(root, "similis") if "play-outs" not in p] == []  # the seats' balance aside
    cards = root / "decks/similis/cartes.yaml"
    edit(cards, "  - [3, scarabée, vert, sable]\n", "")
    line = line_of(cards, "rows:")
    assert [p for p in found_in(root, "similis") if "play-outs" not in p] == [
        f"decks/similis/cartes.yaml:{line_of(cards, 'count: 90')}:8: deck 'cartes': the deck declares 90 cards but "
        "lists 89 cards (copies included)",
        f"decks/similis/cartes.yaml:{line + 1}:3: deck 'cartes': missing card for checks[0]: valeur 3, forme "
        "scarabée, couleur vert, fond sable"]


def found_in(root, kit: str) -> list[str]:
    from pnp.build import check

    return [p.render() for r in check(root, [kit]) for p in r.problems]
