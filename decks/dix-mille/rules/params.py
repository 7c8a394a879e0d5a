"""The rule parameters of "Le 10 000", and the decisions taken where the source is ambiguous.

Contract: `DixMilleParams()` is the source game (the family rules transcribed by l'elfe Sylvain,
`shared/seeds/000_be21521b8fc0252f.txt`); every number of the rules lives here, so a kit can tweak
it and the scoring, the turn, the checks and the printed reference card follow. Values are plain
integers (points); per-face tables are keyed by the face 1..6. `kind_value(face, size)` is the value
of an n-of-a-kind group (3, 4 or 5 dice of `face`). `DECISIONS` is the one place where every
reading of an ambiguous rule is recorded; code that applies one cites it as `# decision: <key>`.
"""
from __future__ import annotations

from typing import Literal

from pnp.rules import Field, Params

FACES = (1, 2, 3, 4, 5, 6)
DICE = 5  # rules: Matériel — "5 dés à 6 faces"
PLAYERS_MIN = 2  # rules: "Nb joueurs : 2 à 5, 6 , 7..." (decision: two_or_more)

StraightName = Literal["1 2 3 4 5", "2 3 4 5 6"]
STRAIGHT_FACES: dict[str, tuple[int, ...]] = {
    "1 2 3 4 5": (1, 2, 3, 4, 5),
    "2 3 4 5 6": (2, 3, 4, 5, 6),
}

DECISIONS: dict[str, str] = {
    "straights": "The source says only 'Suite en un coup : 1500 pts'. With five dice a suite is five "
                 "consecutive faces, so both 1 2 3 4 5 and 2 3 4 5 6 count by default; the kit "
                 "chooses with `straights` (a list of the two names) and `straight` (the value). Rejected: only 1 2 3 4 5 (nothing in 'Suite' names a low straight, and 2 3 4 5 6 is as much a suite of five dice).",
    "straight_one_throw": "'Suite en un coup' / 'en plusieurs coup : 0': a straight counts only when "
                          "its five dice come from a single throw, i.e. the first throw of a fresh "
                          "set of five dice; dice kept earlier never complete a straight. Rejected: a straight completed by dice kept from earlier throws ('Suite en plusieurs coup : 0' says it scores nothing).",
    "combining": "Scoring dice kept earlier in the turn combine with new ones (the worked example "
                 "makes a brelan of 5 from two kept 5s and a new 5): the turn keeps the multiset of "
                 "scoring dice of the current set of five, and that set is worth the best split of "
                 "all its kept dice (the brelan replaces the two single 5s, it does not add to them). Rejected: scoring each throw on its own dice (the worked example's 'Brelan de 5 => 500' is made of two kept 5s and a new one, which that reading would score 150).",
    "throw_scores": "A throw scores ('S'il réalise des points') when the best score of kept + new "
                    "dice strictly increases; otherwise the turn's points are lost. The new dice "
                    "used by the best split are kept; kept dice stay kept ('On ne relance jamais "
                    "des dés qui rapportent'). Rejected: a throw 'scores' when any new die is a 1 or a 5 (a 5 thrown beside a kept brelan of 5s adds nothing to the set's best split, so nothing was 'réalisé').",
    "best_split": "All scoring dice must be kept, so the set is always scored by its best split: "
                  "most points, then most dice used (1 2 3 4 5 is a straight, not 1 + 5). Rejected: letting the player choose a weaker split (every scoring die must be kept, 'On ne relance jamais des dés qui rapportent', so the dice are worth their best split).",
    "fresh_set": "When all five dice score, their points are banked and the five dice are thrown "
                 "again as a fresh set: new dice never combine with the dice of a closed set. Rejected: letting the new five dice combine with the closed set (a turn would then build six-dice brelans out of two sets, which no combination names).",
    "challenge": "The challenger throws only the offered dice; the offerer's kept dice are out of "
                 "play (they fill the set but never combine: Albert's 5 is worth 50, not a brelan). "
                 "If the throw scores, the offered points join the turn; if it does not, the turn is "
                 "lost. When the set is full the challenger throws five fresh dice. Rejected: the challenger combining its throw with the offerer's kept dice (Albert's single 5 at 900 + 50 shows it does not).",
    "offer": "A player who stops always offers the remaining dice with the turn's points, even if "
             "writing the score makes them fall. Rejected: offering only when the written score is safe (the text offers the dice whenever one stops: 'Vous proposez les dés restants au joueur suivant').",
    "floor": "'Sauf si vous aviez dépassé 5 000 Pts': dépasser is strict, so a fall from a score "
             "> floor lands on the floor and a fall from exactly the floor (or less) lands on 0. Rejected: a fall from exactly 5 000 landing on 5 000 ('dépassé 5 000' is strict: at 5 000 one has not passed it).",
    "overshoot_fall": "'Si vous dépassez 10 000 Pts à la marque, vous chutez': the overshooting total "
                      "is written and falls, so a dépassement always lands on the floor (the "
                      "written total is above the target, hence above the floor). Rejected: judging the fall by the score before the overshooting turn (a player at 4 800 overshooting 10 000 would fall to 0 although the total written, above 10 000, has 'dépassé 5 000').",
    "assassination": "Assassinat happens only when a player writes a score after a turn that equals "
                     "another player's score; landing on a score by falling assassinates nobody. Rejected: a fall that lands on another player's score assassinating them too ('Si un autre joueur totalise à la marque le même score': a fall is not a score marked by playing).",
    "round": "'On finit le tour de table': a round is one turn of each seat from the first player "
             "(seat 0); after the last seat's turn, a player whose score is exactly the target wins. Rejected: every other player getting one more turn after the player who reached 10 000 (the seats before it have played their turn of this 'tour de table' already: finishing the round gives a turn to the seats after it only, up to the last), and winning at once on reaching 10 000 ('on finit le tour de table et si personne ne vous a fait chuter, vous gagnez').",
    "two_or_more": "'Nb joueurs : 2 à 5, 6 , 7...': at least 2 players (the model's seats give the low bound 2, so a kit's players.min of 1 is refused) and no upper bound of the rules (the score sheet's player columns give the kit's). Rejected: a solitaire (with one player the offered dice, 'Vous proposez les dés restants au joueur suivant', go back to the player who stopped, who would accept them every time: a game the rules do not describe) and a maximum of 5 ('6 , 7...' opens the range).",
    "five_ones": "Variant '1, 1, 1, 1, 1 vous fait gagner immédiatement la partie' (off by default): "
                 "five 1s in one set of five dice, thrown at once or built over the set's throws, "
                 "win the game at once. Rejected: on by default (it is printed as a 'Variante').",
}


class DixMilleParams(Params):
    """Every rule parameter of Le 10 000; the defaults are the source's rules."""

    # rules: Combinaisons — "Chaque 1 vaut 100 pts."
    single_one: int = 100
    # rules: Combinaisons — "Chaque 5 vaut 50 pts." ("Les autres valeurs ne valent rien.")
    single_five: int = 50
    # rules: Brelans — "1, 1, 1 vaut 1000 ; 5, 5, 5 vaut 500 ; Les autres valent 100 fois la valeur"
    three_of_a_kind: dict[int, int] = Field(
        default_factory=lambda: {1: 1000, 2: 200, 3: 300, 4: 400, 5: 500, 6: 600})
    # rules: Carré — "Chaque carré vaut le double du Brelan sauf 1, 1, 1, 1 qui vaut 5000."
    four_of_a_kind_factor: int = 2
    four_of_a_kind_exceptions: dict[int, int] = Field(default_factory=lambda: {1: 5000})
    # rules: "5 dés identiques valent le double du Carré sauf 1, 1, 1, 1, 1 qui vaut 10 000."
    five_of_a_kind_factor: int = 2
    five_of_a_kind_exceptions: dict[int, int] = Field(default_factory=lambda: {1: 10000})
    # rules: "Suite en un coup : 1500 pts." — decision: straights
    straight: int = 1500
    straights: list[StraightName] = Field(default_factory=lambda: list(STRAIGHT_FACES))
    # rules: But du jeu — "Marquer 10 000 pts exactement"
    target: int = 10000
    # rules: Chute — "Sauf si vous aviez dépassé 5 000 Pts, … vous retombez à 5 000 Pts."
    floor: int = 5000
    # rules: "Variante : 1, 1, 1, 1, 1 vous fait gagner immédiatement la partie."
    five_ones_wins: bool = False

    def single_value(self, face: int) -> int:
        """Points of one die alone: the 1 and the 5 score, the other faces are worth nothing."""
        # rules: Combinaisons — "Les autres valeurs ne valent rien."
        return {1: self.single_one, 5: self.single_five}.get(face, 0)

    def kind_value(self, face: int, size: int) -> int:
        """Points of `size` (3, 4 or 5) dice showing `face`."""
        brelan = self.three_of_a_kind.get(face, 0)
        if size == 3:
            return brelan
        # rules: Carré — "le double du Brelan sauf 1, 1, 1, 1 qui vaut 5000"
        four = self.four_of_a_kind_exceptions.get(face, self.four_of_a_kind_factor * brelan)
        if size == 4:
            return four
        if size == 5:
            # rules: "5 dés identiques valent le double du Carré sauf 1, 1, 1, 1, 1 qui vaut 10 000"
            return self.five_of_a_kind_exceptions.get(face, self.five_of_a_kind_factor * four)
        raise ValueError(f"no n-of-a-kind of {size} dice")

    def straight_faces(self) -> tuple[tuple[int, ...], ...]:
        """The straights that count, as sorted faces (decision: straights)."""
        return tuple(STRAIGHT_FACES[name] for name in dict.fromkeys(self.straights))

    def fall(self, score: int) -> int:
        """The score after a chute from `score`."""
        # rules: Chute — "vous retombez à 0 Pts … Sauf si vous aviez dépassé 5 000 Pts" (decision: floor)
        return self.floor if score > self.floor else 0
