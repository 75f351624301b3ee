"""Benchmark: does ``montecarlo`` at its default budget beat a table of tuned ``greedy`` in every built-in?

For each built-in variant at 3 players (2 where it seats only 2): ``HANDS`` hands, that is ``HANDS / P``
deals each played ``P`` times with montecarlo in each seat in turn and tuned greedy in the others (the
same deals: paired). Prints montecarlo's mean net per hand with its 95% interval (computed over deals),
whether the interval is above 0, and the CPU milliseconds per searched decision (one core: CPU time of the
playing processes over the decisions with more than one legal action; trivial ones cost nothing).

Tuned greedy: plain ``greedy`` resolved by :func:`tonk_rules.sim.tuning.seats_for` (the shipped tuned
values); plain ``montecarlo``'s playouts get the same knock threshold there.

Run: python benchmarks/bench_montecarlo.py [--hands 1200] [--workers N] [--variants a,b] [--rollouts R]
(prints its figures; not a test)
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np

from tonk_rules import load_ruleset
from tonk_rules.bots.specs import parse_spec
from tonk_rules.kernel.search import DEFAULT_ROLLOUTS, play_hands
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.tuning import seats_for
from tonk_rules.variant.loader import builtin_names

#: deals per task
CHUNK = 25


@dataclass(frozen=True)
class Task:
    variant: str
    players: int
    seat: int
    first: int
    size: int
    rollouts: int
    seed: int


def run(task: Task) -> tuple[np.ndarray, int, float]:
    """MC's nets on the task's deals, its searched decisions, and the CPU seconds spent."""
    rules = load_ruleset(task.variant)
    specs = [parse_spec("greedy")] * task.players
    specs[task.seat] = parse_spec(f"montecarlo:rollouts={task.rollouts}")
    seats = seats_for(rules, task.players, specs)
    searched = np.zeros(task.players, np.int64)
    play_hands(rules, seats, 1, task.seed, first_hand=task.first, searched=np.zeros(task.players, np.int64))
    start = time.process_time()  # after the warm-up above: the kernel is loaded (or compiled) already
    batch = play_hands(rules, seats, task.size, task.seed, first_hand=task.first, searched=searched)
    return batch.net[:, task.seat], int(searched[task.seat]), time.process_time() - start


def players_for(ruleset: Ruleset) -> int:
    return 3 if ruleset.min_players <= 3 <= ruleset.max_players else ruleset.max_players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1200)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--variants", default=",".join(builtin_names()))
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    tasks = []
    plan = []
    for name in args.variants.split(","):
        players = players_for(load_ruleset(name))
        deals = args.hands // players
        plan.append((name, players, deals))
        for seat in range(players):
            tasks += [Task(name, players, seat, first, min(CHUNK, deals - first), args.rollouts, args.seed)
                      for first in range(0, deals, CHUNK)]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(run, tasks))
    print(f"montecarlo:rollouts={args.rollouts} against tuned greedy, seed {args.seed}")
    print(f"{'variant':<20} {'P':>2} {'hands':>6} {'mean net/hand':>14}  {'95% interval':<18} {'> 0':<4} "
          f"{'ms/decision':>11}")
    at = 0
    for name, players, deals in plan:
        per_seat = []
        decisions, cpu = 0, 0.0
        for _seat in range(players):
            parts = []
            for _first in range(0, deals, CHUNK):
                nets, n, seconds = results[at]
                at += 1
                parts.append(nets)
                decisions += n
                cpu += seconds
            per_seat.append(np.concatenate(parts))
        per_deal = np.mean(per_seat, axis=0)  # a deal's score: MC's mean over the seats it played it from
        mean = float(per_deal.mean())
        half = 1.959964 * float(per_deal.std(ddof=1)) / np.sqrt(deals)
        print(f"{name:<20} {players:>2} {deals * players:>6} {mean:>+14.3f}  [{mean - half:+.3f}, {mean + half:+.3f}]"
              f"  {'yes' if mean - half > 0 else 'NO':<4} {1000 * cpu / max(decisions, 1):>11.2f}", flush=True)


if __name__ == "__main__":
    main()
