"""Paired deviation gains: what one seat gains per hand by playing a fixed greedy knock threshold ``K``
instead of the table's default, everyone else keeping the default.

Common random numbers: the deviating run and the baseline run play the *same deals* (the same seed and hand
indices), and the gain of a hand is the deviating seat's net minus the same seat's net in the baseline. Most
hands play identically until the threshold first matters, so the per-hand differences are small and a gain
of 0.01 stakes per hand is measurable with tens of thousands of hands. The deviating seat rotates: each
seat deviates on its own share of the hands (and the dealer rotates within each share).

    >>> from tonk_rules.ruleset.compile import load_ruleset
    >>> gains = deviation_gains(load_ruleset("pagat"), 3, {"knock": 5}, [1, 5], hands=600, seed=1)
    >>> gains[5].mean, gains[5].n  # the default against itself: no hand changes
    (0.0, 600)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.executors import Executor
from tonk_rules.sim.stats import Moments

#: Hands per task: one task plays its baseline once and every deviation on the same deals.
TASK_HANDS = 20_000


@dataclass(frozen=True)
class PairedTask:
    ruleset: Ruleset
    players: int
    table: tuple[tuple[str, int], ...]  # the default greedy's parameters
    knocks: tuple[int, ...]
    seat: int  # the deviating seat
    seed: int
    first_hand: int
    hands: int


def _seats(task: PairedTask, seat_params: Mapping[str, int] | None) -> list[SeatSpec]:
    table = dict(task.table)
    return [("greedy", dict(seat_params) if seat == task.seat and seat_params is not None else table)
            for seat in range(task.players)]


def play_task(task: PairedTask) -> list[tuple[int, int, int]]:
    """Per deviation ``K``: the exact (hands, sum, sum of squares) of the paired per-hand gains."""
    from tonk_rules.sim.runner import play_hands  # the kernel loads in the worker

    base = play_hands(task.ruleset, _seats(task, None), task.hands, task.seed, first_hand=task.first_hand)
    base_net = base.net[:, task.seat]
    out = []
    for knock in task.knocks:
        batch = play_hands(task.ruleset, _seats(task, {"knock": knock}), task.hands, task.seed,
                           first_hand=task.first_hand)
        diff = batch.net[:, task.seat] - base_net
        out.append((len(diff), int(diff.sum()), int((diff * diff).sum())))
    return out


def tasks_for(ruleset: Ruleset, players: int, table: Mapping[str, int], knocks: Sequence[int], hands: int,
              seed: int) -> list[PairedTask]:
    """``hands`` paired hands cut into tasks, the deviating seat rotating over equal shares of them."""
    tasks = []
    share = -(-hands // players)
    for seat in range(players):
        first, end = seat * share, min(hands, (seat + 1) * share)
        for start in range(first, end, TASK_HANDS):
            tasks.append(PairedTask(ruleset, players, tuple(sorted(table.items())), tuple(knocks), seat, seed,
                                    start, min(TASK_HANDS, end - start)))
    return tasks


def deviation_gains(ruleset: Ruleset, players: int, table: Mapping[str, int], knocks: Sequence[int], hands: int,
                    seed: int, executor: Executor | None = None) -> dict[int, Moments]:
    """The paired per-hand gain of a seat playing ``greedy:knock=K`` against ``players - 1`` greedy bots with
    the parameters ``table`` (a baseline seat plays ``table`` too), for each ``K`` in ``knocks``."""
    tasks = tasks_for(ruleset, players, table, knocks, hands, seed)
    results = map(play_task, tasks) if executor is None else executor.map(play_task, tasks)
    sums = [[0, 0, 0] for _ in knocks]
    for result in results:
        for acc, (n, total, squares) in zip(sums, result, strict=True):
            acc[0] += n
            acc[1] += total
            acc[2] += squares
    return {knock: Moments(n, total, squares) for knock, (n, total, squares) in zip(knocks, sums, strict=True)}


# --- any seat against a table of any default --------------------------------------------------------------
@dataclass(frozen=True)
class SeatTask:
    ruleset: Ruleset
    players: int
    table: SeatSpec  # every seat's default
    deviations: tuple[SeatSpec, ...]
    seat: int
    seed: int
    first_hand: int
    hands: int


def play_seat_task(task: SeatTask) -> list[tuple[int, int, int]]:
    """Per deviation: the exact (hands, sum, sum of squares) of the paired per-hand gains of ``task.seat``."""
    from tonk_rules.sim.runner import play_hands

    table = [task.table] * task.players
    base_net = play_hands(task.ruleset, table, task.hands, task.seed, first_hand=task.first_hand).net[:, task.seat]
    out = []
    for deviation in task.deviations:
        seats = [deviation if s == task.seat else task.table for s in range(task.players)]
        diff = play_hands(task.ruleset, seats, task.hands, task.seed, first_hand=task.first_hand).net[:, task.seat]
        diff = diff - base_net
        out.append((len(diff), int(diff.sum()), int((diff * diff).sum())))
    return out


def seat_gains(ruleset: Ruleset, players: int, table: SeatSpec, deviations: Sequence[SeatSpec], hands: int,
               seed: int, executor: Executor | None = None) -> list[Moments]:
    """The paired per-hand gain of one seat playing each of ``deviations`` (resolved seats ``(name, params)``)
    instead of ``table``, everyone else playing ``table``: the same deals with and without the deviation, the
    deviating seat rotating over equal shares of the ``hands``."""
    tasks = [SeatTask(ruleset, players, table, tuple(deviations), seat, seed, start, count)
             for seat, start, count in seat_shares(players, hands, TASK_HANDS)]
    results = map(play_seat_task, tasks) if executor is None else executor.map(play_seat_task, tasks)
    return summed_moments(results, len(deviations))


def seat_shares(players: int, hands: int, task_hands: int) -> list[tuple[int, int, int]]:
    """``(seat, start, count)`` for every task of a paired run: the deviating seat rotating over equal shares of
    the ``hands`` (the last share shorter), each share cut into tasks of at most ``task_hands`` hands."""
    share = -(-hands // players)
    return [(seat, start, min(task_hands, min(hands, (seat + 1) * share) - start))
            for seat in range(players)
            for start in range(seat * share, min(hands, (seat + 1) * share), task_hands)]


def summed_moments(results: Iterable[Sequence[tuple[int, int, int]]], k: int) -> list[Moments]:
    """The moments of ``k`` paired differences summed over tasks, each task giving ``(n, total, squares)``
    for each of the ``k``."""
    sums = [[0, 0, 0] for _ in range(k)]
    for result in results:
        for acc, (n, total, squares) in zip(sums, result, strict=True):
            acc[0] += n
            acc[1] += total
            acc[2] += squares
    return [Moments(n, total, squares) for n, total, squares in sums]
