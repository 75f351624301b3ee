"""The compiled simulation kernel: whole hands of Tonk for the built-in bot policies, in bulk.

The :class:`~tonk_rules.ruleset.Ruleset` is compiled once more into numeric tables
(:mod:`tonk_rules.kernel.tables`) and numba plays hands on them, action for action as the reference
engine does (a test plays both on the same decks). numba's machine code is cached on disk
(:mod:`tonk_rules.kernel.jit`), so only the first process ever compiles.

    >>> from tonk_rules import kernel
    >>> from tonk_rules.ruleset import compile_ruleset
    >>> from tonk_rules.variant.loader import load_variant
    >>> rules = compile_ruleset(load_variant("russian").variant)
    >>> batch = kernel.play_hands(rules, [("greedy", {"knock": 5}), ("random", {}), ("greedy", {})], 1000, seed=7)
    >>> len(batch), int(batch.net.sum())
    (1000, 0)
    >>> later = kernel.play_hands(rules, [("greedy", {"knock": 5}), ("random", {}), ("greedy", {})], 10, 7,
    ...                           first_hand=990)
    >>> bool((later.net == batch.net[990:]).all())
    True

If numba cannot be imported, :func:`play_hands` runs the reference engine instead (same results, slower)
after one line on stderr; :func:`rollout` needs numba.
"""

from __future__ import annotations

from tonk_rules.kernel.api import play_hands
from tonk_rules.kernel.batch import ENDINGS, HandBatch
from tonk_rules.kernel.jit import AVAILABLE
from tonk_rules.kernel.rollout import RolloutState, rollout, state_from_hand

__all__ = ["AVAILABLE", "ENDINGS", "HandBatch", "RolloutState", "play_hands", "rollout", "state_from_hand"]
