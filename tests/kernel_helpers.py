"""Shared by the kernel tests: run both engines on the same decks and compare everything."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from tonk_rules import kernel
from tonk_rules.errors import KernelError
from tonk_rules.kernel.seats import SeatSpec
from tonk_rules.ruleset import Ruleset
from tonk_rules.sim import reference

#: A test that needs the compiled kernel or search (numba) is skipped without it.
needs_numba = pytest.mark.skipif(not kernel.AVAILABLE, reason="the compiled search needs numba")

FIELDS = ("ending", "winners", "counts", "net", "knocker", "actions", "turns", "dealer")


def assert_identical(ruleset: Ruleset, seats: Sequence[SeatSpec], n: int, seed: int,
                     stakes: Sequence[int] | None = None, first_dealer: int = 0,
                     max_actions: int = 1500) -> kernel.HandBatch | None:
    """Play ``n`` hands on both engines; every action, ending, count and payment must agree (or both must
    refuse a hand that does not end within ``max_actions`` with the same message)."""
    try:
        ref = reference.play_hands(ruleset, seats, n, seed, stakes, first_dealer, trace=True, max_actions=max_actions)
    except KernelError as exc:
        with pytest.raises(KernelError) as caught:
            kernel.play_hands(ruleset, seats, n, seed, stakes, first_dealer, trace=True, max_actions=max_actions)
        assert str(caught.value) == str(exc)
        return None
    fast = kernel.play_hands(ruleset, seats, n, seed, stakes, first_dealer, trace=True, max_actions=max_actions)
    assert ref.trace is not None and fast.trace is not None
    for i in range(n):
        a, b = ref.trace[i].tolist(), fast.trace[i].tolist()
        first = next((j for j in range(min(len(a), len(b))) if a[j] != b[j]), min(len(a), len(b)))
        assert a == b, f"hand {i}: the actions differ from action {first}: {a[first:first + 3]} {b[first:first + 3]}"
    for name in FIELDS:
        np.testing.assert_array_equal(getattr(ref, name), getattr(fast, name), err_msg=name)
    return fast
