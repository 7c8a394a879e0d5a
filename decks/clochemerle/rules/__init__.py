"""The rules model of "Clochemerle à Trifouilly-Les-Oies" (worker placement, 3-6 players).

Contract: the pure model of the game from the French rules v1.0 (L. et J.-B. Journaux, 2020):
the printed material as frozen dataclasses read from plain YAML data (places.py, material.py,
designed numbers in data.py), the placement rules (placement.py), the scoring (scoring.py), the
checks of a kit's material (check.py, check_cards.py, supply.py), the printed tables (tables.py)
and play-outs (playout.py, the reference game; fastyear.py and fastcards.py, the same games on
tuples). `Params` holds the rules' numbers that a kit may set.
Every ambiguity of the rules is decided once, in decisions.py (`DECISIONS`).

`model` is kit.py's `RulesModel`, the kit's model (`rules: {model: rules/}` in game.yaml), which
reads the material from the kit's decks and sheets (`kit_material`); plain data reads with
`read_material(places, events, track, tokens, score_sheet, refs=...)`.
"""
from __future__ import annotations

from .check import check_material
from .data import (default_events_data, default_places_data, default_score_sheet_data,
                   default_tokens_data, default_track_data)
from .material import Material, Quarter, ScoreSheet, SheetLine, Tokens, Track, default_material, read_material
from .params import Params
from .placement import CardState, IllegalPlacement, Placement, cheapest, legal_placements, place
from .places import ICONS, PLACE_KEYS, PLACES, Cell, EventCard, PlaceCard
from .fastyear import playout
from .playout import play
from .scoring import (CardScore, RowScore, card_score, mairie_majority, missing_weeks, place_points,
                      quarter_factor, row_score, time_penalty)
from .shape import DataError
from .supply import PawnBound, pawn_bound
from .tables import penalty_table, rule_tables, score_sheet_table
from .kit import KitParams, kit_material, model  # noqa: E402  (kit.py reads the modules above)

__all__ = [
    "Params", "model", "KitParams", "kit_material",
    "PLACES", "PLACE_KEYS", "ICONS", "Cell", "PlaceCard", "EventCard", "DataError",
    "Quarter", "Track", "Tokens", "SheetLine", "ScoreSheet", "Material", "read_material", "default_material",
    "default_places_data", "default_events_data", "default_track_data", "default_tokens_data",
    "default_score_sheet_data",
    "CardState", "Placement", "IllegalPlacement", "legal_placements", "place", "cheapest",
    "CardScore", "RowScore", "place_points", "card_score", "row_score", "mairie_majority",
    "quarter_factor", "missing_weeks", "time_penalty",
    "check_material", "PawnBound", "pawn_bound",
    "penalty_table", "score_sheet_table", "rule_tables",
    "play", "playout",
]
