"""The Similis and Réglisse rules models on hand-made decks."""
from __future__ import annotations

from itertools import product

from conftest import check, edit, line_of
from pnp.core.errors import Ref
from pnp.model.kit import Card, Deck, DeckFile, GameFile, Kit
from kits.similis_reglisse import model as REGLISSE_MODEL
from kits.similis_reglisse import ReglisseParams
from kits.similis import model as SIMILIS_MODEL
from kits.similis import SimilisParams
from kits.similis import tables as similis_tables
from pnp.rules.toolkit.series import has_series

ATTRS = {"valeur": [1, 2, 3, 4, 5], "forme": ["ankh", "scarabée", "œil"], "couleur": ["bleu", "vert", "rouge"],
         "fond": ["pierre", "sable"]}


def kit_of(rows: list[dict], players=6) -> Kit:
    fields = sorted({k for r in rows for k in r})
    spec = DeckFile(kind="deck", name="cartes", layout="x", fields={f: "text" for f in fields}, cards=rows)
    cards = tuple(Card(i, str(i + 1), r, r.get("copies", 1), "x", None, Ref("d.yaml", ("cards", i)), {})
                  for i, r in enumerate(rows))
    game = GameFile(title="T", players={"min": 3, "max": players}, components=["d.yaml"])
    return Kit("t", None, game, Ref("game.yaml"), [Deck("cartes", "cartes", spec, cards, Ref("d.yaml"))])


def full_deck(attrs=ATTRS) -> list[dict]:
    return [dict(zip(attrs, combo)) for combo in product(*attrs.values())]


def whats(problems) -> list[str]:
    return [p.what for p in problems]


def similis_check(kit: Kit, p: SimilisParams):
    """What a build reports: the model reads the kit once, then checks what it read."""
    return SIMILIS_MODEL.checked(kit, p)[1]


def reglisse_check(kit: Kit, p: ReglisseParams):
    return REGLISSE_MODEL.checked(kit, p)[1]


def params(**kw) -> SimilisParams:
    return SimilisParams(attributes=ATTRS, **kw)


def test_the_complete_product_passes():
    assert whats(similis_check(kit_of(full_deck()), params(banned_pair={"first": "forme", "second": "couleur"}))) == []


def test_the_deck_is_the_declared_product_of_the_attributes(project):
    """The kit's declarative check (checks: product on the domains of rules.params.attributes) names
    each missing, duplicated and stray card at its line; the model does not repeat it."""
    root = project("similis")
    cartes = root / "decks/similis/cartes.yaml"
    edit(cartes, "  - [3, œil, vert, sable]\n", "")
    edit(cartes, "  - [1, ankh, bleu, sable]\n", "  - [1, ankh, bleu, pierre]\n  - [6, ankh, bleu, sable]\n")
    rows = line_of(cartes, "rows:") + 1
    duplicate = line_of(cartes, "[6, ankh, bleu, sable]") - 1
    assert sorted(p.render() for r in check(root, ["similis"]) for p in r.errors) == sorted([
        f"decks/similis/cartes.yaml:{duplicate + 1}:6: deck 'cartes', card '3': stray card for checks[0]: valeur 6 "
        "is not in the product's domain (1, 2, 3, 4, 5)",
        f"decks/similis/cartes.yaml:{duplicate}:5: deck 'cartes', card '2': duplicate card for checks[0]: valeur 1, "
        "forme ankh, couleur bleu, fond pierre is already card '1'",
        f"decks/similis/cartes.yaml:{rows}:3: deck 'cartes': missing card for checks[0]: valeur 1, forme ankh, "
        "couleur bleu, fond sable",
        f"decks/similis/cartes.yaml:{rows}:3: deck 'cartes': missing card for checks[0]: valeur 3, forme œil, "
        "couleur vert, fond sable"])


def test_the_deck_must_deal_to_the_most_players(project):
    root = project("similis")
    edit(root / "decks/similis/game.yaml", "hand: 10", "hand: 15")
    line = line_of(root / "decks/similis/game.yaml", "players:")
    assert [p.render() for r in check(root, ["similis"]) for p in r.errors] == [
        f"decks/similis/game.yaml:{line}:24: players.max: the game allows up to 6 players, but the deck 'cartes' of "
        "90 cards deals 15 cards to at most 5 players, with a 3-card market and a draw pile (got 6; did you mean '5'?)"]


def test_series_of_each_kind_must_exist():
    two = {"valeur": [1, 2], "forme": ["a", "b"], "couleur": ["x", "y"]}
    cards = [Card(i, str(i), r, 1, "x", None, Ref("d"), {}) for i, r in enumerate(full_deck(two))]
    assert has_series(cards, two, 4, 1) and has_series(cards, two, 2, 2)
    assert not has_series(cards, two, 3, 2)  # only two cards agree on any two attributes


def test_the_banned_pair_variant_is_checked_against_the_attributes():
    import pytest
    from pnp.model.schema import ValidationError

    with pytest.raises(ValidationError, match="banned_pair names 'colour'.*did you mean 'couleur'"):
        params(banned_pair={"first": "forme", "second": "colour"})
    rows = [r for r in full_deck() if not (r["forme"] == "ankh" and r["valeur"] > 1)]
    found = whats(similis_check(kit_of(rows), params(banned_pair={"first": "forme", "second": "couleur"},
                                                       series=[{"cards": 4, "shared": 2, "give": 0}])))
    assert "no series of 4 cards sharing 2 attributes can be made once the pair forme ankh + couleur bleu " \
           "is banned" not in found  # other shapes still make it


def test_series_that_stop_costing_four_cards_get_a_warning():
    tweaked = params(series=[{"cards": 4, "shared": 1, "give": 0}, {"cards": 3, "shared": 2, "give": 2}])
    problems = similis_check(kit_of(full_deck()), tweaked)
    assert [(p.severity, p.where) for p in problems] == [("warning", "rules.series")]


def test_the_series_table_follows_the_parameters():
    table = similis_tables(None, params())["series"]
    assert table.rows == (("4 cartes", "1 point commun", "aucune"), ("3 cartes", "2 points communs", "1 carte"),
                          ("2 cartes", "3 points communs", "2 cartes"))


REGLISSE = {"forme": ["gélatine", "papillote", "guimauve", "sucette"], "couleur": ["rouge", "bleu", "vert", "jaune"],
            "valeur": [1, 2, 3, 4]}
LIQUORICE = {"shapes": ["rouleau", "bâton"], "count": 4}


def reglisse_rows(extra=()) -> list[dict]:
    rows = full_deck(REGLISSE)
    rows += [{"forme": f, "couleur": "noir", "valeur": None} for f in ("rouleau", "rouleau", "bâton", "bâton")]
    return rows + list(extra)


def test_reglisse_complete_kit_passes():
    p = ReglisseParams(attributes=REGLISSE, liquorice=LIQUORICE)
    assert whats(reglisse_check(kit_of(reglisse_rows()), p)) == []


def test_liquorice_cards_match_nothing_and_are_counted():
    p = ReglisseParams(attributes=REGLISSE, liquorice=LIQUORICE)
    rows = reglisse_rows([{"forme": "sucette", "couleur": "noir", "valeur": 2}])
    found = whats(reglisse_check(kit_of(rows), p))
    assert "the kit declares 4 liquorice cards but the deck has 5" in found
    assert "a réglisse has shape 'sucette', not one of the réglisse shapes (rouleau, bâton)" in found
    assert "a réglisse matches nothing, so it has no valeur (got 2)" in found


def test_an_absent_deck_is_one_problem_with_a_suggestion():
    problems = similis_check(kit_of(full_deck()), params(deck="cartez"))
    assert [(p.where, p.what, p.suggestion) for p in problems] == [
        ("rules.deck", "the kit has no deck named 'cartez' for the cards (list its file in components, or set "
                       "rules.params.deck)", "cartes")]
    assert problems[0].ref == Ref("game.yaml", ("components",))


def test_an_attribute_typo_is_one_problem_in_both_games():
    typo = dict(ATTRS)
    typo["coleur"] = typo.pop("couleur")
    found = similis_check(kit_of(full_deck()), SimilisParams(attributes=typo))
    assert [(p.where, p.what, p.suggestion) for p in found] == [
        ("rules.attributes.coleur", "attribute 'coleur' is not a field of deck 'cartes'", "couleur")]
    candies = {"forme": REGLISSE["forme"], "couleur": REGLISSE["couleur"], "valuer": REGLISSE["valeur"]}
    found = reglisse_check(kit_of(reglisse_rows()), ReglisseParams(attributes=candies, liquorice=LIQUORICE))
    assert [(p.where, p.what, p.suggestion) for p in found] == [
        ("rules.attributes.valuer", "attribute 'valuer' is not a field of deck 'cartes'", "valeur")]


def test_the_liquorice_shape_attribute_is_declared_not_guessed():
    # a first attribute with text values is not the shape: no false problem on the liquorice cards
    words = {"valeur": ["un", "deux", "trois", "quatre"], "forme": REGLISSE["forme"], "couleur": REGLISSE["couleur"]}
    rows = full_deck(words) + [{"valeur": None, "forme": f, "couleur": "noir"} for f in ("rouleau", "bâton") * 2]
    assert whats(reglisse_check(kit_of(rows), ReglisseParams(attributes=words, liquorice=LIQUORICE))) == []
    shaped = ReglisseParams(attributes=REGLISSE, liquorice={**LIQUORICE, "shape_field": "couleur"})
    found = whats(reglisse_check(kit_of(reglisse_rows()), shaped))
    assert "a réglisse has shape 'noir', not one of the réglisse shapes (rouleau, bâton)" in found


def test_the_liquorice_shape_attribute_must_be_an_attribute():
    import pytest
    from pnp.model.schema import ValidationError

    with pytest.raises(ValidationError, match="liquorice.shape_field names 'frome'.*did you mean 'forme'"):
        ReglisseParams(attributes=REGLISSE, liquorice={**LIQUORICE, "shape_field": "frome"})


def test_the_end_score_is_printed_from_the_parameters():
    for end in (50, 80):
        table = similis_tables(None, params(end_score=end))["score"]
        assert table.notes[0].endswith(f"dépasse **{end} points** : le plus petit total gagne.")
