"""The French summary table of the rules card of "Les aventures dans la forêt des lutins".

Contract: `rules_summary(params, players)` returns a `pnp.rules.base.Table` ("Phase", "Règle") in
French, as printed on the rules card; the wording follows the source and this model's
decisions (decisions.py), the young-player variant and the kit's players range (min, max) change
the rows: the one-elf rule for the counts of 3 and more the range holds, the two-colour game when 2
is its only count. `tables(params, players)` gives every table by name (`rules.resume` in layouts)
and the texts the rules card prints: `rules.two_players`, the two-player paragraph of its back
(ending its paragraph; empty when the range has no 2).
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


_TWO = "Chacun joue deux couleurs à angle droit et change de couleur à chaque tour."
_TWO_PARAGRAPH = ("**À deux :** chacun joue deux couleurs à angle droit (par exemple bleu et rouge) et change de "
                  "couleur à chaque tour.\n")  # a paragraph of its own: the text goes on after it


def rules_summary(params: LutinsParams | None = None, players: tuple[int, int] = (2, 4)) -> Table:
    """The rules card's summary table for these parameters and players range."""
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
        _players_row(*players),
        ("Fin", "Le premier qui a amené tous ses lutins sur le côté opposé gagne. Un lutin arrivé ne "
                "bouge plus."),
    ]
    return Table(("Phase", "Règle"), tuple(rows), title="La forêt des lutins — résumé")


def _players_row(low: int, high: int) -> tuple[str, str]:
    """rules: "chaque joueur ne met en jeu qu'un seul lutin à la fois" (decision: ONE_ELF), for the
    range's counts of 3 and more; the two-colour game when the range is 2 players only."""
    counts = [str(n) for n in range(max(low, 3), high + 1)]
    if not counts:
        return ("À deux", _TWO)
    label = "À " + (" ou ".join(counts) if len(counts) <= 2 else f"{counts[0]} à {counts[-1]}")
    return (label, "Un seul lutin à la fois dans la forêt (plusieurs seulement après avoir été chassé).")


def tables(params: LutinsParams | None = None, players: tuple[int, int] = (2, 4)) -> dict[str, Table | str]:
    return {"resume": rules_summary(params, players), "two_players": _TWO_PARAGRAPH if players[0] == 2 else ""}
