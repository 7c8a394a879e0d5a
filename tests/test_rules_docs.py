"""Every decision a rules model takes on an ambiguous rule is named in docs/RULES.md."""
from __future__ import annotations

from pathlib import Path

from pnp.rules.clochemerle.decisions import DECISIONS as CLOCHEMERLE
from pnp.rules.dixmille import DECISIONS as DIX_MILLE
from pnp.rules.lutins.decisions import DECISIONS as LUTINS
from pnp.rules.reglisse import DECISIONS as REGLISSE
from pnp.rules.similis import DECISIONS as SIMILIS

DOC = (Path(__file__).resolve().parents[1] / "docs" / "RULES.md").read_text(encoding="utf-8")


def test_every_decision_is_listed_in_the_rules_doc():
    names = list(SIMILIS) + list(REGLISSE) + list(DIX_MILLE) + list(CLOCHEMERLE) + list(LUTINS)
    missing = [name for name in names if f"`{name}`" not in DOC]
    assert not missing, f"decisions missing from docs/RULES.md: {missing}"


def test_every_model_has_a_section():
    from pnp.rules import models

    for name in models():
        assert f"## `{name}`" in DOC, name
