"""How ``tonk simulate`` scales with worker processes (not a test: it prints figures).

    python benchmarks/bench_scaling.py [--hands 3200000] [--max-workers N] [--repeat 1]

Runs ``tonk simulate russian --hands N --players 3 --json`` (greedy bots) with 1, 2, 4, 8 and 16 workers,
skipping counts above this machine's cores (or ``--max-workers``), and prints for each the wall time,
hands per second, the speed-up over one worker and the *serial part* that speed-up implies by Amdahl's law,
``s = (T_w / T_1 - 1/w) / (1 - 1/w)``: the share of the one-worker run that more workers cannot shorten
(start-up, loading the kernel, merging). The start-up alone is printed too (the same command for 1,000 hands).

On a 16-core machine the default run takes under 4 minutes: about 35 s with one worker, then less for each
larger count. A warm-up run first fills the kernel's on-disk cache. Other processes on the machine slow every
figure; say so when you quote them.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _wall(hands: int, workers: int, cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tonk_rules", "simulate", "russian", "--hands", str(hands), "--players",
                    "3", "--workers", str(workers), "--json"], cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3_200_000)
    parser.add_argument("--max-workers", type=int, default=None, help="largest worker count (default: cores)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per worker count (the median is kept)")
    options = parser.parse_args()
    top = min(options.max_workers or _cores(), _cores())
    counts = [w for w in (1, 2, 4, 8, 16) if w <= top]
    print(f"{platform.machine()}, {_cores()} cores, {platform.python_implementation()} {platform.python_version()}; "
          f"tonk simulate russian --hands {options.hands:,} --players 3, greedy bots; medians of {options.repeat}")
    with tempfile.TemporaryDirectory() as tmp:
        cwd = Path(tmp)
        _wall(1_000, 1, cwd)  # warm: the kernel's compiled code is cached on disk
        startup = statistics.median(_wall(1_000, 1, cwd) for _ in range(max(options.repeat, 3)))
        print(f"start-up and 1,000 hands, 1 worker: {startup:.2f} s")
        one = 0.0
        print(f"{'workers':>7} {'wall s':>8} {'hands/s':>12} {'speed-up':>9} {'serial part':>12}")
        for workers in counts:
            wall = statistics.median(_wall(options.hands, workers, cwd) for _ in range(options.repeat))
            one = one or wall
            speedup = one / wall
            serial = "" if workers == 1 else f"{(wall / one - 1 / workers) / (1 - 1 / workers):.1%}"
            print(f"{workers:>7} {wall:>8.2f} {options.hands / wall:>12,.0f} {speedup:>8.2f}x {serial:>12}")


if __name__ == "__main__":
    main()
