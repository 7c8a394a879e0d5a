"""Three broken copies that `pnp check` used to pass (issue 25): dice nets that are not the dice the
rules use, a token sheet without a supply of its material list, a number hard-coded in printed
rules (tests/test_drift.py). Each is now a problem at its line, and `pnp build` refuses the first two."""
from __future__ import annotations

import pytest

from conftest import check, edit, line_of

NETS = "the game is played with"


def errors(root, kit: str) -> list[str]:
    return [p.render() for r in check(root, [kit]) for p in r.errors]


def test_le_10000_printing_4_dice_nets_for_its_5_dice_is_refused_at_the_sheet(project):
    root = project("dix-mille")
    edit(root / "layouts/dix-mille.yaml", "    de-5: {type: svg, src: art/patron-de.svg, x: 63.5, y: 118, w: 59, h: 83.5}\n",
         "")
    line = line_of(root / "decks/dix-mille/des.yaml", "layout: dix-mille-patrons")
    assert errors(root, "dix-mille") == [
        f"decks/dix-mille/des.yaml:{line}:9: sheet 'des': the sheet prints 4 dice nets (layout 'dix-mille-patrons'), "
        "but the game is played with 5 dice (rules: Matériel — 5 dés) (got 4; did you mean '5'?)"]


def test_clochemerle_dice_nets_follow_its_12_dice(project):
    root = project("clochemerle")
    edit(root / "layouts/clochemerle.yaml", 'des: {type: dienets, count: "{dice}"', "des: {type: dienets, count: 11")
    [found] = errors(root, "clochemerle")
    assert "sheet 'jetons': the sheet prints 11 dice nets (layout 'clochemerle-jetons'), but the game is played with " \
           "12 dice (rules: Matériel — 12 petits dés)" in found


@pytest.mark.parametrize("broken", ["element removed", "count zero"])
def test_bateliers_without_its_horse_tokens_is_refused_at_the_supply(project, broken):
    root = project("bateliers")
    if broken == "element removed":
        edit(root / "layouts/bateliers.yaml", "    chevaux: {type: counters", "    chevals: {type: counters")
        edit(root / "layouts/bateliers.yaml", 'count: "{chevaux}"', "count: 0")
    else:
        edit(root / "decks/bateliers/jetons.yaml", "  chevaux: 8", "  chevaux: 0")
    line = line_of(root / "decks/bateliers/game.yaml", "supply: {bateliers: 6")
    what = ("the sheet 'jetons' prints no chevaux (no element of its layout 'bateliers-jetons' has count: "
            "\"{chevaux}\")" if broken == "element removed" else
            "the material list gives 8 chevaux, but the sheet 'jetons' has chevaux: 0 (got 0; did you mean '8'?)")
    column = (root / "decks/bateliers/game.yaml").read_text(encoding="utf-8").splitlines()[line - 1].index("8") + 1
    assert errors(root, "bateliers") == [f"decks/bateliers/game.yaml:{line}:{column}: checks[5]: {what}"]
