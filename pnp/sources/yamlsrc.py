"""Reading a kit's YAML files: from the parse cache when unchanged, else through the strict parser.

Contract: `load_yaml(path, display, cache)` returns `(data, locator, problems)` as
`yamlparse.parse_yaml` does (strict YAML: see there). A file that parsed cleanly before, with the
same text, comes from the cache: its locator then composes the text again only if a problem is
reported in it. Text that is not UTF-8 is one problem. Every file read is noted as an input of the
run (`fileio.note_read`), for the build cache.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import Problem, Ref
from ..fileio import note_read
from .locator import Locator
from .parsecache import ParseCache


def load_yaml(path: Path, display: str, cache: ParseCache | None = None) -> tuple[object, Locator, list[Problem]]:
    """Read and compose `path`; `display` is the name used in messages. With a `cache`, a file that
    parsed cleanly before is not parsed again (its positions are found on demand)."""
    locator = Locator(display)
    note_read(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        return None, locator, [Problem(f"not UTF-8 text ({exc.reason} at byte {exc.start})",
                                       "YAML", Ref(display))]
    key = cache.key(text) if cache else ""
    cached = cache.get(key) if cache else None
    if cached is not None:
        locator.text = text
        return cached, locator, []
    from .yamlparse import parse_yaml

    data, locator, problems = parse_yaml(text, display, locator)
    if cache and data is not None and not problems:
        cache.put(key, data)
    return data, locator, problems
