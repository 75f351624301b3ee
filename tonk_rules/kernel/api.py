"""``play_hands``: many independent hands at one table of bots, on the compiled kernel.

:mod:`tonk_rules.kernel.batch` says how hand ``i`` of a run is dealt. Seats are ``(name, params)`` of the
policies the kernel compiles (:mod:`tonk_rules.kernel.seats`: ``random``, ``greedy``, ``reckoner``,
``casual``). The reference
engine plays the same runs (:func:`tonk_rules.sim.reference.play_hands`) for the tests, for bots the kernel
does not compile and where numba is missing; :func:`tonk_rules.sim.runner.play_hands` chooses.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import Any

import numpy as np

from tonk_rules.errors import KernelError
from tonk_rules.kernel import layout as L
from tonk_rules.kernel.batch import ENDINGS, MAX_ACTIONS, HandBatch, check_run, empty_batch
from tonk_rules.kernel.jit import AVAILABLE
from tonk_rules.kernel.seats import POLICY_COLUMNS, SeatSpec, kernel_seats
from tonk_rules.kernel.tables import tables_of
from tonk_rules.ruleset import Ruleset
from tonk_rules.terms import Ending

#: Longest action trace kept per hand when ``trace=True`` (a debugging and testing aid).
TRACE_CAP = 4096
#: kernel ending code -> index into ENDINGS (by name: the enum's order may change)
ENDING_INDEX = np.array([ENDINGS.index(Ending(name)) for name in L.ENDING_NAMES], np.int8)
_ERRORS = {L.ERR_STUCK: "a seat has no legal action (this variant lets a hand get stuck)",
           L.ERR_TOO_LONG: "the hand did not end within {max_actions} actions (bots that never knock can play "
                           "forever where the stock is reshuffled)",
           L.ERR_TOO_MANY: f"a hand held more legal actions than the compiled kernel can list ({L.MAX_LEGAL}): "
                           "a long hand with several wild cards makes a great many spreads (deal.hand_size, "
                           "melds.wild, melds.wild_most)"}


@cache
def compiled() -> ModuleType:
    """The compiled kernel module (compiled, or loaded from the disk cache, on first use)."""
    from tonk_rules.kernel import policies_nb

    return policies_nb


def policy_arrays(seats: Sequence[SeatSpec]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Seat specs as the kernel's policy codes and each seat's row of parameters (``knocks``: greedy's
    ``KNOCK_COLUMNS``, the reckoner's ``RECKONER_COLUMNS``, ... in ``layout.PARAM_COLUMNS`` columns)."""
    specs = kernel_seats(seats)
    policies = np.zeros(len(specs), np.int64)
    knocks = np.zeros((len(specs), L.PARAM_COLUMNS), np.int64)
    for i, (name, params) in enumerate(specs):
        policies[i] = _POLICY_CODES[name]
        columns = POLICY_COLUMNS[name]
        knocks[i, : len(columns)] = [params[key] for key in columns]
    return policies, knocks


_POLICY_CODES = {"random": L.POLICY_RANDOM, "greedy": L.POLICY_GREEDY, "reckoner": L.POLICY_RECKONER,
                 "casual": L.POLICY_CASUAL}


def play_hands(ruleset: Ruleset, seats: Sequence[SeatSpec], n_hands: int, seed: int,
               stakes: Sequence[int] | None = None, first_dealer: int = 0, first_hand: int = 0,
               trace: bool = False, max_actions: int = MAX_ACTIONS) -> HandBatch:
    """Play hands ``first_hand .. first_hand + n_hands - 1`` of the run ``seed``; see the module docstring.

    ``stakes``: one per seat (default all 1; unequal stakes need a per_player variant). ``trace=True``
    also returns each hand's canonical action keys; a hand longer than ``max_actions`` is an error.
    Raises :class:`KernelError` for rules, bots or numbers the kernel cannot play, and
    :class:`~tonk_rules.errors.BotSpecError` for unknown bots or bad parameters.
    """
    if not AVAILABLE:
        raise KernelError("the compiled kernel needs numba, which is not installed (tonk_rules.sim.runner plays "
                          "on the reference engine instead)")
    tables = tables_of(ruleset)
    policies, knocks = policy_arrays(seats)
    players = len(policies)
    stake_list = check_run(tables.seating, players, n_hands, seed, first_hand, first_dealer, stakes)
    out = empty_batch(n_hands, players, in_play=True)
    errors = np.zeros(n_hands, np.int64)
    trace_keys = np.zeros((n_hands, TRACE_CAP if trace else 0), np.int64)
    compiled().play_batch(
        tables.packed(), tables.deck, np.uint64(seed), np.int64(first_hand), np.int64(first_dealer), policies,
        knocks, np.array(stake_list, np.int64), np.int64(max_actions), out["ending"], out["winners"],
        out["counts"], out["net"], out["knocker"], out["actions"], out["turns"], out["dealer"], out["in_play"],
        errors, trace_keys,
        None)  # no seat searches (kernel.search passes its search state here)
    return finish_batch(out, errors, trace_keys if trace else None, first_hand, max_actions)


def finish_batch(out: dict[str, np.ndarray[Any, Any]], errors: np.ndarray[Any, Any],
                 trace_keys: np.ndarray[Any, Any] | None, first_hand: int, max_actions: int) -> HandBatch:
    """A compiled run's arrays as a :class:`HandBatch`: the first hand's error raised as a
    :class:`KernelError`, ending codes mapped, each hand's trace cut to its length (``trace_keys``: None when
    no trace was asked for)."""
    bad = np.flatnonzero(errors)
    if bad.size:
        why = _ERRORS[int(errors[bad[0]])].format(max_actions=max_actions)
        raise KernelError(f"hand {first_hand + int(bad[0])}: {why}")
    out["ending"] = ENDING_INDEX[out["ending"]]
    traces = None
    if trace_keys is not None:
        if int(out["actions"].max(initial=0)) > TRACE_CAP:
            raise KernelError(f"trace=True keeps at most {TRACE_CAP} actions per hand")
        traces = tuple(trace_keys[i, : out["actions"][i]].copy() for i in range(len(errors)))
    return HandBatch(**out, trace=traces)
