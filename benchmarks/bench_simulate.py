"""Simulation speed, end to end through the ``tonk`` command (not a test: it prints figures).

    python benchmarks/bench_simulate.py [--hands N] [--skip-compare]

Prints, for 3 players and ``greedy`` bots in every seat:

* hands per second per core of ``tonk simulate russian`` and ``tonk simulate pagat`` with one worker
  (wall time of the whole command: start-up, loading, the kernel's warm start, play, statistics, JSON);
* the speed-up of ``tonk simulate russian pagat`` from 1 to 2 workers;
* the wall time of the bare ``tonk compare russian pagat`` (its default hands, all cores);
* the median time of one ``montecarlo`` decision at its default budget (``rollouts``), on positions
  from real greedy play.

Each command runs once to warm the kernel's on-disk cache, then the median of ``--repeat`` runs is kept.
Other processes on the machine slow every figure; say so when you quote them.
"""

from __future__ import annotations

import argparse
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _run(args: list[str], cwd: Path) -> tuple[float, float]:
    """Wall seconds and CPU seconds (the command and its worker processes) of one ``tonk`` command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tonk_rules", *args], cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _median(args: list[str], cwd: Path, repeat: int) -> tuple[float, float]:
    _run(args, cwd)  # warm: the kernel's compiled code is cached on disk
    runs = [_run(args, cwd) for _ in range(repeat)]
    return statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)


def _montecarlo_decision(decisions: int) -> float:
    import random

    from tonk_rules.bots.greedy import GreedyBot
    from tonk_rules.bots.montecarlo import DEFAULT_ROLLOUTS, MonteCarloBot
    from tonk_rules.bots.observation import observe
    from tonk_rules.engine.hand import Hand
    from tonk_rules.ruleset import compile_ruleset
    from tonk_rules.variant.loader import load_variant

    rules = compile_ruleset(load_variant("russian").variant)
    rng = random.Random(1)
    greedy, times = GreedyBot(), []
    while len(times) < decisions:
        hand = Hand.shuffled(rules, ["a", "b", "c"], 2, rng)
        bot = MonteCarloBot(rollouts=DEFAULT_ROLLOUTS, seed=len(times))
        while hand.result is None and len(times) < decisions:
            legal = hand.legal_actions()
            if hand.current == 0 and len(legal) > 1:
                start = time.perf_counter()
                action = bot.choose(observe(hand, 0), legal)
                times.append(time.perf_counter() - start)
            else:
                action = greedy.choose(observe(hand, hand.current), legal)
            hand.apply(action)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands per variant for the speed runs")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=20, help="montecarlo decisions to time")
    parser.add_argument("--skip-compare", action="store_true")
    options = parser.parse_args()
    n = str(options.hands)
    print(f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}, "
          f"{options.hands:,} hands per variant, 3 players, greedy bots; medians of {options.repeat}")
    with tempfile.TemporaryDirectory() as tmp:
        cwd = Path(tmp)
        for variant in ("russian", "pagat"):
            wall, cpu = _median(["simulate", variant, "--hands", n, "--players", "3", "--workers", "1", "--json"],
                                cwd, options.repeat)
            print(f"tonk simulate {variant}, 1 worker: {wall:.2f} s wall, {cpu:.2f} s CPU: "
                  f"{options.hands / wall:,.0f} hands/s per core by the wall clock, {options.hands / cpu:,.0f} per "
                  "CPU-second")
        both = ["simulate", "russian", "pagat", "--hands", n, "--players", "3", "--json", "--workers"]
        one, one_cpu = _median([*both, "1"], cwd, options.repeat)
        two, two_cpu = _median([*both, "2"], cwd, options.repeat)
        print(f"tonk simulate russian pagat: 1 worker {one:.2f} s ({one_cpu:.2f} s CPU), 2 workers {two:.2f} s "
              f"({two_cpu:.2f} s CPU), speed-up {one / two:.2f}x by the wall clock")
        if not options.skip_compare:
            compare = ["compare", "russian", "pagat", "--out", str(cwd / "report"), "--force"]
            wall, cpu = _median(compare, cwd, options.repeat)
            print(f"bare tonk compare russian pagat: {wall:.1f} s wall, {cpu:.1f} s CPU (both cores together)")
    print(f"montecarlo decision at the default budget: {1000 * _montecarlo_decision(options.decisions):.0f} ms "
          "(median)")


if __name__ == "__main__":
    main()
