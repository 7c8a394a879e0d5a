"""Small kits written by tests: a game.yaml and component files in a copy of the project.

`write_kit(root, files, game=...)` writes `decks/mini/` (game.yaml listing `components`, which
defaults to every YAML file given) and returns the kit folder; `found(root)` checks it and returns
every problem rendered, warnings included; `build_deck(**spec)` builds the cards of a deck written
as a mapping, without a kit.
"""
from __future__ import annotations

from pathlib import Path

from pnp.build import check

KIT = "mini"


def write_kit(root: Path, files: dict[str, str | bytes], game: str = "", components: list[str] | None = None) -> Path:
    kit = root / "decks" / KIT
    kit.mkdir(parents=True, exist_ok=True)
    names = components if components is not None else [n for n in files if n.endswith(".yaml")]
    head = f"title: Mini\nplayers: {{min: 2, max: 4}}\ncomponents: [{', '.join(names)}]\n"
    (kit / "game.yaml").write_text(head + game, encoding="utf-8")
    for name, text in files.items():
        path = kit / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
    return kit


def found(root: Path) -> list[str]:
    return [p.render() for r in check(root, [KIT]) for p in r.problems]


def build_deck(**spec) -> tuple[list, list]:
    """`build_cards` of a deck file named d.yaml holding `spec` (kind, name and layout given)."""
    from pnp.core.errors import Ref
    from pnp.model.cards import build_cards
    from pnp.model.kit import DeckFile

    data = {"kind": "deck", "name": "d", "layout": "poker-card", **spec}
    return build_cards(DeckFile.model_validate(data), Ref("d.yaml"))


def cards_of(root: Path, deck: str = "d") -> list:
    """The cards of a deck of the mini kit, as the model loads them (asserting no problem)."""
    from pnp.model.load import Project

    project = Project.open(root)
    kit, problems = project.load_kit(root / "decks" / KIT)
    assert [p for p in problems if p.severity == "error"] == [], [project.locators.resolve(p).render() for p in problems]
    return list(kit.deck(deck).cards)
