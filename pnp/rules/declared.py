"""Declarative checks (`checks:` in game.yaml), run on every kit, with or without a rules model.

Contract: `declared_checks(kit)` returns the problems of the kit's decks against the checks its
game.yaml declares (`pnp.model.checks` gives their shape). A deck, field or value a check names that
the kit does not have is a problem at the check, with the closest name; values are converted to the
field's type as card values are, and must be among the field's declared `values`. The checks:
- `product`: each combination of the domains (narrowed by `where` when it names a product field)
  is there exactly `times` times (copies included); a card with a value outside a domain is a stray
  (at its value), a combination there too often or too seldom is named at its last card, a missing
  one at the deck's cards;
- `unique`: a card that repeats the combination of an earlier one is named at its line;
- `count` and `sum`: the number of cards (or the sum of a number field, times each card's copies)
  is held to the bounds, per value of the `per` fields: their values are those `where` allows, else
  the field's declared `values` (so a value no card has counts 0), else those the cards have; a
  bound not held is a problem at the check. A count of a list field, or `across` several fields,
  counts the cards holding each value in any of them (pnp/rules/across.py);
- `pairs`: every two cards share a number of values held to the bounds (pnp/rules/across.py);
- a `product` of `generate` takes the domains of the deck's generator and looks only at the cards
  inside them;
- `supply` (about a sheet): each field holds the material list's number and an element of the
  sheet's layout prints it (`count: "{field}"`).
Past `MAX_NAMED` problems of one kind, the rest are summarised in one. Only the cards that match
`where` and have at least one copy are looked at.
"""
from __future__ import annotations

import math
from itertools import product
from typing import Callable, Iterable

from ..core.errors import Problem, Ref, suggest
from ..model.checks import Check
from ..model.kit import Card, Deck, Kit
from ..model.values import quoted, shown
from .across import count_across, field_names, generated_domains, pairs
from .base import cards_ref
from .checkscope import (MAX_COMBINATIONS, WORDS, Scope, Values, Wanted, bound_words, domains_of, holds,
                         named_first)


def declared_checks(kit: Kit) -> list[Problem]:
    problems: list[Problem] = []
    for i, check in enumerate(kit.game.checks):
        ref = kit.game_ref.child("checks", i)
        if check.supply is not None:
            problems += _supply(kit, check, ref, f"checks[{i}]")
            continue
        deck = _deck(kit, check, ref, f"checks[{i}]", problems)
        if deck is None:
            continue
        scope = Scope(check, ref, f"checks[{i}]", deck)
        wanted = scope.filter(check.where, ref.child("where"))
        if wanted is not None:
            _RUN[check.kind()](scope, wanted)
        problems += scope.problems
    return problems


def _supply(kit: Kit, check: Check, ref: Ref, label: str) -> list[Problem]:
    """The sheet's fields hold the material list's numbers, and its layout prints each of them (an
    element whose `count` is the field), on some page."""
    assert check.sheet is not None and check.supply is not None
    sheet = kit.sheet(check.sheet)
    if sheet is None:
        return [Problem(f"the kit has no sheet {check.sheet!r}", label, ref.child("sheet"),
                        suggestion=suggest(check.sheet, [s.name for s in kit.sheets]))]
    layout = kit.layouts.get(sheet.spec.layout)
    counted = {str(getattr(e, "count", "")).strip("{}") for e in (layout.elements.values() if layout else ())
               if e is not None and isinstance(getattr(e, "count", None), str)}
    fields = {name: value for page in sheet.pages for name, value in page.fields.items()}
    out = []
    for name, wanted in check.supply.items():
        at = ref.child("supply", name)
        if name not in fields:
            out.append(Problem(f"the sheet {sheet.name!r} has no field {name!r} for the supply of {wanted}", label, at,
                               suggestion=suggest(name, list(fields))))
        elif fields[name] != wanted:
            out.append(Problem(f"the material list gives {wanted} {name}, but the sheet {sheet.name!r} has "
                               f"{name}: {fields[name]}", label, at, got=fields[name], suggestion=str(wanted)))
        elif name not in counted:
            out.append(Problem(f"the sheet {sheet.name!r} prints no {name} (no element of its layout "
                               f"{sheet.spec.layout!r} has count: \"{{{name}}}\")", label, at))
    return out


def _deck(kit: Kit, check: Check, ref: Ref, label: str, problems: list[Problem]) -> Deck | None:
    names = [d.name for d in kit.decks]
    if check.deck is None and len(names) == 1:
        return kit.decks[0]
    if check.deck is None:
        problems.append(Problem(f"name the deck this check is about: deck: {' | '.join(names) or '(none)'}", label, ref))
        return None
    found = kit.deck(check.deck)
    if found is None:
        problems.append(Problem(f"the kit has no deck {check.deck!r}", label, ref.child("deck"),
                                suggestion=suggest(check.deck, names)))
    return found


def _describe(names: Iterable[str], key: Iterable) -> str:
    return ", ".join(f"{name} {shown(value)}" for name, value in zip(names, key))


# product ---------------------------------------------------------------------------------------

def _product(scope: Scope, wanted: Wanted) -> None:
    raw = scope.check.product
    assert raw is not None  # _RUN runs a check by its kind: this one is a product
    generated = isinstance(raw, str)
    domains = generated_domains(scope, raw) if isinstance(raw, str) else \
        domains_of(scope, raw, scope.ref.child("product"))
    if domains is None:
        return
    domains = {name: [v for v in values if v in wanted[name]] if name in wanted else values
               for name, values in domains.items()}
    cards = scope.cards(wanted)
    if generated:  # the cards listed apart from the generator (an Excuse, the trumps) are not its
        members = {name: set(values) for name, values in domains.items()}
        cards = [c for c in cards if all(c.fields.get(n) in members[n] for n in domains)]
    found, strays = _sorted(scope, cards, domains)
    names, times = list(domains), scope.check.times or 1
    scope.problems += named_first(strays, "stray cards")
    scope.problems += named_first(_miscounted(scope, names, found, times), "combinations there too often or too seldom")
    scope.problems += named_first(_missing(scope, domains, found), "missing cards")


def _sorted(scope: Scope, cards: list[Card], domains: Values) -> tuple[dict[tuple, list[Card]], list[Problem]]:
    """The cards of each combination of the domains, and a problem for each card outside them."""
    found: dict[tuple, list[Card]] = {}
    strays = []
    members = {name: set(values) for name, values in domains.items()}
    for card in cards:
        key = tuple(card.fields.get(name) for name in domains)
        outside = next((n for n, v in zip(domains, key) if v not in members[n]), None)
        if outside is not None:
            strays.append(_stray(scope, card, outside, domains[outside]))
        else:
            found.setdefault(key, []).append(card)
    return found, strays


def _stray(scope: Scope, card: Card, name: str, values: list) -> Problem:
    shown_values = ", ".join(shown(v) for v in values[:12]) + (", …" if len(values) > 12 else "")
    return Problem(f"stray card for {scope.label}: {name} {quoted(card.fields.get(name))} is not in the product's "
                   f"domain ({shown_values})", f"deck {scope.deck.name!r}, {card.label()}", card.field_ref(name))


def _miscounted(scope: Scope, names: list[str], found: dict[tuple, list[Card]], times: int) -> list[Problem]:
    out = []
    for key, cards in found.items():
        total = sum(c.copies for c in cards)
        if total == times:
            continue
        last = cards[-1]
        if total > times and len(cards) > 1 and times == 1:
            what = f"duplicate card for {scope.label}: {_describe(names, key)} is already {cards[0].label()}"
        else:
            listed = f"copies: {last.copies}" if len(cards) == 1 else \
                "cards " + ", ".join(repr(c.id) for c in cards[:5]) + (", …" if len(cards) > 5 else "")
            what = (f"{_describe(names, key)} is there {_times(total)} ({listed}); {scope.label} wants each "
                    f"combination {_times(times)}")
        ref = last.field_ref("copies") if len(cards) == 1 and last.copies > 1 else last.ref
        out.append(Problem(what, f"deck {scope.deck.name!r}, {last.label()}", ref))
    return out


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"  # "there 2 times": how a count of cards reads here


def _missing(scope: Scope, domains: Values, found: dict[tuple, list[Card]]) -> list[Problem]:
    ref = cards_ref(scope.deck)
    names = list(domains)
    return [Problem(f"missing card for {scope.label}: {_describe(names, key)}", f"deck {scope.deck.name!r}", ref)
            for key in product(*domains.values()) if key not in found]


# unique ----------------------------------------------------------------------------------------

def _unique(scope: Scope, wanted: Wanted) -> None:
    names = scope.names(scope.check.unique, scope.ref.child("unique"))
    if names is None:
        return
    seen: dict[tuple, Card] = {}
    out = []
    for card in scope.cards(wanted):
        key = tuple(card.fields.get(name) for name in names)
        where = f"deck {scope.deck.name!r}, {card.label()}"
        if card.copies > 1:
            out.append(Problem(f"{card.copies} copies of {_describe(names, key)}; {scope.label} wants "
                               f"{', '.join(names)} unique", where, card.field_ref("copies")))
        first = seen.setdefault(key, card)
        if first is not card:
            out.append(Problem(f"{_describe(names, key)} is already {first.label()}; {scope.label} wants "
                               f"{', '.join(names)} unique", where, card.ref))
    scope.problems += named_first(out, "repeated cards")


# count and sum ---------------------------------------------------------------------------------

def _count(scope: Scope, wanted: Wanted) -> None:
    raw = scope.check.count
    if isinstance(raw, dict):
        more = scope.filter(raw, scope.ref.child("count"))
        if more is None:
            return
        wanted = {**wanted, **{k: [x for x in v if x in wanted.get(k, v)] for k, v in more.items()}}
        per: list[str] | None = []
    elif scope.check.across or any(scope.types.get(n) == "list" for n in ([raw] if isinstance(raw, str) else raw or [])):
        names = field_names(scope, raw, "count")
        if names is not None:
            count_across(scope, wanted, names)
        return
    else:
        per = scope.names(raw, scope.ref.child("count"))
    _tally(scope, wanted, per, lambda card: card.copies,
           lambda total, group: f"{shown(total)} card{'' if total == 1 else 's'}{group or ' in all'}")


def _sum(scope: Scope, wanted: Wanted) -> None:
    name = scope.check.sum
    assert name is not None  # _RUN runs a check by its kind: this one is a sum
    if not scope.known(name, scope.ref.child("sum"), at_key=False):
        return
    if scope.types[name] not in ("int", "number"):
        scope.problem(f"field {name!r} holds {WORDS[scope.types[name]]}; a sum needs a number field",
                      scope.ref.child("sum"))
        return
    _tally(scope, wanted, [], lambda card: _number(card.fields.get(name)) * card.copies,
           lambda total, group: f"the sum of {name} over the cards{group} is {shown(total)}")


def _number(value: object) -> float:
    """A number field's value on a card; a card without one adds 0."""
    return value if isinstance(value, (int, float)) else 0


def _tally(scope: Scope, wanted: Wanted, per: list[str] | None, amount: Callable[[Card], float],
           say: Callable[[float, str], str]) -> None:
    """`amount` of each card added up per combination of the `per` fields (and the count's own), each
    total held to the check's bounds; `say(total, " with couleur pique")` words a total."""
    extra = scope.names(scope.check.per, scope.ref.child("per"))
    if per is None or extra is None:
        return
    names, cards = per + extra, scope.cards(wanted)
    domains = [_per_values(scope, name, wanted, cards) for name in names]
    if math.prod(len(d) for d in domains) > MAX_COMBINATIONS:
        scope.problem(f"{' × '.join(names)} make more than {MAX_COMBINATIONS} combinations to count", scope.ref)
        return
    totals: dict[tuple, float] = {}
    for card in cards:
        key = tuple(card.fields.get(name) for name in names)
        totals[key] = totals.get(key, 0) + amount(card)
    out = [Problem(f"{say(totals.get(key, 0), _with(names, key))}; the check wants {bound_words(scope.check)}",
                   scope.label, scope.ref) for key in product(*domains) if not holds(scope.check, totals.get(key, 0))]
    scope.problems += named_first(out, "counts out of bounds")


def _with(names: list[str], key: tuple) -> str:
    return f" with {_describe(names, key)}" if names else ""


def _per_values(scope: Scope, name: str, wanted: Wanted, cards: list[Card]) -> list:
    if name in wanted:
        return wanted[name]
    declared = scope.declared[name]
    if declared is not None:
        return declared
    return [v for v in dict.fromkeys(c.fields.get(name) for c in cards) if v is not None]


_RUN: dict[str, Callable[[Scope, Wanted], None]] = {
    "product": _product, "unique": _unique, "count": _count, "sum": _sum, "pairs": pairs}
