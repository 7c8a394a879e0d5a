"""The examples of docs/FORMAT.md for generated cards, data files and declarative checks work as the
document says: a kit made of them checks clean, and its cards are the ones described."""
from __future__ import annotations

import re

from conftest import ROOT
from minikit import cards_of, found, write_kit

DOC = (ROOT / "docs" / "FORMAT.md").read_text(encoding="utf-8")


def _blocks(heading: str) -> list[str]:
    """The fenced blocks of the section that starts at `heading`, up to the next heading of its level."""
    start = DOC.index(heading)
    level = heading.split(" ")[0]
    end = DOC.find(f"\n{level} ", start + len(heading))
    return re.findall(r"```\w*\n(.*?)```", DOC[start:end if end > 0 else None], re.S)


def test_the_generated_deck_and_the_checks_of_the_document(project):
    generator = _blocks("### Generated cards")[0].replace("carte-classique", "poker-card")
    checks = _blocks("## Declarative checks")[0]
    root = project()
    write_kit(root, {"d.yaml": "kind: deck\nname: d\nlayout: poker-card\n" + generator}, game=checks)
    cards = cards_of(root)
    assert [c.id for c in cards][:9] == ["7-pique", "8-pique", "9-pique", "10-pique", "valet-pique", "dame-pique",
                                         "roi-pique", "as-pique", "sept-cœur"]
    assert sum(c.copies for c in cards) == 31 and cards[15].fields["points"] == 11
    assert found(root) == [  # the example leaves out the 7 of hearts (copies: 0): the checks see it
        "decks/mini/d.yaml:9:3: deck 'd': missing card for checks[0]: couleur cœur, rang 7",
        "decks/mini/d.yaml:9:3: deck 'd': missing card for checks[1]: couleur cœur, rang 7",
        "decks/mini/game.yaml:10:5: checks[3]: 7 cards with couleur cœur; the check wants exactly 8"]


def test_the_data_file_of_the_document(project):
    deck, csv = _blocks("### Data files")[:2]
    root = project()
    write_kit(root, {"d.yaml": deck.replace("layout: carte", "layout: poker-card").split("data:")[0]
                     + "data: cartes.csv\n", "cartes.csv": csv})
    assert [(c.fields["nom"], c.fields["valeur"], c.fields["prix"], c.copies) for c in cards_of(root, "cartes")] == [
        ("As", 1, 1.5, 2), ("Roi; le grand", 13, 0, 1)]
