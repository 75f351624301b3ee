"""Is the tuned greedy an ε-equilibrium of its own family, K = 1 … 10? (Not a test: it prints a table; the default
player's check, over every deviation family, is benchmarks/bench_equilibrium.py.)

    python benchmarks/bench_tuning.py [--hands N] [--workers W] [--seed S] [--players P]

For every built-in variant at 3 players (2 where it does not seat 3), with its shipped tuned greedy at
every seat: the paired gain per hand of one player switching to each fixed ``greedy:knock=K`` (K = 1 … 10,
capped by the variant's knocking.max_count), its 95% interval, and the largest. The bar is ε = 0.01 stakes
per hand. The seed differs from the one the values were tuned on (1), so the check does not reuse those
deals. At full size (``--hands 400000 --workers 16``) each interval is about ±0.003; at the default the
table is a quick look (intervals about ±0.01).
"""

from __future__ import annotations

import argparse
import time

from tonk_rules.ruleset import compile_ruleset
from tonk_rules.sim.deviation import deviation_gains
from tonk_rules.sim.equilibrium import EPSILON, best_deviation, knock_range
from tonk_rules.sim.executors import make_executor
from tonk_rules.sim.tuning import seatable, tuned
from tonk_rules.variant.loader import builtin_names, load_variant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="paired hands per threshold and variant")
    parser.add_argument("--workers", type=int, default=1, help="worker processes")
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--players", type=int, default=3, help="table size (a variant that does not seat it "
                                                               "plays at the largest size it seats)")
    args = parser.parse_args()
    executor = make_executor("local", args.workers)
    print(f"Gain per hand of one fixed greedy:knock=K against tuned greedy ({args.hands} paired hands per K, "
          f"seed {args.seed}, {args.workers} workers); bar: {EPSILON}")
    worst = float("-inf")
    start = time.perf_counter()
    for name in builtin_names():
        ruleset = compile_ruleset(load_variant(name).variant)
        sizes = seatable(ruleset)
        players = args.players if args.players in sizes else max(sizes)
        value = tuned(ruleset, players)
        knocks = knock_range(ruleset)
        gains = deviation_gains(ruleset, players, value.params(), knocks, args.hands, args.seed, executor)
        best = best_deviation(value.params(), gains)
        worst = max(worst, gains[best].mean)
        print(f"\n{name}, {players} players, tuned: {value.describe()}")
        for k in knocks:
            lo, hi = gains[k].ci95()
            print(f"  knock={k:<2} {gains[k].mean:+.4f}  [{lo:+.4f}, {hi:+.4f}]{'  max' if k == best else ''}")
        verdict = "ok" if gains[best].mean <= EPSILON else "ABOVE THE BAR"
        print(f"  max: knock={best} {gains[best].mean:+.4f} ({verdict})")
    print(f"\nlargest gain over all variants: {worst:+.4f} stakes per hand (bar {EPSILON}); "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
