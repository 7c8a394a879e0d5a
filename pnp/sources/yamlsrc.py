"""Reading a kit's YAML files: from the parse cache when unchanged, else through the strict parser.

Contract: `load_yaml(path, display, cache)` returns `(data, locator, problems)` as
`yamlparse.parse_yaml` does (strict YAML: see there). `path` is a file pnp may read (found through
`pnp.sources.files`, which reads it and notes it as an input of the run). A file that parsed
cleanly before, with the same text, comes from the cache: its locator then composes the text again
only if a problem is reported in it whose position no earlier run kept (the positions a run
locates in a file it parsed or composed are kept for the next: `ParseCache.positions`). Given `kept`
(a resident session's `keptyaml.KeptYaml`), a text that changed one row of the one last parsed is
parsed that row alone (then the cache is neither read nor written; its locator walks the kept tree,
that row's nodes replaced), and a text parsed whole is kept for the next. Text that is not UTF-8 (at the line and column of its first
byte that is not), a file larger than `MAX_YAML_BYTES` and a file that cannot be read are one
problem each.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import Loc, Problem, Ref
from .files import InputError, read_input
from .locator import Locator
from .parsecache import ParseCache
from .text import not_utf8, position

if TYPE_CHECKING:  # pragma: no cover
    from .keptyaml import KeptYaml

MAX_YAML_BYTES = 16 * 1024 * 1024
EXPANSION = 8  # a cached file's JSON may hold this many values per byte of its text, and no more


def load_yaml(path: Path, display: str, cache: ParseCache | None = None,
              kept: KeptYaml | None = None) -> tuple[object, Locator, list[Problem]]:
    """Read and compose `path`; `display` is the name used in messages. With a `cache`, a file that
    parsed cleanly before is not parsed again (its positions are found on demand)."""
    locator = Locator(display)
    try:
        raw = read_input(path, MAX_YAML_BYTES)
        text = raw.decode("utf-8")
    except InputError as exc:
        return None, locator, [Problem(str(exc), "YAML", Ref(display), loc=Loc(display))]
    except UnicodeDecodeError as exc:
        return None, locator, [Problem(not_utf8(raw, exc), "YAML", Ref(display),
                                       loc=Loc(display, *position(raw, exc.start)))]
    edited = kept.parse(display, text) if kept is not None else None
    if edited is not None:
        locator.text, locator.root = text, edited[1]
        return edited[0], locator, []
    key = cache.key(text) if cache else ""
    cached = cache.get(key) if cache else None
    if cache and cached is not None:
        locator.text, locator.positions = text, cache.positions(key)
        if kept is not None:  # (its tree composed when an edit needs it)
            kept.keep_cached(display, text, cached)
        return cached, locator, []
    from .yamlparse import parse_yaml

    data, locator, problems = parse_yaml(text, display, locator)
    if cache and data is not None and not problems:
        cache.put(key, data, budget=EXPANSION * len(text) + 64)
        locator.positions = cache.positions(key)  # what this run locates, the next finds kept
    if kept is not None:
        kept.keep(display, text, data if not problems else None, locator.root)
    return data, locator, problems
