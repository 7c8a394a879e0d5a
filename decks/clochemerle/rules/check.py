"""Is a Clochemerle kit complete and playable? Inventory and derived invariants of the material.

Contract: `check_material(material, params)` returns every problem found (`pnp.core.errors.Problem`,
English `what`, `where` like "place card 'eglise' #2" or "event card 'La fête du cassoulet'", and
the `ref` the data object carries). Errors make the kit unplayable; warnings are worth a look.
It never raises on bad material. A sheet that is None (absent or unreadable) gets no problem here:
its reader reported it once (kit.py, material.read_material). Play-outs are the harness's (`pnp
check` plays them through the model's `playout`, playout.py).

What is checked, and why:
- inventory: 2 cards for each of the 6 places; set-up orders 1-6, each on exactly two cards, the
  same on both cards of a place; 9 event cards with distinct titles; tokens, pawns, dice as listed
  in "Matériel"; a track of 52 weeks = 4 quarters of 13; a score sheet with a row for each scoring
  (4 quarters, the last doubled, the time penalty, the total) and a column for each place and the
  malus.
- event signs: two rows are out at once (the rows of quarters q and q+1), each with its event
  card's 6 signs under its places, from 8 "+" and 4 "-" tokens. So every pair of event cards must
  fit the supply: with 12 tokens for 12 signs, that forces each card to carry four "+" and two "-".
  A card that breaks a pair is named (the one further from that fair share).
- dice: 6 per active row, two rows: 12. Pawns: 1 on the track + 10 to place, per colour, and the
  placement pawns must cover the bound of supply.py. Colours: one per player, up to 6.
- each place card (check_cards.py): costs, bonuses, icons, malus, and a legal placement for every
  player at the start of a quarter, for 3 to 6 players.
"""
from __future__ import annotations

from collections import Counter
from typing import Any
from itertools import combinations

from pnp.rules import Problem
from .check_cards import check_place_card
from .material import Material, ScoreSheet, Tokens, Track
from .params import Params
from .places import MINUS, PLACE_KEYS, PLACES, EventCard, PlaceCard
from .shape import at
from .supply import pawn_bound

PLACES_PER_ROW = len(PLACE_KEYS)
EVENT_TEXT_MAX = 160


def check_material(material: Material, params: Params | None = None) -> list[Problem]:
    params = params or Params()
    problems = [*check_places(material.places, params), *check_events(material.events, params),
                *check_track(material.track, params), *check_tokens(material.tokens, params),
                *check_score_sheet(material.score_sheet, params), *check_supply(material.places, params)]
    return problems


def card_wheres(places: tuple[PlaceCard, ...]) -> list[str]:
    """"place card 'eglise' #2": the place and the card's rank among the cards of that place."""
    seen: Counter = Counter()
    out = []
    for card in places:
        seen[card.place] += 1
        out.append(f"place card {card.place!r} #{seen[card.place]}")
    return out


def check_places(places: tuple[PlaceCard, ...], params: Params) -> list[Problem]:
    problems = _place_counts(places, params) + _orders(places, params)
    for card, where in zip(places, card_wheres(places)):
        problems += check_place_card(card, where, params)
    return problems


def _place_counts(places: tuple[PlaceCard, ...], params: Params) -> list[Problem]:
    # rules: Matériel — "Deux cartes pour chacun des 6 lieux [...] soit douze cartes en tout"
    counts = Counter(card.place for card in places)
    out = []
    for place in PLACE_KEYS:
        if counts[place] != params.cards_per_place:
            extra = next((c.ref for c in places if c.place == place), None) if counts[place] else None
            out.append(Problem(f"{PLACES[place]} has {counts[place]} place card(s), the game needs "
                               f"{params.cards_per_place} (one for each row)", f"place {place!r}", extra,
                               got=counts[place]))
    return out


def _orders(places: tuple[PlaceCard, ...], params: Params) -> list[Problem]:
    # rules: Mise en place — "Mettre en place les cartes de chaque lieu en ligne en ordre croissant
    # de gauche à droite suivant numéro figurant sur le verso, sur deux colonne"
    out: list[Problem] = []
    first: dict[str, tuple[PlaceCard, str]] = {}
    for card, where in zip(places, card_wheres(places)):
        other = first.setdefault(card.place, (card, where))
        if card.order != other[0].order:
            out.append(Problem(f"set-up order {card.order} differs from the {other[0].order} of {other[1]}: "
                               "both cards of a place share one number", where, at(card.ref, "order"),
                               got=card.order, suggestion=str(other[0].order)))
    counts = Counter(card.order for card in places)
    for order in sorted(set(counts) | set(range(1, PLACES_PER_ROW + 1))):
        out += _order_count(order, counts[order], places, params)
    return out


def _order_count(order: int, count: int, places: tuple[PlaceCard, ...], params: Params) -> list[Problem]:
    wanted = params.cards_per_place if 1 <= order <= PLACES_PER_ROW else 0
    if count == wanted:
        return []
    holders = [where for card, where in zip(places, card_wheres(places)) if card.order == order]
    ref = next((at(c.ref, "order") for c in places if c.order == order), None)
    what = (f"set-up order {order} is on {count} card(s) ({', '.join(holders) or 'none'}), the game needs "
            f"{wanted}" + ("" if wanted else f" (orders run 1-{PLACES_PER_ROW})"))
    return [Problem(what, "place cards", ref, got=count)]


def check_events(events: tuple[EventCard, ...], params: Params) -> list[Problem]:
    # rules: Matériel — "9 cartes clochemerle [...] Elles indiquent si un lieu donné rapportera des
    # points positifs ou négatifs"
    out = []
    if len(events) != params.event_cards:
        out.append(Problem(f"{len(events)} event cards, the game needs {params.event_cards}", "rules.event_cards",
                           got=len(events)))
    titles = Counter(event.title for event in events)
    for event in events:
        out += _event_card(event, titles[event.title] > 1)
    return out + _event_pairs(events, params)


def _event_card(event: EventCard, duplicate: bool) -> list[Problem]:
    where = f"event card {event.title!r}"
    out = [Problem("title is used by another event card", where, at(event.ref, "title"))] if duplicate else []
    if not event.text.strip() or len(event.text) > EVENT_TEXT_MAX:
        out.append(Problem(f"text has {len(event.text)} characters, it needs 1 to {EVENT_TEXT_MAX} to tell "
                           "the event on the card", where, at(event.ref, "text"), severity="warning"))
    return out + [Problem(f"has no sign for {PLACES[place]} ({place!r})", where, at(event.ref, "signs"))
                  for place in PLACE_KEYS if place not in event.signs]


def _event_pairs(events: tuple[EventCard, ...], params: Params) -> list[Problem]:
    # rules: Principe — "mettre sous les lieux les pions « + » et « - », en fonction des indications
    # données sur la carte clochemerle"; two rows are out at once, from 8 "+" and 4 "-" tokens.
    fair = {"+": params.plus_tokens / 2, "-": params.minus_tokens / 2}
    blamed: dict[str, Problem] = {}
    for pair in combinations(events, 2):
        for sign, supply in (("+", params.plus_tokens), ("-", params.minus_tokens)):
            need = sum(event.count(sign) for event in pair)
            if need > supply:
                card, other = sorted(pair, key=lambda e: -abs(e.count(sign) - fair[sign]))
                blamed.setdefault(card.title, _pair_problem(card, other, sign, need, supply, fair))
    return list(blamed.values())


def _pair_problem(card: EventCard, other: EventCard, sign: str, need: int, supply: int, fair: Any) -> Problem:
    shown = MINUS if sign == "-" else "+"
    what = (f"has {card.count(sign)} '{shown}' signs: out with event card {other.title!r} "
            f"({other.count(sign)} '{shown}') the two rows need {need} '{shown}' tokens, the supply has "
            f"{supply} (each card must carry {fair['+']:g} '+' and {fair['-']:g} '{MINUS}')")
    return Problem(what, f"event card {card.title!r}", at(card.ref, "signs"), got=card.count(sign))


def check_track(track: Track | None, params: Params) -> list[Problem]:
    # rules: Matériel — "Une échelle de temps de 52 semaines"; Principe — "trimestre"
    if track is None:
        return []
    want = f"{params.weeks} = {params.quarters} quarters × {params.weeks_per_quarter}"
    out = []
    if track.weeks != params.weeks or len(track.quarters) != params.quarters:
        split = ", ".join(str(q.weeks) for q in track.quarters)
        out.append(Problem(f"the track has {track.weeks} weeks in {len(track.quarters)} quarters ({split}), "
                           f"the rules need {want} weeks", "time track", at(track.ref, "quarters"),
                           got=track.weeks))
    out += [Problem(f"quarter {i} has {q.weeks} weeks, the rules need {params.weeks_per_quarter}",
                    "time track", q.ref, got=q.weeks)
            for i, q in enumerate(track.quarters, 1) if q.weeks != params.weeks_per_quarter]
    return out + [Problem(f"the {name} cell has no label", "time track", at(track.ref, key))
                  for key, name in (("start", "départ"), ("end", "fin")) if not getattr(track, key).strip()]


def check_tokens(tokens: Tokens | None, params: Params) -> list[Problem]:
    if tokens is None:
        return []
    # rules: Matériel — 8 "+", 4 "-", 1 "N", 12 dés, "Onze pions par joueur"; two rows of 6 dice
    wanted = {"plus": params.plus_tokens, "minus": params.minus_tokens, "new_row": params.new_row_tokens,
              "dice": params.dice, "pawns_per_colour": params.pawns_per_player}
    out = [Problem(f"{key} is {getattr(tokens, key)}, the rules need {value}", "tokens", at(tokens.ref, key),
                   got=getattr(tokens, key)) for key, value in wanted.items() if getattr(tokens, key) != value]
    if len(tokens.colours) != params.colours:  # rules: "les pions de la couleur qu'il a choisi"
        out.append(Problem(f"{len(tokens.colours)} pawn colours, the rules need {params.colours}", "tokens",
                           at(tokens.ref, "colours"), got=len(tokens.colours)))
    if len(set(tokens.colours)) < params.players_max:
        out.append(Problem(f"{len(set(tokens.colours))} pawn colours for up to {params.players_max} players",
                           "tokens", at(tokens.ref, "colours"), got=list(tokens.colours)))
    return out + _params_supply(params)


def _params_supply(params: Params) -> list[Problem]:
    out = []
    # rules: Matériel — "Un pour compter le temps écoulé et 10 pour se placer"
    if params.pawns_per_player != params.placement_pawns + 1:
        out.append(Problem(f"{params.pawns_per_player} pawns per player, but 1 on the time track + "
                           f"{params.placement_pawns} to place make {params.placement_pawns + 1}", "rules.pawns_per_player"))
    # rules: Principe — "Lancer 6 dés un par un" for each row turned up; two rows are out at once
    if params.dice < 2 * PLACES_PER_ROW:
        out.append(Problem(f"{params.dice} dice, but two active rows of {PLACES_PER_ROW} places need "
                           f"{2 * PLACES_PER_ROW}", "rules.dice", got=params.dice))
    return out


def check_score_sheet(sheet: ScoreSheet | None, params: Params) -> list[Problem]:
    # rules: "Une feuille de score par joueur"; the last quarter doubled; the time penalty
    if sheet is None:
        return []
    columns = {line.key for line in sheet.columns}
    out = [Problem(f"has no column for {PLACES.get(key, 'the malus of absent players')} ({key!r})",
                   "score sheet", at(sheet.ref, "columns")) for key in (*PLACE_KEYS, "malus") if key not in columns]
    rows = {line.key: line for line in sheet.rows}
    for quarter in range(1, params.quarters + 1):
        out += _quarter_row(sheet, rows.get(f"q{quarter}"), quarter, params)
    out += [Problem(f"has no {name} row ({key!r})", "score sheet", at(sheet.ref, "rows"))
            for key, name in (("time", "time penalty"), ("total", "total")) if key not in rows]
    return out


def _quarter_row(sheet: ScoreSheet, row: Any, quarter: int, params: Params) -> list[Problem]:
    factor = 2 if quarter == params.quarters else 1  # rules: "Les points du dernier trimestre sont doublés"
    if row is None:
        return [Problem(f"has no row for quarter {quarter} ('q{quarter}')", "score sheet", at(sheet.ref, "rows"))]
    if row.factor != factor:
        return [Problem(f"row 'q{quarter}' has factor {row.factor}, quarter {quarter} counts × {factor}",
                        "score sheet", at(row.ref, "factor"), got=row.factor, suggestion=str(factor))]
    return []


def check_supply(places: tuple[PlaceCard, ...], params: Params) -> list[Problem]:
    """The placement pawns cover the most pawns a player can have out at once (supply.py)."""
    bound = pawn_bound(places, params.weeks_per_quarter, params.players_max)
    if bound.pawns <= params.placement_pawns:
        return []
    return [Problem(f"a player may have {bound.pawns} pawns out at once ({bound.explain()}), but has only "
                    f"{params.placement_pawns} placement pawns", "rules.placement_pawns", got=bound.pawns)]
