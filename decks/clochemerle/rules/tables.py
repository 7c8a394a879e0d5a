"""Tables that the printed material of Clochemerle shows, produced by the rules model.

Contract: each function returns a `pnp.rules.base.Table` in French (the game's language);
`rule_tables(material, params)` returns them by name for layouts (`rules.NAME`):
- "time_penalty": missing weeks 1..N -> cumulative penalty (scoring.time_penalty), for the track;
- "time_penalty_row": the same, laid across (one column per missing week), for the score sheet;
- "score_sheet": the score sheet's grid, row labels down the side, column labels across, empty
  cells to write in (from the score sheet data);
- "icons": the legend of the place cards' icons (rules: Signification des icônes);
- "setup": the set-up of the place cards in words, for the rules aid (a text, `{rules.setup}`);
- the rule constants the code plays with, so that what prints them follows the code (whole numbers):
  "mairie_bonus" (the mairie's bonus, scoring.MAIRIE_BONUS), "expel_weeks" (the boulodrome's extra
  weeks to expel a pawn), "doctor_weeks" and "jump_weeks" (the médecin's queue and each patient
  jumped, placement.py), "quarter_factor" (what the last quarter's points are multiplied by,
  scoring.quarter_factor); and "last_quarter", that factor in words ("compte double").
Negative numbers use the typographic minus sign U+2212 ("−1"), as printed French does.
"""
from __future__ import annotations

from pnp.rules import Table
from .material import Material, ScoreSheet, default_score_sheet_data
from .params import Params
from .places import ICONS, MINUS, PLACE_KEYS
from .placement import DOCTOR_WEEKS, EXPEL_EXTRA_WEEKS, JUMP_WEEKS
from .scoring import MAIRIE_BONUS, quarter_factor, time_penalty

PENALTY_ROWS = 6

# rules: Signification des icônes — the legend printed with the place cards.
ICON_LEGEND = {
    "one_pawn": "Un seul pion par joueur sur la carte",
    "several_pawns": "Un joueur peut poser plusieurs pions sur la carte",
    "malus": "Malus pour chaque joueur sans pion sur la carte au décompte (toujours négatif)",
    "cell_bonus": "Points de la case, ajoutés au dé (signe selon la carte clochemerle)",
    "time_cost": "Semaines dépensées pour poser son pion sur cette case",
}
assert set(ICON_LEGEND) == set(ICONS)


def fr_signed(value: int) -> str:
    """A signed number as printed: "+3", "−3", "0"."""
    if value < 0:
        return f"{MINUS}{-value}"
    return f"+{value}" if value > 0 else "0"


def penalty_table(rows: int = PENALTY_ROWS) -> Table:
    """Missing weeks at "fin" -> reputation lost (cumulative: −1, −3, −6 ...)."""
    # rules: Tour d'un joueur — "1 pour la première semaine manquante ; 2 pour la deuxième [...] etc"
    body = tuple((str(missing), fr_signed(time_penalty(missing))) for missing in range(1, rows + 1))
    note = "Chaque semaine manquante coûte un point de plus que la précédente : 1, 2, 3 …"
    return Table(header=("Semaines manquantes", "Pénalité"), rows=body, title="Pénalité de temps",
                 notes=(note,))


def penalty_row_table(rows: int = PENALTY_ROWS + 2) -> Table:
    """The penalty table laid across: "Semaines manquantes | 1 | 2 ..." over "Pénalité | −1 | −3 ..."."""
    table = penalty_table(rows)
    header = (table.header[0],) + tuple(row[0] for row in table.rows)
    return Table(header=header, rows=((table.header[1],) + tuple(row[1] for row in table.rows),),
                 title=table.title, notes=table.notes)


def score_sheet_table(sheet: ScoreSheet | None = None) -> Table:
    """The blank grid of the score sheet: one row per scoring, one column per place and the malus."""
    sheet = sheet or ScoreSheet.from_data(default_score_sheet_data())
    header = ("",) + tuple(column.label for column in sheet.columns)
    rows = tuple((row.label,) + ("",) * len(sheet.columns) for row in sheet.rows)
    return Table(header=header, rows=rows, title=sheet.title)


def icon_table() -> Table:
    return Table(header=("Icône", "Signification"), rows=tuple((f":{key}:", text) for key, text in ICON_LEGEND.items()),
                 title="Signification des icônes")


def setup_text(params: Params) -> str:
    """rules: Mise en place — the place cards "en deux lignes de 6", set-up side up, in the order of
    their numbers (the rows follow `cards_per_place`)."""
    rows = params.cards_per_place
    words = NUMBER_WORDS.get(rows, str(rows))
    return (f"les {rows * PLACES_PER_ROW} cartes lieu face verso, en {words} ligne{'s' if rows > 1 else ''} de "
            f"{PLACES_PER_ROW}, numéros 1 à {PLACES_PER_ROW} de gauche à droite")


PLACES_PER_ROW = len(PLACE_KEYS)  # one card of each place a row
NUMBER_WORDS = {1: "une", 2: "deux", 3: "trois", 4: "quatre"}


def last_quarter(factor: int) -> str:
    """rules: Principe des décomptes — "Les points du dernier trimestre sont doublés": the factor in words."""
    return {1: "compte comme les autres", 2: "compte double", 3: "compte triple"}.get(factor, f"compte {factor} fois")


def rule_tables(material: Material | None = None, params: Params | None = None) -> dict[str, Table | str | int]:
    """The tables by name, the set-up text of the rules aid (`rules.setup`) and the rule constants."""
    sheet = material.score_sheet if material is not None else None
    params = params or Params()
    factor = quarter_factor(params.quarters, params.quarters)
    return {"time_penalty": penalty_table(), "time_penalty_row": penalty_row_table(),
            "score_sheet": score_sheet_table(sheet), "icons": icon_table(), "setup": setup_text(params),
            "mairie_bonus": MAIRIE_BONUS, "expel_weeks": EXPEL_EXTRA_WEEKS, "doctor_weeks": DOCTOR_WEEKS,
            "jump_weeks": JUMP_WEEKS, "quarter_factor": factor, "last_quarter": last_quarter(factor)}
