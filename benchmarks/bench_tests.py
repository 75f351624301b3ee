"""Where the test suite's CPU goes: each test's CPU (its process's and the processes it starts), summed by
file and by size, over the README's test command (``python -m pytest``, both workers).

It runs the suite with itself loaded as a pytest plugin (``-p bench_tests``): in each worker, a hook times
every test with ``time.process_time`` and ``RUSAGE_CHILDREN`` and writes a row per test to a folder of this
run; the script then prints the largest files, the tests by size and the totals, and the core's speed before
and after the run (a fixed loop's CPU: the same run takes a third more CPU at some hours of this VM than at
others). Collection, start-up and the kernel's compile are outside the tests: the whole run's CPU
(``/usr/bin/time``) less these sums.

Run: python benchmarks/bench_tests.py [PYTEST ARGS...]   (prints its tables; not a test; TONK_BENCH_TESTS_FILES
and TONK_BENCH_TESTS_TOP say how many files and tests to list, 20 and 30 unless set)
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROWS = "TONK_BENCH_TESTS_ROWS"  # the folder each worker writes its rows to
_rows: list[str] = []


def _children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Any) -> Iterator[None]:
    own, children = time.process_time(), _children()
    yield
    _rows.append(f"{time.process_time() - own:.4f}\t{_children() - children:.4f}\t{item.nodeid}")


def pytest_sessionfinish(session: pytest.Session) -> None:
    if folder := os.environ.get(ROWS):
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        (Path(folder) / f"{worker}.tsv").write_text("\n".join(_rows), encoding="utf-8")


def core_speed() -> float:
    """CPU seconds of a fixed pure-Python loop (10,000,000 additions in a function): 0.31-0.35 s at this VM's
    fast hours (the same loop at a module's top level, as docs/speed.md's earlier figures time it, 0.64-0.73 s,
    and 1.0-1.25 s at its slow hours), so a run's figures say little without it."""
    start = time.process_time()
    total = 0
    for i in range(10_000_000):
        total += i
    return time.process_time() - start


def _listed(name: str, default: int) -> int:
    """How many rows a table lists: the setting ``name`` (a whole number 1 or more), else ``default``;
    read before the run, so that a misspelt one stops the script before a minute of testing."""
    text = os.environ.get(name, str(default))
    if not text.isdigit() or int(text) < 1:
        raise SystemExit(f"bench_tests: {name}={text!r} is not a whole number 1 or more")
    return int(text)


def main(args: list[str]) -> int:
    files, top = _listed("TONK_BENCH_TESTS_FILES", 20), _listed("TONK_BENCH_TESTS_TOP", 30)
    before = core_speed()
    with tempfile.TemporaryDirectory(prefix="bench-tests-") as folder:
        here = str(Path(__file__).resolve().parent)
        env = {**os.environ, ROWS: folder,
               "PYTHONPATH": os.pathsep.join([here, *filter(None, [os.environ.get("PYTHONPATH")])])}
        start = time.perf_counter()
        code = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "bench_tests", *args], env=env)
        wall = time.perf_counter() - start
        rows = [line.split("\t") for path in Path(folder).glob("*.tsv")
                for line in path.read_text(encoding="utf-8").splitlines() if line]
    tests = [(float(own) + float(kids), float(own), float(kids), node) for own, kids, node in rows]
    by_file: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    for cpu, _, _, node in tests:
        by_file[node.split("::")[0]][0] += cpu
        by_file[node.split("::")[0]][1] += 1
    print(f"\n{len(tests)} tests, {wall:.1f} s wall; tests' CPU {sum(t[0] for t in tests):.1f} s "
          f"({sum(t[1] for t in tests):.1f} s in the workers, {sum(t[2] for t in tests):.1f} s in the processes "
          "they start)")
    print("\nlargest files (CPU s, tests):")
    for name, (cpu, count) in sorted(by_file.items(), key=lambda kv: -kv[1][0])[:files]:
        print(f"  {cpu:6.1f}  {int(count):4d}  {name}")
    print("\nlargest tests (CPU s: in the worker + in the processes it starts):")
    for cpu, own, kids, node in sorted(tests, reverse=True)[:top]:
        print(f"  {cpu:6.2f}  ({own:.2f} + {kids:.2f})  {node}")
    print("\ntests by CPU (count, CPU s):")
    for low, high in ((0, 0.05), (0.05, 0.2), (0.2, 0.5), (0.5, float("inf"))):
        picked = [t[0] for t in tests if low <= t[0] < high]
        print(f"  {low:g} to {high:g} s: {len(picked):5d}  {sum(picked):6.1f}")
    print(f"\nthe core's speed: a 10,000,000-step Python loop took {before:.2f} s of CPU before the run and "
          f"{core_speed():.2f} s after it")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
