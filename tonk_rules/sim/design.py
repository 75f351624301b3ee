"""The design search: which combination of rule values best meets a target while keeping within limits.

The rule space is the grid of ``--vary`` values, each point the house file ``extends: BASE`` plus its
changes (loaded as a sweep's points are, :func:`tonk_rules.sim.sweep.load_points`). Every point plays the
same seed with the same seats, so where the points deal the same cards the comparison between two of them
is paired deal by deal (the luck of the cards cancels).

- With ``each`` (``--each``) the points are the base as it is and each ``--vary`` value alone, not their
  grid: "which of these rules, tried one at a time, helps?".
- A grid of at most :data:`EVERY_POINT_UP_TO` points is searched whole: every point plays all the hands.
- A larger one by *successive halving*: every point plays a first share of the hands; the better half (by
  the constraints first, then the target) goes on to play the next hands of the same seed, and so on until
  :data:`FINALISTS` points remain, which play all of them. A point dropped early has fewer hands and wider
  intervals; the report says after how many hands it went.

The target is one figure to minimise, maximise or bring near a value; constraints keep figures within
bounds. A point *meets* a constraint when its whole interval is inside, *breaks* it when the whole interval
is outside, and leaves it *not settled* otherwise. A figure counted exactly (the deal check's rates, as
``tonk odds`` counts them) is read exactly, never from the sample: a bound on it is met or broken at any
number of hands. The winner is the best point by the target among those
whose estimates keep every constraint; a constraint *binds* when a point better on the target breaks it.

    >>> rounds_for(6, 1000), rounds_for(32, 8000)
    ([1000], [1000, 2000, 4000, 8000])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from tonk_rules.errors import SimulationError
from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.limits import MAX_SEED
from tonk_rules.ruleset import Ruleset, compile_ruleset
from tonk_rules.sim.design_figures import SESSION, exact_values, figure, hand_columns, session_columns
from tonk_rules.sim.design_goals import DesignPlan, rank
from tonk_rules.sim.design_result import contenders, design_json, recheck_json
from tonk_rules.sim.design_stats import DesignSums, PointSums
from tonk_rules.sim.executors import Executor
from tonk_rules.sim.paired import same_deals
from tonk_rules.sim.simulate import Chunk, check_table, prepare_chunk, run_jobs
from tonk_rules.sim.skill import Skill, Trace, skill_jobs
from tonk_rules.sim.sweep import MAX_POINTS, Values, grid, load_points, point_label
from tonk_rules.sim.tuning import seats_for_all
from tonk_rules.variant.diff import rule_values
from tonk_rules.variant.loader import load_variant

#: A grid this small is searched whole (every point plays every hand).
EVERY_POINT_UP_TO = 8
#: Successive halving stops halving when this many points remain; they play all the hands.
FINALISTS = 4
#: Hands per chunk (a whole number of sessions, so that no session is cut between two chunks).
CHUNK_HANDS = 100 * SESSION
@dataclass(frozen=True)
class DesignChunk:
    points: tuple[int, ...]
    rulesets: tuple[Ruleset, ...]
    seats: tuple[tuple[SeatSpec, ...], ...]
    seed: int
    first_hand: int
    size: int
    paired: bool


def play_design_chunk(chunk: DesignChunk) -> DesignSums:
    """Play one hand range at every point of the chunk; sum each point's columns and each pair's products."""
    from tonk_rules.sim.runner import play_hands  # imported in the worker: it loads the kernel

    players = len(chunk.seats[0])
    hand_values, session_values = {}, {}
    for point, ruleset, seats in zip(chunk.points, chunk.rulesets, chunk.seats, strict=True):
        batch = play_hands(ruleset, seats, chunk.size, chunk.seed, first_hand=chunk.first_hand)
        hand_values[point] = hand_columns(batch, players)
        session_values[point] = session_columns(batch)
    sums = DesignSums({p: PointSums.of(v) for p, v in hand_values.items()},
                      {p: PointSums.of(v) for p, v in session_values.items()}, {}, {})
    if chunk.paired:
        for i, a in enumerate(chunk.points):
            for b in chunk.points[i + 1:]:
                sums.hand_cross[(a, b)] = (hand_values[a] * hand_values[b]).sum(axis=0)
                sums.session_cross[(a, b)] = (session_values[a] * session_values[b]).sum(axis=0)
    return sums


def _prepare(chunk: DesignChunk) -> None:
    prepare_chunk(Chunk(0, chunk.rulesets[0], chunk.seats[0], chunk.seed, chunk.first_hand, 1))


def _whole_sessions(hands: int) -> int:
    return max(SESSION, -(-hands // SESSION) * SESSION)


def design_points(plan: DesignPlan) -> list[Values]:
    """The points a design plays: the grid of the ``--vary`` values, or with ``each`` the base as it is
    (no change) and then each value of each key alone.

    >>> from dataclasses import replace
    >>> from tonk_rules.sim.design_goals import parse_target
    >>> p = DesignPlan("russian", (("a", (1, 2)), ("b", (3,))), parse_target("turns=min"), (), 20, 3, 0, ())
    >>> design_points(p), design_points(replace(p, each=True))
    ([{'a': 1, 'b': 3}, {'a': 2, 'b': 3}], [{}, {'a': 1}, {'a': 2}, {'b': 3}])
    """
    if plan.each:
        return [{}, *({key: value} for key, values in plan.varied for value in values)]
    return grid([(key, list(values)) for key, values in plan.varied])


def rounds_for(points: int, hands: int) -> list[int]:
    """The hands played by the end of each round: one round where the grid is small, else successive
    halving from the full grid down to :data:`FINALISTS`, the hands doubling each round."""
    total = _whole_sessions(hands)
    if points <= EVERY_POINT_UP_TO:
        return [total]
    halvings = math.ceil(math.log2(points / FINALISTS))
    return sorted({_whole_sessions(total >> (halvings - r)) for r in range(halvings + 1)})


Play = Callable[[Sequence[DesignChunk], Executor, Callable[[DesignChunk], None] | None], list[DesignSums]]


def play_chunks(chunks: Sequence[DesignChunk], executor: Executor,
                progress: Callable[[DesignChunk], None] | None = None) -> list[DesignSums]:
    out = []
    for chunk, sums in zip(chunks, executor.map(play_design_chunk, chunks, prepare=_prepare), strict=True):
        out.append(sums)
        if progress is not None:
            progress(chunk)
    return out


def run_design(plan: DesignPlan, executor: Executor, play: Play = play_chunks,
               progress: Callable[[DesignChunk], None] | None = None) -> dict[str, Any]:
    """Search the grid of ``plan`` and return the design's JSON (:mod:`tonk_rules.report.design_report`)."""
    points = design_points(plan)
    if len(points) > MAX_POINTS:
        raise SimulationError(f"the grid has {len(points)} points; at most {MAX_POINTS} (vary fewer values)")
    notes: list[str] = []
    dropped: list[list[str]] = []
    rulesets = load_points(plan.base, points, dict(plan.companions), notes, dropped, "design")
    labels = [point_label(values) or "no change" for values in points]
    for label, ruleset in zip(labels, rulesets, strict=True):
        check_table(ruleset, plan.players, f"{plan.base} with {label}")
    paired = all(same_deals(rulesets[0], r) for r in rulesets[1:])
    base = load_variant(plan.base)
    base_rules = compile_ruleset(base.variant)
    at_base = [r == base_rules for r in rulesets]  # the base's rules as they are
    inherited = rule_values(base.variant)
    # what a point changes: its values (and the companions) that the base does not have already; a winner
    # file restates none of the rest
    companions = dict(plan.companions)
    changes = [{k: v for k, v in {**{k: v for k, v in companions.items() if k not in gone}, **values}.items()
                if k not in inherited or inherited[k] != v}
               for values, gone in zip(points, dropped, strict=True)]
    seats = [tuple(s) for s in seats_for_all([(r, plan.players, plan.seats) for r in rulesets], lambda tuned: (
        f"{len(tuned)} design points" if len(tuned) > 1 else f"the design point {labels[tuned[0]]}"))]
    # the figures counted exactly are read exactly from the first round on: a bound on them is met or
    # broken whatever the hands, and a point is never kept or dropped on a sample of them
    sums = DesignSums({}, {}, {}, {}, {p: exact_values(r, plan.players) for p, r in enumerate(rulesets)})
    trace = plan.trace()
    if trace is not None:  # every point's skill trace, before any ranking (a bound on skill ranks from round one)
        sums.measured = skill_of_points(rulesets, labels, plan, trace, executor)
    alive = list(range(len(points)))
    played, dropped_after = 0, {}
    schedule = rounds_for(len(points), plan.hands)
    for r, until in enumerate(schedule):
        chunks = [DesignChunk(tuple(alive), tuple(rulesets[p] for p in alive), tuple(seats[p] for p in alive),
                              plan.seed, first, min(CHUNK_HANDS, until - first), paired)
                  for first in range(played, until, CHUNK_HANDS)]
        for result in play(chunks, executor, progress):
            sums.merge(result)
        played = until
        if r + 1 < len(schedule):
            ranked = rank(sums, alive, plan.target, plan.keep)
            keep_count = max(FINALISTS, math.ceil(len(alive) / 2))
            for p in ranked[keep_count:]:
                dropped_after[p] = played
            alive = sorted(ranked[:keep_count])
    recheck = _play_again(plan, sums, alive, len(points), rulesets, seats, schedule[-1], paired, executor, play,
                          progress)
    return design_json(plan, points, sums, alive, dropped_after, schedule, paired, notes, dropped,
                       np.random.default_rng(plan.seed), at_base, changes, recheck)


def skill_of_points(rulesets: Sequence[Ruleset], labels: Sequence[str], plan: DesignPlan, trace: Trace,
                    executor: Executor) -> dict[int, dict[str, tuple[float, tuple[float, float]]]]:
    """Each point's skill figure (:mod:`tonk_rules.sim.skill`) and its interval, all points in one run."""
    jobs = [job for label, ruleset in zip(labels, rulesets, strict=True)
            for job in skill_jobs(f"{plan.base} with {label}", ruleset, plan.players, trace, plan.seed)]
    tallies = run_jobs(jobs, executor)
    size = len(trace.budgets) * plan.players
    out = {}
    for p in range(len(rulesets)):
        skill = Skill.of(trace, plan.players, tallies[p * size:(p + 1) * size])
        out[p] = {"skill": (skill.value, skill.ci95())}
    return out


def fresh_seed(seed: int) -> int:
    """The seed of the fresh deals a design's contenders play again on: the next one (wrapping)."""
    return (seed + 1) % (MAX_SEED + 1)


def _play_again(plan: DesignPlan, sums: DesignSums, finalists: list[int], points: int, rulesets: Sequence[Ruleset],
                seats: Sequence[tuple[SeatSpec, ...]], hands: int, paired: bool, executor: Executor, play: Play,
                progress: Callable[[DesignChunk], None] | None) -> dict[str, Any] | None:
    """The contenders (the finalists that may win) played again, as many hands each, on fresh deals: does
    the first run's best come first again? None where there is no ranking to check (one contender, or a
    target counted exactly, which fresh deals cannot move)."""
    target = figure(plan.target.figure)
    first = contenders(sums, rank(sums, finalists, plan.target, plan.keep), points, plan.keep)[:FINALISTS]
    if len(first) < 2 or all(sums.exact_value(p, target) is not None for p in first) or target.unit == "trace":
        return None  # a target counted exactly, or measured by runs of its own, is not moved by fresh deals
    seed = fresh_seed(plan.seed)
    fresh = DesignSums({}, {}, {}, {}, {p: sums.exact.get(p, {}) for p in first},
                       {p: sums.measured[p] for p in first if p in sums.measured})
    chunks = [DesignChunk(tuple(first), tuple(rulesets[p] for p in first), tuple(seats[p] for p in first), seed,
                          start, min(CHUNK_HANDS, hands - start), paired) for start in range(0, hands, CHUNK_HANDS)]
    for result in play(chunks, executor, progress):
        fresh.merge(result)
    return recheck_json(plan, first, fresh, seed, hands)
