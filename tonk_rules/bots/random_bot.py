"""``random``: a uniformly random legal action.

The legal actions are put in canonical order (:func:`~tonk_rules.engine.encoding.canonical`) and one is
picked with :class:`~tonk_rules.prng.SplitMix64`, so the compiled kernel makes the same choice from
the same seed whatever order the engine listed the actions in.

    >>> from tonk_rules.engine.actions import Draw, Knock
    >>> from tonk_rules.terms import Pile
    >>> RandomBot(seed=3).choose(None, [Draw(Pile.STOCK), Knock()])  # type: ignore[arg-type]
    Knock()
"""

from __future__ import annotations

from collections.abc import Sequence

from tonk_rules.bots.observation import Observation
from tonk_rules.engine.actions import Action
from tonk_rules.engine.encoding import canonical
from tonk_rules.prng import SplitMix64


class RandomBot:
    """Uniform over the distinct legal actions; ``seed`` starts its splitmix64 stream."""

    name = "random"

    def __init__(self, *, seed: int = 0) -> None:
        self.rng = SplitMix64(seed)

    def params(self) -> dict[str, int]:
        return {}

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        actions = canonical(legal)
        return actions[self.rng.below(len(actions))]
