"""Every rulebook mistake is a problem at its line in regles.md (or its key in regles.yaml), with the
closest name where one is close, and nothing is written."""
from __future__ import annotations

import pytest

from pnp.build import build
from pnp.core.options import Options

from minikit import found, write_kit

DECK = """kind: deck
name: cartes
layout: belote-face
back: belote-dos
fields:
  couleur: {type: text, values: [pique, coeur, carreau, trefle]}
  rang: {type: text, values: [7, 8, 9, 10, V, D, R, A]}
generate:
  - each: {couleur: [pique, coeur], rang: [7, V, A]}
    id: "{rang}-{couleur}"
"""
SHEET = """kind: sheet
name: jetons
layout: belote-jetons
fields:
  couleurs: [pique, coeur]
"""
BOOK = """kind: rulebook
name: regles
title: Règles
source: regles.md
"""
MD = "regles.md"
WHERE = "decks/mini/regles.md"


def problems(project, text: str, book: str = BOOK, extra: dict | None = None, layouts: str = "") -> list[str]:
    """The errors of a kit with a deck, a sheet and the rulebook `book` of `text` (warnings left out:
    the small deck leaves some of belote's layout conditions unmet)."""
    root = project("belote")
    if layouts:
        (root / "layouts" / "livres.yaml").write_text(layouts, encoding="utf-8")
    write_kit(root, {"cartes.yaml": DECK, "jetons.yaml": SHEET, "regles.yaml": book, MD: text, **(extra or {})})
    return [p for p in found(root) if not p.startswith("warning:")]


@pytest.mark.parametrize("text, expected", [
    ("# Titre\n\n#### Trop profond\n",
     f"{WHERE}:3:1: rulebook 'regles': a heading of level 4 (####): a rulebook has levels 1 to 3 (#, ##, ###)"),
    ("# Un\n\nTexte.\n\n# Un\n",
     f"{WHERE}:5:1: rulebook 'regles': the anchor 'un' is already the heading's at line 1 (give one of them its "
     "own: '{#other-name}' at its end)"),
    ("Texte\n\n::: note\nouverte\n",
     f"{WHERE}:3:1: rulebook 'regles': the box '::: note' is never closed (end it with a line ':::')"),
    ("Texte\n\n> une citation\n", f"{WHERE}:3:1: rulebook 'regles': a quotation (>) cannot be printed in a rulebook"),
    ("Il faut {players.mx} joueurs.\n",
     f"{WHERE}:1:9: rulebook 'regles': unknown value {{players.mx}} (did you mean {{players.max}}?)"),
    ("Un.\n\n::: when rules.marche\nDeux.\n:::\n",
     f"{WHERE}:3:10: rulebook 'regles': unknown rules value {{rules.marche}} (the kit's rules model prints none)"),
    ("Un.\n\n```figure\ncard: cartes/V-piqeu\n```\n",
     f"{WHERE}:4:1: rulebook 'regles', figure: no card 'V-piqeu' in deck 'cartes' (did you mean 'V-pique'?)"),
    ("Un.\n\n```figure\ndeck: carte\n```\n",
     f"{WHERE}:4:1: rulebook 'regles', figure: no deck 'carte' in the kit (decks: cartes) (did you mean 'cartes'?)"),
    ("Un.\n\n```figure\ncard: cartes/A-coeur\ncaptoin: x\n```\n",
     f"{WHERE}:5:1: rulebook 'regles', figure.captoin: unknown key 'captoin' (did you mean 'caption'?)"),
    ("Un.\n\n```figure\nsheet: jetons\nregion: [0mm, 0mm, 300mm, 20mm]\n```\n",
     f"{WHERE}:5:1: rulebook 'regles', figure: the region runs outside the page (182 × 269 mm, from its content "
     "box's top-left corner)"),
    ("# Règles\n\nUn :ankhh: par joueur.\n",
     f"{WHERE}:3:1: rulebook 'regles': unknown icon 'ankhh': no icons/ankhh.svg nor decks/mini/icons/ankhh.svg (did you mean 'ankh'?)"),
    ("Un.\n\n```python\nprint(1)\n```\n",
     f"{WHERE}:3:1: rulebook 'regles': a code block cannot be printed in a rulebook (a figure is a ```figure "
     "block) (got 'python')"),
])
def test_a_mistake_in_the_text_is_located_at_its_line(project, text, expected):
    assert expected in problems(project, text)


def test_a_figure_wider_than_its_column_is_located_at_its_fence(project):
    found_ = problems(project, "Un.\n\n```figure\ncard: cartes/A-coeur\nwidth: 200mm\n```\n",
                      BOOK + "columns: 2\nbooklet: false\n")
    assert found_ == [f"{WHERE}:3:1: rulebook 'regles', figure: the figure is 200 mm wide, larger than its column "
                      "(85 mm): give it a smaller `width` (a % of the column)"]


def test_a_text_longer_than_its_pages_is_located_at_pages(project):
    text = "\n\n".join(f"# Partie {i}\n\n" + "Une phrase de règle assez longue pour remplir la page. " * 40
                       for i in range(6))
    found_ = problems(project, text, BOOK + "pages: 2\n")
    assert found_ == ["decks/mini/regles.yaml:5:8: rulebook 'regles': the text takes 3 pages on a4 paper; `pages` "
                      "allows 2 (shorten it, or allow more)",
                      "decks/mini/regles.yaml:5:8: rulebook 'regles': the booklet takes 7 pages on a4 paper; `pages` "
                      "allows 2 (shorten it, or allow more)"]


def test_keys_of_the_component_and_its_style_are_checked(project):
    found_ = problems(project, "Un.\n", BOOK + "colums: 2\nstyle: nulle-part\n")
    assert found_ == ["decks/mini/regles.yaml:5:1: rulebook.colums: unknown key 'colums' (did you mean 'columns'?)"]


def test_an_unknown_style_and_a_missing_text_are_located_in_the_component(project):
    found_ = problems(project, "Un.\n", BOOK.replace("regles.md", "absent.md") + "style: livr\n",
                      layouts="livre:\n  kind: rulebook\n  size: 10\n")
    assert any(p.startswith("decks/mini/regles.yaml:4:9: rulebook.source: no file 'absent.md'") for p in found_), found_
    assert "decks/mini/regles.yaml:5:8: rulebook.style: unknown layout (got 'livr'; did you mean 'livre'?)" in found_


def test_a_style_s_margin_is_checked_where_the_style_writes_it(project):
    found_ = problems(project, "Un.\n", BOOK + "style: livre\n",
                      layouts="livre:\n  kind: rulebook\n  font: Noto Sams\n  margin: 2mm\n")
    assert found_ == ["layouts/livres.yaml:4:11: layout 'livre'.margin: must be between 5 mm (the printer's margin) "
                      "and 60 mm (got '2mm')"]

def test_a_style_s_unknown_font_is_said_at_the_style(project):
    found_ = problems(project, "Un.\n", BOOK + "style: livre\n", layouts="livre:\n  kind: rulebook\n  font: Noto Sams\n")
    assert found_ == ["decks/mini/regles.yaml:5:8: rulebook 'regles', style: unknown font 'Noto Sams' (did you mean "
                      "'Noto Sans'?)"]


def test_a_broken_rulebook_writes_nothing(project, tmp_path):
    root = project("belote")
    write_kit(root, {"cartes.yaml": DECK, "regles.yaml": BOOK, MD: "#### x\n"})
    reports = build(root, ["mini"], Options(out=tmp_path / "out"))
    assert reports[0].errors and not (tmp_path / "out" / "mini").exists()


def test_an_unknown_section_printed_by_a_card_is_located_at_its_field(project):
    aide = """kind: deck
name: aide
layout: belote-aide
fields: {titre: text, valeurs: data, primes: text}
cards:
  - titre: Aide
    valeurs: [[Valet, 20, 2]]
    primes: "{rulebook.la-belot}"
"""
    found_ = problems(project, "# La belote\n\nRoi et dame d'atout : 20 points.\n", extra={"aide.yaml": aide})
    assert any("decks/mini/aide.yaml:8:13:" in p and "unknown value {rulebook.la-belot} (did you mean "
               "{rulebook.la-belote}?)" in p for p in found_), found_
