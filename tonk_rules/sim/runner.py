"""Which runner plays a run: the compiled kernel where it can, the reference engine otherwise.

The kernel compiles the ``random`` and ``greedy`` policies and the ``montecarlo`` search (a table with a
montecarlo seat plays in :func:`tonk_rules.kernel.search.play_hands`, the same deals); a machine without
numba plays on the reference engine (:mod:`tonk_rules.sim.reference`): the same
deals and the same :class:`~tonk_rules.kernel.batch.HandBatch`, only slower.

    >>> from tonk_rules.ruleset.compile import load_ruleset
    >>> batch = play_hands(load_ruleset("pagat"), [("greedy", {}), ("random", {})], 5, seed=1)
    >>> batch.net.sum(axis=1).tolist()
    [0, 0, 0, 0, 0]
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import cache

from tonk_rules import kernel
from tonk_rules.kernel.batch import MAX_ACTIONS, HandBatch
from tonk_rules.kernel.seats import KERNEL_POLICIES, SeatSpec
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim import reference


@cache
def _notice() -> None:
    print("tonk: numba is not installed; simulating on the much slower reference engine", file=sys.stderr)


def on_kernel(seats: Sequence[SeatSpec]) -> bool:
    """Whether the compiled kernel plays this table (numba present, every bot compiled)."""
    return kernel.AVAILABLE and all(name in KERNEL_POLICIES or name == "montecarlo" for name, _ in seats)


def play_hands(ruleset: Ruleset, seats: Sequence[SeatSpec], n_hands: int, seed: int,
               stakes: Sequence[int] | None = None, first_dealer: int = 0, first_hand: int = 0,
               trace: bool = False, max_actions: int = MAX_ACTIONS) -> HandBatch:
    """Play hands ``first_hand .. first_hand + n_hands - 1`` of the run ``seed`` (see the module docstring)."""
    if on_kernel(seats) and any(name == "montecarlo" for name, _ in seats):
        from tonk_rules.kernel import search  # the search compiles apart: only tables that seat it pay for it

        return search.play_hands(ruleset, seats, n_hands, seed, stakes, first_dealer, first_hand, trace,
                                 max_actions)
    if on_kernel(seats):
        return kernel.play_hands(ruleset, seats, n_hands, seed, stakes, first_dealer, first_hand, trace,
                                 max_actions)
    if not kernel.AVAILABLE:
        _notice()
    return reference.play_hands(ruleset, seats, n_hands, seed, stakes, first_dealer, first_hand, trace,
                                max_actions)
