"""Every decision a rules model takes on an ambiguous rule is named in docs/RULES.md."""
from __future__ import annotations

from pathlib import Path

import yaml

from conftest import ROOT, shipped_kits
from kits.clochemerle.decisions import DECISIONS as CLOCHEMERLE
from kits.dix_mille import DECISIONS as DIX_MILLE
from kits.lutins.decisions import DECISIONS as LUTINS
from kits.similis_reglisse import DECISIONS as REGLISSE
from kits.similis import DECISIONS as SIMILIS

DOC = (Path(__file__).resolve().parents[1] / "docs" / "RULES.md").read_text(encoding="utf-8")


def test_every_decision_is_listed_in_the_rules_doc():
    names = list(SIMILIS) + list(REGLISSE) + list(DIX_MILLE) + list(CLOCHEMERLE) + list(LUTINS)
    missing = [name for name in names if f"`{name}`" not in DOC]
    assert not missing, f"decisions missing from docs/RULES.md: {missing}"


def test_every_shipped_model_has_a_section_that_points_at_its_place():
    headings = [line for line in DOC.splitlines() if line.startswith("## ")]
    for kit in shipped_kits():
        rules = yaml.safe_load((ROOT / "decks" / kit / "game.yaml").read_text(encoding="utf-8")).get("rules")
        place = f"`decks/{kit}/{rules['model']}`" if rules else None
        assert place is None or any(place in heading for heading in headings), place


def test_every_decision_names_the_reading_it_rejected_and_the_doc_shows_it():
    for decisions in (SIMILIS, REGLISSE, DIX_MILLE, CLOCHEMERLE, LUTINS):
        for name, text in decisions.items():
            assert "Rejected: " in text, name
            rejected = text.split("Rejected: ", 1)[1]
            row = next(line for line in DOC.splitlines() if line.startswith(f"| `{name}` |"))
            assert row.endswith(f" {rejected} |"), name
