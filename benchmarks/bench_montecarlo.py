"""Benchmark: the search player ``montecarlo`` beside other bots, at a table of defaults and at a table with a
random player, in every built-in.

For each built-in variant at 3 players (2 where it seats only 2), on the same deals (``HANDS / P`` deals,
each played ``P`` times with the bot under test in each seat in turn: paired):

1. **Against a table of the default player** (``--table``, default ``reckoner`` where the project has it,
   else ``greedy``; both tuned by :func:`tonk_rules.sim.tuning.seats_for` where they have tuned values):
   the mean net per hand of montecarlo and each bot of ``--beside`` in the tested seat, with its 95% interval
   (over deals), whether montecarlo's is above 0, and montecarlo's CPU milliseconds per searched decision
   (one core: CPU time of the playing processes over the decisions with more than one legal action); and the
   paired difference montecarlo − default: the same deals played by the table of the default player alone
   (every seat ``--table``: one run per deal, the same seed and hand numbers), per deal the mean over the
   seats of (montecarlo's net in that seat − the default player's net in that seat at that table).
2. **At a table with a random player** (the other seats ``greedy`` and ``random``; ``random`` alone at 2
   seats): montecarlo's and greedy's mean net in the same seat on the same deals, and the paired
   difference (montecarlo − greedy) with its 95% interval.

Why the paired difference is the right comparison, and why it is (here) the mean net itself: what montecarlo
adds is its net in a seat minus what the default player would have earned in that seat on the same deal, so
the difference per (deal, seat) removes what the deal gives the seat (a deal tonk, a strong hand: there it is
0 until montecarlo first plays another move than the default's). But the deal's score is the mean over the
seats montecarlo was played from, all of them, and the default table's nets add up to 0 on every deal, so the
mean of the baseline over the seats is 0 on every deal: the paired difference equals the mean net to the last
digit, deal by deal, and its interval is the same. Rotating montecarlo through every seat on one deal is
already that pairing (the deal's luck cancels across the seats). The benchmark prints both, checks that they
agree, and prints the standard deviation per hand (one deal, one seat) of montecarlo's net and of the
difference, to show what the pairing removes per hand and what the rotation had removed already.

That the deals are the same is checked, not assumed: a deal is a function of the seed and the hand number
only (:func:`tonk_rules.kernel.batch.plan_hand`), every task of a deal has the same seed and hand numbers,
each task starts at a session boundary (``CHUNK`` is a multiple of ``SESSION``, so a montecarlo seat that
remembers replays no earlier hands and sees the same sessions in every task), and every hand that the
default table ends by a deal tonk (decided by the cards alone) ends so at montecarlo's tables too, with the
same nets, and no other; the dealer of every hand agrees.

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
from tonk_rules.kernel.batch import ENDINGS
from tonk_rules.kernel.layout import SESSION
from tonk_rules.kernel.search import DEFAULT_ROLLOUTS, play_hands
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.tuning import seats_for
from tonk_rules.terms import Ending
from tonk_rules.variant.loader import builtin_names

#: one task's results: every seat's nets per hand, its seat's searched decisions, CPU seconds, endings, dealers
Result = tuple[np.ndarray, int, float, np.ndarray, np.ndarray]
#: variant, players, deals, the tasks of each bot against the table, at the table with a random player, and the
#: default table's own tasks (one per chunk of deals)
Row = tuple[str, int, int, dict[str, slice], dict[str, slice], slice]
#: deals per task
CHUNK = 20  # one session (tonk_rules.kernel.layout.SESSION): a montecarlo seat remembers over each task
assert CHUNK % SESSION == 0  # every task starts a session: no unrecorded replay, the same sessions everywhere
Z95 = 1.959964
DEAL_TONK = ENDINGS.index(Ending.DEAL_TONK)


@dataclass(frozen=True)
class Task:
    variant: str
    seats: tuple[str, ...]  # bot specs, one per seat
    seat: int  # the seat whose searched decisions are counted (the bot under test)
    first: int
    size: int
    seed: int


def run(task: Task) -> Result:
    """The task's nets (every seat), its seat's searched decisions, the CPU seconds spent, endings, dealers."""
    rules = load_ruleset(task.variant)
    players = len(task.seats)
    seats = seats_for(rules, players, [parse_spec(s) for s in task.seats])
    searched = np.zeros(players, np.int64)
    play_hands(rules, seats, 1, task.seed, first_hand=task.first, searched=np.zeros(players, np.int64))
    start = time.process_time()  # after the warm-up above: the kernel and the seat's model are built already
    batch = play_hands(rules, seats, task.size, task.seed, first_hand=task.first, searched=searched)
    return batch.net, int(searched[task.seat]), time.process_time() - start, batch.ending, batch.dealer


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

    def add_table(self, variant: str, table: str, players: int, deals: int) -> slice:
        """The table of ``table`` alone on the same deals (one task per chunk: every seat is the same)."""
        start = len(self.tasks)
        self.tasks += [Task(variant, (table,) * players, 0, first, min(CHUNK, deals - first), self.seed)
                       for first in range(0, deals, CHUNK)]
        return slice(start, len(self.tasks))


def seat_nets(results: Sequence[Result], players: int) -> np.ndarray:
    """``[deal, seat]``: the tested bot's net on each deal when it sat in that seat (a rotation's tasks)."""
    chunks = len(results) // players
    return np.stack([np.concatenate([results[s * chunks + i][0][:, s] for i in range(chunks)])
                     for s in range(players)], axis=1)


def per_deal(results: Sequence[Result], players: int) -> tuple[np.ndarray, float]:
    """A measurement's score per deal (the mean over the seats it was played from) and ms per decision."""
    decisions = sum(r[1] for r in results)
    cpu = sum(r[2] for r in results)
    return seat_nets(results, players).mean(axis=1), 1000 * cpu / max(decisions, 1)


def check_same_deals(tested: Sequence[Result], table: Sequence[Result], players: int) -> None:
    """Every rotation's hands are the default table's deals: the same dealers, and a deal tonk (decided by the
    cards alone) on the same hands with the same nets (raises ``AssertionError`` otherwise)."""
    chunks = len(table)
    base_ending = np.concatenate([r[3] for r in table])
    base_dealer = np.concatenate([r[4] for r in table])
    base_net = np.concatenate([r[0] for r in table])
    for s in range(players):
        part = tested[s * chunks:(s + 1) * chunks]
        ending = np.concatenate([r[3] for r in part])
        net = np.concatenate([r[0] for r in part])
        assert (np.concatenate([r[4] for r in part]) == base_dealer).all(), "the dealers differ"
        tonks = base_ending == DEAL_TONK
        assert ((ending == DEAL_TONK) == tonks).all(), "a deal tonk on one table only: the deals differ"
        assert (net[tonks] == base_net[tonks]).all(), "a deal tonk paid otherwise: the deals differ"


def paired(tested: Sequence[Result], table: Sequence[Result], players: int) -> tuple[np.ndarray, float, float]:
    """Per deal, the mean over the seats of (the tested bot's net − the default player's in that seat on the
    default table), and the standard deviations per hand (deal × seat) of the net and of that difference."""
    check_same_deals(tested, table, players)
    own = seat_nets(tested, players)
    base = np.concatenate([r[0] for r in table])
    diff = own - base
    return diff.mean(axis=1), float(own.std(ddof=1)), float(diff.std(ddof=1))


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
    parser.add_argument("--beside", default="greedy", help="other bots measured in the same seat (with two or "
                        "more, each further one is also shown less the first: several options, one control)")
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
        alone = plan.add_table(name, table, players, deals) if "1" in tables else slice(0, 0)
        mixed = ["greedy", "random"][-(players - 1):] if players <= 3 else ["greedy"] * (players - 2) + ["random"]
        with_random = {bot: plan.add(name, bot, mixed, players, deals)
                       for bot in ((search, "greedy") if "2" in tables else ())}
        rows.append((name, players, deals, vs_table, with_random, alone))
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(run, plan.tasks))
    print(f"{search} (seed {args.seed}, {time.monotonic() - started:.0f} s wall)")
    if "1" in tables:
        show_vs_table(rows, results, table, search, beside)
    if "2" in tables:
        show_with_random(rows, results, search)


def show_vs_table(rows: list[Row], results: list[Result], table: str, search: str, beside: list[str]) -> None:
    print(f"\n1. in each seat in turn against a table of {table}: mean net per hand, and the paired difference "
          f"montecarlo - {table} in the same seat on the same deals (the table of {table} alone), 95% intervals; "
          "sd per hand of the net / of the difference")
    print(f"{'variant':<20} {'P':>2} {'hands':>6}  {'montecarlo':<25} {'montecarlo - ' + table:<25} {'> 0':<4} "
          f"{'sd net / diff':>13} {'ms/decision':>11}  "
          + "  ".join(f"{b + ' - ' + table:<25} {'search - ' + b:<25}" for b in beside))
    for name, players, deals, vs_table, _, alone in rows:
        mc, ms = per_deal(results[vs_table[search]], players)
        diff, sd_net, sd_diff = paired(results[vs_table[search]], results[alone], players)
        # the default table's seats add up to 0 on every deal: the mean over the seats of the baseline is 0
        assert np.allclose(diff, mc), "the paired difference should equal the mean net deal by deal"
        # and the search player less each beside bot, paired on the same deals (a screen's control)
        others = "  ".join(f"{show(paired(results[vs_table[b]], results[alone], players)[0]):<25} "
                           f"{show(diff - paired(results[vs_table[b]], results[alone], players)[0]):<25}"
                           f" ({per_deal(results[vs_table[b]], players)[1]:.2f} ms)"
                           for b in beside)
        # each further beside bot less the first (the control of a screen of several options on the same deals)
        control = paired(results[vs_table[beside[0]]], results[alone], players)[0] if beside else diff
        others += "".join(f"  {b + ' - ' + beside[0]}: "
                          f"{show(paired(results[vs_table[b]], results[alone], players)[0] - control)}"
                          for b in beside[1:])
        above = "yes" if interval(diff)[1] > 0 else "NO"
        print(f"{name:<20} {players:>2} {deals * players:>6}  {show(mc):<25} {show(diff):<25} {above:<4} "
              f"{sd_net:>6.3f}/{sd_diff:<6.3f} {ms:>11.2f}  {others}", flush=True)


def show_with_random(rows: list[Row], results: list[Result], search: str) -> None:
    print("\n2. in each seat in turn, the other seats greedy and random: montecarlo and greedy in the same seat on "
          "the same deals")
    print(f"{'variant':<20} {'P':>2} {'hands':>6}  {'montecarlo':<25} {'greedy':<25} {'montecarlo - greedy':<25} "
          f"{'> 0':<4} {'ms/decision':>11}")
    for name, players, deals, _, with_random, _alone in rows:
        mc, ms = per_deal(results[with_random[search]], players)
        greedy, _ms = per_deal(results[with_random["greedy"]], players)
        diff = mc - greedy
        print(f"{name:<20} {players:>2} {deals * players:>6}  {show(mc):<25} {show(greedy):<25} {show(diff):<25} "
              f"{'yes' if interval(diff)[1] > 0 else 'NO':<4} {ms:>11.2f}", flush=True)


if __name__ == "__main__":
    main()
