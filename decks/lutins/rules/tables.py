"""The French summary table of the rules card of "Les aventures dans la forêt des lutins".

Contract: `rules_summary(params)` returns a `pnp.rules.base.Table` ("Phase", "Règle") in
French, as printed on the rules card; the wording follows the source and this model's
decisions (decisions.py), the young-player variant and the player count change the rows.
`tables(params)` gives every table by name (`rules.resume` in layouts).
"""
from __future__ import annotations

from pnp.rules import Table
from .check import LutinsParams

_SLIDE = ("Déplacement", "Le lutin glisse tout droit, horizontalement, verticalement ou en diagonale, "
          "jusqu'au prochain obstacle (arbre, lutin, bord du jeu) ; on ne s'arrête jamais avant.")
_TURN_90 = ("Second déplacement", "Facultatif, seulement là où le lutin s'est arrêté : il tourne à 90° "
            "et glisse de nouveau jusqu'au prochain obstacle ou une case d'arrivée.")
_TURN_YOUNG = ("Second déplacement", "Facultatif, seulement là où le lutin s'est arrêté : dans n'importe "
               "quelle direction, jusqu'au prochain obstacle ou une case d'arrivée (variante jeunes joueurs).")


def rules_summary(params: LutinsParams | None = None) -> Table:
    """The rules card's summary table for these parameters."""
    params = params or LutinsParams()
    rows = [
        ("Mise en place", "Un arbre sur chaque case à point ; vos 6 lutins sur vos cases de départ."),
        ("1. Arbre", "Facultatif : déplacez un arbre d'une case dans n'importe quelle direction, jamais sur "
                     "une case de départ, jamais l'arbre que votre voisin de droite vient de déplacer."),
        ("2. Lutin", "Facultatif : déplacez un de vos lutins."),
        _SLIDE,
        _TURN_YOUNG if params.young_variant else _TURN_90,
        ("Interdits", "Pas de saut, un seul pion par case, pas de passage sur les cases de départ des "
                      "côtés, pas de retour sur sa case de départ."),
        ("Chasser", "Un lutin qui atteint une case d'arrivée occupée par un lutin adverse pas encore parti "
                    "le chasse : sur une autre case de départ de sa couleur ou une case libre de la forêt. "
                    "On ne chasse pas ses propres lutins."),
        _players_row(params.players),
        ("Fin", "Le premier qui a amené tous ses lutins sur le côté opposé gagne. Un lutin arrivé ne "
                "bouge plus."),
    ]
    return Table(("Phase", "Règle"), tuple(rows), title="La forêt des lutins — résumé")


def _players_row(players: int) -> tuple[str, str]:
    if players == 2:
        return ("À deux", "Chacun joue deux couleurs à angle droit et change de couleur à chaque tour.")
    return ("À 3 ou 4", "Un seul lutin à la fois dans la forêt (plusieurs seulement après avoir été chassé).")


def tables(params: LutinsParams | None = None) -> dict[str, Table]:
    return {"resume": rules_summary(params)}
