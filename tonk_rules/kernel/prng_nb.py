"""splitmix64 compiled: the same numbers as :mod:`tonk_rules.prng`, generator states in a uint64 array."""

from __future__ import annotations

import numpy as np

from tonk_rules.kernel.jit import njit, njit_entry

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
S30, S27, S31, S32, S33 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(32), np.uint64(33)
LOW32 = np.uint64(0xFFFFFFFF)


@njit
def mix64(z):  # type: ignore[no-untyped-def]
    z = (z ^ (z >> S30)) * MIX1
    z = (z ^ (z >> S27)) * MIX2
    return z ^ (z >> S31)


@njit_entry
def hand_seed(seed, index):  # type: ignore[no-untyped-def]
    return mix64(mix64(np.uint64(seed) + GOLDEN) + np.uint64(index))


@njit_entry
def next_u64(states, i):  # type: ignore[no-untyped-def]
    z = states[i] + GOLDEN
    states[i] = z
    return mix64(z)


@njit_entry
def below(states, i, n):  # type: ignore[no-untyped-def]
    """Uniform in [0, n), as ``SplitMix64.below`` (Lemire's multiply-and-shift with rejection)."""
    un = np.uint64(n)
    m = (next_u64(states, i) >> S32) * un
    low = m & LOW32
    if low < un:
        threshold = ((np.uint64(1) << S32) - un) % un
        while low < threshold:
            m = (next_u64(states, i) >> S32) * un
            low = m & LOW32
    return np.int64(m >> S32)
