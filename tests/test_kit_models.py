"""A kit's own rules model, loaded by path from the kit: confined to the kit folder, its mistakes
reported at their file and line (never a traceback), its files inputs of the build, each version
of it a module of its own."""
from __future__ import annotations

import os
from pathlib import Path

import json
import sys

import pytest
from click.testing import CliRunner

from conftest import check, edit, line_of
from kitmodels import kit_model
from pnp.cli import main
from pnp.cache import BuildCache
from pnp.core.options import Options
from test_rules_example import example_project

KIT = "decks/lanternes"


@pytest.fixture
def root(tmp_path):
    """A project holding the example kit of docs/RULES.md (Lanternes, rules.py)."""
    return example_project(tmp_path)


def errors(root) -> list[str]:
    return [p.render() for r in check(root, ["lanternes"]) for p in r.errors]


def as_package(root, files: dict[str, str]) -> None:
    """The kit's model turned into the package rules/ holding `files` (rules.py becomes __init__.py)."""
    package = root / KIT / "rules"
    package.mkdir()
    (root / KIT / "rules.py").rename(package / "__init__.py")
    for name, text in files.items():
        (package / name).write_text(text, encoding="utf-8")
    edit(root / KIT / "game.yaml", "model: rules.py", "model: rules/")


def model_line(root) -> int:
    return line_of(root / KIT / "game.yaml", "model:")


def test_a_syntax_error_points_at_its_file_and_line_without_a_traceback(root):
    edit(root / KIT / "rules.py", "def check(deck, params):", "def check(deck, params)")
    line = line_of(root / KIT / "rules.py", "def check(deck, params)")
    result = CliRunner().invoke(main, ["--project", str(root), "check", "lanternes"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.splitlines()[0] == f"{KIT}/rules.py:{line}:24: rules model: syntax error: expected ':'"


def test_syntax_errors_of_every_module_of_a_package_at_once(root):
    as_package(root, {"scoring.py": "def points(value):\n    return value +\n", "extra.py": "x = (1,\n"})
    found = errors(root)
    assert found == [f"{KIT}/rules/extra.py:1:5: rules model: syntax error: '(' was never closed",
                     f"{KIT}/rules/scoring.py:2:19: rules model: syntax error: invalid syntax"]


def test_an_exception_while_importing_points_at_the_kit_s_line(root):
    as_package(root, {"tables.py": "BONUS = {}\nTITLE = BONUS['titre']\n"})
    edit(root / KIT / "rules/__init__.py", "from collections import Counter\n",
         "from collections import Counter\n\nfrom .tables import TITLE\n")
    assert errors(root) == [f"{KIT}/rules/tables.py:2:9: rules model: importing the rules model raised "
                            f"KeyError: 'titre'"]


def test_relative_imports_work_inside_a_package_model(root):
    as_package(root, {"points.py": 'TITLE = "les points"\n'})
    init = root / KIT / "rules/__init__.py"
    edit(init, '"les points")}', "TITLE)}")
    edit(init, "def tables(deck, params):\n", "def tables(deck, params):\n    from .points import TITLE\n\n")
    assert errors(root) == []


def test_pnp_beyond_the_rules_interface_is_refused_at_the_import(root):
    rules = root / KIT / "rules.py"
    edit(rules, "from collections import Counter\n", "from collections import Counter\n\nfrom pnp.rules.toolkit "
         "import products\nfrom pnp.rules.toolkit.series import has_series\nfrom pnp.layout import fonts\n"
         "import pnp.model.kit\nfrom pnp import rules, errors\n")
    assert errors(root) == [
        f"{KIT}/rules.py:{line_of(rules, 'pnp.layout')}:1: rules model: imports pnp.layout, which is not pnp's "
        f"rules interface: import from pnp.rules or pnp.rules.toolkit",
        f"{KIT}/rules.py:{line_of(rules, 'import pnp.model')}:1: rules model: imports pnp.model.kit, which is not "
        f"pnp's rules interface: import from pnp.rules or pnp.rules.toolkit",
        f"{KIT}/rules.py:{line_of(rules, 'from pnp import')}:1: rules model: imports pnp.errors, which is not "
        f"pnp's rules interface: import from pnp.rules or pnp.rules.toolkit"]


def test_a_model_outside_the_kit_folder_is_refused_at_the_model_line(root):
    (root / "decks/rules.py").write_text((root / KIT / "rules.py").read_text(encoding="utf-8"), encoding="utf-8")
    edit(root / KIT / "game.yaml", "model: rules.py", "model: ../rules.py")
    assert errors(root) == [f"{KIT}/game.yaml:{model_line(root)}:10: rules.model: the rules model '../rules.py' "
                            f"leaves the kit folder (a kit's model lives inside the kit) (got '../rules.py')"]


def test_a_symlink_out_of_the_kit_is_refused(root):
    (root / "shared.py").write_text("X = 1\n", encoding="utf-8")
    as_package(root, {})
    (root / KIT / "rules/shared.py").symlink_to(root / "shared.py")
    assert errors(root) == [f"{KIT}/game.yaml:{model_line(root)}:10: rules.model: rules/shared.py leads outside "
                            f"the kit folder (every file of a rules model lives inside the kit) (got 'rules/')"]


def test_a_symlink_that_stays_inside_the_kit_is_followed(root):
    as_package(root, {})
    (root / KIT / "points.py").write_text('TITLE = "les points"\n', encoding="utf-8")
    (root / KIT / "rules/points.py").symlink_to(root / KIT / "points.py")
    edit(root / KIT / "rules/__init__.py", "from collections import Counter\n",
         "from collections import Counter\n\nfrom .points import TITLE\n")
    assert errors(root) == []


@pytest.mark.parametrize("model, what", [
    ("rule.py", "no file or folder 'rule.py' in the kit (a rules model is a Python file such as rules.py, or a "
                "folder with an __init__.py) (got 'rule.py'; did you mean 'rules.py'?)"),
    ("lanternes", "no file or folder 'lanternes' in the kit (a rules model is a Python file such as rules.py, or "
                  "a folder with an __init__.py) (got 'lanternes')"),
    ("cartes.yaml", "a rules model is a .py file or a package folder, not 'cartes.yaml' (got 'cartes.yaml')"),
])
def test_a_model_path_that_names_no_model(root, model, what):
    edit(root / KIT / "game.yaml", "model: rules.py", f"model: {model}")
    assert errors(root) == [f"{KIT}/game.yaml:{model_line(root)}:10: rules.model: {what}"]


def test_a_folder_without_init_is_no_model(root):
    (root / KIT / "regles").mkdir()
    edit(root / KIT / "game.yaml", "model: rules.py", "model: regles")
    assert errors(root) == [f"{KIT}/game.yaml:{model_line(root)}:10: rules.model: the folder 'regles' has no "
                            f"__init__.py (got 'regles')"]


@pytest.mark.parametrize("end, what", [
    ("", "rules.py defines no `model` (end it with `model = RulesModel(...)`, from pnp.rules)"),
    ("model = 3\n", "`model` in rules.py must be a pnp.rules.RulesModel (got 'int')"),
    ("model = RulesModel('x', 'y', dict)\n", "the params of `model` in rules.py must be a subclass of pnp.rules.Params "
                                             "(got 'RulesModel')"),
])
def test_the_model_object_is_checked_on_load(root, end, what):
    rules = root / KIT / "rules.py"
    text = rules.read_text(encoding="utf-8")
    rules.write_text(text[:text.index("model = RulesModel(")] + end, encoding="utf-8")
    assert errors(root) == [f"{KIT}/game.yaml:{model_line(root)}:10: rules.model: {what}"]


def test_an_exception_in_the_model_s_check_points_at_the_kit_s_line(root):
    rules = root / KIT / "rules.py"
    edit(rules, '    """Each colour has each value exactly once."""\n',
         '    """Each colour has each value exactly once."""\n    params.colours[7]\n')
    result = CliRunner().invoke(main, ["--project", str(root), "check", "lanternes"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.output.splitlines()[0] == (f"{KIT}/rules.py:{line_of(rules, 'params.colours[7]')}:5: rules model: "
                                             f"the rules model's check raised IndexError: list index out of range")


def test_each_version_of_a_model_is_a_module_of_its_own(root):
    first = kit_model(root / KIT)
    assert first.tables(None, first.LanternesParams(colours=["a", "b"]))["points"].title == "les points"
    edit(root / KIT / "rules.py", '"les points")}', '"les points !")}')
    second = kit_model(root / KIT)
    assert second is not first and second.__name__ != first.__name__
    assert second.tables(None, second.LanternesParams(colours=["a", "b"]))["points"].title == "les points !"
    assert first.__name__ not in sys.modules and second.__name__ in sys.modules
    edit(root / KIT / "rules.py", '"les points !")}', '"les points")}')
    assert kit_model(root / KIT).__name__ == first.__name__  # the same files, the same name again


def test_two_kits_may_both_have_a_rules_py(root):
    other = root / "decks/lanternes-bis"
    other.mkdir()
    for path in (root / KIT).iterdir():
        (other / path.name).write_bytes(path.read_bytes())
    assert kit_model(other) is not kit_model(root / KIT)
    assert [p.render() for r in check(root, []) for p in r.errors] == []


def test_editing_the_model_rebuilds_the_kit(root, tmp_path):
    def up_to_date() -> bool:
        result = CliRunner().invoke(main, ["--project", str(root), "build", "--out", str(tmp_path / "out"), "--json"])
        assert result.exit_code == 0, result.output
        return json.loads(result.output)["kits"][0]["up_to_date"]

    assert up_to_date() is False and up_to_date() is True
    cache = BuildCache(root, tmp_path / "out", Options().cache_key()).entries
    assert [f"{KIT}/rules.py" in entry["inputs"] for entry in cache.values()] == [True]
    edit(root / KIT / "rules.py", '"les points")}', '"les points !")}')
    assert up_to_date() is False


def test_pnp_list_does_not_run_the_model(root):
    marker = Path(os.environ["PNP_CACHE_DIR"]) / f"ran-{root.parent.name}"  # (a model may write into the cache)
    edit(root / KIT / "rules.py", "from collections import Counter\n",
         f"from collections import Counter\nfrom pathlib import Path\n\nPath({str(marker)!r}).touch()\n")
    result = CliRunner().invoke(main, ["--project", str(root), "list"])
    assert result.exit_code == 0 and "[rules.py]" in result.output and not marker.exists()
    assert errors(root) == [] and marker.exists()


def test_tables_that_return_none_print_none_without_a_traceback(root):
    """A model's `tables` that returns None is read as no tables, as `check` returning None is no
    problem: the layouts that print a table are then told it is not there."""
    edit(root / KIT / "rules.py", '    return {"points": Table(("Combinaison", "Points"), rows, "les points")}',
         "    return None")
    result = CliRunner().invoke(main, ["--project", str(root), "check", "lanternes"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)  # not a crash
    assert result.output.splitlines()[1].endswith("element 'points': no rules table 'points' "
                                                  "(the kit's rules model prints none)")
