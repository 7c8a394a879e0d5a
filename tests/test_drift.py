"""Drift (pnp.rules.drift): printed prose that stops following the rules model is found by `pnp
check` at its line, and the kits print the matching wording. The three drifts of issue 20, each
tweaked in a copy of its kit, rebuilt and read back from the PDF; a number hard-coded in printed
rules; and the scan's rules for which numbers count."""
from __future__ import annotations

from itertools import product
from pathlib import Path

import pdfread
from conftest import Options, build_ok, check, edit, line_of
from pnp.core.errors import Ref
from pnp.rules import drift
from pnp.rules.drift import Bound, Feature

AIDE = "decks/similis/aide.yaml"
GAME = "decks/similis/game.yaml"


def warnings(root: Path, kit: str) -> list[str]:
    return [p.render() for r in check(root, [kit]) for p in r.problems
            if p.severity == "warning" and "printed text" in p.where]


def pdf_text(out: Path, kit: str, component: str) -> str:
    """A PDF's words in drawing order (a phrase stays whole when its text wraps)."""
    path = out / kit / f"{component}-a4.pdf"
    text = " ".join(w["text"] for i in range(pdfread.page_count(path)) for w in pdfread.words(path, i))
    return " ".join(text.replace("\u2019", "'").replace("\u202f", " ").replace("\u00a0", " ").split())


def test_similis_without_a_market_prints_no_market_sentence(project, tmp_path):
    root = project("similis")
    edit(root / GAME, "market: 3", "market: 0")
    assert warnings(root, "similis") == []
    build_ok(root, ["similis"], Options(out=tmp_path / "out"))
    text = pdf_text(tmp_path / "out", "similis", "aide")
    assert "pas de marché" in text and "marché" not in text.replace("pas de marché", "")
    assert "Inutile d'avoir assez de cartes à donner." in text
    for book in ("regles", "regles-livret"):  # the rulebook, flat and as a booklet: the market's section gone
        rules = pdfread.book_text(tmp_path / "out" / "similis" / f"{book}-a4.pdf")
        assert "Si tu ne peux poser aucune série, pioche une carte" in rules and "Le marché" not in rules
        assert "marché" not in rules.replace("pas de marché", ""), rules


def test_the_old_market_sentence_is_a_warning_at_its_line_when_the_market_is_off(project):
    root = project("similis")
    edit(root / GAME, "market: 3", "market: 0")
    edit(root / AIDE, "(tableau ci-dessus){rules.market_use}.", "(tableau ci-dessus) ; tu peux y mettre 1 carte du "
         "marché, remplacée à la fin de ton tour par une carte de ta main.")
    line = line_of(root / AIDE, "texte: >-")
    assert warnings(root, "similis") == [
        f"warning: {AIDE}:{line}:12: printed text: 'du marché' depends on rules.has_market (a market: rules.market "
        "is 0), which is off here: print the model's wording for it, or keep it under `::: when rules.has_market`"]


def test_a_108_card_similis_deck_counts_its_box_and_a_stale_count_is_an_error(project, tmp_path):
    root = project("similis")
    cards = root / "decks/similis/cartes.yaml"
    rows = "".join(f"  - [6, {f}, {c}, {b}]\n" for f, c, b in product(["ankh", "scarabée", "œil"],
                                                                     ["bleu", "vert", "rouge"], ["pierre", "sable"]))
    edit(cards, "count: 90", "count: 108")
    cards.write_text(cards.read_text(encoding="utf-8") + rows, encoding="utf-8")
    edit(root / GAME, "valeur: [1, 2, 3, 4, 5]", "valeur: [1, 2, 3, 4, 5, 6]")
    build_ok(root, ["similis"], Options(out=tmp_path / "out"))
    box = pdf_text(tmp_path / "out", "similis", "boite")
    assert "110 cartes" in box and "92 cartes" not in box  # the 108 cards and the 2 rules cards
    rules = pdfread.book_text(tmp_path / "out" / "similis" / "regles-a4.pdf")  # the rulebook's material
    assert "6 valeurs (1, 2, 3, 4, 5 et 6), 3 formes" in rules and "5 valeurs" not in rules
    edit(root / "decks/similis/boite.yaml", "also: [aide]", "cards: 92")
    line = line_of(root / "decks/similis/boite.yaml", "cards: 92")
    assert [p.render() for r in check(root, ["similis"]) for p in r.errors] == [
        f"decks/similis/boite.yaml:{line}:8: tuckbox 'boite': the box is made for 92 cards, but it holds the deck "
        "'cartes': 108 cards (leave `cards` out and it counts them; `also` names the other decks it holds) (got 92; "
        "did you mean '108'?)"]


def test_reglisse_without_a_two_sharing_two_series_prints_no_liquorice_gift(project, tmp_path):
    root = project("similis-reglisse")
    game = root / "decks/similis-reglisse/game.yaml"
    edit(game, "      count: 8\n", "      count: 8\n    series: [{cards: 3, shared: 1}]\n")
    assert warnings(root, "similis-reglisse") == []
    build_ok(root, ["similis-reglisse"], Options(out=tmp_path / "out"))
    text = pdf_text(tmp_path / "out", "similis-reglisse", "aide")
    assert "2 cartes avec 2 points communs" not in text and "pénalité" not in text and "tes réglisses" not in text
    assert "Fin Combinaison" in text and "Fin : le premier" in text  # the second card's title and text
    rules = pdfread.book_text(tmp_path / "out" / "similis-reglisse" / "regles-a4.pdf")  # the rulebook's gift gone
    assert "Deux cartes, deux points communs" not in rules and "pénalité" not in rules and "tes réglisses" not in rules
    edit(root / "decks/similis-reglisse/aide.yaml", "{rules.gift_rule}**Fin :**",
         "**2 cartes avec 2 points communs :** tu donnes un de tes réglisses à l'adversaire de ton choix. **Fin :**")
    [found] = warnings(root, "similis-reglisse")
    assert "'2 cartes avec 2 points communs', 'de tes réglisses' depends on rules.has_gift" in found


def test_the_default_kits_print_the_gift_and_the_market_as_before(similis_build):
    out = similis_build["out"]
    assert "2 cartes avec 2 points communs : tu donnes un de tes réglisses" in pdf_text(out, "similis-reglisse", "aide")
    assert "tu peux y mettre 1 carte du marché" in pdf_text(out, "similis", "aide")


def test_a_number_hard_coded_in_printed_rules_is_a_warning_naming_the_parameter(project):
    root = project("similis")
    edit(root / AIDE, "dépasse {rules.end_score|plural:point:points}", "dépasse 50 points")
    line = line_of(root / AIDE, "titre: \"{rules.end_title}\"") + 1
    assert warnings(root, "similis") == [
        f"warning: {AIDE}:{line}:12: printed text: '50' matches rules.end_score: write {{rules.end_score}} so a "
        "tweak follows (or list the phrase in game.yaml's `literal:` if it is meant as written)"]
    edit(root / GAME, "components:", "literal: [dépasse 50 points]\ncomponents:")
    assert warnings(root, "similis") == []


REF = Ref("k.yaml")


def scanned(text: str, values: dict, literal: tuple[str, ...] = (), features: dict | None = None) -> list[str]:
    return [p.what.split(":")[0] for p in Bound.of(values, features or {}, literal).scan([(text, REF)])]


def test_which_numbers_count():
    values = {"rules.end_score": 50, "rules.hand": 10, "rules.market": 3, "rules.attributes.valeur": [1, 2, 3],
              "rules.attributes.valeur.2": 3, "players.min": 3, "players.max": 6, "rules.on": True}
    assert scanned("plus de 50 points, 10 cartes", values) == ["'50' matches rules.end_score",
                                                              "'10' matches rules.hand"]
    assert scanned("{rules.end_score} points, 1 carte, 0 carte", values) == []  # bound, or 0 and 1
    assert scanned("A4, 1re, 50e, 2,5, 10:30, 1–6, à 100 %, 200 g/m², 3 mm", values | {"x": 100, "y": 200}) == []
    assert scanned("3 cartes face visible", values) == []  # small, and its name printed nowhere
    assert scanned("{rules.market} au marché, puis 3 cartes", values) == ["'3' matches rules.market"]
    assert scanned("de 3 à 6 joueurs", values) == ["'3' matches players.min", "'6' matches players.max"]
    assert scanned("gagne 3 points", values) == []  # the players range only beside the word for players
    assert scanned("le dé + 50", values, literal=("dé + 50",)) == []
    assert scanned("10 000 points", {"rules.target": 10000}) == ["'10 000' matches rules.target"]


def test_a_feature_that_is_off_flags_its_words_and_values_and_not_when_on():
    market = Feature("has_market", lambda m, p: False, words=("du marché",), values=("rules.market",))
    off, on = {"has_market": (market, False)}, {"has_market": (market, True)}
    assert scanned("1 carte DU MARCHÉ", {}, features=off) == ["'du marché' depends on rules.has_market, which is off here"]
    assert scanned("{rules.market|plural:carte:cartes} au centre", {}, features=off) == [
        "{rules.market} depends on rules.has_market, which is off here"]
    assert scanned("1 carte du marché", {}, features=on) == []


def test_a_number_is_found_however_its_digits_are_written():
    """The scan passes over a text holding none of the values' digits: a value's digits are found
    behind leading zeros, in groups, in digits that are not ASCII (`int` reads them), and a text
    without them has no warning."""
    values = {"rules.end_score": 50, "rules.target": 12500, "players.max": 6}
    assert scanned("plus de 050 points", values) == ["'050' matches rules.end_score"]
    assert scanned("plus de ٥٠ points", values) == ["'٥٠' matches rules.end_score"]
    assert scanned("12\u202f500 points, 12500 points", values) == ["'12\u202f500' matches rules.target",
                                                                  "'12500' matches rules.target"]
    assert scanned("plus de 49 points, 2 500 points, 125 points", values) == []
    assert scanned("plus de 50 points", {"rules.hand": 1}) == []  # no value to match (0 and 1 are words)


def test_a_cards_warning_is_placed_at_its_field_and_only_its_ref_is_made():
    class Owner:
        asked: list[str] = []

        def field_ref(self, name: str) -> Ref:
            self.asked.append(name)
            return REF.child("rows", 3, name)

    owner = Owner()
    found = Bound.of({"rules.end_score": 50}, {}).scan([("50 points", (owner, "texte")), ("3 points", (owner, "titre"))])
    assert [(p.what.split(":")[0], p.ref) for p in found] == [("'50' matches rules.end_score",
                                                              REF.child("rows", 3, "texte"))]
    assert owner.asked == ["texte"]


def test_passing_over_a_text_without_a_values_digits_finds_all_a_full_read_finds(monkeypatch):
    """The pass-over is only a shortcut: over texts that write numbers every way NUMBER reads them,
    the warnings are those of reading every text through."""
    values = {"rules.end_score": 50, "rules.target": 12500, "rules.big": 1000, "rules.hand": 7, "players.max": 6}
    texts = [f"{a}{n}{b}" for n in ("50", "050", "0 050", "150", "505", "12500", "12 500", "2500", "1000",
                                    "1\u00a0000", "10000", "7", "07", "17", "6", "٥٠", "١٢٥٠٠", "5\u202f0")
             for a, b in (("", ""), ("de ", " points"), ("x", ""), ("", " joueurs"), ("{rules.hand} ", " cartes"))]
    pairs = [(text, REF) for text in texts]
    bound = Bound.of(values, {})
    shortcut = [(p.what, p.ref) for p in bound.scan(pairs)]
    monkeypatch.setattr(Bound, "_may_hold", lambda self, text: True)
    drift._FOUND.clear()
    assert shortcut == [(p.what, p.ref) for p in bound.scan(pairs)]
    assert len(shortcut) > 20


class _Card:
    """An owner of printed texts, as a card is: its text fields and where each is."""

    def __init__(self, row: int, **texts: str):
        self.row, self.texts = row, tuple((value, name) for name, value in texts.items())

    def field_ref(self, name: str) -> Ref:
        return REF.child("rows", self.row, name)


def test_owners_texts_warn_as_the_same_pairs_do_and_an_owner_is_read_again_only_when_another_object():
    """A card's texts read through `owners` (once an object, as a resident session's unchanged card
    is) give the warnings, in order and at the places, that its (text, (card, name)) pairs give, and
    a template value one card names counts for every text ({rules.hand} printed elsewhere)."""
    values, features = {"rules.end_score": 50, "rules.hand": 7}, {"market": (Feature("market", bool, ("marché",)), False)}
    cards = [_Card(1, titre="50 points", texte="7 cartes"), _Card(2, titre="le marché", texte=""),
             _Card(3, titre="{rules.hand} cartes en main", texte="x")]
    bound = Bound.of(values, features)

    def as_pairs(owners: list[_Card]) -> list[tuple[str, Ref]]:
        drift._FOUND.clear()
        return [(p.what, p.ref) for p in bound.scan([(t, (c, n)) for c in owners for t, n in c.texts], at=None)]

    def as_owners(owners: list[_Card], pairs=()) -> list[tuple[str, Ref]]:
        return [(p.what, p.ref) for p in bound.scan(pairs, owners=owners)]

    expected = as_pairs(cards)
    assert [(what.split(":")[0], ref.path[-2:]) for what, ref in expected] == [
        ("'50' matches rules.end_score", (1, "titre")), ("'7' matches rules.hand", (1, "texte")),
        ("'marché' depends on rules.market, which is off here", (2, "titre"))]
    drift._FOUND.clear()
    assert as_owners(cards) == expected and as_owners(cards) == expected  # (the second from the memo)
    cards[0] = _Card(1, titre="60 points", texte="7 cartes")  # an edited card: a new object, read again
    assert as_owners(cards) == as_pairs(cards) == expected[1:]
    without = [cards[0], cards[1]]  # nothing names {rules.hand} any more: a 7 below 10 is no longer flagged
    assert as_owners(without) == as_pairs(without) == expected[2:]
    assert as_owners(cards[:1], [("70 et 50", REF)]) == as_pairs(cards[:1]) + [(expected[0][0], REF)]
