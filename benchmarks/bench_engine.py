"""Benchmark: random legal hands with 3 players under russian and pagat, hands per second on one core.

The player picks uniformly among legal actions but knocks only 3% of the time when it has another choice,
so hands go through draws, spreads, hits and discards (uniform choice would knock at once in most hands).
Run: python benchmarks/bench_engine.py [SECONDS]   (prints its figures; not a test)
"""

from __future__ import annotations

import random
import sys
import time

from tonk_rules.engine.actions import Knock
from tonk_rules.engine.hand import Hand
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.variant.loader import load_variant


def bench(name: str, seconds: float, knock_rate: float) -> tuple[float, float]:
    ruleset = compile_ruleset(load_variant(name).variant)
    rng = random.Random(12345)
    hands = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        hand = Hand.shuffled(ruleset, ["A", "B", "C"], dealer=hands % 3, rng=rng)
        while not hand.over:
            legal = hand.legal_actions()
            others = [a for a in legal if not isinstance(a, Knock)]
            hand.apply(rng.choice(legal if not others or rng.random() < knock_rate else others))
            actions += 1
        hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions / hands


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for knock_rate, label in ((0.03, "knock 3%"), (1.0, "uniform")):
        for name in ("russian", "pagat"):
            rate, length = bench(name, seconds, knock_rate)
            print(f"{name:<8} {label:<9} {rate:8.0f} hands/s  ({length:5.1f} actions per hand)")


if __name__ == "__main__":
    main()
