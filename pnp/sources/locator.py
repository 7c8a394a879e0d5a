"""Where values of a source document came from.

Contract: a `Locator` belongs to one file. `set(path, line, col)` records a value's position,
`set_key` a mapping key's. `loc(path)` answers the closest recorded position: the value itself,
else the nearest ancestor, so a problem about a missing key points at the mapping that lacks it.
`LocatorRegistry` resolves a `Ref` (file + path) for all files of a run.
"""
from __future__ import annotations

from ..errors import Loc, Problem, Ref


class Locator:
    def __init__(self, display: str):
        self.display = display
        self._values: dict[tuple, tuple[int, int]] = {}
        self._keys: dict[tuple, tuple[int, int]] = {}

    def set(self, path: tuple, line: int, col: int) -> None:
        self._values[path] = (line, col)

    def set_key(self, path: tuple, line: int, col: int) -> None:
        self._keys[path] = (line, col)

    def loc(self, path: tuple) -> Loc:
        """Position of the value at `path`, or of its closest recorded ancestor."""
        for cut in range(len(path), -1, -1):
            found = self._values.get(tuple(path[:cut]))
            if found:
                return Loc(self.display, *found)
        return Loc(self.display)

    def key_loc(self, path: tuple) -> Loc:
        """Position of the key that names `path` (for unknown or misspelt keys)."""
        found = self._keys.get(tuple(path))
        return Loc(self.display, *found) if found else self.loc(path)


class LocatorRegistry:
    """All the locators of a run, keyed by display name."""

    def __init__(self) -> None:
        self._by_file: dict[str, Locator] = {}

    def add(self, locator: Locator) -> None:
        self._by_file[locator.display] = locator

    def locate(self, ref: Ref, key: bool = False) -> Loc:
        locator = self._by_file.get(ref.file)
        if locator is None:
            return Loc(ref.file)
        return locator.key_loc(ref.path) if key else locator.loc(ref.path)

    def resolve(self, problem: Problem) -> Problem:
        """The problem with its `loc` filled in from its `ref`, unless it already has one."""
        if problem.loc is not None or problem.ref is None:
            return problem
        return problem.located(self.locate(problem.ref, key=problem.at_key))
