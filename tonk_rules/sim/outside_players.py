"""Players from outside the default's searched family, each in one seat against a table of tuned reckoners.

The equilibrium check (:mod:`tonk_rules.sim.deviation_check`) measures every member of the family the tuning
searched; a player it never searched may still gain. :data:`OUTSIDE` names the ones measured here: the frozen
baseline (:mod:`tonk_rules.bots.baseline`), a Python bot the compiled kernel does not play. Its gain is
measured the same paired way as a family deviation's (:func:`~tonk_rules.sim.deviation.seat_gains`): hand
``i`` of the run ``seed`` dealt the same with and without it, the outside player's seat rotating over equal
shares of the hands, the gain of a hand its seat's net minus that seat's net at the table of reckoners. The
table alone plays on the compiled kernel; the hands with the outside player play on the reference engine
(the same deals, and each reckoner seat given the same seed, so it plays as the kernel's reckoner does:
tests/test_kernel_identity.py), hundreds of times slower — so fewer hands are measured, enough while its
loss is large.

    >>> from tonk_rules.ruleset.compile import load_ruleset
    >>> table = ("reckoner", {})
    >>> [gain] = outside_gains(load_ruleset("pagat"), 2, table, ["baseline"], hands=40, seed=1).values()
    >>> gain.n
    40
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tonk_rules.bots import BOT_CLASSES, observe
from tonk_rules.bots.base import Bot
from tonk_rules.bots.baseline import BaselineBot
from tonk_rules.bots.observation import PublicLog
from tonk_rules.bots.specs import bot_seats
from tonk_rules.engine.hand import Hand
from tonk_rules.errors import SimulationError
from tonk_rules.kernel.batch import MAX_ACTIONS, check_run, plan_hand
from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.kernel.tables import seating
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim.deviation import seat_shares, summed_moments
from tonk_rules.sim.executors import Executor
from tonk_rules.sim.stats import Moments

#: The players measured from outside the family, by the name the benchmark prints: each built from a seed.
OUTSIDE: dict[str, Callable[[int], Bot]] = {"baseline": lambda seed: BaselineBot(seed=seed)}

#: Hands per task: small, since the reference engine plays a few hundred hands a second.
TASK_HANDS = 250


def check_outside(names: Sequence[str]) -> None:
    """Refuse a name that is not an outside player, with the names there are."""
    if unknown := [n for n in names if n not in OUTSIDE]:
        raise SimulationError(f"unknown outside player {', '.join(map(repr, unknown))}; "
                              f"outside players: {', '.join(OUTSIDE)}")


@dataclass(frozen=True)
class OutsideTask:
    ruleset: Ruleset
    players: int
    table: SeatSpec  # every other seat's player
    names: tuple[str, ...]  # the outside players, each measured on the same hands
    seat: int  # the outside player's seat
    seed: int
    first_hand: int
    hands: int


def outside_nets(ruleset: Ruleset, table: SeatSpec, players: int, player: Callable[[int], Bot], seat: int,
                 n_hands: int, seed: int, first_hand: int) -> npt.NDArray[np.int64]:
    """``seat``'s net in each of hands ``first_hand ..`` of the run ``seed``, the bot ``player(seed)`` in that
    seat and ``table`` in every other, on the reference engine (first dealer 0, the stakes of one)."""
    [(table_name, table_params)] = bot_seats([table])
    seats = seating(ruleset)
    stakes = check_run(seats, players, n_hands, seed, first_hand, 0, None)
    names = [f"seat{s}" for s in range(players)]
    nets = np.zeros(n_hands, np.int64)
    for row in range(n_hands):
        index = first_hand + row
        plan = plan_hand(seats.deck, players, seed, index, 0)
        bots: list[Bot] = [player(s) if i == seat else BOT_CLASSES[table_name](**table_params, seed=s)
                           for i, s in enumerate(plan.bot_seeds)]
        hand = Hand.deal(ruleset, names, plan.dealer, plan.deck, stakes, plan.reshuffle_seed)
        log = PublicLog(players)
        for _ in range(MAX_ACTIONS):
            if hand.result is not None:
                break
            legal = hand.legal_actions()
            if not legal:
                raise SimulationError(f"hand {index}: a seat has no legal action (this variant lets a hand get stuck)")
            hand.apply(bots[hand.current].choose(observe(hand, hand.current, log), legal))
        if hand.result is None:
            raise SimulationError(f"hand {index}: the hand did not end within {MAX_ACTIONS} actions")
        nets[row] = hand.result.net[seat]
    return nets


def play_outside_task(task: OutsideTask) -> list[tuple[int, int, int]]:
    """Per outside player: the exact (hands, sum, sum of squares) of ``task.seat``'s paired per-hand gains."""
    from tonk_rules.sim.runner import play_hands  # the kernel loads in the worker

    base = play_hands(task.ruleset, [task.table] * task.players, task.hands, task.seed,
                      first_hand=task.first_hand).net[:, task.seat].astype(np.int64)
    out = []
    for name in task.names:
        diff = outside_nets(task.ruleset, task.table, task.players, OUTSIDE[name], task.seat, task.hands,
                            task.seed, task.first_hand) - base
        out.append((len(diff), int(diff.sum()), int((diff * diff).sum())))
    return out


def outside_gains(ruleset: Ruleset, players: int, table: SeatSpec, names: Sequence[str], hands: int, seed: int,
                  executor: Executor | None = None) -> dict[str, Moments]:
    """The paired per-hand gain of one seat playing each outside player of ``names`` instead of ``table``,
    every other seat playing ``table``, over ``hands`` hands of the run ``seed`` (the seat rotating)."""
    check_outside(names)
    if hands < 1:
        raise SimulationError(f"the number of hands must be 1 or more, not {hands}")
    tasks = [OutsideTask(ruleset, players, table, tuple(names), seat, seed, start, count)
             for seat, start, count in seat_shares(players, hands, TASK_HANDS)]
    results = map(play_outside_task, tasks) if executor is None else executor.map(play_outside_task, tasks)
    return dict(zip(names, summed_moments(results, len(names)), strict=True))
