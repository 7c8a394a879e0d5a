"""Regular expressions compiled on first use: a module's patterns that a run never uses cost nothing.

Contract: `lazy(pattern, flags=0)` answers a `LazyPattern` whose `match`, `fullmatch`, `search`,
`finditer`, `findall`, `split` and `sub` are those of `re.compile(pattern, flags)`, compiled at the
first call (then kept: each call after it costs one attribute look-up more than the pattern's own).
`re.compile` takes 30–400 µs a pattern here; of the 24 patterns a card kit's `pnp build` imports,
10 are never used by one (a kit without a rulebook, data files or generated cards), ~1 ms of its
start-up (issue 23, item 1). Threads may compile a pattern twice; both results are equal.
"""
from __future__ import annotations

import re
import sys
from typing import Callable, Iterator


class LazyPattern:
    """`re.compile(pattern, flags)`, made when first asked (see the module's contract)."""

    __slots__ = ("pattern", "flags", "_compiled")

    def __init__(self, pattern: str, flags: int = 0):
        self.pattern, self.flags = pattern, flags
        self._compiled: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        found = self._compiled
        if found is None:
            found = self._compiled = re.compile(self.pattern, self.flags)
        return found

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, pos, endpos)

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().search(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list:
        return self.compiled().findall(string, pos, endpos)

    def split(self, string: str, maxsplit: int = 0) -> list:
        return self.compiled().split(string, maxsplit)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {self.flags!r})"


def lazy(pattern: str, flags: int = 0) -> LazyPattern:
    return LazyPattern(pattern, flags)
