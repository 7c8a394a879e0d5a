"""The reference card's tables of Le 10 000, produced from the parameters."""
from kits.dix_mille import DixMilleParams, fr_number, reference_tables, scoring_table, turn_table

NNBSP = "\u202f"


def test_french_numbers():
    assert fr_number(50) == "50"
    assert fr_number(1000) == f"1{NNBSP}000"
    assert fr_number(10000) == f"10{NNBSP}000"
    assert fr_number(1234567) == f"1{NNBSP}234{NNBSP}567"


def test_scoring_table_rows():
    table = scoring_table(DixMilleParams())
    assert table.header == ("Combinaison", "Points") and table.title == "Combinaisons"
    assert table.rows == (
        ("1", "100"), ("5", "50"),
        ("1 1 1", f"1{NNBSP}000"), ("2 2 2", "200"), ("3 3 3", "300"), ("4 4 4", "400"),
        ("5 5 5", "500"), ("6 6 6", "600"),
        ("1 1 1 1", f"5{NNBSP}000"), ("2 2 2 2", "400"), ("3 3 3 3", "600"), ("4 4 4 4", "800"),
        ("5 5 5 5", f"1{NNBSP}000"), ("6 6 6 6", f"1{NNBSP}200"),
        ("1 1 1 1 1", f"10{NNBSP}000"), ("2 2 2 2 2", "800"), ("3 3 3 3 3", f"1{NNBSP}200"),
        ("4 4 4 4 4", f"1{NNBSP}600"), ("5 5 5 5 5", f"2{NNBSP}000"), ("6 6 6 6 6", f"2{NNBSP}400"),
        ("1 2 3 4 5", f"1{NNBSP}500"), ("2 3 4 5 6", f"1{NNBSP}500"),
    )
    assert any("un seul lancer" in note for note in table.notes)
    assert not any("Variante" in note for note in table.notes)


def test_a_straight_tweak_changes_the_table():
    rows = dict(scoring_table(DixMilleParams(straight=2000, straights=["1 2 3 4 5"])).rows)
    assert rows["1 2 3 4 5"] == f"2{NNBSP}000" and "2 3 4 5 6" not in rows
    no_straight = scoring_table(DixMilleParams(straights=[]))
    assert "1 2 3 4 5" not in dict(no_straight.rows)
    assert not any("Suite" in note for note in no_straight.notes)


def test_value_tweaks_change_the_table():
    params = DixMilleParams(single_five=25, four_of_a_kind_exceptions={})
    rows = dict(scoring_table(params).rows)
    assert rows["5"] == "25" and rows["1 1 1 1"] == f"2{NNBSP}000" and rows["1 1 1 1 1"] == f"10{NNBSP}000"


def test_variant_note():
    notes = scoring_table(DixMilleParams(five_ones_wins=True)).notes
    assert "Variante : 1 1 1 1 1 fait gagner immédiatement la partie." in notes


def test_turn_table():
    table = turn_table(DixMilleParams())
    rows = dict(table.rows)
    assert table.header == ("Situation", "Règle")
    assert rows["Chute"] == "Retour à 0\u00a0pts, ou à 5\u202f000\u00a0pts si vous aviez dépassé 5\u202f000\u00a0pts."
    assert rows["Dépassement"].startswith("Plus de 10\u202f000\u00a0pts")
    assert {"Assassinat", "Victoire", "Défi accepté", "Défi refusé", "Les 5 dés rapportent"} <= set(rows)
    assert dict(turn_table(DixMilleParams(floor=0)).rows)["Chute"] == "Retour à 0\u00a0pts."


def test_reference_tables_by_name():
    tables = reference_tables(DixMilleParams())
    assert set(tables) == {"scoring", "turn"} and tables["scoring"].as_text().startswith("Combinaison | Points")
