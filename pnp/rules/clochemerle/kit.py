"""How a kit reaches the Clochemerle rules model: its components read as the model's material.

Contract: `kit_material(kit, params)` returns `(Material, problems)` read from the kit's data, every
card and sheet value keeping the `Ref` of its YAML line:
- place cards: the cards of the deck `params.places` ("lieux"); a card's fields `place`, `name`,
  `order`, `icons`, `malus`, `rule`, `grid`, `crowd` are the entry of places.py (other fields are
  the layout's own); a card with `copies: n` counts n times;
- event cards: the cards of the deck `params.events` ("clochemerle"): `title`, `text`, `signs`;
- the time track, the tokens and the score sheet: the fields of the sheets `params.track`
  ("piste"), `params.tokens` ("jetons") and `params.score_sheet` ("score"), in the shapes of
  material.py (other fields are the layout's own). The score sheet's `blocks` must be the number
  of grids its layout prints (tables bound to `rules.score_sheet`).
`RULES_MODEL` is the registered model "clochemerle": its check is the model's `check_material`
on that material (with `params.playouts` seeded play-outs when asked), its tables `rule_tables`.
"""
from __future__ import annotations

from ...model.schema import Field

from ...errors import Problem, suggest
from ..base import RulesModel, register
from .check import check_material
from .material import Material, ScoreSheet, Tokens, Track, _read_one
from .params import Params
from .places import EventCard, PlaceCard
from .tables import rule_tables

PLACE_FIELDS = ("place", "name", "order", "icons", "malus", "rule", "grid", "crowd")
EVENT_FIELDS = ("title", "text", "signs")
SHEETS = {  # params key -> (model class, the fields it reads, what the sheet holds)
    "track": (Track, ("start", "end", "quarters"), "the time track"),
    "tokens": (Tokens, ("plus", "minus", "new_row", "dice", "pawns_per_colour", "colours"), "the tokens"),
    "score_sheet": (ScoreSheet, ("title", "blocks", "columns", "rows"), "the score sheet"),
}


class KitParams(Params):
    """The rules' numbers (params.py), the names of the kit's components, and play-outs to run."""

    places: str = "lieux"
    events: str = "clochemerle"
    track: str = "piste"
    tokens: str = "jetons"
    score_sheet: str = "score"
    playouts: int = Field(0, ge=0, le=200)
    seed: int = 0


def kit_material(kit, params: KitParams) -> tuple[Material, list[Problem]]:
    problems: list[Problem] = []
    places = _cards(kit, params.places, PLACE_FIELDS, PlaceCard, "place cards", problems)
    events = _cards(kit, params.events, EVENT_FIELDS, EventCard, "event cards", problems)
    sheets = {key: _sheet(kit, getattr(params, key), key, problems) for key in SHEETS}
    return Material(tuple(places), tuple(events), **sheets), problems


def _cards(kit, name: str, keys: tuple[str, ...], cls, what: str, problems: list[Problem]) -> list:
    deck = kit.deck(name)
    if deck is None:
        problems.append(_missing(kit, name, "deck", what, "places" if cls is PlaceCard else "events"))
        return []
    out = []
    for card in deck.cards:
        data = {key: card.fields[key] for key in keys if card.fields.get(key) is not None}
        read = _read_one(lambda d, ref: cls.from_data(d, ref), data, card.ref, problems)
        out += [read] * card.copies if read is not None else []
    return out


def _sheet(kit, name: str, key: str, problems: list[Problem]):
    cls, keys, what = SHEETS[key]
    sheet = kit.sheet(name)
    if sheet is None:
        problems.append(_missing(kit, name, "sheet", what, key))
        return None
    fields = sheet.pages[0].fields if sheet.pages else sheet.spec.fields
    data = {k: fields[k] for k in keys if k in fields}
    return _read_one(lambda d, ref: cls.from_data(d, ref), data, sheet.ref.child("fields"), problems)


def _missing(kit, name: str, kind: str, what: str, key: str) -> Problem:
    known = [d.name for d in kit.decks] if kind == "deck" else [s.name for s in kit.sheets]
    return Problem(f"the kit has no {kind} named {name!r} for {what} (list its file in components, or set "
                   f"rules.params.{key})", f"rules.{key}", kit.game_ref.child("components"), got=name,
                   suggestion=suggest(name, known))


def check(kit, params: KitParams) -> list[Problem]:
    material, problems = kit_material(kit, params)
    problems += _printed_blocks(kit, params, material.score_sheet)
    found = check_material(material, params, playouts=params.playouts, seed=params.seed)
    # a sheet that is missing or unreadable is already reported above, with its file and line
    return problems + [p for p in found if not (p.what.startswith("the kit has no ") and p.ref is None)]


def _printed_blocks(kit, params: KitParams, sheet: ScoreSheet | None) -> list[Problem]:
    """rules: "une feuille permet de faire 6 décomptes" — the layout prints `blocks` score grids."""
    component = kit.sheet(params.score_sheet)
    layout = kit.layouts.get(component.spec.layout) if component is not None else None
    if sheet is None or layout is None:
        return []
    printed = sum(1 for element in layout.elements.values()
                  if element.type == "table" and (element.data or "").removeprefix("rules.") == "score_sheet")
    if printed == sheet.blocks:
        return []
    return [Problem(f"the score sheet has {sheet.blocks} blocks, but its layout {layout.name!r} prints {printed} "
                    "score grids (tables with data: rules.score_sheet)", "score sheet",
                    component.ref.child("fields", "blocks"), got=sheet.blocks, suggestion=str(printed))]


def tables(kit, params: KitParams):
    return rule_tables(kit_material(kit, params)[0], params)


RULES_MODEL = register(RulesModel(
    name="clochemerle",
    summary="Clochemerle à Trifouilly-Les-Oies: worker placement on a 52-week time track, 3-6 players; "
            "place cards, event cards, track, tokens and score sheet checked against the rules.",
    params=KitParams, check=check, tables=tables, playtest=lambda kit, params, players, games, seed:
    _playtest(kit, params, players, games, seed)))


def _playtest(kit, params: KitParams, players: int, games: int, seed: int) -> str:
    """Random placement games to the end of the year: scores, pawns out at once, stuck turns."""
    import random

    from .playout import play

    material = kit_material(kit, params)[0]
    rng = random.Random(seed)
    results = [play(material, players, rng, params) for _ in range(games)]
    most_out = max(max(r.max_out.values()) for r in results)
    turns = [r.turns for r in results]
    best = [max(r.scores.values()) for r in results]
    return (f"{players} players, {games} games: all reached 'fin'; {sum(turns) / games:.0f} turns on average, "
            f"at most {most_out} pawns out for one player, {sum(r.stuck for r in results)} stuck turns; "
            f"winning score {min(best)} to {max(best)}")

__all__ = ["KitParams", "kit_material", "RULES_MODEL", "PLACE_FIELDS", "EVENT_FIELDS"]
