"""Tabletop Simulator objects as pnp writes them (pnp.export.ttsobject): the shape and scale of a
round counter, a 70 x 120 mm card and a board, and the keys TTS reads in a saved Custom_Tile."""
from __future__ import annotations

import json

import pytest

from pnp.export.ttsobject import (CIRCLE, RECTANGLE, TILE_BOX, TILE_CIRCLE, bag_state, card_scale, card_type,
                                  saved_file, tile_state, tile_type)

MM = 72 / 25.4
TILE_KEYS = {"GUID", "Name", "Transform", "Nickname", "Description", "Locked", "Grid", "CustomImage"}
TRANSFORM_KEYS = {f"{k}{axis}" for k in ("pos", "rot", "scale") for axis in "XYZ"}


def test_a_round_counter_is_a_circle_tile_scaled_from_its_18_mm():
    size = (18 * MM, 18 * MM)
    assert card_type(size, 9 * MM) == CIRCLE and tile_type(size, 9 * MM) == TILE_CIRCLE
    tile = tile_state("abc123", ("arbre", "sorte: arbre"), ("https://h/a.png", "https://h/b.png"), size,
                      tile_type(size, 9 * MM))
    assert tile["Name"] == "Custom_Tile" and tile["CustomImage"]["CustomTile"] == {
        "Type": 2, "Thickness": 0.1, "Stackable": True, "Stretch": False}
    assert (tile["Transform"]["scaleX"], tile["Transform"]["scaleY"], tile["Transform"]["scaleZ"]) == \
        (0.5376, 1.0, 0.5376)  # 18 mm = 0.709 in over the 29/22 in of a tile at scale 1


def test_a_70_by_120_card_stays_a_card_scaled_from_its_width():
    size = (70 * MM, 120 * MM)
    assert card_type(size, 0.0) == RECTANGLE and tile_type(size, 0.0) == TILE_BOX
    assert card_scale(size) == {"scaleX": 1.1024, "scaleY": 1.0, "scaleZ": 1.1024}  # 70 mm / 2.5 in


def test_a_board_is_a_box_tile_scaled_from_its_height():
    tile = tile_state("b0a4d1", ("plateau", "Lutins"), ("file:///p.png",) * 2, (380 * MM, 260 * MM), TILE_BOX)
    assert tile["CustomImage"]["CustomTile"]["Type"] == 0 and not tile["CustomImage"]["CustomTile"]["Stackable"]
    assert tile["Transform"]["scaleZ"] == tile["Transform"]["scaleX"] == 7.7654  # 260 mm high, the width follows


def test_the_saved_object_has_the_keys_tts_reads():
    tile = tile_state("0a1b2c", ("n", "d"), ("file:///a.png", "file:///b.png"), (20 * MM, 20 * MM), TILE_BOX)
    saved = json.loads(json.dumps(saved_file("Jeu — jetons", [bag_state("ffffff", ("jetons", "Jeu"), [tile])])))
    assert {"SaveName", "ObjectStates"} <= saved.keys()
    bag = saved["ObjectStates"][0]
    assert bag["Name"] == "Bag" and set(bag["Transform"]) == TRANSFORM_KEYS
    loaded = bag["ContainedObjects"][0]
    assert set(loaded) == TILE_KEYS and set(loaded["Transform"]) == TRANSFORM_KEYS
    assert set(loaded["CustomImage"]) == {"ImageURL", "ImageSecondaryURL", "ImageScalar", "WidthScale", "CustomTile"}
    assert len(loaded["GUID"]) == 6 and int(loaded["GUID"], 16) >= 0


@pytest.mark.parametrize("radius, kind", [(0.0, TILE_BOX), (3 * MM, TILE_BOX), (10 * MM, TILE_CIRCLE)])
def test_only_a_round_counter_is_a_circle(radius, kind):
    assert tile_type((20 * MM, 20 * MM), radius) == kind


def test_the_counters_of_an_element_are_its_largest_square_boxed_shapes():
    from pnp.export.ttscounters import own, pieces
    from pnp.layout.items import Shape, shifted

    piece = [Shape("ellipse", 0, 0, 20, 20, fill=(1, 0, 0)), Shape("ellipse", 2, 2, 16, 16, stroke=(1, 1, 1))]
    items = tuple(shifted(piece, 0, 0) + shifted(piece, 23.1, 0) + [Shape("rect", 0, 30, 40, 10)])
    assert pieces(items) == [("ellipse", (0, 0, 20, 20)), ("ellipse", (23.1, 0, 20, 20))]
    first, second = (own(items, box) for _, box in pieces(items))
    assert repr(first) == repr(second) and len(first.items()) == 2  # the same piece, moved: one picture
