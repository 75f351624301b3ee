"""Executors: the same seed gives the same tallies in this process, in local processes and on Ray."""

from __future__ import annotations

import pytest

from tonk_rules.bots.specs import parse_specs
from tonk_rules.errors import SimulationError
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.sim.executors import LocalExecutor, RayExecutor, make_executor
from tonk_rules.sim.simulate import Job, chunk_size, chunks_of, run_jobs
from tonk_rules.variant.loader import load_variant


def _jobs() -> list[Job]:
    seats = tuple(parse_specs("greedy:knock=3,random,greedy"))
    return [Job(name, compile_ruleset(load_variant(name).variant), seats, 250, 42) for name in ("russian", "pagat")]


def test_chunks_depend_on_the_job_alone_and_cover_every_hand_once() -> None:
    jobs = _jobs()
    chunks = chunks_of(jobs)
    for index, job in enumerate(jobs):
        mine = [c for c in chunks if c.job == index]
        assert [c.first_hand for c in mine] == list(range(0, job.hands, chunk_size(job.hands)))
        assert sum(c.size for c in mine) == job.hands


@pytest.mark.slow  # starts Ray and two local worker processes
def test_local_processes_and_ray_give_the_tallies_of_one_process() -> None:
    ray = pytest.importorskip("ray", reason="Ray is the ray extra: pip install '.[ray]'")
    one = run_jobs(_jobs(), LocalExecutor(1))
    assert run_jobs(_jobs(), LocalExecutor(2)) == one
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        assert run_jobs(_jobs(), RayExecutor(None, None)) == one
        assert ray.is_initialized()  # an executor leaves a Ray it did not start running
    finally:
        ray.shutdown()


def test_bad_executor_settings_are_refused() -> None:
    with pytest.raises(SimulationError, match="workers must be 1 or more"):
        make_executor("local", workers=0)
    with pytest.raises(SimulationError, match="--address is for the ray executor"):
        make_executor("local", address="10.0.0.1:6379")
    with pytest.raises(SimulationError, match="unknown executor 'dask'"):
        make_executor("dask")
