"""The play-out harness: many seeded games of one model, on one core or spread over several.

Contract: `Runner(source, jobs)` (a context manager) plays runs of games: `runner.games(players,
agent, games, seed)` plays `games` games of the `Playout` that `source.load()` returns, with
`players` seats, every seat played by the agent named `agent` (playout.AGENTS), and returns their
`GameRecord`s in game order with the seconds the games took (wall time, games only, not the
loading); `play_range(playout, players, agent, seed, start, stop)` plays games `start` to
`stop - 1` in this process. Game `i` draws all its chance from a
`random.Random` seeded with `game_seed(seed, players, i)`, so a game is the same whichever
process plays it: the records, hence every statistic, are the same for one seed whatever `jobs`
is. With `jobs` > 1 the games are cut into contiguous chunks handed to a pool of worker
processes; each worker calls `source.load()` once (the kit's model is loaded there by path, as the
loader does: `source` is a small picklable description, never the model itself) and sends back
plain records; the games run inside the guard (guard.py). A worker needs nothing inherited from
this process, so the pool works with any start method: fork, and spawn or forkserver (macOS's and,
from Python 3.14, Linux's default; tests/test_playtest.py plays under spawn). `source` may also be a `Playout` itself (one process only: tests, benchmarks).
Anything a worker raises is raised again here (the caller turns a model's exception into a problem).
"""
from __future__ import annotations

import multiprocessing
import random
import time
from typing import TYPE_CHECKING, Callable, Protocol

from .playout import AGENTS, GameRecord, Playout

if TYPE_CHECKING:  # pragma: no cover
    from multiprocessing.pool import Pool

CHUNKS_PER_JOB = 4  # several chunks a worker, so that a slow chunk does not leave the others idle


class PlayoutSource(Protocol):
    """A picklable way to get a model's Playout in any process (pnp.lab.KitPlayout)."""

    def load(self) -> Playout: ...


def game_seed(seed: int, players: int, index: int) -> str:
    """The seed of one game: the same game whatever process or chunk plays it."""
    return f"pnp:{seed}:{players}:{index}"


def play_range(playout: Playout, players: int, agent: str, seed: int, start: int, stop: int) -> list[GameRecord]:
    """Games `start` .. `stop - 1` of a run."""
    chooser, rng, play = AGENTS[agent], random.Random(), playout.play
    out = []
    for index in range(start, stop):
        rng.seed(game_seed(seed, players, index))
        out.append(play(players, chooser, rng))
    return out


class Runner:
    """Plays runs of games: in this process (`jobs` <= 1, or a `Playout` given directly), or on a
    pool of `jobs` workers that load the source's Playout once, before any clock starts, and serve
    every run of the `with` block."""

    def __init__(self, source: PlayoutSource | Playout, jobs: int = 1):
        self.source, self.jobs = source, jobs
        self.playout: Playout | None = source if isinstance(source, Playout) else None  # played in this process
        self.pool: Pool | None = None  # or by workers (jobs > 1), from entering the block

    def __enter__(self) -> "Runner":
        if isinstance(self.source, Playout):
            return self
        if self.jobs > 1:
            self.pool = multiprocessing.get_context().Pool(self.jobs, _init_worker, (self.source,))
            self.pool.map(_settle, range(self.jobs), chunksize=1)  # the workers up and loaded
        else:
            self.playout = self.source.load()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.pool is not None:
            self.pool.close()
            self.pool.join()

    def games(self, players: int, agent: str, games: int, seed: int,
              progress: Callable[[int], None] | None = None) -> tuple[list[GameRecord], float]:
        """The records of games 0 .. `games` - 1, in order, and the seconds they took; `progress(n)`
        is told of the games as they end, a slice at a time (the records do not depend on it)."""
        if agent not in AGENTS:
            raise ValueError(f"no agent {agent!r} (agents: {', '.join(AGENTS)})")
        start = time.perf_counter()
        records: list[GameRecord] = []
        if self.pool is not None:
            tasks = [(players, agent, seed, a, b) for a, b in _chunks(games, self.jobs * CHUNKS_PER_JOB)]
            for part in self.pool.imap(_work, tasks, chunksize=1):
                records += part
                if progress is not None:
                    progress(len(part))
        elif self.playout is not None:
            for a, b in _chunks(games, max(1, games // PROGRESS_SLICE)) if progress else [(0, games)]:
                records += play_range(self.playout, players, agent, seed, a, b)
                if progress is not None:
                    progress(b - a)
        else:
            raise RuntimeError("Runner.games() plays inside `with Runner(...) as runner:`")
        return records, time.perf_counter() - start


PROGRESS_SLICE = 50  # games played between two reports to a progress display, in this process


def _chunks(games: int, parts: int) -> list[tuple[int, int]]:
    """`games` cut into at most `parts` contiguous ranges of nearly equal size."""
    parts = max(1, min(parts, games))
    bounds = [games * k // parts for k in range(parts + 1)]
    return [(a, b) for a, b in zip(bounds, bounds[1:]) if b > a]


_WORKER: dict[str, Playout] = {}


def _init_worker(source: PlayoutSource) -> None:
    _WORKER["playout"] = source.load()


def _settle(_: int) -> None:
    """A short task for each worker, so that all have loaded before the first run is timed."""
    time.sleep(0.05)


def _work(task: tuple[int, str, int, int, int]) -> list[GameRecord]:
    """A chunk of games in a worker, the model's code inside the guard (guard.py), as in the parent."""
    from .guard import running

    players, agent, seed, start, stop = task
    with running() as block:
        records = play_range(_WORKER["playout"], players, agent, seed, start, stop)
    if block.refused:
        raise PermissionError(f"pnp refused {block.refused[0]} while the kit's rules model played")
    return records
