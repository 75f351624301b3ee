"""Several rulesets played on the same deals, chunk by chunk, with the per-hand differences kept as sums.

A :class:`PairedJob` plays hands ``0 .. hands-1`` of one seed under each of its rulesets. A chunk plays the
same hand range under every ruleset in one worker, so the per-hand figures of two runs
(:func:`hand_features`) meet there: the worker adds up ``Σd`` and ``Σd²`` of their differences for each
compared pair and returns those sums beside the ordinary tallies. Memory stays bounded (one chunk's arrays)
and the sums are exact integers, so a seed gives the same figures on any executor.

    >>> from tonk_rules.bots.specs import parse_specs
    >>> from tonk_rules.ruleset.compile import load_ruleset
    >>> from tonk_rules.sim.executors import make_executor
    >>> job = PairedJob("x", (load_ruleset("russian"), load_ruleset("pagat")), tuple(parse_specs("greedy,greedy")),
    ...                 40, 7, ((0, 1),))
    >>> [result] = run_all([job], make_executor("local", workers=1))
    >>> [t.hands for t in result.tallies], result.sums[(0, 1)][0].n
    ([40, 40], 40)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from tonk_rules.bots.specs import BotSpec
from tonk_rules.errors import SimulationError
from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.executors import Executor
from tonk_rules.sim.paired import PairSums
from tonk_rules.sim.simulate import Chunk, Job, check_table, chunk_size, chunks_of, play_chunk, prepare_chunk
from tonk_rules.sim.tally import ENDINGS, Batch, Tally
from tonk_rules.sim.tuning import seats_for

Pair = tuple[int, int]


def feature_names(players: int) -> list[str]:
    """The per-hand figures compared hand by hand, in :func:`hand_features`' column order."""
    names = [f"ends: {e}" for e in ENDINGS] + ["actions", "turns"]
    names += [f"win: position {p + 1}" for p in range(players)]
    names += [f"net: position {p + 1}" for p in range(players)]
    return [*names, "knocked"]


def hand_features(batch: Batch, players: int) -> npt.NDArray[np.int64]:
    """One row per hand: each ending (0/1), actions, turns, each position's win (0/1) and net, knocked (0/1).

    Positions count from the dealer's left, and the dealer of hand ``i`` is the same in every run of a seed.
    """
    n = len(batch.ending)
    endings = np.zeros((n, len(ENDINGS)), np.int64)
    endings[np.arange(n), batch.ending.astype(np.int64)] = 1
    seat_at = (batch.dealer.astype(np.int64)[:, None] + 1 + np.arange(players)[None, :]) % players
    rows = np.arange(n)[:, None]
    wins = batch.winners.astype(np.int64)[rows, seat_at]
    net = batch.net.astype(np.int64)[rows, seat_at]
    knocked = (batch.knocker.astype(np.int64) >= 0).astype(np.int64)[:, None]
    return np.hstack([endings, batch.actions.astype(np.int64)[:, None], batch.turns.astype(np.int64)[:, None],
                      wins, net, knocked])


@dataclass(frozen=True)
class PairedJob:
    """``rulesets`` each playing the same ``hands`` of ``seed`` at one table; ``pairs``: the runs (indexes
    into ``rulesets``) whose per-hand differences are kept; ``names``: what each rule set is, where the label
    alone does not say it (a sweep's points: the words a tuning stage names it by)."""

    label: str
    rulesets: tuple[Ruleset, ...]
    seats: tuple[BotSpec, ...]
    hands: int
    seed: int
    pairs: tuple[Pair, ...]
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class PairedChunk:
    job: int
    rulesets: tuple[Ruleset, ...]
    seats: tuple[tuple[SeatSpec, ...], ...]  # per ruleset, resolved (each ruleset's tuned greedy)
    seed: int
    first_hand: int
    size: int
    pairs: tuple[Pair, ...]


@dataclass
class PairedTally:
    """One tally per ruleset and, per compared pair, the paired sums of every feature."""

    tallies: list[Tally]
    sums: dict[Pair, list[PairSums]] = field(default_factory=dict)

    def merge(self, other: PairedTally) -> PairedTally:
        for mine, theirs in zip(self.tallies, other.tallies, strict=True):
            mine.merge(theirs)
        for pair, sums in other.sums.items():
            for mine_sum, theirs_sum in zip(self.sums[pair], sums, strict=True):
                mine_sum.add(theirs_sum.n, theirs_sum.total, theirs_sum.squares)
        return self

    def pair(self, a: int, b: int, feature: str) -> PairSums:
        """The sums of ``run a - run b`` for ``feature`` (one of :func:`feature_names`)."""
        index = feature_names(self.tallies[0].players).index(feature)
        if (a, b) in self.sums:
            return self.sums[(a, b)][index]
        s = self.sums[(b, a)][index]
        return PairSums(s.n, -s.total, s.squares)


def play_paired_chunk(chunk: PairedChunk) -> PairedTally:
    """Play one hand range under every ruleset; tally each and sum the compared pairs' differences."""
    from tonk_rules.sim.runner import play_hands  # imported in the worker: it loads the kernel

    players = len(chunk.seats[0])
    tallies, features = [], []
    for ruleset, seats in zip(chunk.rulesets, chunk.seats, strict=True):
        batch = play_hands(ruleset, seats, chunk.size, chunk.seed, first_hand=chunk.first_hand)
        tallies.append(Tally.of(batch, players))
        features.append(hand_features(batch, players))
    sums = {}
    for a, b in chunk.pairs:
        d = features[a] - features[b]
        totals, squares = d.sum(axis=0), (d * d).sum(axis=0)
        sums[(a, b)] = [PairSums(chunk.size, int(t), int(s)) for t, s in zip(totals, squares, strict=True)]
    return PairedTally(tallies, sums)


def _paired_chunks(index: int, job: PairedJob) -> list[PairedChunk]:
    size = chunk_size(job.hands)
    seats = tuple(tuple(seats_for(ruleset, len(job.seats), job.seats)) for ruleset in job.rulesets)
    return [PairedChunk(index, job.rulesets, seats, job.seed, first, min(size, job.hands - first), job.pairs)
            for first in range(0, job.hands, size)]


def _play(task: Chunk | PairedChunk) -> Tally | PairedTally:
    return play_chunk(task) if isinstance(task, Chunk) else play_paired_chunk(task)


def _prepare(task: Chunk | PairedChunk) -> None:
    """Load the kernel before local workers fork (see :func:`~tonk_rules.sim.simulate.prepare_chunk`)."""
    prepare_chunk(task if isinstance(task, Chunk) else
                  Chunk(task.job, task.rulesets[0], task.seats[0], task.seed, task.first_hand, 1))


def total_hands(jobs: Sequence[Job | PairedJob]) -> int:
    """Hands played by all the jobs (a paired job plays its hands once per ruleset)."""
    return sum(job.hands * (len(job.rulesets) if isinstance(job, PairedJob) else 1) for job in jobs)


def run_all(jobs: Sequence[Job | PairedJob], executor: Executor,
            progress: Callable[[int], None] | None = None) -> list[Any]:
    """Run plain and paired jobs in one executor run: a :class:`Tally` per plain job, a
    :class:`PairedTally` per paired one. ``progress(n)`` is told of the hands each chunk played."""
    tasks: list[Chunk | PairedChunk] = []
    results: list[Any] = []
    for index, job in enumerate(jobs):
        if job.hands < 1:
            raise SimulationError(f"the number of hands must be 1 or more, not {job.hands}")
        if isinstance(job, PairedJob):
            for ruleset in job.rulesets:
                check_table(ruleset, len(job.seats), job.label)
            tasks += _paired_chunks(index, job)
            results.append(PairedTally([Tally.empty(len(job.seats)) for _ in job.rulesets],
                                       {pair: [PairSums() for _ in feature_names(len(job.seats))]
                                        for pair in job.pairs}))
        else:
            check_table(job.ruleset, len(job.seats), job.label)
            tasks += [Chunk(index, c.ruleset, c.seats, c.seed, c.first_hand, c.size) for c in chunks_of([job])]
            results.append(Tally.empty(len(job.seats)))
    for task, result in zip(tasks, executor.map(_play, tasks, prepare=_prepare), strict=True):
        results[task.job].merge(result)
        if progress is not None:
            progress(task.size * (len(task.rulesets) if isinstance(task, PairedChunk) else 1))
    return results
