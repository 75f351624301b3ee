"""Benchmark: is the tuned reckoner an ε-equilibrium? One seat deviates against a table of tuned reckoners.

For every built-in variant at every table size from 2 to 6 it seats, every deviation of
:func:`tonk_rules.sim.reckoner_tuning.family`:

* each reckoner parameter alone over :data:`~tonk_rules.sim.reckoner_tuning.CHECK_GRID`, a grid spanning
  its whole accepted range, and every pair of parameters at their range's two ends and one grid step on each
  side of the tuned value; ``slack=-1`` among them is a knock rule of another form, the default player's
  before it read what the others took and threw (with each other parameter at its ends and beside its
  tuned value, in the pairs);
* ``greedy:knock=K`` for every K from 0 to the highest count a knock can have (every K the option accepts
  above that plays identically), and greedy with each of ``GREEDY_OPTIONS`` (patience, mixtures);
* ``casual`` and ``random``;

checked in stages (:mod:`tonk_rules.sim.deviation_check`): a screen of every deviation over
--screen-hands paired hands (seed 3), then a re-check over --recheck-hands paired hands on other deals
(seed 4) of every deviation whose screen interval reaches above ε = 0.01 or whose mean is above 0.005,
and a settling run over --settle-hands paired hands (seed 5) of every re-check left unsettled (mean at or
below ε, interval reaching above it).

Prints one line per variant and size: how many deviations, how many were re-checked and settled, the
re-checked deviation that gains most on its final figure (the settling run's where it had one) with its 95%
interval, how many were cleared / unsettled / confirmed above ε, the table's verdict, and (from the screen)
the best greedy threshold, casual and random; then every re-checked deviation whose final mean is above 0,
and every figure as JSON lines on standard error when --json is given.

Players from outside the family (--outside, :data:`~tonk_rules.sim.outside_players.OUTSIDE`: the frozen
baseline ``baseline``, a Python bot the kernel does not play) are measured the same paired way over
--outside-hands hands of a run of their own (seed 6), on the reference engine, and judged as a re-check is
(cleared, "not settled", confirmed); the table's verdict counts them. Each prints a line of its own under its
table's line (``outside``), and their figures go into the table's JSON line (``"outside"``). --outside-only
measures only them (the family's stages skipped: its line is not printed). The search player ``montecarlo``
is outside the claim by design (it is meant to win), and OpenSpiel's IS-MCTS is measured by
benchmarks/bench_yardstick.py (seconds a decision: far too slow for 19 tables).

Run: python benchmarks/bench_equilibrium.py [--screen-hands 5000] [--recheck-hands 80000]
     [--settle-hands 320000] [--variant NAME]
     [--players N] [--workers W] [--no-pairs] [--json] [--outside baseline] [--outside-hands 5000]
     [--outside-only]   (prints its figures; not a test; about 12 minutes of CPU for every built-in at every
     size on a 2-core x86_64 VM, and a few more for the outside players)
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time

from tonk_rules.errors import SimulationError
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.sim.deviation_check import RECHECK_MEAN, check
from tonk_rules.sim.equilibrium import EPSILON
from tonk_rules.sim.executors import make_executor
from tonk_rules.sim.outside_players import check_outside
from tonk_rules.sim.reckoner_tuning import family
from tonk_rules.sim.stats import Moments
from tonk_rules.sim.tuning import seatable, tuned_reckoner
from tonk_rules.variant.loader import builtin_names, load_variant

SCREEN_SEED = 3  # not the tuning's seed (1): the check plays other deals
RECHECK_SEED = 4  # nor the screen's: a re-check is judged on deals its selection never saw
SETTLE_SEED = 5
OUTSIDE_SEED = 6  # the outside players' own deals
OUTSIDE_WORDS = {"cleared": "cleared", "unsettled": "not settled", "confirmed": "CONFIRMED above ε"}


def _cell(m: Moments) -> str:
    lo, hi = m.ci95()
    return f"{m.mean:+.4f} [{lo:+.4f},{hi:+.4f}]"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screen-hands", type=int, default=5_000, help="paired hands per deviation, screen")
    parser.add_argument("--recheck-hands", type=int, default=80_000, help="paired hands per re-check")
    parser.add_argument("--settle-hands", type=int, default=320_000,
                        help="paired hands per unsettled re-check, measured once more (0: no settling run)")
    parser.add_argument("--variant", action="append", default=None)
    parser.add_argument("--players", type=int, action="append", default=None)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--no-pairs", dest="pairs", action="store_false")
    parser.add_argument("--json", action="store_true", help="also every gain, as JSON lines on stderr")
    parser.add_argument("--outside", default="baseline",
                        help="players from outside the family, comma-separated ('' for none)")
    parser.add_argument("--outside-hands", type=int, default=5_000, help="paired hands per outside player")
    parser.add_argument("--outside-only", action="store_true", help="measure only the outside players")
    args = parser.parse_args(argv)
    outside = [n for n in args.outside.split(",") if n]
    try:
        check_outside(outside)
    except SimulationError as exc:
        parser.error(str(exc))
    if args.outside_only and not outside:
        parser.error("--outside-only needs at least one player in --outside")
    if outside and args.outside_hands < 1:
        parser.error(f"--outside-hands must be 1 or more, not {args.outside_hands}")
    executor = make_executor("local", args.workers)
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
          f"screen {args.screen_hands} paired hands per deviation (seed {SCREEN_SEED}), re-check "
          f"{args.recheck_hands} (seed {RECHECK_SEED}) where the screen's interval reaches above {EPSILON} "
          f"or its mean above {RECHECK_MEAN}, settled over {args.settle_hands} (seed {SETTLE_SEED}) where a re-check "
          f"is unsettled; {args.workers} worker(s)"
          + (f"; outside players {', '.join(outside)} over {args.outside_hands} paired hands (seed {OUTSIDE_SEED})"
             if outside else "")
          + ("; the family's stages skipped (--outside-only)" if args.outside_only else ""))
    if args.outside_only:
        print(f"{'variant':<18} {'p':>1} {'':<7} {'player':<23} {'gain [95% interval]':<27} {'verdict':<17}")
    else:
        print(f"{'variant':<18} {'p':>1} {'devs':>4} {'re':>3} {'st':>2}  {'largest re-checked gain':<38} "
              f"{'final [95% interval]':<27} {'clr/uns/conf':<12} {'verdict':<28} {'best greedy:knock=K':<36} "
              f"{'casual':<27} {'random':<27}")
    positive: list[str] = []
    start_all = time.process_time()
    for name in args.variant or builtin_names():
        ruleset = compile_ruleset(load_variant(name).variant)
        for players in seatable(ruleset):
            if args.players and players not in args.players:
                continue
            start, wall = time.process_time(), time.perf_counter()
            params = tuned_reckoner(ruleset, players).params
            deviations = [] if args.outside_only else family(ruleset, params, pairs=args.pairs)
            result = check(ruleset, players, ("reckoner", params), deviations,
                           args.screen_hands, args.recheck_hands, SCREEN_SEED, RECHECK_SEED, executor,
                           args.settle_hands, SETTLE_SEED, outside, args.outside_hands, OUTSIDE_SEED)
            timing = (f"({time.perf_counter() - wall:.0f} s wall, {time.process_time() - start:.0f} s CPU in this "
                      "process)")
            outside_verdicts = result.outside_verdicts()
            outside_lines = [f"{name:<18} {players:>1} outside {label:<23} {_cell(m):<27} "
                             f"{OUTSIDE_WORDS[outside_verdicts[label]]:<17} over {m.n} paired hands"
                             for label, m in result.outside.items()]
            outside_json = {k: [m.mean, *m.ci95(), outside_verdicts[k], m.n] for k, m in result.outside.items()}
            if args.outside_only:
                for line in outside_lines:
                    print(f"{line}   {timing}", flush=True)
                if args.json:
                    print(json.dumps({"variant": name, "players": players, "params": params,
                                      "outside": outside_json}), file=sys.stderr)
                continue
            screen, recheck = result.screen, result.recheck
            greedy = max((k for k in screen if k.startswith("greedy:knock=") and k.count(":") == 1),
                         key=lambda k: screen[k].mean)
            top = result.largest_recheck()
            verdicts = list(result.verdicts.values())
            counts = "/".join(str(verdicts.count(v)) for v in ("cleared", "unsettled", "confirmed"))
            print(f"{name:<18} {players:>1} {len(screen):>4} {len(recheck):>3} {len(result.settle):>2}  "
                  f"{top or '(none re-checked)':<38} {_cell(result.final(top)) if top else '':<27} {counts:<12} "
                  f"{result.verdict():<28} "
                  f"{greedy + ' ' + _cell(screen[greedy]):<36} {_cell(screen['casual']):<27} "
                  f"{_cell(screen['random']):<27}   {timing}", flush=True)
            for line in outside_lines:
                print(line, flush=True)
            positive += [f"  {name} {players}p {k}: screen {_cell(screen[k])}, re-check {_cell(m)}"
                         + (f", settled {_cell(result.settle[k])}" if k in result.settle else "")
                         + f" {result.verdicts[k]}" for k, m in recheck.items() if result.final(k).mean > 0]
            if args.json:
                print(json.dumps({"variant": name, "players": players, "params": params,
                                  "screen": {k: [m.mean, *m.ci95()] for k, m in screen.items()},
                                  "recheck": {k: [m.mean, *m.ci95(), result.verdicts[k]] for k, m in recheck.items()},
                                  "settle": {k: [m.mean, *m.ci95()] for k, m in result.settle.items()},
                                  **({"outside": outside_json} if outside else {})}),
                      file=sys.stderr)
    if args.outside_only:
        print(f"({time.process_time() - start_all:.0f} s CPU in this process)")
        return
    print(f"re-checked deviations whose final mean is above 0: {len(positive)} "
          f"({time.process_time() - start_all:.0f} s CPU in this process)")
    for line in positive:
        print(line)


if __name__ == "__main__":
    main()
