"""Executors run independent, seeded chunks of work: in this process, in local processes, or on Ray.

Every chunk carries its own seed and hand range, so a result never depends on which executor ran it or
on how many workers there were; results come back in the order the chunks were given.

    >>> ex = make_executor("local", workers=1)
    >>> list(ex.map(abs, [-1, 2, -3]))
    [1, 2, 3]
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

from tonk_rules.errors import SimulationError

T = TypeVar("T")
R = TypeVar("R")

EXECUTORS = ("local", "ray")


class Executor(Protocol):
    """Runs ``fn`` on each task; yields the results in task order as they complete.

    ``prepare(task)``, when given, is work that every worker would otherwise repeat before its first task
    (loading the compiled kernel); an executor whose workers are forked from this process runs it here
    once, before they start, so that they inherit it. It must not change any result.
    """

    def map(self, fn: Callable[[T], R], tasks: Sequence[T],
            prepare: Callable[[T], object] | None = None) -> Iterator[R]: ...


class LocalExecutor:
    """Local processes (``workers`` of them; 1 runs in this process, with no pool to start)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def map(self, fn: Callable[[T], R], tasks: Sequence[T],
            prepare: Callable[[T], object] | None = None) -> Iterator[R]:
        if self.workers == 1 or len(tasks) <= 1:
            yield from map(fn, tasks)
            return
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        # ``prepare`` runs here once (for a simulation: import numpy and numba and load the compiled kernel
        # from its disk cache, about 2 s of CPU, compiling it first if need be), and forked workers inherit
        # it instead of paying it again each. Then every task goes to the pool at once, so all workers play
        # from the start: no task runs here before they exist (that serial first task capped the speed-up
        # at 7.4x on 16 cores). The kernel starts no threads, so a fork is safe; where fork does not exist
        # (macOS default, Windows) workers are spawned and each prepares for itself.
        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        if prepare is not None and method == "fork":
            prepare(tasks[0])
        with ProcessPoolExecutor(max_workers=min(self.workers, len(tasks)),
                                 mp_context=multiprocessing.get_context(method)) as pool:
            yield from pool.map(fn, tasks)


class RayExecutor:
    """Ray tasks, on a running cluster (``address``) or on a local Ray started for the run."""

    def __init__(self, address: str | None, workers: int | None) -> None:
        try:
            import ray
        except ImportError:
            raise SimulationError(
                "the ray executor needs Ray: pip install 'tonk-rules[ray]'") from None
        self._ray = ray
        self._started = False
        if not ray.is_initialized():
            # quiet: the user's stderr is for the progress bar and errors, not Ray's start-up chatter
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                       "logging_level": logging.ERROR}
            if address:
                if why := why_unreachable(address):  # ray.init would retry an unreachable address for minutes
                    raise SimulationError(f"cannot reach Ray at {address}: {why}")
                options["address"] = address
            elif workers:
                options["num_cpus"] = workers
            try:
                ray.init(**options)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise SimulationError(f"cannot start or reach Ray ({address or 'local'}): {exc}") from None
            self._started = True

    def map(self, fn: Callable[[T], R], tasks: Sequence[T],
            prepare: Callable[[T], object] | None = None) -> Iterator[R]:
        # ``prepare`` is not run: Ray's workers are not forked from this process and could not inherit it
        remote = self._ray.remote(fn)
        refs = [remote.remote(task) for task in tasks]
        try:
            for ref in refs:
                yield self._ray.get(ref)
        finally:
            if self._started:
                self._ray.shutdown()
                self._started = False


#: How long an address may take to answer (name lookup and TCP connection together) before it is refused.
REACH_TIMEOUT_S = 10.0


def why_unreachable(address: str, timeout: float = REACH_TIMEOUT_S) -> str | None:
    """Why nothing answers at the Ray ``address`` (None when a TCP connection opens, or for ``auto``).

    The name lookup has no timeout of its own, so the probe runs in a thread that is given up after ``timeout``.

        >>> why_unreachable("no-port")
        'a Ray address is HOST:PORT, ray://HOST:PORT or auto'
    """
    if address in ("auto", "local"):
        return None
    target = address.split("://", 1)[-1].rstrip("/")
    host, sep, port_text = target.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        return "a Ray address is HOST:PORT, ray://HOST:PORT or auto"
    result: list[str | None] = []

    def probe() -> None:
        try:
            with socket.create_connection((host, int(port_text)), timeout=timeout):
                result.append(None)
        except OSError as exc:
            result.append(exc.strerror or str(exc) or type(exc).__name__)
        except (UnicodeError, ValueError) as exc:  # a host name the resolver cannot encode
            result.append(str(exc))

    thread = threading.Thread(target=probe, daemon=True)
    thread.start()
    thread.join(timeout)
    if not result:
        return f"no answer within {timeout:.0f} s"
    return result[0]


def default_workers() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def make_executor(kind: str, workers: int | None = None, address: str | None = None) -> Executor:
    """The executor named ``kind`` (``local`` or ``ray``)."""
    if workers is not None and workers < 1:
        raise SimulationError(f"workers must be 1 or more, not {workers}")
    if kind == "local":
        if address is not None:
            raise SimulationError("--address is for the ray executor; the local executor has no address")
        return LocalExecutor(workers or default_workers())
    if kind == "ray":
        return RayExecutor(address, workers)
    raise SimulationError(f"unknown executor {kind!r}; executors: {', '.join(EXECUTORS)}")
