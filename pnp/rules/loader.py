"""Loading a kit's own rules model: a Python file, or a package folder, inside the kit, by path.

Contract: `load_model(kit)` returns `(RulesModel or None, problems)` for `rules: {model: PATH}`
(None and no problem for a kit without one);
`load_module(root, path, ref)` returns the imported module for a kit folder and PATH (`ref`, the
`model` value in game.yaml, locates problems and names the kit folder as reports show it).
PATH, relative to the kit folder, names a `.py` file or a folder holding `__init__.py`; it, and
every file and folder under it, must resolve (symlinks followed) inside the kit folder, else a
problem at the `model` line. Every `.py` file of the model is read once, noted as an input of the
run (`pnp.sources.files.read_input`: editing it rebuilds the kit) and hashed with the kit folder into the
module's name, `_pnp_kit_model_<digest>`: one module per kit and version of its files, imported
once per process; loading a new version drops the previous one from `sys.modules`.
Before any of it runs, every file is parsed: a syntax error, or an import of pnp other than its
rules interface (`pnp.rules`, `pnp.rules.toolkit`), is a problem at that file's line. The model's
modules are compiled from the text that was hashed, by `_KitFinder` (relative imports work inside
a package; nothing is written into the kit, no `__pycache__`). An exception raised while importing
is a problem at the last line of the kit's code in its traceback (`raised`, which the engine also
uses for an exception in the model's read, check, tables or play-outs). The module must define
`model`, a `RulesModel`. A kit's rules file is code: it is imported only when its files are
trusted (trust.py: an untrusted or changed model is a problem at the `model` line that names its
files and `pnp trust`), and imported inside the guard (guard.py), whose refusals are problems too
(`refusal`). Finding and reading the files, confined to the kit, is `pnp.rules.modelsource`'s
(`model_files(kit)` gives them as read, for `pnp trust`). The confinement keeps a kit's model
inside the kit; neither is a sandbox.
"""
from __future__ import annotations

import ast
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import traceback
from importlib.machinery import ModuleSpec
from pathlib import Path, PurePosixPath
from types import CodeType, ModuleType
from typing import TYPE_CHECKING, NoReturn, Sequence

from ..core.errors import Loc, Problem, Ref
from . import guard, trust
from .base import Params, RulesModel
from .modelsource import WHERE, ModelSource, read_source

if TYPE_CHECKING:  # pragma: no cover
    from ..model.kit import Kit

ATTRIBUTE = "model"
INTERFACE = ("pnp.rules", "pnp.rules.toolkit")


def load_model(kit: "Kit") -> tuple[RulesModel | None, list[Problem]]:
    if kit.game.rules is None:  # a kit without a model
        return None, []
    ref = kit.game_ref.child("rules", "model")
    module, problems = load_module(kit.root, kit.game.rules.model, ref, kit.name)
    if module is None:
        return None, problems
    found = getattr(module, ATTRIBUTE, None)
    wrong = _not_a_model(found, kit.game.rules.model)
    if wrong:
        return None, [Problem(wrong, WHERE, ref, got=None if found is None else type(found).__name__)]
    return found, []


def _not_a_model(found: object, path: str) -> str | None:
    if found is None:
        return f"{path} defines no `{ATTRIBUTE}` (end it with `{ATTRIBUTE} = RulesModel(...)`, from pnp.rules)"
    if not isinstance(found, RulesModel):
        return f"`{ATTRIBUTE}` in {path} must be a pnp.rules.RulesModel"
    if not (isinstance(found.params, type) and issubclass(found.params, Params)):
        return f"the params of `{ATTRIBUTE}` in {path} must be a subclass of pnp.rules.Params"
    calls = {"read": found.read, "check": found.check, "tables": found.tables}
    bad = [name for name, call in calls.items() if not callable(call)]
    bad += ["playout"] if found.playout is not None and not callable(found.playout) else []
    return f"the {bad[0]} of `{ATTRIBUTE}` in {path} must be a function" if bad else None


_LOADED: dict[str, tuple[ModuleType | None, list[Problem]]] = {}
_CURRENT: dict[Path, str] = {}  # entry -> module name of the version loaded last


def load_module(root: Path, path: str, ref: Ref, kit_name: str = "") -> tuple[ModuleType | None, list[Problem]]:
    source, problems = read_source(Path(root).resolve(), path, ref)
    if source is None:
        return None, problems
    untrusted = trust.verdict(source.root, source.entry, source.texts)
    if untrusted is not None:
        return None, [_untrusted(untrusted, source, ref, kit_name)]
    name = source.name()
    if name not in _LOADED:
        _forget(_CURRENT.get(source.entry))
        _CURRENT[source.entry] = name
        _LOADED[name] = _import(name, source)
    return _LOADED[name]


def _untrusted(why: trust.Untrusted, source: ModelSource, ref: Ref, kit_name: str) -> Problem:
    """The problem of a model that may not run: its files, and the command that trusts it."""
    shown = source.shown.as_posix()
    command = f"pnp trust {shown if '/' in shown else kit_name or shown}"
    return Problem(f"the rules model is code that runs with your rights, and {why.reason()}: read "
                   f"{'it' if len(why.files) == 1 else 'them'}, then run `{command}` (`pnp check --no-code` "
                   "checks the rest of the kit without running it)", WHERE, ref)


def _import(name: str, source: ModelSource) -> tuple[ModuleType | None, list[Problem]]:
    parsed = {path: _parsed(path, text, source) for path, text in source.texts.items()}
    problems = [p for _, found in parsed.values() for p in found]
    if problems:
        return None, problems
    trees = {path: tree for path, (tree, _) in parsed.items() if tree is not None}
    _FINDER.sources[name] = source, trees
    try:
        _interface(list(trees.values()))
        with guard.running() as block:
            module = importlib.import_module(name)
    except Exception as exc:  # the kit's code, not pnp's: reported at its line
        _forget(name)
        return None, [raised(exc, source.root, source.shown, "importing the rules model")]
    if block.refused:
        _forget(name)
        return None, [refusal(block.refused, source.shown, "importing the rules model")]
    return module, []


def _parsed(path: Path, text: bytes, source: ModelSource) -> tuple[ast.Module | None, list[Problem]]:
    """The file's syntax tree (compiled on import, not parsed again), or its syntax error; and each
    import of pnp beyond its rules interface, at its line."""
    try:
        tree = ast.parse(text, str(path))
    except (SyntaxError, ValueError) as exc:  # ValueError: a null byte
        loc = Loc(source.show(path), getattr(exc, "lineno", None) or 1, getattr(exc, "offset", None) or 1)
        return None, [Problem(f"syntax error: {getattr(exc, 'msg', exc)}", "rules model", loc=loc)]
    return tree, [Problem(f"imports {module}, which is not pnp's rules interface: import from {' or '.join(INTERFACE)}",
                    "rules model", loc=Loc(source.show(path), node.lineno, node.col_offset + 1))
            for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
            for module in _pnp_imports(node) if not _allowed(module)]


def _pnp_imports(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The pnp modules an import statement names ("pnp.rules", "pnp.layout"...)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name.split(".")[0] == "pnp"]
    module = node.module
    if node.level == 0 and module and module.split(".")[0] == "pnp":
        return [f"{module}.{alias.name}" if module == "pnp" else module for alias in node.names]
    return []


def _interface(trees: list[ast.Module]) -> None:
    """The modules of pnp's rules interface that the model's files import, imported before the model
    runs, outside the guard: pnp's own code, whose bytecode Python then writes as for any import of
    pnp (inside the guard, the model's first import of a toolkit module not yet compiled was refused
    making its `__pycache__`, and the model failed to load from a fresh checkout)."""
    named = {module for tree in trees for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
             for module in _pnp_imports(node) if _allowed(module)}
    for module in sorted(named):
        importlib.import_module(module)
        if module == INTERFACE[0]:  # its play-out names are imported on first use (pnp/rules/__init__.py)
            importlib.import_module(f"{module}.playout")
    for node in (n for tree in trees for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)):
        if node.level == 0 and node.module in INTERFACE:  # `from pnp.rules.toolkit import shedplay`
            for alias in node.names:
                if importlib.util.find_spec(f"{node.module}.{alias.name}") is not None:
                    importlib.import_module(f"{node.module}.{alias.name}")


def _allowed(module: str) -> bool:
    """`pnp.rules` itself, and `pnp.rules.toolkit` with its modules."""
    return module == INTERFACE[0] or module == INTERFACE[1] or module.startswith(INTERFACE[1] + ".")


def raised(exc: BaseException, root: Path, shown: PurePosixPath, doing: str) -> Problem:
    """`exc`, raised by a kit's model, as a problem at the last line of the kit's code it passed."""
    root = Path(root).resolve()
    every = traceback.extract_tb(exc.__traceback__)
    frames = [f for f in every if Path(f.filename).is_relative_to(root)]
    what = f"{doing} raised {type(exc).__name__}: {exc}"
    if not frames:  # raised in code the model handed its work to (pnp's toolkit): named, no kit line
        inner = f" (in {_module_of(every[-1].filename)}, line {every[-1].lineno})" if every else ""
        return Problem(what + inner, "rules model", loc=Loc(shown.as_posix()))
    last = frames[-1]
    col = getattr(last, "colno", None)
    return Problem(what, "rules model", loc=Loc(_shown(last.filename, root, shown), last.lineno,
                                                 (col or 0) + 1))


def refusal(refused: list[str], shown: PurePosixPath, doing: str) -> Problem:
    """The problem of what the guard refused while the model ran (even when the model caught it)."""
    more = f" (and {len(refused) - 1} more)" if len(refused) > 1 else ""
    return Problem(f"{doing}: pnp refused {refused[0]}{more}: a rules model may write only into the kit's output "
                   "and the user's cache, and may not start processes nor use the network", "rules model",
                   loc=Loc(shown.as_posix()))


def _module_of(filename: str) -> str:
    """A file of pnp as its module path (`pnp/rules/toolkit/shedplay.py`), else its name."""
    path = Path(filename)
    parts = path.parts
    return "/".join(parts[parts.index("pnp"):]) if "pnp" in parts else path.name


def _shown(filename: str, root: Path, shown: PurePosixPath) -> str:
    return (shown / Path(filename).relative_to(root).as_posix()).as_posix()


def _forget(name: str | None) -> None:
    """Drop a version of a model (its package and submodules) from `sys.modules`."""
    if name is None:
        return
    _LOADED.pop(name, None)
    _FINDER.sources.pop(name, None)
    for key in [k for k in sys.modules if k == name or k.startswith(name + ".")]:
        del sys.modules[key]


class _SourceLoader(importlib.machinery.SourceFileLoader):
    """Compiles a model's module from the syntax tree of the text that was hashed (its source, for
    tracebacks, is that text); never reads or writes bytecode."""

    def __init__(self, fullname: str, path: str, texts: dict[Path, bytes], trees: dict[Path, ast.Module]):
        super().__init__(fullname, path)
        self.texts, self.trees = texts, trees

    def get_data(self, path: str) -> bytes:
        return self.texts[Path(path)]

    def get_code(self, fullname: str) -> CodeType:
        return compile(self.trees[Path(self.path)], self.path, "exec", dont_inherit=True)


class _KitFinder(importlib.abc.MetaPathFinder):
    """Finds the modules of loaded kit models (names under `modelsource.PREFIX`) among their files as read."""

    def __init__(self) -> None:
        self.sources: dict[str, tuple[ModelSource, dict[Path, ast.Module]]] = {}

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        top, _, rest = fullname.partition(".")
        if top not in self.sources:
            return None
        source, trees = self.sources[top]
        if not source.package:
            return self._spec(fullname, source.entry, source, trees) if not rest else self._missing(fullname)
        base = source.entry.joinpath(*rest.split(".")) if rest else source.entry
        if base / "__init__.py" in source.texts:
            return self._spec(fullname, base / "__init__.py", source, trees, package=base)
        if base.with_suffix(".py") in source.texts:
            return self._spec(fullname, base.with_suffix(".py"), source, trees)
        return self._missing(fullname)

    @staticmethod
    def _spec(fullname: str, file: Path, source: ModelSource, trees: dict[Path, ast.Module],
              package: Path | None = None) -> ModuleSpec | None:
        loader = _SourceLoader(fullname, str(file), source.texts, trees)
        return importlib.util.spec_from_file_location(
            fullname, str(file), loader=loader, submodule_search_locations=[str(package)] if package else None)

    @staticmethod
    def _missing(fullname: str) -> NoReturn:
        raise ModuleNotFoundError(f"No module named {fullname.split('.', 1)[-1]!r} in the kit's rules model",
                                  name=fullname)


_FINDER = _KitFinder()
sys.meta_path.insert(0, _FINDER)
