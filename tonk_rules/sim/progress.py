"""Feedback while a run plays: one line before the kernel compiles, and a progress bar that moves.

The compiled kernel is built the first time it is used after its sources change (tens of seconds) and
loaded from its disk cache afterwards (:mod:`tonk_rules.kernel.jit`). Before that first build, one line on
stderr says so; the build then happens here, in the parent, under a pulsing bar (so the bar never sits at
0 while compiling), and the executor's workers find the kernel ready.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from tonk_rules.sim.executors import Executor
from tonk_rules.sim.paired_run import PairedJob, run_all, total_hands
from tonk_rules.sim.simulate import Job
from tonk_rules.sim.tuning import seats_for

COMPILE_NOTICE = ("tonk: compiling the simulation kernel; this happens once (about 20-60 s), later runs "
                  "load it in a second")


def kernel_cached() -> bool:
    """Whether the kernel's disk cache already holds the compiled batch player."""
    from tonk_rules.kernel.jit import cache_dir

    return any(cache_dir().rglob("policies_nb.play_batch-*.nbc"))


def _first_kernel_job(jobs: Sequence[Job | PairedJob]) -> Job | PairedJob | None:
    from tonk_rules.sim.runner import on_kernel

    return next((job for job in jobs if on_kernel([(s.name, s.params) for s in job.seats])), None)


def _compile(job: Job | PairedJob) -> None:
    from tonk_rules.sim.runner import play_hands

    ruleset = job.rulesets[0] if isinstance(job, PairedJob) else job.ruleset
    play_hands(ruleset, seats_for(ruleset, len(job.seats), job.seats), 1, job.seed)


def run_with_feedback(jobs: Sequence[Job | PairedJob], executor: Executor, description: str = "simulating",
                      run: Callable[..., list[Any]] = run_all) -> list[Any]:
    """:func:`~tonk_rules.sim.paired_run.run_all` with the compile notice and, on a terminal, a progress bar."""
    job = _first_kernel_job(jobs)
    compiling = job is not None and not kernel_cached()
    if compiling:
        print(COMPILE_NOTICE, file=sys.stderr, flush=True)
    if not sys.stderr.isatty():
        if compiling and job is not None:
            _compile(job)
        return run(jobs, executor)
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    console = Console(stderr=True)
    if compiling and job is not None:
        with Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(), console=console,
                      transient=True) as pulse:
            pulse.add_task("compiling the kernel (once)", total=None)
            _compile(job)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task(description, total=total_hands(jobs))
        return run(jobs, executor, lambda n: bar.advance(task, n))
