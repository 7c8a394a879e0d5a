"""Problems found in a run, and how they are reported.

Contract: every stage of the pipeline reports bad input as `Problem` values, never as exceptions
that escape to the user. A problem carries a `Ref` (a source file and a path inside its document);
the reporter turns the path into `line:col` with the file's `Locator` (or into a spreadsheet's cell,
`cards.xlsx!Feuil1!C4`), and prints `path:line:col: where: what (got X; did you mean Y?)`, X cut
short (`short`); `counted(n, noun)` writes a count with the noun that agrees with it. `visible(text)` is text as a
terminal may show it (control characters and bidirectional overrides written as escapes), and
`visible_json(text)` a JSON text so (the same characters as `\\u` escapes: the same value). A problem
about a value of a model carries the model's `element` and the `keys` to the value as data
(`Problem.at(what, element, *keys)`, its `where` written from them by `key_path`), so later stages
locate it without reading its words. A problem is data end to end: `as_json()` (the one shape of
`--json`'s errors and warnings, and of the build cache's) and `Problem.from_json(data)`, which gives
back a problem that renders the same (its value as it was quoted, `Shown`). `collapse(problems)` reports a problem repeated at one place once, with a count.
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
    element: str = field(default="", compare=False)  # the model element it is about ("rules", "deck"), if one
    keys: tuple[PathPart, ...] = field(default=(), compare=False)  # the keys and indexes from there to the value

    @classmethod
    def at(cls, what: str, element: str, *keys: PathPart, **extra: object) -> "Problem":
        """A problem about the value at `keys` of `element`, its `where` written from them."""
        return cls(what, key_path(element, keys), element=element, keys=tuple(keys), **extra)  # type: ignore[arg-type]

    def located(self, loc: Loc | None) -> "Problem":
        return replace(self, loc=loc)

    def with_what(self, what: str) -> "Problem":
        return replace(self, what=what)

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
        loc = self.loc
        data = {"severity": self.severity, "file": loc.file if loc else (self.ref.file if self.ref else None),
                "line": loc.line if loc else None, "col": loc.col if loc else None,
                "where": self.where, "what": self.what, "element": self.element, "keys": list(self.keys),
                "got": short(self.got) if self.got is not None else None, "suggestion": self.suggestion,
                "text": self.text(), "message": self.render()}
        return data | ({"cell": loc.cell} if loc and loc.cell else {})

    @classmethod
    def from_json(cls, data: dict) -> "Problem":
        """The problem `as_json()` gave (a cached report's): it renders as it did."""
        file, got = data["file"], data["got"]
        loc = Loc(file, data["line"], data["col"], data.get("cell")) if file is not None else None
        return cls(data["what"], data["where"], got=Shown(got) if got is not None else None,
                   suggestion=data["suggestion"], severity="warning" if data["severity"] == "warning" else "error",
                   loc=loc, element=data["element"], keys=tuple(data["keys"]))


@dataclass(frozen=True)
class Shown:
    """A value as a message quoted it (`short`): the `got` of a problem read back from its data."""

    text: str

    def __str__(self) -> str:
        return self.text


def key_path(where: str, keys: Iterable[PathPart]) -> str:
    """`where` followed by `keys`: `deck.fields.rank`, `deck.cards[2].back`, `rules.seats[0]`."""
    text = where
    for part in keys:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


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


_DEL_C1 = range(0x7F, 0xA0)
_BIDI = (*range(0x202A, 0x202F), *range(0x2066, 0x206A))  # the embeddings, overrides and isolates
_CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x20), *_DEL_C1) if chr(c) not in "\n\t"}
_CONTROLS.update({c: f"\\u{c:04x}" for c in _BIDI})


def visible(text: str) -> str:
    """`text` for a terminal: its control characters (ESC, BEL, CR, the C1 range) and bidirectional
    overrides written as escapes (`\\x1b`, `\\u202e`), newlines and tabs kept, so that a file name
    or a title a kit chose cannot drive or garble the terminal that shows it."""
    return text if text.isascii() and text.isprintable() else text.translate(_CONTROLS)


_JSON_CONTROLS = {c: f"\\u{c:04x}" for c in (*_DEL_C1, *_BIDI)}  # (JSON escapes the C0 range itself)


def visible_json(text: str) -> str:
    """JSON text (`json.dumps(..., ensure_ascii=False)`) for a terminal: DEL, the C1 range and the
    bidirectional overrides, which JSON may carry as they are, written as `\\u` escapes (JSON
    escapes the C0 range itself): the same JSON value, which a terminal shows and never obeys."""
    return text if text.isascii() and "\x7f" not in text else text.translate(_JSON_CONTROLS)


def short_path(path: str, limit: int = 80) -> str:
    """A path as a message quotes it, at most about `limit` characters: a long one keeps its end (the
    file's name and its folders nearest it), "'.../fonts/elsewhere.ttf'"."""
    return repr(path) if len(path) <= limit else repr("..." + path[-(limit - 5):])


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
