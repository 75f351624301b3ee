"""``montecarlo``: a determinized Monte Carlo player that decides from its :class:`Observation` alone.

For each decision with more than one legal action it deals the cards it cannot see at random, consistently
with what it has seen (:mod:`tonk_rules.bots.montecarlo_view`: its own hand, the spreads, the discard pile
as the history shows it, the cards each player took from the pile and still holds), and plays every
candidate out on each such deal with ``greedy`` in every seat; it picks the candidate with the best summed
net (ties: the first in canonical order). Every candidate is played on the same deals (a paired
comparison). ``rollouts`` is the budget, the playouts per decision shared among the candidates;
``knock`` and ``patience`` are the playouts' greedy parameters (pass a variant's tuned ones).

    >>> bot = MonteCarloBot(rollouts=40, knock=1, seed=1)
    >>> bot.name, bot.params()
    ('montecarlo', {'rollouts': 40, 'knock': 1, 'patience': 30})

Where it searches: in the compiled kernel (:mod:`tonk_rules.kernel.search_nb`) when numba is installed;
a table with montecarlo seats is then played entirely there (:func:`tonk_rules.kernel.search.play_hands`),
and the same bot played through the reference engine makes the same choices from the same seed (the seed
starts its SplitMix64 stream, as a kernel seat's does). Without numba it samples identically in Python and
plays out on the reference engine (a test compares the two: the same totals for every candidate).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tonk_rules.bots.greedy import GreedyBot
from tonk_rules.bots.montecarlo_view import View, as_state, play_out, sample, view_of
from tonk_rules.bots.observation import Observation
from tonk_rules.engine.actions import Action
from tonk_rules.engine.encoding import action_key, canonical
from tonk_rules.errors import BotSpecError
from tonk_rules.kernel import AVAILABLE
from tonk_rules.kernel.rollout import encode
from tonk_rules.kernel.search import DEFAULT_ROLLOUTS, MONTECARLO_PARAMS, cached_tables, decide, montecarlo_params
from tonk_rules.prng import SplitMix64

__all__ = ["DEFAULT_ROLLOUTS", "MONTECARLO_PARAMS", "MonteCarloBot"]


class MonteCarloBot:
    """Determinized Monte Carlo with greedy playouts; ``rollouts`` playouts per decision."""

    name = "montecarlo"

    def __init__(self, *, rollouts: int = MONTECARLO_PARAMS["rollouts"].default,
                 knock: int = MONTECARLO_PARAMS["knock"].default,
                 patience: int = MONTECARLO_PARAMS["patience"].default, seed: int = 0) -> None:
        if not isinstance(rollouts, int) or isinstance(rollouts, bool) or rollouts < 1:
            raise BotSpecError(f"montecarlo: rollouts must be a whole number 1 or more, not {rollouts!r}")
        self._params = montecarlo_params({"rollouts": rollouts, "knock": knock, "patience": patience})
        self.rollouts = rollouts
        self.seed = seed % 2**64

    def params(self) -> dict[str, int]:
        return dict(self._params)

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        candidates = canonical(legal)
        if len(candidates) == 1:
            return candidates[0]
        totals = self.totals(obs, candidates, kernel=AVAILABLE)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def totals(self, obs: Observation, candidates: Sequence[Action], *, kernel: bool) -> list[int]:
        """Each candidate's summed net over this decision's samples (``kernel``: search in the kernel).

        Advances this bot's random stream as :meth:`choose` does; ``candidates`` must be the legal actions
        in canonical order.
        """
        view = view_of(obs)
        if kernel:
            return self._kernel_totals(obs, view, candidates)
        rng = SplitMix64(self.seed)
        policy = GreedyBot(knock=self._params["knock"], patience=self._params["patience"])
        totals = [0] * len(candidates)
        for _ in range(max(1, self.rollouts // len(candidates))):
            deal = sample(obs, view, rng)
            totals = [t + play_out(obs, view, deal, a, policy) for t, a in zip(totals, candidates, strict=True)]
        self.seed = rng.state
        return totals

    def _kernel_totals(self, obs: Observation, view: View, candidates: Sequence[Action]) -> list[int]:
        state = encode(cached_tables(obs.ruleset), as_state(obs, view))
        known = [_mask(held) for held in view.known]
        rng = np.array([self.seed], np.uint64)
        keys, totals = decide(obs.ruleset, state, known, _mask(view.discarded), rng, self._params)
        self.seed = int(rng[0])
        by_key = dict(zip(keys, totals, strict=True))
        return [by_key[action_key(a)] for a in candidates]


def _mask(cards: frozenset[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << int(c)
    return m
