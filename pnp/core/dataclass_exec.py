"""Dataclass methods from shipped bytecode: `@dataclass` without compiling its methods' text at import.

Contract: `install()` sets the module attribute `dataclasses.exec` (which shadows the builtin in that
module only) to `exec_text`, on the Python versions whose `dataclasses` calls `exec(text, globals, ns)`
once per class and then `ns['__create_fn__'](**locals)`: 3.11 and 3.12 (`_create_fn`) and 3.13
(`_FuncBuilder.add_fns_to_class`). `exec_text(source, globals, locals)` does what the builtin `exec`
does. When `source` is, character for character, a text of the table for the running Python's minor
version (`pnp.core.dataclass_code_3NN`, written by `python -m pnp.core.dataclass_texts --write`: the
texts of the modules `pnp build` imports; those of pnp's other modules are in `..._3NN_more`, imported
by the first text of a pnp module that the first table lacks), it does not compile it: it stores in
`locals['__create_fn__']` a function of the table's code object, whose bytecode Python's own .pyc cache
holds, with the globals given. The table holds each text as it is, so the code is the one compiling the
text gives (names, qualified names, columns, bytecode), placed in the table's file: a traceback through
a dataclass method names the table's file and line and shows the line of the method's text, where the
builtin gives `File "<string>"` and no line. Any other call (a text not in the table, another version's
text, non-dict namespaces, keyword arguments, no table for this Python, or a table whose bytecode is not
cached while PYTHONDONTWRITEBYTECODE forbids caching it: compiling the whole table would cost twice what
it saves) goes to the builtin unchanged. Installed process-wide by `import pnp`: a text it does not know
costs one dictionary look-up; it is stateless but for the tables, each imported once under the import
lock. The table holds no cached data: it is package source, generated from pnp's own modules
(docs/SECURITY.md: caches hold no code).
"""
from __future__ import annotations

import builtins
import dataclasses
import importlib
import importlib.util
import os
import sys
import types
from typing import Any, Callable

SUPPORTED = ((3, 11), (3, 12), (3, 13))
CREATE_FN = "__create_fn__"  # the name dataclasses gives the function its text defines
TABLE_MODULE = f"pnp.core.dataclass_code_{sys.version_info[0]}{sys.version_info[1]}"  # a build's modules' texts
MORE_MODULE = TABLE_MODULE + "_more"  # the texts of pnp's other modules (half the texts: ~1.5 ms a build skips)
_real_exec: Callable[..., Any] = builtins.exec
_table: dict[str, types.FunctionType] | None = None
_more: dict[str, types.FunctionType] | None = None


def install() -> None:
    """Route `dataclasses`' exec through `exec_text`, once, on a supported Python; else do nothing."""
    if sys.version_info[:2] in SUPPORTED and "exec" not in vars(dataclasses):
        dataclasses.exec = exec_text  # type: ignore[attr-defined]


def table() -> dict[str, types.FunctionType]:
    """The running Python's table of a build's modules (text → its function, renamed), imported on
    first use; {} if none, or if its bytecode is neither cached nor cachable (compiling all of it
    costs more than it saves)."""
    global _table
    if _table is None:
        _table = _loaded(TABLE_MODULE)
    return _table


def more() -> dict[str, types.FunctionType]:
    """The running Python's table of pnp's other modules, imported on first use (as `table`)."""
    global _more
    if _more is None:
        _more = _loaded(MORE_MODULE)
    return _more


def _loaded(module: str) -> dict[str, types.FunctionType]:
    return {} if _uncached(module) else shipped_of(module)


def _uncached(module: str) -> bool:
    """Bytecode is not written (PYTHONDONTWRITEBYTECODE) and the table's .pyc is not there."""
    source = os.path.join(os.path.dirname(__file__), module.rsplit(".", 1)[-1] + ".py")
    return sys.dont_write_bytecode and not os.path.exists(importlib.util.cache_from_source(source))


def shipped() -> dict[str, types.FunctionType]:
    """The running Python's two tables as shipped, in one (imported, compiled if need be); {} if none."""
    return {**shipped_of(TABLE_MODULE), **shipped_of(MORE_MODULE)}


def shipped_of(module: str) -> dict[str, types.FunctionType]:
    """The table of one of the two modules, as shipped; {} if there is none."""
    try:
        return importlib.import_module(module).TABLE  # type: ignore[no-any-return]
    except ModuleNotFoundError as missing:
        if missing.name != module:
            raise
        return {}


def exec_text(source: Any, globals: Any = None, locals: Any = None, /, **kwargs: Any) -> None:
    """The builtin `exec`, which for a text of the table defines its function from shipped bytecode."""
    known = _known(source, globals) if type(source) is str and not kwargs else None
    if known is None or type(globals) is not dict or type(locals) is not dict:
        _real_exec(source, globals, locals, **kwargs)
        return
    globals.setdefault("__builtins__", builtins.__dict__)  # (as exec does when the globals have none)
    locals[CREATE_FN] = types.FunctionType(known.__code__, globals)


def _known(source: str, globals: Any) -> types.FunctionType | None:
    """The table's function of `source`: a build's table, then, for a pnp module's text, the other."""
    known = table().get(source)
    if known is None and type(globals) is dict and str(globals.get("__name__", "")).startswith("pnp."):
        known = more().get(source)
    return known
