"""Drift: printed prose that no longer follows the rules model, found by `pnp check` at its line.

Contract: a model declares `features` (`Feature(name, on, words, values, what)` on `RulesModel`):
a rule that the material or the parameters can turn off (a market of 0 cards, a series that does
not exist), computed from (material, params) by `on`, with the printed `words` (phrases, matched
without regard to case) and the template `values` (`rules.NAME`) that only make sense while it is
on. The engine computes them (`feature_states`) and prints each as the value `rules.NAME` (True or
False: a rulebook's `::: when rules.NAME` block, a layout's condition). `Bound.of(values,
features, literal)` gathers what printed numbers must be bound to, and `Bound.scan(pairs)` is the
scan: over (text, where) pairs, the texts as written (templates unfilled), it returns warnings (`where`
is the text's `Ref`, or `(owner, name)` for a field of a card, whose `owner.field_ref(name)` is
made only for a text that has a warning: a deck of thousands of cards needs few):
- a number written in digits that equals the current value of a rules parameter (`rules.…`, a
  scalar, nested keys included; not an item of a list of plain values, such as a domain), of a
  whole number the model prints, or of the players range (`players.min`, `players.max`), where
  the text does not bind it: "'50' matches rules.end_score: write {rules.end_score} so a tweak
  follows";
- a phrase or a template value that depends on a feature that is off: "'du marché' depends on
  rules.has_market (the market), which is off here: print the model's wording, or keep the
  phrase under `::: when rules.has_market`".
False positives are kept low: only numbers in digits, 2 or more (0 and 1 are everyday words),
standing alone (not in "A4", "1re", "2e", "2,5", "10:30", a range "1–6", a measure "100 %",
"200 g/m²", "3 mm"), not an item's number ("2. Pliez") nor a digit of a run ("5 5 4 4 3": dice, a
sequence), outside `{…}` templates; a value below 10 only where the texts scanned print
that value's name elsewhere (the designer binds it there, so a copy is likely to drift: "2", "3",
"4" are everywhere in rules); the players range only beside the word for players ("3 à 6
joueurs"); a number inside a phrase the kit lists as literal (`literal:` in game.yaml: "dé + 10")
is meant as written. Number words ("cinq dés") are not read: "un", "deux" are too common. Any
component that prints prose feeds the scan; `kit_cards(kit)` gives a kit's cards (the scan's
`owners`, each card's text fields read once while it is the same object), `kit_texts(kit, values)`
the pairs of its sheet fields and of its rulebooks' texts (what a `::: when` hides for the values left out), and
`text_place(kit)` the `at` that places a warning at its line and column in a rulebook's text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Protocol

from ..core.collector import held_off
from ..core.errors import Problem, Ref
from ..core.lazyre import lazy

if TYPE_CHECKING:  # pragma: no cover
    from ..model.kit import Kit

NUMBER = re.compile(r"(?<![\w.,:/\u00b0\u2013-])(\d{1,3}(?:[\u202f\u00a0 ]\d{3})+|\d+)"
                    r"(?![\w%\u00b0\u2013-]|[.,:/]\d|[\s\u00a0\u202f]?(?:%|mm\b|cm\b|m\b|g\b|g/|pt\b|px\b|dpi\b))")
PLAYERS_WORD = re.compile(r"^(?:[\s\u00a0]+\S+){0,2}?[\s\u00a0]+(?:joueu|player)", re.I)
DISTINCT = 10  # a number this large is flagged wherever it matches; a smaller one only beside its name's use
TEMPLATE = re.compile(r"\{[^{}]*\}")
VALUE = re.compile(r"\{((?:rules|players|deck)\.[^{}|]+)")
SMALLEST = 2
ENUMERATION = re.compile(r"[.)][\s\u00a0]")
DIGIT_BEFORE = re.compile(r"(?<!\d)\d[ \u00a0]$")  # a lone digit and a space, just before the number
DIGIT_AFTER = re.compile(r"[ \u00a0]\d(?!\d)")  # a space and a lone digit, just after
Place = Callable[[str, Ref, int, int], Ref]  # (text, its Ref, start, end) -> the Ref of text[start:end]
Where = Any  # a text's Ref, or (owner, name): owner.field_ref(name) is its Ref (a card's field)
OTHER_DIGIT = lazy(r"(?![0-9])\d")  # a digit that is not ASCII ("٦": `int` reads it as 6)
Finding = tuple[str, int, int]  # what, and where in its text it is (start, end; -1 when nowhere)


class Owner(Protocol):
    """What holds printed texts (a card): its text fields' values and names, and where each is."""

    @property
    def texts(self) -> tuple[tuple[str, str], ...]: ...

    def field_ref(self, name: str) -> Ref: ...


@dataclass(frozen=True)
class Feature:
    """A rule the material or parameters may turn off (see the module docstring)."""

    name: str
    on: Callable[[Any, Any], bool]
    words: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    what: str = ""


@dataclass(frozen=True)
class Bound:
    """What printed prose must follow: numbers by value (the names that hold them), the features that
    are off with their words and values, the kit's literal phrases."""

    numbers: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    off: tuple[Feature, ...] = ()
    literal: tuple[str, ...] = ()

    @classmethod
    def of(cls, values: Mapping[str, object], features: Mapping[str, tuple[Feature, bool]],
           literal: Iterable[str] = ()) -> Bound:
        numbers: dict[int, list[str]] = {}
        for name, value in _scalars(values):
            if isinstance(value, int) and not isinstance(value, bool) and value >= SMALLEST:
                numbers.setdefault(value, []).append(name)
        off = tuple(feature for feature, on in features.values() if not on)
        return cls({k: tuple(v) for k, v in numbers.items()}, off, tuple(literal))

    @held_off()  # (a text's findings live as long as the process: core.collector)
    def scan(self, pairs: Iterable[tuple[str, Where]], at: Place | None = None,
             owners: Iterable[Owner] = ()) -> list[Problem]:
        """The warnings of `pairs`, after those of `owners` (cards: each owner's `texts`, its text
        fields' values and names, read as the pairs `(text, (owner, name))`, but looked at once an
        owner object while the scan's memo holds: a resident session's unchanged card is the same
        object); `at(text, ref, start, end)`, when given, places each at the part of its text it is
        about (a rulebook's paragraph spans lines: the warning names the number's)."""
        pairs = [(text, where) for text, where in pairs if isinstance(text, str) and text]
        owners = list(owners)
        names = _names_of(owners)
        named = names.union(*[VALUE.findall(text) for text in {text for text, _ in pairs}])
        place = at or (lambda text, ref, start, end: ref)
        found, seen = _findings(repr(self), frozenset(named))  # a text written on many cards is read once
        out: list[Problem] = []
        for owner in owners:
            kept = seen.get(id(owner))
            if kept is None or kept[0] is not owner:
                kept = seen[id(owner)] = (owner, [(text, name, self._found(found, text, named))
                                                  for text, name in owner.texts if text])
            for text, name, findings in kept[1]:
                if findings:
                    out += self._problems(findings, text, owner.field_ref(name), place)
        for text, where in pairs:
            findings = self._found(found, text, named)
            if findings:
                out += self._problems(findings, text, where if isinstance(where, Ref) else where[0].field_ref(where[1]),
                                      place)
        return out

    def _found(self, found: dict[str, list[Finding]], text: str, named: set[str]) -> list[Finding]:
        findings = found.get(text)
        if findings is None:
            findings = found[text] = self._numbers(text, named) + self._features(text)
        return findings

    @staticmethod
    def _problems(findings: list[Finding], text: str, ref: Ref, place: Place) -> list[Problem]:
        return [Problem(what, "printed text", place(text, ref, start, end) if start >= 0 else ref, severity="warning")
                for what, start, end in findings]

    def _numbers(self, text: str, named: set[str]) -> list[Finding]:
        if not self._may_hold(text):
            return []
        plain = TEMPLATE.sub(lambda m: " " * len(m.group(0)), text)
        spared = [(m.start(), m.end()) for phrase in self.literal for m in re.finditer(re.escape(phrase), plain)]
        out = []
        for match in NUMBER.finditer(plain):
            value = int(re.sub(r"\D", "", match.group(1)))
            if value not in self.numbers or _listed(plain, *match.span(1)):  # (no value of that number: no warning)
                continue
            names = [name for name in self.numbers.get(value, ()) if _counts(name, value, named, plain[match.end():])]
            names.sort(key=lambda name: name not in named)  # a name the texts print elsewhere first
            if not names or any(a <= match.start() and match.end() <= b for a, b in spared):
                continue
            out.append((f"'{match.group(1)}' matches {', '.join(names)}: write {{{names[0]}}} so a tweak follows "
                        f"(or list the phrase in game.yaml's `literal:` if it is meant as written)", *match.span(1)))
        return out

    def _may_hold(self, text: str) -> bool:
        """Whether `text` may write a number that some value has: a run of digits that is one (a
        value under 1 000, zeros leading it: "050", the last group of "0 050"), or ends with the
        last three digits of a larger one (its last group: "12 500", "12500"); or a digit that is
        not ASCII (NUMBER reads any digit). A number NUMBER finds is a whole run of digits, or
        groups of them."""
        digits = _digits(self)
        return digits is not None and (digits.search(text) is not None
                                       or (not text.isascii() and OTHER_DIGIT.search(text) is not None))

    def _features(self, text: str) -> list[Finding]:
        lowered, named = text.lower(), set(VALUE.findall(text))
        out = []
        for feature in self.off:
            hits = [f"'{w}'" for w in feature.words if w.lower() in lowered]
            hits += [f"{{{v}}}" for v in feature.values if v in named or any(n.startswith(v + ".") for n in named)]
            if hits:
                what = f" ({feature.what})" if feature.what else ""
                first = hits[0].strip("'")
                start = lowered.find(first.lower())
                out.append((f"{', '.join(hits)} depends on rules.{feature.name}{what}, which is off here: "
                            f"print the model's wording for it, or keep it under `::: when rules.{feature.name}`",
                            start, start + len(first)))
        return out


_DIGITS: dict[int, tuple[Bound, re.Pattern[str] | None]] = {}  # by id(Bound): the digits its numbers end with


def _digits(bound: Bound) -> re.Pattern[str] | None:
    """A pattern of the digits that a number equal to one of `bound`'s values ends with (None: no value)."""
    known = _DIGITS.get(id(bound))
    if known is None or known[0] is not bound:
        small = sorted(str(value) for value in bound.numbers if value < 1000)
        large = sorted({str(value)[-3:] for value in bound.numbers if value >= 1000})
        ends = ([rf"(?<!\d)0*(?:{'|'.join(small)})"] if small else []) + large
        known = (bound, re.compile(f"(?:{'|'.join(ends)})(?!\\d)") if ends else None)
        _DIGITS.clear()
        _DIGITS[id(bound)] = known
    return known[1]


_FOUND: dict[tuple[str, frozenset], tuple[dict[str, list[Finding]], dict[int, tuple]]] = {}  # this process's
FOUND_KEPT = 50_000  # texts (and owners) whose findings are remembered, then forgotten at once
_NAMES: dict[int, tuple[Owner, frozenset[str]]] = {}  # by id(owner): the template values its texts name


def _findings(bound: str, named: frozenset) -> tuple[dict[str, list[Finding]], dict[int, tuple]]:
    """The findings of the texts already scanned against the same `Bound` (its text) and the same
    names printed (what a text's findings depend on besides the text), and those of the owners
    already scanned, by `id(owner)`: (the owner, its (text, name, findings))."""
    found = _FOUND.get((bound, named))
    if found is None or len(found[0]) + len(found[1]) > FOUND_KEPT:
        _FOUND.clear()
        found = _FOUND[(bound, named)] = ({}, {})
    return found


def _names_of(owners: list[Owner]) -> set[str]:
    """The template values (`rules.…`, `players.…`, `deck.…`) the owners' texts name, each owner's
    read once while it is the same object."""
    if len(_NAMES) > FOUND_KEPT:
        _NAMES.clear()
    named: set[str] = set()
    for owner in owners:
        kept = _NAMES.get(id(owner))
        if kept is None or kept[0] is not owner:
            kept = _NAMES[id(owner)] = (owner, frozenset(n for text, _ in owner.texts for n in VALUE.findall(text)))
        if kept[1]:
            named |= kept[1]
    return named


def _listed(text: str, start: int, end: int) -> bool:
    """Whether the number at `text[start:end]` is no count: an item's number at the start of a line
    ("2. Marquez le pli"), or a digit in a run of digits ("5 5 4 4 3", "2 2 2": dice, a sequence)."""
    if ENUMERATION.match(text, end) and not text[:start].rpartition("\n")[2].strip(" *"):
        return True
    return end - start == 1 and bool(DIGIT_BEFORE.search(text, 0, start) or DIGIT_AFTER.match(text, end))


def _counts(name: str, value: int, named: set[str], after: str) -> bool:
    """Whether a number equal to `name`'s value stands for it: the players range beside the word for
    players ("3 à 6 joueurs"); another value when it is distinctive (10 or more), or when the texts
    scanned print it elsewhere (the designer binds it there, so a copy here is likely to drift)."""
    if name.startswith("players."):
        return bool(PLAYERS_WORD.match(after))
    return value >= DISTINCT or any(n == name or n.startswith(name + "|") for n in named)


def _scalars(values: Mapping[str, object]) -> Iterator[tuple[str, object]]:
    """The scalar values of `values` (already flattened by pnp.rules.printed) that a number may stand
    for: not the items of a list of plain values (a domain's 1, 2, 3... would match every number)."""
    for name, value in values.items():
        if isinstance(value, (dict, list, tuple, range)):
            continue
        parent, _, last = name.rpartition(".")
        if last.isdigit() and _plain_list(values.get(parent)):
            continue
        yield name, value


def _plain_list(value: object) -> bool:
    return isinstance(value, (list, tuple)) and not any(isinstance(item, (dict, list)) for item in value)


def feature_states(features: Iterable[Feature], material: object, params: object) -> dict[str, tuple[Feature, bool]]:
    """Each feature with whether it is on (the model's code: the engine calls this inside its guard)."""
    return {feature.name: (feature, bool(feature.on(material, params))) for feature in features}


def kit_cards(kit: "Kit") -> list[Owner]:
    """The cards of a kit's decks, in order: their text fields are the scan's `owners`."""
    return [card for deck in kit.decks for card in deck.cards]


@held_off()  # (its pairs live as long as the scan: core.collector)
def kit_texts(kit: "Kit", values: Mapping[str, object] | None = None) -> list[tuple[str, Where]]:
    """The prose a kit writes itself besides its cards' (`kit_cards`): each text value of its
    sheets' fields, at its line, and every text of its rulebooks at its line in the Markdown, the
    content of a `::: when` / `::: unless` box hidden for `values` (the printed values) left out
    (pnp.model.rulebook, imported only for a kit with a rulebook: the Markdown reader and its blocks
    are a start-up cost)."""
    pairs: list[tuple[str, Where]] = []
    for sheet in kit.sheets:
        pairs += [(value, sheet.ref.child("fields", name)) for name, value in sheet.spec.fields.items()
                  if isinstance(value, str)]
        for index, page in enumerate(sheet.spec.pages or ()):
            pairs += [(value, sheet.ref.child("pages", index, "fields", name)) for name, value in page.fields.items()
                      if isinstance(value, str)]
    if kit.rulebooks:
        from ..model.rulebook import printed_texts

        for book in kit.rulebooks:
            pairs += printed_texts(book, values or {})
    return pairs


def text_place(kit: "Kit") -> Place:
    """Where a part of a kit text is written: the line and column in a rulebook's Markdown (its
    paragraphs span lines), the text's own `Ref` for a card's or a sheet's field."""
    books = {book.display: book for book in kit.rulebooks}

    def place(text: str, ref: Ref, start: int, end: int) -> Ref:
        book = books.get(ref.file)
        if book is None:
            return ref
        from ..model.rulebook import text_ref

        return text_ref(book, ref, text, start, end)
    return place
