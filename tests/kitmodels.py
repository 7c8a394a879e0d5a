"""The kits' own rules models in tests, loaded the way pnp loads them (pnp.rules.loader), never
imported from pnp.

`kit_model(kit, module="")` is the model module of a shipped kit (`"lutins"`) or of a kit folder (a
project copy's `Path`), or one of its submodules (`"state"`). Importing `kits.<kit>[.<module>]`
(the kit's folder name with `_` for `-`: `from kits.dix_mille.params import DixMilleParams`) gives
the same modules as the shipped kits' `kit_model`: an alias, so that tests import a model's names
as they would any module's. Loading writes nothing into the kit (no __pycache__).
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import yaml

from pnp.core.errors import Ref
from pnp.rules.loader import load_module

ROOT = Path(__file__).resolve().parents[1]
ALIAS = "kits"


def kit_model(kit: str | Path, module: str = "") -> ModuleType:
    folder = Path(kit) if isinstance(kit, Path) else ROOT / "decks" / kit
    game = yaml.safe_load((folder / "game.yaml").read_text(encoding="utf-8"))
    ref = Ref(f"decks/{folder.name}/game.yaml", ("rules", "model"))
    loaded, problems = load_module(folder, game["rules"]["model"], ref)
    assert loaded is not None and problems == [], [p.render() for p in problems]
    return importlib.import_module(f"{loaded.__name__}.{module}") if module else loaded


class _Aliases(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """`kits.<kit>[.<module>]`: the shipped kit's model module, put in `sys.modules` in its place."""

    def find_spec(self, fullname: str, path=None, target=None):
        if fullname != ALIAS and not fullname.startswith(ALIAS + "."):
            return None
        return importlib.util.spec_from_loader(fullname, self, is_package=True)

    def create_module(self, spec):
        return None

    def exec_module(self, module: ModuleType) -> None:
        parts = module.__name__.split(".")
        if len(parts) > 1:  # the import system returns what sys.modules holds after this
            sys.modules[module.__name__] = kit_model(parts[1].replace("_", "-"), ".".join(parts[2:]))


sys.meta_path.insert(0, _Aliases())
