"""Benchmark: is the tuned reckoner an ε-equilibrium? One seat deviates against a table of tuned reckoners.

For every built-in variant at every table size from 2 to 6 it seats, the paired per-hand gain (the same
deals with and without the deviation, the deviating seat rotating; :func:`tonk_rules.sim.deviation.seat_gains`)
of every deviation in :func:`tonk_rules.sim.reckoner_tuning.family`:

* each reckoner parameter alone over :data:`~tonk_rules.sim.reckoner_tuning.CHECK_GRID`, a grid spanning
  its whole accepted range, and every pair of parameters at their range's two ends and one grid step above
  the tuned value;
* ``greedy:knock=K`` for every K from 0 to the highest count a knock can have (every K the option accepts
  above that plays identically), and greedy with each of ``GREEDY_OPTIONS`` (patience, mixtures);
* ``casual`` and ``random``.

Prints one line per variant and size: how many deviations, the best one with its 95% interval, the best
greedy threshold, casual, random, and how many deviations gain more than ε = 0.01 (by their mean, and with
the whole interval above it); then every deviation whose mean gains more than ε, and the figures as JSON
lines on standard error when --json is given.

Run: python benchmarks/bench_equilibrium.py [--hands 20000] [--variant NAME] [--players N] [--workers W]
     [--no-pairs] [--json]      (prints its figures; not a test; the full run takes tens of minutes)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

from tonk_rules.ruleset import compile_ruleset
from tonk_rules.sim.deviation import seat_gains
from tonk_rules.sim.equilibrium import EPSILON
from tonk_rules.sim.executors import make_executor
from tonk_rules.sim.reckoner_tuning import family
from tonk_rules.sim.stats import Moments
from tonk_rules.sim.tuning import seatable, tuned_reckoner
from tonk_rules.variant.loader import builtin_names, load_variant

SEED = 3  # not the tuning's seed (1): the check plays other deals


def _cell(m: Moments) -> str:
    lo, hi = m.ci95()
    return f"{m.mean:+.4f} [{lo:+.4f},{hi:+.4f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="paired hands per deviation")
    parser.add_argument("--variant", action="append", default=None)
    parser.add_argument("--players", type=int, action="append", default=None)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--no-pairs", dest="pairs", action="store_false")
    parser.add_argument("--json", action="store_true", help="also every gain, as JSON lines on stderr")
    args = parser.parse_args()
    executor = make_executor("local", args.workers)
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
          f"{args.hands} paired hands per deviation, seed {SEED}, {args.workers} worker(s)")
    print(f"{'variant':<18} {'p':>1} {'devs':>4}  {'best deviation':<38} {'gain [95% interval]':<27} "
          f"{'best greedy:knock=K':<36} {'casual':<27} {'random':<27} >ε mean/all")
    above: list[str] = []
    for name in args.variant or builtin_names():
        ruleset = compile_ruleset(load_variant(name).variant)
        for players in seatable(ruleset):
            if args.players and players not in args.players:
                continue
            start = time.process_time()
            params = tuned_reckoner(ruleset, players).params
            deviations = family(ruleset, params, pairs=args.pairs)
            gains = seat_gains(ruleset, players, ("reckoner", params), [seat for _, seat in deviations],
                               args.hands, SEED, executor)
            rows = dict(zip([label for label, _ in deviations], gains, strict=True))
            best = max(rows, key=lambda k: rows[k].mean)
            greedy = max((k for k in rows if k.startswith("greedy:knock=") and k.count(":") == 1),
                         key=lambda k: rows[k].mean)
            over_mean = [k for k, m in rows.items() if m.mean > EPSILON]
            over_all = [k for k, m in rows.items() if m.ci95()[0] > EPSILON]
            print(f"{name:<18} {players:>1} {len(rows):>4}  {best:<38} {_cell(rows[best]):<27} "
                  f"{greedy + ' ' + _cell(rows[greedy]):<36} {_cell(rows['casual']):<27} "
                  f"{_cell(rows['random']):<27} {len(over_mean)}/{len(over_all)}"
                  f"   ({time.process_time() - start:.0f} s CPU here)", flush=True)
            above += [f"  {name} {players}p {k}: {_cell(rows[k])}" for k in over_mean]
            if args.json:
                print(json.dumps({"variant": name, "players": players, "params": params,
                                  "gains": {k: [m.mean, *m.ci95()] for k, m in rows.items()}}), file=sys.stderr)
    print(f"deviations whose mean gain exceeds ε = {EPSILON}: {len(above)}")
    for line in above:
        print(line)


if __name__ == "__main__":
    main()
