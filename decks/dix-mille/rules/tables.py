"""The tables printed on the Le 10 000 reference card, produced from the rule parameters.

Contract: `scoring_table(params)` is every scoring combination and its points (single 1 and 5,
brelans, carrés and five of a kind of each face, the straights), with French labels: header
("Combinaison", "Points"), dice as plain digits separated by spaces ("1 1 1"), points in French
format with a narrow no-break space (U+202F) as thousands separator ("1\u202f000"); its notes hold
the straight's one-throw rule, the combining of kept dice and the five-1s variant when enabled.
`turn_table(params)` summarizes the turn and game rules. `reference_tables(params)` returns both by
name ("scoring", "turn"), the shape `RulesModel.tables` expects. A tweak of any value changes them.
"""
from __future__ import annotations

from .params import DixMilleParams
from pnp.rules import Table
from .scoring import combinations

THOUSANDS = "\u202f"  # narrow no-break space, the French thousands separator
UNIT = "\u00a0"       # no-break space between a number and "pts"


def fr_number(value: int) -> str:
    """`10000` → "10\u202f000" (French grouping of thousands)."""
    return f"{value:,}".replace(",", THOUSANDS)


def pts(value: int) -> str:
    return f"{fr_number(value)}{UNIT}pts"


def scoring_table(params: DixMilleParams | None = None) -> Table:
    """Every scoring combination and its points, in reading order."""
    params = params or DixMilleParams()
    rows = tuple((group.label, fr_number(group.points)) for group in combinations(params))
    return Table(("Combinaison", "Points"), rows, "Combinaisons", _scoring_notes(params))


def _scoring_notes(params: DixMilleParams) -> tuple[str, ...]:
    notes = ["Les autres dés seuls ne valent rien."]  # rules: "Les autres valeurs ne valent rien."
    if params.straight_faces():
        # rules: "Suite en un coup : 1500 pts. Suite en plusieurs coup : 0"
        notes.append("Suite : seulement en un seul lancer des 5 dés ; en plusieurs lancers, elle ne vaut rien.")
    # decision: combining — kept dice combine with new ones, the group replaces the singles
    notes.append(f"Les dés gardés se combinent avec les nouveaux : 5 5 gardés puis un 5 font un brelan "
                 f"({pts(params.kind_value(5, 3))}, au lieu de {pts(2 * params.single_five)}).")
    if params.five_ones_wins:
        # rules: "Variante : 1, 1, 1, 1, 1 vous fait gagner immédiatement la partie."
        notes.append("Variante : 1 1 1 1 1 fait gagner immédiatement la partie.")
    return tuple(notes)


def turn_table(params: DixMilleParams | None = None) -> Table:
    """The turn and game rules, one situation a row."""
    params = params or DixMilleParams()
    rows = (
        # rules: "Si vous n'avez aucun point, vous perdez le bénéfice du tour"
        ("Aucun dé ne rapporte", "Tour perdu : on ne marque rien."),
        # rules: "on ne relance jamais des dés qui rapportent"
        ("Des dés rapportent", "On les garde (on ne les relance jamais)."),
        # rules: "soit les 5 dés sont impliqués … vous êtes obligé de relancer tous les dés"
        ("Les 5 dés rapportent", "Obligation de relancer les 5 dés ; les points se cumulent."),
        ("Il reste des dés", "Relancer les dés restants, ou s'arrêter : marquer le total du tour et "
                             "proposer les dés restants au suivant (« 900 pts, un dé ? »)."),
        # rules: "S'il réalise des points, alors il cumule ses points aux vôtres"
        ("Défi accepté", "Lancer les dés proposés : s'ils rapportent, ajouter les points proposés et "
                         "continuer ; sinon, tour perdu."),
        ("Défi refusé", "Lancer les 5 dés normalement."),
        ("Assassinat", "Un autre joueur marque exactement votre score : vous chutez."),
        ("Dépassement", f"Plus de {pts(params.target)} à la marque : vous chutez."),
        ("Chute", _fall_rule(params)),
        ("Victoire", f"{pts(params.target)} exactement : on finit le tour de table ; si personne ne "
                     f"vous a fait chuter, vous gagnez."),
    )
    return Table(("Situation", "Règle"), rows, "Déroulement")


def _fall_rule(params: DixMilleParams) -> str:
    # rules: Chute — "vous retombez à 0 Pts … Sauf si vous aviez dépassé 5 000 Pts" (decision: floor)
    if params.floor == 0:
        return f"Retour à 0{UNIT}pts."
    return f"Retour à 0{UNIT}pts, ou à {pts(params.floor)} si vous aviez dépassé {pts(params.floor)}."


def reference_tables(params: DixMilleParams | None = None) -> dict[str, Table | str]:
    """The reference card's tables by name, for `RulesModel.tables`."""
    return {"scoring": scoring_table(params), "turn": turn_table(params)}
