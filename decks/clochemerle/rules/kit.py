"""How a kit reaches the Clochemerle rules model: its components read as the model's material.

Contract: `kit_material(kit, params)` (the model's `read`) returns `(Material, problems)` read from
the kit's data, every card and sheet value keeping the `Ref` of its YAML line:
- place cards: the cards of the deck `params.places` ("lieux"); a card's fields `place`, `name`,
  `order`, `icons`, `malus`, `rule`, `grid`, `crowd` are the entry of places.py (other fields are
  the layout's own); a card with `copies: n` counts n times;
- event cards: the cards of the deck `params.events` ("clochemerle"): `title`, `text`, `signs`;
- the time track, the tokens and the score sheet: the fields of the sheets `params.track`
  ("piste"), `params.tokens` ("jetons") and `params.score_sheet` ("score"), in the shapes of
  material.py (other fields are the layout's own). The score sheet's `blocks` must be the number
  of grids its layout prints (tables bound to `rules.score_sheet`).
An absent component is reported once, here (the material then lacks it). `model` is the
kit's rules model: its check is the model's `check_material` on that material (with
its tables `rule_tables`, its play-outs `fastyear.playout` (the harness plays them), its seats the
players the rules allow and the pawn colours printed.
"""
from __future__ import annotations

from typing import Any

from pnp.rules import Kit, Problem, RulesModel, Seats, component, sheet_fields
from pnp.rules.toolkit.dice import net_problems
from .check import check_material
from .fastyear import playout
from .material import Material, ScoreSheet, Tokens, Track, _read_one
from .params import Params
from .places import EventCard, PlaceCard
from .shape import at
from .tables import rule_tables

PLACE_FIELDS = ("place", "name", "order", "icons", "malus", "rule", "grid", "crowd")
EVENT_FIELDS = ("title", "text", "signs")
DECKS = {  # params key -> (card class, the fields it reads, what the deck holds)
    "places": (PlaceCard, PLACE_FIELDS, "place cards"),
    "events": (EventCard, EVENT_FIELDS, "event cards"),
}
SHEETS = {  # params key -> (model class, the fields it reads, what the sheet holds)
    "track": (Track, ("start", "end", "quarters"), "the time track"),
    "tokens": (Tokens, ("plus", "minus", "new_row", "dice", "pawns_per_colour", "colours"), "the tokens"),
    "score_sheet": (ScoreSheet, ("title", "blocks", "columns", "rows"), "the score sheet"),
}


class KitParams(Params):
    """The rules' numbers (params.py) and the names of the kit's components."""

    places: str = "lieux"
    events: str = "clochemerle"
    track: str = "piste"
    tokens: str = "jetons"
    score_sheet: str = "score"


def kit_material(kit: Kit, params: KitParams) -> tuple[Material, list[Problem]]:
    problems: list[Problem] = []
    decks = {key: _cards(kit, getattr(params, key), key, problems) for key in DECKS}
    sheets: dict[str, Any] = {key: _sheet(kit, getattr(params, key), key, problems) for key in SHEETS}
    problems += _printed_blocks(kit, params, sheets["score_sheet"])
    # rules: Matériel — "12 petits dés à 6 faces": the fold-up nets the kit prints are that many
    problems += net_problems(kit, params.dice, rule="rules: Matériel — 12 petits dés")
    return Material(**decks, **sheets), problems


def _cards(kit: Kit, name: str, key: str, problems: list[Problem]) -> Any:
    cls: Any
    cls, fields, what = DECKS[key]
    deck, found = component(kit, "deck", name, key, what)
    problems += found
    out = []
    for card in deck.cards if deck is not None else ():
        data = {field: card.fields[field] for field in fields if card.fields.get(field) is not None}
        read = _read_one(lambda d, ref: cls.from_data(d, ref), data, card.ref, problems)
        out += [read] * card.copies if read is not None else []
    return tuple(out)


def _sheet(kit: Kit, name: str, key: str, problems: list[Problem]) -> Any:
    cls: Any
    cls, fields, what = SHEETS[key]
    sheet, found = component(kit, "sheet", name, key, what)
    problems += found
    if sheet is None:
        return None
    data, ref = sheet_fields(sheet, fields)
    return _read_one(lambda d, r: cls.from_data(d, r), data, ref, problems)


def _printed_blocks(kit: Kit, params: KitParams, sheet: ScoreSheet | None) -> list[Problem]:
    """rules: "une feuille permet de faire 6 décomptes" — the layout prints `blocks` score grids."""
    found = kit.sheet(params.score_sheet)
    layout = kit.layouts.get(found.spec.layout) if found is not None else None
    if sheet is None or layout is None:
        return []
    printed = sum(1 for element in layout.elements.values()
                  if element.type == "table" and (element.data or "").removeprefix("rules.") == "score_sheet")
    if printed == sheet.blocks:
        return []
    return [Problem(f"the score sheet has {sheet.blocks} blocks, but its layout {layout.name!r} prints {printed} "
                    "score grids (tables with data: rules.score_sheet)", "score sheet",
                    at(sheet.ref, "blocks"), got=sheet.blocks, suggestion=str(printed))]


def check(material: Material, params: KitParams) -> list[Problem]:
    return check_material(material, params)


def seats(material: Material, params: KitParams) -> list[Seats]:
    """rules: "pour 3 à 6 joueurs" (the params' range), each with pawns of a colour of its own."""
    out = [Seats(f"the rules model plays {params.players_min} to {params.players_max} players "
                 "(rules.players_min, rules.players_max)", high=params.players_max, low=params.players_min)]
    if material.tokens is not None:
        colours = len(set(material.tokens.colours))
        out.append(Seats(f"the sheet {params.tokens!r} prints pawns of {colours} colours", high=colours))
    return out


model = RulesModel(
    name="clochemerle",
    summary="Clochemerle à Trifouilly-Les-Oies: worker placement on a 52-week time track, 3-6 players; "
            "place cards, event cards, track, tokens and score sheet checked against the rules.",
    params=KitParams, check=check, tables=rule_tables,
    playout=playout, read=kit_material, seats=seats)

__all__ = ["KitParams", "kit_material", "model", "seats", "PLACE_FIELDS", "EVENT_FIELDS"]
