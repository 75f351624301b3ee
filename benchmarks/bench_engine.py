"""Benchmark: whole hands per second on one core, 3 players (2 where a variant seats at most 2), ``russian`` and
``pagat`` (``--variants``: any built-ins or variant files).

Prints, for each variant: the reference engine with ``random``, ``greedy:knock=5``, the variant's tuned
``greedy`` (:mod:`tonk_rules.sim.tuning`; it may knock lower, so its hands are longer), ``casual`` and the
default player, the variant's tuned ``reckoner`` (three of it: the bare compare's table) (through
``tonk_rules.sim.reference.play_hands``: observation, canonical legal actions, the bot's choice), the
compiled kernel with the same bots (``tonk_rules.kernel.play_hands``), and the kernel's cold compile time
(a fresh, empty ``NUMBA_CACHE_DIR``) and warm start (a new process loading the cache: import numba, load,
first hand; and the whole start of a process that imports tonk_rules and loads a variant first). Rates are
hands per CPU-second of this process, pinned to one core (other work on the machine slows the wall clock,
not the CPU time).

Run: python benchmarks/bench_engine.py [SECONDS] [--rates-only] [--kernel-only]
[--bots random,greedy,tuned,casual,reckoner] [--variants russian,pagat]
(prints its figures; not a test; --rates-only skips the cold and warm starts, --kernel-only the reference
engine's rates: to compare two kernels, run it alternately in each tree, one pinned core, as docs/speed.md does)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

from tonk_rules import load_ruleset
from tonk_rules.bots.specs import parse_specs
from tonk_rules.kernel import play_hands
from tonk_rules.kernel.batch import HandBatch
from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim import reference
from tonk_rules.sim.tuning import seats_for

SEATS: dict[str, SeatSpec] = {"random": ("random", {}), "greedy": ("greedy", {"knock": 5}), "casual": ("casual", {})}
#: Bots resolved per variant (tuned): plain ``greedy`` and the default player, ``reckoner``.
TUNED = {"tuned": "greedy", "reckoner": "reckoner"}
START = ("import time; t0 = time.perf_counter(); from tonk_rules import load_ruleset; "
         "from tonk_rules.kernel import play_hands; rules = load_ruleset('russian'); t1 = time.perf_counter(); "
         "play_hands(rules, [('greedy', {})] * 3, 1, 1); print(time.perf_counter() - t1, time.perf_counter() - t0)")


def players_of(ruleset: Ruleset) -> int:
    """The table size timed: 3 players, or the nearest size the variant seats (classic-pc: 2)."""
    return min(max(3, ruleset.min_players), ruleset.max_players)


def rate(run: object, name: str, bot: str, seconds: float) -> tuple[float, float]:
    ruleset = load_ruleset(name)
    players = players_of(ruleset)
    seats = seats_for(ruleset, players, parse_specs(TUNED[bot])) * players if bot in TUNED else [SEATS[bot]] * players
    hands, actions, n, start = 0, 0, 200, time.process_time()
    while time.process_time() - start < seconds:
        batch: HandBatch = run(ruleset, seats, n, 12345, first_hand=hands)  # type: ignore[operator]
        hands += n
        actions += int(batch.actions.sum())
        n = min(n * 2, 200_000)
    return hands / (time.process_time() - start), actions / hands


def start_time(cache: str) -> tuple[float, float]:
    """In a new process: the kernel's first call (import numba, compile or load, play), and the whole
    start (import tonk_rules, load the variant, then that call)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    out = subprocess.run([sys.executable, "-c", START], env=env, check=True, capture_output=True, text=True)
    kernel, total = out.stdout.split()[-2:]
    return float(kernel), float(total)


def main() -> None:
    parser = argparse.ArgumentParser(description="whole hands per second on one core")
    parser.add_argument("seconds", nargs="?", type=float, default=3.0, help="seconds per rate")
    parser.add_argument("--rates-only", action="store_true", help="skip the cold and warm starts")
    parser.add_argument("--kernel-only", action="store_true", help="skip the reference engine's rates")
    parser.add_argument("--bots", default="random,greedy,tuned,casual,reckoner", help="tables to time")
    parser.add_argument("--variants", default="russian,pagat", help="variants to time (names or files)")
    options = parser.parse_args()
    seconds, bots = options.seconds, options.bots.split(",")
    unknown = sorted(set(bots) - set(SEATS) - set(TUNED))
    if unknown:
        parser.error(f"--bots: no table {', '.join(unknown)} (random, greedy, tuned, casual, reckoner)")
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})  # one core, for us and our children
    if not options.rates_only:
        with tempfile.TemporaryDirectory() as cache:
            cold = start_time(cache)
            warm = sorted(start_time(cache) for _ in range(3))[1]
        print(f"kernel cold start (compile, empty cache): {cold[0]:6.2f} s   (process start to first hand "
              f"{cold[1]:.2f} s)")
        print(f"kernel warm start (new process, cache):   {warm[0]:6.2f} s   (process start to first hand "
              f"{warm[1]:.2f} s)")
    play_hands(load_ruleset("pagat"), [SEATS["greedy"]] * 3, 10, 1)  # load the kernel before timing it
    for name in options.variants.split(","):
        for bot in bots:
            fast, length = rate(play_hands, name, bot, seconds)
            table = f"{name:<8} {bot:<8} ({players_of(load_ruleset(name))} seats)"
            if options.kernel_only:
                print(f"{table} kernel {fast:11,.0f} hands/s   ({length:4.1f} actions per hand)", flush=True)
                continue
            ref, _ = rate(reference.play_hands, name, bot, seconds)
            print(f"{table} reference {ref:9,.0f} hands/s   kernel {fast:11,.0f} hands/s   "
                  f"x{fast / ref:5.0f}   ({length:4.1f} actions per hand)", flush=True)


if __name__ == "__main__":
    main()
