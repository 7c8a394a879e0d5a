"""Draws of a `random.Random` written out: the same numbers, in the same order, as the library's own
calls, without their per-call work, for the deals that every game of a play-out makes.

Contract: `shuffled(rng, population)` is `rng.sample(population, len(population))` and
`two_of(rng, population)` is `rng.sample(population, 2)`: the same list, and the rng left in the
same state, for a `random.Random` itself (its `_randbelow` is `_randbelow_with_getrandbits`: a
draw below n is `getrandbits(n.bit_length())` drawn again until it is below n; `sample` takes a
full permutation from a pool, swapping the last left into the vacancy, and two of a population of
more than 21 by drawing indices until they differ). Any other rng (a subclass may draw otherwise)
gets its own `sample`. Tests hold both to `sample` on many seeds. Standard library only.
"""
from __future__ import annotations

import random
from typing import Sequence, TypeVar

T = TypeVar("T")

# per population size n: (m, m.bit_length()) for m = n .. 1, the bounds of a full sample's draws
_STEPS: dict[int, list[tuple[int, int]]] = {}
SET_SIZE = 21  # random.sample: a population above this size draws two by indices (its "small set")


def shuffled(rng: random.Random, population: Sequence[T]) -> list[T]:
    """`rng.sample(population, len(population))` (see the module docstring)."""
    if type(rng) is not random.Random:
        return rng.sample(population, len(population))
    n = len(population)
    steps = _STEPS.get(n)
    if steps is None:
        steps = _STEPS[n] = [(m, m.bit_length()) for m in range(n, 0, -1)]
    getrandbits, pool, out = rng.getrandbits, list(population), []
    for m, k in steps:
        j = getrandbits(k)
        while j >= m:
            j = getrandbits(k)
        out.append(pool[j])
        pool[j] = pool[m - 1]  # the last one left fills the vacancy
    return out


def two_of(rng: random.Random, population: Sequence[T]) -> list[T]:
    """`rng.sample(population, 2)` (see the module docstring)."""
    n = len(population)
    if type(rng) is not random.Random or n <= SET_SIZE:
        return rng.sample(population, 2)
    getrandbits, k = rng.getrandbits, n.bit_length()
    first = getrandbits(k)
    while first >= n:
        first = getrandbits(k)
    second = getrandbits(k)
    while second >= n or second == first:
        second = getrandbits(k)
    return [population[first], population[second]]
