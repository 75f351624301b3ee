"""Benchmark: the reference engine (engine/) driven by a simple greedy player and a random player.

3 players, ``russian`` and ``pagat``, one process (one core), fixed seeds; prints hands per second of this
process's CPU time (``time.process_time``, so that other work on the machine disturbs the figure less) and
actions per hand. The greedy player uses only ``legal_actions()``, ``apply()`` and the cards in its own hand, so the
same script measures older versions of the engine too (run it with ``PYTHONPATH`` pointing at an old
checkout to compare).

Greedy: knock with a count of 10 or less; take the discard when it makes a spread with the hand, else draw
from the stock; lay every spread, then every hit; discard the highest card. (Taking any low discard would
let two players pass low cards back and forth for ever.)
Random: uniform among legal actions, knocking only 3% of the time when there is another choice.

Run: python benchmarks/bench_reference.py [SECONDS]   (prints its figures; not a test)
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from tonk_rules.engine.actions import Discard, Draw, Hit, Knock, Spread
from tonk_rules.engine.hand import Hand
from tonk_rules.ruleset import compile_ruleset
from tonk_rules.variant.loader import load_variant

Policy = Callable[[Hand, list[Any], random.Random], Any]


def _value(card: Any) -> int:
    return min(card // 4 + 1, 10)  # cards are ints (rank - 1) * 4 + suit in every version of the engine


def greedy(hand: Hand, legal: list[Any], rng: random.Random) -> Any:
    mine = hand.hands[hand.current]
    knock = draw_stock = draw_discard = spread = hit = None
    discards = []
    for action in legal:
        if isinstance(action, Knock):
            knock = action
        elif isinstance(action, Draw):
            if action.source == "discard":
                draw_discard = action
            else:
                draw_stock = action
        elif isinstance(action, Spread):
            spread = spread or action
        elif isinstance(action, Hit):
            hit = hit or action
        elif isinstance(action, Discard):
            discards.append(action)
    if knock is not None and sum(_value(c) for c in mine) <= 10:
        return knock
    if draw_discard is not None:
        top = hand.discard[-1]
        melds = hand.ruleset.spreading.melds.melds_in([*mine, top])
        if any(top in meld for meld in melds) or draw_stock is None:
            return draw_discard
    if draw_stock is not None:
        return draw_stock
    if spread is not None:
        return spread
    if hit is not None:
        return hit
    if discards:
        return max(discards, key=lambda a: (_value(a.card), a.card))
    return legal[0]


def random_player(hand: Hand, legal: list[Any], rng: random.Random) -> Any:
    others = [a for a in legal if not isinstance(a, Knock)]
    return rng.choice(legal if not others or rng.random() < 0.03 else others)


def bench(name: str, policy: Policy, seconds: float) -> tuple[float, float]:
    ruleset = compile_ruleset(load_variant(name).variant)
    rng = random.Random(12345)
    hands = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        hand = Hand.shuffled(ruleset, ["A", "B", "C"], dealer=hands % 3, rng=rng)
        for _ in range(5000):  # a bound, so that a policy that never ends a hand cannot hang the benchmark
            if hand.over:
                break
            hand.apply(policy(hand, hand.legal_actions(), rng))
            actions += 1
        else:
            raise RuntimeError(f"a {name} hand did not end within 5000 actions")
        hands += 1
    elapsed = time.process_time() - start
    return hands / elapsed, actions / hands


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for label, policy in (("greedy", greedy), ("random", random_player)):
        for name in ("russian", "pagat"):
            rate, length = bench(name, policy, seconds)
            print(f"{name:<8} {label:<7} {rate:8.0f} hands/s  ({length:5.1f} actions per hand)")


if __name__ == "__main__":
    main()
