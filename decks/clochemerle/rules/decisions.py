"""Every ambiguity of the Clochemerle rules (v1.0), decided once.

Contract: `DECISIONS` maps a stable name to the choice this rules model makes where the French rules
(../shared/seeds/001_bb569c06f4c67cef.txt) are silent or ambiguous, quoting the words it reads.
Code that applies a decision cites it as `# decision: NAME`; docs/RULES.md lists them all.
"""
from __future__ import annotations

DECISIONS: dict[str, str] = {
    "time_penalty": "'1 pour la première semaine manquante ; 2 pour la deuxième … etc' is cumulative: m missing "
                    "weeks cost m(m+1)/2 (-1, -3, -6, -10 …). It has its own row on the score sheet and is not "
                    "doubled. Rejected: m points for m missing weeks (the text counts each week apart, '2 pour la deuxième', so the second week costs 2 more, not 1), and doubling it in the last quarter (it is not a place's points).",
    "eglise_score": "'les points des lignes où figurent ses pions multiplié par le nombre de pions présents': "
                    "(die + points of the rows of your pawns) × your number of pawns on the card. Rejected: die + (points of the rows × pawns), the die counted once: the sentence adds the rows' points to the die ('auxquels s'ajoutent') and only then says 'multiplié par le nombre de pions', which closes the whole sum it has built.",
    "mairie_ties": "'un pion posé le plus en haut', then 'la ligne d'en dessous celui qui a le plus de pions "
                   "[...] et ainsi de suite': tied players compare the row of their highest pawn (the cells of a "
                   "row are equally high), then, still tied, their pawn counts in each row below it, from the top "
                   "down; the count in that highest row itself never breaks a tie. Still tied, each scores. Rejected: comparing the pawn counts of the highest row itself first (the text goes from 'le plus en haut' straight to 'la ligne d'en dessous'), and giving the tie to nobody ('ils marquent chacun les points de la carte').",
    "bar_score": "Each player present at the bar scores die + the crowd value once ('vos pions' allows several "
                 "pawns). Rejected: die + crowd value once per pawn (the bar counts 'cases occupées', the crowd, not the player's own pawns).",
    "medecin_pawns": "'la case où il a posé son pion' (singular): one pawn per player at the médecin. Jumping k "
                     "patients costs 1 + k weeks and the jumped patients move back one cell. Rejected: several pawns per player at the médecin (the scoring speaks of 'la case où il a posé son pion', one cell), and jumping for free (the text adds '+1 par patient doublé').",
    "mairie_cells": "'n'importe quelle case' means any empty cell; every cell holds one pawn. Rejected: stacking pawns on a taken cell ('n'importe quelle case' is about position; no card holds two pawns on one cell).",
    "boulodrome_expel": "Only 'un pion adverse' can be expelled, for its cost + 3, and the expelling player chooses "
                        "the empty cell it goes to. Rejected: expelling one's own pawn ('un pion adverse'), and letting the expelled player choose its cell (the sentence's subject, the expeller, 'replacez le pion').",
    "malus": "The malus of absent players is 'toujours des points négatifs' (never flipped by the event card) "
             "and is doubled in the last quarter like the rest ('Les points du dernier trimestre sont doublés'). Rejected: flipping the malus with the event card (the icon's text says 'toujours des poins négatifs, quelle que soit la carte clochemerle'), and leaving it out of the doubling (the last quarter's points are doubled as a whole).",
    "pawn_bound": "The player furthest behind always plays, so nobody is more than C weeks ahead (C = the "
                  "longest single action); a player's pawns out at once were placed within 13 + C positions, "
                  "so 10 placement pawns suffice when the 10 cheapest placements cost more than 12 + C weeks. Rejected: trusting the 10 pawns without a bound (a kit with cheaper cells could need more pawns than it prints).",
    "legal_placement": "Every place card must offer, at the start of a quarter and for 3 to 6 players, one legal "
                       "cell to each player in turn: the marché, the médecin and the boulodrome need 6 cells. Rejected: accepting a card that some player cannot use at the start of a quarter (a place a player cannot visit would decide games by seating).",
    "medecin_queue": "At most players_max - 1 patients can wait ahead of a pawn at the médecin (one pawn per player, decision medecin_pawns), so the longest action there, for the check against a quarter and the pawn bound, is 1 + (players_max - 1) weeks however long the printed queue is: a 15-cell queue passes with 6 players. Rejected: measuring the jump over the whole printed queue (its cells beyond players_max can never all hold patients, and a long queue is a designer's free choice of points).",
    "seat_order": "'Les pions sont empilés dans un ordre tiré aléatoirement. Le pion au sommet de la pile jouera en premier': the play-outs draw the stack for each game and number the seats by it, seat 1 the pawn on top (who plays first), so the lab's seat figures are by playing order. The pawns' colours are not told apart by any rule, so no figure is given by colour. Rejected: numbering seats by pawn colour (the starting order, drawn each game, is then averaged away, and a first or last player's edge cannot be seen: measured by colour, every seat looked fair while the last player was not).",
    "end_tie": "The rules crown 'Le joueur avec le plus de points de réputation' and name no tie-break: players tied for the most reputation share the win (each is counted a winner). Rejected: a tie-break of our own, such as the time track or the last quarter's points (the text gives none, and the one tie rule it does give, the mairie's, ends with 'ils marquent chacun les points de la carte'), and nobody winning (someone always has the most points).",
    "event_signs": "Two rows are active at once and the supply is 8 '+' and 4 '-': every pair of event cards fits "
                   "only if each card has four '+' and two '-'. Rejected: free signs per card (two cards out at once could then need more '+' or '-' tokens than the 8 and 4 of 'Matériel').",
    "track": "'fin' is week 52. A new row is turned up when the first player enters week 13q + 1; the older row "
             "is scored when the last player does. Rejected: 'fin' beyond week 52 (the track has 52 weeks) and turning a row when the first player reaches week 13q (the quarter's last week still belongs to it).",
    "quarter_fit": "'Au début du jeu et quand [...] un joueur franchi le premier le début d'un trimestre, tirer la carte [...] et la placer en face d'une ligne des lieux posés face verso', and 'Lorsque le dernier joueur franchit la fin d'un trimestre' the oldest row is scored: the two set-up rows alternate by quarter, so every action (an expulsion, cost + 3, and a jump over the whole médecin queue included) must fit in one quarter (13 weeks); `pnp check` refuses a card with a longer one, at its cell. Rejected: a third row, or turning up the row still on the table (neither exists: there are 'deux cartes pour chacun des 6 lieux' and a row is scored before it is turned up again).",
    "no_move": "The rules do not say what a player does who cannot place a pawn (no pawn left, or no legal cell on the exposed cards): decided, it advances one week on the time track, which keeps the player furthest behind moving and every game finite. Rejected: passing without moving (the same player would be furthest behind again and play for ever) and jumping to the next player's week (a penalty the rules do not give).",
}
