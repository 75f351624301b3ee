"""The reshuffle permutation, exactly as the reference engine shuffles (old hand records must replay).

The engine turns the discard pile (bottom first, all but its top card) into the new stock with
``random.Random(f"{seed}:{n}").shuffle(pile)``; a shuffle's swaps depend only on the generator and the
pile's length, so the kernel asks Python for the permutation (reshuffles are rare) and applies it.

    >>> import random
    >>> pile = list("abcdef")
    >>> mine = [pile[i] for i in permutation(9, 1, len(pile))]
    >>> random.Random("9:1").shuffle(pile)
    >>> mine == pile
    True
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt


def permutation(seed: int, n: int, length: int) -> npt.NDArray[np.int64]:
    """``new[i] = old[perm[i]]`` for the ``n``-th reshuffle of a hand with reshuffle seed ``seed``."""
    perm = list(range(length))
    random.Random(f"{seed}:{n}").shuffle(perm)
    return np.array(perm, np.int64)
