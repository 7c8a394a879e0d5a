"""Every parameter of every shipped rules model, tweaked in a copy of its kit: the kit is rebuilt
and its PDFs read back, and each place that printed the old value prints the new one and nothing
else changed — or `pnp check` refuses the new value at the line to mend, saying why — or, for a
parameter that prints nothing (play-outs, a component's name that stays valid), nothing printed
changes. The parameters are enumerated from each model's `Params` (nested ones as `a.b`): a new
parameter without a case here fails `test_every_parameter_has_a_tweak_case`. Every kit's `players`
range is changed the same way (`PLAYER_CASES`; a kit without a case fails
`test_every_kit_has_a_player_range_case`).

A component whose PDF has the first build's bytes prints the same; the others are read as the
stream of their words in drawing order (pdfplumber, text flow), so a phrase stays whole when its
text wraps differently, and must be the first build's with each of the case's phrases replaced.
"""
from __future__ import annotations

import typing
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

import pdfread
from conftest import Options, build, check, edit, line_of, make_project
from kitmodels import kit_model
from pnp.rules import Params

pytestmark = pytest.mark.slow  # (pyproject.toml's markers)


@dataclass(frozen=True)
class Tweak:
    old: str  # text of the kit's game.yaml...
    new: str  # ...replaced by this
    prints: tuple[tuple[str, str, str], ...] = ()  # (component, old phrase, new phrase), every one of them
    refused: tuple[str, str, str] | None = None  # (file of the kit, text of the line it points at, message part)


def refused(file: str, line: str, message: str) -> dict:
    return {"refused": (file, line, message)}


def added(after: str, line: str, **outcome) -> Tweak:
    """A parameter the kit leaves at its default, written below `after`."""
    return Tweak(after, f"{after}\n{line}", **outcome)


def points(*values: int) -> str:
    """The points column of Le 10 000's reference card, as its words read."""
    return "Points " + " ".join(f"{v:,}".replace(",", " ") for v in values)


POINTS = (100, 50, 1000, 200, 300, 400, 500, 600, 5000, 400, 600, 800, 1000, 1200, 10000, 800, 1200, 1600, 2000,
          2400, 1500, 1500)
VARIANT = ("Variante : en début de partie, tirez 2 cartes ; la forme de la 1re et la couleur de la 2e sont interdites "
           "ensemble (par ex. les ankhs verts) : ni dans une série, ni au marché, mais on peut les donner.")
SERIES = "4 cartes 1 point commun aucune 3 cartes 2 points communs 1 carte 2 cartes 3 points communs 2 cartes"
LIQUORICE_STRAY = refused("cartes.yaml", "{forme: rouleau", "stray card: forme 'rouleau' is not in the declared domain")
TOO_FEW_SEATS = "but the rules model plays"
TRACK = "the track has 52 weeks in 4 quarters (13, 13, 13, 13)"


def clochemerle(line: str, file: str, at: str, message: str) -> Tweak:
    """A Clochemerle parameter written in its game.yaml (which gives none), refused at a line of `file`."""
    return added("  model: rules/", f"  params:\n    {line}", **refused(file, at, message))

CASES: dict[str, dict[str, Tweak]] = {
    "similis": {
        "deck": Tweak("deck: cartes", "deck: cartez", **refused("game.yaml", "- cartes.yaml",
                                                                "the kit has no deck named 'cartez'")),
        "attributes": Tweak("fond: [pierre, sable]", "fond: [pierre, sable, granit]", **refused(
            "cartes.yaml", "[1, ankh, bleu, pierre]", "missing card for checks[0]: valeur 1, forme ankh, couleur bleu, fond granit")),
        "hand": Tweak("hand: 10", "hand: 9", prints=(("aide", "10 cartes par joueur", "9 cartes par joueur"),)),
        "market": Tweak("market: 3", "market: 4", prints=(("aide", "3 cartes face visible", "4 cartes face visible"),)),
        "series": added("    end_score: 50", "    series: [{cards: 5, shared: 1}, {cards: 4, shared: 2, give: 1}, "
                        "{cards: 3, shared: 3, give: 2}]", prints=(
                            ("aide", SERIES, SERIES.replace("4 cartes 1", "5 cartes 1").replace("3 cartes 2", "4 cartes 2")
                             .replace("2 cartes 3", "3 cartes 3")),
                            ("aide", "coûte toujours 4 cartes", "coûte toujours 5 cartes"))),
        "series.cards": added("    end_score: 50", "    series: [{cards: 5, shared: 1}, {cards: 3, shared: 2, give: 1}, "
                              "{cards: 2, shared: 3, give: 2}]", prints=(
                                  ("aide", SERIES, SERIES.replace("4 cartes 1", "5 cartes 1")),
                                  ("aide", "Une série coûte toujours 4 cartes de ta main",
                                   "Une série coûte les cartes posées et les cartes données"))),
        "series.shared": added("    end_score: 50", "    series: [{cards: 4, shared: 2}, {cards: 3, shared: 2, give: 1}, "
                               "{cards: 2, shared: 3, give: 2}]", prints=(
                                   ("aide", SERIES, SERIES.replace("1 point commun", "2 points communs")),)),
        "series.give": added("    end_score: 50", "    series: [{cards: 4, shared: 1}, {cards: 3, shared: 2, give: 1}, "
                             "{cards: 2, shared: 3, give: 1}]", prints=(
                                 ("aide", SERIES, SERIES[:-len("2 cartes")] + "1 carte"),
                                 ("aide", "Une série coûte toujours 4 cartes de ta main",
                                  "Une série coûte les cartes posées et les cartes données"))),
        "banned_pair": Tweak("banned_pair: {first: forme, second: couleur}", "banned_pair: null",
                             prints=(("aide", f"ensemble). {VARIANT}", "ensemble)."),
                                     ("aide", "Fin, score et variante", "Fin et score"))),
        "banned_pair.first": Tweak("first: forme", "first: valeur", prints=(
            ("aide", "la forme de la 1re", "la valeur de la 1re"),
            ("aide", "(par ex. les ankhs verts)", "(par ex. 1 et vert)"))),
        "banned_pair.second": Tweak("second: couleur", "second: fond", prints=(
            ("aide", "la couleur de la 2e sont interdites ensemble (par ex. les ankhs verts)",
             "le fond de la 2e sont interdits ensemble (par ex. ankh et sable)"),)),
        "end_score": Tweak("end_score: 50", "end_score: 73", prints=(("aide", "dépasse 50 points", "dépasse 73 points"),
                                                                     ("score", "dépasse 50 points", "dépasse 73 points"))),
    },
    "similis-reglisse": {
        "deck": Tweak("deck: cartes", "deck: cartez", **refused("game.yaml", "- cartes.yaml",
                                                                "the kit has no deck named 'cartez'")),
        "attributes": Tweak("valeur: [1, 2, 3, 4]", "valeur: [1, 2, 3, 4, 5]", **refused(
            "cartes.yaml", "[gélatine, rouge, 1]", "missing card: forme gélatine, couleur rouge, valeur 5")),
        "hand": added("      count: 8", "    hand: 9", prints=(("aide", "10 cartes chacun", "9 cartes chacun"),)),
        "market": added("      count: 8", "    market: 2", prints=(("aide", "3 cartes au centre", "2 cartes au centre"),)),
        # without 2 cards sharing 2, no liquorice gift: its paragraph goes and the card is titled "Fin" (drift.py)
        "series": added("      count: 8", "    series: [{cards: 3, shared: 1}]",
                        prints=(("aide", "1 point commun 2 cartes 2 points communs 3 réglisses",
                                 "1 point commun 3 réglisses"),
                                ("aide", "Réglisses et fin Combinaison", "Fin Combinaison"),
                                ("aide", "— 2 cartes avec 2 points communs : tu donnes un de tes réglisses à "
                                 "l’adversaire de ton choix. Si tu n’as pas de réglisse, chaque autre joueur pioche "
                                 "une carte de pénalité. Fin :", "— Fin :"))),
        "series.cards": added("      count: 8", "    series: [{cards: 4, shared: 1}, {cards: 2, shared: 2}]",
                              prints=(("aide", "3 cartes 1 point commun", "4 cartes 1 point commun"),)),
        "series.shared": added("      count: 8", "    series: [{cards: 3, shared: 2}, {cards: 2, shared: 2}]",
                               prints=(("aide", "3 cartes 1 point commun", "3 cartes 2 points communs"),)),
        # Réglisse prints no gift after a series (the rules have none but the liquorice one): nothing changes
        "series.give": added("      count: 8", "    series: [{cards: 3, shared: 1, give: 1}, {cards: 2, shared: 2}]"),
        "liquorice": Tweak("liquorice:", "liquorices:", **refused("game.yaml", "liquorices:",
                                                                  "unknown key 'liquorices'")),
        "liquorice.field": Tweak("field: couleur", "field: forme", **LIQUORICE_STRAY),
        "liquorice.value": Tweak("value: noir", "value: brun", **LIQUORICE_STRAY),
        "liquorice.shape_field": added("      count: 8", "      shape_field: couleur", **refused(
            "cartes.yaml", "{forme: rouleau", "a réglisse matches nothing, so it has no forme (got 'rouleau')")),
        "liquorice.shapes": Tweak("lacet, pastille]", "lacet]", **refused(
            "cartes.yaml", "{forme: pastille", "a réglisse has shape 'pastille', not one of the réglisse shapes")),
        "liquorice.count": Tweak("count: 8", "count: 9", **refused(
            "cartes.yaml", "kind: deck", "the kit declares 9 liquorice cards but the deck has 8")),
        "liquorice.series": added("      count: 8", "      series: 4", prints=(
            ("aide", "3 réglisses", "4 réglisses"),)),
    },
    "dix-mille": {
        "single_one": Tweak("single_one: 100", "single_one: 200", prints=(
            ("aide", points(*POINTS), points(200, *POINTS[1:])), ("des", "Le 1 (100 pts)", "Le 1 (200 pts)"))),
        "single_five": Tweak("single_five: 50", "single_five: 60", prints=(
            ("aide", points(*POINTS), points(100, 60, *POINTS[2:])), ("aide", "au lieu de 100 pts", "au lieu de 120 pts"),
            ("des", "le 5 (50 pts)", "le 5 (60 pts)"))),
        "three_of_a_kind": Tweak("      2: 200", "      2: 250", prints=(("aide", points(*POINTS), points(
            100, 50, 1000, 250, 300, 400, 500, 600, 5000, 500, 600, 800, 1000, 1200, 10000, 1000, 1200, 1600, 2000, 2400,
            1500, 1500)),)),
        "four_of_a_kind_factor": Tweak("four_of_a_kind_factor: 2", "four_of_a_kind_factor: 3", prints=(("aide", points(
            *POINTS), points(100, 50, 1000, 200, 300, 400, 500, 600, 5000, 600, 900, 1200, 1500, 1800, 10000, 1200, 1800,
                             2400, 3000, 3600, 1500, 1500)),)),
        "four_of_a_kind_exceptions": Tweak("      1: 5000", "      1: 4000", prints=(
            ("aide", points(*POINTS), points(*POINTS[:8], 4000, *POINTS[9:])),)),
        "five_of_a_kind_factor": Tweak("five_of_a_kind_factor: 2", "five_of_a_kind_factor: 3", prints=(("aide", points(
            *POINTS), points(*POINTS[:15], 1200, 1800, 2400, 3000, 3600, 1500, 1500)),)),
        "five_of_a_kind_exceptions": Tweak("      1: 10000", "      1: 8000", prints=(
            ("aide", points(*POINTS), points(*POINTS[:14], 8000, *POINTS[15:])),)),
        "straight": Tweak("straight: 1500", "straight: 2000", prints=(
            ("aide", points(*POINTS), points(*POINTS[:20], 2000, 2000)),)),
        "straights": Tweak('straights: ["1 2 3 4 5", "2 3 4 5 6"]', 'straights: ["1 2 3 4 5"]', prints=(
            ("aide", points(*POINTS), points(*POINTS[:21])),)),
        "target": Tweak("target: 10000", "target: 12000", prints=tuple(
            (component, f"{old} 10 000 pts", f"{old} 12 000 pts") for component in ("aide", "score")
            for old in ("Plus de", "Victoire"))),
        "floor": Tweak("floor: 5000", "floor: 4000", prints=tuple(
            (component, "ou à 5 000 pts si vous aviez dépassé 5 000 pts", "ou à 4 000 pts si vous aviez dépassé 4 000 pts")
            for component in ("aide", "score"))),
        "five_ones_wins": Tweak("five_ones_wins: false", "five_ones_wins: true", prints=(
            ("aide", "au lieu de 100 pts).", "au lieu de 100 pts). Variante : 1 1 1 1 1 fait gagner immédiatement la "
                                             "partie."),)),
    },
    "clochemerle": {
        **{name: clochemerle(f"{name}: {value}", file, line, message) for name, value, file, line, message in (
            ("players_min", 4, "game.yaml", "players:", f"the game allows 3 players, {TOO_FEW_SEATS} 4 to 6 players"),
            ("players_max", 5, "game.yaml", "players:", f"the game allows up to 6 players, {TOO_FEW_SEATS} 3 to 5"),
            ("quarters", 5, "piste.yaml", "1er trimestre", f"{TRACK}, the rules need 65"),
            ("weeks_per_quarter", 12, "piste.yaml", "1er trimestre", f"{TRACK}, the rules need 48"),
            ("placement_pawns", 9, "game.yaml", "placement_pawns: 9", "but has only 9 placement pawns"),
            ("colours", 7, "jetons.yaml", "colours:", "6 pawn colours, the rules need 7"),
            ("event_cards", 10, "game.yaml", "event_cards: 10", "9 event cards, the game needs 10"),
            ("cards_per_place", 3, "lieux.yaml", "id: eglise-1", "L'église has 2 place card(s), the game needs 3"))},
        # the numbers of the tokens sheet: the material must print what the rules say
        **{name: clochemerle(f"{name}: {value}", "jetons.yaml", f"{field}: {printed}",
                             f"{field} is {printed}, the rules need {value}")
           for name, field, printed, value in (("plus_tokens", "plus", 8, 9), ("minus_tokens", "minus", 4, 5),
                                               ("new_row_tokens", "new_row", 1, 2), ("dice", "dice", 12, 14),
                                               ("pawns_per_player", "pawns_per_colour", 11, 12))},
        # the components the model reads, named by the parameters
        **{name: clochemerle(f"{name}: {value}", "game.yaml", "- lieux.yaml", f"the kit has no {kind} named {value!r}")
           for name, value, kind in (("places", "lieu", "deck"), ("events", "evenements", "deck"),
                                     ("track", "pistes", "sheet"), ("tokens", "jeton", "sheet"),
                                     ("score_sheet", "scores", "sheet"))},
    },
    "lutins": {
        "young_variant": added("    tokens: pions", "    young_variant: true", prints=(
            ("aide", "il tourne à 90° et glisse de nouveau jusqu’au prochain obstacle ou une case d’arrivée.",
             "dans n’importe quelle direction, jusqu’au prochain obstacle ou une case d’arrivée (variante jeunes "
             "joueurs)."),)),
        "seats": added("    tokens: pions", "    seats: [[bleu], [rouge], [violet], [jaune], [bleu]]", **refused(
            "game.yaml", "seats:", "the seats seat 5 players, but the kit is played by 2 to 4 players")),
        "turn_bound": added("    tokens: pions", "    turn_bound: 500"),  # play-outs only (pnp check)
        "board": Tweak("board: plateau", "board: plateaux", **refused("game.yaml", "- plateau.yaml",
                                                                      "the kit has no sheet named 'plateaux'")),
        "tokens": Tweak("tokens: pions", "tokens: null"),
    },
}


# The kit's `players` range (game.yaml), printed through `{players.min}` / `{players.max}` and what
# the models read of it: each kit narrowed (what prints the range reprints; a kit that prints no
# count keeps its bytes) and widened beyond what it prints or plays (refused at the players line).
TWO_PLAYERS = ("ne bouge plus. À deux : chacun joue deux couleurs à angle droit (par exemple bleu et rouge) et "
               "change de couleur à chaque tour. Variante")
PLAYER_CASES: dict[str, dict[str, Tweak]] = {
    "similis": {"narrowed": Tweak("players: {min: 3, max: 6}", "players: {min: 4, max: 5}"),
                "widened": Tweak("players: {min: 3, max: 6}", "players: {min: 3, max: 7}", **refused(
                    "game.yaml", "players:", "but the sheet 'score' prints 6 player columns"))},
    "similis-reglisse": {"narrowed": Tweak("players: {min: 3, max: 6}", "players: {min: 4, max: 6}"),
                         "widened": Tweak("players: {min: 3, max: 6}", "players: {min: 3, max: 7}", **refused(
                             "game.yaml", "players:", "deals 10 cards to at most 6 players"))},
    "dix-mille": {"narrowed": Tweak("players: {min: 2, max: 7}", "players: {min: 3, max: 6}", prints=(
                      ("score", "(2 à 7 joueurs)", "(3 à 6 joueurs)"),)),
                  "widened": Tweak("players: {min: 2, max: 7}", "players: {min: 2, max: 8}", **refused(
                      "game.yaml", "players:", "but the sheet 'score' prints 7 player columns"))},
    "clochemerle": {"narrowed": Tweak("players: {min: 3, max: 6}", "players: {min: 4, max: 6}"),
                    "widened": Tweak("players: {min: 3, max: 6}", "players: {min: 3, max: 7}", **refused(
                        "game.yaml", "players:", "but the sheet 'jetons' prints pawns of 6 colours"))},
    "lutins": {"no two": Tweak("players: {min: 2, max: 4}", "players: {min: 3, max: 4}", prints=(
                   ("aide", "2 à 4 joueurs", "3 à 4 joueurs"), ("aide", TWO_PLAYERS, "ne bouge plus. Variante"))),
               "no four": Tweak("players: {min: 2, max: 4}", "players: {min: 2, max: 3}", prints=(
                   ("aide", "2 à 4 joueurs", "2 à 3 joueurs"), ("aide", "À 3 ou 4 Un seul lutin", "À 3 Un seul lutin"))),
               "two only": Tweak("players: {min: 2, max: 4}", "players: {min: 2, max: 2}", prints=(
                   ("aide", "2 à 4 joueurs", "2 joueurs"), ("aide", "À 3 ou 4 Un seul lutin à la fois dans la forêt "
                    "(plusieurs seulement après avoir été chassé).", "À deux Chacun joue deux couleurs à angle droit et "
                    "change de couleur à chaque tour."))),
               "widened": Tweak("players: {min: 2, max: 4}", "players: {min: 2, max: 5}", **refused(
                   "game.yaml", "players:", "but the board has 4 start sides"))},
    "belote": {"narrowed": Tweak("players: {min: 4, max: 4}", "players: {min: 3, max: 4}")},  # the rulebook's cover
    "bateliers": {"narrowed": Tweak("players: {min: 2, max: 4}", "players: {min: 3, max: 4}")},
}



def book(*pairs: tuple[str, str]) -> tuple[tuple[str, str, str], ...]:
    """Phrases the rulebook reprints the same way flat and in the booklet (whose contents give other pages)."""
    return tuple((component, old, new) for component in ("regles", "regles-livret") for old, new in pairs)


# What each case reprints in the kit's rulebook, as `pdfread.book_text` reads it (de-hyphenated, in
# reading order, so a reflowed paragraph compares): a section a `::: when` hides goes with its line
# in the contents, and a page number of the contents moves when the text before it shrinks.
BOOK: dict[str, tuple[tuple[str, str, str], ...]] = {
    'bateliers:players narrowed': book(
        ('et matériel 2 à 4', 'et matériel 3 à 4'),
        ('kit prévoit 2 à 4', 'kit prévoit 3 à 4'),),
    'belote:players narrowed': book(
        ('du jeu 4 joueurs', 'du jeu 3 à 4 joueurs'),),
    'clochemerle:players narrowed': book(
        ('du jeu 3 à 6', 'du jeu 4 à 6'),
        ("d'ouvriers pour 3 à 6", "d'ouvriers pour 4 à 6"),),
    'dix-mille:five_of_a_kind_exceptions': book(
        ('qui vaut 10 000. La', 'qui vaut 8 000. La'),
        ('1 1 10 000 2', '1 1 8 000 2'),),
    'dix-mille:five_of_a_kind_factor': book(
        ('identiques valent 2 fois le', 'identiques valent 3 fois le'),
        ('2 2 800 3 3', '2 2 1 200 3 3'),
        ('3 1 200 4 4 4 4 4 1 600 5 5 5 5 5 2 000 6', '3 1 800 4 4 4 4 4 2 400 5 5 5 5 5 3 000 6'),
        ('6 6 2 400 1 2', '6 6 3 600 1 2'),),
    'dix-mille:five_ones_wins': (
        ('regles', 'exemple 3 Variante 4 Crédits 4', 'exemple 3 Crédits 4'),
        ('regles', 'vous gagnez. Précision :', "vous gagnez. Variante jouée : cinq 1 font gagner immédiatement la partie, qu'ils sortent d'un seul lancer ou qu'on les garde au fil des lancers d'un même jeu de cinq dés. Précision :"),
        ('regles', "4 300. Variante 1 1 1 1 1 vous fait gagner immédiatement la partie. Précision : les cinq 1 gagnent qu'ils sortent d'un seul lancer ou qu'on les garde au fil des lancers d'un même jeu de cinq dés. Crédits Le", '4 300. Crédits Le'),
        ('regles-livret', 'exemple 9 Variante 11 Crédits 11', 'exemple 9 Crédits 11'),
        ('regles-livret', 'vous gagnez. Précision :', "vous gagnez. Variante jouée : cinq 1 font gagner immédiatement la partie, qu'ils sortent d'un seul lancer ou qu'on les garde au fil des lancers d'un même jeu de cinq dés. Précision :"),
        ('regles-livret', "4 300. Variante 1 1 1 1 1 vous fait gagner immédiatement la partie. Précision : les cinq 1 gagnent qu'ils sortent d'un seul lancer ou qu'on les garde au fil des lancers d'un même jeu de cinq dés. Crédits Le", '4 300. Crédits Le'),),
    'dix-mille:floor': book(
        ('aviez dépassé 5 000 points', 'aviez dépassé 4 000 points'),
        ('retombez à 5 000 points.', 'retombez à 4 000 points.'),
        ('« dépassé 5 000 »', '« dépassé 4 000 »'),
        ('chute avec 5 000 points', 'chute avec 4 000 points'),
        ('toujours à 5 000. Victoire', 'toujours à 4 000. Victoire'),),
    'dix-mille:four_of_a_kind_exceptions': book(
        ('qui vaut 5 000. Cinq', 'qui vaut 4 000. Cinq'),
        ('1 1 5 000 2', '1 1 4 000 2'),),
    'dix-mille:four_of_a_kind_factor': book(
        ('carré vaut 2 fois le', 'carré vaut 3 fois le'),
        ('2 2 400 3 3 3 3 600 4 4 4 4 800 5 5 5 5 1 000 6 6 6 6 1 200 1 1', '2 2 600 3 3 3 3 900 4 4 4 4 1 200 5 5 5 5 1 500 6 6 6 6 1 800 1 1'),
        ('2 2 800 3 3', '2 2 1 200 3 3'),
        ('3 1 200 4 4 4 4 4 1 600 5 5 5 5 5 2 000 6', '3 1 800 4 4 4 4 4 2 400 5 5 5 5 5 3 000 6'),
        ('6 6 2 400 1 2', '6 6 3 600 1 2'),
        ('5, 1 000. Elle relance', '5, 1 500. Elle relance'),
        ('plus, 1 100. Ses cinq', 'plus, 1 600. Ses cinq'),
        ('rapporte, 1 200. Sans lui,', 'rapporte, 1 700. Sans lui,'),
        ('plus, 1 400. Il ne', 'plus, 1 900. Il ne'),
        ('marque 1 400 sur la', 'marque 1 900 sur la'),
        ('« 1 400 pts, un', '« 1 900 pts, un'),
        ("les 1 400 de Caroline, 1 450. Il n'a", "les 1 900 de Caroline, 1 950. Il n'a"),
        ('500, soit 2 950. Il doit', '500, soit 3 450. Il doit'),
        ('000, soit 3 950. Il a', '000, soit 4 450. Il a'),
        ('350 + 3 950 = 4 300 sur la', '350 + 4 450 = 4 800 sur la'),
        (': « 3 950 pts, deux', ': « 4 450 pts, deux'),
        ('vaut 1 000 : Caroline marque donc 1 400, et Albert 4 300. Variante 1', 'vaut 1 500 : Caroline marque donc 1 900, et Albert 4 800. Variante 1'),),
    'dix-mille:players narrowed': book(
        ('du jeu 2 à 7 joueurs ·', 'du jeu 3 à 6 joueurs ·'),
        ('Joueurs : 2 à 7 joueurs. Âge', 'Joueurs : 3 à 6 joueurs. Âge'),),
    'dix-mille:single_five': book(
        ('5 vaut 50 points. Les', '5 vaut 60 points. Les'),
        ('100 5 50 1 1', '100 5 60 1 1'),
        ('3 : 50 + 50 + 0', '3 : 60 + 60 + 0'),
        ('deux 5 (100 points) et', 'deux 5 (120 points) et'),
        ('1 : 50 + 50 + 100, soit 200 de plus, 1 400. Il ne', '1 : 60 + 60 + 100, soit 220 de plus, 1 420. Il ne'),
        ('marque 1 400 sur la', 'marque 1 420 sur la'),
        ('« 1 400 pts, un', '« 1 420 pts, un'),
        ("il marque 50, plus les 1 400 de Caroline, 1 450. Il n'a", "il marque 60, plus les 1 420 de Caroline, 1 480. Il n'a"),
        ('soit 2 950. Il doit', 'soit 2 980. Il doit'),
        ('soit 3 950. Il a', 'soit 3 980. Il a'),
        ('+ 3 950 = 4 300 sur la', '+ 3 980 = 4 330 sur la'),
        ('« 3 950 pts, deux', '« 3 980 pts, deux'),
        ('donc 1 400, et Albert 4 300. Variante 1', 'donc 1 420, et Albert 4 330. Variante 1'),),
    'dix-mille:single_one': book(
        ('1 vaut 100 points, chaque', '1 vaut 200 points, chaque'),
        ('Points 1 100 5 50', 'Points 1 200 5 50'),
        ('points, Béatrice 400, et Caroline,', 'points, Béatrice 500, et Caroline,'),
        (': « 400 pts, un', ': « 500 pts, un'),
        ('1 : 100 de plus, 1 100. Ses cinq', '1 : 200 de plus, 1 200. Ses cinq'),
        ('rapporte, 1 200. Sans lui,', 'rapporte, 1 400. Sans lui,'),
        ('50 + 100, soit 200 de plus, 1 400. Il ne', '50 + 200, soit 300 de plus, 1 700. Il ne'),
        ('marque 1 400 sur la', 'marque 1 700 sur la'),
        ('« 1 400 pts, un', '« 1 700 pts, un'),
        ("les 1 400 de Caroline, 1 450. Il n'a", "les 1 700 de Caroline, 1 750. Il n'a"),
        ('500, soit 2 950. Il doit', '500, soit 3 250. Il doit'),
        ('000, soit 3 950. Il a', '000, soit 4 250. Il a'),
        ('350 + 3 950 = 4 300 sur la', '350 + 4 250 = 4 600 sur la'),
        (': « 3 950 pts, deux', ': « 4 250 pts, deux'),
        ('donc 1 400, et Albert 4 300. Variante 1', 'donc 1 700, et Albert 4 600. Variante 1'),),
    'dix-mille:straight': book(
        ('dés vaut 1 500 points (1', 'dés vaut 2 000 points (1'),
        ('4 5 1 500 2 3 4 5 6 1 500 Précision :', '4 5 2 000 2 3 4 5 6 2 000 Précision :'),
        ('une suite, 1 500, soit 2 950. Il doit', 'une suite, 2 000, soit 3 450. Il doit'),
        ('000, soit 3 950. Il a', '000, soit 4 450. Il a'),
        ('350 + 3 950 = 4 300 sur la', '350 + 4 450 = 4 800 sur la'),
        (': « 3 950 pts, deux', ': « 4 450 pts, deux'),
        ('Albert 4 300. Variante 1', 'Albert 4 800. Variante 1'),),
    'dix-mille:straights': (
        ('regles', '3 4 5 ou 2 3 4 5 6). Une suite', '3 4 5). Une suite'),
        ('regles', '1 500 2 3 4 5 6 1 500 Précision :', '1 500 Précision :'),
        ('regles', '3 4 5 et 2 3 4 5 6. La suite', '3 4 5. La suite'),
        ('regles-livret', 'Qui commence 7 Votre tour 7 Le défi 8 Chuter 8 Victoire 9 Un exemple 9 Variante 11 Crédits 11 But du', 'Qui commence 6 Votre tour 6 Le défi 7 Chuter 7 Victoire 8 Un exemple 8 Variante 10 Crédits 10 But du'),
        ('regles-livret', '3 4 5 ou 2 3 4 5 6). Une suite', '3 4 5). Une suite'),
        ('regles-livret', '1 500 2 3 4 5 6 1 500 Précision :', '1 500 Précision :'),
        ('regles-livret', '3 4 5 et 2 3 4 5 6. La suite', '3 4 5. La suite'),),
    'dix-mille:target': book(
        ('de marquer 10 000 points', 'de marquer 12 000 points'),
        ('vous dépassez 10 000 points', 'vous dépassez 12 000 points'),
        ('au-dessus de 10 000, retombe', 'au-dessus de 12 000, retombe'),
        ('arrivez à 10 000 points', 'arrivez à 12 000 points'),
        ('est à 10 000 points', 'est à 12 000 points'),),
    'dix-mille:three_of_a_kind': book(
        ('2 vaut 200, 3 3', '2 vaut 250, 3 3'),
        ('2 2 200 3 3', '2 2 250 3 3'),
        ('2 2 400 3 3', '2 2 500 3 3'),
        ('2 2 800 3 3', '2 2 1 000 3 3'),),
    'lutins:players no four': book(
        ('2 à 4 joueurs ·', '2 à 3 joueurs ·'),
        ('2 à 4 joueurs. Matériel', '2 à 3 joueurs. Matériel'),),
    'lutins:players no two': (
        ('regles', 'du jeu 2 à 4', 'du jeu 3 à 4'),
        ('regles', 'partie 3 À deux joueurs 3 Variante pour', 'partie 3 Variante pour'),
        ('regles', 'gagne. Pour 2 à 4', 'gagne. Pour 3 à 4'),
        ('regles', "partie s'arrête. À deux joueurs Chaque joueur joue avec deux couleurs placées à angle droit : par exemple bleu et rouge. À chaque tour, le joueur déplace un lutin de la couleur qu'il n'a pas jouée au tour précédent. Dans l'exemple, s'il a déplacé un lutin bleu à son premier tour, il déplacera un lutin rouge au deuxième, et ainsi de suite. Pour gagner, il faut amener de l'autre côté tous les lutins de ses deux couleurs. Précision : les couleurs alternent d'elles-mêmes, un tour sur deux, même si le joueur n'a pas déplacé de lutin ; une couleur dont tous les lutins sont arrivés est sautée. Les lutins de vos deux couleurs sont tous « vos propres lutins » : vous ne les chassez jamais. Variante pour", "partie s'arrête. Variante pour"),
        ('regles-livret', 'du jeu 2 à 4', 'du jeu 3 à 4'),
        ('regles-livret', 'partie 7 À deux joueurs 7 Variante pour', 'partie 7 Variante pour'),
        ('regles-livret', '7 Crédits 8 But du', '7 Crédits 7 But du'),
        ('regles-livret', 'gagne. Pour 2 à 4', 'gagne. Pour 3 à 4'),
        ('regles-livret', "partie s'arrête. À deux joueurs Chaque joueur joue avec deux couleurs placées à angle droit : par exemple bleu et rouge. À chaque tour, le joueur déplace un lutin de la couleur qu'il n'a pas jouée au tour précédent. Dans l'exemple, s'il a déplacé un lutin bleu à son premier tour, il déplacera un lutin rouge au deuxième, et ainsi de suite. Pour gagner, il faut amener de l'autre côté tous les lutins de ses deux couleurs. Précision : les couleurs alternent d'elles-mêmes, un tour sur deux, même si le joueur n'a pas déplacé de lutin ; une couleur dont tous les lutins sont arrivés est sautée. Les lutins de vos deux couleurs sont tous « vos propres lutins » : vous ne les chassez jamais. Variante pour", "partie s'arrête. Variante pour"),),
    'lutins:players two only': book(
        ('jeu 2 à 4 joueurs ·', 'jeu 2 joueurs ·'),
        ('Pour 2 à 4 joueurs. Matériel', 'Pour 2 joueurs. Matériel'),),
    'lutins:young_variant': (
        ('regles', 'À deux joueurs 3 Variante pour les jeunes joueurs 3', 'À deux joueurs 3'),
        ('regles', 'du plateau. Pour le second déplacement, le lutin tourne à angle droit (90°) : horizontal ou vertical après un déplacement horizontal ou vertical, diagonal après un déplacement en diagonale. Le second', "du plateau. Dans ce kit, on joue la variante pour les jeunes joueurs : le second déplacement peut partir dans n'importe quelle direction, horizontale, verticale ou diagonale, jusqu'au prochain obstacle. Le second"),
        ('regles', "chassez jamais. Variante pour les jeunes joueurs Pour rendre le jeu plus simple aux jeunes joueurs, on peut renoncer à la règle de l'angle droit pour le second déplacement : le lutin peut alors se déplacer horizontalement, verticalement ou en diagonale jusqu'au prochain obstacle. Les autres règles restent les mêmes. Précision : avec la variante, le second déplacement peut même repartir dans la direction d'où vient le lutin. Crédits Les", 'chassez jamais. Crédits Les'),
        ('regles-livret', 'joueurs 7 Variante pour les jeunes joueurs 7 Crédits 8 But du', 'joueurs 7 Crédits 7 But du'),
        ('regles-livret', 'du plateau. Pour le second déplacement, le lutin tourne à angle droit (90°) : horizontal ou vertical après un déplacement horizontal ou vertical, diagonal après un déplacement en diagonale. Le second', "du plateau. Dans ce kit, on joue la variante pour les jeunes joueurs : le second déplacement peut partir dans n'importe quelle direction, horizontale, verticale ou diagonale, jusqu'au prochain obstacle. Le second"),
        ('regles-livret', "chassez jamais. Variante pour les jeunes joueurs Pour rendre le jeu plus simple aux jeunes joueurs, on peut renoncer à la règle de l'angle droit pour le second déplacement : le lutin peut alors se déplacer horizontalement, verticalement ou en diagonale jusqu'au prochain obstacle. Les autres règles restent les mêmes. Précision : avec la variante, le second déplacement peut même repartir dans la direction d'où vient le lutin. Crédits Les", 'chassez jamais. Crédits Les'),),
    'similis-reglisse:hand': book(
        ("joueur reçoit 10 cartes, qu'il", "joueur reçoit 9 cartes, qu'il"),),
    'similis-reglisse:liquorice.series': book(
        ('points communs 3 réglisses —', 'points communs 4 réglisses —'),
        ('tu as 3 réglisses en', 'tu as 4 réglisses en'),),
    'similis-reglisse:market': book(
        ('Retournez ensuite 3 cartes au', 'Retournez ensuite 2 cartes au'),),
    'similis-reglisse:players narrowed': book(
        ('du jeu 3 à 6', 'du jeu 4 à 6'),
        ('joue à 3 à 6', 'joue à 4 à 6'),
        ('jeux, pour 3 à 6', 'jeux, pour 4 à 6'),),
    'similis-reglisse:series': book(
        ('point commun 2 cartes 2 points communs 3 réglisses', 'point commun 3 réglisses'),
        ('toutes deux. Deux cartes avec deux points communs : « deux » et « bleu ». Précision :', 'toutes deux. Précision :'),
        ("posent ensemble. Deux cartes, deux points communs Trouver deux points communs est plus difficile. Alors, quand tu poses deux cartes avec deux points communs, tu peux donner un de tes réglisses à l'adversaire de ton choix. Si tu n'as pas de réglisse, chacun des autres joueurs pioche une carte en pénalité. Précision : la règle dit « chaque joueur tire une carte » : dans ce kit, ce sont les autres joueurs, pas celui qui vient de poser (sinon il perdrait ce que sa combinaison lui rapporte). Si la pioche est vide, personne ne pioche. Le marché", 'posent ensemble. Le marché'),),
    'similis-reglisse:series.cards': book(
        ('Points communs 3 cartes 1', 'Points communs 4 cartes 1'),),
    'similis-reglisse:series.shared': book(
        ('3 cartes 1 point commun 2 cartes', '3 cartes 2 points communs 2 cartes'),),
    'similis:banned_pair': book(
        ("est vide. Variante : la paire interdite Avant de distribuer, tirez deux cartes au hasard dans le paquet. La première donne sa forme, la seconde sa couleur. Pendant toute la manche, les cartes qui ont à la fois cette forme et cette couleur sont interdites, quel que soit le reste : elles n'entrent dans aucune série. On peut en revanche les donner aux autres joueurs, quand une série fait donner des cartes. Les cartes interdites ne vont jamais au marché : on ne peut même pas les y poser. L'exemple de la règle. La première carte donne la forme, l'ankh ; la seconde donne la couleur, le vert. Les ankhs verts sont interdits, quel que soit leur fond. Précision : les deux cartes tirées sont montrées, puis remises dans le paquet, qu'on mélange avant de distribuer ; on tire une nouvelle paire à chaque manche. Précision : si une carte interdite est retournée pour le marché à la mise en place, glissezla sous la pioche et retournez la suivante ; s'il ne reste que des cartes interdites, le marché reste incomplet. La carte qui remplace celle du marché ne peut pas être une carte interdite : tu ne peux te servir du marché que si tu as une carte permise pour la remplacer, ou si ta série vide ta main. Crédits et", 'est vide. Crédits et'),),
    'similis:banned_pair.first': book(
        ('donne sa forme, la seconde', 'donne sa valeur, la seconde'),
        ('fois cette forme et cette', 'fois cette valeur et cette'),),
    'similis:banned_pair.second': book(
        ('la seconde sa couleur. Pendant toute', 'la seconde son fond. Pendant toute'),
        ('forme et cette couleur sont interdites,', 'forme et ce fond sont interdites,'),),
    'similis:end_score': book(
        ('joueur dépasse 50 points au', 'joueur dépasse 73 points au'),
        ('plus de 50 points »', 'plus de 73 points »'),
        ('total de 50 tout juste', 'total de 73 tout juste'),),
    'similis:hand': book(
        ("joueur reçoit 10 cartes, qu'il", "joueur reçoit 9 cartes, qu'il"),),
    'similis:market': book(
        ('Retournez ensuite 3 cartes au', 'Retournez ensuite 4 cartes au'),),
    'similis:players narrowed': book(
        ('du jeu 3 à 6 joueurs ·', 'du jeu 4 à 5 joueurs ·'),
        ('joue à 3 à 6 joueurs. Pas', 'joue à 4 à 5 joueurs. Pas'),
        ('cartes pour 3 à 6 joueurs. Cette', 'cartes pour 4 à 5 joueurs. Cette'),),
    'similis:series': book(
        ('à donner 4 cartes 1 point commun aucune 3 cartes 2', 'à donner 5 cartes 1 point commun aucune 4 cartes 2'),
        ('1 carte 2 cartes 3', '1 carte 3 cartes 3'),
        ('coûte toujours 4 cartes de', 'coûte toujours 5 cartes de'),),
    'similis:series.cards': book(
        ('à donner 4 cartes 1', 'à donner 5 cartes 1'),
        ('série coûte toujours 4 cartes de ta main. Précision :', 'série coûte les cartes posées et les cartes données. Précision :'),),
    'similis:series.give': book(
        ('points communs 2 cartes Quatre cartes', 'points communs 1 carte Quatre cartes'),
        ('série coûte toujours 4 cartes de ta main. Précision :', 'série coûte les cartes posées et les cartes données. Précision :'),),
    'similis:series.shared': book(
        ('4 cartes 1 point commun aucune 3', '4 cartes 2 points communs aucune 3'),),
}


def parameter_names(params: type[Params], prefix: str = "") -> set[str]:
    """Every field of a model's params, and the fields of those that are params themselves (`a.b`)."""
    out = set()
    for name, info in params._fields().items():
        out.add(prefix + name)
        for part in typing.get_args(info.annotation) or (info.annotation,):
            if isinstance(part, type) and issubclass(part, Params):
                out |= parameter_names(part, f"{prefix}{name}.")
    return out


@pytest.mark.parametrize("kit", sorted(CASES))
def test_every_parameter_has_a_tweak_case(kit):
    assert parameter_names(kit_model(kit).model.params) == set(CASES[kit])


def _copy(base: Path, kit: str, name: str, tweak: Tweak | None = None) -> Path:
    root = make_project(base / name, (kit,))
    game = root / "decks" / kit / "game.yaml"
    if tweak is not None:
        edit(game, tweak.old, tweak.new)
    return root


def _stream(pdf: Path) -> str:
    """A PDF's words, in drawing order; a rulebook's body text in reading order (`pdfread.book_text`)."""
    if pdf.name.startswith("regles"):
        return pdfread.book_text(pdf)
    return " ".join(w["text"] for i in range(pdfread.page_count(pdf)) for w in pdfread.words(pdf, i))


@pytest.fixture(scope="module")
def first_builds(tmp_path_factory) -> dict[str, Path]:
    """Each kit as shipped, built once: the folder of its PDFs."""
    base = tmp_path_factory.mktemp("tweaks")
    out: dict[str, Path] = {}
    for kit in {**CASES, **PLAYER_CASES}:
        root = _copy(base, kit, kit)
        reports = build(root, [kit], Options(out=base / f"{kit}-out"))
        assert not [p.render() for r in reports for p in r.errors]
        out[kit] = base / f"{kit}-out" / kit
    return out


# every case by its id: a parameter's ("similis:hand") and a players range's ("lutins:players no two")
# (with what it reprints in the rulebook)
ALL_CASES = {case: (kit, replace(tweak, prints=tweak.prints + BOOK.get(case, ()))) for case, (kit, tweak) in {
    **{f"{kit}:{name}": (kit, tweak) for kit, named in CASES.items() for name, tweak in named.items()},
    **{f"{kit}:players {name}": (kit, tweak) for kit, named in PLAYER_CASES.items()
       for name, tweak in named.items()}}.items()}


def test_every_rulebook_case_is_a_case():
    assert set(BOOK) <= set(ALL_CASES)


def test_every_kit_has_a_player_range_case():
    assert set(PLAYER_CASES) == {path.parent.name for path in (Path(__file__).parents[1] / "decks").glob("*/game.yaml")}


@pytest.mark.parametrize("case", sorted(ALL_CASES))
def test_a_tweak_reprints_or_is_refused(tmp_path, first_builds, case):
    """The kit rebuilt with the case's tweak: each of its phrases reprinted and nothing else changed, or refused."""
    kit, tweak = ALL_CASES[case]
    root = _copy(tmp_path, kit, "project", tweak)
    if tweak.refused:
        _assert_refused(root, kit, *tweak.refused)
        return
    reports = build(root, [kit], Options(out=tmp_path / "out"))
    assert not [p.render() for r in reports for p in r.errors]
    first, now = first_builds[kit], tmp_path / "out" / kit
    assert sorted(p.name for p in now.glob("*.pdf")) == sorted(p.name for p in first.glob("*.pdf"))
    changed = {pdf.name.rsplit("-", 1)[0]: pdf.name for pdf in first.glob("*.pdf")
               if pdf.read_bytes() != (now / pdf.name).read_bytes()}  # the same bytes print the same words
    assert set(changed) == {component for component, _, _ in tweak.prints}
    for component, pdf in changed.items():
        assert _stream(now / pdf) == _expected(_stream(first / pdf), component, tweak.prints)


def _expected(first: str, component: str, prints: tuple[tuple[str, str, str], ...]) -> str:
    """The words of a component of the first build, each old phrase of the case replaced."""
    out = first
    for _, old, new in (p for p in prints if p[0] == component):
        if component.startswith("regles"):  # (as book_text gives the text: no hyphen, plain spaces)
            old, new = pdfread.plain(old), pdfread.plain(new)
        assert old in first, f"{old!r} is not printed on {component}"
        assert new in old or new not in first, f"{new!r} is already printed on {component}"
        out = out.replace(old, new)
    return out


def _assert_refused(root: Path, kit: str, file: str, line: str, message: str) -> None:
    errors = [p for r in check(root, [kit]) for p in r.errors]
    path = root / "decks" / kit / file
    found = [(p.loc.file, p.loc.line) for p in errors if message in p.what]
    assert (f"decks/{kit}/{file}", line_of(path, line)) in found, [p.render() for p in errors]
