"""The search player's budget by sequential halving (``halving=1``): the budget in rounds, each round new samples
of the options still in, then the better half by mean gain over the fallback's choice stays in. Checked as an
option, refused where it cannot be searched or would silently void another option, and searched in the kernel:
the options that drop out are played on fewer samples than the ones that stay in."""

from __future__ import annotations

import pytest
from greedy_positions import greedy_positions

from tonk_rules import kernel
from tonk_rules.bots.montecarlo import MonteCarloBot
from tonk_rules.errors import BotSpecError

needs_numba = pytest.mark.skipif(not kernel.AVAILABLE, reason="the compiled search needs numba")


def test_the_option_is_checked_and_combines_with_neither_confirm_nor_extend() -> None:
    for bad in (-1, 2):
        with pytest.raises(BotSpecError):
            MonteCarloBot(halving=bad)
    with pytest.raises(BotSpecError, match="confirm or extend"):
        MonteCarloBot(halving=1, confirm=1)
    with pytest.raises(BotSpecError, match="confirm or extend"):
        MonteCarloBot(halving=1, extend=2)


@needs_numba
def test_the_python_search_refuses_it_rather_than_ignore_it() -> None:
    seed, obs, candidates = greedy_positions("pagat", 1)[0]
    with pytest.raises(BotSpecError, match="halving"):
        MonteCarloBot(rollouts=8, halving=1, seed=seed).decide(obs, candidates, kernel=False)


@needs_numba
def test_the_options_that_stay_in_are_played_on_more_samples() -> None:
    halved = 0
    for seed, obs, candidates in greedy_positions("russian", 10):
        totals, played = MonteCarloBot(rollouts=400, halving=1, seed=seed).decide(obs, candidates, kernel=True)
        assert played in candidates
        plain = MonteCarloBot(rollouts=400, seed=seed).decide(obs, candidates, kernel=True)[0]
        assert len(totals) == len(plain)
        if len(totals) >= 4:  # two rounds or more: some option dropped out after the first and stopped adding
            halved += 1
            # the first round's samples are the plain search's first ones: an option that dropped out holds
            # a first round's sum, which the plain search's bigger one does not equal in general
            assert totals != plain
    assert halved > 0


@needs_numba
def test_with_two_options_it_is_the_plain_search() -> None:
    # one round (ceil(log2 2) = 1) over both options with the whole budget: the plain search's samples exactly
    two = 0
    for seed, obs, candidates in greedy_positions("pagat", 40):
        if len(candidates) == 2:
            two += 1
            bot, plain = (MonteCarloBot(rollouts=40, switch=0, seed=seed, **kw) for kw in ({"halving": 1}, {}))
            assert bot.decide(obs, candidates, kernel=True) == plain.decide(obs, candidates, kernel=True)
            assert bot.seed == plain.seed
    assert two > 0
