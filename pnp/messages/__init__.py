"""The message catalogue: the texts pnp prints around a kit's material, in the kit's language.

Contract: `catalogue(language)` returns `(Messages, problem)`: the catalogue of `language` (a file
`<language>.yaml` of this folder, read strictly once per process), or English with a sentence
saying why when the language has no file (the caller reports it as a warning). `Messages.text(key,
**values)` fills a message's `{name}` fields; `Messages.lines(key, **values)` a list message, line by
line. A key missing from a language's file falls back to English, so a new language is a file,
complete or not (tests/test_messages.py holds the shipped files to the keys of `en.yaml`).
`languages()` names the languages that have a file. The kits' own texts never pass through here.
Layer: messages (above sources and core; beside model; below layout's users: draw, the pipeline).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..sources.parsecache import ParseCache

FOLDER = Path(__file__).parent
DEFAULT = "en"


class Messages:
    def __init__(self, language: str, entries: dict[str, object], fallback: "Messages | None" = None):
        self.language = language
        self._entries = entries
        self._fallback = fallback

    def raw(self, key: str) -> object:
        """The message `key` as its file writes it (text or list), from English when this language lacks it."""
        if key in self._entries:
            return self._entries[key]
        if self._fallback is not None:
            return self._fallback.raw(key)
        raise KeyError(f"no message {key!r} in {self.language}.yaml")  # a pnp bug, not a kit's

    def text(self, key: str, **values: object) -> str:
        return str(self.raw(key)).format_map(values)

    def lines(self, key: str, **values: object) -> list[str]:
        raw = self.raw(key)
        return [str(line).format_map(values) for line in (raw if isinstance(raw, list) else [raw])]

    def keys(self) -> set[str]:
        return set(self._entries)


def languages() -> list[str]:
    return sorted(p.stem for p in FOLDER.glob("*.yaml"))


@lru_cache(maxsize=8)  # per language and project opening: bounded, as a resident process reopens projects
def _load(language: str, cache: ParseCache | None = None) -> Messages:
    """A catalogue, read strictly, through the project's parse cache when there is one (an unchanged
    file is not parsed again, and PyYAML stays unloaded)."""
    path = FOLDER / f"{language}.yaml"
    text = path.read_text(encoding="utf-8")
    key = cache.key(text) if cache is not None else ""
    data = cache.get(key) if cache is not None else None
    if not isinstance(data, dict):
        from ..sources.yamlparse import parse_yaml

        data, _, problems = parse_yaml(text, path.name)
        if problems or not isinstance(data, dict):  # a pnp bug: the shipped files are tested
            raise ValueError(f"{path}: " + "; ".join(p.render() for p in problems))
        if cache is not None:
            cache.put(key, data)
    return Messages(language, data, None if language == DEFAULT else _load(DEFAULT, cache))


def catalogue(language: str, cache: ParseCache | None = None) -> tuple[Messages, str | None]:
    """The catalogue of `language` (`cache`: a `sources.parsecache.ParseCache`), or English and why not."""
    if language in languages():
        return _load(language, cache), None
    known = ", ".join(languages())
    return _load(DEFAULT, cache), (f"pnp has no sheet texts in {language!r} (it has {known}: a file "
                                   f"pnp/messages/{language}.yaml adds one); sheet notes print in English")
