"""The architecture holds (docs/ARCHITECTURE.md): the stages are layers that import only downwards,
ReportLab stays in draw/ and output.py, layout/'s fonts are handed in, no module is in an import
cycle (type-only imports included), and every package states its layer. `lint-imports` runs the
contracts of pyproject.toml's [tool.importlinter]; the cycle check reads the same import graph."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

from conftest import ROOT

# Import cycles the code had before the architecture was held (each a module that imports a helper
# lazily, the helper importing it back). Strike one from here when it is broken; add none.
KNOWN_CYCLES = [
    {"pnp.layout.fold", "pnp.layout.imposition"},
    {"pnp.model.checkers", "pnp.model.schema"},
    {"pnp.sources.locator", "pnp.sources.yamlparse"},
]


def test_the_import_contracts_are_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout and "3 kept" in done.stdout


def _cycles(graph: grimp.ImportGraph) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan's, iteratively)."""
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in sorted(graph.modules)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(edges[child])))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(component)
    return found


def test_no_module_is_in_an_import_cycle_type_only_imports_included():
    graph = grimp.build_graph("pnp", cache_dir=None)  # (grimp counts `if TYPE_CHECKING:` imports too)
    cycles = _cycles(graph)
    assert [c for c in cycles if c not in KNOWN_CYCLES] == []
    assert [c for c in KNOWN_CYCLES if c not in cycles] == [], "a known cycle is broken: strike it from KNOWN_CYCLES"


def test_the_pipeline_imports_neither_the_incremental_build_nor_the_watcher():
    graph = grimp.build_graph("pnp", cache_dir=None)
    for above in ("pnp.incremental", "pnp.cache", "pnp.resident", "pnp.live", "pnp.export", "pnp.cli"):
        assert not graph.chain_exists("pnp.pipeline", above, as_packages=True), above


def test_every_package_states_its_layer():
    for init in sorted((ROOT / "pnp").rglob("__init__.py")):
        if init.parent == ROOT / "pnp":
            continue  # the package itself: its public API
        doc = init.read_text(encoding="utf-8").split('"""')[1]
        assert "Layer: " in doc, init.relative_to(ROOT)
