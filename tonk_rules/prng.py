"""A small deterministic PRNG (splitmix64) that the bots and the compiled kernel share bit for bit.

Python's :mod:`random` cannot be reproduced inside the numba kernel, so every random choice a bot or a
simulated deal makes comes from this generator instead; ``tonk_rules.kernel`` has the same arithmetic in
compiled form and a test checks the two streams agree.

    >>> rng = SplitMix64(42)
    >>> rng.next_u64()
    13679457532755275413
    >>> rng.below(6)
    0
    >>> hand_seed(7, 0) != hand_seed(7, 1)
    True
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


def mix64(z: int) -> int:
    """The splitmix64 finaliser: a bijection of 64-bit integers that scrambles every bit."""
    z = ((z ^ (z >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return z ^ (z >> 31)


def hand_seed(seed: int, index: int) -> int:
    """The generator state of hand ``index`` of a run seeded ``seed``: independent of how runs are split."""
    return mix64((mix64((seed + GOLDEN) & MASK64) + index) & MASK64)


class SplitMix64:
    """splitmix64 (Steele, Lea, Flood 2014): 64 bits of state, one addition and a finaliser per number."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & MASK64

    def next_u64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK64
        return mix64(self.state)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` for ``1 <= n < 2**32``: Lemire's multiply-and-shift on the high 32
        bits, rejecting the few values that would bias it (a division only when rejection is possible)."""
        m = (self.next_u64() >> 32) * n
        low = m & 0xFFFFFFFF
        if low < n:
            threshold = ((1 << 32) - n) % n
            while low < threshold:
                m = (self.next_u64() >> 32) * n
                low = m & 0xFFFFFFFF
        return m >> 32
