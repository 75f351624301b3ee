"""The budget shared between decisions (``knock_x``, ``rest``): a decision where a knock is legal gets
``knock_x`` times the playouts, every other one ``rest`` percent of them. The compiled and the Python search
spend it alike, and it changes what is sampled only where it says."""

from __future__ import annotations

import pytest
from greedy_positions import decided_both_ways, greedy_positions
from kernel_helpers import needs_numba

from tonk_rules.bots.montecarlo import MonteCarloBot
from tonk_rules.errors import BotSpecError
from tonk_rules.kernel.search_budget_nb import budget


def test_the_budget_is_multiplied_where_a_knock_is_legal_and_cut_elsewhere() -> None:
    assert budget(100, True, 4, 50) == 400
    assert budget(100, False, 4, 50) == 50
    assert budget(100, False, 1, 1) == 1  # never below one playout
    assert budget(100, True, 1, 100) == budget(100, False, 1, 100) == 100  # the defaults: the same budget


def test_the_options_are_checked() -> None:
    for bad in ({"knock_x": 0}, {"knock_x": 17}, {"rest": 0}, {"rest": 101}):
        with pytest.raises(BotSpecError):
            MonteCarloBot(**bad)


@needs_numba
def test_knock_x_is_spent_alike_in_the_compiled_and_the_python_search_and_only_at_a_knock() -> None:
    changed = 0
    for seed, obs, candidates in greedy_positions("pagat", 6, knock=True):
        result, plain = decided_both_ways(seed, obs, candidates, knock_x=3)
        changed += result[0] != plain[0]
    assert changed > 0  # more samples: other totals
    for seed, obs, candidates in greedy_positions("pagat", 6, knock=False):  # no knock legal: the same search
        plain_bot, knock_bot = MonteCarloBot(rollouts=24, seed=seed), MonteCarloBot(rollouts=24, knock_x=3, seed=seed)
        assert knock_bot.decide(obs, candidates, kernel=True) == plain_bot.decide(obs, candidates, kernel=True)
        assert knock_bot.seed == plain_bot.seed


@needs_numba
def test_rest_is_spent_alike_in_the_compiled_and_the_python_search_and_only_away_from_a_knock() -> None:
    changed = 0
    for seed, obs, candidates in greedy_positions("russian", 6, knock=False):
        result, plain = decided_both_ways(seed, obs, candidates, rest=50)
        changed += result[0] != plain[0]
    assert changed > 0
    for seed, obs, candidates in greedy_positions("russian", 4, knock=True):
        plain_bot, cut_bot = MonteCarloBot(rollouts=24, seed=seed), MonteCarloBot(rollouts=24, rest=50, seed=seed)
        assert cut_bot.decide(obs, candidates, kernel=True) == plain_bot.decide(obs, candidates, kernel=True)
