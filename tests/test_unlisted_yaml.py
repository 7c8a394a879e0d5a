"""A YAML file of the kit that game.yaml's components do not list is a warning naming the file."""
from __future__ import annotations

from pnp.build import check

from minikit import found, write_kit

DECK = "kind: deck\nname: d\nlayout: poker-card\ncards:\n  - {}\n"


def _warning(path: str, relative: str) -> str:
    return (f"warning: decks/mini/{path}: kit 'mini': this YAML file is not listed in game.yaml's `components` "
            f"(add `- {relative}` there, or move the file out of the kit folder)")


def test_a_yaml_file_left_out_of_components_is_a_warning(project):
    root = project()
    write_kit(root, {"d.yaml": DECK, "vieux.yaml": DECK, "autre.yml": DECK, ".cache.yaml": DECK}, components=["d.yaml"])
    assert found(root) == [_warning("autre.yml", "autre.yml"), _warning("vieux.yaml", "vieux.yaml")]
    assert all(p.severity == "warning" for r in check(root, ["mini"]) for p in r.problems)


def test_folders_of_components_are_searched_those_of_art_and_code_are_not(project):
    root = project()
    write_kit(root, {"cartes/d.yaml": DECK, "cartes/brouillon.yaml": DECK, "art/palette.yaml": "a: 1\n",
                     "rules/donnees.yaml": "a: 1\n"}, components=["cartes/d.yaml"])
    assert found(root) == [_warning("cartes/brouillon.yaml", "cartes/brouillon.yaml")]


def test_the_shipped_kits_list_every_yaml_file(shipped):
    from pnp.model.load import Project

    project = Project.open(shipped)
    loaded = [project.load_kit(kit_dir) for kit_dir in project.kit_dirs()]
    assert len(loaded) >= 5 and [p for _, problems in loaded for p in problems] == []
