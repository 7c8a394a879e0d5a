"""Declarative checks across fields and across cards: values counted over several fields or a list
field, and every pair of cards compared.

Contract: `values_of(card, names, types)` is the set of values a card holds in the fields `names`
(each item of a list field); `count_across(scope, wanted, names)` holds, for each value that the
fields declare (else that the cards hold), the number of cards that hold it (copies included) to
the check's bounds (`count: symbols` on a list field, `count: [s1, s2, s3]` with `across: true`);
`pairs(scope, wanted)` holds the number of values every two cards share to the bounds (`pairs:
symbols, exactly: 1`: the symbol-matching deck's rule), naming each pair that does not hold it, at
the later card, with the values they share. A card with several copies is compared with its own
copy too (two copies of one card share all their values). At most `MAX_PAIRED` cards are paired.
`pnp.rules.declared` runs both (`pnp.rules.checkscope.Scope`: the deck, its fields, the check's
problems).
"""
from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import Any

from ..core.errors import Problem, Ref
from ..model.kit import Card
from ..model.values import shown
from .checkscope import Scope, Values, Wanted, bound_words, domains_of, holds, named_first

MAX_PAIRED = 3000  # cards of one pairs check (4.5 million pairs)


def values_of(card: Card, names: list[str], types: Mapping[str, str]) -> set:
    """The values `card` holds in the fields `names`: a list field's items, another field's value."""
    out: set = set()
    for name in names:
        value = card.fields.get(name)
        if types.get(name) == "list" and isinstance(value, list):
            out.update(v for v in value if _hashable(v))
        elif value is not None and _hashable(value):
            out.add(value)
    return out


def _hashable(value: Any) -> bool:
    return isinstance(value, (str, int, float, bool))


def field_names(scope: Scope, raw: str | list[str] | None, key: str) -> list[str] | None:
    """The fields a check names (list fields allowed), or None after a problem."""
    names = [raw] if isinstance(raw, str) else list(raw or [])
    ref = scope.ref.child(key)
    good = True
    for i, name in enumerate(names):
        at = ref if isinstance(raw, str) else ref.child(i)
        if scope.types.get(name) == "list":
            continue
        good = scope.known(name, at, at_key=False) and good
    return names if good else None


def declared_values(scope: Scope, names: list[str], cards: list[Card]) -> list:
    """The values counted: those the fields declare, else those the cards hold, in order."""
    declared = [v for name in names for v in (scope.declared.get(name) or [])]
    if declared:
        return list(dict.fromkeys(declared))
    seen: dict = {}
    for card in cards:
        for value in sorted(values_of(card, names, scope.types), key=shown):
            seen.setdefault(value, None)
    return list(seen)


def count_across(scope: Scope, wanted: Wanted, names: list[str]) -> None:
    cards = scope.cards(wanted)
    totals: dict = {}
    for card in cards:
        for value in values_of(card, names, scope.types):
            totals[value] = totals.get(value, 0) + card.copies
    fields = " or ".join(names)
    out = [Problem(f"{totals.get(v, 0)} card{'' if totals.get(v, 0) == 1 else 's'} hold {shown(v)} in {fields}; "
                   f"the check wants {bound_words(scope.check)}", scope.label, scope.ref)
           for v in declared_values(scope, names, cards) if not holds(scope.check, totals.get(v, 0))]
    scope.problems += named_first(out, "counts out of bounds")


def pairs(scope: Scope, wanted: Wanted) -> None:
    names = field_names(scope, scope.check.pairs, "pairs")
    if names is None:
        return
    cards = scope.cards(wanted)
    if len(cards) > MAX_PAIRED:
        scope.problem(f"a pairs check compares at most {MAX_PAIRED:,} cards (this one {len(cards):,})", scope.ref)
        return
    held = [(card, values_of(card, names, scope.types)) for card in cards]
    out = []
    for (a, va), (b, vb) in combinations(held, 2):
        shared = va & vb
        if not holds(scope.check, len(shared)):
            out.append(_pair(scope, a, b, shared))
    out += [_pair(scope, card, card, values) for card, values in held
            if card.copies > 1 and not holds(scope.check, len(values))]
    scope.problems += named_first(out, "pairs of cards")


def _pair(scope: Scope, a: Card, b: Card, shared: set) -> Problem:
    listed = ", ".join(sorted(shown(v) for v in shared)) or "none"
    what = (f"{a.label()} and its copy share {len(shared)} values ({listed})" if a is b else
            f"{a.label()} and {b.label()} share {len(shared)} value{'' if len(shared) == 1 else 's'} ({listed})")
    return Problem(f"{what}; {scope.label} wants every two cards to share {bound_words(scope.check)}",
                   f"deck {scope.deck.name!r}", b.ref)


def generated_domains(scope: Scope, raw: str) -> Values | None:
    """The domains of the deck's generator that `product: generate[N]` names."""
    from ..model.checks import generator_index

    index, generators = generator_index(raw), scope.deck.spec.generate or []
    if index >= len(generators):
        scope.problem(f"deck {scope.deck.name!r} has {len(generators)} generator{'' if len(generators) == 1 else 's'}"
                      f" (generate[0]{f'..generate[{len(generators) - 1}]' if len(generators) > 1 else ''}); "
                      f"{raw} names none", scope.ref.child("product"))
        return None
    at = Ref(scope.deck.ref.file, scope.deck.ref.path + ("generate", index, "each"))
    return domains_of(scope, dict(generators[index].each), at)
