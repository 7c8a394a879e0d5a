"""Every ambiguity of the Clochemerle rules (v1.0), decided once.

Contract: `DECISIONS` maps a stable name to the choice this rules model makes where the French rules
(../shared/seeds/001_bb569c06f4c67cef.txt) are silent or ambiguous, quoting the words it reads.
Code that applies a decision cites it as `# decision: NAME`; docs/RULES.md lists them all.
"""
from __future__ import annotations

DECISIONS: dict[str, str] = {
    "time_penalty": "'1 pour la première semaine manquante ; 2 pour la deuxième … etc' is cumulative: m missing "
                    "weeks cost m(m+1)/2 (-1, -3, -6, -10 …). It has its own row on the score sheet and is not "
                    "doubled.",
    "eglise_score": "'les points des lignes où figurent ses pions multiplié par le nombre de pions présents': "
                    "(die + points of the rows of your pawns) × your number of pawns on the card.",
    "mairie_ties": "'un pion posé le plus en haut', then 'la ligne d'en dessous celui qui a le plus de pions "
                   "[...] et ainsi de suite': tied players compare the row of their highest pawn (the cells of a "
                   "row are equally high), then, still tied, their pawn counts in each row below it, from the top "
                   "down; the count in that highest row itself never breaks a tie. Still tied, each scores.",
    "bar_score": "Each player present at the bar scores die + the crowd value once ('vos pions' allows several "
                 "pawns).",
    "medecin_pawns": "'la case où il a posé son pion' (singular): one pawn per player at the médecin. Jumping k "
                     "patients costs 1 + k weeks and the jumped patients move back one cell.",
    "mairie_cells": "'n'importe quelle case' means any empty cell; every cell holds one pawn.",
    "boulodrome_expel": "Only 'un pion adverse' can be expelled, for its cost + 3, and the expelling player chooses "
                        "the empty cell it goes to.",
    "malus": "The malus of absent players is 'toujours des points négatifs' (never flipped by the event card) "
             "and is doubled in the last quarter like the rest ('Les points du dernier trimestre sont doublés').",
    "pawn_bound": "The player furthest behind always plays, so nobody is more than C weeks ahead (C = the "
                  "longest single action); a player's pawns out at once were placed within 13 + C positions, "
                  "so 10 placement pawns suffice when the 10 cheapest placements cost more than 12 + C weeks.",
    "legal_placement": "Every place card must offer, at the start of a quarter and for 3 to 6 players, one legal "
                       "cell to each player in turn: the marché, the médecin and the boulodrome need 6 cells.",
    "event_signs": "Two rows are active at once and the supply is 8 '+' and 4 '-': every pair of event cards fits "
                   "only if each card has four '+' and two '-'.",
    "track": "'fin' is week 52. A new row is turned up when the first player enters week 13q + 1; the older row "
             "is scored when the last player does.",
}
