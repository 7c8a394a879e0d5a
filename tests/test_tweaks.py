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
from dataclasses import dataclass
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
    "belote": {"narrowed": Tweak("players: {min: 4, max: 4}", "players: {min: 3, max: 4}",
                                 prints=(("regles", "4 joueurs", "3 à 4 joueurs"),  # the rulebook's cover
                                         ("regles-livret", "4 joueurs", "3 à 4 joueurs")))},
    "bateliers": {"narrowed": Tweak("players: {min: 2, max: 4}", "players: {min: 3, max: 4}")},
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
    """A PDF's words, in drawing order."""
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
ALL_CASES = {**{f"{kit}:{name}": (kit, tweak) for kit, named in CASES.items() for name, tweak in named.items()},
             **{f"{kit}:players {name}": (kit, tweak) for kit, named in PLAYER_CASES.items()
                for name, tweak in named.items()}}


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
        assert old in first, f"{old!r} is not printed on {component}"
        assert new in old or new not in first, f"{new!r} is already printed on {component}"
        out = out.replace(old, new)
    return out


def _assert_refused(root: Path, kit: str, file: str, line: str, message: str) -> None:
    errors = [p for r in check(root, [kit]) for p in r.errors]
    path = root / "decks" / kit / file
    found = [(p.loc.file, p.loc.line) for p in errors if message in p.what]
    assert (f"decks/{kit}/{file}", line_of(path, line)) in found, [p.render() for p in errors]
