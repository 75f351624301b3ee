"""Benchmark: what the skill trace (tonk_rules/sim/skill.py) costs ``tonk compare``.

1. The bare ``tonk compare russian pagat`` (its defaults: the short trace, 10 → 80 playouts, 600 hands a step)
   against the same command with ``--skill none``, run alternately ``--repeat`` times each after one warm-up
   run of each (the kernel's cache and the tuning cache warm): wall seconds and CPU seconds of the command
   (its process and its workers, both cores), the median of each. The aim: the bare command within 30 s wall
   on 2 cores.
2. With ``--full-hands N``: the full trace (10 → 2,560 playouts) at N hands a step on both variants, beside
   the same command with no trace, once each: its CPU seconds, and that scaled to the full trace's own 1,200
   hands a step (the cost is linear in the hands).

Run: python benchmarks/bench_skill.py [--repeat 3] [--workers 2] [--full-hands 0]
     (prints its figures; not a test)
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TONK = [sys.executable, "-m", "tonk_rules"]


def timed(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (the command and all its children) of one ``tonk`` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as out:
        proc = subprocess.run([*TONK, *args, "--out", str(Path(out) / "r")], capture_output=True, text=True,
                              env={**os.environ, "COLUMNS": "100"})
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"tonk {' '.join(args)} failed:\n{proc.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--workers", type=int, default=None, help="-w for tonk compare (default: its own)")
    ap.add_argument("--full-hands", type=int, default=0, help="hands a step of the full trace's run (0: none)")
    args = ap.parse_args()
    workers = ["-w", str(args.workers)] if args.workers else []
    bare = ["compare", "russian", "pagat", *workers]
    runs: dict[str, list[tuple[float, float]]] = {"short trace (bare)": [], "--skill none": []}
    timed(bare)  # warm-up: the kernel's cache, the tuning cache
    timed([*bare, "--skill", "none"])
    for _ in range(args.repeat):
        runs["short trace (bare)"].append(timed(bare))
        runs["--skill none"].append(timed([*bare, "--skill", "none"]))
    load = os.getloadavg()
    print(f"tonk compare russian pagat, {args.repeat} runs each, alternating; load average {load[0]:.1f} "
          f"{load[1]:.1f} {load[2]:.1f} at the end")
    for name, values in runs.items():
        walls, cpus = [w for w, _ in values], [c for _, c in values]
        print(f"  {name:<20} wall {statistics.median(walls):6.1f} s (runs {', '.join(f'{w:.1f}' for w in walls)}); "
              f"CPU {statistics.median(cpus):6.1f} s")
    if args.full_hands:
        n = args.full_hands
        small = ["--hands", "20000", "--depth-hands", "2000", "--probe-hands", "0"]
        with_full = timed([*bare, *small, "--skill", "full", "--skill-hands", str(n)])
        without = timed([*bare, *small, "--skill", "none"])
        trace_cpu = with_full[1] - without[1]
        print(f"  full trace at {n} hands a step, both variants: {trace_cpu:.1f} s CPU "
              f"({with_full[0]:.1f} s wall against {without[0]:.1f} s without); at 1,200 hands a step: "
              f"about {trace_cpu * 1200 / n:.0f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
