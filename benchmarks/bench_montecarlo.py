"""Benchmark: the search player ``montecarlo`` beside other bots, at a table of defaults and at a table with a
random player, in every built-in.

For each built-in variant at 3 players (2 where it seats only 2), on the same deals (``HANDS / P`` deals,
each played ``P`` times with the bot under test in each seat in turn: paired):

1. **Against a table of the default player** (``--table``, default ``reckoner`` where the project has it,
   else ``greedy``; both tuned by :func:`tonk_rules.sim.tuning.seats_for` where they have tuned values):
   the mean net per hand of montecarlo and each bot of ``--beside`` in the tested seat, with its 95% interval
   (over deals), whether montecarlo's is above 0, and montecarlo's CPU milliseconds per searched decision
   (one core: CPU time of the playing processes over the decisions with more than one legal action). The
   seats of a table of copies of one player add up to 0 on every deal, so this mean is the paired gain over
   that player in the same seat on the same deals.
2. **At a table with a random player** (the other seats ``greedy`` and ``random``; ``random`` alone at 2
   seats): montecarlo's and greedy's mean net in the same seat on the same deals, and the paired
   difference (montecarlo − greedy) with its 95% interval.

Each task plays one session of consecutive hands (``CHUNK``: a montecarlo seat remembers the others' play over
a session, ``memory=1``).

Run: python benchmarks/bench_montecarlo.py [--hands 1200] [--workers N] [--variants a,b] [--rollouts R]
[--search SPEC] [--table SPEC] [--beside a,b] [--tables 1,2] (prints its figures; not a test)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np

from tonk_rules import load_ruleset
from tonk_rules.bots.specs import parse_spec
from tonk_rules.errors import BotSpecError
from tonk_rules.kernel.search import DEFAULT_ROLLOUTS, play_hands
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.tuning import seats_for
from tonk_rules.variant.loader import builtin_names

Result = tuple[np.ndarray, int, float]
#: variant, players, deals, the tasks of each bot against the table and at the table with a random player
Row = tuple[str, int, int, dict[str, slice], dict[str, slice]]
#: deals per task
CHUNK = 20  # one session (tonk_rules.kernel.layout.SESSION): a montecarlo seat remembers over each task
Z95 = 1.959964


@dataclass(frozen=True)
class Task:
    variant: str
    seats: tuple[str, ...]  # bot specs, one per seat
    seat: int  # the seat whose nets are returned
    first: int
    size: int
    seed: int


def run(task: Task) -> tuple[np.ndarray, int, float]:
    """The seat's nets on the task's deals, its searched decisions, and the CPU seconds spent."""
    rules = load_ruleset(task.variant)
    players = len(task.seats)
    seats = seats_for(rules, players, [parse_spec(s) for s in task.seats])
    searched = np.zeros(players, np.int64)
    play_hands(rules, seats, 1, task.seed, first_hand=task.first, searched=np.zeros(players, np.int64))
    start = time.process_time()  # after the warm-up above: the kernel and the seat's model are built already
    batch = play_hands(rules, seats, task.size, task.seed, first_hand=task.first, searched=searched)
    return batch.net[:, task.seat], int(searched[task.seat]), time.process_time() - start


def players_for(ruleset: Ruleset) -> int:
    return 3 if ruleset.min_players <= 3 <= ruleset.max_players else ruleset.max_players


def default_table() -> str:
    """The project's default player: ``reckoner`` once it exists, else ``greedy``."""
    try:
        parse_spec("reckoner")
    except BotSpecError:
        return "greedy"
    return "reckoner"


def rotations(bot: str, others: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """``bot`` in each seat in turn, ``others`` filling the other seats in order."""
    out = []
    for seat in range(players):
        rest = iter(others)
        out.append(tuple(bot if s == seat else next(rest) for s in range(players)))
    return out


class Plan:
    """Tasks queued for one pool, and each measurement's share of the results."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.tasks: list[Task] = []

    def add(self, variant: str, bot: str, others: Sequence[str], players: int, deals: int) -> slice:
        start = len(self.tasks)
        for seat, seats in enumerate(rotations(bot, others, players)):
            self.tasks += [Task(variant, seats, seat, first, min(CHUNK, deals - first), self.seed)
                           for first in range(0, deals, CHUNK)]
        return slice(start, len(self.tasks))


def per_deal(results: Sequence[tuple[np.ndarray, int, float]], players: int) -> tuple[np.ndarray, float]:
    """A measurement's score per deal (the mean over the seats it was played from) and ms per decision."""
    chunks = len(results) // players
    seats = [np.concatenate([results[s * chunks + i][0] for i in range(chunks)]) for s in range(players)]
    decisions = sum(r[1] for r in results)
    cpu = sum(r[2] for r in results)
    return np.mean(seats, axis=0), 1000 * cpu / max(decisions, 1)


def interval(x: np.ndarray) -> tuple[float, float, float]:
    mean = float(x.mean())
    half = Z95 * float(x.std(ddof=1)) / np.sqrt(len(x))
    return mean, mean - half, mean + half


def show(x: np.ndarray) -> str:
    mean, low, high = interval(x)
    return f"{mean:+.3f} [{low:+.3f}, {high:+.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1200)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--variants", default=",".join(builtin_names()))
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS)
    parser.add_argument("--search", default=None, help="the search player's spec (default: montecarlo:rollouts=R)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--table", default=None, help="the table's bot (default: the project's default player)")
    parser.add_argument("--beside", default="greedy", help="other bots measured in the same seat")
    parser.add_argument("--tables", default="1,2", help="which of the two tables to measure")
    args = parser.parse_args()
    table = args.table or default_table()
    tables = args.tables.split(",")
    search = args.search or f"montecarlo:rollouts={args.rollouts}"
    beside = [b for b in args.beside.split(",") if b]
    plan = Plan(args.seed)
    rows: list[Row] = []
    for name in args.variants.split(","):
        players = players_for(load_ruleset(name))
        deals = args.hands // players
        vs_table = {bot: plan.add(name, bot, [table] * (players - 1), players, deals)
                    for bot in ([search, *beside] if "1" in tables else [])}
        mixed = ["greedy", "random"][-(players - 1):] if players <= 3 else ["greedy"] * (players - 2) + ["random"]
        with_random = {bot: plan.add(name, bot, mixed, players, deals)
                       for bot in ((search, "greedy") if "2" in tables else ())}
        rows.append((name, players, deals, vs_table, with_random))
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(run, plan.tasks))
    print(f"{search} (seed {args.seed}, {time.monotonic() - started:.0f} s wall)")
    if "1" in tables:
        show_vs_table(rows, results, table, search, beside)
    if "2" in tables:
        show_with_random(rows, results, search)


def show_vs_table(rows: list[Row], results: list[Result], table: str, search: str, beside: list[str]) -> None:
    print(f"\n1. in each seat in turn against a table of {table}: mean net per hand, 95% interval")
    print(f"{'variant':<20} {'P':>2} {'hands':>6}  {'montecarlo':<25} {'> 0':<4} {'ms/decision':>11}  "
          + "  ".join(f"{b:<25}" for b in beside))
    for name, players, deals, vs_table, _ in rows:
        mc, ms = per_deal(results[vs_table[search]], players)
        others = "  ".join(f"{show(per_deal(results[vs_table[b]], players)[0]):<25}" for b in beside)
        above = "yes" if interval(mc)[1] > 0 else "NO"
        print(f"{name:<20} {players:>2} {deals * players:>6}  {show(mc):<25} {above:<4} {ms:>11.2f}  {others}",
              flush=True)


def show_with_random(rows: list[Row], results: list[Result], search: str) -> None:
    print("\n2. in each seat in turn, the other seats greedy and random: montecarlo and greedy in the same seat on "
          "the same deals")
    print(f"{'variant':<20} {'P':>2} {'hands':>6}  {'montecarlo':<25} {'greedy':<25} {'montecarlo - greedy':<25} "
          f"{'> 0':<4} {'ms/decision':>11}")
    for name, players, deals, _, with_random in rows:
        mc, ms = per_deal(results[with_random[search]], players)
        greedy, _ms = per_deal(results[with_random["greedy"]], players)
        diff = mc - greedy
        print(f"{name:<20} {players:>2} {deals * players:>6}  {show(mc):<25} {show(greedy):<25} {show(diff):<25} "
              f"{'yes' if interval(diff)[1] > 0 else 'NO':<4} {ms:>11.2f}", flush=True)


if __name__ == "__main__":
    main()
