"""The search player's belief from what the others did not do (``belief``): a sampled deal in which another
seat's drawn policy would knock now, though that seat played on without knocking, is kept with a chance of
``belief`` percent, else dealt again. Checked as an option, searched in the kernel only, and changing the
samples only where it is below 100."""

from __future__ import annotations

import numpy as np
import pytest
from greedy_positions import greedy_positions
from kernel_helpers import needs_numba

from tonk_rules.bots.montecarlo import MonteCarloBot
from tonk_rules.errors import BotSpecError
from tonk_rules.kernel import layout as L


def test_the_option_is_checked() -> None:
    for bad in (-1, 101):
        with pytest.raises(BotSpecError):
            MonteCarloBot(belief=bad)


@needs_numba
def test_the_python_search_refuses_it_rather_than_ignore_it() -> None:
    seed, obs, candidates = next(iter(greedy_positions("pagat", 1, knock=True)))
    with pytest.raises(BotSpecError, match="belief"):
        MonteCarloBot(rollouts=8, belief=20, seed=seed).decide(obs, candidates, kernel=False)


@needs_numba
def test_a_deal_is_believable_unless_a_seat_that_played_on_would_knock_with_it() -> None:
    from tonk_rules.kernel.api import compiled
    from tonk_rules.kernel.tables import tables_of
    from tonk_rules.ruleset.compile import load_ruleset

    packed = tables_of(load_ruleset("pagat")).packed()
    X = np.zeros(L.STATE_SIZE, np.int64)
    X[L.S_PLAYERS] = 3
    X[L.O_TURNS_TAKEN + 1] = 2
    policies = np.array([2, L.POLICY_GREEDY, L.POLICY_RANDOM], np.int64)
    knocks = np.zeros((3, L.PARAM_COLUMNS), np.int64)
    knocks[1, 0] = 5
    believable = compiled().believable
    X[L.O_COUNTS + 1] = 4
    assert not believable(X, 0, policies, knocks, packed)  # greedy knocks at 5 or less: it would have
    X[L.O_COUNTS + 1] = 6
    assert believable(X, 0, policies, knocks, packed)
    X[L.O_COUNTS + 1], X[L.O_TURNS_TAKEN + 1] = 4, 0
    assert believable(X, 0, policies, knocks, packed)  # it has not had a turn yet: nothing passed up
    X[L.O_COUNTS + 2], X[L.O_TURNS_TAKEN + 2] = 0, 3
    assert believable(X, 0, policies, knocks, packed)  # a random seat says nothing


@needs_numba
def test_it_changes_the_samples_only_below_100() -> None:
    changed = 0
    for seed, obs, candidates in greedy_positions("pagat", 6, knock=True):
        plain, full, low = (MonteCarloBot(rollouts=24, seed=seed, **kw) for kw in ({}, {"belief": 100}, {"belief": 0}))
        result = plain.decide(obs, candidates, kernel=True)
        assert full.decide(obs, candidates, kernel=True) == result
        changed += low.decide(obs, candidates, kernel=True)[0] != result[0]
    assert changed > 0
