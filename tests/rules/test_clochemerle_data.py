"""Plain-data shapes, params, tables and play-outs of the Clochemerle rules model."""
import random

from pnp.model.schema import ValidationError
import pytest

from pnp.core.errors import Ref
from pnp.rules import AGENTS
from kits.clochemerle import model as RULES_MODEL
from kits.clochemerle import (DataError, EventCard, KitParams, Params, PlaceCard,
                              default_events_data, default_material, default_places_data, kit_material,
                              penalty_table, play, read_material, rule_tables, score_sheet_table)
from kits.clochemerle.placement import CardState, decisions, legal_placements
from kits.clochemerle.playout import supply_of


def test_place_card_keeps_its_ref_and_grid():
    ref = Ref("places.yaml", ("cards", 0))
    card = PlaceCard.from_data(default_places_data()[0], ref=ref)
    assert card.ref == ref and card.place == "eglise" and card.order == 1
    assert [column[-1].weeks for column in card.columns()] == [3, 3, 4]


def test_unknown_place_is_refused_with_a_suggestion():
    data = default_places_data()[0] | {"place": "eglize"}
    with pytest.raises(DataError) as caught:
        PlaceCard.from_data(data, ref=Ref("p.yaml", ("cards", 0)))
    assert caught.value.problem.suggestion == "eglise"
    assert caught.value.problem.ref == Ref("p.yaml", ("cards", 0, "place"))


def test_boolean_weeks_and_unknown_keys_are_refused():
    data = default_places_data()[2]
    data["grid"][0][0] = {"weeks": True}
    with pytest.raises(DataError, match="'weeks' must be an integer"):
        PlaceCard.from_data(data)
    with pytest.raises(DataError, match="unknown key 'colour'"):
        PlaceCard.from_data(default_places_data()[2] | {"colour": "red"})


def test_event_signs_accept_the_typographic_minus():
    data = default_events_data()[0]
    data["signs"]["eglise"] = "\u2212"
    event = EventCard.from_data(data)
    assert event.sign("eglise") == -1 and event.sign("bar") == 1 and event.count("-") == 2


def test_read_material_reports_bad_entries_and_keeps_the_rest():
    places = default_places_data()
    places[3] = "not a card"
    material, problems = read_material(places, default_events_data(), {}, None, None,
                                       refs={"places": Ref("p.yaml", ("cards",))})
    assert len(material.places) == 11
    assert problems[0].ref == Ref("p.yaml", ("cards", 3)) and problems[0].what == "expected a mapping"
    assert material.track is None and material.tokens is None


def test_default_texts_fit_their_cards():
    assert all(len(d["rule"]) <= 120 for d in default_places_data())
    texts = [d["text"] for d in default_events_data()]
    assert all(len(text) <= 160 for text in texts) and len(set(texts)) == 9


def test_params_defaults_are_the_rules_and_are_strict():
    params = Params()
    assert (params.weeks, params.placement_pawns, params.plus_tokens, params.minus_tokens) == (52, 10, 8, 4)
    with pytest.raises(ValidationError):
        Params(players_min="3")
    with pytest.raises(ValidationError):
        Params(pawns=3)


def test_penalty_table_in_french():
    table = penalty_table(4)
    assert table.header == ("Semaines manquantes", "Pénalité")
    assert table.rows == (("1", "\u22121"), ("2", "\u22123"), ("3", "\u22126"), ("4", "\u221210"))


def test_score_sheet_table_rows_and_columns():
    table = score_sheet_table()
    assert table.header[1:] == ("Église", "Mairie", "Bar PMU", "Marché", "Boulodrome", "Médecin", "Malus", "Total")
    assert [row[0] for row in table.rows] == ["1er trimestre", "2e trimestre", "3e trimestre",
                                              "4e trimestre (× 2)", "Pénalité de temps", "Total"]
    assert set(rule_tables(default_material())) == {"time_penalty", "time_penalty_row", "score_sheet", "icons", "setup",
                                                    "mairie_bonus", "expel_weeks", "doctor_weeks", "jump_weeks",
                                                    "quarter_factor", "last_quarter"}
    constants = rule_tables(default_material())  # the code's rule constants, printed where the kit prints them
    assert (constants["mairie_bonus"], constants["expel_weeks"], constants["doctor_weeks"], constants["jump_weeks"],
            constants["quarter_factor"], constants["last_quarter"]) == (10, 3, 1, 1, 2, "compte double")


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_play_outs_end_without_a_stuck_turn_for_both_agents(players):
    material = default_material()
    for seed in range(2):
        for agent in ("random", "greedy"):
            record = play(material, players, random.Random(seed), agent=AGENTS[agent])
            assert record.ended and record.ending == "fin reached" and record.winners
            assert record.situations["no legal move"] == 0 and record.situations["quarters turned"] == 4
            assert record.lengths["weeks"] >= 52


def test_the_pawn_supply_comes_from_the_kit_s_tokens():
    from dataclasses import replace

    material = default_material()
    assert supply_of(material, Params()) == 10  # 11 a colour, one of them on the time track
    short = replace(material, tokens=replace(material.tokens, pawns_per_colour=2))  # one pawn to place
    record = play(short, 3, random.Random(1))
    assert record.ended and record.situations["no pawn left"] > 0 and record.situations["no legal move"] > 0


def test_an_expulsion_is_one_decision_and_its_destination_another():
    boulodrome = next(card for card in default_material().places if card.place == "boulodrome")
    cells = [cell.pos for cell in boulodrome.cells()]
    state = CardState.of(boulodrome, {cells[0]: "P2", cells[1]: "P3"})
    offers = decisions(state, "P1")
    expels = [offer for offer in offers if offer.pos in cells[:2]]
    assert len(expels) == 2 and all(offer.expel_to is None for offer in expels)
    assert len(offers) == len(cells)  # one a cell: the empty ones, and each pawn to expel
    assert len(legal_placements(state, "P1")) == len(cells) - 2 + 2 * (len(cells) - 2)


def test_play_outs_are_deterministic_for_a_seed():
    material = default_material()
    assert play(material, 4, random.Random(3)) == play(material, 4, random.Random(3))


def test_the_kit_s_model_checks_the_material_the_engine_reads():
    model = RULES_MODEL
    assert model.name == "clochemerle" and model.read is kit_material
    assert model.check(default_material(), KitParams()) == []
    assert "time_penalty" in model.tables(default_material(), KitParams())


def test_params_refuse_more_min_players_than_max():
    with pytest.raises(ValidationError, match="players_min 5 is more than players_max 4"):
        Params(players_min=5, players_max=4)
