"""The score of a set of dice: the best split into scoring groups.

Contract: `score(dice, params, one_throw=True)` returns a `Score`: the points, the groups used
(single 1s and 5s, brelans, carrés, five of a kind, straight) for explanation, and which dice score
(`used`) or not (`unused`), both sorted. The split is the best one: most points, then most dice used
(decision: best_split). A straight is considered only when `one_throw` is true, i.e. all the dice
come from a single throw (decision: straight_one_throw). `throw_score(kept, thrown, params)` scores
a throw against the dice kept earlier in the same set of five (decision: combining, throw_scores).
`combinations(params)` lists every scoring group with its value (for tables and checks);
`score_without(group, params)` scores a group's dice as if that group were worth nothing.
Scoring is pure and never fails on a bad face: faces outside 1..6 simply never score.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterable, Iterator, Literal

from .params import FACES, DixMilleParams

Kind = Literal["single", "three", "four", "five", "straight"]
KIND_SIZES: dict[Kind, int] = {"three": 3, "four": 4, "five": 5}
_SIZE_KINDS: dict[int, Kind] = {3: "three", 4: "four", 5: "five"}


@dataclass(frozen=True)
class Group:
    """One scoring group of a split: its kind, its dice (sorted) and its points."""

    kind: Kind
    faces: tuple[int, ...]
    points: int

    @property
    def label(self) -> str:
        return " ".join(str(face) for face in self.faces)


@dataclass(frozen=True)
class Score:
    """The best split of a set of dice."""

    points: int
    groups: tuple[Group, ...]
    used: tuple[int, ...]
    unused: tuple[int, ...]

    def has(self, kind: Kind, face: int | None = None) -> bool:
        return any(g.kind == kind and (face is None or face in g.faces) for g in self.groups)


@dataclass(frozen=True)
class ThrowScore:
    """A throw scored against the dice kept earlier in the same set of five."""

    before: Score
    after: Score
    kept: tuple[int, ...]
    new_scoring: tuple[int, ...]

    @property
    def scores(self) -> bool:
        """Whether the throw adds points (decision: throw_scores)."""
        return self.after.points > self.before.points

    @property
    def gained(self) -> int:
        return self.after.points - self.before.points


@dataclass(frozen=True)
class _Values:
    """The group values of a `DixMilleParams`, hashable for the split cache."""

    singles: tuple[int, ...]          # per face 1..6
    kinds: tuple[tuple[int, ...], ...]  # per face 1..6: values of 3, 4, 5 of a kind
    straights: tuple[tuple[int, ...], ...]
    straight: int


def _values(params: DixMilleParams) -> _Values:
    return _Values(
        singles=tuple(params.single_value(face) for face in FACES),
        kinds=tuple(tuple(params.kind_value(face, size) for size in (3, 4, 5)) for face in FACES),
        straights=params.straight_faces(),
        straight=params.straight)


def score(dice: Iterable[int], params: DixMilleParams | None = None, one_throw: bool = True) -> Score:
    """The best split of `dice`; a straight counts only if `one_throw`."""
    dice = tuple(sorted(dice))
    counts = tuple(dice.count(face) for face in FACES)
    points, groups = _best(counts, _values(params or DixMilleParams()), one_throw)
    used = Counter(face for group in groups for face in group.faces)
    unused = Counter(dice) - used
    return Score(points, groups, tuple(sorted(used.elements())), tuple(sorted(unused.elements())))


def throw_score(kept: Iterable[int], thrown: Iterable[int], params: DixMilleParams | None = None) -> ThrowScore:
    """Score `thrown` with the `kept` dice of the same set; the new kept dice include the old."""
    kept, thrown = tuple(sorted(kept)), tuple(sorted(thrown))
    # decision: straight_one_throw — only a throw of a fresh set holds all the dice of a straight
    before = score(kept, params, one_throw=False)
    after = score(kept + thrown, params, one_throw=not kept)
    # rules: "N.B. On ne relance jamais des dés qui rapportent." — kept dice stay kept
    new_scoring = (Counter(after.used) - Counter(kept)) & Counter(thrown)
    new_kept = tuple(sorted(kept + tuple(new_scoring.elements())))
    if new_kept != after.used:
        after = score(new_kept, params, one_throw=not kept)
    return ThrowScore(before, after, new_kept, tuple(sorted(new_scoring.elements())))


def combinations(params: DixMilleParams | None = None) -> tuple[Group, ...]:
    """Every scoring group of the rules with its value, in reference-card order."""
    params = params or DixMilleParams()
    groups = [Group("single", (face,), params.single_value(face)) for face in FACES
              if params.single_value(face)]
    for kind, size in KIND_SIZES.items():
        groups += [Group(kind, (face,) * size, params.kind_value(face, size)) for face in FACES]
    groups += [Group("straight", faces, params.straight) for faces in params.straight_faces()]
    return tuple(groups)


def score_without(group: Group, params: DixMilleParams | None = None) -> int:
    """The best score of `group`'s dice when that group itself is worth nothing (for checks)."""
    values = _values(params or DixMilleParams())
    if group.kind == "straight":
        values = replace(values, straight=0)
    elif group.kind == "single":
        face = group.faces[0]
        values = replace(values, singles=tuple(0 if f == face else v for f, v in zip(FACES, values.singles)))
    else:
        face, size = group.faces[0], len(group.faces)
        kinds = list(values.kinds)
        kinds[face - 1] = tuple(0 if i == size - 3 else v for i, v in enumerate(kinds[face - 1]))
        values = replace(values, kinds=tuple(kinds))
    counts = tuple(group.faces.count(face) for face in FACES)
    return _best(counts, values, True)[0]


_Split = tuple[int, tuple[Group, ...]]


def _rank(split: _Split) -> tuple[int, int]:
    """Best split first: most points, then most dice used (decision: best_split)."""
    return split[0], sum(len(group.faces) for group in split[1])


@lru_cache(maxsize=65536)
def _best(counts: tuple[int, ...], values: _Values, one_throw: bool) -> _Split:
    """The best split of the dice counted per face, by trying each group then recursing."""
    best = _singles(counts, values)
    for faces, points, kind in _candidates(counts, values, one_throw):
        rest = list(counts)
        for face in faces:
            rest[face - 1] -= 1
        sub_points, sub_groups = _best(tuple(rest), values, one_throw)
        split = (points + sub_points, tuple(sorted((Group(kind, faces, points),) + sub_groups,
                                                   key=_group_order)))
        if _rank(split) > _rank(best):
            best = split
    return best


def _candidates(counts: tuple[int, ...], values: _Values,
                one_throw: bool) -> Iterator[tuple[tuple[int, ...], int, Kind]]:
    """Every n-of-a-kind group and (in one throw) every straight that the dice can make."""
    for face in FACES:
        for size in (3, 4, 5):
            if counts[face - 1] >= size and values.kinds[face - 1][size - 3] > 0:
                yield (face,) * size, values.kinds[face - 1][size - 3], _SIZE_KINDS[size]
    if not one_throw:
        return
    # rules: "Suite en un coup : 1500 pts. Suite en plusieurs coup : 0" — decision: straights
    for faces in values.straights:
        if values.straight > 0 and all(counts[face - 1] >= 1 for face in faces):
            yield faces, values.straight, "straight"


def _singles(counts: tuple[int, ...], values: _Values) -> _Split:
    """The split that scores every remaining die alone (only 1s and 5s are worth something)."""
    # rules: Combinaisons — "Chaque 1 vaut 100 pts. Chaque 5 vaut 50 pts."
    groups = tuple(Group("single", (face,), values.singles[face - 1])
                   for face in FACES if values.singles[face - 1] > 0
                   for _ in range(counts[face - 1]))
    return sum(group.points for group in groups), groups


_KIND_ORDER = {"straight": 0, "five": 1, "four": 2, "three": 3, "single": 4}


def _group_order(group: Group) -> tuple[int, tuple[int, ...]]:
    return _KIND_ORDER[group.kind], group.faces
