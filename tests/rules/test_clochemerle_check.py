"""Inventory and invariants of the Clochemerle material: the default passes, broken copies fail precisely."""
import pytest

from pnp.core.errors import Ref
from kits.clochemerle import (Params, check_material, default_events_data, default_material,
                              default_places_data, default_score_sheet_data, default_tokens_data,
                              default_track_data, pawn_bound, read_material)

REFS = {"places": Ref("places.yaml", ("cards",)), "events": Ref("events.yaml", ("cards",)),
        "track": Ref("track.yaml"), "tokens": Ref("tokens.yaml"), "score_sheet": Ref("sheet.yaml")}


def material_data() -> dict:
    return {"places": default_places_data(), "events": default_events_data(), "track": default_track_data(),
            "tokens": default_tokens_data(), "score_sheet": default_score_sheet_data()}


def problems(data: dict, params: Params | None = None, **kw):
    material, shape_problems = read_material(**data, refs=REFS)
    assert shape_problems == []
    return check_material(material, params, **kw)


def find(found, text: str):
    hits = [p for p in found if text in p.what]
    assert hits, f"no problem with {text!r} in:\n" + "\n".join(p.render() for p in found)
    return hits[0]


def test_default_material_passes_every_check():
    assert check_material(default_material()) == []


def test_an_action_longer_than_a_quarter_is_refused_at_its_cell():
    # every cell costs 4 weeks and one boulodrome cell 13: expelling from it costs 16, more than a quarter
    places = default_places_data()
    for place in places:
        for row in place["grid"]:
            for cell in row:
                if cell and cell.get("weeks") is not None:
                    cell["weeks"] = 4
    boulodrome = next(place for place in places if place["place"] == "boulodrome")
    boulodrome["grid"][0][0]["weeks"] = 13
    material, _ = read_material(places, default_events_data(), default_track_data(), default_tokens_data(),
                                default_score_sheet_data())
    found = [p for p in check_material(material) if "quarter" in p.what]
    assert [p.what for p in found] == ["expelling a pawn from cell (0, 0) costs 13 + 3 = 16 weeks, more than a "
                                       "quarter (13 weeks): the rows alternate by quarter, so a row still on the "
                                       "table would have to be turned up again"]
    assert found[0].severity == "error" and found[0].where == "place card 'boulodrome' #1"


def test_default_material_inventory():
    material = default_material()
    assert len(material.places) == 12 and len(material.events) == 9
    assert material.track.weeks == 52 and material.track.quarter_ends() == [13, 26, 39, 52]
    assert all(event.count("+") == 4 and event.count("-") == 2 for event in material.events)


def test_pawn_bound_of_the_default_cards_is_ten():
    bound = pawn_bound(default_material().places)
    assert (bound.pawns, bound.longest_action, bound.window) == (10, 6, 18)


def test_event_card_with_three_minus_fails_naming_the_card():
    data = material_data()
    data["events"][0]["signs"]["bar"] = "-"
    found = [p for p in problems(data) if p.where.startswith("event card")]
    assert len(found) == 1
    problem = found[0]
    assert problem.where == "event card 'Le sermon du potiron'"
    assert "has 3 '\u2212' signs" in problem.what and "need 5 '\u2212' tokens, the supply has 4" in problem.what
    assert problem.ref == Ref("events.yaml", ("cards", 0, "signs"))


def test_event_card_missing_a_sign_fails():
    data = material_data()
    del data["events"][3]["signs"]["boulodrome"]
    problem = find(problems(data), "has no sign for Le boulodrome")
    assert problem.where == "event card 'La fête du cassoulet'"


def test_missing_place_card_fails():
    data = material_data()
    data["places"] = [d for i, d in enumerate(data["places"]) if i != 5]  # bar card 2
    problem = find(problems(data), "Le bar PMU has 1 place card(s), the game needs 2")
    assert problem.where == "place 'bar'"
    find(problems(data), "set-up order 3 is on 1 card(s)")


def test_fifty_week_track_fails():
    data = material_data()
    data["track"]["quarters"][3]["weeks"] = 11
    found = problems(data)
    problem = find(found, "the track has 50 weeks")
    assert problem.what == ("the track has 50 weeks in 4 quarters (13, 13, 13, 11), the rules need "
                            "52 = 4 quarters × 13 weeks")
    assert find(found, "quarter 4 has 11 weeks").ref == Ref("track.yaml", ("quarters", 3))


def test_place_card_with_no_legal_cell_fails():
    data = material_data()
    data["places"][6]["grid"] = [[None, None, None]]  # marché card 1
    problem = find(problems(data), "offers no legal placement at the start of a quarter")
    assert problem.where == "place card 'marche' #1"
    assert problem.ref == Ref("places.yaml", ("cards", 6, "grid"))


def test_place_card_too_small_for_six_players_fails():
    data = material_data()
    data["places"][11]["grid"] = data["places"][11]["grid"][:1]  # médecin card 2: 3 cells
    problem = find(problems(data), "to only 3 of 4 players")
    assert problem.where == "place card 'medecin' #2"


def test_duplicated_set_up_order_fails():
    data = material_data()
    data["places"][5]["order"] = 4  # bar card 2 takes the marché's number
    found = problems(data)
    differs = find(found, "set-up order 4 differs from the 3 of place card 'bar' #1")
    assert differs.where == "place card 'bar' #2" and differs.ref == Ref("places.yaml", ("cards", 5, "order"))
    assert find(found, "set-up order 4 is on 3 card(s)").what == (
        "set-up order 4 is on 3 card(s) (place card 'bar' #2, place card 'marche' #1, place card 'marche' #2), "
        "the game needs 2")


def test_pawn_supply_too_small_fails():
    params = Params(placement_pawns=9, pawns_per_player=10)
    problem = find(problems(material_data(), params), "a player may have 10 pawns out at once")
    assert problem.what.endswith("but has only 9 placement pawns")
    assert find(problems(material_data(), params), "pawns_per_colour is 11, the rules need 10")


def test_too_few_printed_pawns_fail():
    data = material_data()
    data["tokens"]["pawns_per_colour"] = 9
    problem = find(problems(data), "pawns_per_colour is 9, the rules need 11")
    assert problem.ref == Ref("tokens.yaml", ("pawns_per_colour",))


def test_cheap_cells_break_the_pawn_supply():
    data = material_data()
    data["places"][4]["grid"] = [[{"weeks": 1}] * 3, [{"weeks": 1}] * 3]  # bar card 1 at 1 week
    problem = find(problems(data), "pawns out at once")
    assert "but has only 10 placement pawns" in problem.what


def test_positive_malus_and_wrong_icons_fail():
    data = material_data()
    data["places"][0]["malus"] = 2
    data["places"][6]["icons"] = ["several_pawns", "cell_bonus", "time_cost"]
    found = problems(data)
    assert find(found, "malus must be negative").suggestion == "-2"
    assert find(found, "does not show the 'one_pawn' icon").where == "place card 'marche' #1"


def test_zero_week_cell_fails():
    data = material_data()
    data["places"][2]["grid"][0][0]["weeks"] = 0
    problem = find(problems(data), "cell (0, 0) costs 0 weeks")
    assert problem.ref == Ref("places.yaml", ("cards", 2, "grid", 0, 0, "weeks"))


def test_score_sheet_must_cover_every_scoring():
    data = material_data()
    data["score_sheet"]["rows"] = [r for r in data["score_sheet"]["rows"] if r["key"] != "time"]
    data["score_sheet"]["rows"][3]["factor"] = 1
    data["score_sheet"]["columns"] = [c for c in data["score_sheet"]["columns"] if c["key"] != "malus"]
    found = problems(data)
    find(found, "has no time penalty row")
    find(found, "row 'q4' has factor 1, quarter 4 counts × 2")
    find(found, "has no column for the malus of absent players")


@pytest.mark.parametrize("key, value, text", [
    ("plus", 7, "plus is 7, the rules need 8"), ("minus", 3, "minus is 3, the rules need 4"),
    ("new_row", 0, "new_row is 0, the rules need 1"), ("dice", 6, "dice is 6, the rules need 12"),
])
def test_token_counts(key, value, text):
    data = material_data()
    data["tokens"][key] = value
    find(problems(data), text)


def test_the_medecin_queue_is_bound_by_the_patients_who_can_wait():
    """decision: medecin_queue — one pawn a player, so at most players_max - 1 patients to jump: a
    15-cell queue passes with 6 players; the jump over the printed queue is not the bound."""
    from kits.clochemerle.supply import longest_action

    data = material_data()
    for index in (10, 11):  # both médecin cards: 3 rows of 5 cells
        data["places"][index]["grid"] = [[{"points": 5 - c} for c in range(5)] for _ in range(3)]
    material, _ = read_material(**data, refs=REFS)
    doctor = [card for card in material.places if card.place == "medecin"]
    assert [len(card.cells()) for card in doctor] == [15, 15]
    assert [longest_action(card, 6) for card in doctor] == [6, 6]  # 1 week + 5 patients
    assert [longest_action(card) for card in doctor] == [15, 15]  # (the printed queue, unbound)
    assert [p for p in check_material(material) if "queue" in p.what or "quarter" in p.what] == []
    assert [p.what for p in check_material(material, Params(players_max=14, colours=14, players_min=3))
            if "longest queue" in p.what] == [
        "jumping the longest queue that can wait (13 patients, one pawn per other player) costs 1 + 13 = 14 weeks, "
        "more than a quarter (13 weeks): the rows alternate by quarter, so a row still on the table would have to "
        "be turned up again"] * 2
