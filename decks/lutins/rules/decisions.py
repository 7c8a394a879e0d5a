"""Every ambiguity of the source rules of "Les aventures dans la forêt des lutins", decided once.

Contract: `DECISIONS` is the single list of the choices this rules model makes where the French
source (a library catalogue entry, /work/shared/seeds/002_690b29dd3583ee7b.txt) is silent or
ambiguous: a stable name (code comments refer to it as `decision: NAME`) -> the French words it
interprets, quoted, then the choice made, in English (the shape of every model's `DECISIONS`).
Nothing else in the package may decide an ambiguity without a matching entry here.
"""
from __future__ import annotations

DECISIONS: dict[str, str] = {
    "BOARD_SIZE": "'1 plateau de jeu ... 34 arbres en bois': The forest is 10 x 10 squares (34 trees cover 34 %"
                  " of it) with the 6 start squares of each side centred on columns/rows 2..7; with the start "
                  "rows the board is 12 x 12 squares. The printed square side is board data (`square_mm`, at "
                  "least 20 mm): the kit uses 20 mm, a 256 mm board that tiles over two A4 or Letter pages and "
                  "fits one A3 page. Rejected: a 12 x 12 forest (more empty squares: fewer obstacles, slides across the whole board) and the publisher's board, which the source does not give.",
    "COORDINATES": "'les cases de départ ... ne font pas partie de la forêt': A square is (col, row); the "
                   "forest is 0..n-1 on both axes, row 0 is north. Start squares lie outside: row -1 (north), "
                   "row n (south), col -1 (west), col n (east). Rejected: start squares inside the forest ('ne font pas partie de la forêt').",
    "SEATING": "'dans le sens des aiguilles d'une montre. Le joueur le plus jeune commence': Seat 0 is the "
               "youngest player; seats follow clockwise, i.e. sides south, west, north, east. The next player "
               "is the left-hand neighbour, the previous one the right-hand neighbour. Rejected: counter-clockwise play ('dans le sens des aiguilles d'une montre').",
    "EDGE": "'Un obstacle peut être ... le bord du jeu': For an elf, only forest squares and its own arrival "
            "squares are on the board; every other square (its own start squares, the side colours' start "
            "squares, the corners, beyond) is the edge, so a slide stops before it. Rejected: elves sliding along the start rows outside the forest ('ne peuvent pas quitter la forêt').",
    "ARRIVAL_ENDS_MOVE": "'jusqu'à ce que il rencontre ... une case d'arrivée': A slide that enters one of the "
                         "elf's arrival squares stops there and the move ends: no second slide after arriving, "
                         "and an arrived elf never moves again. Rejected: a second slide out of an arrival square ('Un lutin arrivé au but ne peut plus être déplacé').",
    "LEAVING_HOME": "'Un pion rentré dans la forêt, ne peut pas revenir se poser sur sa case de départ': An elf"
                    " on a start square must enter the forest with its first slide; its own start squares are "
                    "edge for every slide, so it can neither slide along its start row nor come back. Rejected: an elf sliding along its own start row to another start square (it has not entered the forest, and 'ne peut pas revenir se poser sur sa case de départ' forbids the start row to a moved elf).",
    "SLIDE_LENGTH": "'jusqu'à ce qu'il rencontre dans sa trajectoire un obstacle': A slide covers at least one "
                    "square; a direction blocked at once gives no slide. Rejected: a slide of zero squares counting as a move (the elf would not move).",
    "TURN_90": "'dans ce cas il doit former un angle de 90': The second slide starts where the first one "
               "stopped, in one of the two directions at right angles to the first (orthogonal after "
               "orthogonal, diagonal after diagonal). Rejected: any turn (that is the young players' variant) and a second slide from anywhere on the first ('à cet endroit (et uniquement à cet endroit)').",
    "YOUNG_VARIANT": "'on peut renoncer, pour le 2ème déplacement à la règle de l'angle de 90 degres': With the"
                     " young-player variant the second slide may take any of the 8 directions, going straight "
                     "back included (the first direction itself is blocked by definition). Rejected: forbidding the way back (the variant drops the angle rule and names no other).",
    "CHASE": "'Le lutin qui arrive, chasse le lutin qui n'est pas encore parti': A slide whose next square is "
             "an arrival square held by another player's elf still on its start square ends on that square and "
             "chases it; it cannot stop on the square before. Rejected: stopping on the square before the held arrival square (a slide cannot stop early).",
    "NO_OWN_CHASE": "'Un joueur ne chasse cependant pas ses propres pions': An elf of the mover's own player "
                    "(any of its colours) on an arrival square is an obstacle. Arrived elves are obstacles for "
                    "everybody and are never chased. Rejected: chasing a partner colour's elf in a 2-player game (both colours are the player's 'propres pions').",
    "RELOCATION": "'Ce lutin est posé soit sur une autre case de départ de la même couleur, soit sur toute "
                  "autre case libre du plateau (excepté les cases de départ des autres joueurs)': The chased "
                  "elf goes to a free start square of its colour or a free forest square (never an arrival "
                  "square: those are another player's start squares). The mover chooses, as part of its move "
                  "(`ElfMove.relocation`); letting the chased player choose would turn a chase into a gift (a "
                  "free jump next to its goal). Rejected: the chased player choosing (see above) and an arrival square as destination (it is another player's start square).",
    "OPTIONAL_PHASES": "'Il peut d'abord déplacer ... un arbre ... Ensuite il peut déplacer un de ses lutins': "
                       "Both phases are optional: a turn is an optional tree move, then an optional elf move. Rejected: a compulsory elf move ('il peut'); a player may have no legal move at all.",
    "TREE_MOVE": "'déplacer d'une case n'importe quel arbre dans n'importe quelle direction': A tree moves one "
                 "square in one of the 8 directions onto an empty forest square, never onto a start square "
                 "(arrival squares are start squares too). Rejected: a tree moving several squares ('d'une case').",
    "TREE_LOCK": "'Seul l'arbre déplacé par son prédécesseur immédiat ne peut être déplacé': Only the tree "
                 "moved during the immediately previous turn is locked, identified by the square it went to; "
                 "the lock lasts one turn and there is none if that turn moved no tree. Rejected: locking the tree for the whole round, or by its original square (a tree moved back and forth would then escape the lock).",
    "ONE_ELF": "'chaque joueur ne met en jeu qu'un seul lutin à la fois': With 3-4 players, a player with elves"
               " in the forest may move only one of those (any of them when chases put several there); only a "
               "player with none in the forest may move an elf off a start square. With 2 players there is no "
               "such limit. Rejected: the limit in 2-player games too (each player then has two colours, each of whose elves the text lets move in turn).",
    "TWO_PLAYERS": "'le joueur déplace un lutin de la couleur qu'il n'avait pas joué au tour précédent': A "
                   "2-player seat has two colours at right angles; its colour alternates with its own turns "
                   "(first colour on its 1st, 3rd ... turns), skipping a colour whose elves have all arrived; "
                   "the tree lock applies to the opponent's tree. Rejected: the player choosing its colour each turn ('qu'il n'avait pas joué au tour précédent').",
    "WIN": "'Celui qui arrive à placer en premier lieu tous ces lutins sur le coté opposé': A player wins as "
           "soon as every elf of each of its colours stands on an arrival square; the game stops there. Rejected: playing on to rank the others (the source names only the first).",
    "THREE_PLAYERS": "'2 à 4 joueurs', 'Les joueurs choisissent la couleur de leur lutins': with 3 players one side of the board is empty; seated clockwise from the south (decision SEATING), the players take south, west and north, so the west colour (rouge) arrives on the empty east side: nobody starts across it, no elf waits on its arrival squares to block it or to be chased there, and nobody needs its start squares. Decided: the rules as written, no 3-player adjustment, and the imbalance stated: the lab shows it by seat, which is by colour here (seat 2, rouge: 68 % [65-71] of 1 000 greedy games against a fair 33 %; random games, whose elves wander, 28 % [25-31]). Rejected: drawing the sides for each game (the imbalance would be averaged away across the seats instead of shown), another choice of three sides (any three of the four leave one player with nobody across), and a house rule of the model's own, such as letting that player move last (the source gives none; a designer may print one).",
    "REACHABILITY": "'Consequence: every start square can reach its arrival side': Checked with trees fixed on "
                    "the dots (no tree move), every other elf on its start square, 4 players, the standard 90° "
                    "rule; chasing is allowed; any arrival square counts. Rejected: requiring every arrival square to be reachable from every start square (chases and tree moves change the board; one way across is what a player needs).",
}
