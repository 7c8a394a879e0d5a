"""The designed material of Clochemerle à Trifouilly-Les-Oies, as plain YAML-ready data.

Contract: every `default_*_data()` returns fresh plain data (dicts, lists, ints, strings) in the
shape documented in places.py / material.py, ready to be dumped as the kit's YAML. The source
gives no numbers for the cards; these are designed here, and `check.py` proves the invariants.

Why these numbers:
- Time is the currency: a quarter is 13 weeks. Cheap cells (1-2 weeks) score little, dear cells
  (3-4 weeks) score more, so a player chooses between many small visits and few strong ones.
- The only 1-week placements are limited to one pawn per player: the back of the médecin queue
  and the last stalls of the marché. Multi-pawn places (église, mairie, bar, boulodrome) cost 3-4
  weeks, with just three 2-week cells in the whole set. That is what keeps the pawn supply enough:
  with the longest action at 6 weeks (médecin jumping 5 patients, boulodrome expelling from a
  3-week cell), the ten cheapest placements of two rows cost 1+1+1+1+2+2+2+3+3+3 = 19 weeks, more
  than the 18 a player can spend while a row stays out (see supply.py): at most 10 pawns out.
- Every card has at least 6 cells (9 for église and mairie), so each of 6 players can visit each
  place once a quarter.
- Église: the multiplier (dé + lignes) × pions rewards a crowd of one's own pawns, so its row points
  stay low (2-1-0 and 3-1-0) and its rangs cost 3-4 weeks; later pawns push earlier ones up to
  the better rows. Its two cards carry a malus (-1, -2): missing mass is noticed.
- Mairie: the prize is fixed (dé + 10), so cells only differ by cost: the top row, which wins
  ties, costs 4 weeks, the rows below 3 (one 2-week cell on the second card). Card 2 has a -2
  malus for those who never show up at the town hall.
- Bar: the value grows with the crowd (convex on card 1: 0, 1, 2, 4, 6, 8; linear on card 2), so
  a crowded bar pays everyone present, and hurts everyone under a "-" event.
- Marché: first come, first served: the early stalls cost 3 weeks and score 4-5, the last ones
  1 week for 0-1 points, a cheap filler for late players.
- Boulodrome: 2-3 weeks for 1-5 points, the best cells worth expelling someone (+3 weeks).
- Médecin: the front of the queue scores most (5-6), the back nothing; jumping costs time.
- Events: each card has four "+" and two "-" (forced by the 8 "+" / 4 "-" tokens, see check.py);
  the nine "-" pairs are the 3 x 3 pairs of {église, mairie, bar} x {marché, boulodrome, médecin},
  so every place is "-" on exactly three of the nine cards.
"""
from __future__ import annotations

from typing import Sequence

_EGLISE_RULE = "Rang au choix : pion sur la dernière case, les autres montent ; rang plein, fermé. (Dé + vos lignes) × vos pions."
_MAIRIE_RULE = "Pion sur une case vide au choix. Seul le majoritaire marque dé + 10 ; égalité : le pion le plus haut."
_BAR_RULE = "Pions sur des cases vides au choix. Chaque joueur présent marque dé + valeur du nombre de cases occupées."
_MARCHE_RULE = "Un seul pion par joueur, sur la première case libre. Marquez dé + points de la case."
_BOULO_RULE = "Case vide au choix, ou chassez un pion adverse vers une case vide (coût + 3). Dé + points de vos cases."
_MEDECIN_RULE = "Un seul pion : fin de la file pour 1 semaine, +1 par patient doublé. Dé + points de la case."


def _cells(*rows: Sequence) -> list[list[dict]]:
    """Grid rows from tuples: (weeks, points); None for an absent number."""
    return [[{k: v for k, v in (("weeks", w), ("points", p)) if v is not None} for w, p in row] for row in rows]


def _eglise(costs: list[int], points: list[int], malus: int) -> dict:
    rows = [[(None, p)] * len(costs) for p in points[:-1]] + [[(w, points[-1]) for w in costs]]
    return {"place": "eglise", "name": "L'église", "order": 1, "malus": malus, "rule": _EGLISE_RULE,
            "icons": ["several_pawns", "malus", "cell_bonus", "time_cost"], "grid": _cells(*rows)}


def _mairie(weeks: list[list[int]], malus: int | None) -> dict:
    card = {"place": "mairie", "name": "La mairie", "order": 2, "rule": _MAIRIE_RULE,
            "icons": ["several_pawns", "time_cost"] + (["malus"] if malus else []),
            "grid": _cells(*[[(w, None) for w in row] for row in weeks])}
    return card | ({"malus": malus} if malus else {})


def _bar(weeks: list[list[int]], crowd: list[int]) -> dict:
    return {"place": "bar", "name": "Le bar PMU", "order": 3, "rule": _BAR_RULE,
            "icons": ["several_pawns", "time_cost"], "crowd": crowd,
            "grid": _cells(*[[(w, None) for w in row] for row in weeks])}


def _marche(*rows: tuple) -> dict:
    return {"place": "marche", "name": "Le marché en plein air", "order": 4, "rule": _MARCHE_RULE,
            "icons": ["one_pawn", "cell_bonus", "time_cost"], "grid": _cells(*rows)}


def _boulodrome(*rows: tuple) -> dict:
    return {"place": "boulodrome", "name": "Le boulodrome", "order": 5, "rule": _BOULO_RULE,
            "icons": ["several_pawns", "cell_bonus", "time_cost"], "grid": _cells(*rows)}


def _medecin(*rows: list[int]) -> dict:
    return {"place": "medecin", "name": "Le médecin", "order": 6, "rule": _MEDECIN_RULE,
            "icons": ["one_pawn", "cell_bonus", "time_cost"],
            "grid": _cells(*[[(None, p) for p in row] for row in rows])}


def default_places_data() -> list[dict]:
    """The 12 place cards: for each place, in set-up order, its card 1 then its card 2."""
    return [
        _eglise([3, 3, 4], [2, 1, 0], -1), _eglise([3, 4, 4], [3, 1, 0], -2),
        _mairie([[4, 4, 4], [3, 3, 3], [3, 3, 3]], None), _mairie([[4, 4, 4], [3, 3, 3], [3, 3, 2]], -2),
        _bar([[2, 3, 3], [3, 4, 4]], [0, 1, 2, 4, 6, 8]), _bar([[3, 3, 3], [3, 3, 3]], [1, 2, 3, 4, 5, 6]),
        _marche(((3, 4), (3, 3), (2, 3)), ((2, 2), (1, 1), (1, 0))),
        _marche(((3, 5), (2, 3), (2, 2)), ((2, 2), (1, 1), (1, 1))),
        _boulodrome(((2, 1), (3, 2), (3, 3)), ((3, 2), (3, 3), (3, 4))),
        _boulodrome(((3, 2), (3, 3), (3, 4)), ((3, 1), (3, 3), (3, 5))),
        _medecin([5, 4, 3], [2, 1, 0]), _medecin([6, 4, 2], [1, 0, 0]),
    ]


_EVENTS = [
    ("Le sermon du potiron", ("eglise", "marche"),
     "En chaire, le curé a traité de péché d'orgueil le potiron géant de Mme Pichon. "
     "Les maraîchers boudent la messe, la messe boude le marché."),
    ("La boule dans la cloche", ("eglise", "boulodrome"),
     "Un tir raté a fait sonner la cloche en pleine sieste. Le curé maudit les boulistes, "
     "qui accusent le Bon Dieu d'avoir bougé."),
    ("L'eau bénite miraculeuse", ("eglise", "medecin"),
     "Le bedeau jure que l'eau bénite soigne les cors aux pieds. Le docteur crie au charlatan ; "
     "tout le village compare ses orteils."),
    ("La fête du cassoulet", ("mairie", "marche"),
     "Au concours du cassoulet, le maire a couronné sa belle-sœur. Les maraîchers parlent de "
     "haricots truqués."),
    ("Le cochonnet municipal", ("mairie", "boulodrome"),
     "Le conseil veut taxer les cochonnets. Les boulistes assiègent la mairie, le maire se cache "
     "derrière le monument aux morts."),
    ("Le certificat de complaisance", ("mairie", "medecin"),
     "Le docteur a signé au maire un certificat d'allergie aux conseils municipaux. "
     "Tout Trifouilly réclame le même."),
    ("Les olives de la discorde", ("bar", "marche"),
     "Le patron du PMU a acheté ses olives à Trifouilly-les-Bains. Au marché, on parle de haute "
     "trahison jusqu'au lavoir."),
    ("La mène mesurée", ("bar", "boulodrome"),
     "Une mène mesurée au mètre de couturière divise le village : au bar, on ne trinque plus, "
     "au boulodrome, on ne pointe plus."),
    ("Le régime du facteur", ("bar", "medecin"),
     "Le docteur a mis le facteur au régime sans pastis. Le PMU crie au complot, le facteur ne "
     "distribue plus le courrier du cabinet."),
]
_PLACE_ORDER = ("eglise", "mairie", "bar", "marche", "boulodrome", "medecin")


def default_events_data() -> list[dict]:
    """The 9 clochemerle cards, each with four "+" and two "-"."""
    return [{"title": title, "text": text,
             "signs": {place: "-" if place in minus else "+" for place in _PLACE_ORDER}}
            for title, minus, text in _EVENTS]


def default_track_data() -> dict:
    """The 52-week time track: "Départ", 4 quarters of 13 weeks, the 52nd week is "Fin"."""
    labels = ("1er trimestre", "2e trimestre", "3e trimestre", "4e trimestre")
    return {"start": "Départ", "end": "Fin", "quarters": [{"label": label, "weeks": 13} for label in labels]}


def default_tokens_data() -> dict:
    """Tokens, pawns and dice of the "Matériel" list."""
    return {"plus": 8, "minus": 4, "new_row": 1, "dice": 12, "pawns_per_colour": 11,
            "colours": ["rouge", "bleu", "vert", "jaune", "noir", "blanc"]}


def default_score_sheet_data() -> dict:
    """The score sheet: one row per scoring, one column per place plus the malus."""
    places = [("eglise", "Église"), ("mairie", "Mairie"), ("bar", "Bar PMU"), ("marche", "Marché"),
              ("boulodrome", "Boulodrome"), ("medecin", "Médecin")]
    columns = [{"key": k, "label": v} for k, v in places]
    columns += [{"key": "malus", "label": "Malus"}, {"key": "sum", "label": "Total"}]
    rows = [{"key": f"q{q}", "label": f"{label} trimestre", "factor": 1}
            for q, label in enumerate(("1er", "2e", "3e"), 1)]
    rows += [{"key": "q4", "label": "4e trimestre (× 2)", "factor": 2},
             {"key": "time", "label": "Pénalité de temps"}, {"key": "total", "label": "Total"}]
    return {"title": "Feuille de score", "blocks": 6, "columns": columns, "rows": rows}
