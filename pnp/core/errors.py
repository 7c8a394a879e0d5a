"""Problems found in a run, and how they are reported.

Contract: every stage of the pipeline reports bad input as `Problem` values, never as exceptions
that escape to the user. A problem carries a `Ref` (a source file and a path inside its document);
the reporter turns the path into `line:col` with the file's `Locator` (or into a spreadsheet's cell,
`cards.xlsx!Feuil1!C4`), and prints `path:line:col: where: what (got X; did you mean Y?)`, X cut
short (`short`); `counted(n, noun)` writes a count with the noun that agrees with it.
`Problem.from_rendered(text)` reads that text back (a cached report's warnings) as a problem that
renders the same. `collapse(problems)` reports a problem repeated at one place once, with a count.
`KitError` carries problems out of an API that returns a value or raises (a kit's rules model may
raise it from its own readers); the pipeline itself returns problems and never raises it.
"""
from __future__ import annotations

import reprlib
from dataclasses import dataclass, field, replace
from typing import Iterable, Literal

Severity = Literal["error", "warning"]
PathPart = str | int


@dataclass(frozen=True)
class Loc:
    """A position in a source file: 1-based line and column, or a spreadsheet's cell ("Feuil1!C4")."""

    file: str
    line: int | None = None
    col: int | None = None
    cell: str | None = None

    def __str__(self) -> str:
        if self.cell is not None:
            return f"{self.file}!{self.cell}"
        if self.line is None:
            return self.file
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Ref:
    """A value in a source document: the file and the path of keys and indexes to it."""

    file: str
    path: tuple[PathPart, ...] = ()

    def child(self, *parts: PathPart) -> "Ref":
        return Ref(self.file, self.path + tuple(parts))


@dataclass(frozen=True)
class Problem:
    """One thing wrong (or worth a warning) in a kit."""

    what: str
    where: str = ""
    ref: Ref | None = None
    got: object = field(default=None, compare=False)
    suggestion: str | None = None
    severity: Severity = "error"
    loc: Loc | None = None
    at_key: bool = False  # locate at the key that names `ref` (unknown or misspelt keys)

    def located(self, loc: Loc | None) -> "Problem":
        return replace(self, loc=loc)

    def with_what(self, what: str) -> "Problem":
        return replace(self, what=what)

    @classmethod
    def from_rendered(cls, text: str) -> "Problem":
        """A problem whose `render()` is `text` (itself a rendering): its head stands as the location."""
        body = text.removeprefix("warning: ")
        head, _, what = body.partition(": ")
        return cls(what, loc=Loc(head), severity="warning" if body != text else "error")

    def render(self) -> str:
        head = str(self.loc) if self.loc else (self.ref.file if self.ref else "pnp")
        return ("warning: " if self.severity == "warning" else "") + f"{head}: {self.text()}"

    def text(self) -> str:
        """The message without its location: `where: what (got X; did you mean Y?)`."""
        text = f"{self.where}: {self.what}" if self.where else self.what
        extra = []
        if self.got is not None:
            extra.append(f"got {short(self.got)}")
        if self.suggestion:
            extra.append(f"did you mean {self.suggestion!r}?")
        return text + (f" ({'; '.join(extra)})" if extra else "")

    def as_json(self) -> dict:
        data = {"severity": self.severity, "file": self.loc.file if self.loc else None,
                "line": self.loc.line if self.loc else None, "col": self.loc.col if self.loc else None,
                "where": self.where, "what": self.what, "text": self.text(), "message": self.render()}
        return data | ({"cell": self.loc.cell} if self.loc and self.loc.cell else {})


def counted(count: int, noun: str, nouns: str = "") -> str:
    """`count` and the noun that agrees with it: "1 page", "0 pages", "2 shared wins" (`nouns` for a
    plural that is not the noun and an s)."""
    return f"{count:,} {noun if count == 1 else nouns or noun + 's'}"


def short(value: object, limit: int = 60) -> str:
    """`value` as a message quotes it (text in quotes), at most `limit` characters: long text,
    large numbers and deep or long lists are cut before they are written out, so a value that
    aliases make enormous costs no more than a short one."""
    if isinstance(value, str):  # cut inside its quotes: 'aaaa...'
        text = repr(value[:limit])
        return text if len(text) <= limit else text[:limit - 4] + "..." + text[0]
    text = _REPR.repr(value) if isinstance(value, (list, tuple, dict)) else _scalar(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _scalar(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    return str(value)[:200]


class _Repr(reprlib.Repr):
    """reprlib's bounded repr, with integers too large to print written as their size."""

    def repr_int(self, x: int, level: int) -> str:
        return _scalar(x)


_REPR = _Repr()
_REPR.maxstring, _REPR.maxother, _REPR.maxlevel, _REPR.maxlist, _REPR.maxdict = 64, 64, 3, 8, 6


class KitError(Exception):
    """Raised with problems by an API that cannot return them alongside its value."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(p.render() for p in self.problems))


def suggest(word: object, choices: Iterable[str]) -> str | None:
    """The closest of `choices` to `word`, if one is close enough to be a likely typo; never `word`
    itself (a name that exists but leads nowhere is no typo)."""
    if not isinstance(word, str):
        return None
    import difflib  # only when a problem is reported

    found = difflib.get_close_matches(word, [c for c in choices if c != word], n=1, cutoff=0.6)
    return found[0] if found else None


def collapse(problems: Iterable[Problem]) -> list[Problem]:
    """A problem met on many cards at one place (a generator's domain value, its `set`) once, in the
    place of the first, with the number of other cards."""
    first: dict[tuple, list] = {}
    for problem in problems:
        first.setdefault((problem.ref, problem.at_key, problem.what), [problem, 0])[1] += 1
    return [p if n == 1 else p.with_what(f"{p.what} (and on {counted(n - 1, 'more card')})")
            for p, n in first.values()]


def errors_only(problems: Iterable[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == "error"]
