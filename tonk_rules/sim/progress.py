"""Feedback while a run prepares and plays: each stage that compiles or tunes, then a bar that moves.

A command compiles only what it runs: the batch player (:mod:`tonk_rules.kernel.jit` builds it the first
time after its sources change, tens of seconds, and loads it from its disk cache afterwards), and the
search on top of it only where a table seats montecarlo. Each is compiled here, in the parent, under its
stage (:mod:`tonk_rules.sim.stages`: a bar with an estimate on a terminal, one line elsewhere), so the
executor's workers find the kernel ready. Then each job's seats are resolved, and a rule set that has no
tuned default player yet is tuned under its own stage, named by the job. On a terminal a bar follows the
hands as they are played.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from tonk_rules.sim import stages
from tonk_rules.sim.executors import Executor
from tonk_rules.sim.paired_run import PairedJob, run_all, total_hands
from tonk_rules.sim.simulate import Job
from tonk_rules.sim.tuning import seats_for_all


def kernel_cached() -> bool:
    """Whether the kernel's disk cache already holds the compiled batch player."""
    return stages.compiled("batch")


def _kernel_jobs(jobs: Sequence[Job | PairedJob]) -> list[Job | PairedJob]:
    from tonk_rules.sim.runner import on_kernel

    return [job for job in jobs if on_kernel([(s.name, s.params) for s in job.seats])]


def _rulesets(job: Job | PairedJob) -> tuple[Any, ...]:
    return job.rulesets if isinstance(job, PairedJob) else (job.ruleset,)


def _compile(jobs: Sequence[Job | PairedJob]) -> None:
    """Compile what the ``jobs`` run on the kernel, each part under its stage: the batch player, and the
    search only where a table seats montecarlo."""
    kernel_jobs = _kernel_jobs(jobs)
    if not kernel_jobs:
        return
    def searches(job: Job | PairedJob) -> bool:
        return any(s.name == "montecarlo" for s in job.seats)

    plain = next((job for job in kernel_jobs if not searches(job)), None)
    if plain is not None and not kernel_cached():  # a table that seats montecarlo plays on the search's own
        from tonk_rules.kernel.api import play_hands

        ruleset = _rulesets(plain)[0]
        with stages.compiling("batch"):
            play_hands(ruleset, [("random", {})] * ruleset.table_sizes()[0], 1, 1)
    searched = next((job for job in kernel_jobs if searches(job)), None)
    if searched is not None and not stages.compiled("search"):
        from tonk_rules.kernel.search import play_hands as search_hands

        ruleset = _rulesets(searched)[0]
        seats = [("montecarlo", {"rollouts": 1})] + [("random", {})] * (ruleset.table_sizes()[0] - 1)
        with stages.compiling("search"):
            search_hands(ruleset, seats, 1, 1)


def _kind(job: Job | PairedJob, index: int) -> tuple[str, str]:
    """What rule set ``index`` of ``job`` is, as a tuning stage names it: (one, several), e.g. ("a one-rule
    probe", "one-rule probes"), or its own name and "rule sets"."""
    if isinstance(job, PairedJob) and index < len(job.names):  # a sweep's point, by its values
        return job.names[index].removeprefix(f"{job.label} with "), "sweep points"
    if isinstance(job, PairedJob) and job.label.endswith(" one rule at a time"):
        return "a one-rule probe", "one-rule probes"
    if isinstance(job, PairedJob) and (job.label == "main" or job.label.startswith("check: ")):
        return "a variant compared", "variants compared"
    return job.label, "rule sets"


def _what(kinds: list[tuple[str, str]]) -> str:
    """The rule sets a tuning stage tunes, in a few words: "7 one-rule probes of the report", "house.yaml".

    >>> _what([("house.yaml", "rule sets")]), _what([("a", "sweep points"), ("b", "sweep points")])
    ('house.yaml', '2 sweep points')
    >>> _what([("a", "sweep points"), ("a variant compared", "variants compared")])
    '2 rule sets'
    """
    if len(kinds) == 1:
        return kinds[0][0]
    plurals = {plural for _, plural in kinds}
    return f"{len(kinds)} {plurals.pop() if len(plurals) == 1 else 'rule sets'}"


def _tune(jobs: Sequence[Job | PairedJob]) -> None:
    """Resolve every job's seats now (the runs resolve them again from the cache): the rule sets whose
    default player is not tuned yet are tuned here, all under one stage that says what they are."""
    tables = [(ruleset, len(job.seats), job.seats, _kind(job, i))
              for job in jobs for i, ruleset in enumerate(_rulesets(job))]

    def what(indices: list[int]) -> str:
        named = dict.fromkeys((tables[i][0], tables[i][1]) for i in indices)  # each rule set once
        first = {(tables[i][0], tables[i][1]): tables[i][3] for i in reversed(indices)}
        return _what([first[key] for key in named])

    seats_for_all([(r, p, specs) for r, p, specs, _ in tables], what)


def run_with_feedback(jobs: Sequence[Job | PairedJob], executor: Executor, description: str = "simulating",
                      run: Callable[..., list[Any]] = run_all) -> list[Any]:
    """:func:`~tonk_rules.sim.paired_run.run_all` after compiling and tuning what the jobs need (each under
    its stage) and, on a terminal, with a progress bar."""
    _compile(jobs)
    _tune(jobs)
    if not sys.stderr.isatty():
        return run(jobs, executor)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=total_hands(jobs))
        return run(jobs, executor, lambda n: bar.advance(task, n))
