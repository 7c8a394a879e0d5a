"""Balance statistics of a run of play-outs: seats, lengths, situations, endings.

Contract: `summarize(records, playout, players, agent, seconds)` turns the `GameRecord`s of one
run (one player count, one agent) into a plain, JSON-ready dict:
- `seats`: per seat (numbered from 1 in playing order) its wins, win rate and 95 % Wilson score
  interval, and `flag` "above" or "below" when the interval excludes the fair share; its `colour`
  when the model names the seats' colours (`Playout.seat_colours`: where the rules tell them apart);
- `fair_share`: the win rate every seat would have if seats did not matter: the wins credited
  divided by games × seats. A shared win is a win for each seat that shares it (each seat's rate
  stays a proportion of games, so its interval is a binomial one), which raises every seat's fair
  share alike; a game that did not end credits nobody. Without shared wins or unfinished games
  the fair share is 1 / seats;
- `length`: mean, median, 90th percentile (nearest rank), maximum and a histogram (`[start, stop,
  count]` bins) of the turns, and of each other length unit of the model (`playout.lengths`, e.g.
  weeks);
- `situations`: per situation the model counts, the mean count per game and the share of games
  that met it at least once; `endings`: how many games each ending closed; `ended`, `shared_wins`;
- `timing`: the seconds the games took and games per second (the only values that change from
  one run of the same seed to the next).
`wilson(wins, n, z)` is the interval; `distribution(values)` the length summary. Rates are rounded
to 4 decimals, so the same records always give the same document.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, Sequence

from .playout import GameRecord, Playout

Z95 = 1.959963984540054
DIGITS = 4
HISTOGRAM_BINS = 24


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion `wins` / `n` ((0, 1) when n is 0)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def distribution(values: Sequence[int]) -> dict[str, float]:
    """Mean, median, 90th percentile (nearest rank) and maximum; zeros for no values."""
    if not values:
        return {"mean": 0.0, "median": 0.0, "p90": 0.0, "max": 0}
    ordered = sorted(values)
    n = len(ordered)
    middle = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
    return {"mean": round(sum(ordered) / n, 2), "median": middle,
            "p90": ordered[math.ceil(0.9 * n) - 1], "max": ordered[-1]}


def histogram(values: Sequence[int], bins: int = HISTOGRAM_BINS) -> list[list[int]]:
    """[start, stop, count] of whole-number bins of equal width (at most `bins`) from the least value."""
    if not values:
        return []
    low, high = min(values), max(values)
    width = max(1, math.ceil((high - low + 1) / bins))
    counts = Counter((value - low) // width for value in values)
    return [[low + k * width, low + (k + 1) * width, counts[k]] for k in range((high - low) // width + 1)]


def seat_rows(records: Sequence[GameRecord], players: int, z: float = Z95) -> tuple[list[dict], float]:
    """Per seat: wins, rate, interval, flag; and the fair share (see the module docstring)."""
    wins = Counter(seat for record in records for seat in record.winners)
    n = len(records)
    fair = sum(wins.values()) / (n * players) if n else 0.0
    rows = []
    for seat in range(players):
        low, high = wilson(wins[seat], n, z)
        flag = "above" if low > fair else "below" if high < fair else None
        rows.append({"seat": seat + 1, "wins": wins[seat], "win_rate": _r(wins[seat] / n if n else 0.0),
                     "low": _r(low), "high": _r(high), "flag": flag})
    return rows, fair


def situation_rows(records: Sequence[GameRecord], names: Iterable[str]) -> dict[str, dict[str, float]]:
    """Per situation: mean count per game, share of games that met it."""
    n = len(records) or 1
    names = list(dict.fromkeys([*names, *sorted({k for r in records for k in r.situations})]))
    return {name: {"per_game": _r(sum(r.situations.get(name, 0) for r in records) / n),
                   "games": _r(sum(1 for r in records if r.situations.get(name, 0)) / n)} for name in names}


def summarize(records: Sequence[GameRecord], playout: Playout, players: int, agent: str,
              seconds: float) -> dict:
    seats, fair = seat_rows(records, players)
    if playout.seat_colours is not None:  # colours that differ in the rules, named beside the seats
        for row, colour in zip(seats, playout.seat_colours(players)):
            row["colour"] = colour
    measures = {"turns": [r.turns for r in records]}
    measures |= {unit: [r.lengths[unit] for r in records if unit in r.lengths] for unit in playout.lengths}
    lengths = {unit: distribution(values) | {"histogram": histogram(values)} for unit, values in measures.items()}
    games = len(records)
    return {"players": players, "agent": agent, "games": games,
            "ended": sum(1 for r in records if r.ended),
            "shared_wins": sum(1 for r in records if len(r.winners) > 1),
            "fair_share": _r(fair), "seats": seats, "length": lengths,
            "situations": situation_rows(records, playout.situations),
            "endings": dict(sorted(Counter(r.ending for r in records if r.ending).items())),
            "timing": {"seconds": round(seconds, 4),
                       "games_per_second": round(games / seconds, 1) if seconds > 0 else None}}


def _r(value: float) -> float:
    return round(value, DIGITS)
