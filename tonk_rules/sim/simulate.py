"""Seeded simulation runs: jobs split into chunks, run by an executor, tallied exactly.

A *job* is one table (a ruleset and a bot per seat) playing hands ``0 .. hands-1`` of a seed. It is cut
into chunks by hand index alone (never by the number of workers), each chunk plays its hands through the
kernel, and the integer tallies are merged, so a seed gives the same figures on any executor.

    >>> from tonk_rules.bots.specs import parse_specs
    >>> from tonk_rules.ruleset import compile_ruleset
    >>> from tonk_rules.variant.loader import load_variant
    >>> from tonk_rules.sim.executors import make_executor
    >>> job = Job("pagat", compile_ruleset(load_variant("pagat").variant), tuple(parse_specs("greedy,greedy")), 40, 7)
    >>> [t.hands for t in run_jobs([job], make_executor("local", workers=1))]
    [40]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tonk_rules.bots.specs import BotSpec
from tonk_rules.errors import SimulationError
from tonk_rules.kernel.layout import SESSION
from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.limits import MAX_HANDS
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.executors import Executor
from tonk_rules.sim.tally import Tally, proportion
from tonk_rules.sim.tuning import seats_for

#: The most hands in one chunk: small enough for even work across 16 cores (3.2 million hands make 128
#: chunks, 8 a worker), large enough to amortise a call (a chunk plays for about a quarter of a second).
MAX_CHUNK = 25_000
#: A job is cut into about this many chunks (fewer when it has fewer hands).
CHUNKS_PER_JOB = 16


@dataclass(frozen=True)
class Job:
    """One table playing ``hands`` hands of ``seed``; ``label`` names it in progress and results."""

    label: str
    ruleset: Ruleset
    seats: tuple[BotSpec, ...]
    hands: int
    seed: int


@dataclass(frozen=True)
class Chunk:
    job: int
    ruleset: Ruleset
    seats: tuple[SeatSpec, ...]  # resolved: a tuned greedy's parameters filled in
    seed: int
    first_hand: int
    size: int


def chunk_size(hands: int) -> int:
    """Hands per chunk for a job of ``hands`` hands (a function of the job alone): whole sessions
    (:data:`~tonk_rules.kernel.layout.SESSION`), so that no chunk with a montecarlo seat that remembers
    plays a session's earlier hands again to start within it."""
    size = max(1, min(MAX_CHUNK, -(-hands // CHUNKS_PER_JOB)))
    return -(-size // SESSION) * SESSION


def chunks_of(jobs: Sequence[Job]) -> list[Chunk]:
    out = []
    for index, job in enumerate(jobs):
        size = chunk_size(job.hands)
        seats = tuple(seats_for(job.ruleset, len(job.seats), job.seats))  # once per job, before any worker
        for first in range(0, job.hands, size):
            out.append(Chunk(index, job.ruleset, seats, job.seed, first, min(size, job.hands - first)))
    return out


def play_chunk(chunk: Chunk) -> Tally:
    """Play one chunk and tally it (runs in a worker)."""
    from tonk_rules.sim.runner import play_hands  # imported in the worker: it loads the kernel

    batch = play_hands(chunk.ruleset, chunk.seats, chunk.size, chunk.seed,
                       first_hand=chunk.first_hand)
    return Tally.of(batch, len(chunk.seats)).with_matches(batch, chunk.ruleset.wins_target)


def prepare_chunk(chunk: Chunk) -> None:
    """Load the kernel this chunk plays on (compiling it if its cache is cold) by playing one hand of it.

    Run once by an executor before it forks its workers, which then inherit the loaded kernel.
    """
    from tonk_rules.sim.runner import on_kernel, play_hands

    if on_kernel(chunk.seats):  # the reference engine has nothing to load; a hand of it may be slow (montecarlo)
        play_hands(chunk.ruleset, chunk.seats, 1, chunk.seed, first_hand=chunk.first_hand)


def check_table(ruleset: Ruleset, players: int, label: str) -> None:
    """Raise :class:`SimulationError` when ``ruleset`` cannot seat and deal ``players`` players."""
    if why := ruleset.why_not_seat(players, subject=label):
        raise SimulationError(why)
    if why := ruleset.why_not_deal(players):
        raise SimulationError(f"{label}: {why}")


def run_jobs(jobs: Sequence[Job], executor: Executor,
             progress: Callable[[int], None] | None = None) -> list[Tally]:
    """Run every job; return one merged tally per job. ``progress(n)`` is told of each chunk's n hands."""
    for job in jobs:
        check_table(job.ruleset, len(job.seats), job.label)
        if not 1 <= job.hands <= MAX_HANDS:
            raise SimulationError(f"the number of hands must be from 1 to {MAX_HANDS:,}, not {job.hands:,}")
    chunks = chunks_of(jobs)
    tallies = [Tally.empty(len(job.seats)) for job in jobs]
    for chunk, tally in zip(chunks, executor.map(play_chunk, chunks, prepare=prepare_chunk), strict=True):
        tallies[chunk.job].merge(tally)
        if progress is not None:
            progress(chunk.size)
    return tallies


def run_with_progress(jobs: Sequence[Job], executor: Executor, description: str) -> list[Tally]:
    """:func:`run_jobs` with a progress bar on stderr when stderr is a terminal (silent otherwise)."""
    if not sys.stderr.isatty():
        return run_jobs(jobs, executor)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=sum(job.hands for job in jobs))
        return run_jobs(jobs, executor, lambda n: bar.advance(task, n))


def simulation_json(labels: Sequence[str], tallies: Sequence[Tally], seats: Sequence[BotSpec],
                    exact: Mapping[str, float | None], settings: dict[str, Any],
                    differing: Sequence[str] = ()) -> dict[str, Any]:
    """The JSON of ``tonk simulate``: ``settings`` then one entry per variant under ``variants``.

    ``exact`` is each variant's exact deal-check rate, or None where it was too costly to count. Each
    variant's ``rules_in_play`` gives, per rule dimension counted in a hand, the hands in which it came into
    play (:mod:`tonk_rules.kernel.in_play`); ``differing`` (the rule keys whose values differ between the
    variants) adds ``rules_that_differ``: each one's hands per variant and a sentence, which names a rule
    that never came into play as one this run cannot show.
    """
    from tonk_rules.sim.in_play_tally import differing_json, in_play_json
    from tonk_rules.sim.matches import match_json

    variants = {}
    for label, tally in zip(labels, tallies, strict=True):
        figures = tally.to_json([str(s) for s in seats])
        figures["deal_check"] = {**proportion(tally.deal_check, tally.hands), "exact": exact[label]}
        figures["rules_in_play"] = in_play_json(tally)
        if tally.wins_target is not None:  # a match to N hands won: the run cut into matches, in hand order
            figures["match"] = match_json(tally)
        variants[label] = figures
    out = {"format": "tonk-simulate/1", **settings, "variants": variants}
    if differing:
        out["rules_that_differ"] = differing_json(labels, tallies, differing)
    return out
